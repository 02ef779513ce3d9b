import HiglintCore

/// Interface Builder's words, and what they mean in the spec model.
enum IBVocabulary {
    /// `<device id>` to its portrait size in points (the survey's ids, and their siblings).
    static let deviceSizes: [String: Size] = [
        "retina3_5": Size(width: 320, height: 480),
        "retina4_0": Size(width: 320, height: 568),
        "retina4_7": Size(width: 375, height: 667),
        "retina5_5": Size(width: 414, height: 736),
        "retina5_9": Size(width: 375, height: 812),
        "retina6_0": Size(width: 390, height: 844),
        "retina6_1": Size(width: 414, height: 896),
        "retina6_3": Size(width: 402, height: 874),
        "retina6_5": Size(width: 414, height: 896),
        "retina6_7": Size(width: 428, height: 926),
        "retina6_12": Size(width: 393, height: 852),
        "retina6_72": Size(width: 430, height: 932),
        "ipad7_9": Size(width: 768, height: 1024),
        "ipad9_7": Size(width: 768, height: 1024),
        "ipad10_2": Size(width: 810, height: 1080),
        "ipad10_5": Size(width: 834, height: 1112),
        "ipad10_9rounded": Size(width: 820, height: 1180),
        "ipad11_0rounded": Size(width: 834, height: 1194),
        "ipad12_9": Size(width: 1024, height: 1366),
        "ipad12_9rounded": Size(width: 1024, height: 1366),
    ]

    /// View elements and the element type each becomes. Anything else that has a frame
    /// is a plain view, a group.
    static let elementTypes: [String: ElementType] = [
        "button": .button, "label": .text, "textField": .textField, "searchBar": .textField,
        "switch": .switch, "slider": .slider, "segmentedControl": .segmentedControl, "stepper": .button,
        "imageView": .image, "tableView": .list, "collectionView": .grid, "pageControl": .custom,
        "activityIndicatorView": .custom, "progressView": .custom, "mapView": .custom, "wkWebView": .custom,
        "webView": .custom, "pickerView": .custom, "datePicker": .custom, "mtkView": .custom, "glkView": .custom,
        "arscnView": .custom, "sceneKitView": .custom, "skView": .custom,
    ]

    /// Elements that are views (they have a frame and sit in `subviews`), besides those above.
    static let groupElements: Set<String> = [
        "view", "stackView", "scrollView", "visualEffectView", "containerView", "tableViewCell",
        "tableViewCellContentView", "collectionViewCell", "collectionViewCellContentView", "collectionReusableView",
        "tableViewHeaderFooterView", "textView",
    ]

    /// Bars laid out as views: they become the screen's bars, not elements.
    static let barElements: Set<String> = ["navigationBar", "toolbar", "tabBar"]

    /// What a view element is, looked up once per element: its type (nil for a bar laid out
    /// as a view), and whether UIKit fixes its size.
    struct ViewKind {
        var type: ElementType?
        var isBar: Bool
        var isSystemSized: Bool
    }

    static let viewKinds: [String: ViewKind] = {
        var kinds: [String: ViewKind] = [:]
        for (name, type) in elementTypes {
            kinds[name] = ViewKind(type: type, isBar: false, isSystemSized: systemSizedControls.contains(name))
        }
        for name in groupElements where kinds[name] == nil {
            kinds[name] = ViewKind(type: .group, isBar: false, isSystemSized: false)
        }
        for name in barElements { kinds[name] = ViewKind(type: nil, isBar: true, isSystemSized: false) }
        return kinds
    }()

    /// `viewKinds` by element code, at each code's `ordinal`: every view name has a code, and a
    /// view's kind is looked up for every view, where hashing its name cost more than the rest.
    static let viewKindsByCode: [ViewKind?] = IBElement.allCases.map { viewKinds[$0.rawValue] }

    /// The kind of a view element whose code is `code` (nil: no code, no kind).
    static func viewKind(of code: IBElement?) -> ViewKind? {
        code.flatMap { viewKindsByCode[$0.ordinal] }
    }

