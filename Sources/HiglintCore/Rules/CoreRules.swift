/// The loader's and decoder's own rules (`spec.*`). They are not a plugin: they
/// always run, though the config can change their severity or turn them off.
public enum CoreRules {
    public static let pluginName = "spec"
    public static let syntax = "spec.syntax"
    public static let schema = "spec.schema"
    public static let unknownKey = "spec.unknown-key"
    public static let duplicateKey = "spec.duplicate-key"
    public static let duplicateScreen = "spec.duplicate-screen"
    public static let unknownParent = "spec.unknown-parent"
    public static let unknownRule = "spec.unknown-rule"
    public static let limits = "spec.limits"
    public static let duplicateElementID = "spec.duplicate-element-id"
    public static let parentCycle = "spec.parent-cycle"
    public static let unusedIgnore = "spec.unused-ignore"

    /// Every rule: the core's first, then each plugin's, in plugin order.
    public static func description(of id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }

    public static func descriptions(with plugins: [Plugin]) -> [RuleDescription] {
        descriptions + plugins.flatMap(\.ruleDescriptions)
    }

    static let seedNote = "the spec format itself (spec-format.md)"

    /// The hint of the `spec.limits` finding that counts the findings a screen left out.
    static let findingLimitHint = "Fix the findings reported first (often one cause repeated, such as controls drawn on top of each other); the bound is `limits.max_findings_per_screen`."

