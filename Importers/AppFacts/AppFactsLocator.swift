#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import HiglintCore
import Synchronization

/// Finds the app an Interface Builder document belongs to and what its project says
/// (`AppFacts`). From the document's directory up to the nearest one holding an
/// `*.xcodeproj/project.pbxproj`; then the target whose resources phase copies the
/// document, that target's default configuration, and its Info.plist.
///
/// Safe to share between threads. Projects, plists and answers are kept, each with the
/// state of the files it was read from, and (`Looks.everyTime`) read again once one of them
/// changes, so a watcher sees an edited project; a repeated question costs a few `stat`
/// calls. Each is kept in a cell of its own (`KeyedCells`): a thread reading one project
/// holds up only the threads that want that project, not every other lookup of the review.
public final class AppFactsLocator: Sendable {
    static let maximumWalk = 64
    /// A larger project file is not read (its facts stay unknown, with a note).
    public static let maximumProjectBytes = 64 << 20
    static let maximumPlistBytes = 8 << 20

    /// How often the files and directories behind a kept answer are looked at.
    public enum Looks: Sendable {
        /// Before each answer is given again: for a watcher or an editor's server, whose
        /// files change while it runs.
        case everyTime
        /// Once each, the first time one is needed, and never again: for one pass over a
        /// tree (`check`), which writes none of these files. Every document otherwise stats
        /// its app's project, Info.plist, xcconfig files and each directory up to its
        /// project again, for facts that cannot have changed since the last document.
        case once
    }

    private let state: State

    /// `listed`: the entries named like an Xcode project (`isProjectName`) of directories
    /// listed already in this run, by absolute path, taken as the locator's own look at
    /// them; only with `Looks.once`, where a first look is all there is.
    public init(looks: Looks = .everyTime, listed: [String: [String]] = [:]) {
        state = State(looks: looks, listed: looks == .once ? listed : [:])
    }

    /// Whether a directory entry's name is an Xcode project's (`NAME.xcodeproj`), which the
    /// search up from a document looks for.
    public static func isProjectName(_ name: String) -> Bool {
        name.hasSuffix(".xcodeproj")
    }

    public func facts(forDocumentAt path: String) -> AppFacts {
        answer(for: path).facts
    }

    /// The project, xcconfig and Info.plist files the facts were read from (absolute).
    public func sources(forDocumentAt path: String) -> [String] {
        answer(for: path).sources
    }

    /// Why a fact is unknown when a file was at fault: `FILE:LINE:COLUMN: message` for a
    /// project or plist that does not parse, and a line for a file named but missing.
    public func notes(forDocumentAt path: String) -> [String] {
        answer(for: path).notes
    }

    /// The facts, notes and sources at once: one look at the files they depend on, not three.
    public func lookUp(documentAt path: String) -> (facts: AppFacts, notes: [String], sources: [String]) {
        let found = answer(for: path)
        return (found.facts, found.notes, found.sources)
    }

    private func answer(for path: String) -> Answer {
        let document = FileSystem.absolute(path)
        return state.answers.value(for: document, isCurrent: { $0.isCurrent }) { Self.locate(document, state) }
    }

    // MARK: - The search

    private static func locate(_ document: String, _ state: State) -> Answer {
        var answer = Answer()
        guard let projectPaths = nearestProjects(above: document, answer: &answer, state) else { return answer }
        var projects: [XcodeProject] = []
        for path in projectPaths {
            answer.depend(on: path, state)
            switch state.project(at: path) {
            case .success(let project): projects.append(project)
            case .failure(let note): answer.notes.append(note.text)
            }
        }
        var members: [(XcodeProject, XcodeProject.Target)] = []
        for project in projects {
            for target in project.targets(containing: document) { members.append((project, target)) }
        }
        // A file in no resources phase still belongs to a project's only target; with more
        // targets than one, which one ships it cannot be told.
        if members.isEmpty, projects.count == 1, let project = projects.first, project.targets.count == 1,
           let only = project.targets.first {
            members = [(project, only)]
        }
        guard !members.isEmpty else { return answer }
        var all: [AppFacts] = []
        for (project, target) in members {
            let key = project.path + "\u{0}" + target.id
            let facts = state.targets.value(for: key, isCurrent: { $0.isCurrent }) { targetFacts(project, target, state) }
            all.append(facts.facts)
            answer.take(facts)
        }
        answer.facts = AppFacts.agreement(all)
        return answer
    }

