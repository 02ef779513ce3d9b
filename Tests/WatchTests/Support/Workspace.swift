import Foundation
import XCTest

/// A temporary directory for one test: the spec tree lives in `tree/`, the
/// live report in `out/`, and both the daemon and `check` run from the top,
/// so findings name files `tree/...` in both.
///
/// Everything is created world-readable, so the daemon can also run as
/// `nobody` (root reads every file; permission problems need another user).
final class Workspace {
    let url: URL
    var path: String { url.path }

    init() throws {
        let base = URL(fileURLWithPath: "/tmp", isDirectory: true)
        url = base.appendingPathComponent("higlint-watch-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try mkdir("tree")
        try mkdir("out")
    }

    deinit {
        // Restore permissions a test removed, then delete everything.
        if let walker = FileManager.default.enumerator(atPath: url.path) {
            Self.restore(url.path)
            while let relative = walker.nextObject() as? String {
                Self.restore(url.appendingPathComponent(relative).path)
            }
        }
        try? FileManager.default.removeItem(at: url)
    }

    func at(_ relative: String) -> String {
        url.appendingPathComponent(relative).path
    }

    func mkdir(_ relative: String) throws {
        try FileManager.default.createDirectory(
            atPath: at(relative), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    }

    /// Writes in place (open, truncate, write, close), creating parent directories.
    func write(_ relative: String, _ contents: String) throws {
        let path = at(relative)
        try mkdir((relative as NSString).deletingLastPathComponent)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WorkspaceError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let bytes = Array(contents.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { throw WorkspaceError("cannot write \(path)") }
            written += count
        }
    }

    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: at(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    func rename(_ from: String, _ to: String) throws {
        guard Foundation.rename(at(from), at(to)) == 0 else {
            throw WorkspaceError("cannot rename \(from) to \(to): \(String(cString: strerror(errno)))")
        }
    }

    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: at(relative))
    }

    func symlink(_ relative: String, to target: String) throws {
        guard Foundation.symlink(target, at(relative)) == 0 else {
            throw WorkspaceError("cannot link \(relative): \(String(cString: strerror(errno)))")
        }
    }

    func chmod(_ relative: String, _ mode: mode_t) throws {
        guard Foundation.chmod(at(relative), mode) == 0 else {
            throw WorkspaceError("cannot chmod \(relative): \(String(cString: strerror(errno)))")
        }
    }

    private static func restore(_ absolute: String) {
        var info = stat()
        guard lstat(absolute, &info) == 0, info.st_mode & S_IFMT != S_IFLNK else { return }
        _ = Foundation.chmod(absolute, 0o755)
    }

    /// Gives a path to `nobody`, for tests that run the daemon as that user.
    func giveToNobody(_ relative: String) throws {
        guard chown(at(relative), 65534, 65534) == 0 else { throw WorkspaceError("cannot chown \(relative)") }
    }
}

struct WorkspaceError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Small specs whose findings change with their arguments, so each edit shows in the report.
enum Specs {
    /// A screen with one button; under 44 pt it is a `buttons.hit-target` error.
    static func screen(_ name: String, button: Int = 44, parent: String? = nil) -> String {
        var text = "screen: \(name)\n"
        if let parent { text += "parent: \(parent)\n" }
        text += "elements:\n  - { id: go, type: button, label: Go, frame: [10, 100, \(button), \(button)] }\n"
        return text
    }

    static let broken = "screen: [unclosed\n"
}

/// Polls until `condition` holds, every 10 ms for up to `seconds`: never a
/// bare sleep as synchronisation, and no assertion on how long it took.
func waitUntil(
    _ what: @autoclosure () -> String, seconds: Double = 30, file: StaticString = #filePath, line: UInt = #line,
    _ condition: () throws -> Bool
) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return }
        usleep(10_000)
    }
    if try condition() { return }
    throw WorkspaceError("timed out after \(Int(seconds)) s waiting for \(what())")
}
