/// Every threshold a set of rules declares, once per key.
///
/// Plugins cannot import each other, so two rules of different plugins that read one
/// number each declare it; the declarations must then agree in every part. A
/// disagreement is listed in `conflicts` (the catalog test fails on any) and the
/// first declaration, in rule order, is the one the config and the docs use.
public struct ThresholdCatalog: Sendable {
    public struct Entry: Sendable {
        public var declaration: ThresholdDeclaration
        /// The ids of the rules that read it, in rule order.
        public var rules: [String]
    }

    /// One rule's declaration of a threshold.
    public struct Claim: Sendable, Equatable {
        public var rule: String
        public var declaration: ThresholdDeclaration
    }

    /// Two declarations of one key that differ.
    public struct Conflict: Sendable, Equatable, CustomStringConvertible {
        public var first: Claim
        public var second: Claim

        public var description: String {
            "threshold \"\(first.declaration.key)\" is declared by \(first.rule) as \(Self.spell(first.declaration))"
                + " and by \(second.rule) as \(Self.spell(second.declaration))"
        }

        private static func spell(_ declaration: ThresholdDeclaration) -> String {
            "a \(declaration.defaultValue.kind) of \(declaration.unit), \(declaration.defaultValue) by default, meaning \"\(declaration.meaning)\""
        }
    }

    /// In the order the rules first declare them.
    public private(set) var entries: [Entry] = []
    public private(set) var conflicts: [Conflict] = []
    private var index: [String: Int] = [:]

    public init(rules: [RuleDescription]) {
        rules.forEach { add($0) }
    }

    /// This catalog with the thresholds of more rules (the config's custom rules) after its own.
    public func adding(_ rules: [RuleDescription]) -> ThresholdCatalog {
        var catalog = self
        rules.forEach { catalog.add($0) }
        return catalog
    }

    private mutating func add(_ rule: RuleDescription) {
        for declaration in rule.thresholds {
            guard let position = index[declaration.key] else {
                index[declaration.key] = entries.count
                entries.append(Entry(declaration: declaration, rules: [rule.id]))
                continue
            }
            if entries[position].rules.last != rule.id { entries[position].rules.append(rule.id) }
            let first = entries[position]
            if first.declaration != declaration {
                conflicts.append(Conflict(
                    first: Claim(rule: first.rules[0], declaration: first.declaration),
                    second: Claim(rule: rule.id, declaration: declaration)))
            }
        }
    }

    /// The catalog of every rule: the core's and these plugins'.
    public init(plugins: [Plugin]) {
        self.init(rules: CoreRules.descriptions(with: plugins))
    }

    public var keys: [String] { entries.map(\.declaration.key) }

    public func declaration(forKey key: String) -> ThresholdDeclaration? {
        index[key].map { entries[$0].declaration }
    }
}
