import HiglintCore

/// Controls IB lays out together that the app shows one at a time: two panels or buttons
/// drawn on top of each other (code shows one of them), a reload button beside its stop
/// button, and buttons side by side whose widths may collapse (they take turns in a slot). Their touch areas are not compared with each other (`buttons.spacing`): the later
/// of each pair, on which the rule would report, holds the rule back.
enum Alternates {
    /// Beyond this many controls a screen is not searched pair by pair; none is held back.
    static let maxControls = 400
    /// How far apart two controls of one slot may be.
    static let slotGap = 8.0

    static func holdBackSpacing(in elements: inout [Element], roles: [String: ViewMapper.AlternateRole]) {
        var controls: [(path: String, frame: Rect, role: ViewMapper.AlternateRole?)] = []
        collect(elements, roles: roles, into: &controls)
        guard controls.count > 1, controls.count <= maxControls else { return }
        var heldBack = Set<String>()
        for later in 1..<controls.count {
            for earlier in 0..<later where alternate(controls[earlier], controls[later]) {
                heldBack.insert(controls[later].path)
                break
            }
        }
        if !heldBack.isEmpty { mark(&elements, heldBack) }
    }

    private static func alternate(
        _ one: (path: String, frame: Rect, role: ViewMapper.AlternateRole?),
        _ other: (path: String, frame: Rect, role: ViewMapper.AlternateRole?)
    ) -> Bool {
        let width = min(one.frame.maxX, other.frame.maxX) - max(one.frame.minX, other.frame.minX)
        let height = min(one.frame.maxY, other.frame.maxY) - max(one.frame.minY, other.frame.minY)
        if width > 0 && height > 0 { return true }
        // Side by side in one slot (touching, or nearly): reload and stop take turns there,
        // and so do buttons that both collapse when code hides them.
        guard let first = one.role, let second = other.role, width > -slotGap, height > -slotGap else { return false }
        return first.alternates(with: second)
    }

    private static func collect(
        _ elements: [Element], roles: [String: ViewMapper.AlternateRole],
        into controls: inout [(path: String, frame: Rect, role: ViewMapper.AlternateRole?)]
    ) {
        for element in elements {
            if element.isInteractive, let frame = element.frame {
                controls.append((element.path, frame, element.id.flatMap { roles[$0] }))
            }
            collect(element.children, roles: roles, into: &controls)
        }
    }

    private static func mark(_ elements: inout [Element], _ paths: Set<String>) {
        for index in elements.indices {
            if paths.contains(elements[index].path) { elements[index].suppressed.append("buttons.spacing") }
            if !elements[index].children.isEmpty { mark(&elements[index].children, paths) }
        }
    }
}

/// Views IB parks wholly beside the canvas (swipe actions, a panel code slides in): laid
/// out off screen on purpose, to be moved on screen at run time.
enum Parked {
    static func holdBackOffscreen(in elements: inout [Element], canvasWidth: Double) {
        for index in elements.indices {
            if let frame = elements[index].frame, frame.width > 0, frame.maxX <= 0 || frame.minX >= canvasWidth {
                elements[index].suppressed.append("layout.offscreen")
            }
            if !elements[index].children.isEmpty { holdBackOffscreen(in: &elements[index].children, canvasWidth: canvasWidth) }
        }
    }
}
