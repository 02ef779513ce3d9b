import SwiftIfConfig
import SwiftSyntax

/// The build an iPhone app's screens come from, for `#if`: iOS on a device. Code for
/// another platform (`#if os(macOS)`, `#if os(watchOS)`...) is inactive and not reviewed
/// as iPhone code; the simulator is not the device people hold.
struct IOSBuildConfiguration: BuildConfiguration {
    /// Frameworks an iOS build cannot import; any other module (the app's own, Apple's
    /// iOS frameworks) is taken as there.
    static let unavailableModules: Set<String> = [
        "AppKit", "Cocoa", "WatchKit", "ClockKit", "TVUIKit", "TVServices", "TVMLKit", "RealityKitContent_visionOS",
    ]

    func isCustomConditionSet(name: String) -> Bool {
        // The configurations an app is reviewed as: a debug build's screens are its release screens.
        name == "DEBUG"
    }

    func hasFeature(name: String) -> Bool { false }
    func hasAttribute(name: String) -> Bool { true }

    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) -> Bool {
        guard let module = importPath.first?.1 else { return false }
        return !Self.unavailableModules.contains(module)
    }

    func isActiveTargetOS(name: String) -> Bool { name == "iOS" }
    func isActiveTargetArchitecture(name: String) -> Bool { name == "arm64" }
    func isActiveTargetEnvironment(name: String) -> Bool { false }
    func isActiveTargetRuntime(name: String) -> Bool { name == "_Native" }
    func isActiveTargetPointerAuthentication(name: String) -> Bool { false }
    func isActiveTargetObjectFormat(name: String) -> Bool { name == "MachO" }
    var targetPointerBitWidth: Int { 64 }
    var targetAtomicBitWidths: [Int] { [32, 64, 128] }
    var endianness: Endianness { .little }
    var languageVersion: VersionTuple { VersionTuple(6, 0) }
    var compilerVersion: VersionTuple { VersionTuple(6, 1) }
}
