import Foundation
@testable import higlint
import TestSupport
import XCTest

/// The shell completions and the man page the repository ships are what the
/// binary writes from its declarations (`make docs` regenerates them), and
/// the shells and man read them as meant.
final class CompletionAndManPageTests: XCTestCase {
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private func higlint(_ arguments: [String]) throws -> ProcessOutcome {
        let outcome = try ChildProcess.run(try HiglintProcess.binary(), arguments, in: Self.root)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        return outcome
    }

    private func shipped(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    private func tool(_ name: String) throws -> URL {
        for directory in ["/usr/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
            return URL(fileURLWithPath: "\(directory)/\(name)")
        }
        throw NotInstalled(name: name)
    }

    struct NotInstalled: Error, CustomStringConvertible {
        var name: String
        var description: String { "\(name) is not installed; run `make test-deps`" }
    }

    func testShippedFilesAreNotStale() throws {
        for shell in ShellCompletion.allCases {
            XCTAssertEqual(
                try shipped("completions/\(shell.fileName)"), try higlint(["completions", shell.rawValue]).stdout,
                "completions/\(shell.fileName) is stale: run `make docs`")
        }
        XCTAssertEqual(try shipped("man/higlint.1"), try higlint(["help", "--man"]).stdout, "man/higlint.1 is stale: run `make docs`")
    }

    /// Bash's own completion machinery, driven as the shell drives it on Tab.
    private func bashCompletes(_ line: [String]) throws -> [String] {
        let words = line.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            source completions/higlint.bash
            COMP_WORDS=(\(words)); COMP_CWORD=\(line.count - 1)
            _higlint
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = try HiglintProcess.binary().deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let run = try ChildProcess.run(try tool("bash"), ["-c", script], in: Self.root, environment: environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        // Bash sorts what it shows; the order of COMPREPLY does not matter.
        return run.stdout.split(separator: "\n").map(String.init).sorted()
    }

    func testBashCompletesCommandsOptionsValuesAndRules() throws {
        XCTAssertEqual(try bashCompletes(["higlint", "ch"]), ["check"])
        XCTAssertEqual(try bashCompletes(["higlint", "check", "--format", "g"]), ["github", "gitlab"])
        XCTAssertEqual(try bashCompletes(["higlint", "check", "-f", "s"]), ["sarif"])
        XCTAssertEqual(try bashCompletes(["higlint", "check", "--fo"]), ["--force-exclude", "--format"])
        XCTAssertEqual(try bashCompletes(["higlint", "explain", "buttons.hit"]), ["buttons.hit-target"])
        XCTAssertEqual(try bashCompletes(["higlint", "completions", "f"]), ["fish"])
        XCTAssertTrue(try bashCompletes(["higlint", "check", "Packa"]).contains("Package.swift"), "paths complete as files")
        // Every declared option of every command completes.
        for command in Commands.all.map(\.declaration) {
            let offered = try bashCompletes(["higlint", command.name, "-"])
            for option in command.allOptions { XCTAssertTrue(offered.contains(option.longSpelling), "\(command.name) \(option.longSpelling)") }
        }
    }

    func testFishCompletesAndZshParses() throws {
        let fish = try tool("fish")
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = try HiglintProcess.binary().deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let run = try ChildProcess.run(
            fish, ["--no-config", "-c", "source completions/higlint.fish; complete -C 'higlint check --format g'; complete -C 'higlint explain text.min'"],
            in: Self.root, environment: environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        let words = run.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        XCTAssertEqual(words, ["github", "gitlab", "text.min-size"], run.stdout)
        let zsh = try ChildProcess.run(try tool("zsh"), ["-n", "completions/_higlint"], in: Self.root)
        XCTAssertEqual(zsh.status, 0, zsh.stderr)
    }

    /// groff reads the page without a warning, and man shows every command and option.
    func testManPageRendersEveryCommandAndOption() throws {
        let page = Self.root.appendingPathComponent("man/higlint.1").path
        let groff = try ChildProcess.run(try tool("groff"), ["-man", "-ww", "-z", page])
        XCTAssertEqual(groff.status, 0)
        XCTAssertEqual(groff.stderr, "", "groff warns")
        var environment = ProcessInfo.processInfo.environment
        environment["MANWIDTH"] = "200"
        environment["MAN_KEEP_FORMATTING"] = nil
        let man = try ChildProcess.run(try tool("man"), ["-l", page], environment: environment)
        XCTAssertEqual(man.status, 0, man.stderr)
        let text = man.stdout.replacing("\u{2010}", with: "-")
        for command in Commands.all.map(\.declaration) {
            XCTAssertTrue(text.contains(command.synopsis), "man lacks \(command.synopsis)")
            for option in command.allOptions { XCTAssertTrue(text.contains(option.longSpelling), "man lacks \(command.name) \(option.longSpelling)") }
        }
    }
}