    /// The `project.pbxproj` files of the nearest directory at or above the document's
    /// that has any, sorted; nil when no directory up to the root has one.
    private static func nearestProjects(above document: String, answer: inout Answer, _ state: State) -> [String]? {
        let walk = state.walk(from: FileSystem.directory(of: document))
        answer.record(walk.directories)
        for project in walk.projects { answer.depend(on: project, state) }
        return walk.projects.isEmpty ? nil : walk.projects
    }

    /// The walk up from `start`: each directory visited with its state, and the project files
    /// of the last one (empty when none up to the root has any).
    fileprivate static func walk(from start: String, _ state: State) -> Walk {
        var walk = Walk()
        var directory = start
        for _ in 0..<maximumWalk {
            // One `stat` of the directory serves both: the walk's record and the listing's check.
            let stamp = state.stamp(of: directory)
            walk.directories.append((directory, stamp))
            let projects = state.projectFiles(in: directory, stamp: stamp)
            if !projects.isEmpty {
                walk.projects = projects
                return walk
            }
            if directory == "/" { break }
            directory = FileSystem.directory(of: directory)
        }
        return walk
    }

    /// One target's facts, with the project file and every xcconfig and plist they were read from.
    private static func targetFacts(_ project: XcodeProject, _ target: XcodeProject.Target, _ state: State) -> Answer {
        var answer = Answer()
        answer.depend(on: project.path, state)
        let own = project.configurations(of: target.configurationList)
        let projectLevel = project.projectConfigurations
        // The default configuration is what a plain build uses; a list without one is
        // read whole, and only what every configuration agrees on is kept.
        let names: [String]
        if let name = own.defaultName, own.byName[name] != nil {
            names = [name]
        } else {
            names = own.byName.keys.sorted()
        }
        var all: [AppFacts] = []
        let root = ProjectRoot(bundle: FileSystem.directory(of: project.path))
        for name in names {
            var layers: [[String: String]] = []
            for id in [own.byName[name], projectLevel.byName[name]] {
                guard let id, let configuration = project.configuration(id) else { continue }
                layers.append(configuration.settings)
                if let xcconfig = project.baseConfigurationFile(of: configuration.entries) {
                    guard root.contains(xcconfig) else {
                        answer.note("\(project.path): the base configuration file of \(quoted(name)) lies outside the project's folder; "
                            + "not read, so the settings it would add are not known")
                        continue
                    }
                    let reading = XCConfigReader.read(xcconfig, root: root)
                    for place in reading.outside {
                        answer.note("\(place): the #include names a file outside the project's folder; not read, so the settings it would add are not known")
                    }
                    for file in reading.files + reading.absent { answer.depend(on: file, state) }
                    for file in reading.missing {
                        answer.depend(on: file, state)
                        answer.notes.append("\(file): not found; the settings it would add are not known")
                    }
                    layers.append(reading.settings)
                }
            }
            let settings = BuildSettings(layers: layers, builtins: [
                "SRCROOT": project.directory, "PROJECT_DIR": project.directory, "SOURCE_ROOT": project.directory,
                "PROJECT_NAME": project.name, "TARGET_NAME": target.name, "CONFIGURATION": name,
            ])
            var plist = InfoPlistReading.none
            if let path = TargetFacts.infoPlistPath(settings: settings, projectDirectory: project.directory) {
                if !root.contains(path) {
                    answer.note("\(project.path): INFOPLIST_FILE of target \(quoted(target.name)) names a file outside the project's folder; "
                        + "not read, so the facts it would give are not known")
                    plist = .unreadable("outside")
                } else if settings.isExpanded("INFOPLIST_FILE") {
                    // Read, but its notes say which setting led there, not the path it expanded to.
                    answer.depend(on: path, state)
                    plist = state.plist(at: path)
                    if case .unreadable = plist {
                        answer.note("\(project.path): the Info.plist that INFOPLIST_FILE of target \(quoted(target.name)) names "
                            + "could not be read; the facts it would give are not known")
                    }
                } else {
                    answer.depend(on: path, state)
                    plist = state.plist(at: path)
                    if case .unreadable(let note) = plist { answer.notes.append(note) }
                }
            }
            all.append(TargetFacts.facts(settings: settings, infoPlist: plist))
        }
        answer.facts = AppFacts.agreement(all)
        return answer
    }
}

/// A file's identity and version: an edit (even a same-size one, through rename) changes it.
struct FileStamp: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int
    /// A regular file (after links), which the answer's sources list.
    var isRegular: Bool

    /// Nil when nothing is at `path`.
    static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec),
            isRegular: info.st_mode & S_IFMT == S_IFREG)
    }
}

