import HiglintCore
import HiglintPlugins
@testable import OrientationPlugin
import TestSupport
import XCTest

final class OrientationTests: XCTestCase {
    private func found(_ id: String, in yaml: String, config: Config = Config()) -> [Finding] {
        RuleHarness.findings(yaml, config: config).filter { $0.rule == id }
    }

    private func count(_ id: String, _ yaml: String, config: Config = Config()) -> Int {
        RuleHarness.count(id, in: yaml, config: config)
    }

    // MARK: - Catalog

    func testRulesCiteTheSeedAndNoneIsAProjectRule() {
        RuleHarness.assertPlugin("orientation", seed: "003", projectRules: [])
    }

    // MARK: - orientation.missing-variant

    private func orientations(_ list: String, device: String? = nil) -> String {
        "screen: A\n" + (device.map { "device: \($0)\n" } ?? "") + "orientations: \(list)\n"
    }

    func testMissingVariantNeedsExactlyOneLandscapeSide() {
        let id = "orientation.missing-variant"
        XCTAssertEqual(count(id, orientations("[landscape-left]")), 1)
        XCTAssertEqual(count(id, orientations("[landscape-right]")), 1)
        XCTAssertEqual(count(id, orientations("[portrait, landscape-left, landscape-left]")), 1)
        XCTAssertEqual(count(id, orientations("[landscape-left, landscape-right]")), 0)
        XCTAssertEqual(count(id, orientations("[portrait, portrait-upside-down]")), 0)
        XCTAssertEqual(count(id, orientations("[]")), 0)
        XCTAssertEqual(count(id, "screen: A\n"), 0)
    }

    func testMissingVariantMessageAndPosition() throws {
        let finding = try XCTUnwrap(found("orientation.missing-variant", in: orientations("[portrait, landscape-right]")).first)
        XCTAssertEqual(finding.message, "supports landscape-right but not landscape-left; people hold the device either way")
        XCTAssertEqual([finding.line, finding.column], [2, 15])
        XCTAssertEqual(finding.severity, .warning)
    }

    // MARK: - orientation.ipad-all

    func testIPadAllByDevice() {
        let id = "orientation.ipad-all"
        let all = "[portrait, portrait-upside-down, landscape-left, landscape-right]"
        XCTAssertEqual(count(id, orientations(all, device: "ipad")), 0)
        XCTAssertEqual(count(id, orientations(all, device: "universal")), 0)
        XCTAssertEqual(count(id, orientations("[portrait, landscape-left, landscape-right]", device: "ipad")), 1)
        XCTAssertEqual(count(id, orientations("[portrait]", device: "universal")), 1)
        XCTAssertEqual(count(id, orientations("[portrait]", device: "iphone")), 0)
        XCTAssertEqual(count(id, orientations("[portrait]", device: "iphone-plus")), 0)
        XCTAssertEqual(count(id, "screen: A\ndevice: ipad\n"), 1)

        var config = Config()
        config.appDevice = .ipad
        XCTAssertEqual(count(id, "screen: A\n", config: config), 1)
    }

    func testIPadAllMessageAndSeverity() throws {
        let finding = try XCTUnwrap(found("orientation.ipad-all", in: orientations("[landscape-right, landscape-left]", device: "ipad")).first)
        XCTAssertEqual(finding.message, "ipad screen supports 2 of 4 orientations; missing portrait, portrait-upside-down")
        XCTAssertEqual([finding.line, finding.column], [3, 15])
        XCTAssertEqual(finding.severity, .info)

        let byDefault = try XCTUnwrap(found("orientation.ipad-all", in: "screen: A\ndevice: universal\n").first)
        XCTAssertEqual(byDefault.message,
                       "universal screen supports 1 of 4 orientations (portrait by default); missing portrait-upside-down, landscape-left, landscape-right")
    }

    // MARK: - orientation.rotate-prompt

