/// Reads the config's `custom_rules:` map. Every mistake is a config error at its
/// position: a rule that does not say exactly what it checks must not run.
struct CustomRuleReader {
    enum RuleField: String, SpecField {
        case severity, summary, rationale, hint, message, require, thresholds
        case selector = "where"
        case screenSelector = "screen_where"
    }

    enum ThresholdField: String, SpecField {
        case meaning, unit
        case defaultValue = "default"
    }

    enum ConditionField: String, SpecField {
        case equals, not, present, min, max, matches
        case isIn = "in"
        case notIn = "not_in"
    }

    /// Prefixes a house rule may not take: the built-in plugins', the core's, the host's
    /// `plugin.failed`, and the external plugins' (whose rules their processes declare).
    let reservedPrefixes: Set<String>
    /// The built-in rules' thresholds, which `min` and `max` may name and a custom rule may not redeclare otherwise.
    let thresholds: ThresholdCatalog

    /// Thresholds declared by the custom rules read so far, with the rule that declared each.
    private var declared: [String: (declaration: ThresholdDeclaration, rule: String)] = [:]

    init(reservedPrefixes: Set<String>, thresholds: ThresholdCatalog) {
        self.reservedPrefixes = reservedPrefixes
        self.thresholds = thresholds
    }

    mutating func read(_ node: Node, _ reader: inout NodeReader) -> [CustomRule] {
        let document = reader.document
        guard document.kind(node) == .mapping else {
            if !document.isNull(node) {
                reader.schema("custom_rules", "expected a map of rule id to rule, found \(document.kindDescription(node))",
                              at: document.start(node))
            }
            return []
        }
        var rules: [CustomRule] = []
        for entry in document.entries(node) {
            guard let id = document.scalar(entry.key), document.kind(entry.key) == .scalar else {
                reader.schema("custom_rules", "rule ids must be plain text, found \(document.kindDescription(entry.key))",
                              at: document.start(entry.key))
                continue
            }
            guard checkID(id, at: document.start(entry.key), &reader) else { continue }
            if let rule = readRule(id: id, entry.value, &reader) { rules.append(rule) }
        }
        return rules
    }

