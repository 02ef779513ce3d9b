import HiglintCore

/// What `higlint figma pull` asks of an answer before it replaces a saved file: that it is
/// whole JSON and a file response, by the same reader and the same test the review uses, so
/// the pull never saves what `check` would call `figma.syntax`.
public enum FigmaFileResponse {
    public enum Check: Sendable, Equatable {
        /// A file response; its `version` (a string in Figma's answers, a number in some
        /// older ones), or nil when it has none.
        case file(version: String?)
        /// Why the bytes are not one, and where (`line:column: message`).
        case notAFile(String)
    }

    /// Nesting is bounded by a stack, never by recursion; a pulled file deeper than the
    /// review's limit is still the designer's file, and the review says so.
    static let pullDepth = 1 << 16

    public static func check(_ bytes: [UInt8]) -> Check {
        let tree: JSONTree
        switch JSONTreeParser.parse(bytes, maxDepth: pullDepth) {
        case .tree(let parsed): tree = parsed
        case .malformed(let message, let mark): return .notAFile("\(mark.line):\(mark.column): not valid JSON: \(message)")
        case .tooDeep(let mark): return .notAFile("\(mark.line):\(mark.column): values nest deeper than \(pullDepth) levels")
        }
        if let problem = FigmaImporter.notAFile(tree) {
            return .notAFile("\(problem.mark.line):\(problem.mark.column): \(problem.message)")
        }
        guard let version = tree.member("version", of: tree.root) else { return .file(version: nil) }
        return .file(version: tree.string(version) ?? tree.number(version).map { formatPoints($0) })
    }
}
