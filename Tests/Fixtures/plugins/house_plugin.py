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
    if name == "Edited":
        # Someone saves the file while it is reviewed (for check --fix's changed-on-disk case).
        with open(request["file"], "a") as spec:
            spec.write("# saved meanwhile\n")
    if name == "Noisy":
        print("reviewing " + request["file"], file=sys.stderr, flush=True)
    if name == "Shout":
        # Far more than a pipe holds: higlint must read stderr while it waits for the answer.
        for index in range(4000):
            sys.stderr.write("shout %d %s\n" % (index, "x" * 100))
        sys.stderr.flush()
    if name == "CloseOutput":
        # Its stdout closed, and still running: higlint must not wait for it to exit.
        os.close(1)
        time.sleep(3600)
    findings = []
    if name == "Outside":
        findings.append({"rule": "buttons.hit-target", "message": "not mine to say"})
    if name == "BadAt":
        findings.append({"rule": "house.analytics", "message": "where?", "at": {"line": "one", "column": 0}})
    if name == "BadElement":
        findings.append({"rule": "house.analytics", "message": "which?", "element": 2})
    if name == "NullElement":
        findings.append({"rule": "house.analytics", "message": "on the screen", "element": None, "at": None})
    limit = request.get("thresholds", {}).get("max_label_length")
    for element in walk(screen.get("elements", [])):
        if limit is not None and len(element.get("label", "")) > limit:
            findings.append({"rule": "house.no-lorem", "element": element["path"],
                             "message": "label over %g characters" % limit})
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
    # Every review request, one a line, so a test can see what higlint sent.
    dump = open(sys.argv[2], "w") if mode == "--dump" else None
    for line in sys.stdin:
        message = json.loads(line)
        if dump and message["type"] == "review":
            dump.write(line)
            dump.flush()
        if message["type"] == "hello":
            if mode == "--exit-at-hello":
                sys.exit(1)
            if mode == "--no-hello":
                time.sleep(3600)
            if mode == "--old-protocol":
                send({"type": "hello", "protocol": 0, "rules": []})
                continue
            rules = json.loads(json.dumps(RULES))
            if mode in ("--threshold", "--conflict"):
                key, default = ("max_label_length", 20) if mode == "--threshold" else ("min_hit_target", 50)
                rules[1]["thresholds"] = [{"key": key, "default": default, "unit": "characters", "meaning": "m"}]
            send({"type": "hello", "protocol": 1, "rules": rules})
        elif message["type"] == "review":
            review(message)
        elif message["type"] == "shutdown":
            if mode == "--linger":
                time.sleep(3600)
            return


main()
