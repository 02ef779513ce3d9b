import HiglintCore

/// Reads a Figma file as the REST API returns it (`GET /v1/files/:key`, saved as
/// `*.figma.json`) into the core's screen model: each top-level frame of an iOS device's
/// size is a screen, its layers elements at their positions in the frame. What the file
/// does not say (whether a layer takes taps, a colour under a gradient) stays unknown and
/// is counted, never guessed from how the layers look.
public struct FigmaImporter: ScreenImporter {
    public static let pluginName = "figma"
    public static let syntaxRule = "figma.syntax"
    public static let fileExtension = ".figma.json"
    /// A layer is an object in its parent's `children` array: two JSON levels for each level
    /// of layers, and a few more for the properties of the deepest (a fill's colour).
    static let jsonLevelsPerLayer = 2
    static let propertyLevels = 8

    public let fileExtensions = [Self.fileExtension]

    public init() {}

    public var plugin: Plugin {
        Plugin(
            name: Self.pluginName, summary: "The Figma importer's own findings.", screenRules: [],
            loaderRules: [Self.syntaxDescription])
    }

    static let syntaxDescription = RuleDescription(
        id: syntaxRule, severity: .error,
        summary: "A .figma.json file is not JSON, or not a Figma file response (GET /v1/files/:key).",
        rationale: "A file that does not parse, or holds an error answer or a part of a file, cannot be reviewed at all; saying so once, where it goes wrong, is better than a silent pass on a design nobody checked.",
        seed: "the Figma importer (docs/figma.md)",
        hint: "Fetch the file again with `higlint figma pull` (a download cut short leaves JSON that ends early); an error answer says why the API refused.",
        triggeringExamples: [
            "{\"document\": {\"id\": \"0:0\", \"type\": \"DOCUMENT\", \"children\": [\n",
            "{\"status\": 403, \"err\": \"Invalid token\"}\n",
        ],
        nonTriggeringExamples: [
            "{\"document\": {\"id\": \"0:0\", \"type\": \"DOCUMENT\", \"children\": []}, \"name\": \"App\", \"version\": \"1\"}\n",
        ])

    public func importScreens(from bytes: [UInt8], file: SpecFile, options: ImportOptions) -> ImportResult {
        let maxDepth = options.limits.maxDepth * Self.jsonLevelsPerLayer + Self.propertyLevels
        let tree: JSONTree
        switch JSONTreeParser.parse(bytes, maxDepth: maxDepth) {
        case .tree(let parsed): tree = parsed
        case .malformed(let message, let mark):
            return .imported(ImportedFile(screens: [], diagnostics: [
                ImportDiagnostic(rule: Self.syntaxRule, message: "not valid JSON: \(message)", at: mark),
            ]))
        case .tooDeep(let mark):
            let message = "values nest deeper than \(maxDepth) levels "
                + "(limits.max_depth \(options.limits.maxDepth), two JSON levels for each level of layers)"
            return .imported(ImportedFile(screens: [], diagnostics: [ImportDiagnostic(rule: CoreRules.limits, message: message, at: mark)]))
        }
        if let problem = Self.notAFile(tree) {
            return .imported(ImportedFile(screens: [], diagnostics: [
                ImportDiagnostic(rule: Self.syntaxRule, message: problem.message, at: problem.mark),
            ]))
        }
        let key = options.designFileKeys[FileSystem.absolute(file.path)] ?? Self.key(fromFileName: file.path)
        let mapped = FileMapper(tree: tree, key: key, maxLayerDepth: options.limits.maxDepth).screens()
        return .imported(ImportedFile(screens: mapped.screens, unknown: mapped.unknown))
    }

