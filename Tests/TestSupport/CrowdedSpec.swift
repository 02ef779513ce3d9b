/// The crowded spec of issue #44: `buttons` controls of 44x44 pt piled up within 8 by 49 pt,
/// so that every two are a `buttons.spacing` pair and no other rule fires. The same
/// text as bench/gen_crowded.py writes for `make bench`.
public enum CrowdedSpec {
    public static func yaml(buttons count: Int) -> String {
        var text = "screen: Crowded\nelements:\n"
        for index in 0..<count {
            text += "  - {id: b\(index), type: button, frame: [\(16 + 4 * (index % 3)), \(100 + index % 50), 44, 44]}\n"
        }
        return text
    }

    /// How many pairs `count` such buttons make.
    public static func pairs(_ count: Int) -> Int { count * (count - 1) / 2 }
}
