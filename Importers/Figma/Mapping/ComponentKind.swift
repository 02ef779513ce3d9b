import HiglintCore

/// What a component's name (or its set's, or a variant's properties) says an instance is.
/// Only these words count, as whole words in any case, however they are joined (`Button`,
/// `Buttons/Primary`, `text-field`, `TextField`, `Toggle=On`); a name that says none of them
/// says nothing, whatever the instance looks like.
enum ComponentKind: Sendable, Equatable {
    case control(ElementType)
    case navigationBar
    case toolbar
    case tabBar

    /// Phrases as lower-case words, longer phrases first so that `tab bar` is not read as a bar.
    private static let phrases: [([String], ComponentKind)] = [
        (["text", "field"], .control(.textField)),
        (["textfield"], .control(.textField)),
        (["navigation", "bar"], .navigationBar),
        (["navigationbar"], .navigationBar),
        (["nav", "bar"], .navigationBar),
        (["navbar"], .navigationBar),
        (["tab", "bar"], .tabBar),
        (["tabbar"], .tabBar),
        (["toolbar"], .toolbar),
        (["tool", "bar"], .toolbar),
        (["button"], .control(.button)),
        (["buttons"], .control(.button)),
        (["switch"], .control(.switch)),
        (["toggle"], .control(.switch)),
    ]

    /// The kind the first name that says one gives; within a name, the phrase that starts first.
    static func of(names: [String]) -> ComponentKind? {
        for name in names {
            let words = Self.words(name)
            var best: (position: Int, length: Int, kind: ComponentKind)?
            for (phrase, kind) in phrases {
                guard phrase.count <= words.count else { continue }
                for start in 0...(words.count - phrase.count) where Array(words[start..<(start + phrase.count)]) == phrase {
                    if best.map({ start < $0.position || (start == $0.position && phrase.count > $0.length) }) ?? true {
                        best = (start, phrase.count, kind)
                    }
                    break
                }
            }
            if let best { return best.kind }
        }
        return nil
    }

    /// Lower-case words: split at anything not a letter or digit, and where a lower-case
    /// letter or digit meets an upper-case one (`TextField` is `text field`).
    static func words(_ name: String) -> [String] {
        var out: [String] = []
        var current = ""
        var previousLower = false
        for character in name {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { out.append(current) }
                current = ""
                previousLower = false
                continue
            }
            if character.isUppercase, previousLower, !current.isEmpty {
                out.append(current)
                current = ""
            }
            current += character.lowercased()
            previousLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { out.append(current) }
        return out
    }
}
