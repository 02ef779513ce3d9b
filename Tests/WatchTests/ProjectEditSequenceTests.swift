import HiglintCore
import HiglintPlugins
@testable import HiglintReview
@testable import HiglintWatch
import TestSupport
import XCTest

/// Random sequences of the edits that move cross-screen findings (an icon or an action
/// changed, a screen renamed or re-parented, a bar's colour or translucency, lines added
/// above the bars so every mark moves, files coming and going) on a small tree of apps,
/// with every shipped rule: after each step the kept table gives exactly the report of a
/// project pass from scratch over the same files, the language server's table names the
/// files whose project findings changed, and the watcher's log is the counted difference
/// of the two reports.
final class ProjectEditSequenceTests: XCTestCase {
    private static let icons = [
        "share": ["system:square.and.arrow.up", "system:arrowshape.turn.up.right", "custom:share"],
        "add": ["system:plus", "system:plus.circle"],
        "edit": ["system:pencil", "system:square.and.pencil"],
    ]
    private static let actions = ["share", "add", "edit"]
    private static let screens = 24

    /// What one screen's spec says; each field is one kind of edit.
    private struct Screen {
        var name: String
        var parent: String?
        var navIcon: String
        var navAction: String
        var rowIcons: [String]
        var color = "paper"
        var translucent = false
        var toolbar = false
        var padding = 0

        func text() -> String {
            var lines = ["screen: \(name)"]
            lines += Array(repeating: "# padding", count: padding)
            if let parent { lines.append("parent: \(parent)") }
            lines += ["device: iphone", "navigation_bar:", "  title: \(name)", "  color: \(color)", "  translucent: \(translucent)"]
            if let parent { lines.append("  back: { title: \(parent), style: standard }") }
            lines += ["  items:", "    - { id: nav-0, type: button, action: \(navAction), icon: \(navIcon), frame: [319, 20, 44, 44] }"]
            if toolbar {
                lines += ["toolbar:", "  color: \(color == "paper" ? "ink" : "paper")", "  translucent: \(!translucent)",
                          "  items:", "    - { id: tool-0, type: button, action: add, icon: system:plus, frame: [16, 760, 44, 44] }"]
            }
            lines.append("elements:")
            for (row, icon) in rowIcons.enumerated() {
                let action = ProjectEditSequenceTests.actions[row % ProjectEditSequenceTests.actions.count]
                lines += ["  - { id: row-\(row), type: button, label: Row \(row), action: \(action), icon: \(icon), frame: [16, \(100 + row * 56), 343, 44] }"]
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    private func path(_ index: Int) -> String { "app\(index % 3)/flow\(index % 2)/screen\(index).yaml" }

    func testEditSequencesKeepTheTableEqualToAPassFromScratch() {
        let engine = Engine(plugins: BuiltinPlugins.all, config: Config())
        var generator = SeededGenerator(seed: 4141)
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &generator)] }
        func icon(for action: String) -> String {
            let choices = Self.icons[action] ?? ["custom:none"]
            // Mostly the common icon, so the votes have a winner to move.
            return Int.random(in: 0..<4, using: &generator) == 0 ? pick(choices) : choices[0]
        }
        var specs: [Int: Screen] = [:]
        for index in 0..<Self.screens {
            let action = Self.actions[index % Self.actions.count]
            specs[index] = Screen(
                name: "S\(index)", parent: index % 6 == 0 ? nil : "S\(index - 1)", navIcon: icon(for: action), navAction: action,
                rowIcons: (0..<3).map { icon(for: Self.actions[$0 % Self.actions.count]) })
        }
        var table = ResultTable()
        var lspTable = ProjectTable()
        var results: [String: FileResult] = [:]
        var changes = FindingChanges()
        func review(_ index: Int) -> FileResult {
            let text = specs[index]?.text() ?? ""
            return engine.review(Array(text.utf8), file: SpecFile(path: "/w/\(path(index))", displayPath: path(index)))
        }
        for index in specs.keys.sorted() {
            let result = review(index)
            results[path(index)] = result
            table.store(result)
            lspTable.store(result)
        }
        func projectFindings(in report: Report) -> [String: [Finding]] {
            var byFile: [String: [Finding]] = [:]
            for finding in report.findings where !(results[finding.file]?.findings.contains(finding) ?? false) {
                byFile[finding.file, default: []].append(finding)
            }
            return byFile
        }
        let first = engine.report(Array(results.values))
        XCTAssertEqual(table.assemble(with: engine).document(extra: []), JSONReportWriter.write(first), "first report")
        _ = changes.update(from: table, changed: table.takeShownChanges(), report: nil)
        _ = lspTable.refreshProject(with: engine)
        var previous = first.findings
        var previousProject = projectFindings(in: first)

