/// A number a rule compares against, set under the config's `thresholds:`.
///
/// A rule declares each threshold it reads once, as a static value, lists it in its
/// description and reads it through its context (`context[Self.minimum]`): the key is
/// spelled in that one place, and the config, `higlint explain`, docs/rules.md and the
/// shipped config files all learn of it from the description.
public struct Threshold<Value: ThresholdValue>: Sendable, ThresholdDeclaring {
    /// The key under `thresholds:` (`min_hit_target`).
    public let key: String
    public let defaultValue: Value
    public let unit: ThresholdUnit<Value>
    /// One line: what the number bounds, without the unit or the rule (both are shown beside it).
    public let meaning: String

    /// The unit decides the kind of number: points may be fractional, characters are whole.
    public init(key: String, default defaultValue: Value, unit: ThresholdUnit<Value>, meaning: String) {
        self.key = key
        self.defaultValue = defaultValue
        self.unit = unit
        self.meaning = meaning
    }

    public var declaration: ThresholdDeclaration {
        ThresholdDeclaration(key: key, defaultValue: defaultValue.thresholdNumber, unit: unit.name, meaning: meaning)
    }
}

/// What a threshold counts in. The value type comes with the unit, so a whole-number
/// default (`44`) still declares a fractional number of points.
public struct ThresholdUnit<Value: ThresholdValue>: Sendable {
    /// As written after a number: `pt`, `characters`.
    public let name: String

    public init(name: String) {
        self.name = name
    }
}

extension ThresholdUnit where Value == Double {
    public static var points: ThresholdUnit<Double> { ThresholdUnit(name: "pt") }
    /// A contrast ratio's first term (`4.5` for 4.5:1).
    public static var ratio: ThresholdUnit<Double> { ThresholdUnit(name: ":1") }
}

extension ThresholdUnit where Value == Int {
    public static var characters: ThresholdUnit<Int> { ThresholdUnit(name: "characters") }
}

/// The two kinds of number a threshold holds, as the config reads them.
public enum ThresholdNumber: Sendable, Hashable, CustomStringConvertible {
    /// Any number of at least 0 (`1.5`).
    case decimal(Double)
    /// A whole number of at least 0 (`160`).
    case whole(Int)

    /// What the config takes for it: "number" or "whole number".
    public var kind: String {
        switch self {
        case .decimal: return "number"
        case .whole: return "whole number"
        }
    }

    /// As the config writes it and the messages show it: `44`, `1.5`.
    public var description: String {
        switch self {
        case .decimal(let value): return formatPoints(value)
        case .whole(let value): return String(value)
        }
    }
}

/// A Swift type a threshold can have.
public protocol ThresholdValue: Sendable {
    /// Nil when the number is of the other kind.
    init?(thresholdNumber: ThresholdNumber)
    var thresholdNumber: ThresholdNumber { get }
}

extension Double: ThresholdValue {
    public init?(thresholdNumber: ThresholdNumber) {
        guard case .decimal(let value) = thresholdNumber else { return nil }
        self = value
    }

    public var thresholdNumber: ThresholdNumber { .decimal(self) }
}

extension Int: ThresholdValue {
    public init?(thresholdNumber: ThresholdNumber) {
        guard case .whole(let value) = thresholdNumber else { return nil }
        self = value
    }

    public var thresholdNumber: ThresholdNumber { .whole(self) }
}

/// Anything that can stand in a rule description's `thresholds:` list.
public protocol ThresholdDeclaring: Sendable {
    var declaration: ThresholdDeclaration { get }
}

/// A threshold with its type erased, as descriptions, the config loader and the docs see it.
public struct ThresholdDeclaration: Sendable, Hashable, ThresholdDeclaring {
    public var key: String
    public var defaultValue: ThresholdNumber
    public var unit: String
    public var meaning: String

    public init(key: String, defaultValue: ThresholdNumber, unit: String, meaning: String) {
        self.key = key
        self.defaultValue = defaultValue
        self.unit = unit
        self.meaning = meaning
    }

    public var declaration: ThresholdDeclaration { self }
}

/// The thresholds a config sets, by key; a threshold it does not set has its declared default.
public struct ThresholdValues: Sendable, Equatable {
    @usableFromInline var numbers: [String: ThresholdNumber] = [:]

    public init() {}

    /// Inlinable, so a rule's read is specialised for its number type (no generic metadata
    /// looked up at run time) and, with no threshold set, hashes no key: rules read their
    /// thresholds on every screen.
    @inlinable
    public subscript<Value>(threshold: Threshold<Value>) -> Value {
        get {
            if numbers.isEmpty { return threshold.defaultValue }
            return numbers[threshold.key].flatMap(Value.init(thresholdNumber:)) ?? threshold.defaultValue
        }
        set { numbers[threshold.key] = newValue.thresholdNumber }
    }

    /// Whether the config sets `key`; no hashing when it sets nothing.
    public func isSet(_ key: String) -> Bool {
        !numbers.isEmpty && numbers[key] != nil
    }

    /// The number set for a key, or nil when the config leaves it at its default.
    public subscript(key key: String) -> ThresholdNumber? {
        get { numbers[key] }
        set { numbers[key] = newValue }
    }
}
