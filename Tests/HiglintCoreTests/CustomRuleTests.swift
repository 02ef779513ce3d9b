import HiglintCore
import HiglintPlugins
import XCTest

/// `custom_rules:`: read from the config, run by the engine like any plugin's rules.
final class CustomRuleTests: XCTestCase {
    private let houseRule = """
        custom_rules:
          house.primary-height:
            severity: warning
            summary: Primary buttons are 50 pt high.
            hint: Make primary buttons 50 pt high.
            where: { type: button, role: primary }
            require: { height: { min: 50, max: 50 } }
            message: "primary button is {height} pt high; ours are 50 pt"
        """

    private func config(_ text: String) throws(ConfigError) -> Config {
        try ConfigLoader(plugins: BuiltinPlugins.all).parse(Array(text.utf8), file: "config.yaml")
    }

    private func error(_ text: String) -> String? {
        do {
            _ = try config(text)
            return nil
        } catch {
            return error.description
        }
    }

    private func review(_ spec: String, config: Config) -> [Finding] {
        let engine = Engine(plugins: BuiltinPlugins.all, config: config)
        return engine.report([engine.review(Array(spec.utf8), file: SpecFile(path: "a.yaml", displayPath: "a.yaml"))])
            .findings.filter { $0.rule.hasPrefix("house.") }
    }

    private func screen(_ elements: String...) -> String {
        "screen: Home\nelements:\n" + elements.map { "  - \($0)\n" }.joined()
    }

    func testBoundaryOfMinimumAndMaximum() throws {
        let config = try config(houseRule)
        let short = review(screen("{id: go, type: button, role: primary, frame: [0, 100, 200, 49.9]}"), config: config)
        XCTAssertEqual(short.map(\.message), ["primary button is 49.9 pt high; ours are 50 pt"])
        XCTAssertEqual(short.first?.severity, .warning)
        XCTAssertEqual(short.first?.element, "go")
        XCTAssertEqual(short.first?.hint, "Make primary buttons 50 pt high.")
        XCTAssertEqual(review(screen("{id: go, type: button, role: primary, frame: [0, 100, 200, 50]}"), config: config), [])
        XCTAssertEqual(review(screen("{id: go, type: button, role: primary, frame: [0, 100, 200, 50.1]}"), config: config).count, 1)
    }

    func testOnlySelectedElementsAndOnlyKnownValues() throws {
        let config = try config(houseRule)
        // Not primary, not a button, and no frame at all: nothing is guessed.
        XCTAssertEqual(review(screen(
            "{id: a, type: button, role: secondary, frame: [0, 100, 200, 30]}",
            "{id: b, type: text, role: primary, frame: [0, 200, 200, 30]}",
            "{id: c, type: button, role: primary}"), config: config), [])
    }

    func testSeverityOffIgnoreListsAndPluginSwitch() throws {
        let spec = screen("{id: go, type: button, role: primary, frame: [0, 100, 200, 30]}")
        XCTAssertEqual(review(spec, config: try config(houseRule + "\nrules: {house.primary-height: error}")).first?.severity, .error)
        XCTAssertEqual(review(spec, config: try config("rules: {house.primary-height: off}\n" + houseRule)), [])
        XCTAssertEqual(review(spec, config: try config(houseRule + "\nplugins: {disabled: [house]}")), [])
        let config = try config(houseRule)
        XCTAssertEqual(review(spec + "review: {ignore: [house]}\n", config: config), [])
        let ignoredElement = screen("{id: go, type: button, role: primary, frame: [0, 100, 200, 30], ignore: [house.primary-height]}")
        let engine = Engine(plugins: BuiltinPlugins.all, config: config)
        let findings = engine.review(Array(ignoredElement.utf8), file: SpecFile(path: "a.yaml", displayPath: "a.yaml")).findings
        XCTAssertEqual(findings.map(\.rule).filter { $0.hasPrefix("house.") }, [], "the id is known to ignore lists, and suppresses")
        XCTAssertTrue(engine.allRuleDescriptions.contains { $0.id == "house.primary-height" })
    }

