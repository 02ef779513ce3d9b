import Glibc
import HiglintCore

/// The external plugins of one config, running. `check` starts them once; the watcher
/// starts a new host at each config load and shuts the old one down.
public final class PluginHost: Sendable {
    public let plugins: [ExternalPlugin]

    /// Starts every `plugins.external` entry, in the config's directory. A plugin that
    /// cannot start is logged and kept, so that each file it should review says so.
    public init(_ config: Config, log: @escaping @Sendable (String) -> Void) {
        // A plugin that dies while higlint writes to it must not take higlint down with SIGPIPE:
        // the write then fails with EPIPE, which is a fault like any other.
        if !config.externalPlugins.isEmpty { signal(SIGPIPE, SIG_IGN) }
        plugins = config.externalPlugins.map { ExternalPlugin($0, directory: config.baseDirectory, log: log) }
    }

    /// The plugins as the engine takes them.
    public var enginePlugins: [Plugin] { plugins.map(\.plugin) }

    public func shutdown() {
        plugins.forEach { $0.shutdown() }
    }
}
