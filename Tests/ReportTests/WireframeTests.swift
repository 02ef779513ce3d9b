import HiglintCore
import XCTest

final class WireframeTests: XCTestCase {
    private func wireframe(_ yaml: String) throws -> Wireframe {
        let report = Reports.report(["a.yaml": yaml])
        return try XCTUnwrap(report.files.first?.wireframes.first)
    }

    func testBarsStackInTheirStandardPlaces() throws {
        let frame = try wireframe("""
            screen: Home
            navigation_bar: {title: Home, back: {title: Library}}
            toolbar: {items: [{id: a, type: button}, {id: b, type: button}]}
            tab_bar: {tabs: [{title: One}, {title: Two}, {title: Three}]}
            """)
        XCTAssertEqual(frame.screen, "Home")
        XCTAssertEqual(frame.canvas, Size(width: 375, height: 667))
        XCTAssertEqual(frame.statusBar, Rect(x: 0, y: 0, width: 375, height: 20))
        XCTAssertEqual(frame.navigationBar?.frame, Rect(x: 0, y: 20, width: 375, height: 44))
        XCTAssertEqual(frame.navigationBar?.title, "Home")
        XCTAssertEqual(frame.navigationBar?.backTitle, "Library")
        XCTAssertEqual(frame.tabBar, Rect(x: 0, y: 618, width: 375, height: 49))
        XCTAssertEqual(frame.toolbar, Rect(x: 0, y: 574, width: 375, height: 44), "the toolbar sits above the tab bar")
        let tabs = frame.items.filter { $0.place == .tabBar }
        XCTAssertEqual(tabs.map(\.label), ["One", "Two", "Three"])
        XCTAssertEqual(tabs.map(\.frame.x), [0, 125, 250])
        XCTAssertTrue(tabs.allSatisfy { $0.placed && $0.type == "tab" })
        XCTAssertEqual(frame.items.filter { $0.place == .toolbar }.map(\.frame.width), [187.5, 187.5])
    }

    func testHiddenStatusBarFixedHeightsAndGivenFrames() throws {
        let frame = try wireframe("""
            screen: Player
            device: ipad
            status_bar: {hidden: true}
            navigation_bar:
              height: 50
              items:
                - {id: share, type: button, frame: [700, 3, 44, 44]}
                - {id: more, type: button}
            """)
        XCTAssertNil(frame.statusBar)
        XCTAssertEqual(frame.canvas, Size(width: 768, height: 1024))
        XCTAssertEqual(frame.navigationBar?.frame, Rect(x: 0, y: 0, width: 768, height: 50))
        let share = try XCTUnwrap(frame.items.first { $0.name == "share" })
        XCTAssertEqual(share.frame, Rect(x: 700, y: 3, width: 44, height: 44))
        XCTAssertFalse(share.placed)
        let more = try XCTUnwrap(frame.items.first { $0.name == "more" })
        XCTAssertTrue(more.placed)
        XCTAssertEqual(more.frame, Rect(x: 768 - 8 - 44, y: 0, width: 44, height: 44))
    }

    func testContentElementsKeepOrderDepthAndTouchAreas() throws {
        let frame = try wireframe("""
            screen: Form
            elements:
              - id: card
                type: group
                frame: [0, 100, 375, 200]
                children:
                  - {id: ok, type: button, label: OK, frame: [10, 110, 30, 30], hit_area: [44, 44]}
                  - {type: text, label: loose}
              - {type: image, frame: [0, 320, 100, 100], icon: system:photo}
            """)
        XCTAssertEqual(frame.items.map(\.name), ["card", "ok", "elements[1]"])
        XCTAssertEqual(frame.items.map(\.depth), [0, 1, 0])
        XCTAssertEqual(frame.items[1].label, "OK")
        XCTAssertEqual(frame.items[1].hitArea, Rect(x: 3, y: 103, width: 44, height: 44))
        XCTAssertNil(frame.items[0].hitArea)
        XCTAssertEqual(frame.items[2].icon, "photo")
        XCTAssertEqual(frame.unplaced, ["elements[0].children[1]"], "no frame, nothing to draw")
    }

    func testEveryDocumentGetsOneAndBrokenFilesNone() throws {
        let report = Reports.report(["a.yaml": "screen: A\n---\nscreen: B\n", "b.yaml": "screen: [\n"])
        XCTAssertEqual(report.files.map { $0.wireframes.map(\.screen) }, [["A", "B"], []])
        XCTAssertEqual(report.files[0].wireframes.map(\.documentIndex), [0, 1])
    }
}
