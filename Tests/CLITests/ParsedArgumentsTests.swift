@testable import higlint
import XCTest

/// The parser against one declaration, without a process: the spellings it takes and what it refuses.
final class ParsedArgumentsTests: XCTestCase {
    static let mode = Option(
        name: "mode", shortName: "m", value: .choice(placeholder: "MODE", values: ["fast", "slow"], defaultValue: "fast"),
        summary: "how")
    static let file = Option(name: "file", shortName: "o", value: .file, summary: "where")
    static let loud = Option(name: "loud", shortName: "l", value: .none, summary: "say more")
    static let declaration = CommandDeclaration(
        name: "try", operands: Operands(placeholder: "PATH", count: .any), summary: "", description: "",
        options: [mode, file, loud])

    private func parse(_ arguments: [String]) throws -> ParsedArguments {
        try ParsedArguments(arguments, for: Self.declaration)
    }

    func testEverySpellingOfAValue() throws {
        for spelling in [["--file", "a"], ["--file=a"], ["-o", "a"], ["-oa"], ["-o=a"], ["-lo", "a"], ["-loa"]] {
            XCTAssertEqual(try parse(spelling).value(Self.file), "a", "\(spelling)")
        }
        XCTAssertEqual(try parse(["--file="]).value(Self.file), "", "an empty value is a value")
        XCTAssertEqual(try parse(["-o", "-"]).value(Self.file), "-", "a value may start with a dash")
    }

    func testDefaultsLastValueAndOrder() throws {
        let none = try parse([])
        XCTAssertEqual(none.value(Self.mode), "fast")
        XCTAssertNil(none.value(Self.file))
        XCTAssertFalse(none.isSet(Self.mode))
        let twice = try parse(["-o", "a", "x", "--file", "b", "-m", "slow", "y"])
        XCTAssertEqual(twice.value(Self.file), "b")
        XCTAssertEqual(twice.values(Self.file), ["a", "b"])
        XCTAssertEqual(twice.value(Self.mode), "slow")
        XCTAssertEqual(twice.operands, ["x", "y"])
    }

    func testOperandsAfterTheDoubleDashAndTheLoneDash() throws {
        let parsed = try parse(["-", "--", "--loud", "-o"])
        XCTAssertEqual(parsed.operands, ["-", "--loud", "-o"])
        XCTAssertFalse(parsed.isSet(Self.loud))
    }

    func testRefusals() {
        let refused: [([String], String)] = [
            (["--lodu"], "unknown option --lodu; did you mean --loud?"),
            (["-loud"], "unknown option -loud; did you mean --loud?"),
            (["-x"], "unknown option -x"),
            (["-lx"], "unknown option -x"),
            (["--loud=yes"], "--loud takes no value"),
            (["--file"], "--file needs a value"),
            (["-o"], "-o needs a value"),
            (["--mode", "fats"], "--mode takes fast or slow; did you mean fast?"),
            (["-mquick"], "--mode takes fast or slow"),
        ]
        for (arguments, message) in refused {
            XCTAssertThrowsError(try parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.description, message)
            }
        }
    }

    func testOperandCounts() throws {
        func declaration(_ count: Operands.Count) -> CommandDeclaration {
            CommandDeclaration(
                name: "try", operands: Operands(placeholder: "RULE", count: count), summary: "", description: "", options: [])
        }
        XCTAssertThrowsError(try ParsedArguments(["a"], for: declaration(.none)))
        XCTAssertNoThrow(try ParsedArguments([], for: declaration(.optionalOne)))
        XCTAssertThrowsError(try ParsedArguments(["a", "b"], for: declaration(.optionalOne)))
        XCTAssertThrowsError(try ParsedArguments([], for: declaration(.exactlyOne))) { error in
            XCTAssertEqual((error as? UsageError)?.description, "needs a RULE")
        }
        XCTAssertNoThrow(try ParsedArguments(["--help"], for: declaration(.exactlyOne)), "help needs no operand")
    }
}
