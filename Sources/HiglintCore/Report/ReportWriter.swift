/// One output format. Each format is a type in its own file, conforming to
/// this protocol, and one line in `ReportFormat.all`; the CLI's `--format`
/// and `--output`, its help, and the config's `watch.outputs` read that list.
public protocol ReportWriter: Sendable {
    /// What `--format`, `--output NAME=FILE` and `watch.outputs` call it.
    var name: String { get }
    /// The extension its files usually take, without the dot.
    var fileExtension: String { get }
    /// One line for the help: what it is and who reads it.
    var summary: String { get }
    /// True when `render` draws the screens, so the engine keeps their wireframes
    /// (which it otherwise drops to save memory).
    var drawsScreens: Bool { get }

    /// The whole file. Same report and options, same bytes.
    func render(_ report: Report, options: ReportRenderOptions) -> String

    /// `render`'s bytes in pieces, handed to `output` in order to be written one after
    /// another, never joined: by default one piece. A writer of big reports hands out the
    /// first pieces while it still makes the others, so they are written meanwhile and the
    /// report is never held whole.
    func writePieces(_ report: Report, options: ReportRenderOptions, to output: (String) -> Void)
}

extension ReportWriter {
    public var drawsScreens: Bool { false }

    public func writePieces(_ report: Report, options: ReportRenderOptions, to output: (String) -> Void) {
        output(render(report, options: options))
    }
}

/// A format by its writer, comparable by name, so outputs and configs can hold
/// and compare formats as values.
public struct ReportFormat: Sendable, Hashable, CustomStringConvertible {
    public let writer: any ReportWriter

    public init(_ writer: any ReportWriter) {
        self.writer = writer
    }

    /// Every format, in the order the help lists them.
    public static let all: [ReportFormat] = [.text, .json, .sarif, .github, .gitlab, .junit, .html]

    /// The format called `name`, if there is one.
    public init?(name: String) {
        guard let format = Self.all.first(where: { $0.name == name }) else { return nil }
        self = format
    }

    public static var names: [String] { all.map(\.name) }

    public var name: String { writer.name }

    public var description: String { name }

    public func render(_ report: Report, options: ReportRenderOptions) -> String {
        writer.render(report, options: options)
    }

    public func writePieces(_ report: Report, options: ReportRenderOptions, to output: (String) -> Void) {
        writer.writePieces(report, options: options, to: output)
    }

    public static func == (lhs: ReportFormat, rhs: ReportFormat) -> Bool {
        lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }
}
