import HiglintCore

/// A parsed XML document, kept as flat arrays: one node an element, in document order,
/// linked to its first child and next sibling, and every attribute in one array. An IB file
/// has thousands of elements; as objects each would cost allocations to build and a cascade
/// of releases to free, which took longer than parsing it.
final class XMLDocument {
    struct Node {
        var name: String
        /// The line and column of the start tag's `<`.
        var mark: Mark
        var attributes: Range<Int>
        var firstChild = -1
        var nextSibling = -1
        var text = ""
    }

    // Written only while the reader builds the document, on its thread.
    @exclusivity(unchecked) private(set) var nodes: [Node] = []
    @exclusivity(unchecked) private(set) var attributes: [(name: String, value: String)] = []
    /// The open elements while building, and the last child each has so far.
    @exclusivity(unchecked) private var open: [(node: Int, lastChild: Int)] = []

    var root: XMLElement? { nodes.isEmpty ? nil : XMLElement(document: self, index: 0) }

    /// Room for a document of `bytes` bytes: IB files hold an element every 60 bytes or so.
    init(bytes: Int) {
        nodes.reserveCapacity(bytes / 60)
        attributes.reserveCapacity(bytes / 30)
    }

    /// The reader's writes, in document order: an element's attributes, then the element.
    func addAttribute(_ name: String, _ value: String) {
        attributes.append((name, value))
    }

    /// Starts an element whose attributes are the ones added since `firstAttribute`.
    func start(_ name: String, mark: Mark, firstAttribute: Int) {
        let index = nodes.count
        nodes.append(Node(name: name, mark: mark, attributes: firstAttribute..<attributes.count))
        if let parent = open.last {
            if parent.lastChild >= 0 {
                nodes[parent.lastChild].nextSibling = index
            } else {
                nodes[parent.node].firstChild = index
            }
            open[open.count - 1].lastChild = index
        }
        open.append((index, -1))
    }

    func end() {
        _ = open.popLast()
    }

    func append(text: String) {
        guard let current = open.last?.node else { return }
        nodes[current].text += text
    }

    var openCount: Int { open.count }
    var attributeCount: Int { attributes.count }
}

/// One element of a document: name, attributes in document order, where its start tag
/// begins, its children and, for the few elements whose text matters (`<string key="text">`),
/// their text. A position in its document, so passing one around copies nothing.
struct XMLElement {
    let document: XMLDocument
    let index: Int

    var name: String { document.nodes[index].name }
    var mark: Mark { document.nodes[index].mark }
    var text: String { document.nodes[index].text }
    var children: XMLChildren { XMLChildren(document: document, first: document.nodes[index].firstChild) }

    /// An attribute's value; elements have a handful, so a scan beats a table.
    subscript(_ attribute: String) -> String? {
        for position in document.nodes[index].attributes where document.attributes[position].name == attribute {
            return document.attributes[position].value
        }
        return nil
    }

    func flag(_ attribute: String) -> Bool { self[attribute] == "YES" }

    func number(_ attribute: String) -> Double? {
        guard let text = self[attribute], let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// The first child with this name (and `key`, when given).
    func child(_ name: String, key: String? = nil) -> XMLElement? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    func children(_ name: String) -> [XMLElement] {
        children.filter { $0.name == name }
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
            position = document.nodes[position].nextSibling
            return element
        }
    }

    func makeIterator() -> Iterator { Iterator(document: document, position: first) }
}
