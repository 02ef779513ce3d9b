import HiglintCore
import InterfaceBuilderImporter
import XCTest

/// What IB does not vouch for is not measured; what a custom class may change is said.
final class TrustTests: XCTestCase {
    private func hitTargets(_ subviews: String) -> [Finding] {
        IB.review(IB.storyboard(IB.scene(IB.controller(subviews: subviews)))).findings.filter { $0.rule == "buttons.hit-target" }
    }

    func testAPlainSmallButtonIsMeasured() {
        XCTAssertEqual(hitTargets(IB.button("b", 10, 10, 30, 30)).map(\.element), ["b"])
    }

    func testHiddenAmbiguousMisplacedAndPlaceholderSizedViewsAreNotMeasured() {
        for flag in ["hidden=\"YES\"", "ambiguous=\"YES\"", "misplaced=\"YES\"", "placeholderIntrinsicWidth=\"infinite\"",
                     "placeholderIntrinsicHeight=\"30\""] {
            XCTAssertEqual(hitTargets(IB.button("b", 10, 10, 30, 30, attributes: " " + flag)), [], flag)
        }
    }

    func testAPlaceholderConstraintUnsettlesTheFrame() {
        let constraints = "<constraints><constraint firstAttribute=\"height\" constant=\"30\" placeholder=\"YES\" id=\"c1\"/></constraints>"
        XCTAssertEqual(hitTargets(IB.button("b", 10, 10, 30, 30, inner: constraints)), [])
        let settled = "<constraints><constraint firstAttribute=\"height\" constant=\"30\" id=\"c1\"/></constraints>"
        XCTAssertEqual(hitTargets(IB.button("b", 10, 10, 30, 30, inner: settled)).count, 1)
    }

    func testAFrameItsOwnSizeConstraintContradictsIsNotMeasured() {
        let stale = "<constraints><constraint firstAttribute=\"height\" constant=\"45\" id=\"c1\"/></constraints>"
        XCTAssertEqual(hitTargets(IB.button("b", 10, 10, 300, 38, inner: stale)), [])
        // Within half a point the frame is what the constraint gives.
        let settled = "<constraints><constraint firstAttribute=\"height\" constant=\"38.4\" id=\"c1\"/></constraints>"
        XCTAssertEqual(hitTargets(IB.button("b", 10, 10, 300, 38, inner: settled)).count, 1)
        // A constraint relating the view to another says nothing of its own size.
        let related = "<constraints><constraint firstAttribute=\"height\" secondItem=\"x\" secondAttribute=\"height\" constant=\"45\" id=\"c1\"/></constraints>"
        XCTAssertEqual(hitTargets(IB.button("b", 10, 10, 300, 38, inner: related)).count, 1)
    }

    func testAnUntrustedAncestorUnsettlesItsSubviews() {
        let hidden = """
            <view hidden="YES" id="box"><rect key="frame" x="0" y="100" width="375" height="100"/>
            <subviews>\(IB.button("b", 10, 10, 30, 30))</subviews></view>
            """
        XCTAssertEqual(hitTargets(hidden), [])
        let shown = hidden.replacingOccurrences(of: " hidden=\"YES\"", with: "")
        XCTAssertEqual(hitTargets(shown).map(\.element), ["b"])
    }

    func testSystemSizedAndDisabledControlsAreNotHeldToTheHitTarget() {
        for kind in ["slider", "segmentedControl", "stepper"] {
            let control = "<\(kind) opaque=\"NO\" id=\"c\"><rect key=\"frame\" x=\"10\" y=\"10\" width=\"51\" height=\"31\"/></\(kind)>"
            XCTAssertEqual(hitTargets(control), [], kind)
        }
        // IB draws a switch at the size it runs at, and a spec's switch of that size is held to the target.
        let control = "<switch opaque=\"NO\" id=\"c\"><rect key=\"frame\" x=\"10\" y=\"10\" width=\"51\" height=\"31\"/></switch>"
        XCTAssertEqual(hitTargets(control).map(\.message), ["frame 51x31 pt is under 44x44 pt (IB switch in scene \"Main\")"])
        XCTAssertEqual(hitTargets(IB.button("b", 10, 10, 30, 30, attributes: " enabled=\"NO\"")), [])
        XCTAssertEqual(hitTargets(IB.button("b", 10, 10, 30, 30, attributes: " userInteractionEnabled=\"NO\"")), [])
    }

    func testACustomClassKeepsItsFindingAndSaysCodeMayChangeIt() throws {
        let found = hitTargets(IB.button("b", 10, 10, 30, 30, attributes: " customClass=\"RoundButton\""))
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(try XCTUnwrap(found.first).message.contains("its custom class RoundButton may change this at run time"))
    }

    func testTheNoteEscapesWhatCouldBreakOrDisguiseTheLine() throws {
        // A newline and a right-to-left override in the class: the note writes them as the
        // text report does, `\n` and `\u{202E}`; plain ones stay as they are.
        let found = hitTargets(IB.button("b&#10;2", 10, 10, 30, 30, attributes: " customClass=\"Round&#x202E;Button\""))
        let message = try XCTUnwrap(found.first).message
        XCTAssertTrue(message.contains("(IB button in scene \"Main\"; its custom class Round\\u{202E}Button may change this at run time)"),
                      message)
        let plain = hitTargets(IB.button("é-1", 10, 10, 30, 30, attributes: " userLabel=\"Close\""))
        XCTAssertTrue(try XCTUnwrap(plain.first).message.hasSuffix("(IB button \"Close\" in scene \"Main\")"), plain.first?.message ?? "")
    }

    func testALaunchScreenIsReviewedForTextOnly() {
        let subviews = IB.button("b", 10, 10, 30, 30) + """

            <label opaque="NO" text="Loading" id="l"><rect key="frame" x="10" y="100" width="100" height="20"/>
            <fontDescription key="fontDescription" type="system" pointSize="9"/></label>
            """
        let text = IB.storyboard(IB.scene(IB.controller(subviews: subviews)), attributes: " launchScreen=\"YES\"")
        let rules = Set(IB.review(text, name: "LaunchScreen.storyboard").findings.map(\.rule))
        XCTAssertEqual(rules, ["text.min-size", "text.fixed-size"])
    }

    func testWhatIBDoesNotSayStaysAbsent() throws {
        let screen = try XCTUnwrap(IB.screen(IB.storyboard(IB.scene(IB.controller(subviews: IB.button("b", 10, 10, 50, 50))))))
        let button = try XCTUnwrap(IB.element("b", in: screen))
        XCTAssertNil(button.label)
        XCTAssertNil(button.font)
        XCTAssertNil(button.icon)
        XCTAssertNil(button.action)
        XCTAssertNil(screen.navigationBar)
        XCTAssertNil(screen.statusBar)
        // The app's orientations are unknown here, so the rules that judge them are silent.
        let findings = IB.review(IB.storyboard(IB.scene(IB.controller(subviews: "")), device: "ipad9_7", runtime: "iOS.CocoaTouch.iPad")).findings
        XCTAssertEqual(findings.map(\.rule), [])
    }
}
