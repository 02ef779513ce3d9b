import HiglintCore

/// Each reviewed file's result with its findings already rendered, and every
/// screen summary of the tree in one array kept current as files come and go,
/// so an update costs what changed: the changed files' reviews, the project
/// pass only when a summary changed, and a concatenation of kept bytes.
public struct ResultTable: Sendable {
    public init() {}

    public struct Stored: Sendable {
        public var result: FileResult
        /// The file's own findings, rendered.
        public var own: RenderedFindings?
        /// What the report shows for the file: `own` with the project pass's
        /// findings on the file merged in (the same object when there are none).
        public var shown: RenderedFindings?
        /// The project pass's findings on this file, as merged into `shown`.
        public var projectFindings: [Finding] = []
        public var errors = 0
        public var warnings = 0
        public var infos = 0
        /// The file as it was just before it was read.
        public var stamp: ContentStamp?

        /// Rendering happens here, on the reviewing thread. Wireframes are
        /// dropped at once unless an HTML report needs them: they are most of
        /// a result's size.
        public init(_ result: FileResult, keepWireframes: Bool) {
            self.result = result
            if !keepWireframes { self.result.wireframes = [] }
            own = RenderedFindings.make(result.findings)
            shown = own
            for finding in result.findings {
                switch finding.severity {
                case .error: errors += 1
                case .warning: warnings += 1
                case .info: infos += 1
                }
            }
        }

        public var displayPath: String { result.file.displayPath }

        /// Puts `projectFindings` into `shown`, reusing what is already rendered.
        public mutating func merge(_ project: [Finding]) {
            projectFindings = project
            shown = RenderedFindings.merging(own, ownFindings: result.findings, with: project)
        }
    }

    /// Reviews and renders `files` on every core, results in input order.
    public static func review(_ files: [SpecFile], with engine: Engine, keepWireframes: Bool) -> [Stored] {
        ParallelReview.parallelMap(files) { file in
            // Before the read: a write in between then shows as a change at the next look.
            let stamp = ContentStamp.of(file.path)
            var stored = Stored(engine.review(file), keepWireframes: keepWireframes)
            stored.stamp = stamp
            return stored
        }
    }

    /// Whether `stored` says what the table already holds for its file: the
    /// same content by its stamp, and the same findings, screens and read
    /// problem. A file looked at again (a rescan, a chmod) that passes is no change.
    public func isUnchanged(_ stored: Stored) -> Bool {
        let place = position(of: stored.displayPath)
        guard place.found else { return false }
        let old = entries[place.index]
        return old.stamp != nil && old.stamp == stored.stamp && old.result.readProblem == stored.result.readProblem
            && old.result.screenCount == stored.result.screenCount && old.result.summaries == stored.result.summaries
            && old.result.findings == stored.result.findings
    }

    /// In report order (check sorts files by display path), so assembling
    /// the report walks an array instead of looking every file up. Only
    /// `refreshProject` changes an entry in place, and only its project findings.
    public var entries: [Stored] = []
    /// Path → display path, for lookups by path.
    private var displayByPath: [String: String] = [:]
    private var sortedPaths = SortedPaths()
    /// Every entry's summaries, in entry order: the project pass's input,
    /// maintained in place rather than gathered from every file at each update.
    public private(set) var summaries: [ScreenSummary] = []
    /// The project pass's last output and whether it still holds.
    public var project = ProjectState()
    /// Display path → why the file could not be read, for each kept file that
    /// could not: it counts for nothing in the report, as in check's.
    public private(set) var readProblems: [String: ReadProblem] = [:]

    /// The files the report counts: those that could be read.
    public var readableCount: Int { entries.count - readProblems.count }

    /// The read problems check calls errors (not the notes for a file that
    /// turned into a FIFO or vanished), in check's words, by display path.
    public var readErrors: [String] {
        readProblems.compactMap { display, problem in
            if case .notRegular = problem { return nil }
            return "\(display): \(problem)"
        }
    }

    private mutating func noteProblem(of stored: Stored) {
        readProblems[stored.displayPath] = stored.result.readProblem
    }

    /// What the report counts, summed over the entries as they change (`account`), so
    /// assembling the report walks no entry: files, screens and each file's own findings.
    public private(set) var totals = JSONReportWriter.Summary(files: 0, screens: 0, errors: 0, warnings: 0, infos: 0)
    /// The files an importer skipped: display path → why.
    public private(set) var skippedFiles: [String: String] = [:]
    /// The files with elements some rule could not judge: display path → counts by rule.
    public private(set) var unknownByFile: [String: [String: Int]] = [:]
    /// The display paths of the entries that show findings, in report order, and their
    /// chunks (`shown`): the report's findings as they are written, kept in place.
    public private(set) var shownPaths: [String] = []
    public private(set) var shownChunks: [RenderedFindings] = []

