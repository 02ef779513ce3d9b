#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import HiglintCore

/// The parts of a `project.pbxproj` that say which target a file belongs to and which
/// build settings that target has: the group tree (to resolve each file reference to
/// a path), the resources phases, and the configuration lists.
struct XcodeProject: Sendable {
    struct Target: Sendable, Equatable {
        var id: String
        var name: String
        var configurationList: String?
    }

    /// A folder whose files belong to targets without being listed one by one (Xcode 16's
    /// synchronized groups): every file under `directory`, except the ones a target excepts.
    struct SynchronizedFolder: Sendable {
        var id: String
        var directory: String
        /// Per target id, the paths (relative to `directory`) that target leaves out.
        var exceptions: [String: Set<String>]
    }

    /// The `.pbxproj` file.
    let path: String
    /// The directory that paths in the project are relative to (`$(SRCROOT)`).
    let directory: String
    /// The `.xcodeproj` bundle's name without its extension (`$(PROJECT_NAME)`).
    let name: String
    let targets: [Target]
    let projectConfigurationList: String?
    /// `configurations(of: projectConfigurationList)`.
    let projectConfigurations: (byName: [String: String], defaultName: String?)
    /// Normalised absolute path of each file the group tree names, to the ids the build
    /// files refer to it by (the file reference, and its variant group for `Base.lproj`).
    private let referencesByPath: [String: [String]]
    /// Each group's and synchronized folder's resolved path, those of the file references
    /// a resources phase copies, and those of the file references a configuration is based on.
    private let pathsByReference: [String: String]
    /// Target ids by the ids (file references or variant groups) their resources phases copy.
    private let targetsByResource: [String: [String]]
    private let synchronizedFolders: [SynchronizedFolder]
    /// Synchronized folder ids of each target.
    private let foldersByTarget: [String: [String]]
    /// Only what is read after the parse: the configuration lists of the project and its
    /// targets, and the configurations they name. The file's text and index go once the
    /// project is read, so a watcher keeps about a sixth of each project it has read (the
    /// simplenote app's configurations are 83 KB of its 449 KB), not the whole file and an
    /// index of every object.
    private let objects: ObjectTable

    static let maximumGroupDepth = 64

    enum LoadProblem: Error, Sendable, Equatable {
        case syntax(PropertyListError)
        case structure(String)
    }

    /// `path` is the `project.pbxproj` inside `NAME.xcodeproj`, absolute and normalised.
    static func parse(_ bytes: [UInt8], path: String) -> Result<XcodeProject, LoadProblem> {
        let indexed: IndexedPropertyList
        switch OldStylePropertyListParser.parseIndexingObjects(bytes) {
        case .success(let value): indexed = value
        case .failure(let error): return .failure(.syntax(error))
        }
        let root = indexed.root
        guard root["objects"]?.dictionary != nil, let ranges = indexed.objects else {
            return .failure(.structure("no `objects` table"))
        }
        let objects = ObjectTable(bytes: bytes, index: ranges)
        // Only the entries read below: the project object also holds every target's attributes
        // and the package references, which were built whole for nothing.
        guard let rootID = root["rootObject"]?.string,
              let project = objects[rootID, keeping: ["isa", "projectDirPath", "buildConfigurationList", "targets", "mainGroup"]]?
                  .dictionary,
              project["isa"]?.string == "PBXProject"
        else { return .failure(.structure("`rootObject` names no PBXProject")) }
        return .success(XcodeProject(path: path, project: project, objects: objects))
    }