    /// UIKit controls whose size the system fixes; a frame IB shows for them is not one the
    /// app chose, so they are not held to the hit target. A switch is: IB draws it at the
    /// size UIKit gives it, which is the size it runs at, and a spec's switch of that size
    /// is held to it, so the two say the same of one control.
    static let systemSizedControls: Set<String> = ["slider", "segmentedControl", "pageControl", "stepper"]

    /// View controllers, whose scenes become screens.
    static let viewControllers: Set<String> = [
        "viewController", "tableViewController", "collectionViewController", "navigationController",
        "tabBarController", "splitViewController", "pageViewController", "glkViewController",
        "avPlayerViewController", "hostingController", "viewControllerPlaceholder",
    ]

    /// `systemItem` of a bar button item to the spec's standard action; the spaces are not items.
    static let standardActions: [String: String] = [
        "add": "add", "bookmarks": "bookmarks", "camera": "camera", "cancel": "cancel", "close": "close",
        "compose": "compose", "done": "done", "edit": "edit", "fastForward": "fast-forward", "organize": "organize",
        "pause": "pause", "play": "play", "redo": "redo", "refresh": "refresh", "reply": "reply", "rewind": "rewind",
        "save": "save", "search": "search", "action": "share", "stop": "stop", "trash": "trash", "undo": "undo",
    ]
    static let spaceItems: Set<String> = ["flexibleSpace", "fixedSpace"]

    /// A tab bar `systemItem` gives the tab both its icon and its title.
    static let systemTabTitles: [String: String] = [
        "bookmarks": "Bookmarks", "contacts": "Contacts", "downloads": "Downloads", "favorites": "Favorites",
        "featured": "Featured", "history": "History", "more": "More", "mostRecent": "Most Recent",
        "mostViewed": "Most Viewed", "recents": "Recents", "search": "Search", "topRated": "Top Rated",
    ]

    static let textStyles: [String: Font.Style] = [
        "UICTFontTextStyleTitle0": .largeTitle, "UICTFontTextStyleLargeTitle": .largeTitle,
        "UICTFontTextStyleTitle1": .title1, "UICTFontTextStyleTitle2": .title2, "UICTFontTextStyleTitle3": .title3,
        "UICTFontTextStyleHeadline": .headline, "UICTFontTextStyleBody": .body, "UICTFontTextStyleCallout": .callout,
        "UICTFontTextStyleSubhead": .subheadline, "UICTFontTextStyleFootnote": .footnote,
        "UICTFontTextStyleCaption1": .caption1, "UICTFontTextStyleCaption2": .caption2,
    ]

    /// `weight=` of a system font, and the style part of a font's PostScript name
    /// (`Avenir-Light`), lower-cased.
    static let weights: [String: Font.Weight] = [
        "ultralight": .ultralight, "ultrathin": .ultralight, "thin": .thin, "light": .light, "regular": .regular,
        "roman": .regular, "book": .regular, "medium": .medium, "semibold": .semibold, "demibold": .semibold,
        "bold": .bold, "heavy": .heavy, "black": .black,
    ]

    /// What the importer reads of an IB file, and nothing else: the rest stays C bytes.
    static let readerFilter = SAXReader.Filter(
        skippedElements: [
            "autoresizingMask", "nil", "point", "size", "inset", "edgeInsets",
            "directionalEdgeInsets", "accessibilityOverrides",
            "dependencies", "layoutGuides", "viewLayoutGuide",
            "viewControllerLayoutGuide", "paragraphStyle", "textInputTraits", "preferredSymbolConfiguration",
            "variation", "mask", "designables", "inferredMetricsTieBreakers", "dataDetectorType", "blurEffect",
            "vibrancyEffect", "gestureRecognizers", "exclude", "include",
        ],
        keptAttributes: Set(IBAttribute.allCases.map(\.rawValue)),
        textElements: ["string", "mutableString"])
}
