#if canImport(Glibc)
import Glibc
#endif
import HiglintCore

/// The process's environment, read where a command needs it.
enum Environment {
    /// The variable's value; nil when it is unset or empty.
    static func value(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}

/// What decides whether a config's external plugins start (`ConfigTrust`): the run's own
/// override and the user's trust store, read anew at each decision, so a config trusted or
/// revoked while the watcher or the language server runs counts at its next load.
struct TrustContext: Sendable {
    var overridden: Bool

    static var storePath: String? { TrustStore.defaultPath(environment: Environment.value) }

    static func loadStore() -> TrustStore {
        storePath.map(TrustStore.load(from:)) ?? TrustStore()
    }

    func verdict(for config: Config, overridden more: Bool = false) -> ConfigTrust.Verdict {
        ConfigTrust.verdict(for: config, overridden: overridden || more, store: Self.loadStore())
    }
}
