#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import HiglintCore
import XcodeAppFacts

/// The attributes the importer reads, so that a lookup compares one byte per attribute
/// instead of two strings. The reader gives each attribute its case once per name and
/// document (libxml2 hands it the same name pointer at every use).
enum IBAttribute: String, CaseIterable, Sendable {
    case adjustsFontForContentSizeCategory, ambiguous, badgeValue, catalog, constant, content, customClass
    case destination, editable, enabled, firstAttribute, firstItem, height, hidden, id, image
    case initialViewController, key, kind, launchScreen, misplaced, multiplier, name, navigationBarHidden
    case orientation, placeholder, placeholderIdentifier, placeholderIntrinsicHeight, placeholderIntrinsicWidth
    case pointSize, property, referencedIdentifier, relation, relationship, scrollDirection, secondItem, size
    case storyboardIdentifier, storyboardName, style, systemItem, targetRuntime, text, title, translucent, type
    case userInteractionEnabled, userLabel, weight, width, x, y
    case adjustsFontSizeToFit, minimumFontSize, minimumScaleFactor, selector, eventType, numberOfTapsRequired
    case priority, button, secondAttribute
    // Colours: components, their space, and the system or named colour they may be instead.
    case red, green, blue, alpha, white, colorSpace, customColorSpace, systemColor, cocoaTouchSystemColor
    case patternImage, buttonType, borderStyle
    // A user-defined runtime attribute (`overrideUserInterfaceStyle`), and whether a view clips.
    case keyPath, value, clipsSubviews
}

/// The element names the mapper looks for, so that finding one compares a byte instead of
/// two strings (a view's children are looked through by name several times over). The
/// reader gives each element its case, found once per name and document like an attribute's.
enum IBElement: String, CaseIterable, Sendable {
    case archive, attributedString, attributes, barButtonItem, button, buttonConfiguration, cells, collectionViewFlowLayout
    case connections, constraints, device, document, font, fontDescription, fragment, freeformSimulatedSizeMetrics
    case image, imageReference, imageView, items, leftBarButtonItems, navigationBar, navigationController
    case navigationItem, objects, outlet, placeholder, prototypes, rect, resources, rightBarButtonItems, scene
    case scenes, searchBar, sections, segmentedControl, segue, state, string, subviews, tabBar, tabBarController
    case tabBarItem, tableViewSection, textField, textView, toolbar, toolbarItems, view, viewControllerPlaceholder
    // The other views `IBVocabulary.viewKinds` names, so that a view's kind is found by its code.
    case activityIndicatorView, arscnView, collectionReusableView, collectionView, collectionViewCell
    case collectionViewCellContentView, containerView, datePicker, glkView, label, mapView, mtkView, pageControl
    case pickerView, progressView, sceneKitView, scrollView, skView, slider, stackView, stepper, `switch`, tableView
    case tableViewCell, tableViewCellContentView, tableViewHeaderFooterView, visualEffectView, webView, wkWebView
    // What makes a plain view act as a button, and a control's action.
    case accessibility, accessibilityTraits, tapGestureRecognizer, action, outletCollection
    // Colours, and the document's resources that name them.
    case color, systemColor, namedColor
    // User-defined runtime attributes: the appearance a view or controller is locked to.
    case userDefinedRuntimeAttributes, userDefinedRuntimeAttribute

    /// The case's place in `allCases` (a case of an enum without payloads is stored as that).
    var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }
}