    /// Why the JSON is not a file response, and where; nil when it is one.
    static func notAFile(_ tree: JSONTree) -> (message: String, mark: Mark)? {
        let root = tree.root
        guard tree.kind(root) == .object else {
            return ("not a Figma file response: the JSON is not an object (a file response is {\"document\": ...})", tree.mark(root))
        }
        if let status = tree.member("status", of: root), tree.member("document", of: root) == nil {
            let code = tree.number(status).map { formatPoints($0) } ?? tree.string(status) ?? "?"
            let reason = tree.string("err", of: root) ?? tree.string("message", of: root)
            return ("a Figma API error answer (status \(code)\(reason.map { ": " + quoted($0) } ?? "")), not a file", tree.mark(root))
        }
        guard let document = tree.member("document", of: root) else {
            if let nodes = tree.member("nodes", of: root) {
                return ("a GET /v1/files/:key/nodes answer, which holds parts of a file; save the whole file (GET /v1/files/:key)", tree.mark(nodes))
            }
            return ("not a Figma file response: it has no \"document\" member", tree.mark(root))
        }
        guard tree.kind(document) == .object, let type = tree.member("type", of: document), tree.stringEquals(type, "DOCUMENT") else {
            return ("not a Figma file response: \"document\" is not a node of type DOCUMENT", tree.mark(document))
        }
        if let children = tree.member("children", of: document), tree.kind(children) != .array {
            return ("not a Figma file response: the document's \"children\" is not an array", tree.mark(children))
        }
        return nil
    }

    /// `KEY` of `designs/KEY.figma.json`, when it looks like a file key (10 to 64 letters and
    /// digits, as Figma's keys are); nil for a name such as `home.figma.json`, which would
    /// make links to a file that does not exist.
    static func key(fromFileName path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard name.hasSuffix(fileExtension) else { return nil }
        let key = name.dropLast(fileExtension.count)
        guard key.count >= 10, key.count <= 64, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        return String(key)
    }

    /// The link that opens a node in Figma: `https://www.figma.com/design/KEY/?node-id=1-2`
    /// (the node id's `:` written `-`, as Figma writes it in its own links, and the `;` of a
    /// layer inside an instance, `I1:2;3:4`, escaped as a query needs it).
    public static func link(key: String, node: String) -> String {
        var id = ""
        for character in node {
            switch character {
            case ":": id += "-"
            case ";": id += "%3B"
            case "0"..."9", "a"..."z", "A"..."Z", "-": id.append(character)
            default: id += character.utf8.map { "%" + ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
            }
        }
        return "https://www.figma.com/design/\(key)/?node-id=" + id
    }
}

/// The whole file to screens: the pages' top-level frames of a device's size, in order.
struct FileMapper {
    let tree: JSONTree
    let key: String?
    let maxLayerDepth: Int

    func screens() -> (screens: [ImportedScreen], unknown: [String: Int]) {
        let reader = NodeReader(tree: tree)
        let components = ComponentNames(tree)
        guard let document = tree.member("document", of: tree.root) else { return ([], [:]) }
        var screens: [ImportedScreen] = []
        var unknown: [String: Int] = [:]
        var used = Set<String>()
        let link: (String) -> String? = { [key] node in key.map { FigmaImporter.link(key: $0, node: node) } }
        for page in reader.children(document) where reader.isType(page, "CANVAS") {
            for frame in topLevelFrames(of: page, reader: reader) {
                guard let box = reader.box(frame), let device = Devices.match(width: box.width, height: box.height) else { continue }
                var mapper = ScreenMapper(
                    reader: reader, components: components, frame: frame, frameBox: box, device: device,
                    maxDepth: maxLayerDepth, link: link)
                let base = reader.name(frame).flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 } ?? reader.id(frame) ?? "Frame"
                // Two frames of one file never share a name: the later ones add their node id.
                let name = used.insert(base).inserted ? base : "\(base) (\(reader.id(frame) ?? "\(screens.count)"))"
                used.insert(name)
                var (screen, links) = mapper.screen(named: name)
                screen.elementLinks = links
                screens.append(screen)
                unknown.merge(mapper.unknown, uniquingKeysWith: +)
            }
        }
        return (screens, unknown)
    }

    /// A page's frames and components, and those in its sections (a section only groups
    /// frames on the canvas). Hidden ones are not drawn.
    private func topLevelFrames(of page: JSONTree.Index, reader: NodeReader) -> [JSONTree.Index] {
        var out: [JSONTree.Index] = []
        func walk(_ parent: JSONTree.Index, _ depth: Int) {
            for child in reader.children(parent) where reader.isVisible(child) {
                if reader.isType(child, "FRAME") || reader.isType(child, "COMPONENT") {
                    out.append(child)
                } else if reader.isType(child, "SECTION"), depth < 8 {
                    walk(child, depth + 1)
                }
            }
        }
        walk(page, 0)
        return out
    }
}
