#!/usr/bin/env python3
"""Issue #39's speed: the SwiftUI review against a floor that only parses and visits.

- The corpus: the Food Truck fixture (Tests/Fixtures/swiftui/food-truck, 12 Swift files,
  MIT) copied COPIES times into bench/corpus/swiftui/app/copy-NNN (1,008 files at 84).
- The floor (bench/swiftui_floor.swift, compiled here against the toolchain's host
  libraries the importer links): walks the tree as `check` does, parses each file with
  SwiftParser and visits every node once, on one thread.
- `check --format json` on the copies against the floor, alternating, one warm-up each,
  medians of RUNS runs; the report must cover every file, with the fixture's findings in
  every copy.
- `watch` on the same tree (settle 20 ms): SAVES saves, each adding or removing a view with
  a 9 pt fixed font at the end of one file (spread over the copies), save-to-report latency
  (rename to the report's IN_MOVED_TO whose content shows the change) and the watcher's own
  `update N: ... (X ms)` work time per save; then the live report must equal `check`.

Asserts no duration; bench/run.py (or this script alone) says whether the targets were
met: check wall <= 1.3x the floor, a save's p50 <= settle + 10 ms.

usage: swiftui_bench.py [--higlint PATH] [--copies 84] [--runs 9] [--output FILE]
"""

import argparse
import hashlib
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True

FIXTURE = os.path.join(REPO, "Tests", "Fixtures", "swiftui", "food-truck")
ROOT = os.path.join(HERE, "corpus", "swiftui")
COPIES = 84
RUNS = 9
SAVES = 100
SETTLE_MS = 20
TARGETS = {"check_ratio": 1.3, "p50_over_settle_ms": 10}
# Appended to a file and taken away again: one text.min-size more while it is there.
PROBE = '\nstruct BenchProbe: View {\n    var body: some View {\n        Text("Probe").font(.system(size: 9))\n    }\n}\n'
UPDATE = re.compile(rb"higlint: update (\d+): .*? \(([0-9.]+) ms\)")


def host_libraries():
    found = subprocess.run([os.path.join(REPO, "scripts", "swift-syntax-host.sh")], capture_output=True, text=True)
    return found.stdout.strip() or None


def build_floor(host):
    os.makedirs(os.path.dirname(ROOT), exist_ok=True)
    binary = os.path.join(HERE, "corpus", "swiftui_floor")
    command = ["swiftc", "-O", "-I", host, "-L", host, "-lSwiftParser", "-lSwiftSyntax",
               "-Xlinker", "-rpath", "-Xlinker", host, "-o", binary, os.path.join(HERE, "swiftui_floor.swift")]
    source = os.path.join(HERE, "swiftui_floor.swift")
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        subprocess.run(command, check=True)
    return binary, command


def swift_files(root):
    found = []
    for directory, directories, names in os.walk(root):
        directories[:] = sorted(name for name in directories if not name.startswith("."))
        for name in sorted(names):
            if name.endswith(".swift") and not name.startswith("."):
                found.append(os.path.join(directory, name))
    return found


def prepare_corpus(copies):
    """bench/corpus/swiftui/app/copy-NNN: whole copies of the fixture, regenerated unless the
    stamp says they are these files."""
    digest = hashlib.sha256()
    for path in swift_files(FIXTURE):
        digest.update(os.path.relpath(path, FIXTURE).encode() + b"\0")
        with open(path, "rb") as handle:
            digest.update(hashlib.sha256(handle.read()).digest())
    stamp = {"copies": copies, "fixture": digest.hexdigest()}
    stamp_path = os.path.join(ROOT, "stamp.json")
    app = os.path.join(ROOT, "app")
    try:
        with open(stamp_path) as handle:
            if json.load(handle) == stamp and os.path.isdir(app) and not os.path.exists(os.path.join(ROOT, "dirty")):
                return ROOT
    except (OSError, ValueError):
        pass
    shutil.rmtree(ROOT, ignore_errors=True)
    for copy in range(copies):
        shutil.copytree(FIXTURE, os.path.join(app, f"copy-{copy:03d}"))
    with open(os.path.join(ROOT, "bench-config.yaml"), "w") as handle:
        handle.write("# Written by bench/swiftui_bench.py: the settings every measured run uses.\n"
                     f"paths: [app]\nwatch:\n  settle_ms: {SETTLE_MS}\n")
    os.makedirs(os.path.join(ROOT, "out"), exist_ok=True)
    with open(stamp_path, "w") as handle:
        json.dump(stamp, handle)
    return ROOT