    func testEveryCondition() throws {
        let config = try config("""
            custom_rules:
              house.analytics:
                summary: Every button names its analytics action.
                screen_where: { kind: { not: login }, screen: { matches: "^Ho" } }
                where: { type: { in: [button, switch] }, label: { present: true } }
                require: { action: { present: true, matches: "^[a-z]+(-[a-z]+)*$", not_in: [todo] }, font.size: { min: 11 } }
                message: "{id} on {screen}: action {action}"
            """)
        XCTAssertEqual(review(screen("{id: a, type: button, label: Go}"), config: config).map(\.message), ["a on Home: action unknown"])
        XCTAssertEqual(review(screen("{id: a, type: button, label: Go, action: Bad_Name}"), config: config).count, 1)
        XCTAssertEqual(review(screen("{id: a, type: button, label: Go, action: todo}"), config: config).count, 1)
        XCTAssertEqual(review(screen("{id: a, type: button, label: Go, action: go-on, font: {size: 10.9}}"), config: config).count, 1)
        XCTAssertEqual(review(screen("{id: a, type: button, label: Go, action: go-on, font: {size: 11}}"), config: config), [])
        XCTAssertEqual(review(screen("{id: a, type: button, action: x_x}"), config: config), [], "no label: not selected")
        XCTAssertEqual(review(screen("{id: a, type: text, label: Go}"), config: config), [])
        XCTAssertEqual(review("screen: Settings\nelements:\n  - {id: a, type: button, label: Go}\n", config: config), [])
        XCTAssertEqual(review("screen: Home\nkind: login\nelements:\n  - {id: a, type: button, label: Go}\n", config: config), [])
    }

    /// `present: false`, `not` and `equals` written as a condition, each on both sides of its line.
    func testPresentFalseNotAndEquals() throws {
        let config = try config("""
            custom_rules:
              house.plain:
                summary: Plain buttons have no role and are not bordered.
                where: { type: { equals: button }, scroll: { not: both } }
                require: { role: { present: false }, border: { not: true } }
            """)
        XCTAssertEqual(review(screen("{id: a, type: button}"), config: config), [])
        XCTAssertEqual(review(screen("{id: a, type: button, role: primary}"), config: config).map(\.element), ["a"])
        XCTAssertEqual(review(screen("{id: a, type: button, border: true}"), config: config).map(\.element), ["a"])
        XCTAssertEqual(review(screen("{id: a, type: text, role: primary}"), config: config), [], "not selected: not a button")
        XCTAssertEqual(review(screen("{id: a, type: button, role: primary, scroll: both}"), config: config), [], "not selected: scrolls both ways")
    }

    func testThresholdsDeclaredByTheRuleOrBuiltInAreSetInTheConfig() throws {
        let rules = """
            custom_rules:
              house.primary-height:
                summary: Primary buttons are tall.
                where: {role: primary}
                require: {height: {min: primary_height}, width: {min: min_hit_target}}
                thresholds:
                  primary_height: {default: 50, meaning: the least height of a primary button}
            """
        let spec = { (height: Double) in self.screen("{id: go, type: button, role: primary, frame: [0, 100, 200, \(height)]}") }
        let defaults = try config(rules)
        XCTAssertEqual(review(spec(49.9), config: defaults).count, 1)
        XCTAssertEqual(review(spec(50), config: defaults), [])
        let tuned = try config(rules + "\nthresholds: {primary_height: 40}\n")
        XCTAssertEqual(review(spec(40), config: tuned), [])
        XCTAssertEqual(review(spec(39.9), config: tuned).count, 1)
        let narrow = screen("{id: go, type: button, role: primary, frame: [0, 100, 43.9, 60]}")
        XCTAssertEqual(review(narrow, config: defaults).count, 1, "min_hit_target, 44 by default")
        XCTAssertEqual(review(narrow, config: try config(rules + "\nthresholds: {min_hit_target: 40}\n")), [])
        let description = try XCTUnwrap(defaults.customRules.first?.description)
        XCTAssertEqual(description.thresholds.map(\.key), ["primary_height", "min_hit_target"])
    }

