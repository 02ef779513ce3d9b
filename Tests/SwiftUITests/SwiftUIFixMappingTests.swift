import HiglintCore
import SwiftUIImporter
import XCTest

/// The fixes a SwiftUI finding carries: the nearest text style for a fixed system size (the
/// larger on a tie, never under caption2), regular for a light `.fontWeight`; both unsafe.
final class SwiftUIFixMappingTests: XCTestCase {
    private func replacement(_ font: String, rule: String = "text.fixed-size") -> String? {
        let found = SwiftUISource.review(SwiftUISource.view("        Text(\"A\").font(\(font))")).findings
        return found.first { $0.rule == rule }?.fix.map { fix in fix.edits.map(\.replacement).joined() }
    }

    func testTheNearestTextStyle() {
        XCTAssertEqual(replacement(".system(size: 9)"), ".caption2")
        XCTAssertEqual(replacement(".system(size: 9)", rule: "text.min-size"), ".caption2")
        XCTAssertEqual(replacement(".system(size: 12.4)"), ".caption")
        XCTAssertEqual(replacement(".system(size: 14)"), ".subheadline", "13 and 15 are as near: the larger")
        XCTAssertEqual(replacement(".system(size: 17)"), ".body", "not the semibold headline")
        XCTAssertEqual(replacement(".system(size: 21)"), ".title2")
        XCTAssertEqual(replacement(".system(size: 60, weight: .heavy)"), ".largeTitle.weight(.heavy)")
        XCTAssertNil(replacement(".system(size: 12, design: .serif)"))
        XCTAssertNil(replacement(".custom(\"Avenir\", fixedSize: 12)"))
    }

    func testTheFixIsUnsafeAndCoversTheFontExpression() throws {
        let found = SwiftUISource.review(SwiftUISource.view("        Text(\"A\").font(.system(size: 9))")).findings
        let fix = try XCTUnwrap(found.first { $0.rule == "text.min-size" }?.fix)
        XCTAssertEqual(fix.safety, .unsafe)
        let edit = try XCTUnwrap(fix.edits.first)
        XCTAssertEqual("\(edit.start.line):\(edit.start.column)-\(edit.end.line):\(edit.end.column)", "5:24-5:40")
    }

    func testALightWeightBecomesRegular() {
        let found = SwiftUISource.review(SwiftUISource.view("        Text(\"A\").font(.body).fontWeight(.thin)")).findings
        let light = found.first { $0.rule == "text.light-weight" }
        XCTAssertEqual(light?.fix?.edits.map(\.replacement), [".regular"])
        XCTAssertEqual(light?.fix?.safety, .unsafe)
        // A light weight the font's name or `.weight()` says is not `.fontWeight`'s to fix.
        let named = SwiftUISource.review(SwiftUISource.view("        Text(\"A\").font(.body.weight(.light))")).findings
        XCTAssertNil(named.first { $0.rule == "text.light-weight" }?.fix)
    }
}
