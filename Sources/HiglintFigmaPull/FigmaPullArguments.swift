import Foundation

/// The command line `higlint figma pull` gives `higlint-figma-pull` (FigmaPullRequest writes
/// it): the settings as options, then the files as KEY PATH SHOWN triples after `--`. The token
/// is not on it: a command line is any user's to read in /proc.
public enum FigmaPullArguments {
    public struct Parsed: Sendable {
        public var apiRoot: URL
        public var timeout: Double
        public var every: Double?
        public var maxFileBytes: Int
        public var files: [FigmaPull.File]
    }

    public static func parse(_ arguments: [String]) -> Result<Parsed, Problem> {
        var root: URL?
        var timeout: Double?
        var every: Double?
        var maxFileBytes: Int?
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            guard index + 1 < arguments.count else { return .failure(Problem("\(arguments[index]) needs a value")) }
            let value = arguments[index + 1]
            switch arguments[index] {
            case "--api": root = URL(string: value)
            case "--timeout": timeout = Double(value).flatMap { $0 > 0 ? $0 : nil }
            case "--every": every = Double(value).flatMap { $0 > 0 ? $0 : nil }
            case "--max-file-bytes": maxFileBytes = Int(value)
            default: return .failure(Problem("unknown option \(arguments[index])"))
            }
            index += 2
        }
        let rest = arguments.dropFirst(index + 1)
        guard index < arguments.count, let root, let timeout, let maxFileBytes, !rest.isEmpty, rest.count % 3 == 0 else {
            return .failure(Problem("needs --api, --timeout and --max-file-bytes, then -- and KEY PATH SHOWN for each file"))
        }
        let values = Array(rest)
        let files = stride(from: 0, to: values.count, by: 3).map {
            FigmaPull.File(key: values[$0], path: values[$0 + 1], displayPath: values[$0 + 2])
        }
        return .success(Parsed(apiRoot: root, timeout: timeout, every: every, maxFileBytes: maxFileBytes, files: files))
    }

    public struct Problem: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }
}
