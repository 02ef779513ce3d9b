import Foundation
import HiglintCore
import TestSupport
import XCTest

/// The screen JSON a plugin is sent: valid JSON, the documented keys, nothing guessed.
final class ScreenJSONTests: XCTestCase {
    private func render(_ spec: String) throws -> [String: Any] {
        let result = SpecDecoder(defaultDevice: .iphone)
        guard case .success(let documents) = YAMLLoader.load(Array(spec.utf8)), let document = documents.first else {
            throw SetupFailure("the spec does not load: \(spec)")
        }
        let json = ScreenJSON.render(result.decode(document).screen)
        XCTAssertFalse(json.contains("\n"), "one line")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// Text is escaped as every JSON writer of higlint escapes it, and reads back the same.
    func testTextReadsBackExactly() throws {
        let label = "a\u{1}b\u{7F}c\u{2028}d\\e\tf\u{202E}"
        let spec = "screen: Home\nelements:\n  - {id: x, type: text, label: \"a\\x01b\\x7Fc\\u2028d\\\\e\\tf\\u202E\"}\n"
        let screen = try render(spec)
        let element = try XCTUnwrap((screen["elements"] as? [[String: Any]])?.first)
        XCTAssertEqual(element["label"] as? String, label)
        // The screen's own writer escapes byte for byte as JSONText does, a lone E2 and every
        // control character included.
        for text in [label, "\u{2029}\u{E2}x\u{2020}", (0..<32).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\"", String(repeating: "é", count: 5000)] {
            var screen = Screen(device: .iphone, canvas: Size(width: 375, height: 667))
            var fields = Element.Fields(placement: .content, path: "elements[0]", marks: Marks(Mark(line: 3, column: 5)))
            fields.label = text
            screen.elements = [Element(fields)]
            XCTAssertTrue(ScreenJSON.render(screen).contains("\"label\":" + JSONText.string(text) + ","), text)
        }
    }

    func testEveryPartIsThereWithItsPositionAndAbsentValuesStayAbsent() throws {
        let screen = try render("""
            screen: Home
            navigation_bar:
              title: Home
              items:
                - {id: edit, type: button, action: edit, icon: system:edit, frame: [319, 20, 44, 44]}
            tab_bar:
              tabs:
                - {title: Home, icon: system:house, badge: 3}
            elements:
              - id: list
                type: list
                frame: [0, 100, 375, 400.5]
                children:
                  - {type: text, label: "Say \\"hi\\"", font: {style: body}}
            """)
        XCTAssertEqual(screen["screen"] as? String, "Home")
        XCTAssertNil(screen["parent"], "not given, so not sent")
        XCTAssertEqual(screen["device"] as? String, "iphone")
        XCTAssertEqual(screen["kind"] as? String, "standard")
        let at = try XCTUnwrap(screen["at"] as? [String: Int])
        XCTAssertEqual(at, ["line": 1, "column": 1])
        let elements = try XCTUnwrap(screen["elements"] as? [[String: Any]])
        let list = try XCTUnwrap(elements.first)
        XCTAssertEqual(list["path"] as? String, "elements[0]")
        XCTAssertEqual(list["frame"] as? [String: Double], ["x": 0, "y": 100, "width": 375, "height": 400.5])
        XCTAssertEqual(list["at"] as? [String: Int], ["line": 10, "column": 5])
        let child = try XCTUnwrap((list["children"] as? [[String: Any]])?.first)
        XCTAssertEqual(child["path"] as? String, "elements[0].children[0]")
        XCTAssertEqual(child["label"] as? String, "Say \"hi\"")
        XCTAssertNil(child["id"])
        XCTAssertNil(child["frame"])
        let font = try XCTUnwrap(child["font"] as? [String: Any])
        XCTAssertEqual(font["style"] as? String, "body")
        XCTAssertEqual(font["effective_size"] as? Double, 17, "the style's size")
        XCTAssertNil(font["size"], "not given")
        let item = try XCTUnwrap(((screen["navigation_bar"] as? [String: Any])?["items"] as? [[String: Any]])?.first)
        XCTAssertEqual(item["path"] as? String, "navigation_bar.items[0]")
        XCTAssertEqual(item["icon"] as? String, "system:edit")
        let tab = try XCTUnwrap(((screen["tab_bar"] as? [String: Any])?["tabs"] as? [[String: Any]])?.first)
        XCTAssertEqual(tab["path"] as? String, "tab_bar.tabs[0]")
        XCTAssertEqual(tab["badge"] as? String, "3")
        XCTAssertNil(screen["toolbar"])
        XCTAssertNil(screen["login"])
    }

    /// Colours (spec format v3) reach plugins with both appearances; none written, none sent.
    func testColoursAreSentInBothAppearances() throws {
        let screen = try render("""
            screen: Home
            background: "#F2F2F7"
            elements:
              - {id: a, type: text, label: A, color: {light: "#000", dark: "#FFFFFF80"}, background: clear}
              - {id: b, type: text, label: B}
            """)
        XCTAssertEqual(screen["background"] as? [String: String], ["light": "#F2F2F7", "dark": "#F2F2F7"])
        let elements = try XCTUnwrap(screen["elements"] as? [[String: Any]])
        XCTAssertEqual(elements[0]["color"] as? [String: String], ["light": "#000000", "dark": "#FFFFFF80"])
        XCTAssertEqual(elements[0]["background"] as? [String: String], ["light": "#00000000", "dark": "#00000000"])
        XCTAssertNil(elements[1]["color"])
        XCTAssertNil(elements[1]["background"])
        var unknown = Screen(device: .iphone, canvas: Size(width: 375, height: 667))
        var fields = Element.Fields(placement: .content, path: "elements[0]", marks: Marks(Mark(line: 3, column: 5)))
        fields.color = .unknown("set in code")
        unknown.elements = [Element(fields)]
        XCTAssertTrue(ScreenJSON.render(unknown).contains("\"color\":{\"unknown\":\"set in code\"}"), ScreenJSON.render(unknown))
    }

    /// Every key of the spec format reaches a plugin: a screen that writes every key of every
    /// map is sent with each of them, so a key added to the decoder's field lists (SpecFields)
    /// and forgotten here fails this test. `layouts` is keyed by size class, so its variants'
    /// keys are checked inside it.
    func testEveryKeyOfTheSpecFormatIsSent() throws {
        let screen = try render("""
            screen: Home
            parent: Root
            device: iphone
            kind: standard
            canvas: [375, 667]
            orientations: [portrait]
            status_bar: {hidden: true, style: default, reveal_on_tap: true}
            background: "#FFFFFF"
            navigation_bar:
              title: Home
              title_font: {size: 17}
              back: {title: Root, custom: true, style: standard}
              items: [{id: n, type: button, frame: [300, 20, 44, 44]}]
              translucent: false
              color: paper
              height: 44
            toolbar: {items: [{id: t, type: segmented-control, switches_mode: true}], translucent: true, color: paper, height: auto}
            tab_bar: {tabs: [{title: Home, icon: system:house, badge: 1}], translucent: true}
            login: {required: on-action, explanation: Why, methods: [apple]}
            data: {save: on-change}
            gestures: [{type: swipe, fingers: 1, direction: left, action: back}]
            elements:
              - id: e
                type: button
                frame: [0, 100, 100, 44]
                hit_area: [100, 44]
                label: Go
                action: go
                icon: system:plus
                border: true
                font: {size: 17, weight: regular, style: body, dynamic: true}
                role: primary
                scroll: none
                title: T
                badge: B
                color: {light: "#000000", dark: "#FFFFFF"}
                background: clear
                ignore: [text]
                children: [{id: c, type: text}]
            layouts:
              compact-regular: {presentation: list, hidden: [e]}
            review: {ignore: [layout], reason: drafts}
            """)
        func keys(_ value: Any) -> Set<String> {
            switch value {
            case let object as [String: Any]: return Set(object.keys).union(object.values.flatMap(keys))
            case let array as [Any]: return Set(array.flatMap(keys))
            default: return []
            }
        }
        let sent = keys(screen)
        func missing<Field: SpecField>(_ type: Field.Type) -> [String] {
            Field.allCases.map(\.rawValue).filter { !sent.contains($0) }
        }
        XCTAssertEqual(missing(ScreenField.self), [], "screen keys not sent to plugins")
        XCTAssertEqual(missing(ElementField.self), [], "element keys not sent to plugins")
        XCTAssertEqual(missing(FrameField.self), [])
        XCTAssertEqual(missing(FontField.self), [])
        XCTAssertEqual(missing(ColorField.self), [])
        XCTAssertEqual(missing(StatusBarField.self), [])
        XCTAssertEqual(missing(NavigationBarField.self), [])
        XCTAssertEqual(missing(BackButtonField.self), [])
        XCTAssertEqual(missing(ToolbarField.self), [])
        XCTAssertEqual(missing(TabBarField.self), [])
        XCTAssertEqual(missing(LoginField.self), [])
        XCTAssertEqual(missing(DataField.self), [])
        XCTAssertEqual(missing(GestureField.self), [])
        XCTAssertEqual(missing(LayoutVariantField.self), [])
        XCTAssertEqual(missing(ReviewField.self), [])
    }
}
