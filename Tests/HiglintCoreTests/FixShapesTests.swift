@testable import HiglintCore
import HiglintPlugins
import TestSupport
import XCTest

/// Screens written in many hands at once, seeded: indentation, flow or block maps and
/// lists, quoting, comments, blank lines, line ends and a byte-order mark chosen at
/// random. Every fix must leave the file loading, the fixed rules silent, every comment
/// and every line end where it was, and nothing more to do.
final class FixShapesTests: XCTestCase {
    let engine = Engine(plugins: BuiltinPlugins.all, config: Config())
    let file = SpecFile(path: "spec.yaml", displayPath: "spec.yaml")

    private struct Writer {
        var random: SeededGenerator
        let indent: String
        let lineEnd: String

        init(seed: UInt64) {
            random = SeededGenerator(seed: seed)
            indent = ["  ", "    ", " "].randomElement(using: &random) ?? "  "
            lineEnd = ["\n", "\r\n", "\r"].randomElement(using: &random) ?? "\n"
        }

        mutating func chance() -> Bool { Bool.random(using: &random) }

        mutating func word(_ word: String) -> String {
            switch Int.random(in: 0..<3, using: &random) {
            case 0: return "'\(word)'"
            case 1: return "\"\(word)\""
            default: return word
            }
        }

        mutating func comment() -> String { chance() ? "  # note \(Int.random(in: 0..<100, using: &random))" : "" }

        /// A map as flow (`{a: 1, b: 2}`) or block lines at `depth`, in random style.
        mutating func map(_ entries: [(String, String)], depth: Int) -> (inline: String?, lines: [String]) {
            if chance() {
                return ("{" + entries.map { "\($0.0): \($0.1)" }.joined(separator: chance() ? ", " : ",  ") + "}", [])
            }
            let pad = String(repeating: indent, count: depth)
            return (nil, entries.map { "\(pad)\($0.0): \($0.1)\(comment())" })
        }

        mutating func key(_ name: String, _ value: (inline: String?, lines: [String]), depth: Int) -> [String] {
            let pad = String(repeating: indent, count: depth)
            if let inline = value.inline { return ["\(pad)\(name): \(inline)\(comment())"] }
            return ["\(pad)\(name):\(comment())"] + value.lines
        }
    }

    private func screen(seed: UInt64) -> String {
        var writer = Writer(seed: seed)
        var lines = ["# a spec written by hand \(seed)", "screen: Player\(writer.comment())", "kind: fullscreen-media"]
        if writer.chance() { lines.append("") }
        let orientations = writer.chance() ? ["landscape-left"] : ["portrait", writer.word("landscape-right")]
        if writer.chance() {
            lines.append("orientations: [\(orientations.joined(separator: ", "))]\(writer.comment())")
        } else {
            lines.append("orientations:\(writer.comment())")
            lines += orientations.map { "\(writer.indent)- \($0)\(writer.comment())" }
        }
        lines += writer.key("status_bar", writer.map([("hidden", "true")], depth: 1), depth: 0)
        lines += writer.key("navigation_bar", writer.map([("title", writer.word("Player")), ("height", "44")], depth: 1), depth: 0)
        lines.append("elements:")
        let pad = writer.indent
        lines.append("\(pad)- id: caption\(writer.comment())")
        lines.append("\(pad)  type: text")
        lines += writer.key("font", writer.map([("size", "9"), ("weight", writer.word("light"))], depth: 2), depth: 1)
            .map { String($0.dropFirst(pad.count)) }.map { "\(pad)  \($0)" }
        if writer.chance() { lines.append("") }
        lines.append("\(pad)- {id: play, type: button, frame: [100, 300, 30, 30]}\(writer.comment())")
        let body = lines.joined(separator: writer.lineEnd) + (writer.chance() ? writer.lineEnd : "")
        return (writer.chance() ? "\u{FEFF}" : "") + body
    }

    private func comments(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            .compactMap { line in line.firstRange(of: "#").map { line[$0.lowerBound...] } }
    }

    /// The kinds of line break a text uses: CRLF, LF alone, CR alone.
    private func breaks(_ bytes: [UInt8]) -> Set<String> {
        var kinds: Set<String> = []
        for index in bytes.indices {
            if bytes[index] == 0x0D { kinds.insert(index + 1 < bytes.count && bytes[index + 1] == 0x0A ? "CRLF" : "CR") }
            if bytes[index] == 0x0A, index == 0 || bytes[index - 1] != 0x0D { kinds.insert("LF") }
        }
        return kinds
    }

    func testFixesHoldInEveryShape() throws {
        let fixable: Set<String> = [
            "orientation.missing-variant", "bars.status-bar-no-reveal", "bars.fixed-height", "text.min-size",
            "text.light-weight", "buttons.hit-target",
        ]
        for seed in UInt64(1)...200 {
            let spec = screen(seed: seed)
            let before = engine.review(Array(spec.utf8), file: file).findings
            XCTAssertFalse(before.contains { $0.rule.hasPrefix("spec.") }, "seed \(seed): \(before.map(\.message))\n\(spec)")
            let found = Set(before.filter { $0.fix != nil }.map(\.rule))
            XCTAssertEqual(found.intersection(fixable), found, "seed \(seed)")
            XCTAssertTrue(found.isSuperset(of: fixable.subtracting(["orientation.missing-variant"])), "seed \(seed): \(found)\n\(spec)")
            let outcome = FixLoop.run(Array(spec.utf8), applying: [.safe]) { self.engine.review($0, file: self.file).findings }
            let text = String(decoding: outcome.text, as: UTF8.self)
            XCTAssertEqual(outcome.warnings, [], "seed \(seed)")
            guard case .success = YAMLLoader.load(outcome.text) else {
                XCTFail("seed \(seed) no longer loads:\n\(text)")
                continue
            }
            let after = engine.review(outcome.text, file: file).findings
            XCTAssertFalse(after.contains { fixable.contains($0.rule) || $0.rule.hasPrefix("spec.") }, "seed \(seed): \(after.map(\.message))\n\(text)")
            XCTAssertEqual(comments(text), comments(spec), "seed \(seed)")
            XCTAssertEqual(text.hasPrefix("\u{FEFF}"), spec.hasPrefix("\u{FEFF}"))
            // Every break of the result is the file's own kind.
            XCTAssertEqual(breaks(outcome.text), breaks(Array(spec.utf8)), "seed \(seed)")
            XCTAssertEqual(FixLoop.run(outcome.text, applying: [.safe]) { self.engine.review($0, file: self.file).findings }.fixed, 0)
        }
    }
}
