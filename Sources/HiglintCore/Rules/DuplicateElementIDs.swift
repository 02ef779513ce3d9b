/// `spec.duplicate-element-id`: findings name elements by id, and layouts hide them by
/// id, so an id must pick out one element of its screen (bar items and tabs included).
enum DuplicateElementIDs {
    struct Duplicate {
        var element: Element
        var mark: Mark
        var message: String
    }

    /// Every element but the first, in document order, of each id used more than once.
    static func find(in screen: Screen) -> [Duplicate] {
        // Nearly every screen's ids all differ: that is found out first, without ordering or naming anything.
        let all = screen.allElements
        var seen = Set<String>(minimumCapacity: all.count)
        guard all.contains(where: { element in element.id.map { !seen.insert($0).inserted } ?? false }) else { return [] }
        var withID: [(element: Element, mark: Mark)] = []
        for element in screen.allElements {
            guard element.id != nil else { continue }
            withID.append((element, element.marks.value(of: .id) ?? element.marks.map))
        }
        guard withID.count > 1 else { return [] }
        // Bars may be written after the content: document order is the order of the ids' positions.
        withID.sort { $0.mark < $1.mark }
        // The first is named by its path, which says where it is whatever the file's layout.
        var first: [String: String] = [:]
        var duplicates: [Duplicate] = []
        for (element, mark) in withID {
            guard let id = element.id else { continue }
            if let earlier = first[id] {
                duplicates.append(Duplicate(
                    element: element, mark: mark, message: "element id \(quoted(id)) is already used by \(earlier)"))
            } else {
                first[id] = element.path
            }
        }
        return duplicates
    }
}
