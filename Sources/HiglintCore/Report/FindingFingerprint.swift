/// What identifies a finding across edits, for the formats whose readers
/// track findings from run to run (SARIF's `partialFingerprints`, GitLab's
/// `fingerprint`): rule, file, screen and element, never the line, which
/// moves when lines above it change.
public enum FindingFingerprint {
    /// One fingerprint per finding, in the findings' order. The occurrence
    /// tells apart equal findings on one element (two schema problems on one screen).
    public static func all(_ findings: [Finding]) -> [String] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            let key = input(finding)
            let occurrence = seen[key, default: 0] + 1
            seen[key] = occurrence
            return fingerprint(key, occurrence)
        }
    }

    static func input(_ finding: Finding) -> String {
        [finding.rule, finding.file, finding.screen ?? "", finding.element ?? ""].joined(separator: "\u{1F}")
    }

    /// FNV-1a, 64 bits: stable across runs and platforms, unlike Swift's seeded `Hasher`.
    static func fingerprint(_ input: String, _ occurrence: Int) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in input.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        let padded = String(repeating: "0", count: 16 - hex.count) + hex
        return occurrence == 1 ? padded : "\(padded):\(occurrence)"
    }
}
