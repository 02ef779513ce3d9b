import HiglintCore
import Synchronization

/// What it takes to write an element's note later: the IB element it came from and the
/// label the note quotes. A screen keeps one for each element it notes and writes a note
/// only when a finding (or `higlint import`) asks for it, with `ViewMapper.note`, so the
/// words are those it would have written up front.
struct NoteRecord: Sendable {
    var id: String
    var element: XMLElement
    var label: String?
}

/// A screen's note records, looked up by element name. A later record for a name replaces
/// an earlier one, as writing the notes into a table by id did. A screen with a few dozen
/// elements is searched from the end; a larger one gets an index the first time it is asked.
final class NoteRecords: Sendable {
    /// Up to this many records a search is cheaper than building an index.
    static let searchedCount = 48

    private let records: [NoteRecord]
    private let index = Mutex<[String: Int]?>(nil)
    /// The screen's name, which every note gives: a text report names no screen otherwise.
    let scene: String

    init(_ records: [NoteRecord], scene: String) {
        self.records = records
        self.scene = scene
    }

    var elementNotes: ElementNotes {
        ElementNotes(rendering: { [self] element in note(for: element) })
    }

    func note(for element: String) -> String? {
        record(named: element).map { ViewMapper.note(for: $0.element, label: $0.label, scene: scene) }
    }

    func record(named name: String) -> NoteRecord? {
        guard records.count > Self.searchedCount else { return records.last { $0.id == name } }
        let position = index.withLock { index -> Int? in
            if index == nil {
                var built = [String: Int](minimumCapacity: records.count)
                for (position, record) in records.enumerated() { built[record.id] = position }
                index = built
            }
            return index?[name]
        }
        return position.map { records[$0] }
    }
}
