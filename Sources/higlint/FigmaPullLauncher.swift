import Foundation
import HiglintCore
import HiglintFigmaPull

/// What `higlint figma pull` was asked, once the config and the environment are read.
struct FigmaPullRequest {
    typealias File = FigmaPull.File
    var files: [File]
    var apiRoot: String
    var timeout: Double
    var every: Double?
    var maxFileBytes: Int
}

enum FigmaPullLauncher {
    static func run(_ request: FigmaPullRequest, token: String) -> Int32 {
        FigmaPull.blockSignals()
        guard let root = URL(string: request.apiRoot) else {
            Console.problem("HIGLINT_FIGMA_API: \(quoted(request.apiRoot)) is not an address")
            return ExitStatus.failure
        }
        let pull = FigmaPull(
            files: request.files, token: token, apiRoot: root, timeout: request.timeout, every: request.every,
            maxFileBytes: request.maxFileBytes, userAgent: "higlint/\(HiglintVersion.current)")
        let outcome = pull.run { line in Console.error("higlint: " + line) }
        return outcome == .done ? ExitStatus.clean : ExitStatus.findings
    }
}