/// A parsed XML document, kept as flat arrays: one node an element, in document order,
/// linked to its first child and next sibling; every attribute in one array, with its value
/// as bytes in one buffer, made a `String` only when the mapper reads it. An IB file has
/// thousands of elements; as objects each would cost allocations to build and a cascade of
/// releases to free, which took longer than parsing it.
///
/// Sendable because it is never written once the reader has returned it: a screen's element
/// notes read it later, on whichever thread asks.
final class XMLDocument: @unchecked Sendable {
    struct Node {
        /// Index into `names`.
        var name: Int32
        /// The name as an `IBElement`; nil when it is none of them.
        var code: IBElement?
        /// The node's attributes are `firstAttribute..<endAttribute` of `attributes` (two
        /// numbers, not a `Range`, which is not `BitwiseCopyable`).
        var firstAttribute: Int32
        var endAttribute: Int32
        var firstChild: Int32 = -1
        var nextSibling: Int32 = -1
        /// Where libxml2 was when it called back for the start tag: its line, and the offset
        /// just past the tag's attributes. The tag's own mark is worked out from these when it
        /// is asked for (`mark(of:)`): the mapper reads the marks of a fraction of the elements.
        var line: Int32
        var consumed: Int32
        /// Index into `texts`, or -1: only the few elements whose text matters keep one.
        var text: Int32 = -1

        var attributes: Range<Int32> { firstAttribute..<endAttribute }
    }

    struct Attribute {
        /// The name as an `IBAttribute`; nil when it is none of them.
        var code: IBAttribute?
        /// Index into `names`.
        var name: Int32
        var start: Int32
        var end: Int32
    }

    /// Every element, in document order; written only while the reader builds the document.
    let nodes: PlainStore<Node>
    /// Every element's attributes, in document order.
    let attributes: PlainStore<Attribute>
    /// Attribute values, decoded (`&amp;` is `&`), one after another.
    private let values: ValueBytes
    /// The document's bytes, for the marks worked out on demand (the array is shared, not copied).
    private let source: [UInt8]
    @exclusivity(unchecked) private(set) var texts: [String] = []
    /// Element and attribute names, each once.
    @exclusivity(unchecked) private(set) var names: [String] = []
    /// The open elements while building, and the last child each has so far.
    private let open = PlainStore<OpenElement>(capacity: 64)

    struct OpenElement {
        var node: Int32
        var lastChild: Int32
    }

    var root: XMLElement? { nodes.isEmpty ? nil : XMLElement(document: self, index: 0) }

    /// Room for a document of `bytes` bytes: IB files hold an element every 60 bytes or so,
    /// and about six bytes of kept attribute values an element.
    init(source: [UInt8]) {
        self.source = source
        let bytes = source.count
        nodes = PlainStore(capacity: bytes / 60)
        attributes = PlainStore(capacity: bytes / 40)
        values = ValueBytes(capacity: bytes / 8)
    }

