/// `spec.parent-cycle`: screens whose `parent` chain comes back to them. Each screen has
/// at most one parent, so the walk from any screen either ends or enters one cycle; every
/// screen is visited once in all, however the chains run.
enum ParentCycles {
    struct Member {
        var position: Int
        var message: String
    }

    static func find(in index: ProjectIndex) -> [Member] {
        let screens = index.screens
        // 0: not seen; 1: on the walk under way; 2: done.
        var state = [UInt8](repeating: 0, count: screens.count)
        var members: [Member] = []
        var walk: [Int] = []
        for start in screens.indices where state[start] == 0 {
            walk.removeAll(keepingCapacity: true)
            var position: Int? = start
            while let current = position, state[current] == 0 {
                state[current] = 1
                walk.append(current)
                position = index.parentIndex(of: current)
            }
            if let current = position, state[current] == 1, let entry = walk.firstIndex(of: current) {
                let cycle = Array(walk[entry...])
                for offset in cycle.indices {
                    members.append(Member(position: cycle[offset], message: message(cycle, from: offset, in: screens)))
                }
            }
            for visited in walk { state[visited] = 2 }
        }
        return members.sorted { $0.position < $1.position }
    }

    /// `parent "B" leads back to this screen: "A" → "B" → "A"`, starting at the screen reported.
    private static func message(_ cycle: [Int], from offset: Int, in screens: [ScreenSummary]) -> String {
        let order = cycle[offset...] + cycle[..<offset]
        let names = order.map { quoted(screens[$0].name ?? "?") } + [quoted(screens[cycle[offset]].name ?? "?")]
        let parent = screens[cycle[offset]].parent ?? ""
        if cycle.count == 1 { return "parent \(quoted(parent)) is this screen itself" }
        return "parent \(quoted(parent)) leads back to this screen: \(names.joined(separator: " → "))"
    }
}