/// One document's answer and the state of every file and directory it depended on.
private struct Answer: Sendable {
    var facts = AppFacts.unknown
    var notes: [String] = []
    private var dependencies: [(path: String, stamp: FileStamp?)] = []

    /// The files read (not the directories walked), each once, sorted.
    var sources: [String] {
        Array(Set(dependencies.filter { $0.stamp?.isRegular == true }.map(\.path))).sorted()
    }

    /// The file's state as recorded (as `state` sees it, the first time it is named).
    mutating func depend(on path: String, _ state: State) {
        guard !dependencies.contains(where: { $0.path == path }) else { return }
        dependencies.append((path, state.stamp(of: path)))
    }

    /// A state taken already, unless the path is recorded.
    mutating func record(_ path: String, _ stamp: FileStamp?) {
        if !dependencies.contains(where: { $0.path == path }) { dependencies.append((path, stamp)) }
    }

    /// States taken already, of paths that are all different (a walk's directories): into an
    /// answer with none yet, as they are, where recording each looked through all before it.
    mutating func record(_ entries: [(path: String, stamp: FileStamp?)]) {
        guard dependencies.isEmpty else {
            for (path, stamp) in entries { record(path, stamp) }
            return
        }
        dependencies = entries
    }

    /// Adds a note once.
    mutating func note(_ text: String) {
        if !notes.contains(text) { notes.append(text) }
    }

    /// Another answer's notes and dependencies, as part of this one.
    mutating func take(_ other: Answer) {
        for note in other.notes where !notes.contains(note) { notes.append(note) }
        for entry in other.dependencies where !dependencies.contains(where: { $0.path == entry.path }) {
            dependencies.append(entry)
        }
    }

    var isCurrent: Bool {
        dependencies.allSatisfy { FileStamp.of($0.path) == $0.stamp }
    }
}

/// A walk up from a directory to the nearest one with projects (`AppFactsLocator.walk`).
private struct Walk: Sendable {
    var directories: [(path: String, stamp: FileStamp?)] = []
    var projects: [String] = []

    /// Every directory visited is as it was: no entry added or removed, so each listing,
    /// and with them the walk, would be the same.
    var isCurrent: Bool {
        directories.allSatisfy { FileStamp.of($0.path) == $0.stamp }
    }
}

private final class State: Sendable {
    let answers: KeyedCells<Answer>
    /// By the directory a walk starts from: shared by every document in it.
    private let walks: KeyedCells<Walk>
    /// By project file and target id.
    let targets: KeyedCells<Answer>
    private let directories: KeyedCells<Stamped<[String]>>
    private let projects: KeyedCells<Stamped<Result<XcodeProject, Note>>>
    private let plists: KeyedCells<Stamped<InfoPlistReading>>
    /// `Looks.once`: every path's state as first seen. Nil when each look stats again.
    private let firstLooks: FirstLooks?
    /// Project names of directories listed before the locator was made (`AppFactsLocator.init`).
    private let listed: [String: [String]]

    struct Note: Error, Sendable { var text: String }

    init(looks: AppFactsLocator.Looks, listed: [String: [String]]) {
        self.listed = listed
        let checksAgain = looks == .everyTime
        answers = KeyedCells(checksAgain: checksAgain)
        walks = KeyedCells(checksAgain: checksAgain)
        targets = KeyedCells(checksAgain: checksAgain)
        directories = KeyedCells(checksAgain: checksAgain)
        projects = KeyedCells(checksAgain: checksAgain)
        plists = KeyedCells(checksAgain: checksAgain)
        firstLooks = checksAgain ? nil : FirstLooks()
    }

    /// What is at `path` now, or (`Looks.once`) when it was first looked at.
    func stamp(of path: String) -> FileStamp? {
        guard let firstLooks else { return FileStamp.of(path) }
        return firstLooks.stamp(of: path)
    }

    /// The walk up from `directory`, taken again once a directory on it changes.
    func walk(from directory: String) -> Walk {
        walks.value(for: directory, isCurrent: { $0.isCurrent }) { AppFactsLocator.walk(from: directory, self) }
    }

    /// The `NAME.xcodeproj/project.pbxproj` files of a directory, sorted; listed again once
    /// the directory changes (an entry added or removed).
    /// `stamp` is the directory's, just taken.
    func projectFiles(in directory: String, stamp: FileStamp?) -> [String] {
        directories.value(for: directory, isCurrent: { $0.stamp == stamp }) {
            Stamped(stamp: stamp, value: listProjectFiles(in: directory))
        }.value
    }

