import HiglintCore

/// The iOS devices a frame's size can say, in points, portrait (Apple's device
/// specifications, the sizes Figma's frame presets give). A frame as wide as a device and
/// at least as tall is that device in portrait (taller frames scroll); as wide as a device
/// is tall and at least as tall as it is wide, in landscape.
enum Devices {
    struct Model: Sendable, Equatable {
        var name: String
        var width: Double
        var height: Double
        /// `iphone-plus` for the iPhones whose landscape width class is regular.
        var device: Device
    }

    static let models: [Model] = [
        Model(name: "iPhone SE (1st generation)", width: 320, height: 568, device: .iphone),
        Model(name: "iPhone 8, SE", width: 375, height: 667, device: .iphone),
        Model(name: "iPhone X, XS, 11 Pro, 12 mini, 13 mini", width: 375, height: 812, device: .iphone),
        Model(name: "iPhone 12, 13, 14", width: 390, height: 844, device: .iphone),
        Model(name: "iPhone 14 Pro, 15, 15 Pro, 16", width: 393, height: 852, device: .iphone),
        Model(name: "iPhone 16 Pro", width: 402, height: 874, device: .iphone),
        Model(name: "iPhone 8 Plus", width: 414, height: 736, device: .iphonePlus),
        Model(name: "iPhone XR, XS Max, 11, 11 Pro Max", width: 414, height: 896, device: .iphonePlus),
        Model(name: "iPhone 12 Pro Max, 13 Pro Max, 14 Plus", width: 428, height: 926, device: .iphonePlus),
        Model(name: "iPhone 14 Pro Max, 15 Plus, 15 Pro Max, 16 Plus", width: 430, height: 932, device: .iphonePlus),
        Model(name: "iPhone 16 Pro Max", width: 440, height: 956, device: .iphonePlus),
        Model(name: "iPad mini (6th generation)", width: 744, height: 1133, device: .ipad),
        Model(name: "iPad 9.7-inch", width: 768, height: 1024, device: .ipad),
        Model(name: "iPad 10.2-inch", width: 810, height: 1080, device: .ipad),
        Model(name: "iPad Air 10.9-inch, iPad (10th generation)", width: 820, height: 1180, device: .ipad),
        Model(name: "iPad Air 10.5-inch", width: 834, height: 1112, device: .ipad),
        Model(name: "iPad Pro 11-inch", width: 834, height: 1194, device: .ipad),
        Model(name: "iPad Pro 11-inch (M4)", width: 834, height: 1210, device: .ipad),
        Model(name: "iPad Pro 12.9-inch", width: 1024, height: 1366, device: .ipad),
        Model(name: "iPad Pro 13-inch (M4)", width: 1032, height: 1376, device: .ipad),
    ]

    struct Match: Sendable, Equatable {
        var model: Model
        var landscape: Bool
        /// What one screenful shows, in the frame's orientation.
        var canvas: Size
    }

    /// Sizes are compared to a hundredth of a point: Figma keeps fractions a preset never has.
    private static let tolerance = 0.01

    /// The device a frame of this size is, portrait first; of the models of one width, the
    /// tallest the frame reaches. Nil when it is no device's size.
    static func match(width: Double, height: Double) -> Match? {
        func best(_ candidates: [Model], reaching extent: Double, _ side: (Model) -> Double) -> Model? {
            candidates.filter { side($0) <= extent + tolerance }.max { side($0) < side($1) }
        }
        let portrait = models.filter { abs($0.width - width) <= tolerance }
        if let model = best(portrait, reaching: height, \.height) {
            return Match(model: model, landscape: false, canvas: Size(width: model.width, height: model.height))
        }
        let landscape = models.filter { abs($0.height - width) <= tolerance }
        if let model = best(landscape, reaching: height, \.width) {
            return Match(model: model, landscape: true, canvas: Size(width: model.height, height: model.width))
        }
        return nil
    }
}
