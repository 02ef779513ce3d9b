import Foundation
import TestSupport
import XCTest

/// The CI recipes in docs/ci.md and the README: every YAML block parses, and
/// every `higlint` command in them runs as written in a team's repository
/// (exit 0 or 1, never a usage error), writing the files the jobs collect.
final class CIRecipeTests: XCTestCase {
    private func blocks(_ file: String) throws -> [(language: String, text: String)] {
        let text = try String(contentsOf: CompletionAndManPageTests.root.appendingPathComponent(file), encoding: .utf8)
        var found: [(String, String)] = []
        var language: String?
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let open = language {
                    found.append((open, lines.joined(separator: "\n")))
                    language = nil
                } else {
                    language = String(line.dropFirst(3))
                    lines = []
                }
            } else if language != nil {
                lines.append(line)
            }
        }
        return found
    }

    /// `higlint check ...` as a job's shell runs it: the part of a line from `higlint` on, without a trailing comment.
    private func commands(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: "higlint check") else { return nil }
            var command = String(line[start.lowerBound...])
            if let comment = command.range(of: "   #") { command = String(command[..<comment.lowerBound]) }
            return command.trimmingCharacters(in: .whitespaces)
        }
    }

    func testRecipesParseAndTheirCommandsRun() throws {
        let files = ["docs/ci.md", "README.md", "docs/reports.md"]
        let yaml = try files.flatMap { try blocks($0) }.filter { $0.language == "yaml" }.map(\.text)
        XCTAssertGreaterThan(yaml.count, 5)
        let tree = try SpecTree()
        for (index, text) in yaml.enumerated() { try tree.write("block\(index).yaml", text) }
        // python3 from PATH, with PyYAML (make test-deps installs it).
        let parse = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", "import sys, yaml\nfor p in sys.argv[1:]: yaml.safe_load(open(p))"] + yaml.indices.map { "block\($0).yaml" }, in: tree.url)
        XCTAssertEqual(parse.status, 0, "a YAML recipe does not parse: \(parse.stderr)")

        let recipes = try ["docs/ci.md", "README.md"].flatMap { try blocks($0) }.filter { $0.language == "yaml" }
        let all = recipes.flatMap { commands(in: $0.text) }
        XCTAssertTrue(all.contains { $0.contains("--format github") } && all.contains { $0.contains("gitlab=") }, "\(all)")
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = try HiglintProcess.binary().deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        for command in all {
            let app = try SpecTree()
            try app.write("design/screens/home.yaml", CheckCommandTests.smallButton)
            let run = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: app.url, environment: environment)
            XCTAssertTrue(run.status == 0 || run.status == 1, "\(command): exit \(run.status): \(run.stderr)")
            for case let output in command.split(separator: " ") where output.contains("=") && !output.hasPrefix("--") {
                let file = String(output.split(separator: "=", maxSplits: 1)[1])
                XCTAssertTrue(FileManager.default.fileExists(atPath: app.url.appendingPathComponent(file).path), "\(command) wrote no \(file)")
            }
        }
    }

    private static let documents = ["README.md", "CONTRIBUTING.md"]
        + ["ci.md", "reports.md", "editors.md", "plugins.md", "watch.md", "fixes.md", "spec-format.md"].map { "docs/" + $0 }

    /// A recipe that pins higlint to a tag works only if the tag exists: the docs name no
    /// `vX.Y.Z` that this repository does not have.
    func testTheDocsNameOnlyTagsThatExist() throws {
        let git = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/git"), ["tag", "-l"], in: CompletionAndManPageTests.root)
        XCTAssertEqual(git.status, 0, git.stderr)
        let tags = Set(git.stdout.split(separator: "\n").map(String.init))
        let tag = try Regex(#"\bv[0-9]+\.[0-9]+(\.[0-9]+)?\b"#)
        for file in Self.documents {
            let text = try String(contentsOf: CompletionAndManPageTests.root.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: tag) {
                XCTAssertTrue(tags.contains(String(text[match.range])), "\(file) names the tag \(text[match.range]), which does not exist")
            }
        }
    }

    /// Every recipe that installs a Debian package says where the package comes from:
    /// nothing but `make deb` makes one.
    func testEveryPackageARecipeInstallsSaysHowItIsMade() throws {
        var installing = 0
        for file in Self.documents {
            for block in try blocks(file) where block.text.contains("apt-get install") && block.text.contains(".deb") {
                installing += 1
                XCTAssertTrue(block.text.contains("make deb"), "\(file): a recipe installs a .deb without saying `make deb` builds it:\n\(block.text)")
            }
        }
        XCTAssertGreaterThanOrEqual(installing, 5)
    }
}
