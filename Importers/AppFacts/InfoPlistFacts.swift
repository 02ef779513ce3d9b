import HiglintCore

/// What an app's Info.plist itself says, and where: the facts it gives every screen of the
/// app, read from the file alone (its orientations for iPhone and iPad, whether it hides the
/// status bar), with the line of each key, so that a finding about the app is reported once,
/// at the key, rather than on every screen.
public struct InfoPlistFacts: Sendable, Equatable {
    public var facts: AppFacts
    /// Whether the file lists orientations for iPad of their own (`~ipad`): the app runs there.
    public var hasPadOrientations: Bool
    /// Where each of `screenKeys` is written (`<key>NAME</key>`), the first time.
    public var marks: [String: Mark]

    /// The keys an app's screens take facts from; a plist with none of them says nothing of
    /// any screen (a framework's, a test bundle's, an extension's).
    public static let screenKeys = [
        "UISupportedInterfaceOrientations", "UISupportedInterfaceOrientations~iphone",
        "UISupportedInterfaceOrientations~ipad", "UIStatusBarHidden",
    ]

    /// Nil when the bytes are not an XML property list with a dictionary at the top.
    public static func read(_ bytes: [UInt8]) -> InfoPlistFacts? {
        guard case .success(let value) = XMLPropertyListReader.parse(bytes), let entries = value.dictionary else { return nil }
        let settings = BuildSettings(layers: [], builtins: [:])
        let facts = TargetFacts.facts(settings: settings, infoPlist: .read(entries))
        return InfoPlistFacts(
            facts: facts, hasPadOrientations: entries["UISupportedInterfaceOrientations~ipad"] != nil,
            marks: keyMarks(bytes))
    }

    /// `<key>NAME</key>` to the `<` of its tag, for the keys a finding can be about.
    static func keyMarks(_ bytes: [UInt8]) -> [String: Mark] {
        var marks: [String: Mark] = [:]
        var line = 1
        var lineStart = 0
        var index = 0
        let open = Array("<key>".utf8)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            } else if bytes[index] == UInt8(ascii: "<"), bytes[index...].starts(with: open) {
                let start = index + open.count
                if let end = bytes[start...].firstIndex(of: UInt8(ascii: "<")) {
                    let name = String(decoding: bytes[start..<end], as: UTF8.self)
                    if screenKeys.contains(name), marks[name] == nil {
                        // Columns count characters: UTF-8 continuation bytes are not characters.
                        let column = 1 + bytes[lineStart..<index].filter { $0 & 0xC0 != 0x80 }.count
                        marks[name] = Mark(line: line, column: column)
                    }
                    index = end
                    continue
                }
            }
            index += 1
        }
        return marks
    }
}
