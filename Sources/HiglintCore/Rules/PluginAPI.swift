/// What a rule declares about itself. Documentation, `higlint rules`,
/// `higlint explain` and the example tests are all generated from this.
public struct RuleDescription: Sendable {
    /// `plugin.name`, exactly as in the rule catalog.
    public var id: String {
        didSet { plugin = Self.plugin(of: id) }
    }
    /// The part of the id before the dot. Kept, not computed: the engine asks it of every
    /// rule on every imported screen and of every finding an `ignore` list might hold back,
    /// and building it each time was 2,600 instructions a call (3 % of the IB bench).
    public private(set) var plugin: String
    public var severity: Severity
    /// One line: what the rule finds.
    public var summary: String
    /// Why: the guideline, in our words.
    public var rationale: String
    /// The source document the guideline comes from (`000`, `002`, `003`).
    public var seed: String
    /// One line: what to do about a finding, with the thresholds at their defaults (what
    /// `rules`, `explain` and docs/rules.md show).
    public private(set) var hint: String
    /// The hint as declared: `{min_hit_target}` stands for that threshold's value, so a
    /// finding's hint names the number the config set, not the default.
    public var hintTemplate: String {
        didSet { hint = Self.fill(hintTemplate, thresholds, values: ThresholdValues()) }
    }
    /// Whole screen documents that must produce at least one finding of this rule.
    public var triggeringExamples: [String]
    /// Whole screen documents that must produce none.
    public var nonTriggeringExamples: [String]
    /// The config thresholds the rule reads, each declared once by the rule (see `Threshold`).
    public var thresholds: [ThresholdDeclaration]
    public var isProjectRule: Bool
    /// The fix the rule's violations carry, if it has one; nil for a rule without.
    public var fix: FixDeclaration?

    public init(
        id: String, severity: Severity, summary: String, rationale: String, seed: String, hint: String,
        triggeringExamples: [String], nonTriggeringExamples: [String], thresholds: [any ThresholdDeclaring] = [],
        isProjectRule: Bool = false, fix: FixDeclaration? = nil
    ) {
        self.id = id
        self.plugin = Self.plugin(of: id)
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.seed = seed
        self.hintTemplate = hint
        self.hint = hint
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.thresholds = thresholds.map(\.declaration)
        self.isProjectRule = isProjectRule
        self.fix = fix
        self.hint = Self.fill(hint, self.thresholds, values: ThresholdValues())
    }

    /// The hint of a finding under the config's threshold values.
    public func hint(under values: ThresholdValues) -> String {
        // Most hints name no threshold, and most configs set none: nothing to fill then. A
        // config that sets none of this rule's has its hint as at the defaults, `hint`: filling
        // it again for every finding was a twentieth of check's CPU on a tree of small buttons.
        guard !thresholds.isEmpty, hintTemplate.utf8.contains(UInt8(ascii: "{")),
              thresholds.contains(where: { values.isSet($0.key) })
        else { return hint }
        return Self.fill(hintTemplate, thresholds, values: values)
    }

    /// `template` with each `{key}` of a declared threshold replaced by its value.
    static func fill(_ template: String, _ thresholds: [ThresholdDeclaration], values: ThresholdValues) -> String {
        guard !thresholds.isEmpty, template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var text = template
        for threshold in thresholds {
            let value = values[key: threshold.key] ?? threshold.defaultValue
            text = text.replacing("{" + threshold.key + "}", with: value.description)
        }
        return text
    }

    private static func plugin(of id: String) -> String { String(id.prefix { $0 != "." }) }
}

/// A problem a rule found, before the engine adds the file, applies the config's
/// severity and the screen's and element's suppressions.
public struct Violation: Sendable {
    public var message: String
    public var mark: Mark
    public var element: String?
    /// Rule ids and plugin names that suppress this violation (an element's `ignore` and its ancestors').
    public var suppressed: [String]
    /// Where each entry of `suppressed` is written, in the same order; empty when unknown.
    public var suppressionMarks: [Mark]
    /// What the rule's declared fix changes for this violation; empty when it cannot say.
    public var fix: [FixAction] = []
    /// A hint for this violation alone, with its own figures; nil takes the rule's.
    public var hint: String?

    public init(
        message: String, at mark: Mark, element: String? = nil, suppressed: [String] = [], suppressionMarks: [Mark] = []
    ) {
        self.message = message
        self.mark = mark
        self.element = element
        self.suppressed = suppressed
        self.suppressionMarks = suppressionMarks
    }

    /// A violation about an element: reported at the element's map, named and suppressed by it.
    public init(message: String, on element: Element) {
        self.init(message: message, on: element, at: element.marks.map)
    }

    /// The violation with the fix that resolves it.
    /// Consuming: the violation is moved into the result, not copied (a retain of each of its
    /// strings and lists, and a release of the original's).
    public consuming func fixed(by actions: FixAction...) -> Violation {
        fix = actions
        return self
    }

    /// A violation about one value of an element (its frame, its font...).
    public init(message: String, on element: Element, at mark: Mark) {
        self.init(
            message: message, at: mark, element: element.name, suppressed: element.suppressed,
            suppressionMarks: element.suppressionMarks)
    }
}

