import HiglintCore

/// One target's build settings for one configuration, as Xcode layers them: the target's
/// own settings, then its xcconfig, then the project's settings, then the project's
/// xcconfig; the first layer that sets a key wins, and `$(inherited)` reaches below it.
struct BuildSettings: Sendable {
    /// Highest precedence first.
    var layers: [[String: String]]
    /// What `$(SRCROOT)`, `$(TARGET_NAME)` and the like stand for when no layer sets them.
    var builtins: [String: String]

    static let maximumExpansionDepth = 8

    /// The value of `key`, with `$(inherited)` and other settings expanded; nil when no
    /// layer sets it or when it names a setting nobody sets (the value is then unknown,
    /// not the empty string Xcode would substitute: an unresolved path must not name a file).
    func value(_ key: String) -> String? {
        value(key, from: 0, depth: 0)
    }

    /// Whether the value of `key` is made from other settings (`$(...)`): a note may then
    /// name the setting but never print its value, which could be anything those hold.
    func isExpanded(_ key: String) -> Bool {
        layers.first { $0[key] != nil }?[key]?.contains("$") ?? false
    }

    private func value(_ key: String, from start: Int, depth: Int) -> String? {
        guard depth <= Self.maximumExpansionDepth else { return nil }
        for position in layers.indices.dropFirst(start) {
            guard let raw = layers[position][key] else { continue }
            return expand(raw, key: key, layer: position, depth: depth)
        }
        return builtins[key]
    }

    private func expand(_ raw: String, key: String, layer: Int, depth: Int) -> String? {
        var out = ""
        var rest = Substring(raw)
        while let dollar = rest.firstIndex(of: "$") {
            out += rest[..<dollar]
            let afterDollar = rest.index(after: dollar)
            guard afterDollar < rest.endIndex else {
                out += "$"
                rest = rest[afterDollar...]
                break
            }
            let open = rest[afterDollar]
            let close: Character
            switch open {
            case "(": close = ")"
            case "{": close = "}"
            default:
                out += "$"
                rest = rest[afterDollar...]
                continue
            }
            let nameStart = rest.index(after: afterDollar)
            guard let end = rest[nameStart...].firstIndex(of: close) else { return nil }
            let name = String(rest[nameStart..<end])
            rest = rest[rest.index(after: end)...]
            let replacement: String?
            if name == "inherited" {
                replacement = value(key, from: layer + 1, depth: depth + 1) ?? ""
            } else if name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                replacement = value(name, from: 0, depth: depth + 1)
            } else {
                // `$(NAME:modifier)` and nested forms: not evaluated here.
                replacement = nil
            }
            guard let replacement else { return nil }
            out += replacement
        }
        out += rest
        return out.trimmingSpaces()
    }

    /// `KEY[sdk=iphoneos*]`: set only under a condition. By bytes when ASCII, where
    /// `containsText` made two arrays of every key.
    static func isConditional(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? bytes.contains(UInt8(ascii: "[")) : nil
        } ?? key.containsText("[")
    }

    /// Settings of an XCBuildConfiguration's `buildSettings`, as text. A list is joined by
    /// spaces, as Xcode reads it; conditional keys (`KEY[sdk=iphoneos*]`) are left out,
    /// since which condition holds is not known here.
    static func layer(_ settings: [String: PropertyList]?) -> [String: String] {
        var out: [String: String] = [:]
        for (key, value) in settings ?? [:] where !isConditional(key) {
            switch value {
            case .string(let text), .number(let text): out[key] = text
            case .array(let items): out[key] = items.compactMap(\.string).joined(separator: " ")
            case .bool(let flag): out[key] = flag ? "YES" : "NO"
            default: continue
            }
        }
        return out
    }
}

/// Reads `.xcconfig` files: `KEY = VALUE` lines, `//` comments, `#include "file"`
/// (and `#include?`) relative to the including file, bounded in depth and in size.
enum XCConfigReader {
    static let maximumIncludeDepth = 8
    static let maximumBytes = 1 << 20

    struct Reading: Sendable {
        var settings: [String: String] = [:]
        /// Every file read, in order, for `AppFactsLocator.sources`.
        var files: [String] = []
        /// Files named but not readable (a CocoaPods xcconfig before `pod install`).
        var missing: [String] = []
        /// Files an `#include?` names that are not there: nothing is missing, but the
        /// settings change once one appears.
        var absent: [String] = []
        /// Each `#include` of a file outside the project root, as `FILE:LINE` of the include
        /// (the name it gives is not repeated: it could be anything).
        var outside: [String] = []
    }

    static func read(_ path: String, root: ProjectRoot) -> Reading {
        var reading = Reading()
        read(path, depth: 0, optional: false, root: root, into: &reading)
        return reading
    }

    private static func read(_ path: String, depth: Int, optional: Bool, root: ProjectRoot, into reading: inout Reading) {
        guard depth <= maximumIncludeDepth, !reading.files.contains(path) else { return }
        guard case .success(let bytes) = FileReader.read(path, maxBytes: maximumBytes) else {
            // `#include?` names a file that may be absent; its absence says nothing.
            if optional {
                reading.absent.append(path)
            } else {
                reading.missing.append(path)
            }
            return
        }
        reading.files.append(path)
        let directory = FileSystem.directory(of: path)
        for (number, rawLine) in String(decoding: bytes, as: UTF8.self).split(
            omittingEmptySubsequences: false, whereSeparator: \.isNewline
        ).enumerated() {
            var line = Substring(rawLine)
            if let comment = line.firstRange(of: "//") { line = line[..<comment.lowerBound] }
            let text = line.trimmingSpaces()
            if text.hasPrefix("#include") {
                guard let open = text.firstIndex(of: "\""),
                      let close = text[text.index(after: open)...].firstIndex(of: "\"")
                else { continue }
                let included = FileSystem.absolute(String(text[text.index(after: open)..<close]), relativeTo: directory)
                guard root.contains(included) else {
                    reading.outside.append("\(path):\(number + 1)")
                    continue
                }
                // `<...>` includes name files in the developer directory, which is not here.
                read(included, depth: depth + 1, optional: text.hasPrefix("#include?"), root: root, into: &reading)
                continue
            }
            guard let equals = text.firstIndex(of: "=") else { continue }
            let key = text[..<equals].trimmingSpaces()
            guard !key.isEmpty, !key.containsText("["), key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                continue
            }
            reading.settings[key] = text[text.index(after: equals)...].trimmingSpaces()
        }
    }
}

extension StringProtocol {
    fileprivate func trimmingSpaces() -> String {
        var start = startIndex
        var end = endIndex
        while start < end, self[start] == " " || self[start] == "\t" { start = index(after: start) }
        while end > start, self[index(before: end)] == " " || self[index(before: end)] == "\t" { end = index(before: end) }
        return String(self[start..<end])
    }
}
