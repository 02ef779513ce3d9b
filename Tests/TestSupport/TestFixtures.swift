import Foundation

/// `Tests/Fixtures`, found from this file's path so that it is the same folder from any
/// working directory and in any clone: every file a test reads is kept there (with the
/// licence of each that came from an open-source app, see each folder's README), so a test
/// whose fixture is missing fails instead of skipping.
public enum TestFixtures {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// `relative` (such as `storyboards/duckduckgo-OmniBar.xib`) under `Tests/Fixtures`.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// `url(relative).path`, for the tests that hand paths to the project's own file API.
    public static func path(_ relative: String) -> String { url(relative).path }

    /// Real storyboards and xibs of four open-source apps (`storyboards/README.md`).
    public static var storyboards: URL { url("storyboards") }

    /// Simplenote for iOS's Interface Builder files with its Info.plist and project file, in their folders (`apps/README.md`).
    public static var simplenote: URL { url("apps/simplenote") }
}