    /// The line and column of the start tag's `<` of the node at `index`.
    func mark(of index: Int) -> Mark {
        let node = nodes[index]
        return source.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return .start }
            return Self.startTagMark(base, consumed: min(Int(node.consumed), buffer.count), line: Int(node.line))
        }
    }

    /// Where the start tag that ends before `consumed` begins, libxml2's parser being on `line`
    /// there. A start tag cannot hold a raw `<` (attribute values escape it), so the last `<`
    /// before `consumed` is the tag's; each newline between the two is a line the tag spans.
    /// The bytes are searched many at a time (and forward with `memchr`): a view's start tag is
    /// a few hundred bytes, and looking at them eight at a time for either byte cost 11 M
    /// instructions on the bench's IB corpus.
    static func startTagMark(_ base: UnsafePointer<UInt8>, consumed: Int, line: Int) -> Mark {
        guard consumed > 0 else { return Mark(line: line, column: 1) }
        // Index 0 stands for the start when no byte after it is a `<`.
        let tag = lastIndex(of: UInt8(ascii: "<"), in: base, from: 1, to: consumed) ?? 0
        var newlinesInside = 0
        var next = tag + 1
        while next < consumed, let newline = memchr(base + next, Int32(UInt8(ascii: "\n")), consumed - next) {
            newlinesInside += 1
            next = UnsafeRawPointer(newline) - UnsafeRawPointer(base) + 1
        }
        let start = lastIndex(of: UInt8(ascii: "\n"), in: base, from: 0, to: tag).map { $0 + 1 } ?? 0
        // Columns count characters, as the YAML loader's do: UTF-8 continuation bytes are not characters.
        let column = 1 + SAXReader.characterCount(base, from: start, to: tag)
        return Mark(line: max(1, line - newlinesInside), column: column, offset: tag)
    }

    /// The index of the last `byte` in `base[from..<to]`: sixteen bytes compared at once, and
    /// the sixteen that hold it byte by byte. (Wider steps measured no better: a `SIMD64` ran
    /// lane by lane, two `SIMD16`s a step cost more than they saved.)
    static func lastIndex(of byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        let pattern = SIMD16<UInt8>(repeating: byte)
        var end = to
        while end - from >= 16 {
            let chunk = UnsafeRawPointer(base + end - 16).loadUnaligned(as: SIMD16<UInt8>.self)
            if any(chunk .== pattern) { break }
            end -= 16
        }
        var index = end - 1
        while index >= from {
            if base[index] == byte { return index }
            index -= 1
        }
        return nil
    }

    /// A name's index, for `start` and `addAttribute`.
    func addName(_ name: String) -> Int32 {
        names.append(name)
        return Int32(names.count - 1)
    }

    /// The reader's writes, in document order: an element's attributes, then the element.
    /// `value` is the attribute's value as it is kept (decoded).
    @inline(__always)
    func addAttribute(code: IBAttribute?, name: Int32, value: UnsafeBufferPointer<UInt8>) {
        let start = Int32(values.count)
        values.append(value)
        attributes.append(Attribute(code: code, name: name, start: start, end: Int32(values.count)))
    }

    /// Starts an element whose attributes are the ones added since `firstAttribute`.
    /// `line` and `consumed` are where libxml2 was when it called back (`Node`).
    func start(_ name: Int32, code: IBElement?, line: Int32, consumed: Int32, firstAttribute: Int) {
        let index = Int32(nodes.count)
        nodes.append(Node(
            name: name, code: code, firstAttribute: Int32(firstAttribute), endAttribute: Int32(attributes.count), line: line,
            consumed: consumed))
        if !open.isEmpty {
            let parent = open[open.count - 1]
            if parent.lastChild >= 0 {
                nodes[Int(parent.lastChild)].nextSibling = index
            } else {
                nodes[Int(parent.node)].firstChild = index
            }
            open[open.count - 1].lastChild = index
        }
        open.append(OpenElement(node: index, lastChild: -1))
    }

    func end() {
        if !open.isEmpty { open.removeLast() }
    }

    func append(text: String) {
        guard !open.isEmpty else { return }
        let current = open[open.count - 1].node
        let slot = nodes[Int(current)].text
        if slot < 0 {
            nodes[Int(current)].text = Int32(texts.count)
            texts.append(text)
        } else {
            texts[Int(slot)] += text
        }
    }

    var openCount: Int { open.count }
    var attributeCount: Int { attributes.count }

    /// The value of the attribute at `position` of `attributes`.
    func value(at position: Int) -> String {
        let attribute = attributes[position]
        return values.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(attribute.start)..<Int(attribute.end)]), as: UTF8.self)
        }
    }

    /// Appends the value at `position` as `LineText.escape` writes it; its bytes as they are
    /// when none can need an escape (no control byte, DEL, or lead byte of C1 or U+2028-206F).
    func appendLineText(at position: Int, to out: inout [UInt8]) {
        let attribute = attributes[position]
        let plain: Bool = values.withUnsafeBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(rebasing: buffer[Int(attribute.start)..<Int(attribute.end)])
            guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if !plain { out.append(contentsOf: LineText.escape(value(at: position)).utf8) }
    }

    /// Whether the value at `position` and `other`'s at `otherPosition` are the same bytes,
    /// and whether both are ASCII.
    func bytesCompared(at position: Int, with otherPosition: Int, in other: XMLDocument) -> (equal: Bool, ascii: Bool) {
        let mine = attributes[position]
        let theirs = other.attributes[otherPosition]
        return values.withUnsafeBufferPointer { buffer in
            other.values.withUnsafeBufferPointer { otherBuffer in
                let left = UnsafeBufferPointer(rebasing: buffer[Int(mine.start)..<Int(mine.end)])
                let right = UnsafeBufferPointer(rebasing: otherBuffer[Int(theirs.start)..<Int(theirs.end)])
                let ascii = left.allSatisfy { $0 < 0x80 } && right.allSatisfy { $0 < 0x80 }
                return (left.elementsEqual(right), ascii)
            }
        }
    }

    /// Whether the value at `position` holds `text` (ASCII); nil when the value is not ASCII,
    /// where a byte search could disagree with a search by characters.
    func value(at position: Int, containsASCII text: StaticString) -> Bool? {
        let attribute = attributes[position]
        return values.withUnsafeBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(rebasing: buffer[Int(attribute.start)..<Int(attribute.end)])
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            let wanted = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
            guard let first = wanted.first else { return true }
            guard bytes.count >= wanted.count else { return false }
            for start in 0...(bytes.count - wanted.count) where bytes[start] == first {
                if bytes[start..<(start + wanted.count)].elementsEqual(wanted) { return true }
            }
            return false
        }
    }

    /// Whether the value at `position` is exactly these bytes.
    func value(at position: Int, equals text: StaticString) -> Bool {
        let attribute = attributes[position]
        let count = Int(attribute.end - attribute.start)
        guard count == text.utf8CodeUnitCount else { return false }
        return values.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return count == 0 }
            return memcmp(base + Int(attribute.start), text.utf8Start, count) == 0
        }
    }

    /// The value at `position` as a number: plain decimals (`-12.5`, 15 digits at most) are
    /// read exactly here, as one correctly rounded division; anything else by `Double(_:)`.
    func number(at position: Int) -> Double? {
        let attribute = attributes[position]
        if let plain = values.plainDecimal(from: Int(attribute.start), to: Int(attribute.end)) { return plain }
        guard let value = Double(value(at: position)), value.isFinite else { return nil }
        return value
    }

    /// `base[start..<end]` as a plain decimal, nil when it is not one. A frame's numbers are a
    /// few bytes each, and reading them through a closure over the buffer, with a table of
    /// powers of ten behind a lazy global, cost 280 instructions a number.
    static func plainDecimal(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Double? {
        guard start < end else { return nil }
        var index = start
        let negative = base[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var point = -1
        while index < end {
            let byte = base[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                // Wrapping: past 15 digits the value is left to `Double(_:)` below.
                mantissa = mantissa &* 10 &+ Int64(digit)
                digits += 1
            } else if byte == UInt8(ascii: "."), point < 0 {
                point = index
            } else {
                return nil
            }
            index += 1
        }
        // "", "-", "." and "5." are left to `Double(_:)`, which decides what they are.
        guard digits > 0, digits <= 15, point != end - 1, base[start] != UInt8(ascii: ".") else { return nil }
        // Both are exact doubles (mantissa < 2^53, 10^k for k <= 15), so the quotient is the
        // correctly rounded value of the decimal, as `Double(_:)` gives it.
        var scale = 1.0
        if point >= 0 {
            for _ in 0..<(end - 1 - point) { scale *= 10 }
        }
        let value = Double(mantissa) / scale
        return negative ? -value : value
    }
}

/// Plain values (no references) appended by the reader and read once it has returned, in
/// memory of their own: an `Array` in a class property cost about 70 instructions an append
/// (the uniqueness check, the capacity check, the store through the property), and every read
/// retained and released the array's buffer: the mapper's reads of the nodes made a million of
/// those pairs on the bench's IB corpus. Plain values, so the memory needs no deinitializing.
final class PlainStore<Item: BitwiseCopyable> {
    private var base: UnsafeMutablePointer<Item>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    func append(_ item: Item) {
        if count == capacity { grow() }
        (base + count).initialize(to: item)
        count += 1
    }

    func removeLast() {
        precondition(count > 0, "removeLast of an empty store")
        count -= 1
    }

    @inline(never)
    private func grow() {
        let larger = UnsafeMutablePointer<Item>.allocate(capacity: capacity * 2)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// Checked like an array's subscript: positions come from the nodes' links and ranges, but
    /// a wrong one must stop the process, not read another document's memory.
    subscript(position: Int) -> Item {
        get {
            precondition(position >= 0 && position < count, "store position out of range")
            return base[position]
        }
        set {
            precondition(position >= 0 && position < count, "store position out of range")
            base[position] = newValue
        }
    }
}

/// Bytes appended one run after another, in memory of their own: a document's attribute
/// values are a few bytes each, and `[UInt8].append(contentsOf:)` cost several times the
/// `memcpy` that copying one takes. Written only by the reader, read once it has returned.
final class ValueBytes {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Inlined into the reader's attribute loop, with growing (rare: the buffer starts at an
    /// eighth of the file) out of line.
    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(never)
    private func grow(toHold needed: Int) {
        var grown = capacity * 2
        while grown < needed { grown *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }

    /// The bytes `start..<end` as a plain decimal (`XMLDocument.plainDecimal`), read in place.
    func plainDecimal(from start: Int, to end: Int) -> Double? {
        precondition(start >= 0 && start <= end && end <= count, "value range out of bounds")
        return XMLDocument.plainDecimal(base, from: start, to: end)
    }

    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}

/// One element of a document: name, attributes in document order, where its start tag
/// begins, its children and, for the few elements whose text matters (`<string key="text">`),
/// their text. A position in its document, so passing one around copies nothing.
struct XMLElement: Sendable {
    let document: XMLDocument
    let index: Int

    var name: String { document.names[Int(document.nodes[index].name)] }
    var mark: Mark { document.mark(of: index) }
    var text: String {
        let slot = document.nodes[index].text
        return slot < 0 ? "" : document.texts[Int(slot)]
    }
    var children: XMLChildren { XMLChildren(document: document, first: Int(document.nodes[index].firstChild)) }

    /// Whether the element's name is `name`.
    func isNamed(_ name: String) -> Bool { self.name == name }

    /// The element's name as an `IBElement`, nil when it is none of them.
    var code: IBElement? { document.nodes[index].code }

    /// Whether the element's name is `name`, without making its name a string.
    func isNamed(_ name: IBElement) -> Bool { document.nodes[index].code == name }

    private func position(of attribute: IBAttribute) -> Int? { document.position(of: attribute, inNode: index) }

    /// An attribute's value; elements have a handful, so a scan beats a table.
    subscript(_ attribute: IBAttribute) -> String? {
        position(of: attribute).map { document.value(at: $0) }
    }

    /// An attribute by any name (what a reader without the importer's filter keeps).
    subscript(_ attribute: String) -> String? {
        for position in document.nodes[index].attributes
        where document.names[Int(document.attributes[Int(position)].name)] == attribute {
            return document.value(at: Int(position))
        }
        return nil
    }

    func has(_ attribute: IBAttribute) -> Bool { position(of: attribute) != nil }

    /// Appends the attribute's value as `LineText.escape` writes it; false when it is absent.
    func appendLineText(_ attribute: IBAttribute, to out: inout [UInt8]) -> Bool {
        guard let position = position(of: attribute) else { return false }
        document.appendLineText(at: position, to: &out)
        return true
    }

    /// Whether the attribute is there and is exactly `text`: `self[attribute] == text` without
    /// making a string, for the comparisons the mapper makes on every view.
    func attribute(_ attribute: IBAttribute, is text: StaticString) -> Bool {
        position(of: attribute).map { document.value(at: $0, equals: text) } ?? false
    }

    /// `self[attribute] == other[otherAttribute]`, by the values' bytes when they are the same
    /// bytes or both ASCII (where equal strings are equal bytes), as strings otherwise.
    func sameValue(_ attribute: IBAttribute, as otherAttribute: IBAttribute, of other: XMLElement) -> Bool {
        switch (position(of: attribute), other.position(of: otherAttribute)) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case (let mine?, let theirs?):
            let bytes = document.bytesCompared(at: mine, with: theirs, in: other.document)
            if bytes.equal { return true }
            if bytes.ascii { return false }
            return document.value(at: mine) == other.document.value(at: theirs)
        }
    }

    /// Whether the attribute is there and holds `text`: `self[attribute]?.containsText(text)`,
    /// by the value's bytes when they are ASCII, without making a string and two arrays
    /// (3,000 instructions a document for its `type`).
    func attribute(_ attribute: IBAttribute, contains text: StaticString) -> Bool {
        guard let position = position(of: attribute) else { return false }
        return document.value(at: position, containsASCII: text) ?? document.value(at: position).containsText("\(text)")
    }

    /// `attribute="YES"`.
    func flag(_ attribute: IBAttribute) -> Bool {
        position(of: attribute).map { document.value(at: $0, equals: "YES") } ?? false
    }

    func number(_ attribute: IBAttribute) -> Double? {
        position(of: attribute).flatMap { document.number(at: $0) }
    }

    /// The first child with this name (and `key`, when given).
    func child(_ name: String, key: StaticString? = nil) -> XMLElement? {
        children.first { child in child.name == name && (key.map { child.attribute(.key, is: $0) } ?? true) }
    }

    func children(_ name: String) -> [XMLElement] {
        children.filter { $0.name == name }
    }

    /// The first child with this name (and `key`, when given), by the names' codes.
    func child(_ name: IBElement, key: StaticString? = nil) -> XMLElement? {
        document.firstChild(of: index, named: name, key: key).map { XMLElement(document: document, index: $0) }
    }

    /// The first child whose `key` is `key`, whatever its name.
    func child(key: StaticString) -> XMLElement? {
        document.firstChild(of: index, named: nil, key: key).map { XMLElement(document: document, index: $0) }
    }

    func children(_ name: IBElement) -> [XMLElement] {
        var found: [XMLElement] = []
        var position = Int(document.nodes[index].firstChild)
        while position >= 0 {
            if document.nodes[position].code == name { found.append(XMLElement(document: document, index: position)) }
            position = Int(document.nodes[position].nextSibling)
        }
        return found
    }

    /// Whether a child has this name.
    func hasChild(_ name: IBElement) -> Bool { document.firstChild(of: index, named: name, key: nil) != nil }
}

extension XMLDocument {
    /// Where the attribute of the node at `node` is in `attributes`; elements have a handful,
    /// so a scan beats a table.
    func position(of attribute: IBAttribute, inNode node: Int) -> Int? {
        let code: IBAttribute? = attribute
        let current = nodes[node]
        var position = Int(current.firstAttribute)
        let end = Int(current.endAttribute)
        while position < end {
            if attributes[position].code == code { return position }
            position += 1
        }
        return nil
    }

    /// The index of the first child of the node at `node` with this name (any name for nil) and
    /// `key`, when given. Walked by index: an `XMLElement` for each child passed over, as the
    /// sequence's `first(where:)` made, cost a retain and a release of the document, and the
    /// mapper looks through a view's children a dozen times.
    func firstChild(of node: Int, named name: IBElement?, key: StaticString?) -> Int? {
        var position = Int(nodes[node].firstChild)
        while position >= 0 {
            let child = nodes[position]
            if name == nil || child.code == name, key.map({ hasKey(position, $0) }) ?? true { return position }
            position = Int(child.nextSibling)
        }
        return nil
    }

    private func hasKey(_ node: Int, _ key: StaticString) -> Bool {
        position(of: .key, inNode: node).map { value(at: $0, equals: key) } ?? false
    }
}

/// An element's children, walked through the sibling links without building an array.
struct XMLChildren: Sequence {
    let document: XMLDocument
    let first: Int

    var isEmpty: Bool { first < 0 }

    struct Iterator: IteratorProtocol {
        let document: XMLDocument
        var position: Int

        mutating func next() -> XMLElement? {
            guard position >= 0 else { return nil }
            let element = XMLElement(document: document, index: position)
            position = Int(document.nodes[position].nextSibling)
            return element
        }
    }

    func makeIterator() -> Iterator { Iterator(document: document, position: first) }
}