    func testMistakesAreConfigErrorsWithPositions() {
        let cases: [(String, String)] = [
            ("custom_rules:\n  buttons.mine: {summary: S, require: {height: {min: 1}}}\n",
             "config.yaml:2:3: error: custom_rules: rule id \"buttons.mine\": the prefix \"buttons\" belongs to a plugin"),
            ("custom_rules:\n  nodot: {summary: S, require: {height: {min: 1}}}\n", "config.yaml:2:3: error: custom_rules: rule id \"nodot\" must be PREFIX.NAME"),
            ("custom_rules:\n  house.x: {summary: S, require: {heigth: {min: 1}}}\n",
             "config.yaml:2:35: error: unknown key \"heigth\" in custom_rules.house.x.require; did you mean \"height\"?"),
            ("custom_rules:\n  house.x: {summary: S, require: {height: {minimum: 1}}}\n",
             "config.yaml:2:44: error: unknown key \"minimum\" in custom_rules.house.x.require.height"),
            ("custom_rules:\n  house.x: {summary: S, require: {label: {min: 1}}}\n",
             "config.yaml:2:48: error: custom_rules.house.x.require.label.min: min compares numbers, and label is text"),
            ("custom_rules:\n  house.x: {summary: S, require: {label: {matches: \"a(b\"}}}\n",
             "config.yaml:2:52: error: custom_rules.house.x.require.label.matches: \"a(b\" is not a valid regular expression"),
            ("custom_rules:\n  house.x: {summary: S, require: {height: {max: tall}}}\n",
             "config.yaml:2:49: error: custom_rules.house.x.require.height.max: expected a number or a threshold's key, found \"tall\", which no rule declares"),
            ("custom_rules:\n  house.x: {summary: S, where: {type: buton}, require: {height: {max: 1}}}\n",
             "config.yaml:2:39: error: custom_rules.house.x.where.type: expected one of button,"),
            ("custom_rules:\n  house.x: {summary: S, require: {height: {max: 1}}, message: \"{hieght}\"}\n",
             "config.yaml:2:63: error: custom_rules.house.x.message: {hieght} names no field; did you mean {height}?"),
            ("custom_rules:\n  house.x: {require: {height: {max: 1}}}\n", "config.yaml:2:12: error: custom_rules.house.x: a custom rule needs a `summary:`"),
            ("custom_rules:\n  house.x: {summary: S}\n", "config.yaml:2:12: error: custom_rules.house.x: a custom rule needs a `require:`"),
            ("custom_rules:\n  house.x: {summary: S, severity: fatal, require: {height: {max: 1}}}\n",
             "config.yaml:2:35: error: custom_rules.house.x.severity: expected one of info, warning, error"),
            ("custom_rules:\n  house.x: {summary: S, require: {border: {equals: maybe}}}\n",
             "config.yaml:2:52: error: custom_rules.house.x.require.border.equals: expected true or false"),
            ("custom_rules: [house.x]\n", "config.yaml:1:15: error: custom_rules: expected a map of rule id to rule"),
            ("custom_rules:\n  house.x: {summary: S, require: {height: {min: tall_height}}}\n",
             "config.yaml:2:49: error: custom_rules.house.x.require.height.min: expected a number or a threshold's key, found \"tall_height\", which no rule declares"),
            ("custom_rules:\n  house.x: {summary: S, require: {height: {min: 1}}, thresholds: {min_hit_target: {default: 40, meaning: m}}}\n",
             "config.yaml:2:67: error: custom_rules.house.x.thresholds.min_hit_target: threshold \"min_hit_target\" is declared by buttons.hit-target"),
            ("custom_rules:\n  house.x: {summary: S, require: {height: {min: 1}}, thresholds: {tall: {default: 40}}}\n",
             "config.yaml:2:73: error: custom_rules.house.x.thresholds.tall: a threshold needs a `default:` number and a `meaning:`"),
            ("thresholds: {tall: 3}\n", "config.yaml:1:14: error: unknown key \"tall\" in thresholds"),
            ("custom_rules:\n  house.x: {summary: S, require: {label: {}}}\n",
             "config.yaml:2:42: error: custom_rules.house.x.require.label: no condition given"),
            ("custom_rules:\n  house.x: {summary: S, where: {label: {}}, require: {height: {max: 1}}}\n",
             "config.yaml:2:40: error: custom_rules.house.x.where.label: no condition given"),
            ("custom_rules:\n  house.x: {summary: S, require: {role: {in: []}}}\n",
             "config.yaml:2:46: error: custom_rules.house.x.require.role.in: in needs at least one value"),
            ("custom_rules:\n  house.x: {summary: S, require: {role: {not_in: []}}}\n",
             "config.yaml:2:50: error: custom_rules.house.x.require.role.not_in: not_in needs at least one value"),
            ("rules: {house.y: off}\ncustom_rules:\n  house.x: {summary: S, require: {height: {max: 1}}}\n",
             "config.yaml:1:9: error: rules: no rule has the id \"house.y\"; did you mean \"house.x\"?"),
        ]
        for (text, expected) in cases {
            let message = error(text)
            XCTAssertTrue(message?.hasPrefix(expected) ?? false, "\(text)\ngave \(message ?? "no error")\nexpected \(expected)")
        }
    }
}
