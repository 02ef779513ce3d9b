import Foundation
import TestSupport
import XCTest

/// `make install`: the binary (and the program `figma pull` runs), the man page and the completions, and nothing
/// of the service; the installed higlint works from PATH as the README's
/// set-up leaves it.
final class InstallTests: XCTestCase {
    static var root: URL { CompletionAndManPageTests.root }

    func testMakeInstallPutsHiglintOnThePathWithItsManPageAndCompletions() throws {
        let prefix = try SpecTree()
        let make = URL(fileURLWithPath: "/usr/bin/make")
        guard FileManager.default.isExecutableFile(atPath: make.path) else { throw XCTSkip("make is not installed") }
        // `-o build`: the binaries under test are those installed, not a fresh release build.
        let binary = try HiglintProcess.binary()
        let helper = binary.deletingLastPathComponent().appendingPathComponent("higlint-figma-pull")
        let install = try ChildProcess.run(
            make, ["-s", "-C", Self.root.path, "-o", "build", "-o", "deps", "install",
                   "PREFIX=\(prefix.url.path)", "SYSCONFDIR=\(prefix.url.path)/etc", "BIN=\(binary.path)", "PULL_BIN=\(helper.path)"])
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertTrue(install.stdout.contains("is not on your PATH; add it with: export PATH=\"\(prefix.url.path)/bin:$PATH\""), install.stdout)
        // No shell looks for completions under this prefix: each one installed says what to add.
        let share = prefix.url.path + "/share"
        for (shell, advice) in [
            ("fish", "fish: \(share)/fish/vendor_completions.d is not on fish_complete_path: add `set -p fish_complete_path \(share)/fish/vendor_completions.d` to ~/.config/fish/config.fish"),
            ("zsh", "zsh: \(share)/zsh/site-functions is not on fpath: add `fpath=(\(share)/zsh/site-functions $fpath)` before compinit in ~/.zshrc"),
        ] where FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shell)") {
            XCTAssertTrue(install.stdout.contains(advice + "\n"), install.stdout)
        }
        if !FileManager.default.fileExists(atPath: "/usr/share/bash-completion/bash_completion") {
            XCTAssertTrue(install.stdout.contains("bash: completions load through bash-completion, which is not installed: apt-get install bash-completion, or add `source \(share)/bash-completion/completions/higlint` to ~/.bashrc\n"), install.stdout)
        }

        var installed: [String] = []
        if let walk = FileManager.default.enumerator(atPath: prefix.url.path) {
            for case let path as String in walk where !path.hasSuffix("/") {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: prefix.url.appendingPathComponent(path).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    installed.append(path)
                }
            }
        }
        XCTAssertEqual(installed.sorted(), [
            "bin/higlint", "lib/higlint/higlint-figma-pull", "share/bash-completion/completions/higlint", "share/fish/vendor_completions.d/higlint.fish",
            "share/man/man1/higlint.1", "share/zsh/site-functions/_higlint",
        ], "no unit and no /etc config without install-service")

        // From PATH, as a user types it, and with man finding its page under the prefix.
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = "\(prefix.url.path)/bin:/usr/bin:/bin"
        let version = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "higlint --version"], environment: environment)
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertTrue(version.stdout.hasPrefix("higlint "), version.stdout)
        environment["MANPATH"] = "\(prefix.url.path)/share/man"
        let man = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/man"), ["-P", "cat", "higlint"], environment: environment)
        XCTAssertEqual(man.status, 0, man.stderr)
        XCTAssertTrue(man.stdout.contains("higlint check"), man.stdout)

        // `figma pull` finds its program in ../lib/higlint: a key the server does not know is its 404.
        let server = try FigmaServer(token: "figd_installed0123456789", files: [:])
        let tree = try SpecTree()
        try tree.write(".higlint.yaml", "figma:\n  files:\n    - {key: Kq3ZPwLrB7mVxTn2aYdE9s, path: app.figma.json}\n")
        environment["FIGMA_TOKEN"] = "figd_installed0123456789"
        environment["HIGLINT_FIGMA_API"] = server.root
        environment["no_proxy"] = "*"
        let pull = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "higlint figma pull"], in: tree.url, environment: environment)
        XCTAssertEqual(pull.status, 1, pull.stderr)
        XCTAssertTrue(pull.stderr.hasPrefix("higlint: error: figma pull: app.figma.json (Kq3ZPwLrB7mVxTn2aYdE9s): 404 Not Found: "), pull.stderr)
    }
}
