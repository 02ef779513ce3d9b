/// A project file's bytes read as the app facts read one, with every question they ask of it
/// put to it: for the fuzzer (`higlint-fuzz`), which has no project on disk to find. The
/// answers come back as text, so that two readings of the same bytes can be compared.
public enum ProjectFileReading {
    /// Where the bytes are taken to be, and documents at places a project names.
    static let path = "/fuzz/App.xcodeproj/project.pbxproj"
    static let documents = [
        "/fuzz/App/Base.lproj/Main.storyboard", "/fuzz/App/Card.xib", "/fuzz/Widget/Widget.xib", "/fuzz/Synced/View.xib",
    ]

    /// The parse's failure, or the project's name and directory, each configuration list's
    /// configurations (their settings and the file each is based on) and the targets of a
    /// few documents.
    public static func answers(_ bytes: [UInt8]) -> String {
        let project: XcodeProject
        switch XcodeProject.parse(bytes, path: path) {
        case .failure(let problem): return "not read: \(problem)"
        case .success(let read): project = read
        }
        var lines = ["\(project.name) in \(project.directory)"]
        let lists = [("project", project.projectConfigurationList)]
            + project.targets.map { ("target \($0.id) \($0.name)", $0.configurationList) }
        for (owner, list) in lists {
            let configurations = project.configurations(of: list)
            lines.append("\(owner): default \(configurations.defaultName ?? "none")")
            for name in configurations.byName.keys.sorted() {
                guard let id = configurations.byName[name], let configuration = project.configuration(id) else {
                    lines.append("  \(name): not read")
                    continue
                }
                let settings = configuration.settings.keys.sorted().map { "\($0)=\(configuration.settings[$0] ?? "")" }
                lines.append("  \(name) (\(id)): \(settings.joined(separator: "; "))")
                lines.append("    based on \(project.baseConfigurationFile(of: configuration.entries) ?? "nothing")")
            }
        }
        for document in documents {
            lines.append("\(document): \(project.targets(containing: document).map(\.id).joined(separator: ", "))")
        }
        return lines.joined(separator: "\n")
    }
}