    private func text(_ label: String, type: String = "text") -> String {
        "screen: A\nelements:\n  - {id: t, type: \(type), label: \"\(label)\"}\n"
    }

    func testRotatePromptPhrases() {
        let id = "orientation.rotate-prompt"
        for label in [
            "Please rotate your device", "ROTATE THE DEVICE to play", "Turn  your device sideways", "请旋转设备", "請旋轉裝置",
        ] {
            XCTAssertEqual(count(id, text(label)), 1, label)
        }
        for label in ["Rotate the photo", "Turn on notifications", "Your device", "Rotate", "Device rotation lock"] {
            XCTAssertEqual(count(id, text(label)), 0, label)
        }
        // Only text asks; a button labelled this way is a control, not a prompt.
        XCTAssertEqual(count(id, text("Rotate your device", type: "button")), 0)
    }

    func testRotatePromptByRole() throws {
        let yaml = "screen: A\nelements:\n  - id: g\n    type: group\n    children:\n      - {id: arrow, type: image, role: rotate-prompt}\n"
        let finding = try XCTUnwrap(found("orientation.rotate-prompt", in: yaml).first)
        XCTAssertEqual(finding.message, "element \"arrow\" is a rotate prompt (role: rotate-prompt)")
        XCTAssertEqual(finding.element, "arrow")
        XCTAssertEqual([finding.line, finding.column], [6, 9])
        // A text with both the role and the words is one prompt, reported once.
        let both = "screen: A\nelements:\n  - {id: t, type: text, role: rotate-prompt, label: Rotate your device}\n"
        XCTAssertEqual(count("orientation.rotate-prompt", both), 1)
    }

    func testRotatePromptMessage() throws {
        let finding = try XCTUnwrap(found("orientation.rotate-prompt", in: text("Please Rotate Your Device")).first)
        XCTAssertEqual(finding.message,
                       "text \"t\" asks people to rotate the device (\"rotate your device\" in \"Please Rotate Your Device\")")
    }

    // MARK: - orientation.layout-churn

    func testLayoutChurn() throws {
        let id = "orientation.layout-churn"
        XCTAssertEqual(count(id, "screen: A\nlayouts:\n  compact-regular: {presentation: grid}\n  regular-regular: {presentation: Grid}\n"), 0)
        XCTAssertEqual(count(id, "screen: A\nlayouts:\n  compact-regular: {presentation: grid}\n"), 0)
        XCTAssertEqual(count(id, "screen: A\nlayouts:\n  compact-regular: {presentation: grid}\n  compact-compact: {hidden: [x]}\n"), 0)

        let yaml = "screen: A\nlayouts:\n  compact-regular: {presentation: list}\n  compact-compact: {presentation: list}\n  regular-regular:\n    presentation: split\n  regular-compact: {presentation: grid}\n"
        let findings = found(id, in: yaml)
        XCTAssertEqual(findings.count, 1)
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(finding.message,
                       "layouts change the presentation between size classes: \"list\" in compact-regular, compact-compact; \"split\" in regular-regular; \"grid\" in regular-compact")
        XCTAssertEqual([finding.line, finding.column], [6, 19])
    }

    // MARK: - orientation.primary-dropped

    func testPrimaryDropped() throws {
        let id = "orientation.primary-dropped"
        let yaml = "screen: A\nelements:\n  - {id: feed, type: list, role: primary}\n  - {id: ad, type: image}\nlayouts:\n  compact-regular: {presentation: list, hidden: [ad]}\n  compact-compact: {presentation: list, hidden: [feed, ad]}\n  regular-compact: {presentation: list, hidden: [feed]}\n"
        let findings = found(id, in: yaml)
        XCTAssertEqual(findings.count, 1)
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(finding.message, "primary element \"feed\" is hidden in compact-compact, regular-compact")
        XCTAssertEqual(finding.element, "feed")
        XCTAssertEqual([finding.line, finding.column], [3, 5])
        XCTAssertEqual(finding.severity, .error)

        XCTAssertEqual(count(id, "screen: A\nelements:\n  - {id: feed, type: list, role: primary}\nlayouts:\n  compact-regular: {hidden: [other]}\n"), 0)
        XCTAssertEqual(count(id, "screen: A\nelements:\n  - {id: feed, type: list}\nlayouts:\n  compact-regular: {hidden: [feed]}\n"), 0)
    }

