import HiglintCore
import HiglintPlugins
import InterfaceBuilderImporter
import XCTest

/// `check --timings` adds up the rules' time on IB documents as on specs: the importer's
/// path ran the rules without the clock, and the table listed none of them.
final class RuleTimingTests: XCTestCase {
    func testTheRulesAreTimedOnInterfaceBuilderDocuments() {
        let timings = RuleTimings()
        let engine = Engine(plugins: BuiltinPlugins.all + [IB.importer.plugin], importers: [IB.importer], config: Config(),
                            wireframes: false, timings: timings)
        let text = IB.storyboard(IB.scene(IB.controller(subviews: IB.button("b", 10, 10, 30, 30))))
        _ = engine.review(Array(text.utf8), file: SpecFile(path: "/nowhere/Main.storyboard", displayPath: "Main.storyboard"), with: IB.importer)
        let timed = Set(timings.slowestFirst.map(\.name))
        XCTAssertTrue(timed.contains("buttons.hit-target"), "\(timed)")
        XCTAssertTrue(timed.isSubset(of: Set(engine.allRuleDescriptions.map(\.id))), "\(timed)")
        XCTAssertGreaterThan(timed.count, 20, "every screen rule of every plugin is timed, not only those that found something")
    }
}