def measure_check(run, higlint, floor, root, runs):
    out = os.path.join(root, "out")
    files = swift_files(os.path.join(root, "app"))
    floor_command = [floor, "app"]
    check = run.check_command(higlint, "app")
    floor_out, check_out = os.path.join(out, "floor.json"), os.path.join(out, "check.json")
    run.timed(floor_command, root, floor_out)
    run.timed(check, root, check_out)
    floor_runs, check_runs = [], []
    for _ in range(runs):
        floor_runs.append(run.timed(floor_command, root, floor_out))
        check_runs.append(run.timed(check, root, check_out))
    with open(floor_out) as handle:
        floor_result = json.load(handle)
    with open(check_out) as handle:
        report = json.load(handle)
    problems = []
    if floor_result["files"] != len(files) or floor_result["errors"]:
        problems.append(f"floor parsed {floor_result['files']} of {len(files)} files, {floor_result['errors']} with errors")
    if report["summary"]["files"] != len(files):
        problems.append(f"check reviewed {report['summary']['files']} of {len(files)} Swift files"
                        + (": this higlint does not review SwiftUI" if report["summary"]["files"] == 0 else ""))
    copies = len(files) // max(1, len(swift_files(FIXTURE)))
    if report["summary"]["screens"] == 0 or report["summary"]["screens"] % copies:
        problems.append(f"check found {report['summary']['screens']} screens, not the same in each of {copies} copies")
    if any(finding["rule"] == "swiftui.syntax" for finding in report["findings"]):
        problems.append("swiftui.syntax findings: a file did not parse")
    if any(row["status"] not in (0, 1) for row in check_runs):
        problems.append("check exited with status 2")
    floor_wall = run.median_of(floor_runs, "wall_s")
    check_wall = run.median_of(check_runs, "wall_s")
    return {
        "files": len(files),
        "bytes": floor_result["bytes"],
        "runs": runs,
        "floor": {"command": "bench/corpus/swiftui_floor app", "wall_s": floor_wall,
                  "cpu_s": run.median_of(floor_runs, "cpu_s"), "max_rss_mb": run.median_of(floor_runs, "max_rss_mb"),
                  "nodes": floor_result["nodes"], "all_wall_s": [row["wall_s"] for row in floor_runs]},
        "check": {"command": " ".join(["higlint"] + check[1:]), "wall_s": check_wall,
                  "cpu_s": run.median_of(check_runs, "cpu_s"), "max_rss_mb": max(row["max_rss_mb"] for row in check_runs),
                  "findings": len(report["findings"]), "summary": report["summary"],
                  "all_wall_s": [row["wall_s"] for row in check_runs]},
        "ratio_to_floor": check_wall / floor_wall,
        "paired_ratios": run.paired_ratios(floor_runs, check_runs),
        "problems": problems,
    }


def has_probe(report_bytes, display_path):
    needle = f'"file": "{display_path}"'.encode()
    return any(needle in line and b'"text.min-size"' in line and b'Text \\"Probe\\"' in line
               for line in report_bytes.split(b"\n"))


