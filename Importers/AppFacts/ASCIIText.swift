extension StringProtocol {
    /// `contains(_:)`, by bytes when both texts are ASCII (where every byte is a character of
    /// its own, so the answers agree); the standard library's search costs about ten thousand
    /// instructions a call, and build settings and documents ask it for every key.
    public func containsText(_ needle: String) -> Bool {
        let haystack = utf8
        guard haystack.allSatisfy({ $0 < 0x80 }), needle.utf8.allSatisfy({ $0 < 0x80 }) else { return contains(needle) }
        let wanted = Array(needle.utf8)
        guard let first = wanted.first else { return true }
        let text = Array(haystack)
        guard text.count >= wanted.count else { return false }
        for start in 0...(text.count - wanted.count) where text[start] == first {
            if text[start..<(start + wanted.count)].elementsEqual(wanted) { return true }
        }
        return false
    }
}
