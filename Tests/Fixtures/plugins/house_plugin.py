#!/usr/bin/env python3
"""A plugin for the tests: two house rules, and a fault on demand, chosen by the screen's name."""
import json
import os
import sys
import time

RULES = [
    {"id": "house.analytics", "severity": "warning", "summary": "Every button names its action.",
     "rationale": "Analytics keys on the action.", "hint": "Give the button an action."},
    {"id": "house.no-lorem", "severity": "error", "summary": "No placeholder text.",
     "rationale": "Lorem ipsum ships by mistake.", "hint": "Write the real label."},
]


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def walk(elements):
    for element in elements:
        yield element
        yield from walk(element.get("children", []))


def review(request):
    screen = request["screen"]
    name = screen.get("screen", "")
    if name == "Crash":
        sys.exit(3)
    if name == "Hang":
        time.sleep(3600)
    if name == "Garbage":
        print("this is not JSON", flush=True)
        return
    if name == "Huge":
        send({"type": "findings", "id": request["id"], "findings": [], "padding": "x" * (1 << 20)})
        return
    if name == "WrongID":
        send({"type": "findings", "id": request["id"] + 1000, "findings": []})
        return
    if name == "Noisy":
        print("reviewing " + request["file"], file=sys.stderr, flush=True)
    findings = []
    if name == "Outside":
        findings.append({"rule": "buttons.hit-target", "message": "not mine to say"})
    for element in walk(screen.get("elements", [])):
        if element.get("type") == "button" and "action" not in element:
            findings.append({"rule": "house.analytics", "element": element.get("id", element["path"]),
                             "message": "button %s names no action" % element.get("id", element["path"])})
        if "lorem" in element.get("label", "").lower():
            findings.append({"rule": "house.no-lorem", "element": element["path"],
                             "at": element["at"], "message": "placeholder label"})
    send({"type": "findings", "id": request["id"], "findings": findings})


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "--pid-file":
        with open(sys.argv[2], "w") as out:
            out.write(str(os.getpid()))
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            if mode == "--exit-at-hello":
                sys.exit(1)
            if mode == "--old-protocol":
                send({"type": "hello", "protocol": 0, "rules": []})
                continue
            send({"type": "hello", "protocol": 1, "rules": RULES})
        elif message["type"] == "review":
            review(message)
        elif message["type"] == "shutdown":
            return


main()