    /// Adds (`sign` 1) or takes away (-1) what `stored` counts for in `totals`.
    private mutating func account(_ stored: Stored, _ sign: Int) {
        if !stored.result.unknown.isEmpty {
            unknownByFile[stored.displayPath] = sign > 0 ? stored.result.unknown : nil
        }
        if let reason = stored.result.skipped {
            skippedFiles[stored.displayPath] = sign > 0 ? reason : nil
        } else if stored.result.readProblem == nil {
            totals.files += sign
        }
        totals.screens += sign * stored.result.screenCount
        totals.errors += sign * stored.errors
        totals.warnings += sign * stored.warnings
        totals.infos += sign * stored.infos
    }

    /// Puts `chunk` as what `display` shows in the kept list (nil: it shows nothing).
    private mutating func placeShown(_ display: String, _ chunk: RenderedFindings?) {
        var low = 0
        var high = shownPaths.count
        while low < high {
            let middle = (low + high) / 2
            if SortedPaths.precedes(shownPaths[middle], display) { low = middle + 1 } else { high = middle }
        }
        let found = low < shownPaths.count && SortedPaths.same(shownPaths[low], display)
        switch (found, chunk) {
        case (true, let chunk?):
            shownChunks[low] = chunk
        case (true, nil):
            shownPaths.remove(at: low)
            shownChunks.remove(at: low)
        case (false, let chunk?):
            shownPaths.insert(display, at: low)
            shownChunks.insert(chunk, at: low)
        case (false, nil):
            break
        }
    }

    /// Entry `index`'s shown findings changed (the project pass merged others in).
    public mutating func shownChanged(at index: Int) {
        noteShownChange(entries[index].displayPath)
        placeShown(entries[index].displayPath, entries[index].shown)
    }

    /// The kept sums and lists from every entry at once (after a batch).
    private mutating func recount() {
        totals = JSONReportWriter.Summary(files: 0, screens: 0, errors: 0, warnings: 0, infos: 0)
        skippedFiles = [:]
        unknownByFile = [:]
        shownPaths = []
        shownChunks = []
        for index in entries.indices {
            account(entries[index], 1)
            if let shown = entries[index].shown {
                shownPaths.append(entries[index].displayPath)
                shownChunks.append(shown)
            }
        }
    }

    /// Display paths whose shown findings may have changed since `takeShownChanges()`;
    /// nil when any may have (a new table, a batch of results).
    private var shownChanges: Set<String>?

    /// The files whose shown findings may have changed since the last call (nil: any may have).
    public mutating func takeShownChanges() -> Set<String>? {
        defer { shownChanges = [] }
        return shownChanges
    }

    public mutating func noteShownChange(_ display: String) {
        shownChanges?.insert(display)
    }

    /// What each result's review read besides its own file.
    public private(set) var dependencies = DependencyIndex()

    public var count: Int { entries.count }

    public func contains(_ path: String) -> Bool { displayByPath[path] != nil }

    /// The kept file's stamp, by path.
    public func stamp(of path: String) -> ContentStamp? {
        guard let display = displayByPath[path] else { return nil }
        let place = position(of: display)
        return place.found ? entries[place.index].stamp : nil
    }

