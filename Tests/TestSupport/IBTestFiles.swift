import Foundation

/// The external plugin and the small storyboard that the plugin host, command line and
/// watcher tests share, so that each test states only what it varies.
public enum IBTestFiles {
    /// `Tests/Fixtures/plugins/house_plugin.py`, the Python plugin the tests run (`house.*` rules).
    public static let housePlugin = TestFixtures.path("plugins/house_plugin.py")

    /// An iPhone storyboard of one screen whose first subview is a system button; its start
    /// tag is at line 11, column 29, and `moreSubviews` (lines of XML, indented here) follow it.
    public static func storyboard(
        screen: String = "Home", button: String = "go",
        frame: (x: Int, y: Int, width: Int, height: Int) = (10, 100, 100, 50),
        title: String? = "Go", moreSubviews: [String] = []
    ) -> String {
        let subviewIndent = String(repeating: " ", count: 28)
        let buttonLines = [
            "<button opaque=\"NO\" buttonType=\"system\" id=\"\(button)\">",
            "    <rect key=\"frame\" x=\"\(frame.x)\" y=\"\(frame.y)\" width=\"\(frame.width)\" height=\"\(frame.height)\"/>",
        ] + (title.map { ["    <state key=\"normal\" title=\"\($0)\"/>"] } ?? []) + ["</button>"]
        let subviews = (buttonLines + moreSubviews).map { subviewIndent + $0 }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
                <device id="retina4_7" orientation="portrait"/>
                <scenes>
                    <scene sceneID="s1">
                        <objects>
                            <viewController storyboardIdentifier="\(screen)" id="vc" sceneMemberID="viewController">
                                <view key="view" id="root">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                    <subviews>
            \(subviews)
                                    </subviews>
                                </view>
                            </viewController>
                        </objects>
                    </scene>
                </scenes>
            </document>

            """
    }
}
