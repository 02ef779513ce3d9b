#!/usr/bin/env python3
"""The language server's benchmark: edit-to-diagnostics latency of `higlint lsp`.

Opens a 500-line spec in a workspace of 10,000 generated specs (bench/gen_corpus.py's
corpus, the one bench/run.py uses), with the debounce off (`debounceMilliseconds: 0`), then
sends EDITS incremental edits, each turning one button's frame from 44 to 30 points or
back, and times each from the moment the edit is written to the moment the
`publishDiagnostics` for its version has been read. Each push is checked: the hit-target
finding is there after every other edit and gone after the rest. Then a few edits that
rename the screen, which change its summary and so rerun the project pass over every
screen, are timed the same way (reported, no target).

Reports p50 and p99 in ms, the server's start-up (initialize to its answer, which
includes reviewing the workspace), its CPU time, and its memory from /proc (VmRSS,
VmHWM). Asserts no duration; bench/run.py says whether the targets were met.

usage: lsp_bench.py [--higlint PATH] [--size 10000] [--edits 400] [--output FILE]
"""

import argparse
import json
import os
import select
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True

SIZE = 10_000
EDITS = 400
RENAMES = 20
SPEC_LINES = 500
TARGETS = {"p50_ms": 5.0, "p99_ms": 20.0}


class Server:
    """`higlint lsp` over pipes; reads are bounded by a generous deadline, never a sleep."""

    def __init__(self, higlint, cwd):
        self.process = subprocess.Popen([higlint, "lsp"], cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.buffer = b""
        self.next_id = 0

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        wanted = self.next_id
        return self.wait(lambda message: message.get("id") == wanted and "method" not in message)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def read(self, deadline):
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end >= 0:
                length = int(self.buffer[:end].split(b":")[1])
                if len(self.buffer) >= end + 4 + length:
                    body = self.buffer[end + 4:end + 4 + length]
                    self.buffer = self.buffer[end + 4 + length:]
                    return json.loads(body)
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.process.stdout], [], [], left)[0]:
                raise TimeoutError("no message from the server in time")
            chunk = os.read(self.process.stdout.fileno(), 1 << 16)
            if not chunk:
                raise EOFError("the server closed its output")
            self.buffer += chunk

    def wait(self, matches, timeout=120.0):
        deadline = time.monotonic() + timeout
        while True:
            message = self.read(deadline)
            if matches(message):
                return message

    def status(self):
        fields = {}
        with open(f"/proc/{self.process.pid}/status") as handle:
            for line in handle:
                key, _, value = line.partition(":")
                fields[key] = value.strip()
        return fields

    def cpu_seconds(self):
        with open(f"/proc/{self.process.pid}/stat") as handle:
            parts = handle.read().rsplit(")", 1)[1].split()
        return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        return self.process.wait(timeout=60)


