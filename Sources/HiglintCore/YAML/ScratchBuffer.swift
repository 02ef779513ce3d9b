/// A growable buffer of plain values that the loader fills and then copies out once
/// per document. Unlike an array it needs no uniqueness check on each append, and
/// its memory is reused from one document to the next.
final class ScratchBuffer<Element: BitwiseCopyable> {
    // Only the loader that owns the buffer touches it, on one thread.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "scratch index out of range")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count, "scratch index out of range")
            base[index] = newValue
        }
    }

    func append(_ value: Element) {
        if count == capacity { grow(toHold: count + 1) }
        (base + count).initialize(to: value)
        count += 1
    }

    func append(contentsOf values: UnsafeBufferPointer<Element>) {
        guard let source = values.baseAddress, !values.isEmpty else { return }
        if count + values.count > capacity { grow(toHold: count + values.count) }
        (base + count).initialize(from: source, count: values.count)
        count += values.count
    }

    /// The last value, for changing in place; nil when the buffer is empty.
    var lastPointer: UnsafeMutablePointer<Element>? {
        count > 0 ? base + (count - 1) : nil
    }

    func removeLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return base[count]
    }

    func removeAll() {
        count = 0
    }

    /// The values written so far, in an array of exactly their size.
    func makeArray() -> [Element] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: base, count: count))
    }

    private func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
