import Glibc

/// A house rule declared in the config's `custom_rules:` rather than compiled in.
///
/// It selects elements (`where`, on screens that `screen_where` selects) and requires
/// conditions of them (`require`). A value the spec does not give is unknown: it
/// neither selects an element nor breaks a requirement, except for `present`.
public struct CustomRule: ScreenRule {
    public var description: RuleDescription
    public var screenSelector: [Clause<ScreenProperty>]
    public var selector: [Clause<ElementProperty>]
    public var requirements: [Clause<ElementProperty>]
    public var message: MessageTemplate

    public init(
        description: RuleDescription, screenSelector: [Clause<ScreenProperty>], selector: [Clause<ElementProperty>],
        requirements: [Clause<ElementProperty>], message: MessageTemplate
    ) {
        self.description = description
        self.screenSelector = screenSelector
        self.selector = selector
        self.requirements = requirements
        self.message = message
    }

    public func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        let thresholds = context.thresholds
        for clause in screenSelector where clause.evaluate(clause.property.value(of: screen), thresholds) != .holds {
            return []
        }
        var violations: [Violation] = []
        for element in screen.allElements {
            let selected = selector.allSatisfy { $0.evaluate($0.property.value(of: element), thresholds) == .holds }
            guard selected,
                  requirements.contains(where: { $0.evaluate($0.property.value(of: element), thresholds) == .fails })
            else { continue }
            violations.append(Violation(message: message.render(element: element, screen: screen), on: element))
        }
        return violations
    }

    /// The custom rules as plugins, one per id prefix, in the order the prefixes first appear.
    public static func plugins(_ rules: [CustomRule]) -> [Plugin] {
        var order: [String] = []
        var byPrefix: [String: [any ScreenRule]] = [:]
        for rule in rules {
            let prefix = rule.description.plugin
            if byPrefix[prefix] == nil { order.append(prefix) }
            byPrefix[prefix, default: []].append(rule)
        }
        return order.map { Plugin(name: $0, summary: "house rules from the config", screenRules: byPrefix[$0] ?? []) }
    }
}

/// A value a custom rule reads: text, a number or a yes/no.
public enum PropertyValue: Sendable, Equatable, CustomStringConvertible {
    case text(String)
    case number(Double)
    case flag(Bool)

    public var description: String {
        switch self {
        case .text(let text): return text
        case .number(let number): return formatPoints(number)
        case .flag(let flag): return flag ? "true" : "false"
        }
    }
}

/// What kind of value a property has, and so which conditions it takes.
public enum PropertyKind: Sendable, Equatable {
    case text
    /// Text from a fixed list (an element's `type`).
    case choice([String])
    case number
    case flag
}

/// Something a custom rule can name: an element's field, or a screen's.
public protocol RuleProperty: Sendable, Hashable, CaseIterable, RawRepresentable where RawValue == String {
    var kind: PropertyKind { get }
}

/// The fields of an element a custom rule can read.
public enum ElementProperty: String, RuleProperty {
    case type, id, role, label, action, icon, border, x, y, width, height, scroll
    case fontSize = "font.size"
    case fontWeight = "font.weight"
    case fontStyle = "font.style"
    case fontDynamic = "font.dynamic"

    public var kind: PropertyKind {
        switch self {
        case .type: return .choice(ElementType.allCases.map(\.rawValue))
        case .scroll: return .choice(Scroll.allCases.map(\.rawValue))
        case .fontWeight: return .choice(Font.Weight.allCases.map(\.rawValue))
        case .fontStyle: return .choice(Font.Style.allCases.map(\.rawValue))
        case .id, .role, .label, .action, .icon: return .text
        case .x, .y, .width, .height, .fontSize: return .number
        case .border, .fontDynamic: return .flag
        }
    }

    /// The element's value, or nil when its spec does not give it.
    public func value(of element: Element) -> PropertyValue? {
        switch self {
        case .type: return element.type.map { .text($0.rawValue) }
        case .id: return element.id.map(PropertyValue.text)
        case .role: return element.role.map(PropertyValue.text)
        case .label: return element.label.map(PropertyValue.text)
        case .action: return element.action.map(PropertyValue.text)
        case .icon:
            switch element.icon {
            case .system(let name): return .text("system:" + name)
            case .custom(let name): return .text("custom:" + name)
            case nil: return nil
            }
        case .border: return .flag(element.border)
        case .scroll: return .text(element.scroll.rawValue)
        case .x: return element.frame.map { .number($0.x) }
        case .y: return element.frame.map { .number($0.y) }
        case .width: return element.frame.map { .number($0.width) }
        case .height: return element.frame.map { .number($0.height) }
        case .fontSize: return element.font?.effectiveSize.map(PropertyValue.number)
        case .fontWeight: return element.font?.weight.map { .text($0.rawValue) }
        case .fontStyle: return element.font?.style.map { .text($0.rawValue) }
        case .fontDynamic: return element.font?.dynamic.map(PropertyValue.flag)
        }
    }
}

/// The fields of a screen `screen_where` can read.
public enum ScreenProperty: String, RuleProperty {
    case device, kind, screen

    public var kind: PropertyKind {
        switch self {
        case .device: return .choice(Device.allCases.map(\.rawValue))
        case .kind: return .choice(ScreenKind.allCases.map(\.rawValue))
        case .screen: return .text
        }
    }

    public func value(of screen: Screen) -> PropertyValue? {
        switch self {
        case .device: return .text(screen.device.rawValue)
        case .kind: return .text(screen.kind.rawValue)
        case .screen: return screen.name.map(PropertyValue.text)
        }
    }
}

