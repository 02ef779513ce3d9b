#!/usr/bin/env python3
"""ACME's house rules for higlint, as an external plugin (protocol version 1).

higlint starts this once per review and talks to it in JSON Lines on stdin and
stdout; see docs/plugins.md. Anything written to stderr goes to higlint's log.
Standard library only.
"""
import json
import sys

PREFIX = "acme"

# Actions that end something the user cannot simply undo.
DESTRUCTIVE_ACTIONS = ("delete", "remove", "sign-out", "log-out", "erase", "reset")
INTERACTIVE_TYPES = {"button", "switch", "slider", "text-field", "segmented-control"}

RULES = [
    {
        "id": "acme.destructive-role",
        "severity": "warning",
        "summary": "A button that deletes, resets or signs out has role destructive.",
        "rationale": "ACME's design system draws destructive buttons in red and asks before acting; "
                     "a plain role hides that the action cannot be undone.",
        "hint": "Give the button `role: destructive`.",
    },
    {
        "id": "acme.analytics-id",
        "severity": "info",
        "summary": "Every control has an id, which analytics uses as its event key.",
        "rationale": "ACME's analytics pipeline names each tap after the control's id; "
                     "a control without one is counted under its position, which changes with every layout edit.",
        "hint": "Give the control a stable `id:` (kebab-case, like `sign-out`).",
    },
]


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def every_element(screen):
    """Content elements with their children, then bar items and tabs."""
    def walk(elements):
        for element in elements:
            yield element
            yield from walk(element.get("children", []))
    yield from walk(screen.get("elements", []))
    for bar, key in (("navigation_bar", "items"), ("toolbar", "items"), ("tab_bar", "tabs")):
        yield from walk(screen.get(bar, {}).get(key, []))


def review(screen):
    findings = []
    for element in every_element(screen):
        kind = element.get("type")
        action = element.get("action", "")
        if kind == "button" and action.startswith(DESTRUCTIVE_ACTIONS) and element.get("role") != "destructive":
            findings.append({
                "rule": "acme.destructive-role",
                "element": element["path"],
                "message": "button with action %r is destructive but its role is %s"
                           % (action, element.get("role", "not given")),
            })
        if kind in INTERACTIVE_TYPES and "id" not in element:
            findings.append({
                "rule": "acme.analytics-id",
                "element": element["path"],
                "message": "%s %s has no id for analytics" % (kind, element["path"]),
            })
    return findings


def main():
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            if message.get("protocol") != 1:
                print("acme: higlint speaks protocol %r; this plugin knows 1" % message.get("protocol"), file=sys.stderr)
            send({"type": "hello", "protocol": 1, "rules": RULES})
        elif kind == "review":
            send({"type": "findings", "id": message["id"], "findings": review(message["screen"])})
        elif kind == "shutdown":
            return


if __name__ == "__main__":
    main()