def measure_watch(run, higlint, root, saves=SAVES):
    out = os.path.join(root, "out")
    report_path = os.path.join(out, "report.json")
    if os.path.exists(report_path):
        os.unlink(report_path)
    files = [os.path.relpath(path, root) for path in swift_files(os.path.join(root, "app"))]
    targets = [path for path in files if path.endswith("SocialFeedView.swift")]
    log_path = os.path.join(out, "watch-swiftui.log")
    watcher = run.ReportWatch(out, "report.json")
    command = [higlint, "watch", "--config", "bench-config.yaml", "--report", "out/report.json", "app"]
    row = {"command": " ".join(["higlint"] + command[1:]), "settle_ms": SETTLE_MS, "files": len(files)}
    originals = {}
    log = open(log_path, "wb")
    started = time.perf_counter()
    child = subprocess.Popen(command, cwd=root, stdout=subprocess.DEVNULL, stderr=log)
    try:
        first = watcher.wait(300)
        if first is None:
            row["problem"] = "no first report within 300 s"
            return row
        row["startup_s"] = first - started
        time.sleep(0.5)
        with open(os.path.join(root, "dirty"), "w") as handle:
            handle.write("files edited by the SwiftUI watch benchmark\n")
        latencies, missed = run.timed_saves(
            watcher, root, report_path, saves, lambda save: targets[(save // 2) % len(targets)],
            lambda original: original + PROBE, has_probe, originals)
        row["saves"] = saves
        row["missed_saves"] = missed
        if latencies:
            row["latency_ms"] = run.latency_figures(latencies)
        time.sleep(0.5)
        check = subprocess.run(run.check_command(higlint, "app"), cwd=root, capture_output=True)
        with open(report_path) as handle:
            live = json.load(handle)
        live.pop("generated_at", None)
        live.pop("watch", None)
        row["report_equals_check"] = live == json.loads(check.stdout)
    finally:
        for relative, text in originals.items():
            with open(os.path.join(root, relative), "w") as handle:
                handle.write(text)
        if os.path.exists(os.path.join(root, "dirty")):
            os.unlink(os.path.join(root, "dirty"))
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(30)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        watcher.close()
        log.close()
    # The watcher's own words for each save's work (the first update is the start-up).
    with open(log_path, "rb") as handle:
        work = [float(match.group(2)) for match in UPDATE.finditer(handle.read()) if match.group(1) != b"1"]
    if work:
        row["update_work_ms"] = {"p50": run.percentile(work, 0.5), "p99": run.percentile(work, 0.99),
                                 "max": max(work), "updates": len(work)}
    return row


def measure(higlint, copies=COPIES, runs=RUNS):
    import run  # its timing, medians and the report watch
    host = host_libraries()
    if host is None:
        return {"skipped": "the toolchain's swift-syntax host libraries are not beside swiftc (scripts/swift-syntax-host.sh)"}
    floor, command = build_floor(host)
    root = prepare_corpus(copies)
    row = {"copies": copies, "floor_build": " ".join(command).replace(REPO + "/", "").replace(host, "HOST")}
    row["check"] = measure_check(run, higlint, floor, root, runs)
    if run.watch_available(higlint):
        row["watch"] = measure_watch(run, higlint, root)
    return row


def verdicts(row):
    out = {}
    check = row.get("check")
    if check:
        out["SwiftUI check wall <= 1.3x parse floor"] = not check["problems"] and check["ratio_to_floor"] <= TARGETS["check_ratio"]
    watch = row.get("watch", {})
    if "latency_ms" in watch:
        out[f"SwiftUI watch {watch['files']} p50 <= settle + {TARGETS['p50_over_settle_ms']} ms"] = (
            not watch["missed_saves"] and watch["latency_ms"]["p50"] <= SETTLE_MS + TARGETS["p50_over_settle_ms"])
        out["SwiftUI watch report equals check"] = watch.get("report_equals_check", False)
    return out


def describe(row):
    if "skipped" in row:
        return f"SwiftUI: skipped ({row['skipped']})"
    check = row["check"]
    lines = [f"SwiftUI: {check['files']} files ({row['copies']} copies of Food Truck), {check['bytes'] / 1e6:.1f} MB, "
             f"{check['floor']['nodes']} nodes",
             f"  floor {check['floor']['wall_s']:.3f} s (cpu {check['floor']['cpu_s']:.3f}), check {check['check']['wall_s']:.3f} s "
             f"(cpu {check['check']['cpu_s']:.3f}, peak RSS {check['check']['max_rss_mb']:.1f} MB), "
             f"ratio {check['ratio_to_floor']:.2f}, paired {check['paired_ratios'][0]:.2f} to {check['paired_ratios'][-1]:.2f}, "
             f"{check['check']['findings']} findings"]
    for problem in check["problems"]:
        lines.append(f"  problem: {problem}")
    watch = row.get("watch", {})
    if "problem" in watch:
        lines.append(f"  watch: problem: {watch['problem']}")
    elif "latency_ms" in watch:
        latency = watch["latency_ms"]
        work = watch.get("update_work_ms", {})
        lines.append(f"  watch: start-up {watch['startup_s']:.3f} s, save to report p50 {latency['p50']:.1f} ms, "
                     f"p99 {latency['p99']:.1f} ms (settle {SETTLE_MS}), missed {watch['missed_saves']}, "
                     f"update work p50 {work.get('p50', float('nan')):.1f} ms, max {work.get('max', float('nan')):.1f} ms, "
                     f"= check {watch.get('report_equals_check')}")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--higlint", default=os.path.join(REPO, ".build", "release", "higlint"))
    parser.add_argument("--copies", type=int, default=COPIES)
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--output")
    arguments = parser.parse_args()
    row = measure(os.path.abspath(arguments.higlint), arguments.copies, arguments.runs)
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
