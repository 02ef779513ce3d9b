#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HiglintCore
import HiglintFigmaPull

// `higlint figma pull` runs this program in its place once it has read the config and the
// environment (FigmaPullLauncher): Foundation's networking loads some sixty libraries, a cost
// every other command would pay at start-up if `higlint` linked it (BENCHMARKS.md).
// Before anything starts a thread: every thread inherits the mask, and the pull takes the signals.
FigmaPull.blockSignals()
signal(SIGPIPE, SIG_IGN)

func writeLine(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let count = write(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += count
        }
    }
}

switch FigmaPullArguments.parse(Array(CommandLine.arguments.dropFirst())) {
case .failure(let problem):
    writeLine("higlint-figma-pull: \(problem); it is run by `higlint figma pull`")
    exit(2)
case .success(let parsed):
    guard let token = ProcessInfo.processInfo.environment["FIGMA_TOKEN"], !token.isEmpty else {
        writeLine("higlint: error: FIGMA_TOKEN is not set")
        exit(2)
    }
    let pull = FigmaPull(
        files: parsed.files, token: token, apiRoot: parsed.apiRoot, timeout: parsed.timeout, every: parsed.every,
        maxFileBytes: parsed.maxFileBytes, userAgent: "higlint/\(HiglintVersion.current)")
    let outcome = pull.run { writeLine("higlint: " + $0) }
    exit(outcome == .done ? 0 : 1)
}