/// Whether a condition holds of a value; `unknown` when the value is not given.
public enum Verdict: Sendable {
    case holds, fails, unknown
}

/// One condition of a custom rule.
public enum Condition: Sendable {
    case equals(PropertyValue)
    case not(PropertyValue)
    case isIn([PropertyValue])
    case notIn([PropertyValue])
    case minimum(Bound)
    case maximum(Bound)
    case matches(Pattern)
    case present(Bool)

    /// What `min` and `max` compare with: a number, or a threshold the config may set.
    public enum Bound: Sendable {
        case number(Double)
        case threshold(ThresholdDeclaration)

        func value(in thresholds: ThresholdValues) -> Double {
            switch self {
            case .number(let number): return number
            case .threshold(let declaration):
                switch thresholds[key: declaration.key] ?? declaration.defaultValue {
                case .decimal(let number): return number
                case .whole(let number): return Double(number)
                }
            }
        }
    }

    public func evaluate(_ value: PropertyValue?, _ thresholds: ThresholdValues) -> Verdict {
        if case .present(let wanted) = self { return (value != nil) == wanted ? .holds : .fails }
        guard let value else { return .unknown }
        let holds: Bool
        switch self {
        case .equals(let expected): holds = value == expected
        case .not(let unwanted): holds = value != unwanted
        case .isIn(let allowed): holds = allowed.contains(value)
        case .notIn(let unwanted): holds = !unwanted.contains(value)
        case .minimum(let bound):
            guard case .number(let number) = value else { return .unknown }
            holds = number >= bound.value(in: thresholds)
        case .maximum(let bound):
            guard case .number(let number) = value else { return .unknown }
            holds = number <= bound.value(in: thresholds)
        case .matches(let pattern):
            guard case .text(let text) = value else { return .unknown }
            holds = pattern.matches(text)
        case .present: return .unknown
        }
        return holds ? .holds : .fails
    }
}

/// A property with its conditions: every condition must hold.
public struct Clause<Property: RuleProperty>: Sendable {
    public var property: Property
    public var conditions: [Condition]

    public init(property: Property, conditions: [Condition]) {
        self.property = property
        self.conditions = conditions
    }

    /// Fails when any condition fails; else unknown when any is unknown.
    public func evaluate(_ value: PropertyValue?, _ thresholds: ThresholdValues) -> Verdict {
        var verdict = Verdict.holds
        for condition in conditions {
            switch condition.evaluate(value, thresholds) {
            case .fails: return .fails
            case .unknown: verdict = .unknown
            case .holds: break
            }
        }
        return verdict
    }
}

/// A POSIX extended regular expression, searched anywhere in the text (anchor it with `^`
/// and `$`). POSIX rather than Swift's `Regex`: `regexec` may run on many threads at once
/// on one compiled expression, and its syntax is the one grep and most tools share.
public final class Pattern: Sendable {
    /// Written once, by `init`, and only read after: `regexec` takes it as a const pointer.
    private nonisolated(unsafe) let compiled: UnsafeMutablePointer<regex_t>

    /// Nil, with the C library's reason, when the expression is not valid.
    public static func compile(_ source: String) -> Result<Pattern, PatternError> {
        let compiled = UnsafeMutablePointer<regex_t>.allocate(capacity: 1)
        let status = regcomp(compiled, source, REG_EXTENDED | REG_NOSUB)
        guard status == 0 else {
            var buffer = [CChar](repeating: 0, count: 256)
            regerror(status, compiled, &buffer, buffer.count)
            compiled.deallocate()
            let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            return .failure(PatternError(description: String(decoding: bytes, as: UTF8.self)))
        }
        return .success(Pattern(compiled: compiled))
    }

    private init(compiled: UnsafeMutablePointer<regex_t>) {
        self.compiled = compiled
    }

    deinit {
        regfree(compiled)
        compiled.deallocate()
    }

    public func matches(_ text: String) -> Bool {
        regexec(compiled, text, 0, nil, 0) == 0
    }
}

public struct PatternError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// A finding's message with `{field}` placeholders, filled from the element and its screen.
public struct MessageTemplate: Sendable {
    public enum Part: Sendable {
        case text(String)
        case element(ElementProperty)
        case screen(ScreenProperty)
    }

    public var parts: [Part]

    public init(parts: [Part]) {
        self.parts = parts
    }

    /// Splits `{name}` placeholders out of the text; fails with the first unknown name.
    public static func parse(_ text: String) -> Result<MessageTemplate, PatternError> {
        var parts: [Part] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else {
                return .failure(PatternError(description: "a \"{\" is not closed by \"}\""))
            }
            let name = String(rest[rest.index(after: open)..<close])
            if let property = ElementProperty(rawValue: name) {
                parts.append(.element(property))
            } else if let property = ScreenProperty(rawValue: name) {
                parts.append(.screen(property))
            } else {
                let known = ElementProperty.allCases.map(\.rawValue) + ScreenProperty.allCases.map(\.rawValue)
                let suggestion = closestMatch(to: name, among: known).map { "; did you mean {\($0)}?" } ?? ""
                return .failure(PatternError(description: "{\(name)} names no field\(suggestion)"))
            }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        return .success(MessageTemplate(parts: parts))
    }

    /// A field the spec does not give reads `unknown`.
    public func render(element: Element, screen: Screen) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text): out += text
            case .element(let property): out += property.value(of: element)?.description ?? "unknown"
            case .screen(let property): out += property.value(of: screen)?.description ?? "unknown"
            }
        }
        return out
    }
}