    private init(path: String, project: [String: PropertyList], objects: ObjectTable) {
        self.path = path
        let bundle = FileSystem.directory(of: path)
        let bundleName = bundle.split(separator: "/").last.map(String.init) ?? bundle
        name = bundleName.hasSuffix(".xcodeproj") ? String(bundleName.dropLast(".xcodeproj".count)) : bundleName
        var directory = FileSystem.directory(of: bundle)
        if let projectDirPath = project["projectDirPath"]?.string, !projectDirPath.isEmpty {
            directory = FileSystem.absolute(projectDirPath, relativeTo: directory)
        }
        self.directory = directory
        projectConfigurationList = project["buildConfigurationList"]?.string
        // Read once here, not by each target's facts: each configuration's name follows its
        // few hundred build settings.
        projectConfigurations = Self.configurations(of: projectConfigurationList, in: objects)

        var targets: [Target] = []
        // Sized for a few dozen resources at once, not grown and rehashed on the way.
        var targetsByResource = [String: [String]](minimumCapacity: 64)
        var foldersByTarget: [String: [String]] = [:]
        for entry in project["targets"]?.array ?? [] {
            let keys: [StaticString] = ["name", "productName", "buildConfigurationList", "buildPhases", "fileSystemSynchronizedGroups"]
            guard let id = entry.string, let target = objects[id, keeping: keys] else { continue }
            targets.append(Target(
                id: id, name: target["name"]?.string ?? target["productName"]?.string ?? id,
                configurationList: target["buildConfigurationList"]?.string))
            for phaseEntry in target["buildPhases"]?.array ?? [] {
                // The kind first: the other phases' file lists (all the sources) are not read.
                guard let phaseID = phaseEntry.string, objects.has(phaseID, isa: "PBXResourcesBuildPhase"),
                      let phase = objects[phaseID, keeping: ["files"]]
                else { continue }
                for file in phase["files"]?.array ?? [] {
                    guard let buildFileID = file.string, let reference = objects[buildFileID, keeping: ["fileRef"]]?["fileRef"]?.string
                    else { continue }
                    if targetsByResource[reference]?.contains(id) != true { targetsByResource[reference, default: []].append(id) }
                }
            }
            for folder in target["fileSystemSynchronizedGroups"]?.array ?? [] {
                if let folderID = folder.string { foldersByTarget[id, default: []].append(folderID) }
            }
        }
        let root = TreePath(directory)
        var walk = GroupWalk(objects: objects, projectDirectory: root, copied: targetsByResource.keys)
        if let mainGroup = project["mainGroup"]?.string, let number = objects.index.number(of: mainGroup) {
            walk.groupDirectories.append(root)
            walk.walk(number, parentDirectory: root, directoryNumber: 0, copiedGroup: false, variantGroup: nil, depth: 0)
        }
        let referencesByPath = walk.referencesByPath
        var pathsByReference = walk.pathsByReference
        let synchronizedFolders = walk.synchronizedFolders

        let configurationObjects = Self.configurationObjects(
            lists: [projectConfigurationList] + targets.map(\.configurationList), in: objects)
        // The file references configurations are based on, resolved now, while the group
        // tree's objects are at hand.
        for number in configurationObjects {
            // Most configurations are based on no file: that is found without reading their
            // few hundred settings, which took more than the rest of this pass.
            guard objects.mayHold("baseConfigurationReference", inObject: number),
                  let entries = objects[number: number, keeping: ["baseConfigurationReference", "baseConfigurationReferenceAnchor"]]
            else { continue }
            for key: StaticString in ["baseConfigurationReference", "baseConfigurationReferenceAnchor"] {
                guard let id = entries[key]?.string, pathsByReference[id] == nil,
                      let reference = objects.index.number(of: id), walk.unresolvedReferences[reference] >= 0,
                      let file = objects[number: reference, keeping: ["path", "sourceTree"]],
                      let resolved = Self.resolve(
                          file, parentDirectory: walk.groupDirectories[Int(walk.unresolvedReferences[reference])],
                          projectDirectory: root)
                else { continue }
                pathsByReference[id] = resolved.path
            }
        }
        self.objects = objects.keeping(configurationObjects)

        self.targets = targets
        self.referencesByPath = referencesByPath
        self.pathsByReference = pathsByReference
        self.targetsByResource = targetsByResource
        self.synchronizedFolders = synchronizedFolders
        self.foldersByTarget = foldersByTarget
    }

