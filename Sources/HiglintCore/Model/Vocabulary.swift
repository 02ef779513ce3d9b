/// Words the spec format gives a meaning to.
public enum Vocabulary {
    /// The system bar-button items: they should use a system icon.
    public static let standardActions: Set<String> = [
        "add", "bookmarks", "camera", "cancel", "close", "compose", "done", "edit", "fast-forward", "organize", "pause",
        "play", "redo", "refresh", "reply", "rewind", "save", "search", "share", "stop", "trash", "undo",
    ]

    /// Actions that end the app, which iOS apps never offer.
    public static let quitActions: Set<String> = ["quit", "exit", "close-app", "quit-app", "exit-app", "terminate"]
}