    private func listProjectFiles(in directory: String) -> [String] {
        let names: [String]
        if let known = listed[directory] {
            names = known
        } else if case .success(let entries) = FileSystem.list(directory) {
            names = entries.map(\.name).filter(AppFactsLocator.isProjectName)
        } else {
            names = []
        }
        return names.sorted().map { FileSystem.join(FileSystem.join(directory, $0), "project.pbxproj") }
            .filter { stamp(of: $0)?.isRegular == true }
    }

    func project(at path: String) -> Result<XcodeProject, Note> {
        projects.value(for: path, isCurrent: { $0.stamp == FileStamp.of(path) }) {
            Stamped(stamp: stamp(of: path), value: Self.readProject(at: path))
        }.value
    }

    private static func readProject(at path: String) -> Result<XcodeProject, Note> {
        let result: Result<XcodeProject, Note>
        switch FileReader.read(path, maxBytes: AppFactsLocator.maximumProjectBytes) {
        case .failure(let problem):
            result = .failure(Note(text: "\(path): \(problem)"))
        case .success(let bytes):
            switch XcodeProject.parse(bytes, path: path) {
            case .success(let project): result = .success(project)
            case .failure(.syntax(let error)): result = .failure(Note(text: "\(path):\(error)"))
            case .failure(.structure(let message)): result = .failure(Note(text: "\(path): \(message)"))
            }
        }
        return result
    }

    func plist(at path: String) -> InfoPlistReading {
        plists.value(for: path, isCurrent: { $0.stamp == FileStamp.of(path) }) {
            Stamped(stamp: stamp(of: path), value: Self.readPlist(at: path))
        }.value
    }

    private static func readPlist(at path: String) -> InfoPlistReading {
        let reading: InfoPlistReading
        switch FileReader.read(path, maxBytes: AppFactsLocator.maximumPlistBytes) {
        case .failure(let problem):
            reading = .unreadable("\(path): \(problem); the facts it would give are not known")
        case .success(let bytes):
            switch XMLPropertyListReader.parse(bytes) {
            case .success(let value):
                if let entries = value.dictionary {
                    reading = .read(entries)
                } else {
                    reading = .unreadable("\(path):1:1: the top-level value is not a dictionary")
                }
            case .failure(.binary):
                reading = .unreadable("\(path): a binary property list, which is not read; its facts are not known")
            case .failure(.malformed(let error)):
                reading = .unreadable("\(path):\(error)")
            }
        }
        return reading
    }
}

/// The state of each path when it was first looked at, for a locator that looks once.
private final class FirstLooks: Sendable {
    private let seen = Mutex<[String: FileStamp?]>([:])

    /// Nil when nothing was at `path` at the first look.
    func stamp(of path: String) -> FileStamp? {
        if let known = seen.withLock({ $0[path] }) { return known }
        // Taken outside the lock, which the other workers want meanwhile; when two take it
        // at once, the first one stored is what both go on with.
        let stamp = FileStamp.of(path)
        return seen.withLock { seen in
            if let known = seen[path] { return known }
            seen[path] = stamp
            return stamp
        }
    }
}

/// A value and the state of the file or directory it was read from, when it was read.
private struct Stamped<Value: Sendable>: Sendable {
    var stamp: FileStamp?
    var value: Value
}

/// Values kept by key, each computed by one thread while the threads that want the same key
/// wait for it; threads that want other keys go on. The table's own lock is held only to
/// find or add a cell, never while a value is computed.
final class KeyedCells<Value: Sendable>: Sendable {
    private final class Cell: Sendable {
        let value = Mutex<Value?>(nil)
    }

    private let cells = Mutex<[String: Cell]>([:])
    /// Whether a kept value is checked with `isCurrent` before it is given again; when not,
    /// the first value made for a key is the one kept.
    private let checksAgain: Bool

    init(checksAgain: Bool) {
        self.checksAgain = checksAgain
    }

    /// The kept value for `key` while `isCurrent` says it still holds, else a new one from `make`.
    func value(for key: String, isCurrent: (Value) -> Bool, make: () -> Value) -> Value {
        let cell = cells.withLock { cells in
            if let cell = cells[key] { return cell }
            let cell = Cell()
            cells[key] = cell
            return cell
        }
        return cell.value.withLock { kept in
            if let kept, !checksAgain || isCurrent(kept) { return kept }
            let fresh = make()
            kept = fresh
            return fresh
        }
    }
}