    /// The absolute path an object of the group tree stands for, or nil when it is relative
    /// to something outside the checkout (the SDK, the build products, an unknown root).
    static func resolve(
        _ object: SelectedEntries, parentDirectory: TreePath, projectDirectory: TreePath
    ) -> TreePath? {
        let path = object["path"]?.string
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            guard let path, !path.isEmpty else { return parentDirectory }
            return parentDirectory.appending(path)
        case "SOURCE_ROOT":
            guard let path, !path.isEmpty else { return projectDirectory }
            return projectDirectory.appending(path)
        case "<absolute>":
            guard let path, path.hasPrefix("/") else { return nil }
            return TreePath(FileSystem.absolute(path, relativeTo: "/"))
        default:
            return nil
        }
    }

    /// The targets whose resources phase copies the file at `path` (absolute, normalised),
    /// in the project's target order.
    func targets(containing path: String) -> [Target] {
        // A list, not a set: a file is in one or two targets, and a project has a dozen, each
        // of which the filter below hashed.
        var ids: [String] = []
        for reference in referencesByPath[path] ?? [] {
            for target in targetsByResource[reference] ?? [] where !ids.contains(target) { ids.append(target) }
        }
        for folder in synchronizedFolders {
            let prefix = folder.directory.hasSuffix("/") ? folder.directory : folder.directory + "/"
            guard path.hasPrefix(prefix) else { continue }
            let relative = String(path.dropFirst(prefix.count))
            for target in targets where foldersByTarget[target.id]?.contains(folder.id) == true {
                if folder.exceptions[target.id]?.contains(relative) != true, !ids.contains(target.id) { ids.append(target.id) }
            }
        }
        if ids.isEmpty { return [] }
        return targets.filter { ids.contains($0.id) }
    }

    /// Each configuration list `lists` names and the configurations each of those names, by
    /// object number, once each: all that `configurations(of:)` and `configuration(_:)` read.
    private static func configurationObjects(lists: [String?], in objects: ObjectTable) -> [Int] {
        var numbers: [Int] = []
        var kept = Set<Int>()
        for case let listID? in lists {
            guard let list = objects.index.number(of: listID) else { continue }
            if kept.insert(list).inserted { numbers.append(list) }
            for entry in objects[number: list, keeping: ["buildConfigurations"]]?["buildConfigurations"]?.array ?? [] {
                if let id = entry.string, let configuration = objects.index.number(of: id), kept.insert(configuration).inserted {
                    numbers.append(configuration)
                }
            }
        }
        return numbers
    }

    /// The build configurations of a configuration list: each one's id by its name, and the
    /// default's name. Only the names are read here; `configuration(_:)` reads the one a
    /// target uses (each is a few hundred build settings, and a list has three or four).
    func configurations(of listID: String?) -> (byName: [String: String], defaultName: String?) {
        Self.configurations(of: listID, in: objects)
    }

    private static func configurations(of listID: String?, in objects: ObjectTable) -> (byName: [String: String], defaultName: String?) {
        guard let listID, let list = objects[listID, keeping: ["buildConfigurations", "defaultConfigurationName"]]
        else { return ([:], nil) }
        var byName: [String: String] = [:]
        for entry in list["buildConfigurations"]?.array ?? [] {
            guard let id = entry.string, let name = objects[id, keeping: ["name"]]?["name"]?.string, byName[name] == nil
            else { continue }
            byName[name] = id
        }
        return (byName, list["defaultConfigurationName"]?.string)
    }

    /// A build configuration: its build settings as a layer, and the entries that name the
    /// xcconfig it is based on (`baseConfigurationFile(of:)`).
    func configuration(_ id: String) -> (settings: [String: String], entries: SelectedEntries)? {
        guard let entries = objects[id, keeping: Self.configurationKeys, settings: "buildSettings"] else { return nil }
        return (entries.settings ?? BuildSettings.layer(entries["buildSettings"]?.dictionary), entries)
    }

    private static let configurationKeys: [StaticString] = [
        "buildSettings", "baseConfigurationReference", "baseConfigurationReferenceAnchor",
        "baseConfigurationReferenceRelativePath",
    ]

    /// The xcconfig file a build configuration is based on, when it names one inside the checkout.
    func baseConfigurationFile(of configuration: SelectedEntries) -> String? {
        if let reference = configuration["baseConfigurationReference"]?.string {
            return pathsByReference[reference]
        }
        if let anchor = configuration["baseConfigurationReferenceAnchor"]?.string,
           let folder = pathsByReference[anchor],
           let relative = configuration["baseConfigurationReferenceRelativePath"]?.string {
            return FileSystem.absolute(relative, relativeTo: folder)
        }
        return nil
    }
}

/// The group tree, from the main group down: each group's directory, the path of each file
/// reference a resources phase copies, where every other one is. By object number: the tree
/// names most of a project's objects, and a number is found once for each, where ids as
/// strings were hashed four or five times each.
private struct GroupWalk {
    let objects: ObjectTable
    let projectDirectory: TreePath
    /// Only a file reference some resources phase copies (itself, or the variant group it is
    /// in) can make a document a target's; any other is read only if a configuration names it.
    var copied: [Bool]
    var visited: [Bool]
    /// By object number, the directory (in `groupDirectories`) of the group that holds each
    /// file reference no phase copies, -1 for none.
    var unresolvedReferences: [Int32]
    var groupDirectories: [TreePath] = []
    var referencesByPath: [String: [String]] = [:]
    var pathsByReference: [String: String] = [:]
    var synchronizedFolders: [XcodeProject.SynchronizedFolder] = []