    private func checkID(_ id: String, at mark: Mark, _ reader: inout NodeReader) -> Bool {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty }),
              id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") })
        else {
            reader.schema("custom_rules", "rule id \(quoted(id)) must be PREFIX.NAME (letters, digits, - and _), like house.primary-height",
                          at: mark)
            return false
        }
        let prefix = String(parts[0])
        if reservedPrefixes.contains(prefix) {
            reader.schema("custom_rules", "rule id \(quoted(id)): the prefix \(quoted(prefix)) belongs to a plugin; give house rules a prefix of their own",
                          at: mark)
            return false
        }
        return true
    }

    private mutating func readRule(id: String, _ node: Node, _ reader: inout NodeReader) -> CustomRule? {
        let path = "custom_rules.\(id)"
        // Its own thresholds first, wherever written, so that `min` and `max` can name them.
        var own: [ThresholdDeclaration] = []
        if reader.kind(node) == .mapping,
           let entry = reader.document.entries(node).first(where: { reader.document.scalar($0.key) == RuleField.thresholds.rawValue }) {
            own = declareThresholds(entry.value, "\(path).thresholds", rule: id, &reader)
        }
        var read = Set(own.map(\.key))
        var thresholds = own
        var severity = Severity.warning
        var summary: String?
        var rationale = ""
        var hint = ""
        var messageText: String?
        var messageMark = reader.start(node)
        var screenSelector: [Clause<ScreenProperty>] = []
        var selector: [Clause<ElementProperty>] = []
        var requirements: [Clause<ElementProperty>]?
        let issuesBefore = reader.issues.count
        reader.fields(of: node, path: path, known: FieldSet<RuleField>()) { reader, field, value in
            let fieldPath = "\(path).\(field.rawValue)"
            switch field {
            case .severity: severity = reader.choice(value, fieldPath, Severity.self) ?? severity
            case .summary: summary = reader.string(value, fieldPath)
            case .rationale: rationale = reader.string(value, fieldPath) ?? ""
            case .hint: hint = reader.string(value, fieldPath) ?? ""
            case .message:
                messageText = reader.string(value, fieldPath)
                messageMark = reader.start(value)
            case .thresholds: break
            case .selector: selector = clauses(value, fieldPath, ElementProperty.self, own, &reader)
            case .screenSelector: screenSelector = clauses(value, fieldPath, ScreenProperty.self, own, &reader)
            case .require: requirements = clauses(value, fieldPath, ElementProperty.self, own, &reader)
            }
        }
        // The built-in thresholds it reads are declared by it too, so that `explain` shows them.
        for clause in selector + (requirements ?? []) {
            for condition in clause.conditions {
                switch condition {
                case .minimum(.threshold(let declaration)), .maximum(.threshold(let declaration)):
                    if read.insert(declaration.key).inserted { thresholds.append(declaration) }
                default: break
                }
            }
        }
        guard reader.issues.count == issuesBefore else { return nil }
        guard let summary = summary?.nonBlank else {
            reader.schema(path, "a custom rule needs a `summary:` (one line: what it finds)", at: reader.start(node))
            return nil
        }
        guard let requirements, !requirements.isEmpty else {
            reader.schema(path, "a custom rule needs a `require:` map (what every selected element must satisfy)",
                          at: reader.start(node))
            return nil
        }
        let message: MessageTemplate
        switch MessageTemplate.parse(messageText ?? summary) {
        case .success(let parsed): message = parsed
        case .failure(let problem):
            reader.schema("\(path).message", problem.description, at: messageMark)
            return nil
        }
        let description = RuleDescription(
            id: id, severity: severity, summary: summary, rationale: rationale, seed: "the config's custom_rules",
            hint: hint, triggeringExamples: [], nonTriggeringExamples: [], thresholds: thresholds)
        return CustomRule(
            description: description, screenSelector: screenSelector, selector: selector, requirements: requirements,
            message: message)
    }

    /// `thresholds: {KEY: {default: 50, unit: pt, meaning: ...}}`: numbers the config's
    /// `thresholds:` can set. A key the built-in rules or another custom rule declare must be
    /// declared exactly as they do.
    private mutating func declareThresholds(_ node: Node, _ path: String, rule: String, _ reader: inout NodeReader) -> [ThresholdDeclaration] {
        let document = reader.document
        guard document.kind(node) == .mapping else {
            if !document.isNull(node) {
                reader.schema(path, "expected a map of threshold key to {default, unit, meaning}, found \(document.kindDescription(node))",
                              at: document.start(node))
            }
            return []
        }
        var declarations: [ThresholdDeclaration] = []
        for entry in document.entries(node) {
            guard let key = document.scalar(entry.key), !key.isEmpty,
                  key.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") })
            else {
                reader.schema(path, "threshold keys are lower-case words joined by _, like primary_height", at: document.start(entry.key))
                continue
            }
            let keyPath = "\(path).\(key)"
            var value: Double?
            var unit = "pt"
            var meaning: String?
            reader.fields(of: entry.value, path: keyPath, known: FieldSet<ThresholdField>()) { reader, field, node in
                switch field {
                case .defaultValue: value = reader.number(node, "\(keyPath).default", minimum: 0)
                case .unit: unit = reader.string(node, "\(keyPath).unit") ?? unit
                case .meaning: meaning = reader.string(node, "\(keyPath).meaning")
                }
            }
            guard let value, let meaning = meaning?.nonBlank else {
                reader.schema(keyPath, "a threshold needs a `default:` number and a `meaning:`", at: document.start(entry.value))
                continue
            }
            let declaration = ThresholdDeclaration(key: key, defaultValue: .decimal(value), unit: unit, meaning: meaning)
            let other = thresholds.entries.first { $0.declaration.key == key }.map { ($0.declaration, $0.rules[0]) }
                ?? declared[key].map { ($0.declaration, $0.rule) }
            if let (first, owner) = other, first != declaration {
                reader.schema(keyPath, "threshold \(quoted(key)) is declared by \(owner) as \(first.defaultValue) \(first.unit), meaning \(quoted(first.meaning)); declare it the same or pick another key",
                              at: document.start(entry.key))
                continue
            }
            if declared[key] == nil { declared[key] = (declaration, rule) }
            declarations.append(declaration)
        }
        return declarations
    }

    /// `{field: value}` (equals) or `{field: {condition: value, ...}}`, for each field.
    private func clauses<Property: RuleProperty>(
        _ node: Node, _ path: String, _: Property.Type, _ own: [ThresholdDeclaration], _ reader: inout NodeReader
    ) -> [Clause<Property>] {
        let document = reader.document
        guard document.kind(node) == .mapping else {
            if !document.isNull(node) {
                reader.schema(path, "expected a map of field to condition, found \(document.kindDescription(node))",
                              at: document.start(node))
            }
            return []
        }
        let known = Property.allCases.map(\.rawValue)
        var clauses: [Clause<Property>] = []
        for entry in document.entries(node) {
            guard let name = document.scalar(entry.key), let property = Property(rawValue: name) else {
                reader.unknownKey(document.scalar(entry.key) ?? document.kindDescription(entry.key), path: path,
                                  known: known, at: document.start(entry.key))
                continue
            }
            let fieldPath = "\(path).\(name)"
            if document.kind(entry.value) == .mapping, document.entries(entry.value).count == 0 {
                // No condition would always hold: a rule that checks nothing, or selects everything.
                reader.schema(fieldPath, "no condition given; give at least one of \(ConditionField.allCases.map(\.rawValue).joined(separator: ", "))",
                              at: document.start(entry.value))
            } else if document.kind(entry.value) == .mapping {
                clauses.append(Clause(property: property, conditions: conditions(entry.value, fieldPath, property, own, &reader)))
            } else if let value = self.value(entry.value, fieldPath, property.kind, &reader) {
                clauses.append(Clause(property: property, conditions: [.equals(value)]))
            }
        }
        return clauses
    }

    private func conditions<Property: RuleProperty>(
        _ node: Node, _ path: String, _ property: Property, _ own: [ThresholdDeclaration], _ reader: inout NodeReader
    ) -> [Condition] {
        var conditions: [Condition] = []
        let kind = property.kind
        reader.fields(of: node, path: path, known: FieldSet<ConditionField>()) { reader, field, value in
            let conditionPath = "\(path).\(field.rawValue)"
            switch field {
            case .equals: if let value = self.value(value, conditionPath, kind, &reader) { conditions.append(.equals(value)) }
            case .not: if let value = self.value(value, conditionPath, kind, &reader) { conditions.append(.not(value)) }
            case .isIn, .notIn:
                var values: [PropertyValue] = []
                let items = reader.list(value, conditionPath)
                if items.count == 0, reader.kind(value) == .sequence {
                    reader.schema(conditionPath, "\(field.rawValue) needs at least one value", at: reader.start(value))
                    return
                }
                for (index, item) in items.enumerated() {
                    if let value = self.value(item, "\(conditionPath)[\(index)]", kind, &reader) { values.append(value) }
                }
                conditions.append(field == .isIn ? .isIn(values) : .notIn(values))
            case .min, .max:
                guard kind == .number else {
                    reader.schema(conditionPath, "\(field.rawValue) compares numbers, and \(property.rawValue) is \(Self.describe(kind))",
                                  at: reader.start(value))
                    return
                }
                if let bound = bound(value, conditionPath, own, &reader) {
                    conditions.append(field == .min ? .minimum(bound) : .maximum(bound))
                }
            case .matches:
                guard kind != .number, kind != .flag else {
                    reader.schema(conditionPath, "matches applies to text, and \(property.rawValue) is \(Self.describe(kind))",
                                  at: reader.start(value))
                    return
                }
                guard let source = reader.string(value, conditionPath) else { return }
                switch Pattern.compile(source) {
                case .success(let pattern): conditions.append(.matches(pattern))
                case .failure(let problem):
                    reader.schema(conditionPath, "\(quoted(source)) is not a valid regular expression: \(problem)",
                                  at: reader.start(value))
                }
            case .present: if let wanted = reader.bool(value, conditionPath) { conditions.append(.present(wanted)) }
            }
        }
        return conditions
    }

    /// A number, or the key of a threshold: the rule's own, or a built-in rule's.
    private func bound(_ node: Node, _ path: String, _ own: [ThresholdDeclaration], _ reader: inout NodeReader) -> Condition.Bound? {
        let document = reader.document
        if document.style(node) == .plain, let number = document.withScalarBytes(node, { $0.flatMap(NodeReader.parseNumber) }) {
            return .number(number)
        }
        guard document.kind(node) == .scalar, let key = document.scalar(node), !document.isNull(node) else {
            return reader.number(node, path).map(Condition.Bound.number)
        }
        if let declaration = own.first(where: { $0.key == key }) ?? thresholds.declaration(forKey: key) {
            return .threshold(declaration)
        }
        let known = own.map(\.key) + thresholds.keys
        let suggestion = closestMatch(to: key, among: known).map { "; did you mean \(quoted($0))?" } ?? ""
        reader.schema(path, "expected a number or a threshold's key, found \(quoted(key)), which no rule declares\(suggestion)",
                      at: document.start(node))
        return nil
    }

    /// One value of the property's kind; a choice must be one of its values.
    private func value(_ node: Node, _ path: String, _ kind: PropertyKind, _ reader: inout NodeReader) -> PropertyValue? {
        switch kind {
        case .text: return reader.string(node, path).map(PropertyValue.text)
        case .number: return reader.number(node, path).map(PropertyValue.number)
        case .flag: return reader.bool(node, path).map(PropertyValue.flag)
        case .choice(let choices):
            guard let text = reader.string(node, path) else { return nil }
            guard choices.contains(text) else {
                let suggestion = closestMatch(to: text, among: choices).map { "; did you mean \(quoted($0))?" } ?? ""
                reader.schema(path, "expected one of \(choices.joined(separator: ", ")), found \(quoted(text))\(suggestion)",
                              at: reader.start(node))
                return nil
            }
            return .text(text)
        }
    }

    private static func describe(_ kind: PropertyKind) -> String {
        switch kind {
        case .text, .choice: return "text"
        case .number: return "a number"
        case .flag: return "true or false"
        }
    }
}

extension Severity: SpecChoice {
    static let choices = FieldSet<Severity>()
}
