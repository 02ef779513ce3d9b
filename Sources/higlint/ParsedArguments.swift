import HiglintCore

/// A command line read against one command's declaration: `--format json`,
/// `--format=json`, `-f json`, `-fjson`, switches (`-q`, and bundled `-qh`),
/// `--` before operands that start with a dash, and operands anywhere.
struct ParsedArguments: Sendable {
    private(set) var operands: [String] = []
    /// The values given for each option, by long name, in order; a switch has one empty value per use.
    private var given: [String: [String]] = [:]

    init(_ arguments: [String], for declaration: CommandDeclaration) throws(UsageError) {
        let options = declaration.allOptions
        var index = 0
        var onlyOperands = false
        func nextValue(after spelling: String) throws(UsageError) -> String {
            guard index < arguments.count else { throw UsageError("\(spelling) needs a value") }
            index += 1
            return arguments[index - 1]
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyOperands || !argument.hasPrefix("-") || argument == "-" {
                operands.append(argument)
            } else if argument == "--" {
                onlyOperands = true
            } else if argument.hasPrefix("--") {
                let equals = argument.firstIndex(of: "=")
                let spelling = String(argument[..<(equals ?? argument.endIndex)])
                guard let option = options.first(where: { $0.longSpelling == spelling }) else {
                    throw UsageError(unknown: spelling, among: options)
                }
                if let equals {
                    guard option.takesValue else { throw UsageError("\(spelling) takes no value") }
                    try record(String(argument[argument.index(after: equals)...]), for: option)
                } else {
                    try record(option.takesValue ? nextValue(after: spelling) : "", for: option)
                }
            } else {
                // `-quiet` is a mistyped `--quiet`, not -q, -u, -i...
                if options.contains(where: { "-" + $0.name == argument }) {
                    throw UsageError(unknown: argument, among: options)
                }
                var cluster = argument.dropFirst()
                while let letter = cluster.first {
                    cluster = cluster.dropFirst()
                    guard let option = options.first(where: { $0.shortName == letter }) else {
                        throw UsageError(unknown: "-\(letter)", among: options)
                    }
                    guard option.takesValue else {
                        try record("", for: option)
                        continue
                    }
                    if cluster.isEmpty {
                        try record(nextValue(after: "-\(letter)"), for: option)
                    } else {
                        try record(String(cluster.first == "=" ? cluster.dropFirst() : cluster), for: option)
                    }
                    break
                }
            }
        }
        if !isSet(.help) { try checkOperands(declaration.operands) }
    }

    private mutating func record(_ value: String, for option: Option) throws(UsageError) {
        if case .choice(_, let values, _) = option.value, !values.contains(value) {
            var message = "\(option.longSpelling) takes \(HelpText.alternatives(values))"
            if let close = closestMatch(to: value, among: values) { message += "; did you mean \(close)?" }
            throw UsageError(message, showsHelp: false)
        }
        if option.value == .duration, DurationText.seconds(value) == nil {
            throw UsageError("\(option.longSpelling) takes a duration: a number and ms, s, m or h (60s, 5m), not \(LineText.escape(value))", showsHelp: false)
        }
        given[option.name, default: []].append(value)
    }

    private func checkOperands(_ declared: Operands) throws(UsageError) {
        let allowed: Int
        switch declared.count {
        case .none: allowed = 0
        case .optionalOne, .exactlyOne: allowed = 1
        case .any: return
        }
        if operands.count > allowed { throw UsageError("unexpected argument \(LineText.escape(operands[allowed]))") }
        if declared.count == .exactlyOne, operands.isEmpty { throw UsageError("needs a \(declared.placeholder)") }
    }

    func isSet(_ option: Option) -> Bool { given[option.name] != nil }

    /// The last value given for the option; for a choice not given, its default.
    func value(_ option: Option) -> String? {
        if let last = given[option.name]?.last { return last }
        if case .choice(_, _, let defaultValue) = option.value { return defaultValue }
        return nil
    }

    /// The last value given for a duration option, in seconds.
    func seconds(_ option: Option) -> Double? { value(option).flatMap(DurationText.seconds) }

    /// Every value given for the option, in order.
    func values(_ option: Option) -> [String] { given[option.name] ?? [] }
}

/// A command line the declarations do not allow: exit status 2.
struct UsageError: Error, Sendable, CustomStringConvertible {
    var description: String
    /// Whether the command's help should follow the message (it does for a
    /// misspelt or missing part of the line; a bad value says what it takes).
    var showsHelp: Bool

    init(_ description: String, showsHelp: Bool = true) {
        self.description = description
        self.showsHelp = showsHelp
    }

    init(unknown spelling: String, among options: [Option]) {
        var message = "unknown option \(LineText.escape(spelling))"
        // Short names are one letter: any other is one edit away, so only long names are suggested.
        if spelling.count > 2, let close = closestMatch(to: spelling, among: options.map(\.longSpelling)) {
            message += "; did you mean \(close)?"
        }
        self.init(message)
    }
}

/// A duration option's value: a positive number and its unit, `500ms`, `60s`, `5m`, `1h`
/// (no bare number: `60` could mean seconds or minutes).
enum DurationText {
    static let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
    /// A day: anything longer is a mistake, not a schedule.
    static let longest = 86_400.0

    static func seconds(_ text: String) -> Double? {
        for unit in units where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count)
            // Digits and one point only: Double() alone would take "inf", "1e3" and "0x10".
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                  number.filter({ $0 == "." }).count <= 1, let value = Double(number)
            else { return nil }
            let seconds = value * unit.seconds
            return seconds > 0 && seconds <= longest ? seconds : nil
        }
        return nil
    }
}
