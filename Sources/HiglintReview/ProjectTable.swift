import HiglintCore

/// The watcher's result table as another front end (the language server) uses it: file
/// results kept by path, the project pass rerun only when a screen summary changed, and
/// which files' project findings that changed.
public struct ProjectTable: Sendable {
    private var table = ResultTable()

    public init() {}

    /// Reviews `files` on every core and keeps their results (a workspace's first scan).
    public mutating func scan(_ files: [SpecFile], with engine: Engine) {
        table.store(contentsOf: ResultTable.review(files, with: engine, keepWireframes: false))
    }

    /// Keeps `result` in place of what the table held for its file.
    public mutating func store(_ result: FileResult) {
        table.store(result)
    }

    public mutating func remove(_ path: String) {
        table.remove(path)
    }

    public func contains(_ path: String) -> Bool { table.contains(path) }

    public var count: Int { table.count }

    /// The screen summaries of every file but `displayPath`, in path order: what
    /// `Engine.review(_:file:among:)` takes to resolve a project finding's fix.
    public func summaries(excluding displayPath: String) -> [ScreenSummary] {
        table.summaries.filter { !SortedPaths.same($0.file, displayPath) }
    }

    /// Runs the project pass if a summary changed since it last ran, and returns the display
    /// paths whose project findings are now different.
    public mutating func refreshProject(with engine: Engine) -> Set<String> {
        guard !table.project.isCurrent else { return [] }
        let before = table.project.holders
        var old: [String: [Finding]] = [:]
        for display in before { old[display] = projectFindings(of: display) }
        table.refreshProject(with: engine)
        var changed = Set<String>()
        for display in before.union(table.project.holders) where old[display] ?? [] != projectFindings(of: display) {
            changed.insert(display)
        }
        return changed
    }

    /// The project pass's findings on the file, as of the last `refreshProject`.
    public func projectFindings(of displayPath: String) -> [Finding] {
        let place = table.position(of: displayPath)
        return place.found ? table.entries[place.index].projectFindings : []
    }
}
