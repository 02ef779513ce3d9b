#if canImport(Glibc)
import Glibc
#endif
import HiglintCore

/// What `higlint figma pull` was asked, once the config and the environment are read.
struct FigmaPullRequest {
    struct File {
        var key: String
        var path: String
        var displayPath: String
    }

    var files: [File]
    var apiRoot: String
    var timeout: Double
    var every: Double?
    var maxFileBytes: Int

    /// `higlint-figma-pull`'s command line (Sources/HiglintFigmaPull, FigmaPullArguments).
    var arguments: [String] {
        var arguments = ["--api", apiRoot, "--timeout", "\(timeout)", "--max-file-bytes", "\(maxFileBytes)"]
        if let every { arguments += ["--every", "\(every)"] }
        return arguments + ["--"] + files.flatMap { [$0.key, $0.path, $0.displayPath] }
    }
}

/// Runs the pull as `higlint-figma-pull`, in this process's place (same pid, so signals and
/// the exit status are the pull's own): the program that links Foundation's networking, which
/// `higlint` does not, so that no other command pays for loading it (BENCHMARKS.md, "figma pull").
enum FigmaPullLauncher {
    static let helperName = "higlint-figma-pull"

    static func run(_ request: FigmaPullRequest) -> Int32 {
        guard let helper = helperPath() else {
            Console.problem("\(helperName) is neither beside this higlint nor in ../lib/higlint; `make install` (or the package) puts it there")
            return ExitStatus.failure
        }
        let argv = [helper] + request.arguments
        var pointers = argv.map { strdup($0) }
        pointers.append(nil)
        execv(helper, pointers)
        let code = errno
        pointers.forEach { free($0) }
        Console.problem("could not run \(helper): \(FileSystem.errorText(code))")
        return ExitStatus.failure
    }

    /// Beside the running binary (a build directory), else in `../lib/higlint` (installed:
    /// /usr/bin/higlint and /usr/lib/higlint/higlint-figma-pull).
    static func helperPath() -> String? {
        guard let executable = FileSystem.realPath("/proc/self/exe") else { return nil }
        let directory = FileSystem.directory(of: executable)
        let candidates = [
            FileSystem.join(directory, helperName),
            FileSystem.join(FileSystem.directory(of: directory), "lib/higlint/\(helperName)"),
        ]
        return candidates.first { access($0, X_OK) == 0 }
    }
}