        for step in 0..<400 {
            let index = Int.random(in: 0..<Self.screens, using: &generator)
            if specs[index] == nil {
                let action = pick(Self.actions)
                specs[index] = Screen(name: "S\(index)", parent: "S\(max(0, index - 1))", navIcon: icon(for: action), navAction: action,
                                      rowIcons: [icon(for: "share")])
            } else {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: specs[index]?.navIcon = pick(Self.icons.values.flatMap { $0 } + ["custom:odd"])
                case 1:
                    let action = pick(Self.actions)
                    specs[index]?.navAction = action
                case 2:
                    let rows = specs[index]?.rowIcons.count ?? 0
                    if rows > 0 { specs[index]?.rowIcons[Int.random(in: 0..<rows, using: &generator)] = icon(for: pick(Self.actions)) }
                case 3: specs[index]?.name = pick(["S\(index)", "S\(index)x", "S\((index + 1) % Self.screens)"])
                case 4: specs[index]?.parent = pick([nil, "S\(max(0, index - 1))", "S\((index + 5) % Self.screens)", "Nowhere"])
                case 5: specs[index]?.color = pick(["paper", "ink", "sky"])
                case 6: specs[index]?.translucent.toggle()
                case 7: specs[index]?.toolbar.toggle()
                case 8: specs[index]?.padding = Int.random(in: 0...2, using: &generator)
                default: specs[index] = nil
                }
            }
            if specs[index] == nil {
                results[path(index)] = nil
                table.remove("/w/\(path(index))")
                lspTable.remove("/w/\(path(index))")
            } else {
                let result = review(index)
                results[path(index)] = result
                table.store(result)
                lspTable.store(result)
            }

            let scratch = engine.report(Array(results.values))
            XCTAssertEqual(table.assemble(with: engine).document(extra: []), JSONReportWriter.write(scratch), "step \(step)")

            // The language server's table holds the pass's project findings and names the
            // files, among those still in the tree, whose project findings moved.
            let moved = lspTable.refreshProject(with: engine).filter { results[$0] != nil }
            let project = projectFindings(in: scratch)
            let expectedMoved = Set(results.keys.filter { (project[$0] ?? []) != (previousProject[$0] ?? []) })
            XCTAssertEqual(moved, expectedMoved, "step \(step)")
            for display in results.keys {
                XCTAssertEqual(lspTable.projectFindings(of: display), project[display] ?? [], "step \(step): \(display)")
            }
            previousProject = project

            // The log: what appeared and went between the two reports, counted.
            let logged = changes.update(from: table, changed: table.takeShownChanges(), report: nil)
            var counts: [Finding: Int] = [:]
            for finding in previous { counts[finding, default: 0] += 1 }
            var appeared: [Finding] = []
            for finding in scratch.findings {
                if let count = counts[finding], count > 0 { counts[finding] = count - 1 } else { appeared.append(finding) }
            }
            let disappeared = counts.flatMap { finding, count in Array(repeating: finding, count: count) }
            XCTAssertEqual(logged.appeared, appeared.sorted(by: Finding.reportOrder), "step \(step)")
            XCTAssertEqual(logged.disappeared.count, disappeared.count, "step \(step)")
            XCTAssertEqual(Set(logged.disappeared), Set(disappeared), "step \(step)")
            previous = scratch.findings
        }
        // The sequence moved what it is meant to: icon votes, parents and bars all fired.
        let rules = Set(previous.map(\.rule))
        XCTAssertTrue(rules.contains("layout.inconsistent-icon"), "\(rules.sorted())")
    }
}