    // MARK: - orientation.size-class-gap

    private func gap(device: String, orientations list: String, layouts: [String]) -> String {
        "screen: A\ndevice: \(device)\norientations: \(list)\nlayouts:\n"
            + layouts.map { "  \($0): {presentation: list}\n" }.joined()
    }

    func testSizeClassesReachedByDeviceAndOrientation() {
        let id = "orientation.size-class-gap"
        // iPhone Plus in landscape reaches regular-compact; a plain iPhone reaches compact-compact.
        XCTAssertEqual(count(id, gap(device: "iphone-plus", orientations: "[landscape-left]", layouts: ["regular-compact"])), 0)
        XCTAssertEqual(count(id, gap(device: "iphone-plus", orientations: "[landscape-left]", layouts: ["compact-compact"])), 1)
        XCTAssertEqual(count(id, gap(device: "iphone", orientations: "[landscape-right]", layouts: ["compact-compact"])), 0)
        XCTAssertEqual(count(id, gap(device: "iphone", orientations: "[landscape-right]", layouts: ["regular-compact"])), 1)
        // Portrait is compact-regular on every iPhone (Apple's table, not the seed's translation).
        XCTAssertEqual(count(id, gap(device: "iphone-plus", orientations: "[portrait]", layouts: ["compact-regular"])), 0)
        XCTAssertEqual(count(id, gap(device: "iphone", orientations: "[portrait, portrait-upside-down]", layouts: ["compact-regular"])), 0)
        // iPad is regular-regular both ways.
        XCTAssertEqual(count(id, gap(device: "ipad", orientations: "[portrait, landscape-left]", layouts: ["regular-regular"])), 0)
        XCTAssertEqual(count(id, gap(device: "ipad", orientations: "[portrait]", layouts: ["compact-regular"])), 1)
        // A variant for a class the screen never reaches is not a gap, nor is it required.
        XCTAssertEqual(count(id, gap(device: "iphone", orientations: "[portrait]", layouts: ["compact-regular", "regular-regular"])), 0)
    }

    func testOneFindingNamesEveryMissingClass() throws {
        let yaml = gap(device: "universal", orientations: "[portrait, landscape-left]", layouts: ["compact-regular"])
        let findings = found("orientation.size-class-gap", in: yaml)
        XCTAssertEqual(findings.count, 1)
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(finding.message,
                       "layouts has no variant for compact-compact (iphone in landscape-left), regular-compact (iphone-plus in landscape-left), regular-regular (ipad in portrait, landscape-left)")
        XCTAssertEqual([finding.line, finding.column], [5, 3])
    }

    func testGapMessageNamesWhoReachesEachClass() throws {
        let yaml = gap(device: "universal", orientations: "[portrait, portrait-upside-down, landscape-right, portrait]", layouts: ["regular-regular"])
        let finding = try XCTUnwrap(found("orientation.size-class-gap", in: yaml).first)
        XCTAssertEqual(finding.message,
                       "layouts has no variant for compact-regular (iphone, iphone-plus in portrait, portrait-upside-down), compact-compact (iphone in landscape-right), regular-compact (iphone-plus in landscape-right)")
    }

    func testNoLayoutsNoGap() {
        XCTAssertEqual(count("orientation.size-class-gap", "screen: A\ndevice: universal\norientations: [portrait, landscape-left]\n"), 0)
        // An empty `layouts` still plans per size class, and plans nothing.
        XCTAssertEqual(count("orientation.size-class-gap", "screen: A\nlayouts: {}\n"), 1)
    }

    // MARK: - orientation.rotate-prompt's patterns