/// What a rule may know besides the screen: the config's thresholds and the app.
public struct RuleContext: Sendable {
    public var thresholds: ThresholdValues
    public var appCategory: String?
    /// The most findings a screen reports (`limits.max_findings_per_screen`): a rule that can
    /// find more than one per element builds no more violations than this and counts the rest
    /// (`ScreenRule.checkBounded(_:in:)`).
    public var findingLimit: Int

    public init(
        thresholds: ThresholdValues = ThresholdValues(), appCategory: String? = nil,
        findingLimit: Int = LoaderLimits().maxFindingsPerScreen
    ) {
        self.thresholds = thresholds
        self.appCategory = appCategory
        self.findingLimit = findingLimit
    }

    /// The threshold's value: the config's, else its declared default.
    @inlinable
    public subscript<Value>(threshold: Threshold<Value>) -> Value {
        thresholds[threshold]
    }
}

/// A rule that reviews one screen at a time. Its check is a pure function.
public protocol ScreenRule: Sendable {
    var description: RuleDescription { get }
    func check(_ screen: Screen, in context: RuleContext) -> [Violation]
    /// The violations, at most `context.findingLimit` of them, and a count of the rest: what
    /// the engine asks. A rule whose violations can outnumber the screen's elements (one per
    /// pair) implements it, so that a crowded screen costs the limit, not the square of its
    /// elements; for any other the default takes `check`, and the engine caps what it gives.
    func checkBounded(_ screen: Screen, in context: RuleContext) -> BoundedViolations
}

extension ScreenRule {
    public func checkBounded(_ screen: Screen, in context: RuleContext) -> BoundedViolations {
        BoundedViolations(check(screen, in: context))
    }
}

/// A screen rule's violations when there may be more than it builds.
public struct BoundedViolations: Sendable {
    public var violations: [Violation]
    /// The violations found but not built, counted by the element each is about, so that an
    /// element's `ignore` list can still hold its share back.
    public var leftOut: [LeftOut]

    public init(_ violations: [Violation], leftOut: [LeftOut] = []) {
        self.violations = violations
        self.leftOut = leftOut
    }

    /// Violations of one element that were counted and not built.
    public struct LeftOut: Sendable {
        public var count: Int
        public var element: String?
        public var suppressed: [String]
        public var suppressionMarks: [Mark]

        public init(_ count: Int, on element: Element) {
            self.count = count
            self.element = element.name
            self.suppressed = element.suppressed
            self.suppressionMarks = element.suppressionMarks
        }
    }
}

/// A violation of a project rule, which lands on the screen it is about.
public struct ProjectViolation: Sendable {
    /// Which screen (file and document) the finding belongs to.
    public var screen: ScreenSummary
    public var violation: Violation

    public init(on screen: ScreenSummary, _ violation: Violation) {
        self.screen = screen
        self.violation = violation
    }
}

/// A rule that needs other screens. It sees compact summaries only, so the
/// watcher can re-run it on every save without re-reading specs.
public protocol ProjectRule: Sendable {
    var description: RuleDescription { get }
    func check(_ project: ProjectIndex, in context: RuleContext) -> [ProjectViolation]
}

/// A violation of one of several rules, as a `FileReviewer` reports it.
public struct RuleViolation: Sendable {
    /// One of the reviewer's rules, or `PluginFailure.ruleID`.
    public var rule: String
    /// Which of the file's screens it is about (its position in the list the reviewer was given).
    public var screen: Int
    public var violation: Violation

    public init(rule: String, screen: Int, _ violation: Violation) {
        self.rule = rule
        self.screen = screen
        self.violation = violation
    }
}

/// Rules checked together by something other than a Swift function: an external plugin's
/// process. It is given a file's screens as they are decoded, works on them while the
/// built-in rules run, and answers for the file as a whole, so that it can report a
/// failure once per file.
public protocol FileReviewer: Sendable {
    /// The rules it reports, as they are known now (an external plugin's come from its hello).
    var ruleDescriptions: [RuleDescription] { get }
    /// Starts the review of one file. `enabled` holds the ids the config leaves on.
    func begin(file: String, enabled: Set<String>, in context: RuleContext) -> any FileReview
}

/// One file's review by a `FileReviewer`, used by one thread.
public protocol FileReview {
    /// The file's next screen, in document order.
    mutating func add(_ screen: Screen)
    /// Waits for the answers about every screen added.
    mutating func finish() -> [RuleViolation]
}

/// A named set of rules.
public struct Plugin: Sendable {
    public var name: String
    public var summary: String
    public var screenRules: [any ScreenRule]
    public var projectRules: [any ProjectRule]
    /// Rules reported while a file is read rather than checked on a screen (an importer's
    /// `ib.syntax`): described here so that the catalog, the config and `explain` know them.
    public var loaderRules: [RuleDescription]
    public var reviewers: [any FileReviewer]

    public init(
        name: String, summary: String, screenRules: [any ScreenRule], projectRules: [any ProjectRule] = [],
        loaderRules: [RuleDescription] = [], reviewers: [any FileReviewer] = []
    ) {
        self.name = name
        self.summary = summary
        self.screenRules = screenRules
        self.projectRules = projectRules
        self.loaderRules = loaderRules
        self.reviewers = reviewers
    }

    public var ruleDescriptions: [RuleDescription] {
        screenRules.map(\.description) + projectRules.map(\.description) + loaderRules
            + reviewers.flatMap(\.ruleDescriptions)
    }
}
