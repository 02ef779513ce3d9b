#if canImport(Glibc)
import Glibc
#endif

/// What the text report on stdout looks like where it lands: colour and
/// hints for a person at a terminal, plain lines for a pipe, a file or CI.
enum Terminal {
    enum ColorChoice: String, CaseIterable {
        case auto, always, never
    }

    /// `--color` wins; under `auto`, a non-empty `NO_COLOR` turns colour off
    /// (no-color.org), else a `FORCE_COLOR` other than empty or `0` turns it on,
    /// else a terminal on stdout decides.
    static func usesColor(_ choice: ColorChoice, environment: [String: String], isTerminal: Bool) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if let force = environment["FORCE_COLOR"], !force.isEmpty, force != "0" { return true }
            return isTerminal
        }
    }

    static var standardOutputIsTerminal: Bool { isatty(1) == 1 }

    /// The variables `usesColor` reads, from this process's environment.
    static var colorEnvironment: [String: String] {
        var values: [String: String] = [:]
        for name in ["NO_COLOR", "FORCE_COLOR"] {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }
}
