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
    /// Normalised absolute path of each file the group tree names, to the ids the build
    /// files refer to it by (the file reference, and its variant group for `Base.lproj`).
    private let referencesByPath: [String: [String]]
    /// Each group's and synchronized folder's resolved path, and those of the file references
    /// a resources phase copies.
    private let pathsByReference: [String: String]
    /// The directory of the group that holds each other file reference: its path is resolved
    /// only when asked for (an xcconfig a configuration names), as most (the sources) never are.
    private let unresolvedReferences: [String: String]
    /// Target ids by the ids (file references or variant groups) their resources phases copy.
    private let targetsByResource: [String: [String]]
    private let synchronizedFolders: [SynchronizedFolder]
    /// Synchronized folder ids of each target.
    private let foldersByTarget: [String: [String]]
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
        let objects = ObjectTable(bytes: bytes, ranges: ranges)
        guard let rootID = root["rootObject"]?.string, let project = objects[rootID], project["isa"]?.string == "PBXProject"
        else { return .failure(.structure("`rootObject` names no PBXProject")) }
        return .success(XcodeProject(path: path, project: project, objects: objects))
    }

    private init(path: String, project: [String: PropertyList], objects: ObjectTable) {
        self.path = path
        self.objects = objects
        let bundle = FileSystem.directory(of: path)
        let bundleName = bundle.split(separator: "/").last.map(String.init) ?? bundle
        name = bundleName.hasSuffix(".xcodeproj") ? String(bundleName.dropLast(".xcodeproj".count)) : bundleName
        var directory = FileSystem.directory(of: bundle)
        if let projectDirPath = project["projectDirPath"]?.string, !projectDirPath.isEmpty {
            directory = FileSystem.absolute(projectDirPath, relativeTo: directory)
        }
        self.directory = directory
        projectConfigurationList = project["buildConfigurationList"]?.string

        var targets: [Target] = []
        var targetsByResource: [String: [String]] = [:]
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
        var referencesByPath: [String: [String]] = [:]
        var pathsByReference: [String: String] = [:]
        // Sized once: the group tree names most of a project's file references.
        var unresolvedReferences = [String: String](minimumCapacity: objects.ranges.count / 2)
        var synchronizedFolders: [SynchronizedFolder] = []
        var visited = Set<String>(minimumCapacity: objects.ranges.count)
        // Only a file reference some resources phase copies (itself, or the variant group it is
        // in) can make a document a target's; any other is read only if a configuration names it.
        func isCopied(_ id: String, in variantGroup: String?) -> Bool {
            targetsByResource[id] != nil || variantGroup.map { targetsByResource[$0] != nil } == true
        }

        func walk(_ id: String, parentDirectory: String, variantGroup: String?, depth: Int) {
            guard depth < Self.maximumGroupDepth, !visited.contains(id) else { return }
            if !isCopied(id, in: variantGroup), objects.has(id, isa: "PBXFileReference") {
                visited.insert(id)
                unresolvedReferences[id] = parentDirectory
                return
            }
            guard let object = objects[id, keeping: ["isa", "path", "sourceTree", "children", "exceptions"]] else { return }
            visited.insert(id)
            let isa = object["isa"]?.string ?? ""
            let resolved = Self.resolve(object, parentDirectory: parentDirectory, projectDirectory: directory)
            switch isa {
            case "PBXGroup", "PBXVariantGroup", "XCVersionGroup":
                // A group relative to the SDK or the build products holds nothing of the checkout.
                guard let groupDirectory = resolved else { return }
                let variant = isa == "PBXVariantGroup" ? id : variantGroup
                for child in object["children"]?.array ?? [] {
                    if let childID = child.string {
                        walk(childID, parentDirectory: groupDirectory, variantGroup: variant, depth: depth + 1)
                    }
                }
                if isa == "XCVersionGroup", let resolved { referencesByPath[resolved, default: []].append(id) }
            case "PBXFileReference":
                guard let resolved else { return }
                pathsByReference[id] = resolved
                referencesByPath[resolved, default: []].append(id)
                if let variantGroup { referencesByPath[resolved, default: []].append(variantGroup) }
            case "PBXFileSystemSynchronizedRootGroup":
                guard let resolved else { return }
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
                synchronizedFolders.append(SynchronizedFolder(id: id, directory: resolved, exceptions: exceptions))
            default:
                return
            }
        }
        if let mainGroup = project["mainGroup"]?.string {
            walk(mainGroup, parentDirectory: directory, variantGroup: nil, depth: 0)
        }

        self.targets = targets
        self.referencesByPath = referencesByPath
        self.pathsByReference = pathsByReference
        self.unresolvedReferences = unresolvedReferences
        self.targetsByResource = targetsByResource
        self.synchronizedFolders = synchronizedFolders
        self.foldersByTarget = foldersByTarget
    }

    /// The absolute path an object of the group tree stands for, or nil when it is relative
    /// to something outside the checkout (the SDK, the build products, an unknown root).
    private static func resolve(
        _ object: SelectedEntries, parentDirectory: String, projectDirectory: String
    ) -> String? {
        let path = object["path"]?.string
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            guard let path, !path.isEmpty else { return parentDirectory }
            return FileSystem.absolute(path, relativeTo: parentDirectory)
        case "SOURCE_ROOT":
            guard let path, !path.isEmpty else { return projectDirectory }
            return FileSystem.absolute(path, relativeTo: projectDirectory)
        case "<absolute>":
            guard let path, path.hasPrefix("/") else { return nil }
            return FileSystem.absolute(path, relativeTo: "/")
        default:
            return nil
        }
    }

    /// The targets whose resources phase copies the file at `path` (absolute, normalised),
    /// in the project's target order.
    func targets(containing path: String) -> [Target] {
        var ids: Set<String> = []
        for reference in referencesByPath[path] ?? [] {
            for target in targetsByResource[reference] ?? [] { ids.insert(target) }
        }
        for folder in synchronizedFolders {
            let prefix = folder.directory.hasSuffix("/") ? folder.directory : folder.directory + "/"
            guard path.hasPrefix(prefix) else { continue }
            let relative = String(path.dropFirst(prefix.count))
            for target in targets where foldersByTarget[target.id]?.contains(folder.id) == true {
                if folder.exceptions[target.id]?.contains(relative) != true { ids.insert(target.id) }
            }
        }
        return targets.filter { ids.contains($0.id) }
    }

    /// The resolved path of a file reference or folder of the group tree.
    private func path(ofReference id: String) -> String? {
        if let path = pathsByReference[id] { return path }
        guard let parentDirectory = unresolvedReferences[id], let object = objects[id, keeping: ["path", "sourceTree"]]
        else { return nil }
        return Self.resolve(object, parentDirectory: parentDirectory, projectDirectory: directory)
    }

    /// The build configurations of a configuration list: each one's id by its name, and the
    /// default's name. Only the names are read here; `configuration(_:)` reads the one a
    /// target uses (each is a few hundred build settings, and a list has three or four).
    func configurations(of listID: String?) -> (byName: [String: String], defaultName: String?) {
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

    /// A build configuration, whole.
    func configuration(_ id: String) -> [String: PropertyList]? {
        objects[id]
    }

    /// The xcconfig file a build configuration is based on, when it names one inside the checkout.
    func baseConfigurationFile(of configuration: [String: PropertyList]) -> String? {
        if let reference = configuration["baseConfigurationReference"]?.string {
            return path(ofReference: reference)
        }
        if let anchor = configuration["baseConfigurationReferenceAnchor"]?.string,
           let folder = path(ofReference: anchor),
           let relative = configuration["baseConfigurationReferenceRelativePath"]?.string {
            return FileSystem.absolute(relative, relativeTo: folder)
        }
        return nil
    }
}

/// A project's objects, each read from its text when asked for: most are never asked for.
/// Each is read at most a few times (once as the group tree is walked, once for a target's
/// configurations), so nothing is kept.
private struct ObjectTable: Sendable {
    let bytes: [UInt8]
    let ranges: [String: Range<Int>]

    subscript(_ id: String) -> [String: PropertyList]? {
        guard let range = ranges[id] else { return nil }
        return OldStylePropertyListParser.object(in: range, of: bytes)?.dictionary
    }

    /// Whether the object's `isa` is `kind` (ASCII letters), read in place.
    func has(_ id: String, isa kind: StaticString) -> Bool {
        guard let range = ranges[id] else { return false }
        return OldStylePropertyListParser.object(in: range, of: bytes, has: "isa", equalTo: kind)
    }

    /// The object with only the entries named by `keys`: the group tree's walk reads three or
    /// four of each file reference's.
    subscript(_ id: String, keeping keys: [StaticString]) -> SelectedEntries? {
        guard let range = ranges[id] else { return nil }
        return OldStylePropertyListParser.object(in: range, of: bytes, keeping: keys)
    }
}
