@testable import higlint
import XCTest

/// The one line `check` prints when SwiftUI source is found and the binary has no SwiftUI
/// importer: what it says and which files count. (A build with the importer never prints it.)
final class SwiftUIAbsenceTests: XCTestCase {
    func testTheNoteCountsTheFilesOnOneLine() {
        XCTAssertNil(SwiftUIAbsence.note(count: 0))
        let one = SwiftUIAbsence.note(count: 1) ?? ""
        XCTAssertTrue(one.hasPrefix("1 .swift file imports SwiftUI and is not reviewed: this higlint was built without the SwiftUI importer"), one)
        XCTAssertTrue(SwiftUIAbsence.note(count: 3)?.hasPrefix("3 .swift files import SwiftUI and are not reviewed") ?? false)
        XCTAssertFalse(one.contains("\n"))
    }

    func testOnlyAnImportOfSwiftUIOnALineOfItsOwnCounts() {
        XCTAssertTrue(SwiftUIAbsence.importsSwiftUI(Array("import Foundation\nimport SwiftUI\n".utf8)))
        XCTAssertTrue(SwiftUIAbsence.importsSwiftUI(Array("@preconcurrency import SwiftUI\r\n".utf8)))
        XCTAssertTrue(SwiftUIAbsence.importsSwiftUI(Array("  import SwiftUI // views".utf8)))
        XCTAssertFalse(SwiftUIAbsence.importsSwiftUI(Array("import SwiftUIKit\n".utf8)))
        XCTAssertFalse(SwiftUIAbsence.importsSwiftUI(Array("// import SwiftUI\nlet x = 1\n".utf8)))
        XCTAssertFalse(SwiftUIAbsence.importsSwiftUI(Array("let s = \"import SwiftUI\"\n".utf8)))
    }

    func testTheFilesAreTheKeptSwiftNamesInPathOrder() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-absence-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("import SwiftUI\nstruct A: View {}\n".utf8).write(to: directory.appendingPathComponent("A.swift"))
        try Data("import Foundation\n".utf8).write(to: directory.appendingPathComponent("B.swift"))
        let files = SwiftUIAbsence.swiftFiles(in: [directory.path: ["B.swift", "App.xcodeproj", "A.swift"]])
        XCTAssertEqual(files.map { ($0 as NSString).lastPathComponent }, ["A.swift", "B.swift"])
        XCTAssertEqual(SwiftUIAbsence.count(files + [directory.appendingPathComponent("gone.swift").path]), 1)
    }
}