    init(objects: ObjectTable, projectDirectory: TreePath, copied ids: some Sequence<String>) {
        self.objects = objects
        self.projectDirectory = projectDirectory
        let count = objects.index.count
        copied = Array(repeating: false, count: count)
        visited = Array(repeating: false, count: count)
        unresolvedReferences = Array(repeating: -1, count: count)
        var copiedCount = 0
        for id in ids {
            if let number = objects.index.number(of: id) {
                copied[number] = true
                copiedCount += 1
            }
        }
        // Sized for the copied references (a resources phase's files, a few dozen): grown from
        // empty, each table was rehashed six or seven times, every path hashed again each time.
        referencesByPath.reserveCapacity(copiedCount + 8)
        pathsByReference.reserveCapacity(copiedCount + 8)
    }

    mutating func walk(
        _ number: Int, parentDirectory: TreePath, directoryNumber: Int32, copiedGroup: Bool, variantGroup: String?, depth: Int
    ) {
        guard depth < XcodeProject.maximumGroupDepth, !visited[number] else { return }
        if !copied[number], !copiedGroup, objects.has(number: number, isa: "PBXFileReference") {
            visited[number] = true
            unresolvedReferences[number] = directoryNumber
            return
        }
        guard let object = objects[number: number, keeping: Self.keys, idList: "children"] else { return }
        visited[number] = true
        // The id as a string only for what is kept by it: most groups are never named by theirs.
        var id: String { objects.index.id(of: number) }
        let isa = object["isa"]?.string ?? ""
        let resolvedPath = XcodeProject.resolve(object, parentDirectory: parentDirectory, projectDirectory: projectDirectory)
        let resolved = resolvedPath?.path
        switch isa {
        case "PBXGroup", "PBXVariantGroup", "XCVersionGroup":
            // A group relative to the SDK or the build products holds nothing of the checkout.
            guard let groupDirectory = resolvedPath else { return }
            let isVariant = isa == "PBXVariantGroup"
            let variant = isVariant ? id : variantGroup
            let variantCopied = isVariant ? copied[number] : copiedGroup
            groupDirectories.append(groupDirectory)
            let childDirectory = Int32(groupDirectories.count - 1)
            var children: [Int] = []
            if let ranges = object.idRanges {
                children.reserveCapacity(ranges.count)
                // Ids as Xcode writes them: found by their bytes, no string made for each.
                objects.bytes.withUnsafeBufferPointer { buffer in
                    for range in ranges {
                        if let child = objects.index.number(ofKey: UnsafeBufferPointer(rebasing: buffer[range])) { children.append(child) }
                    }
                }
            } else {
                for child in object["children"]?.array ?? [] {
                    if let childID = child.string, let number = objects.index.number(of: childID) { children.append(number) }
                }
            }
            for child in children {
                walk(child, parentDirectory: groupDirectory, directoryNumber: childDirectory,
                     copiedGroup: variantCopied, variantGroup: variant, depth: depth + 1)
            }
            if isa == "XCVersionGroup", let resolved { referencesByPath[resolved, default: []].append(id) }
        case "PBXFileReference":
            guard let resolved else { return }
            let id = id
            pathsByReference[id] = resolved
            referencesByPath[resolved, default: []].append(id)
            if let variantGroup { referencesByPath[resolved, default: []].append(variantGroup) }
        case "PBXFileSystemSynchronizedRootGroup":
            guard let resolved else { return }
            let id = id
            pathsByReference[id] = resolved
            var exceptions: [String: Set<String>] = [:]
            for exception in object["exceptions"]?.array ?? [] {
                guard let exceptionID = exception.string,
                      let set = objects[exceptionID, keeping: ["isa", "target", "membershipExceptions"]],
                      set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                      let target = set["target"]?.string
                else { continue }
                for entry in set["membershipExceptions"]?.array ?? [] {
                    if let relative = entry.string { exceptions[target, default: []].insert(relative) }
                }
            }
            synchronizedFolders.append(XcodeProject.SynchronizedFolder(id: id, directory: resolved, exceptions: exceptions))
        default:
            return
        }
    }

