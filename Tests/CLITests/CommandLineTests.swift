import Foundation
import HiglintCore
@testable import higlint
import XCTest

/// The command line as users type it, through the real binary; what it must
/// take and list comes from the declarations, so a new option is covered here
/// without editing the test.
final class CommandLineTests: XCTestCase {
    static let smallButton = "screen: Small\nelements:\n  - {id: b, type: button, frame: [0, 100, 30, 30]}\n"

    func testShortNamesTakeTheirOptionsPlace() throws {
        let tree = try SpecTree()
        try tree.write("a.yaml", Self.smallButton)
        try tree.write("strict.yaml", "thresholds: {min_hit_target: 20}\n")
        let long = try HiglintProcess.run(["check", "a.yaml", "--format", "json", "--quiet"], in: tree.url)
        XCTAssertEqual(long.status, 1, long.stderr)
        XCTAssertTrue(long.stdout.hasPrefix("{"), long.stdout)
        XCTAssertEqual(long.stderr, "")
        for short in [["-f", "json", "-q"], ["-fjson", "-q"], ["-f=json", "-q"], ["-qf", "json"], ["-qfjson"]] {
            let outcome = try HiglintProcess.run(["check", "a.yaml"] + short, in: tree.url)
            XCTAssertEqual(outcome.status, long.status, short.joined(separator: " "))
            XCTAssertEqual(outcome.stdout, long.stdout, short.joined(separator: " "))
            XCTAssertEqual(outcome.stderr, "", short.joined(separator: " "))
        }
        let written = try HiglintProcess.run(["check", "a.yaml", "-o", "report.txt", "-c", "strict.yaml"], in: tree.url)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.stdout, "")
        XCTAssertEqual(try String(contentsOf: tree.url.appendingPathComponent("report.txt"), encoding: .utf8), "")
        let rules = try HiglintProcess.run(["rules", "-f", "json"], in: tree.url)
        XCTAssertTrue(rules.stdout.hasPrefix("["), rules.stdout)
        let operands = try HiglintProcess.run(["check", "-q", "--", "-f"], in: tree.url)
        XCTAssertEqual(operands.status, 2, "after --, -f is a path")
        XCTAssertTrue(operands.stderr.contains("-f"), operands.stderr)
    }

    func testHelpCommandPrintsTheCommandsHelp() throws {
        let tree = try SpecTree()
        for command in Commands.all.map(\.declaration.name) {
            let help = try HiglintProcess.run(["help", command], in: tree.url)
            let flag = try HiglintProcess.run([command, "--help"], in: tree.url)
            let short = try HiglintProcess.run([command, "-h"], in: tree.url)
            XCTAssertEqual(help.status, 0, command)
            XCTAssertEqual(flag.status, 0, command)
            XCTAssertTrue(help.stdout.hasPrefix("usage: higlint \(command)"), help.stdout)
            XCTAssertEqual(help.stdout, flag.stdout, command)
            XCTAssertEqual(short.stdout, flag.stdout, command)
        }
        let overview = try HiglintProcess.run(["help"], in: tree.url)
        XCTAssertEqual(overview.status, 0)
        XCTAssertEqual(try HiglintProcess.run(["--help"], in: tree.url).stdout, overview.stdout)
        for declaration in Commands.all.map(\.declaration) {
            XCTAssertTrue(overview.stdout.contains("  \(declaration.name)"), declaration.name)
            XCTAssertTrue(overview.stdout.contains(declaration.summary), declaration.name)
        }
    }

    func testMisspeltCommandSuggestsTheCommand() throws {
        let tree = try SpecTree()
        let typo = try HiglintProcess.run(["chek", "."], in: tree.url)
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.hasPrefix("higlint: unknown command \"chek\"; did you mean \"check\"?\n"), typo.stderr)
        let help = try HiglintProcess.run(["help", "explian"], in: tree.url)
        XCTAssertEqual(help.status, 2)
        XCTAssertTrue(help.stderr.contains("did you mean \"explain\"?"), help.stderr)
        // What the user typed is shown escaped: one message stays one line.
        let forged = try HiglintProcess.run(["chek\nhiglint: note: all clear"], in: tree.url)
        XCTAssertEqual(forged.status, 2)
        XCTAssertTrue(forged.stderr.hasPrefix("higlint: unknown command \"chek\\nhiglint: note: all clear\"\n"), forged.stderr)
        let nothingClose = try HiglintProcess.run(["frobnicate"], in: tree.url)
        XCTAssertEqual(nothingClose.status, 2)
        XCTAssertFalse(nothingClose.stderr.contains("did you mean"), nothingClose.stderr)
    }

    /// The suggestion stays in sight: the synopsis and where the options are follow it, not the help page.
    func testAMisspeltOptionIsFollowedByTheSynopsisOnly() throws {
        let tree = try SpecTree()
        let outcome = try HiglintProcess.run(["check", "--fial-on", "warning"], in: tree.url)
        XCTAssertEqual(outcome.status, 2)
        let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 4, outcome.stderr)
        XCTAssertEqual(lines.first, "higlint check: unknown option --fial-on; did you mean --fail-on?")
        XCTAssertTrue(lines[1].hasPrefix("usage: higlint check "), outcome.stderr)
        XCTAssertEqual(lines[2], "`higlint help check` lists every option")
    }

    func testMisspeltOptionsAndValuesAreSuggested() throws {
        let tree = try SpecTree()
        let formats = HelpText.alternatives(ReportFormat.names)
        let cases: [(arguments: [String], message: String)] = [
            (["check", "--qiuet"], "higlint check: unknown option --qiuet; did you mean --quiet?"),
            (["check", "--fromat", "json"], "higlint check: unknown option --fromat; did you mean --format?"),
            (["check", "-quiet"], "higlint check: unknown option -quiet; did you mean --quiet?"),
            (["check", "--write-base", "b.json"], "higlint check: unknown option --write-base; did you mean --write-baseline?"),
            (["check", "-x"], "higlint check: unknown option -x\n"),
            (["check", "--format", "jsno"], "higlint check: --format takes \(formats); did you mean json?\n"),
            (["check", "-f", "sarf"], "higlint check: --format takes \(formats); did you mean sarif?\n"),
            (["check", "--fail-on", "warn"], "higlint check: --fail-on takes error, warning, info or never; did you mean warning?\n"),
            (["rules", "--format", "md"], "higlint rules: --format takes text, json, markdown or thresholds\n"),
            (["watch", "--reprot", "r.json"], "higlint watch: unknown option --reprot; did you mean --report?"),
            (["check", "--quiet=yes"], "higlint check: --quiet takes no value"),
            (["check", "-o"], "higlint check: -o needs a value"),
            (["rules", "extra"], "higlint rules: unexpected argument extra"),
            (["rules", "a\u{202E}b"], "higlint rules: unexpected argument a\\u{202E}b\n"),
            (["check", "--a\tb"], "higlint check: unknown option --a\\tb\n"),
            (["explain"], "higlint explain: needs a RULE"),
        ]
        for (arguments, message) in cases {
            let outcome = try HiglintProcess.run(arguments, in: tree.url)
            XCTAssertEqual(outcome.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(outcome.stdout, "", arguments.joined(separator: " "))
            XCTAssertTrue(outcome.stderr.hasPrefix(message), "\(arguments): \(outcome.stderr)")
        }
    }

    /// Each command's help has one line per declared option, with its short and
    /// long name, its value's placeholder and every value it allows; and no other.
    func testEachCommandsHelpListsEveryDeclaredOption() throws {
        let tree = try SpecTree()
        for declaration in Commands.all.map(\.declaration) {
            let help = try HiglintProcess.run([declaration.name, "--help"], in: tree.url).stdout
            let lines = help.split(separator: "\n").map(String.init)
            // `  -f, --format` or `      --fail-on`; wrapped text is indented further.
            let isOptionLine = { (line: String) in line.hasPrefix("  -") || line.hasPrefix("      --") }
            let optionLines = lines.filter(isOptionLine)
            XCTAssertEqual(optionLines.count, declaration.allOptions.count, "\(declaration.name):\n\(help)")
            for option in declaration.allOptions {
                let names = [option.shortSpelling, option.longSpelling].compactMap { $0 }.joined(separator: ", ")
                let heading = ([names] + [option.value.placeholder].compactMap { $0 }).joined(separator: " ")
                guard let line = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(heading + " ") }) else {
                    XCTFail("\(declaration.name) --help has no line for \(heading):\n\(help)")
                    continue
                }
                // The option's text runs from its line to the next option's (or the blank line after them).
                let text = lines[line...].prefix { !$0.isEmpty }.enumerated()
                    .prefix { $0.offset == 0 || !isOptionLine($0.element) }.map(\.element).joined(separator: " ")
                let words = text.split(separator: " ").joined(separator: " ")
                for word in option.summary.split(separator: " ").prefix(4) {
                    XCTAssertTrue(words.contains(word), "\(heading): \(word)")
                }
                if case .choice(_, let values, let defaultValue) = option.value {
                    for value in values { XCTAssertTrue(words.contains(value), "\(heading) lacks \(value)") }
                    XCTAssertTrue(words.contains("\(defaultValue) (default)"), "\(heading) does not mark its default")
                }
            }
        }
    }

    /// Names are what the parser looks options up by: two options with one name would shadow each other.
    func testNoCommandDeclaresANameTwice() {
        XCTAssertEqual(Set(Commands.all.map(\.declaration.name)).count, Commands.all.count)
        for declaration in Commands.all.map(\.declaration) {
            let options = declaration.allOptions
            XCTAssertEqual(Set(options.map(\.name)).count, options.count, declaration.name)
            let shortNames = options.compactMap(\.shortName)
            XCTAssertEqual(Set(shortNames).count, shortNames.count, declaration.name)
        }
    }

    func testFormatOptionsOfferEveryReportFormat() {
        let formats = ReportFormat.names
        guard case .choice(_, let values, _) = CheckCommand.format.value else { return XCTFail("--format is a choice") }
        XCTAssertEqual(values, formats)
        XCTAssertEqual(CheckCommand.output.value, .report(formats: formats))
    }
}
