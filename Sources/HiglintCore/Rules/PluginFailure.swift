/// The finding an external plugin's fault leaves on each file it could not review, so that
/// a broken plugin is never mistaken for a clean review.
public enum PluginFailure {
    public static let pluginName = "plugin"
    public static let ruleID = "plugin.failed"

    public static let description = RuleDescription(
        id: ruleID, severity: .error, summary: "An external plugin could not review the file.",
        rationale: "A plugin that did not start, crashed, hung or broke the protocol reviewed nothing; without a finding its rules would look satisfied.",
        seed: "the plugin protocol (docs/plugins.md)",
        hint: "Run `higlint plugin test -- COMMAND` to see how the plugin breaks the protocol, and read its lines in the log.",
        triggeringExamples: [], nonTriggeringExamples: [])
}
