import Foundation
import HiglintCore
@testable import HiglintReview
@testable import HiglintWatch
import XCTest

/// The watcher's live report carries the project findings' fixes (an unused ignore entry,
/// a misspelt parent), resolved against the files as they are on disk, exactly as
/// `check --format json` prints them.
final class ProjectFixTests: XCTestCase {
    func testTheLiveReportCarriesProjectFixesAsCheckDoes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-project-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let engine = Engine(plugins: [], config: Config())
        var table = ResultTable()
        var results: [FileResult] = []
        func put(_ name: String, _ text: String) throws {
            let url = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            let result = engine.review(Array(text.utf8), file: SpecFile(path: url.path, displayPath: name))
            results.removeAll { $0.file.displayPath == name }
            results.append(result)
            _ = table.store(result)
        }
        try put("a.yaml", "screen: Settings\n")
        try put("b.yaml", "screen: Wi-Fi\nparent: Setings\nreview: {ignore: [spec.duplicate-key]}\n")
        let live = table.assemble(with: engine).document(extra: [])
        XCTAssertEqual(live, JSONReportWriter.write(engine.report(results)))
        XCTAssertTrue(live.contains("\"replacement\": \"Settings\""), live)
        XCTAssertTrue(live.contains("\"replacement\": \"[]\""), live)

        // The other screen is renamed: the suggested parent, and so the fix, follow it.
        try put("a.yaml", "screen: Seatings\n")
        let changed = table.assemble(with: engine).document(extra: [])
        XCTAssertEqual(changed, JSONReportWriter.write(engine.report(results)))
        XCTAssertTrue(changed.contains("\"replacement\": \"Seatings\""), changed)
    }
}
