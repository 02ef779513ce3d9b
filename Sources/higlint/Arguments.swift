/// A hand-written command-line parser: flags with values (`--format json` or
/// `--format=json`), boolean flags, and positional arguments.
struct Arguments {
    private(set) var positional: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    /// - Parameters:
    ///   - valued: options that take a value.
    ///   - boolean: options that take none.
    init(_ arguments: [String], valued: Set<String>, boolean: Set<String>) throws(UsageError) {
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || !argument.hasPrefix("-") || argument == "-" {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if boolean.contains(name) {
                if inlineValue != nil { throw UsageError(description: "\(name) takes no value") }
                flags.insert(name)
            } else if valued.contains(name) {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else if index < arguments.count {
                    values[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError(description: "\(name) needs a value")
                }
            } else {
                let known = (valued.union(boolean)).sorted()
                var message = "unknown option \(name)"
                if let close = known.min(by: { distance($0, name) < distance($1, name) }), distance(close, name) <= 3 {
                    message += "; did you mean \(close)?"
                }
                throw UsageError(description: message)
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The last value given for an option.
    func value(_ name: String) -> String? { values[name]?.last }

    func allValues(_ name: String) -> [String] { values[name] ?? [] }

    private func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