    public static let descriptions: [RuleDescription] = [
        RuleDescription(
            id: syntax, severity: .error, summary: "The file is not valid YAML (or not UTF-8 text).",
            rationale: "A spec that does not parse cannot be reviewed at all, so every other check is silent on it until it is fixed.",
            seed: seedNote, hint: "Fix the YAML at the position given; the message is libyaml's own.",
            triggeringExamples: ["screen: Home\nelements: [\n  {id: a, type: button\n"],
            nonTriggeringExamples: ["screen: Home\nelements: []\n"]),
        RuleDescription(
            id: schema, severity: .error,
            summary: "A known key has the wrong type or an unknown value, `screen` is missing, an element has no `type`, or a number of a frame, hit area or canvas is blank.",
            rationale: "Values are typed by the format, not guessed: a frame of `wide`, a blank width or a device of `android` would otherwise quietly switch checks off. An element without a known type is left out of the plugins' review until it has one.",
            seed: seedNote, hint: "Give the value the type the spec format names for this key.",
            triggeringExamples: [
                "screen: Home\nelements:\n  - {id: save, type: button, frame: [0, 0, wide, 44]}\n",
                "parent: Home\n",
                "screen: Home\ndevice: android\n",
                "screen: Home\nelements:\n  - {id: save, type: button, frame: [16, ~, 20, 20]}\n",
                "screen: Home\nelements:\n  - {id: save, label: Save, frame: [16, 16, 44, 44]}\n",
            ],
            nonTriggeringExamples: ["screen: NO\nelements:\n  - {id: save, type: button, frame: [0, 0, 44, 44]}\n"]),
        RuleDescription(
            id: unknownKey, severity: .warning, summary: "A key the spec format does not define.",
            rationale: "A misspelt key would silently disable the check that reads it; naming it, with the closest known key, catches the typo. A misspelt top-level key whose closest known key the screen does not have (`elemnts:` on a screen without `elements:`) is an error: nothing under it is reviewed, and a warning would let the check pass a screen it never read. A severity set for this rule in the config applies to both.",
            seed: seedNote, hint: "Correct the key's spelling, or remove it.",
            triggeringExamples: ["screen: Home\nelemnts: []\n"],
            nonTriggeringExamples: ["screen: Home\nelements: []\n"],
            fix: FixDeclaration(
                .unsafe, summary: "Renames the key to the closest known one.",
                reason: "The closest spelling is a guess: the key may be meant as another one, or as none, and once renamed its value is reviewed, which can change the findings.")),
        RuleDescription(
            id: duplicateKey, severity: .error, summary: "A map repeats a key.",
            rationale: "YAML tools disagree on which of two repeated keys wins; a spec must say one thing.",
            seed: seedNote, hint: "Remove one of the repeated keys; the first one is the one reviewed.",
            triggeringExamples: ["screen: Home\nkind: login\nkind: standard\n"],
            nonTriggeringExamples: ["screen: Home\nkind: login\n"]),
        RuleDescription(
            id: duplicateScreen, severity: .error, summary: "Two documents in the tree declare the same screen name.",
            rationale: "Screens are found by name (a `parent`, a back button's title); two with one name make those links ambiguous.",
            seed: seedNote, hint: "Rename one of the screens, or delete the stale copy.",
            triggeringExamples: ["screen: Home\n---\nscreen: Home\n"],
            nonTriggeringExamples: ["screen: Home\n---\nscreen: Settings\n"],
            isProjectRule: true),
        RuleDescription(
            id: unknownParent, severity: .warning, summary: "`parent` names no screen in the reviewed tree.",
            rationale: "The navigation hierarchy is checked through `parent`; a parent that does not exist hides back-button and hierarchy problems.",
            seed: seedNote, hint: "Name an existing screen as the parent, or add the parent's spec.",
            triggeringExamples: ["screen: Detail\nparent: Nowhere\n", "screen: Home\n---\nscreen: Detail\nparent: Hom # typo\n"],
            nonTriggeringExamples: ["screen: Home\n---\nscreen: Detail\nparent: Home\n"],
            isProjectRule: true,
            fix: FixDeclaration(
                .unsafe, summary: "Renames the parent to the closest screen name, when one is close enough to suggest.",
                reason: "The closest name is a guess: the parent may be a screen whose spec is not written yet, and another parent changes which back button and bar rules apply.")),
        RuleDescription(
            id: unknownRule, severity: .warning, summary: "An `ignore` list names no known rule or plugin.",
            rationale: "A misspelt suppression suppresses nothing, and the author believes it does.",
            seed: seedNote, hint: "Use a rule id from `higlint rules` or a plugin name.",
            triggeringExamples: ["screen: Home\nreview:\n  ignore: [buttons.hit-targets]\n"],
            nonTriggeringExamples: ["screen: Home\nreview:\n  ignore: [buttons.hit-target, text]\n"],
            fix: FixDeclaration(
                .unsafe, summary: "Renames the entry to the closest rule id or plugin name, when one is close enough to suggest.",
                reason: "The closest name is a guess, and the renamed entry starts suppressing findings that were shown until now.")),
        RuleDescription(
            id: limits, severity: .error,
            summary: "The file is too large, nested too deeply, or its aliases expand too far; or a screen has more findings than a report takes.",
            rationale: "A spec is a small hand-written file; these bounds keep a hostile or broken file from stalling every review. A screen past `limits.max_findings_per_screen` findings (a thousand controls drawn on top of each other give one per pair) reports the first ones and one finding that counts the rest, so that its report stays readable and small.",
            seed: seedNote, hint: "Split the file, flatten it, or use fewer aliases; the limits are configurable under `limits:`.",
            triggeringExamples: [
                "screen: Deep\nelements: " + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "\n",
            ],
            nonTriggeringExamples: ["screen: Shallow\nelements: [[[]]]\n"]),
        RuleDescription(
            id: duplicateElementID, severity: .error, summary: "Two elements of one screen have the same `id`.",
            rationale: "Findings name elements by id and layout variants hide them by id; an id two elements share points at both, so neither can be told apart.",
            seed: seedNote, hint: "Give each element, bar item and tab of the screen its own id.",
            triggeringExamples: [
                "screen: Home\nelements:\n  - {id: save, type: button}\n  - id: box\n    type: group\n    children:\n      - {id: save, type: button}\n",
                "screen: Home\nnavigation_bar:\n  items:\n    - {id: edit, type: button}\ntab_bar:\n  tabs:\n    - {id: edit, title: Edit, icon: system:pencil}\n",
            ],
            nonTriggeringExamples: [
                "screen: Home\nelements:\n  - {id: save, type: button}\n  - {id: Save, type: button}\n",
                "screen: Home\nelements:\n  - {id: save, type: button}\n---\nscreen: Other\nelements:\n  - {id: save, type: button}\n",
            ]),
        RuleDescription(
            id: parentCycle, severity: .error, summary: "Following `parent` from a screen leads back to it.",
            rationale: "`parent` describes a hierarchy that people go down and come back up; a loop has no top, so the back buttons along it lead nowhere new.",
            seed: seedNote, hint: "Point the `parent` of one screen of the loop at a screen above it, or remove it from the top screen.",
            triggeringExamples: [
                "screen: A\nparent: B\n---\nscreen: B\nparent: A\n",
                "screen: A\nparent: A\n",
            ],
            nonTriggeringExamples: [
                "screen: A\n---\nscreen: B\nparent: A\n---\nscreen: C\nparent: B\n",
            ],
            isProjectRule: true),
        RuleDescription(
            id: unusedIgnore, severity: .info,
            summary: "An `ignore` entry names a known rule or plugin but suppresses no finding.",
            rationale: "An entry left over after its finding was fixed hides the next real finding of that rule without anyone noticing; an entry that never applied misleads the reader about the screen.",
            seed: seedNote, hint: "Remove the entry, or move it to the element whose finding it means to suppress.",
            triggeringExamples: [
                "screen: Home\nreview:\n  ignore: [buttons.hit-target]\nelements:\n  - {id: save, type: button, frame: [16, 16, 44, 44]}\n",
                "screen: Home\nelements:\n  - {id: save, type: button, frame: [16, 16, 20, 20]}\n  - {id: ok, type: button, frame: [16, 100, 44, 44], ignore: [buttons]}\n",
                "screen: Home\nreview:\n  ignore:\n    - text  # fonts are checked elsewhere\n    - buttons.hit-target\nelements:\n  - {id: save, type: button, frame: [16, 16, 20, 20]}\n",
            ],
            nonTriggeringExamples: [
                "screen: Home\nreview:\n  ignore: [buttons.hit-target]\nelements:\n  - {id: save, type: button, frame: [16, 16, 20, 20]}\n",
                "screen: Home\nelements:\n  - id: box\n    type: group\n    ignore: [buttons]\n    children:\n      - {id: save, type: button, frame: [16, 16, 20, 20]}\n",
            ],
            fix: FixDeclaration(
                .safe, summary: "Deletes the entry from its list; a list left empty stays as `[]`, and a comment on the entry's line stays.",
                reason: "The entry suppresses nothing, so no finding appears or goes away: the review is the same without it. The key is kept as an empty list rather than removed, so the lines around it, and their comments, stay as written.")),
    ]
}