    /// Where `display` is, or would be inserted, in `entries`.
    public func position(of display: String) -> (index: Int, found: Bool) {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if SortedPaths.precedes(entries[middle].displayPath, display) { low = middle + 1 } else { high = middle }
        }
        let found = low < entries.count && SortedPaths.same(entries[low].displayPath, display)
        return (low, found)
    }

    /// Where entry `index`'s summaries start in `summaries`.
    private func summaryOffset(of index: Int) -> Int {
        var offset = 0
        for earlier in 0..<index { offset += entries[earlier].result.summaries.count }
        return offset
    }

    /// Keeps a review's result. A file that vanished before it could be read
    /// is removed instead, as check leaves it out. Returns whether the file was new.
    @discardableResult
    public mutating func store(_ result: FileResult, keepWireframes: Bool = false) -> Bool {
        store(Stored(result, keepWireframes: keepWireframes))
    }

    @discardableResult
    public mutating func store(_ stored: Stored) -> Bool {
        let path = stored.result.file.path
        if stored.result.readProblem == .notFound {
            remove(path)
            return false
        }
        dependencies.record(path, dependsOn: stored.result.dependencies)
        var stored = stored
        noteProblem(of: stored)
        noteShownChange(stored.displayPath)
        let place = position(of: stored.displayPath)
        if place.found {
            // The offset is a walk over the entries before it: only a changed summary needs it.
            if entries[place.index].result.summaries != stored.result.summaries {
                let offset = summaryOffset(of: place.index)
                let old = entries[place.index].result.summaries.count
                summaries.replaceSubrange(offset..<offset + old, with: stored.result.summaries)
                project.isCurrent = false
            }
            // Until the project pass says otherwise, the file keeps its project findings.
            let kept = entries[place.index].projectFindings
            if !kept.isEmpty { stored.merge(kept) }
            account(entries[place.index], -1)
            account(stored, 1)
            placeShown(stored.displayPath, stored.shown)
            entries[place.index] = stored
            return false
        }
        if !stored.result.summaries.isEmpty {
            summaries.insert(contentsOf: stored.result.summaries, at: summaryOffset(of: place.index))
            project.isCurrent = false
        }
        account(stored, 1)
        placeShown(stored.displayPath, stored.shown)
        entries.insert(stored, at: place.index)
        displayByPath[path] = stored.displayPath
        sortedPaths.insert(path)
        return true
    }

    /// Keeps many results at once: one sort and one merge instead of an
    /// insertion into the middle of the table for each (the first scan, a
    /// full rescan). A later result for the same file wins. The batch is taken,
    /// not copied: at the first scan it becomes the table as it is.
    public mutating func store(contentsOf batch: consuming [Stored]) {
        var incoming = batch
        if incoming.count < 64 {
            for index in incoming.indices { store(incoming[index]) }
            return
        }
        var vanished = false
        for index in incoming.indices {
            let path = incoming[index].result.file.path
            if incoming[index].result.readProblem == .notFound {
                remove(path)
                vanished = true
            } else {
                dependencies.record(path, dependsOn: incoming[index].result.dependencies)
            }
        }
        if vanished { incoming.removeAll { $0.result.readProblem == .notFound } }
        // The first scan's walk gives them in order already (no file twice): then no sort.
        // Otherwise stable by arrival, so that of two results for one file the later is kept.
        let ascending = incoming.indices.dropFirst().allSatisfy {
            SortedPaths.precedes(incoming[$0 - 1].displayPath, incoming[$0].displayPath)
        }
        displayByPath.reserveCapacity(displayByPath.count + incoming.count)
        if entries.isEmpty && ascending {
            // Nothing to merge with: the table is the batch, moved in whole (at 100,000
            // files, copying each result into a merged array was most of the first scan's
            // serial time after the review).
            for index in incoming.indices {
                displayByPath[incoming[index].result.file.path] = incoming[index].displayPath
                if incoming[index].result.readProblem != nil || !readProblems.isEmpty { noteProblem(of: incoming[index]) }
            }
            sortedPaths.insert(contentsOf: incoming.map(\.result.file.path))
            entries = incoming
            finishBatch()
            return
        }
        var order = Array(incoming.indices)
        if !ascending {
            order.sort {
                let (a, b) = (incoming[$0].displayPath, incoming[$1].displayPath)
                return SortedPaths.precedes(a, b) || (!SortedPaths.precedes(b, a) && $0 < $1)
            }
        }
        var merged: [Stored] = []
        merged.reserveCapacity(entries.count + incoming.count)
        var old = 0
        var position = 0
        while position < order.count {
            var newer = incoming[order[position]]
            position += 1
            while position < order.count, SortedPaths.same(incoming[order[position]].displayPath, newer.displayPath) {
                newer = incoming[order[position]]
                position += 1
            }
            while old < entries.count, SortedPaths.precedes(entries[old].displayPath, newer.displayPath) {
                merged.append(entries[old])
                old += 1
            }
            if old < entries.count, SortedPaths.same(entries[old].displayPath, newer.displayPath) {
                if !entries[old].projectFindings.isEmpty { newer.merge(entries[old].projectFindings) }
                old += 1
            }
            displayByPath[newer.result.file.path] = newer.displayPath
            noteProblem(of: newer)
            merged.append(newer)
        }
        merged.append(contentsOf: entries[old...])
        entries = merged
        sortedPaths.insert(contentsOf: incoming.map(\.result.file.path))
        finishBatch()
    }

    /// What follows a batch: every kept sum, list and summary made again from the entries.
    private mutating func finishBatch() {
        shownChanges = nil
        recount()
        summaries = entries.concatenated(\.result.summaries)
        project.isCurrent = false
    }

    @discardableResult
    public mutating func remove(_ path: String) -> Bool {
        guard let display = displayByPath.removeValue(forKey: path) else { return false }
        readProblems[display] = nil
        noteShownChange(display)
        dependencies.record(path, dependsOn: [])
        sortedPaths.remove(path)
        project.holders.remove(display)
        let place = position(of: display)
        if place.found {
            let gone = entries[place.index].result.summaries.count
            if gone > 0 {
                let offset = summaryOffset(of: place.index)
                summaries.removeSubrange(offset..<offset + gone)
                project.isCurrent = false
            }
            account(entries[place.index], -1)
            placeShown(display, nil)
            entries.remove(at: place.index)
        }
        return true
    }

    public func paths(atOrUnder path: String) -> [String] {
        sortedPaths.paths(atOrUnder: path)
    }

    public mutating func removeAll() {
        self = ResultTable()
    }
}