    private static let keys: [StaticString] = ["isa", "path", "sourceTree", "children", "exceptions"]
}

/// A project's objects, each read from its text when asked for: most are never asked for.
/// Each is read at most a few times (once as the group tree is walked, once for a target's
/// configurations), so nothing is kept.
private struct ObjectTable: Sendable {
    let bytes: [UInt8]
    let index: ObjectIndex

    subscript(_ id: String) -> [String: PropertyList]? {
        guard let number = index.number(of: id) else { return nil }
        return OldStylePropertyListParser.object(in: index.ranges[number], of: bytes)?.dictionary
    }

    /// Whether the object's `isa` is `kind` (ASCII letters), read in place.
    func has(_ id: String, isa kind: StaticString) -> Bool {
        guard let number = index.number(of: id) else { return false }
        return has(number: number, isa: kind)
    }

    /// `has(_:isa:)` by object number: from the `isa` the index saw, or read exactly when it
    /// did not see it plainly. `kind` is ASCII, for which equal bytes are equal strings.
    func has(number: Int, isa kind: StaticString) -> Bool {
        guard let isa = index.isaRanges[number] else {
            return OldStylePropertyListParser.object(in: index.ranges[number], of: bytes, has: "isa", equalTo: kind)
        }
        return isa.count == kind.utf8CodeUnitCount && bytes.withUnsafeBufferPointer { buffer in
            memcmp(buffer.baseAddress! + isa.lowerBound, kind.utf8Start, isa.count) == 0
        }
    }

    /// The object with only the entries named by `keys`: the group tree's walk reads three or
    /// four of each file reference's.
    subscript(_ id: String, keeping keys: [StaticString], settings settings: StaticString? = nil) -> SelectedEntries? {
        guard let number = index.number(of: id) else { return nil }
        return OldStylePropertyListParser.object(in: index.ranges[number], of: bytes, keeping: keys, settings: settings)
    }

    /// `idList`: a key whose value, when it is a list of bare ids, is given as their ranges in `bytes`.
    subscript(number number: Int, keeping keys: [StaticString], idList idList: StaticString? = nil) -> SelectedEntries? {
        OldStylePropertyListParser.object(in: index.ranges[number], of: bytes, keeping: keys, idList: idList)
    }

    /// Whether the text of object `number` may hold `word` (ASCII letters, no `K`): false only
    /// when neither its bytes nor a `\` (which could spell it in a quoted string) are in it. No
    /// other spelling is equal to it: the one letter with a canonical equivalent outside ASCII
    /// is `K`. Searched with `memchr` and `memcmp`, a small part of an instruction a byte,
    /// where reading the object takes a dozen.
    func mayHold(_ word: StaticString, inObject number: Int) -> Bool {
        let range = index.ranges[number]
        let length = word.utf8CodeUnitCount
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, range.upperBound <= buffer.count, length > 0 else { return true }
            let start = base + range.lowerBound
            if memchr(start, Int32(UInt8(ascii: "\\")), range.count) != nil { return true }
            let first = Int32(word.utf8Start[0])
            var offset = 0
            while range.count - offset >= length,
                  let found = memchr(start + offset, first, range.count - offset - length + 1) {
                let at = found.assumingMemoryBound(to: UInt8.self)
                if memcmp(at, word.utf8Start, length) == 0 { return true }
                offset = UnsafePointer(at) - start + 1
            }
            return false
        }
    }

    /// A table of only the objects `numbers`, each one's text copied as it is (so it is read as
    /// it was) and followed by the `;` that ends an entry of the file's `objects`.
    func keeping(_ numbers: [Int]) -> ObjectTable {
        var kept: [UInt8] = []
        kept.reserveCapacity(numbers.reduce(0) { $0 + index.ranges[$1].count + 2 })
        var keptIndex = ObjectIndex(expectedCount: numbers.count)
        for number in numbers {
            let range = index.ranges[number]
            let start = kept.count
            kept.append(contentsOf: bytes[range])
            let shift = start - range.lowerBound
            let isa = index.isaRanges[number].map { $0.lowerBound + shift..<$0.upperBound + shift }
            var id = index.id(of: number)
            id.withUTF8 { keptIndex.set($0, range: start..<kept.count, isa: isa) }
            kept.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "\n")])
        }
        return ObjectTable(bytes: kept, index: keptIndex)
    }
}

