/// One entry of an `ignore` list that names a known rule or plugin but has, so far,
/// suppressed no finding. The file review keeps these in the screen's summary; the
/// project pass, which sees the last findings that could use them, reports those left.
public struct IgnoreEntry: Sendable, Hashable {
    public var name: String
    public var mark: Mark
    /// The element whose `ignore` holds the entry; nil for `review.ignore`.
    public var element: String?
    /// What suppresses a finding about the entry itself: the element's `ignore` entries
    /// and its ancestors' (the screen's come from the summary), with their marks.
    public var suppressed: [String]
    public var suppressionMarks: [Mark]

    public init(name: String, mark: Mark, element: String?, suppressed: [String], suppressionMarks: [Mark]) {
        self.name = name
        self.mark = mark
        self.element = element
        self.suppressed = suppressed
        self.suppressionMarks = suppressionMarks
    }
}

/// Which `ignore` entries of one screen have suppressed a finding. Entries are told
/// apart by where they are written: an entry shared through an alias is one entry.
struct IgnoreUsage {
    let screenNames: [String]
    let screenMarks: [Mark]
    private(set) var used: Set<Mark> = []

    init(screenNames: [String], screenMarks: [Mark]) {
        self.screenNames = screenNames
        self.screenMarks = screenMarks
    }

    /// Whether the screen's list or `names` (an element's, with its ancestors') suppress a
    /// finding of `rule`. Every matching entry counts as used, not only the first: two
    /// entries that each would suppress the finding are both doing their job.
    mutating func suppresses(_ rule: RuleDescription, names: [String], marks: [Mark], except excluded: Mark? = nil) -> Bool {
        if screenNames.isEmpty, names.isEmpty { return false }
        var suppressed = false
        note(rule, screenNames, screenMarks, except: excluded, &suppressed)
        note(rule, names, marks, except: excluded, &suppressed)
        return suppressed
    }

    private mutating func note(_ rule: RuleDescription, _ names: [String], _ marks: [Mark], except excluded: Mark?, _ suppressed: inout Bool) {
        for index in names.indices where names[index] == rule.id || names[index] == rule.plugin {
            // Marks are missing only for a violation a rule built by hand; it still suppresses.
            if index < marks.count {
                if marks[index] == excluded { continue }
                used.insert(marks[index])
            }
            suppressed = true
        }
    }

    /// The entries of `screen` naming a known rule or plugin that suppressed nothing here.
    func unused(in screen: Screen, known: Set<String>) -> [IgnoreEntry] {
        var entries: [IgnoreEntry] = []
        var seen: Set<Mark> = []
        for (name, mark) in zip(screen.review.ignore, screen.review.ignoreMarks)
        where known.contains(name) && !used.contains(mark) && seen.insert(mark).inserted {
            entries.append(IgnoreEntry(name: name, mark: mark, element: nil, suppressed: [], suppressionMarks: []))
        }
        for element in screen.allElements where !element.ignore.isEmpty {
            for (name, mark) in zip(element.ignore, element.ignoreMarks)
            where known.contains(name) && !used.contains(mark) && seen.insert(mark).inserted {
                entries.append(IgnoreEntry(
                    name: name, mark: mark, element: element.name, suppressed: element.suppressed,
                    suppressionMarks: element.suppressionMarks))
            }
        }
        return entries
    }
}
