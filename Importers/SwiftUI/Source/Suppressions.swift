import HiglintCore
import SwiftSyntax

/// `// higlint:ignore RULE` (on a finding's line or the line above it) and
/// `// higlint:ignore-file RULE`, as the source writes them. Several rules may follow,
/// separated by commas or spaces; a rule may also be a plugin's name.
struct Suppressions {
    private(set) var byLine: [Int: [(rule: String, mark: Mark)]] = [:]
    private(set) var file: [(rule: String, mark: Mark)] = []

    static let lineMarker = "higlint:ignore"
    static let fileMarker = "higlint:ignore-file"

    init() {}

    init(_ tree: SourceFileSyntax, positions: SourcePositions) {
        for token in tree.tokens(viewMode: .sourceAccurate) {
            var position = token.position.utf8Offset
            for piece in token.leadingTrivia {
                read(piece, at: position, positions: positions)
                position += piece.sourceLength.utf8Length
            }
            position = token.endPositionBeforeTrailingTrivia.utf8Offset
            for piece in token.trailingTrivia {
                read(piece, at: position, positions: positions)
                position += piece.sourceLength.utf8Length
            }
        }
    }

    /// Every entry, line and file ones, in the order the file writes them.
    var entries: [(rule: String, mark: Mark)] {
        (file + byLine.values.flatMap { $0 }).sorted { $0.mark.offset < $1.mark.offset }
    }

    /// The rules suppressed for a finding on `line`: those of that line and of the line above.
    func rules(at line: Int) -> [(rule: String, mark: Mark)] {
        (byLine[line] ?? []) + (byLine[line - 1] ?? [])
    }

    private mutating func read(_ piece: TriviaPiece, at offset: Int, positions: SourcePositions) {
        guard case .lineComment(let text) = piece else { return }
        var body = Substring(text.dropFirst(2)).drop { $0 == " " || $0 == "\t" }
        let isFile: Bool
        if body.hasPrefix(Self.fileMarker) {
            isFile = true
            body = body.dropFirst(Self.fileMarker.count)
        } else if body.hasPrefix(Self.lineMarker) {
            isFile = false
            body = body.dropFirst(Self.lineMarker.count)
        } else {
            return
        }
        // `higlint:ignored` is not the marker.
        guard body.isEmpty || body.first == " " || body.first == "\t" else { return }
        // The mark of each rule is where its name is written, so two rules of one comment are two entries.
        let start = text.utf8.count - body.utf8.count
        var index = body.startIndex
        while index < body.endIndex {
            while index < body.endIndex, body[index] == " " || body[index] == "\t" || body[index] == "," {
                index = body.index(after: index)
            }
            let nameStart = index
            while index < body.endIndex, body[index] != " ", body[index] != "\t", body[index] != "," {
                index = body.index(after: index)
            }
            guard nameStart < index else { break }
            let name = String(body[nameStart..<index])
            // What follows `--` is the reason, in words of its own.
            if name.hasPrefix("--") { break }
            let column = start + body[body.startIndex..<nameStart].utf8.count
            let mark = positions.mark(at: offset + column)
            if isFile { file.append((name, mark)) } else { byLine[mark.line, default: []].append((name, mark)) }
        }
    }
}
