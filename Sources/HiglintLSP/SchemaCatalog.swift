import HiglintCore

/// One step from a map to what it holds: a key's value, or a list's item.
public enum PathStep: Sendable, Hashable {
    case key(String)
    case item
}

/// What the spec schema (`schema/screen-spec.schema.json`, compiled into the binary) says
/// about the keys of a spec: the one description of the format that hover and completion read.
public struct SchemaCatalog: Sendable {
    private let root: JSONValue

    /// The schema the binary was built with.
    public static let bundled = SchemaCatalog(PackageResources.screen_spec_schema_json)

    public init?(_ bytes: some Collection<UInt8>) {
        guard let root = JSONValue.parse(bytes), root.isObject else { return nil }
        self.root = root
    }

    /// The schema of what `path` leads to from the document's root, nil where the schema has nothing.
    func schema(at path: [PathStep]) -> JSONValue? {
        var current = root
        for step in path {
            guard let next = child(of: current, step) else { return nil }
            current = next
        }
        return current
    }

    /// `$ref`s followed, `allOf`'s first part taken for what it holds.
    private func resolved(_ schema: JSONValue, depth: Int = 0) -> [JSONValue] {
        guard depth < 16 else { return [] }
        var parts = [schema]
        if let reference = schema["$ref"]?.string, reference.hasPrefix("#/definitions/"),
           let target = root["definitions"]?[String(reference.dropFirst("#/definitions/".count))] {
            parts += resolved(target, depth: depth + 1)
        }
        for combined in ["allOf", "anyOf", "oneOf"] {
            for part in schema[combined]?.array ?? [] { parts += resolved(part, depth: depth + 1) }
        }
        return parts
    }

    private func child(of schema: JSONValue, _ step: PathStep) -> JSONValue? {
        for part in resolved(schema) {
            switch step {
            case .key(let name): if let found = part["properties"]?[name] { return found }
            case .item: if let found = part["items"], found.isObject { return found }
            }
        }
        return nil
    }

    /// The first description along the schema's references.
    func description(of schema: JSONValue) -> String? {
        resolved(schema).lazy.compactMap { $0["description"]?.string }.first
    }

    /// The words a value may be, or a list's items may be, in schema order.
    func allowedValues(of schema: JSONValue) -> [String] {
        var values: [String] = []
        var parts = resolved(schema)
        for part in parts { if let items = part["items"], items.isObject { parts += resolved(items) } }
        for part in parts {
            for value in part["enum"]?.array ?? [] {
                if let word = value.string, !values.contains(word) { values.append(word) }
            }
        }
        // A yes/no value's twelve spellings are one idea.
        if values.contains("yes"), values.contains("no"), parts.contains(where: { $0["type"]?.string == "boolean" }) {
            return ["true", "false"]
        }
        if parts.contains(where: { $0["type"]?.string == "boolean" }), values.isEmpty { return ["true", "false"] }
        return values
    }

    /// The keys the map at `path` takes, each with its description, in key order.
    public func keys(at path: [PathStep]) -> [(name: String, description: String?)] {
        guard let schema = schema(at: path) else { return [] }
        var seen = Set<String>()
        var keys: [(String, String?)] = []
        for part in resolved(schema) {
            for name in (part["properties"]?.object ?? [:]).keys.sorted() where seen.insert(name).inserted {
                keys.append((name, part["properties"]?[name].flatMap { description(of: $0) }))
            }
        }
        return keys
    }

    /// Hover text for the key at the end of `path`: its meaning and its allowed values.
    public func explanation(ofKeyAt path: [PathStep]) -> String? {
        guard case .key(let name) = path.last, let schema = schema(at: path) else { return nil }
        var text = "`\(name)`"
        if let description = description(of: schema) { text += ": \(description)" }
        let values = allowedValues(of: schema)
        if !values.isEmpty { text += "\n\nAllowed values: " + values.map { "`\($0)`" }.joined(separator: ", ") }
        return text
    }

    /// The allowed values of the key at the end of `path`.
    public func values(ofKeyAt path: [PathStep]) -> [String] {
        schema(at: path).map(allowedValues) ?? []
    }
}