    /// The rotate-prompt patterns on a plainly built string: each word lower-cased, each gap
    /// between words `_` when it is all white space and `#` otherwise, so a pattern is found
    /// as whole words parted by white space only.
    private func plainPrompt(_ label: String) -> String? {
        if label.contains("旋转") { return "旋转" }
        if label.contains("旋轉") { return "旋轉" }
        var words: [String] = []
        var gaps: [Bool] = []
        var word = ""
        var gapIsBlank = true
        for character in label {
            if character.isLetter || character.isNumber {
                if word.isEmpty, !words.isEmpty { gaps.append(gapIsBlank) }
                word.append(character)
            } else {
                if !word.isEmpty {
                    words.append(word.lowercased())
                    word = ""
                    gapIsBlank = true
                }
                if !character.isWhitespace { gapIsBlank = false }
            }
        }
        if !word.isEmpty {
            if !words.isEmpty, gaps.count < words.count { gaps.append(gapIsBlank) }
            words.append(word.lowercased())
        }
        guard words.count >= 3 else { return nil }
        let devices: Set<String> = ["device", "phone", "iphone", "ipad", "screen"]
        for start in 0...(words.count - 3) where gaps[start] && gaps[start + 1] {
            let (a, b, c) = (words[start], words[start + 1], words[start + 2])
            if (a == "rotate" || a == "turn") && (b == "your" || b == "the") && devices.contains(c)
                || a == "rotate" && b == "to" && (c == "landscape" || c == "portrait") {
                return "\(a) \(b) \(c)"
            }
        }
        return nil
    }

    /// The rule cuts labels into words after a quick byte test; it must find what the plain search finds.
    func testRotatePromptAnswersAsThePlainSearch() {
        var texts = TextVariants.sequences
        for template in ["_rotate your device_", "rotate_your device_", "turn your_device", "_rotate the_device",
                         "_turn the iphone_", "rotate_to landscape_", "_rotate to_portrait"] {
            texts += TextVariants.everyASCIIByteAround(template)
        }
        let wrong = texts.filter { RotatePromptRule.prompt(in: $0) != plainPrompt($0) }
        XCTAssertEqual(wrong.count, 0, "\(wrong.prefix(10).map(\.debugDescription))")
        XCTAssertEqual(RotatePromptRule.prompt(in: "ROTATE \t\r\n THE\u{0B}device, please"), "rotate the device")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Rotate the devicé"), nil, "é is one character, not e")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Rotate\u{A0}your device"), "rotate your device", "Unicode blank")
    }

    /// Version 2's phrasings: either verb, either determiner, five device words, as whole words.
    func testRotatePromptPhrasings() {
        XCTAssertEqual(RotatePromptRule.prompt(in: "Turn your phone sideways"), "turn your phone")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Please turn the iPad."), "turn the ipad")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Rotate your iPhone"), "rotate your iphone")
        XCTAssertEqual(RotatePromptRule.prompt(in: "rotate the screen"), "rotate the screen")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Rotate to Portrait"), "rotate to portrait")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Best played: rotate to landscape!"), "rotate to landscape")
        XCTAssertEqual(RotatePromptRule.prompt(in: "请旋转手机"), "旋转")
        XCTAssertEqual(RotatePromptRule.prompt(in: "請旋轉裝置"), "旋轉")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Rotate your screenshot"), nil, "whole words")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Return your device"), nil, "whole words")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Turn your devices off"), nil, "whole words")
        XCTAssertEqual(RotatePromptRule.prompt(in: "rotate-your-device"), nil, "parted by white space only")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Rotate to landscapes"), nil)
        XCTAssertEqual(RotatePromptRule.prompt(in: "Rotate towards landscape"), nil)
        XCTAssertEqual(RotatePromptRule.prompt(in: "Turn my phone"), nil)
        XCTAssertEqual(RotatePromptRule.prompt(in: "Rotate the photo with two fingers"), nil)
    }
}