def long_spec(base_text):
    """The corpus spec grown to SPEC_LINES lines with rows of text in its content, and the line
    of the one button, half-way down, whose frame the edits flip."""
    lines = base_text.rstrip("\n").split("\n")
    at = lines.index("elements:") + 1
    extra = []
    while len(lines) + len(extra) < SPEC_LINES:
        row = len(extra)
        extra.append(f"  - {{ id: extra-{row}, type: text, label: Row {row} of the long list }}")
    middle = len(extra) // 2
    extra[middle] = "  - { id: flip, type: button, label: Flip, frame: [16, 300, 120, 44] }"
    lines[at:at] = extra
    return "\n".join(lines) + "\n", at + middle


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def measure(higlint, corpus_root, dirty_marker, edits=EDITS):
    specs = os.path.join(corpus_root, "specs")
    first = sorted(os.path.join(directory, name) for directory, _, names in os.walk(specs) for name in names
                   if name.endswith(".yaml"))[0]
    original = open(first, encoding="utf-8").read()
    text, line = long_spec(original)
    # A screen of its own name, so that the only project findings are the corpus's own.
    text = "\n".join("screen: LSP Bench" if value.startswith("screen: ") else value for value in text.split("\n"))
    path = os.path.join(specs, "lsp-bench.yaml")
    # Marked as bench/run.py marks a corpus it is changing, in case the run is killed.
    open(dirty_marker, "w").close()
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    uri = "file://" + path
    server = Server(higlint, specs)
    try:
        started = time.monotonic()
        server.request("initialize", {
            "processId": os.getpid(), "rootUri": "file://" + specs,
            "workspaceFolders": [{"uri": "file://" + specs, "name": "corpus"}],
            "capabilities": {}, "initializationOptions": {"debounceMilliseconds": 0},
        })
        startup = time.monotonic() - started
        server.notify("initialized", {})
        after_startup = server.status()
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
        server.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
        flipped = text.split("\n")[line]
        column = flipped.index("44]")
        latencies = []
        wrong = 0
        cpu_before = server.cpu_seconds()
        for edit in range(edits):
            version = edit + 2
            small = edit % 2 == 0
            change = {"range": {"start": {"line": line, "character": column}, "end": {"line": line, "character": column + 2}},
                      "text": "30" if small else "44"}
            begun = time.perf_counter()
            server.notify("textDocument/didChange",
                          {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
            pushed = server.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                                 and m["params"]["uri"] == uri and m["params"].get("version") == version)
            latencies.append((time.perf_counter() - begun) * 1000)
            lines_hit = {d["range"]["start"]["line"] for d in pushed["params"]["diagnostics"] if d["code"] == "buttons.hit-target"}
            if (line in lines_hit) != small:
                wrong += 1
        cpu_edits = server.cpu_seconds() - cpu_before
        # Renames change the screen's summary: the project pass runs over all 10,000 screens.
        name_line = next(index for index, value in enumerate(text.split("\n")) if value.startswith("screen: "))
        name_length = len(text.split("\n")[name_line]) - len("screen: ")
        renames = []
        for rename in range(RENAMES):
            version = edits + 2 + rename
            change = {"range": {"start": {"line": name_line, "character": 8}, "end": {"line": name_line, "character": 8 + name_length}},
                      "text": f"Bench Screen {rename}"}
            name_length = len(f"Bench Screen {rename}")
            begun = time.perf_counter()
            server.notify("textDocument/didChange",
                          {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
            server.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                        and m["params"]["uri"] == uri and m["params"].get("version") == version)
            renames.append((time.perf_counter() - begun) * 1000)
        status = server.status()
        status_code = server.stop()
    finally:
        if server.process.poll() is None:
            server.process.kill()
        os.unlink(path)
        os.unlink(dirty_marker)

    def megabytes(field):
        return int(field.split()[0]) / 1024

    return {
        "workspace_specs": sum(1 for _, _, names in os.walk(specs) for name in names if name.endswith(".yaml")) + 1,
        "spec_lines": SPEC_LINES,
        "edits": edits,
        "startup_s": round(startup, 3),
        "latency_ms": {"p50": round(percentile(latencies, 0.5), 2), "p99": round(percentile(latencies, 0.99), 2),
                       "max": round(max(latencies), 2)},
        "cpu_ms_per_edit": round(cpu_edits * 1000 / edits, 3),
        "rename_latency_ms": {"p50": round(percentile(renames, 0.5), 2), "max": round(max(renames), 2)},
        "wrong_pushes": wrong,
        "rss_mb_after_startup": round(megabytes(after_startup["VmRSS"]), 1),
        "rss_mb": round(megabytes(status["VmRSS"]), 1),
        "hwm_mb": round(megabytes(status["VmHWM"]), 1),
        "exit_status": status_code,
    }


def verdicts(row):
    return {
        "lsp 500-line spec in 10k p50 <= 5 ms": row["wrong_pushes"] == 0 and row["latency_ms"]["p50"] <= TARGETS["p50_ms"],
        "lsp 500-line spec in 10k p99 <= 20 ms": row["wrong_pushes"] == 0 and row["latency_ms"]["p99"] <= TARGETS["p99_ms"],
    }


def describe(row):
    return (f"lsp: {row['workspace_specs']} specs, {row['spec_lines']}-line spec, {row['edits']} edits: "
            f"p50 {row['latency_ms']['p50']} ms, p99 {row['latency_ms']['p99']} ms, max {row['latency_ms']['max']} ms, "
            f"{row['cpu_ms_per_edit']} ms CPU per edit, wrong pushes {row['wrong_pushes']}; "
            f"renames (project pass) p50 {row['rename_latency_ms']['p50']} ms; start-up {row['startup_s']} s; "
            f"RSS {row['rss_mb_after_startup']} MB after start-up, {row['rss_mb']} MB at the end, HWM {row['hwm_mb']} MB")


def main():
    import run  # the corpus as bench/run.py prepares it
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--higlint", default=os.path.join(REPO, ".build", "release", "higlint"))
    parser.add_argument("--size", type=int, default=SIZE)
    parser.add_argument("--edits", type=int, default=EDITS)
    parser.add_argument("--output")
    arguments = parser.parse_args()
    root = run.prepare_corpus(arguments.size)
    row = measure(os.path.abspath(arguments.higlint), root, run.dirty_marker(root), arguments.edits)
    row["targets"] = verdicts(row)
    print(describe(row))
    for name, met in row["targets"].items():
        print(f"  [{'met' if met else 'MISSED'}] {name}")
    if arguments.output:
        with open(arguments.output, "w") as handle:
            json.dump(row, handle, indent=2)
            handle.write("\n")


if __name__ == "__main__":
    main()
