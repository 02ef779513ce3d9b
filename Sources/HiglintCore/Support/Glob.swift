/// A shell-style pattern over `/`-separated relative paths: `*` and `?` stay
/// within one path component, `**` spans any number of them. A pattern with no
/// `/` matches a file's name anywhere, as in `.gitignore`.
public struct Glob: Sendable, Hashable {
    public let pattern: String
    private let parts: [String]
    private let matchesNameOnly: Bool

    public init(_ pattern: String) {
        var trimmed = pattern
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        if trimmed.hasSuffix("/") { trimmed += "**" }
        self.pattern = pattern
        self.matchesNameOnly = !trimmed.contains("/")
        self.parts = trimmed.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    public func matches(_ relativePath: String) -> Bool {
        let components = relativePath.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if matchesNameOnly {
            return components.contains { Self.matchComponent(Array(parts.first?.utf8 ?? "".utf8), Array($0.utf8)) }
        }
        return Self.match(parts[...], components[...])
    }

    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            var remaining = path
            while true {
                if match(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let component = path.first, matchComponent(Array(first.utf8), Array(component.utf8)) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// `*` and `?` within one component, by iterative backtracking (no exponential blow-up).
    static func matchComponent(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
        var p = 0
        var t = 0
        var starP = -1
        var starT = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "?") || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                starP = p
                starT = t
                p += 1
            } else if starP >= 0 {
                p = starP + 1
                starT += 1
                t = starT
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}