/// A path of the group tree, and whether it is plain: ASCII, and what `FileSystem.absolute`
/// makes of it (`/`, or components none of them empty, `.` or `..`). A plain directory and
/// an ASCII relative path are joined and normalised by bytes (`appending`), where
/// `FileSystem.absolute` checked the whole joined path again for each of the tree's objects.
/// Anything else is `FileSystem.absolute`'s.
struct TreePath: Sendable, Equatable {
    let path: String
    let isPlain: Bool

    init(_ path: String) {
        self.path = path
        isPlain = Self.isPlain(path)
    }

    private init(path: String, isPlain: Bool) {
        self.path = path
        self.isPlain = isPlain
    }

    /// `FileSystem.absolute(relative, relativeTo: path)`.
    func appending(_ relative: String) -> TreePath {
        if isPlain, let joined = Self.joined(relative, to: path) { return TreePath(path: joined, isPlain: true) }
        return TreePath(FileSystem.absolute(relative, relativeTo: path))
    }

    static func isPlain(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            guard bytes.first == UInt8(ascii: "/") else { return false }
            if bytes.count == 1 { return true }
            var componentStart = 1
            for offset in 1...bytes.count {
                if offset < bytes.count {
                    let byte = bytes[offset]
                    if byte >= 0x80 { return false }
                    if byte != UInt8(ascii: "/") { continue }
                }
                if Self.isSpecial(UnsafeBufferPointer(rebasing: bytes[componentStart..<offset])) { return false }
                componentStart = offset + 1
            }
            return true
        }
    }

    /// An empty, `.` or `..` component.
    private static func isSpecial(_ component: UnsafeBufferPointer<UInt8>) -> Bool {
        switch component.count {
        case 0: return true
        case 1: return component[0] == UInt8(ascii: ".")
        case 2: return component[0] == UInt8(ascii: ".") && component[1] == UInt8(ascii: ".")
        default: return false
        }
    }

    /// `relative` (ASCII, not starting with `/`) on the plain directory `base`: each component
    /// added, `.` and empty ones left out, `..` taking the last one off (none above `/`), as
    /// `FileSystem.absolute` normalises the joined path. nil for a path it does not take.
    private static func joined(_ relative: String, to base: String) -> String? {
        var relative = relative
        var base = base
        return relative.withUTF8 { tail -> String? in
            guard let first = tail.first, first != UInt8(ascii: "/") else { return nil }
            var special = false
            var componentStart = 0
            for offset in 0...tail.count {
                if offset < tail.count {
                    let byte = tail[offset]
                    if byte >= 0x80 { return nil }
                    if byte != UInt8(ascii: "/") { continue }
                }
                if isSpecial(UnsafeBufferPointer(rebasing: tail[componentStart..<offset])) { special = true }
                componentStart = offset + 1
            }
            return base.withUTF8 { head -> String in
                let atRoot = head.count == 1
                guard special else {
                    // The common case: one allocation, the two parts and a slash between them.
                    let count = head.count + (atRoot ? 0 : 1) + tail.count
                    return String(unsafeUninitializedCapacity: count) { buffer in
                        var position = UnsafeMutableBufferPointer(rebasing: buffer[0..<head.count]).initialize(from: head).1
                        if !atRoot {
                            buffer[position] = UInt8(ascii: "/")
                            position += 1
                        }
                        position += UnsafeMutableBufferPointer(rebasing: buffer[position..<count]).initialize(from: tail).1
                        return position
                    }
                }
                var out = Array(head)
                var componentStart = 0
                for offset in 0...tail.count {
                    if offset < tail.count, tail[offset] != UInt8(ascii: "/") { continue }
                    let component = UnsafeBufferPointer(rebasing: tail[componentStart..<offset])
                    componentStart = offset + 1
                    if component.isEmpty || (component.count == 1 && component[0] == UInt8(ascii: ".")) { continue }
                    if component.count == 2, component[0] == UInt8(ascii: "."), component[1] == UInt8(ascii: ".") {
                        // Back to the last slash; the root stays.
                        while out.count > 1, out.removeLast() != UInt8(ascii: "/") {}
                        continue
                    }
                    if out.count > 1 { out.append(UInt8(ascii: "/")) }
                    out.append(contentsOf: component)
                }
                return String(decoding: out, as: UTF8.self)
            }
        }
    }
}
