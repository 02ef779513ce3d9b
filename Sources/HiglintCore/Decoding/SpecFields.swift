// The keys of the spec format, version 2, one enum per kind of map. The decoder
// switches over these rather than over strings, and matches a key's bytes
// against them without making a string of it; rules look marks up by them
// (`screen.marks[.orientations]`).

public enum ScreenField: String, SpecField {
    case screen, parent, device, kind, canvas, orientations
    case statusBar = "status_bar"
    case navigationBar = "navigation_bar"
    case toolbar
    case tabBar = "tab_bar"
    case login, data, gestures, elements, layouts, review, background
}

/// Every key an element may hold in any place; `ElementPlacement` decides which of them apply.
public enum ElementField: String, SpecField {
    case id, type, frame
    case hitArea = "hit_area"
    case label, action, icon, border, font, role, scroll, children, ignore, color, background
    case switchesMode = "switches_mode"
    case title, badge
}

public enum FrameField: String, SpecField { case x, y, width, height }
public enum FontField: String, SpecField { case size, weight, style, dynamic }
public enum ColorField: String, SpecField { case light, dark }

public enum StatusBarField: String, SpecField {
    case hidden, style
    case revealOnTap = "reveal_on_tap"
}

public enum NavigationBarField: String, SpecField {
    case title
    case titleFont = "title_font"
    case back, items, translucent, color, height
}

public enum BackButtonField: String, SpecField { case title, custom, style }
public enum ToolbarField: String, SpecField { case items, translucent, color, height }
public enum TabBarField: String, SpecField { case tabs, translucent }
public enum LoginField: String, SpecField { case required, explanation, methods }
public enum DataField: String, SpecField { case save }
public enum GestureField: String, SpecField { case type, fingers, direction, action }
public enum LayoutVariantField: String, SpecField { case presentation, hidden }
public enum ReviewField: String, SpecField { case ignore, reason }
extension SizeClass: SpecField {}

/// The known keys of each map, built once.
public enum SpecFields {
    static let screen = FieldSet<ScreenField>()
    static let element = FieldSet<ElementField>([
        .id, .type, .frame, .hitArea, .label, .action, .icon, .border, .font, .role, .scroll, .children, .ignore,
        .color, .background,
    ])
    static let toolbarItem = FieldSet<ElementField>(element.fields + [.switchesMode])
    static let tab = FieldSet<ElementField>(element.fields + [.title, .badge])
    static let frame = FieldSet<FrameField>()
    static let font = FieldSet<FontField>()
    static let color = FieldSet<ColorField>()
    static let statusBar = FieldSet<StatusBarField>()
    static let navigationBar = FieldSet<NavigationBarField>()
    static let backButton = FieldSet<BackButtonField>()
    static let toolbar = FieldSet<ToolbarField>()
    static let tabBar = FieldSet<TabBarField>()
    static let login = FieldSet<LoginField>()
    static let data = FieldSet<DataField>()
    static let gesture = FieldSet<GestureField>()
    static let layoutVariant = FieldSet<LayoutVariantField>()
    static let review = FieldSet<ReviewField>()
    static let layouts = FieldSet<SizeClass>()
}

/// Keys of the spec format, version 2, by the map they belong to.
public enum SpecKeys {
    public static let screen = SpecFields.screen.names
    public static let element = SpecFields.element.names
    public static let toolbarItem = SpecFields.toolbarItem.names
    public static let tab = SpecFields.tab.names
    public static let frame = SpecFields.frame.names
    public static let font = SpecFields.font.names
    public static let color = SpecFields.color.names
    public static let statusBar = SpecFields.statusBar.names
    public static let navigationBar = SpecFields.navigationBar.names
    public static let backButton = SpecFields.backButton.names
    public static let toolbar = SpecFields.toolbar.names
    public static let tabBar = SpecFields.tabBar.names
    public static let login = SpecFields.login.names
    public static let data = SpecFields.data.names
    public static let gesture = SpecFields.gesture.names
    public static let layoutVariant = SpecFields.layoutVariant.names
    public static let review = SpecFields.review.names
}

/// An enum of the model whose values a spec writes as text (`type: button`).
protocol SpecChoice: SpecField {
    static var choices: FieldSet<Self> { get }
}

extension Device: SpecChoice { static let choices = FieldSet<Device>() }
extension ScreenKind: SpecChoice { static let choices = FieldSet<ScreenKind>() }
extension Orientation: SpecChoice { static let choices = FieldSet<Orientation>() }
extension ElementType: SpecChoice { static let choices = FieldSet<ElementType>() }
extension Scroll: SpecChoice { static let choices = FieldSet<Scroll>() }
extension Font.Weight: SpecChoice { static let choices = FieldSet<Font.Weight>() }
extension Font.Style: SpecChoice { static let choices = FieldSet<Font.Style>() }
extension StatusBar.Style: SpecChoice { static let choices = FieldSet<StatusBar.Style>() }
extension BackButton.Style: SpecChoice { static let choices = FieldSet<BackButton.Style>() }
extension Login.Requirement: SpecChoice { static let choices = FieldSet<Login.Requirement>() }
extension DataPolicy.Save: SpecChoice { static let choices = FieldSet<DataPolicy.Save>() }
extension Gesture.Kind: SpecChoice { static let choices = FieldSet<Gesture.Kind>() }

/// A model value that keeps the marks of the map it was read from.
protocol MarkedValue {
    associatedtype Field: SpecField
    var marks: Marks<Field> { get set }
}

extension Element.Fields: MarkedValue {}
extension StatusBar: MarkedValue {}
extension NavigationBar: MarkedValue {}
extension BackButton: MarkedValue {}
extension Toolbar: MarkedValue {}
extension TabBar: MarkedValue {}
extension Login: MarkedValue {}
extension DataPolicy: MarkedValue {}
extension Gesture: MarkedValue {}
extension LayoutVariant: MarkedValue {}
