import HiglintCore

/// One element of an XML document as the importer keeps it: name, attributes in document
/// order, where its start tag begins, its children and, for the few elements whose text
/// matters (`<string key="text">`), their text.
///
/// A class: the mapping passes elements around and looks into them far more than the
/// reader builds them, and a reference costs one count where a value would copy all its
/// fields. Only the reader writes one, while it parses; the tree stays on that thread.
final class XMLElement {
    let name: String
    let attributes: [(name: String, value: String)]
    /// The line and column of the start tag's `<`.
    let mark: Mark
    fileprivate(set) var children: [XMLElement] = []
    fileprivate(set) var text: String = ""

    init(name: String, attributes: [(name: String, value: String)], mark: Mark) {
        self.name = name
        self.attributes = attributes
        self.mark = mark
    }

    /// An attribute's value; elements have a handful, so a scan beats a table.
    subscript(_ attribute: String) -> String? {
        attributes.first { $0.name == attribute }?.value
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

    /// The reader's two writes, while it builds the tree.
    func append(_ child: XMLElement) { children.append(child) }
    func append(text more: String) { text += more }
}
