import HiglintCore

/// One element of an XML document as the importer keeps it: name, attributes in document
/// order, where its start tag begins, its children and, for the few elements whose text
/// matters (`<string key="text">`), their text.
struct XMLElement: Sendable {
    var name: String
    var attributes: [(name: String, value: String)]
    /// The line and column of the start tag's `<`.
    var mark: Mark
    var children: [XMLElement] = []
    var text: String = ""

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
}
