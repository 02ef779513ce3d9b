/// Which reviewed files depend on which other files (an IB file on its app's project and
/// Info.plist, on a storyboard it references), so that a change to one of those files
/// sends its dependents to be reviewed again. Specs depend on nothing and cost nothing here.
public struct DependencyIndex: Sendable {
    private var byDependent: [String: [String]] = [:]
    private var byDependency: [String: Set<String>] = [:]

    public var isEmpty: Bool { byDependency.isEmpty }

    /// Replaces what `dependent` depends on.
    public mutating func record(_ dependent: String, dependsOn dependencies: [String]) {
        if dependencies.isEmpty, byDependent.isEmpty { return }
        for old in byDependent[dependent] ?? [] {
            byDependency[old]?.remove(dependent)
            if byDependency[old]?.isEmpty == true { byDependency[old] = nil }
        }
        byDependent[dependent] = dependencies.isEmpty ? nil : dependencies
        for dependency in dependencies { byDependency[dependency, default: []].insert(dependent) }
    }

    /// The files whose review read `path`, in byte order.
    public func dependents(of path: String) -> [String] {
        guard let dependents = byDependency[path] else { return [] }
        return dependents.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
