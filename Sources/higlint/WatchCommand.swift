enum WatchCommand {
    static func run(_ argv: [String]) -> Int32 {
        Console.error("higlint watch: not available in this build")
        return ExitStatus.failure
    }
}
