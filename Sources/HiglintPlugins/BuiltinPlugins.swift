import BarsPlugin
import ButtonsPlugin
import GesturesPlugin
import HiglintCore
import LayoutPlugin
import LifecyclePlugin
import LoginPlugin
import OrientationPlugin
import TextPlugin

/// The plugins that ship with higlint, in the order `higlint rules` lists them.
public enum BuiltinPlugins {
    public static let all: [Plugin] = [
        ButtonsRules.plugin,
        TextRules.plugin,
        LoginRules.plugin,
        LifecycleRules.plugin,
        GesturesRules.plugin,
        BarsRules.plugin,
        OrientationRules.plugin,
        LayoutRules.plugin,
    ]
}
