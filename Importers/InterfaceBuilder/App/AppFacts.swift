import HiglintCore

// Stand-in with the agreed API until h-appfacts lands the real reader of Info.plist and
// project.pbxproj here; it knows nothing, so every app-level fact stays unknown.

/// What the app around an Interface Builder file says for all its screens.
public struct AppFacts: Sendable, Equatable {
    public var device: Device?
    public var orientations: [Orientation]?
    public var padOrientations: [Orientation]?
    public var statusBarHidden: Bool?
    public static let unknown = AppFacts()
}

/// Finds the app facts of a document's app.
public final class AppFactsLocator: Sendable {
    public init() {}
    public func facts(forDocumentAt path: String) -> AppFacts { .unknown }
    public func sources(forDocumentAt path: String) -> [String] { [] }
}
