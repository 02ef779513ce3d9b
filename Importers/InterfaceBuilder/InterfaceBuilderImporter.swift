import CLibXML2
import HiglintCore

/// Reads Interface Builder documents (`.storyboard`, `.xib`) into the core's screen model.
public enum InterfaceBuilder {
    public static let fileExtensions = ["storyboard", "xib"]
}
