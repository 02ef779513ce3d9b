#!/usr/bin/env python3
"""higlint's benchmark: `check` against the libyaml floor, `check` on Interface
Builder files against the libxml2 floor, and the watcher.

Generates the corpora (bench/gen_corpus.py), compiles the floors (bench/floor.c,
bench/ib_floor.c), then measures, in one run so the numbers share the machine's state:

- floor and `higlint check --format json` on each N, alternating, medians of
  several runs: wall time, CPU time (wait4) and the child's peak RSS (GNU time);
- the same for the Interface Builder fixtures (Tests/Fixtures/storyboards and
  Tests/Fixtures/apps/simplenote), copied K times into bench/corpus/ib so that
  one run is long enough to time: the IB floor (libxml2's SAX2 parser over every
  .storyboard and .xib, doing nothing with the events) against `check` on the copies;
- the same for the Figma file responses of Tests/Fixtures/figma, copied K times into
  bench/corpus/figma: the Figma floor (bench/figma_floor.c: strict JSON into a flat tree
  of nodes with their offsets and the line starts, nothing more) against `check`;
- `higlint watch` at N = 100 and 10,000 (when the binary has it): start-up to
  the first report, save-to-report latency of atomic-rename saves (p50, p99),
  RSS after start-up and after the saves, CPU time over 10 s of idleness, and
  whether the final live report equals `check`;
- the apps corpus (gen_corpus.py --apps, 10,000 screens in ten apps whose icons mostly
  agree): check against the floor, then `watch` with saves that each change project
  findings (an icon no other element shows, so the action's vote moves), p50 and max
  against the settle time, RSS, and the watcher's own update times (issue 41's targets);
- `check` with the example external plugin (examples/plugins/acme_rules.py) against
  `check` without it, on the N = 10,000 corpus, alternating: the plugin's own CPU
  time comes from bench/timed_plugin.py, which runs it as its child;
- `higlint lsp` (bench/lsp_bench.py): edit-to-diagnostics latency on a 500-line spec
  in the N = 10,000 workspace, without the debounce, and the server's memory;
- the crowded spec (bench/crowded_bench.py): 3,000 piled-up buttons, 4,498,500
  `buttons.spacing` pairs, through `check`, `watch` and `lsp`: time, peak memory and
  the bounded count (1,000 pairs and one finding that counts the rest);
- SwiftUI (bench/swiftui_bench.py): `check` on the Food Truck fixture copied 84 times
  (1,008 Swift files) against bench/swiftui_floor.swift (SwiftParser's parse and one visit
  of every node, on one thread), then a save's latency in `watch` on the same tree.

Prints a table and writes bench/results.json. Nothing here asserts a duration:
it reports them, and says which targets were met.

usage: run.py [--higlint PATH] [--sizes 100,1000,10000] [--runs K]
              [--heavy-sizes 1000,10000] [--heavy-watch-sizes 10000] [--no-heavy]
              [--big-size 100000] [--big-runs K] [--no-big] [--apps-size 10000] [--apps-runs K] [--no-apps]
              [--ib-copies K] [--ib-runs K] [--no-ib]
              [--figma-copies K] [--figma-runs K] [--no-figma]
              [--watch-sizes 100,10000] [--no-watch]
              [--plugin-size 10000] [--plugin-runs K] [--no-plugin] [--no-lsp] [--no-crowded]
              [--swiftui-copies 84] [--swiftui-runs K] [--no-swiftui] [--output FILE]

`--sizes ""` skips the standard corpora; with `--no-heavy --no-big --no-watch` that
times the IB and Figma steps alone (add `--no-plugin --no-lsp --no-crowded`, and
`--no-ib` for the Figma step alone). Each step alone, all with
`--no-lsp`: `--sizes 10000 --no-heavy --no-big --no-ib --no-watch --no-plugin` (check),
`--sizes "" --watch-sizes 10000 --no-heavy --no-big --no-ib --no-plugin` (watch),
`--sizes "" --no-big --no-ib --no-watch --no-plugin` (finding-heavy check), `--sizes ""
--heavy-sizes "" --watch-sizes "" --no-big --no-ib --no-plugin` (finding-heavy watch),
`--sizes "" --watch-sizes "" --no-heavy --no-ib --no-plugin` (N = 100,000, check and watch),
`--sizes "" --watch-sizes "" --no-heavy --no-big --no-ib --no-figma --no-plugin --no-crowded` (the apps
corpus, check and watch, with issue 41's targets).
"""

import argparse
import ctypes
import hashlib
import json
import os
import platform
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ beside the sources
import crowded_bench  # noqa: E402
import gen_corpus  # noqa: E402
import lsp_bench  # noqa: E402
import swiftui_bench  # noqa: E402

CORPUS = os.path.join(HERE, "corpus")
FIXTURES = os.path.join(REPO, "Tests", "Fixtures")
IB_SOURCES = (os.path.join(FIXTURES, "storyboards"), os.path.join(FIXTURES, "apps", "simplenote"))
IB_EXTENSIONS = (".storyboard", ".xib")
IB_COPIES = 20
IB_RUNS = 9
# The two recorded file responses (2.1 MB and 0.76 MB), each under a name that is a file key,
# so that every finding carries its link as it would in a project.
FIGMA_SOURCES = {
    "Kq3ZPwLrB7mVxTn2aYdE9s.figma.json": os.path.join(REPO, "Tests", "Fixtures", "figma", "figmagic-figma.json"),
    "Mt8RvXq2LpB0sWc4ZyHn1J.figma.json": os.path.join(REPO, "Tests", "Fixtures", "figma", "material.json"),
}
FIGMA_COPIES = 20
FIGMA_RUNS = 9
SEED = 6
SETTLE_MS = 20
WATCH_SIZES = (100, 10_000)
HEAVY_SIZES = (1_000, 10_000)
HEAVY_WATCH_SIZES = (10_000,)
BIG_SIZE = 100_000
BIG_RUNS = 3
APPS_SIZE = 10_000
APPS_RUNS = 7
SAVES = 200
IDLE_SECONDS = 10.0
PLUGIN_SIZE = 10_000
PLUGIN_RUNS = 5
EXAMPLE_PLUGIN = os.path.join(REPO, "examples", "plugins", "acme_rules.py")

IN_CLOSE_WRITE = 0x00000008
IN_MOVED_TO = 0x00000080


# ---------------------------------------------------------------- machine

def machine():
    model = "unknown"
    with open("/proc/cpuinfo") as handle:
        for line in handle:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    memory_kb = 0
    with open("/proc/meminfo") as handle:
        for line in handle:
            if line.startswith("MemTotal:"):
                memory_kb = int(line.split()[1])
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.strip().splitlines()
    libyaml = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "libyaml-0-2"], capture_output=True, text=True)
    libxml2 = subprocess.run(["pkg-config", "--modversion", "libxml-2.0"], capture_output=True, text=True)
    return {
        "nproc": os.cpu_count(),
        "cpus_usable": len(os.sched_getaffinity(0)),
        "cpu_model": model,
        "memory_mb": memory_kb // 1024,
        "kernel": platform.release(),
        "swift": swift[0] if swift else "unknown",
        "libyaml": libyaml.stdout.strip() or "unknown",
        "libxml2": libxml2.stdout.strip() or "unknown",
        "load_average_at_start": list(os.getloadavg()),
    }


# ---------------------------------------------------------------- set-up

def corpus_name(count, heavy=False, apps=False):
    return f"{'apps' if apps else 'heavy' if heavy else 'n'}{count}"


def corpus_kind(heavy=False, apps=False):
    return "apps" if apps else "heavy" if heavy else "standard"


def prepare_corpus(count, heavy=False, apps=False):
    """bench/corpus/nN/specs (or heavyN/specs, the finding-heavy corpus, or appsN/specs, the
    ten apps of gen_corpus.py --apps), regenerated unless the stamp says it is already this corpus."""
    root = os.path.join(CORPUS, corpus_name(count, heavy, apps))
    stamp_path = os.path.join(root, "stamp.json")
    with open(os.path.join(HERE, "gen_corpus.py"), "rb") as handle:
        generator = handle.read()
    stamp = {"count": count, "seed": SEED, "heavy": heavy, "generator": hashlib.sha256(generator).hexdigest()}
    if apps:
        stamp["apps"] = True
    specs = os.path.join(root, "specs")
    try:
        with open(stamp_path) as handle:
            # A run killed during the saves leaves `dirty`: the specs may not be the generated ones.
            if json.load(handle) == stamp and os.path.isdir(specs) and not os.path.exists(dirty_marker(root)):
                return root
    except (OSError, ValueError):
        pass
    os.makedirs(root, exist_ok=True)
    gen_corpus.generate(count, specs, SEED, heavy, apps)
    with open(os.path.join(root, "bench-config.yaml"), "w") as handle:
        handle.write(f"# Written by bench/run.py: the settings every measured run uses.\nwatch:\n  settle_ms: {SETTLE_MS}\n")
    os.makedirs(os.path.join(root, "out"), exist_ok=True)
    with open(stamp_path, "w") as handle:
        json.dump(stamp, handle)
    if os.path.exists(dirty_marker(root)):
        os.unlink(dirty_marker(root))
    return root


def dirty_marker(root):
    return os.path.join(root, "dirty")


def build_floor():
    os.makedirs(CORPUS, exist_ok=True)
    binary = os.path.join(CORPUS, "floor")
    command = ["cc", "-O2", "-o", binary, os.path.join(HERE, "floor.c"), "-lyaml"]
    subprocess.run(command, check=True)
    return binary, command


def build_ib_floor():
    os.makedirs(CORPUS, exist_ok=True)
    binary = os.path.join(CORPUS, "ib_floor")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libxml-2.0"], check=True, capture_output=True,
                           text=True).stdout.split()
    cflags = [flag for flag in flags if not flag.startswith("-l")]
    libs = [flag for flag in flags if flag.startswith("-l")]
    command = ["cc", "-O2", *cflags, "-o", binary, os.path.join(HERE, "ib_floor.c"), *libs]
    subprocess.run(command, check=True)
    return binary, command


def build_figma_floor():
    os.makedirs(CORPUS, exist_ok=True)
    binary = os.path.join(CORPUS, "figma_floor")
    command = ["cc", "-O2", "-o", binary, os.path.join(HERE, "figma_floor.c")]
    subprocess.run(command, check=True)
    return binary, command


def prepare_figma_corpus(copies):
    """bench/corpus/figma/docs/copy-NN/KEY.figma.json, regenerated unless the stamp says they are
    these fixtures; the config raises limits.max_file_bytes past the larger file."""
    root = os.path.join(CORPUS, "figma")
    docs = os.path.join(root, "docs")
    digest = hashlib.sha256()
    for name, source in sorted(FIGMA_SOURCES.items()):
        with open(source, "rb") as handle:
            digest.update(name.encode() + b"\0" + hashlib.sha256(handle.read()).digest())
    stamp = {"copies": copies, "fixtures": digest.hexdigest()}
    stamp_path = os.path.join(root, "stamp.json")
    try:
        with open(stamp_path) as handle:
            if json.load(handle) == stamp and os.path.isdir(docs):
                return root
    except (OSError, ValueError):
        pass
    if os.path.isdir(docs):
        shutil.rmtree(docs)
    for copy in range(copies):
        folder = os.path.join(docs, f"copy-{copy:02d}")
        os.makedirs(folder)
        for name, source in FIGMA_SOURCES.items():
            shutil.copyfile(source, os.path.join(folder, name))
    with open(os.path.join(root, "bench-config.yaml"), "w") as handle:
        handle.write("# Written by bench/run.py: the built-in defaults but for the file size, named so no other\n"
                     "# config is picked up (a file response is megabytes).\n"
                     "paths: [docs]\nlimits:\n  max_file_bytes: 16777216\n")
    os.makedirs(os.path.join(root, "out"), exist_ok=True)
    with open(stamp_path, "w") as handle:
        json.dump(stamp, handle)
    return root


def ib_documents(root):
    """The IB documents below root as `check` walks them (no links followed, dot entries skipped)."""
    found = []
    for directory, directories, names in os.walk(root):
        directories[:] = sorted(name for name in directories if not name.startswith("."))
        for name in sorted(names):
            path = os.path.join(directory, name)
            if not name.startswith(".") and name.endswith(IB_EXTENSIONS) and not os.path.islink(path):
                found.append(path)
    return found


def prepare_ib_corpus(copies):
    """bench/corpus/ib/docs/copy-NN/{storyboards,simplenote}: whole copies of the fixture trees
    (IB files with their Xcode project and Info.plist, so `check` finds each copy's app facts as
    it would in a checkout), regenerated unless the stamp says they are these fixtures."""
    root = os.path.join(CORPUS, "ib")
    docs = os.path.join(root, "docs")
    digest = hashlib.sha256()
    for source in IB_SOURCES:
        for directory, directories, names in os.walk(source):
            directories.sort()
            for name in sorted(names):
                path = os.path.join(directory, name)
                digest.update(os.path.relpath(path, FIXTURES).encode() + b"\0")
                with open(path, "rb") as handle:
                    digest.update(hashlib.sha256(handle.read()).digest())
    stamp = {"copies": copies, "fixtures": digest.hexdigest()}
    stamp_path = os.path.join(root, "stamp.json")
    try:
        with open(stamp_path) as handle:
            if json.load(handle) == stamp and os.path.isdir(docs):
                return root
    except (OSError, ValueError):
        pass
    if os.path.isdir(docs):
        shutil.rmtree(docs)
    for copy in range(copies):
        for source in IB_SOURCES:
            shutil.copytree(source, os.path.join(docs, f"copy-{copy:02d}", os.path.basename(source)), symlinks=True)
    with open(os.path.join(root, "bench-config.yaml"), "w") as handle:
        handle.write("# Written by bench/run.py: the built-in defaults, named so no other config is picked up.\n"
                     "paths: [docs]\n")
    os.makedirs(os.path.join(root, "out"), exist_ok=True)
    with open(stamp_path, "w") as handle:
        json.dump(stamp, handle)
    return root


def corpus_bytes(specs):
    total = 0
    files = 0
    for directory, _, names in os.walk(specs):
        for name in names:
            if name.endswith(".yaml"):
                files += 1
                total += os.path.getsize(os.path.join(directory, name))
    return files, total


# ---------------------------------------------------------------- one timed run

TIME = "/usr/bin/time"


def check_command(higlint, tree="specs"):
    """The check every step times: the JSON report, the corpus's config, no summary line."""
    return [higlint, "check", "--format", "json", "--config", "bench-config.yaml", "--quiet", tree]


def timed(command, cwd, stdout_path):
    """Wall time, CPU time and peak RSS of one child.

    The peak RSS comes from GNU time, when installed: a child forked from this
    Python process and then exec'd inherits Python's high-water mark (~17 MB)
    in its rusage, which would hide a small program's real peak.
    """
    measured = os.path.exists(TIME)
    rss_path = stdout_path + ".rss"
    prefix = [TIME, "-f", "%M", "-o", rss_path] if measured else []
    with open(stdout_path, "wb") as out, open(stdout_path + ".err", "wb") as err:
        start = time.perf_counter()
        child = subprocess.Popen(prefix + command, cwd=cwd, stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
    max_rss_kb = usage.ru_maxrss
    if measured:
        with open(rss_path) as handle:
            max_rss_kb = int(handle.read().split()[-1])
    return {
        "wall_s": wall,
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "user_s": usage.ru_utime,
        "sys_s": usage.ru_stime,
        "max_rss_mb": max_rss_kb / 1024,
        "status": os.waitstatus_to_exitcode(status),
    }


def median_of(runs, key):
    return statistics.median(run[key] for run in runs)


def paired_ratios(floor_runs, check_runs):
    """Each check run's wall time over the floor run just before it, smallest first.

    The verdicts use the ratio of the two medians. These show how far the machine moved
    under the run: the VM has been seen to switch between two speeds for minutes at a
    time, which moves the single-threaded floor more than the two-threaded check."""
    return sorted(check["wall_s"] / floor["wall_s"] for floor, check in zip(floor_runs, check_runs))


def measure_check(higlint, floor, count, runs, heavy=False, apps=False):
    root = prepare_corpus(count, heavy, apps)
    out = os.path.join(root, "out")
    os.makedirs(out, exist_ok=True)
    floor_command = [floor, "specs"]
    check = check_command(higlint)
    floor_out = os.path.join(out, "floor.json")
    check_out = os.path.join(out, "check.json")
    # One warm-up of each: the page cache then holds the corpus for both.
    timed(floor_command, root, floor_out)
    timed(check, root, check_out)
    floor_runs, check_runs = [], []
    for _ in range(runs):
        floor_runs.append(timed(floor_command, root, floor_out))
        check_runs.append(timed(check, root, check_out))
    with open(floor_out) as handle:
        floor_result = json.load(handle)
    with open(check_out) as handle:
        report = json.load(handle)
    problems = []
    if floor_result["files"] != count or floor_result["failures"]:
        problems.append(f"floor parsed {floor_result['files']} files with {floor_result['failures']} failures")
    if report["summary"]["files"] != count:
        problems.append(f"check reviewed {report['summary']['files']} files, expected {count}")
    if any(run["status"] not in (0, 1) for run in check_runs):
        problems.append("check exited with status 2")
    files, size = corpus_bytes(os.path.join(root, "specs"))
    floor_wall = median_of(floor_runs, "wall_s")
    check_wall = median_of(check_runs, "wall_s")
    return {
        "n": count,
        "corpus": corpus_kind(heavy, apps),
        "bytes": size,
        "mean_file_bytes": round(size / max(files, 1)),
        "runs": runs,
        "floor": {
            "command": " ".join(["bench/corpus/floor", "specs"]),
            "wall_s": floor_wall,
            "cpu_s": median_of(floor_runs, "cpu_s"),
            "max_rss_mb": median_of(floor_runs, "max_rss_mb"),
            "events": floor_result["events"],
            "all_wall_s": [run["wall_s"] for run in floor_runs],
        },
        "check": {
            "command": " ".join(["higlint"] + check[1:]),
            "wall_s": check_wall,
            "cpu_s": median_of(check_runs, "cpu_s"),
            "user_s": median_of(check_runs, "user_s"),
            "sys_s": median_of(check_runs, "sys_s"),
            "max_rss_mb": max(run["max_rss_mb"] for run in check_runs),
            "findings": len(report["findings"]),
            "summary": report["summary"],
            "all_wall_s": [run["wall_s"] for run in check_runs],
        },
        "ratio_to_floor": check_wall / floor_wall,
        "paired_ratios": paired_ratios(floor_runs, check_runs),
        "problems": problems,
    }


def measure_ib(higlint, floor, copies, runs):
    root = prepare_ib_corpus(copies)
    out = os.path.join(root, "out")
    os.makedirs(out, exist_ok=True)
    documents = ib_documents(os.path.join(root, "docs"))
    size = sum(os.path.getsize(path) for path in documents)
    floor_command = [floor, "docs"]
    check = check_command(higlint, "docs")
    floor_out = os.path.join(out, "floor.json")
    check_out = os.path.join(out, "check.json")
    timed(floor_command, root, floor_out)
    timed(check, root, check_out)
    floor_runs, check_runs = [], []
    for _ in range(runs):
        floor_runs.append(timed(floor_command, root, floor_out))
        check_runs.append(timed(check, root, check_out))
    with open(floor_out) as handle:
        floor_result = json.load(handle)
    with open(check_out) as handle:
        report = json.load(handle)
    problems = []
    if floor_result["files"] != len(documents) or floor_result["failures"]:
        problems.append(f"floor parsed {floor_result['files']} of {len(documents)} files "
                        f"with {floor_result['failures']} failures")
    reviewed = report["summary"]["files"]
    if reviewed != len(documents):
        problems.append(f"check reviewed {reviewed} of {len(documents)} IB files"
                        + (": this higlint does not read Interface Builder documents, so its time is no"
                           " measure of reviewing them" if reviewed == 0 else ""))
    if any(run["status"] not in (0, 1) for run in check_runs):
        problems.append("check exited with status 2")
    floor_wall = median_of(floor_runs, "wall_s")
    check_wall = median_of(check_runs, "wall_s")
    return {
        "copies": copies,
        "files": len(documents),
        "bytes": size,
        "runs": runs,
        "floor": {
            "command": "bench/corpus/ib_floor docs",
            "wall_s": floor_wall,
            "cpu_s": median_of(floor_runs, "cpu_s"),
            "max_rss_mb": median_of(floor_runs, "max_rss_mb"),
            "elements": floor_result["elements"],
            "all_wall_s": [run["wall_s"] for run in floor_runs],
        },
        "check": {
            "command": " ".join(["higlint"] + check[1:]),
            "wall_s": check_wall,
            "cpu_s": median_of(check_runs, "cpu_s"),
            "max_rss_mb": max(run["max_rss_mb"] for run in check_runs),
            "findings": len(report["findings"]),
            "summary": report["summary"],
            "all_wall_s": [run["wall_s"] for run in check_runs],
        },
        "ratio_to_floor": check_wall / floor_wall,
        "paired_ratios": paired_ratios(floor_runs, check_runs),
        "problems": problems,
    }


def measure_figma(higlint, floor, copies, runs):
    root = prepare_figma_corpus(copies)
    out = os.path.join(root, "out")
    os.makedirs(out, exist_ok=True)
    files = copies * len(FIGMA_SOURCES)
    size = copies * sum(os.path.getsize(source) for source in FIGMA_SOURCES.values())
    floor_command = [floor, "docs"]
    check = check_command(higlint, "docs")
    floor_out = os.path.join(out, "floor.json")
    check_out = os.path.join(out, "check.json")
    timed(floor_command, root, floor_out)
    timed(check, root, check_out)
    floor_runs, check_runs = [], []
    for _ in range(runs):
        floor_runs.append(timed(floor_command, root, floor_out))
        check_runs.append(timed(check, root, check_out))
    with open(floor_out) as handle:
        floor_result = json.load(handle)
    with open(check_out) as handle:
        report = json.load(handle)
    problems = []
    if floor_result["files"] != files or floor_result["failures"] or floor_result["bytes"] != size:
        problems.append(f"floor parsed {floor_result['files']} of {files} files ({floor_result['bytes']} of {size} bytes) "
                        f"with {floor_result['failures']} failures")
    reviewed = report["summary"]["files"]
    if reviewed != files:
        problems.append(f"check reviewed {reviewed} of {files} Figma files"
                        + (": this higlint does not read Figma file responses, so its time is no measure of reviewing"
                           " them" if reviewed == 0 else ""))
    # A file over limits.max_file_bytes would be one finding and no review: fast, and no measure.
    if any(finding["rule"] in ("spec.limits", "figma.syntax") for finding in report["findings"]):
        problems.append("check did not review every file whole (spec.limits or figma.syntax)")
    if report["summary"]["screens"] != copies * 2:
        problems.append(f"check found {report['summary']['screens']} screens, expected {copies * 2} (two a copy)")
    if any(run["status"] not in (0, 1) for run in check_runs):
        problems.append("check exited with status 2")
    floor_wall = median_of(floor_runs, "wall_s")
    check_wall = median_of(check_runs, "wall_s")
    return {
        "copies": copies,
        "files": files,
        "bytes": size,
        "runs": runs,
        "floor": {
            "command": "bench/corpus/figma_floor docs",
            "wall_s": floor_wall,
            "cpu_s": median_of(floor_runs, "cpu_s"),
            "max_rss_mb": median_of(floor_runs, "max_rss_mb"),
            "nodes": floor_result["nodes"],
            "all_wall_s": [run["wall_s"] for run in floor_runs],
        },
        "check": {
            "command": " ".join(["higlint"] + check[1:]),
            "wall_s": check_wall,
            "cpu_s": median_of(check_runs, "cpu_s"),
            "max_rss_mb": max(run["max_rss_mb"] for run in check_runs),
            "findings": len(report["findings"]),
            "summary": report["summary"],
            "all_wall_s": [run["wall_s"] for run in check_runs],
        },
        "ratio_to_floor": check_wall / floor_wall,
        "paired_ratios": paired_ratios(floor_runs, check_runs),
        "problems": problems,
    }


# ---------------------------------------------------------------- an external plugin

def measure_plugin(higlint, count, runs):
    """`check` with and without the example plugin, alternating, medians of `runs` each."""
    root = prepare_corpus(count)
    out = os.path.join(root, "out")
    os.makedirs(out, exist_ok=True)
    cpu_path = os.path.join(out, "plugin-cpu.json")
    config_path = os.path.join(root, "plugin-config.yaml")
    command = [sys.executable, os.path.join(HERE, "timed_plugin.py"), cpu_path, sys.executable, EXAMPLE_PLUGIN]
    with open(config_path, "w") as handle:
        handle.write("# Written by bench/run.py: bench-config.yaml's settings plus the example plugin.\n"
                     f"watch:\n  settle_ms: {SETTLE_MS}\n"
                     f"plugins:\n  external:\n    - name: acme\n      command: {json.dumps(command)}\n")
    without = check_command(higlint)
    with_plugin = [higlint, "check", "--format", "json", "--config", "plugin-config.yaml", "--quiet", "specs"]
    without_out = os.path.join(out, "check.json")
    with_out = os.path.join(out, "check-plugin.json")
    timed(without, root, without_out)
    timed(with_plugin, root, with_out)
    without_runs, with_runs, plugin_cpu = [], [], []
    for _ in range(runs):
        without_runs.append(timed(without, root, without_out))
        with_runs.append(timed(with_plugin, root, with_out))
        with open(cpu_path) as handle:
            plugin_cpu.append(json.load(handle)["cpu_s"])
    with open(with_out) as handle:
        report = json.load(handle)
    problems = []
    failed = sum(1 for finding in report["findings"] if finding["rule"] == "plugin.failed")
    if failed:
        problems.append(f"{failed} plugin.failed findings")
    plugin_findings = sum(1 for finding in report["findings"] if finding["rule"].startswith("acme."))
    if report["summary"]["files"] != count:
        problems.append(f"check reviewed {report['summary']['files']} files, expected {count}")
    if any(run["status"] not in (0, 1) for run in without_runs + with_runs):
        problems.append("check exited with status 2")
    without_wall = median_of(without_runs, "wall_s")
    with_wall = median_of(with_runs, "wall_s")
    cpu = statistics.median(plugin_cpu)
    return {
        "n": count,
        "runs": runs,
        "plugin": " ".join(["python3", os.path.relpath(EXAMPLE_PLUGIN, REPO)]),
        "without": {"wall_s": without_wall, "cpu_s": median_of(without_runs, "cpu_s"),
                    "all_wall_s": [run["wall_s"] for run in without_runs]},
        "with": {"wall_s": with_wall, "cpu_s": median_of(with_runs, "cpu_s"),
                 "max_rss_mb": max(run["max_rss_mb"] for run in with_runs),
                 "all_wall_s": [run["wall_s"] for run in with_runs], "plugin_findings": plugin_findings},
        "plugin_cpu_s": cpu,
        "all_plugin_cpu_s": plugin_cpu,
        # The target: with <= (without + the plugin's own CPU) * 1.2.
        "bound_s": (without_wall + cpu) * (1 + TARGETS["plugin_overhead"]),
        "problems": problems,
    }


# ---------------------------------------------------------------- the watcher

class ReportWatch:
    """Inotify on the report's directory, through libc: each atomic replacement is one IN_MOVED_TO."""

    def __init__(self, directory, name):
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.fd = self.libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if self.fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        if self.libc.inotify_add_watch(self.fd, directory.encode(), IN_MOVED_TO | IN_CLOSE_WRITE) < 0:
            raise OSError(ctypes.get_errno(), "inotify_add_watch")
        self.name = name.encode()
        self.poller = select.poll()
        self.poller.register(self.fd, select.POLLIN)

    def drain(self):
        try:
            while os.read(self.fd, 65536):
                pass
        except BlockingIOError:
            pass

    def wait(self, timeout):
        """perf_counter when the report was next replaced, or None at the deadline."""
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            if not self.poller.poll(max(1, int(left * 1000))):
                continue
            now = time.perf_counter()
            try:
                data = os.read(self.fd, 65536)
            except BlockingIOError:
                continue
            offset = 0
            while offset + 16 <= len(data):
                _, mask, _, length = struct.unpack_from("iIII", data, offset)
                name = data[offset + 16:offset + 16 + length].rstrip(b"\0")
                offset += 16 + length
                if name == self.name and mask & IN_MOVED_TO:
                    return now

    def close(self):
        os.close(self.fd)


def proc_status(pid):
    values = {}
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM", "Threads"):
                values[key] = int(rest.split()[0])
    return {"rss_mb": values.get("VmRSS", 0) / 1024, "hwm_mb": values.get("VmHWM", 0) / 1024,
            "threads": values.get("Threads", 0)}


def cpu_seconds(pid):
    """CPU time so far: /proc/PID/stat's clock ticks, and the process CPU clock in
    nanoseconds (which, unlike per-thread counters, keeps the time of exited threads)."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    libc = ctypes.CDLL(None, use_errno=True)
    clock = ctypes.c_int()
    if libc.clock_getcpuclockid(pid, ctypes.byref(clock)) != 0:
        return ticks / os.sysconf("SC_CLK_TCK"), float("nan")
    return ticks / os.sysconf("SC_CLK_TCK"), time.clock_gettime_ns(clock.value) / 1e9


ROW0_LABEL = re.compile(r"(  - id: row-0\n    type: button\n    label: )[^\n]*")


def edited(text):
    """The same spec with its first button labelled Quit: one lifecycle.quit-control more."""
    return ROW0_LABEL.sub(lambda match: match.group(1) + "Quit", text, count=1)


NAV0_ICON = re.compile(r"(    - \{ id: nav-0, type: button, action: [a-z]+, icon: )[^,]*")
ODD_ICON = "system:bench.odd"
UPDATE_MS = re.compile(r"higlint: update \d+: .* \(([0-9.]+) ms\)")


def edited_icon(text):
    """An apps spec whose navigation-bar item shows an icon no other element of the tree shows."""
    return NAV0_ICON.sub(lambda match: match.group(1) + ODD_ICON, text, count=1)


def has_odd_icon_finding(report_bytes, display_path):
    needle = f'"file": "{display_path}"'.encode()
    for line in report_bytes.split(b"\n"):
        if needle in line and b'"layout.inconsistent-icon"' in line and ODD_ICON.encode() in line:
            return True
    return False


def has_quit_finding(report_bytes, display_path):
    needle = f'"file": "{display_path}"'.encode()
    for line in report_bytes.split(b"\n"):
        if needle in line and b'"lifecycle.quit-control"' in line and b'"element": "row-0"' in line:
            return True
    return False


def percentile(values, fraction):
    """Nearest rank: of 200 latencies, p99 is the 198th smallest."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * fraction // 1))
    return ordered[int(rank) - 1]


def watch_available(higlint):
    try:
        return subprocess.run([higlint, "watch", "--help"], capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def timed_saves(watcher, root, report_path, saves, pick, edit, shows, originals):
    """Saves `saves` times, as an editor does (the whole text written beside the file, then
    renamed over it): save k changes the file `pick(k)` to `edit(original)` when k is even and
    back when it is odd, and is timed until the report `shows(bytes, file)` that text, or for
    ten seconds. Keeps each file's text before its first save in `originals`, for the caller to
    put back. Gives the latencies in milliseconds and how many saves the report never showed."""
    latencies, missed = [], 0
    for save in range(saves):
        relative = pick(save)
        path = os.path.join(root, relative)
        if relative not in originals:
            with open(path) as handle:
                originals[relative] = handle.read()
        want = save % 2 == 0
        text = edit(originals[relative]) if want else originals[relative]
        temporary = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".bench-tmp")
        with open(temporary, "w") as handle:
            handle.write(text)
        # Let the previous update finish and forget its events, so this save's report is the next one.
        time.sleep(0.03)
        watcher.drain()
        saved = time.perf_counter()
        os.rename(temporary, path)
        seen = None
        while True:
            moment = watcher.wait(10)
            if moment is None:
                break
            with open(report_path, "rb") as handle:
                if shows(handle.read(), relative) == want:
                    seen = moment
                    break
        if seen is None:
            missed += 1
        else:
            latencies.append((seen - saved) * 1000)
    return latencies, missed


def latency_figures(latencies):
    return {"p50": percentile(latencies, 0.50), "p99": percentile(latencies, 0.99),
            "min": min(latencies), "max": max(latencies)}


def measure_watch(higlint, floor, count, heavy=False, apps=False):
    root = prepare_corpus(count, heavy, apps)
    specs = os.path.join(root, "specs")
    out = os.path.join(root, "out")
    os.makedirs(out, exist_ok=True)
    # A warm-up, as each check step has: the host drops a corpus's pages after a few idle
    # minutes (the 100,000 watch comes minutes after the check runs that read the same
    # files). The floor reads every file and lists every directory, as the first scan does.
    subprocess.run([floor, "specs"], cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # Then the check the start-up is compared with, just before it: the VM changes speed
    # for minutes at a time (by a third and more), so check's median from its own step,
    # taken minutes earlier, can belong to another speed than the start-up.
    check_before = timed(
        check_command(higlint), root,
        os.path.join(out, "check-before-watch.json"))
    report_path = os.path.join(out, "report.json")
    if os.path.exists(report_path):
        os.unlink(report_path)
    files = sorted(
        os.path.relpath(os.path.join(directory, name), root)
        for directory, _, names in os.walk(specs) for name in names if name.endswith(".yaml"))
    originals = {}
    command = [higlint, "watch", "--config", "bench-config.yaml", "--report", "out/report.json", "specs"]
    watcher = ReportWatch(out, "report.json")
    log = open(os.path.join(out, f"watch-{corpus_name(count, heavy, apps)}.log"), "wb")
    result = {"n": count, "corpus": corpus_kind(heavy, apps), "command": " ".join(["higlint"] + command[1:]),
              "settle_ms": SETTLE_MS, "check_before_start_s": check_before["wall_s"]}
    # On the apps corpus each save changes project findings: one icon the tree uses nowhere
    # else, so a layout.inconsistent-icon finding comes and goes, and the vote of its action
    # (the "used by N of M" of the action's other findings) moves with it.
    edit, shows_edit = (edited_icon, has_odd_icon_finding) if apps else (edited, has_quit_finding)
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=root, stdout=subprocess.DEVNULL, stderr=log)
    try:
        first = watcher.wait(300)
        if first is None:
            result["problem"] = "no first report within 300 s"
            return result
        result["startup_s"] = first - start
        # The first report is out; give the process a moment to finish its bookkeeping.
        time.sleep(0.5)
        result["after_startup"] = proc_status(child.pid)

        ticks_before, ns_before = cpu_seconds(child.pid)
        watcher.drain()
        time.sleep(IDLE_SECONDS)
        ticks_after, ns_after = cpu_seconds(child.pid)
        result["idle_cpu_ms_per_10s"] = {
            "stat_ticks": (ticks_after - ticks_before) * 1000 * 10 / IDLE_SECONDS,
            "cpu_clock": (ns_after - ns_before) * 1000 * 10 / IDLE_SECONDS,
        }
        result["idle_report_writes"] = 1 if watcher.wait(0.001) is not None else 0

        with open(dirty_marker(root), "w") as handle:
            handle.write("specs edited by the watch benchmark\n")
        stride = max(1, len(files) // (SAVES // 2))
        latencies, missed = timed_saves(
            watcher, root, report_path, SAVES, lambda save: files[((save // 2) * stride) % len(files)], edit, shows_edit,
            originals)
        result["saves"] = SAVES
        result["missed_saves"] = missed
        if latencies:
            result["latency_ms"] = latency_figures(latencies)
        # The watcher's own figure for each update (`update N: ... (X ms)`): reviewing and
        # writing, without the settle time it waited.
        log.flush()
        with open(log.name, "rb") as handle:
            worked = [float(match.group(1)) for match in UPDATE_MS.finditer(handle.read().decode("utf-8", "replace"))]
        if worked:
            result["update_ms"] = {"p50": percentile(worked, 0.50), "max": max(worked), "updates": len(worked)}
        time.sleep(0.5)
        result["after_saves"] = proc_status(child.pid)

        # Correctness: once settled, the live report is `check` plus generated_at and watch.
        check = subprocess.run(
            check_command(higlint),
            cwd=root, capture_output=True)
        with open(report_path) as handle:
            live = json.load(handle)
        expected = json.loads(check.stdout)
        live.pop("generated_at", None)
        live.pop("watch", None)
        result["report_equals_check"] = live == expected
        if live != expected:
            result["report_difference"] = {
                "live_summary": live.get("summary"), "check_summary": expected.get("summary"),
                "live_findings": len(live.get("findings", [])), "check_findings": len(expected.get("findings", []))}
    finally:
        for relative, text in originals.items():
            with open(os.path.join(root, relative), "w") as handle:
                handle.write(text)
        if os.path.exists(dirty_marker(root)):
            os.unlink(dirty_marker(root))
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(30)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        result["exit_status"] = child.returncode
        watcher.close()
        log.close()
    return result


# ---------------------------------------------------------------- output

TARGETS = {"check_ratio": 1.0, "check_cpu_ratio": 1.5, "check_rss_mb": 128, "heavy_check_ratio": 1.3,
           "heavy_rss_mb": 256, "big_check_ratio": 1.1, "big_rss_mb": 256, "big_startup_ratio": 1.5,
           "ib_check_ratio": 1.5, "figma_check_ratio": 1.3, "watch_rss_mb": 64, "idle_cpu_ms": 10, "p50_over_settle_ms": 5,
           "heavy_p50_over_settle_ms": 15, "p99_over_settle_ms": 25, "latency_growth": 1.3, "plugin_overhead": 0.2,
           # Issue 41, on the apps corpus (gen_corpus.py --apps, 10,000 screens).
           "apps_check_ratio": 1.2, "apps_check_cpu_ratio": 1.5, "apps_rss_mb": 128, "apps_p50_over_settle_ms": 5,
           "apps_max_over_settle_ms": 25}


def watch_label(row):
    corpus = row.get("corpus", "standard")
    return f"watch {'' if corpus == 'standard' else corpus + ' '}{row['n']}"


def verdicts(results):
    out = {}
    check_wall = {}
    for row in results["check"]:
        heavy = row.get("corpus") == "heavy"
        if row.get("corpus") == "apps":
            label = f"check apps {row['n']}"
            out[f"{label} wall <= 1.2x floor"] = not row["problems"] and row["ratio_to_floor"] <= TARGETS["apps_check_ratio"]
            out[f"{label} CPU <= 1.5x floor CPU"] = (
                row["check"]["cpu_s"] <= TARGETS["apps_check_cpu_ratio"] * row["floor"]["cpu_s"])
            continue
        if not heavy:
            check_wall[row["n"]] = row["check"]["wall_s"]
        if row["n"] == 10_000 and not heavy:
            out["check 10k wall <= 1.0x floor"] = not row["problems"] and row["ratio_to_floor"] <= TARGETS["check_ratio"]
            out["check 10k CPU <= 1.5x floor CPU"] = (
                row["check"]["cpu_s"] <= TARGETS["check_cpu_ratio"] * row["floor"]["cpu_s"])
            out["check 10k peak RSS < 128 MB"] = row["check"]["max_rss_mb"] < TARGETS["check_rss_mb"]
        if row["n"] == 10_000 and heavy:
            out["check heavy 10k wall <= 1.3x floor"] = (
                not row["problems"] and row["ratio_to_floor"] <= TARGETS["heavy_check_ratio"])
            out["check heavy 10k peak RSS < 256 MB"] = row["check"]["max_rss_mb"] < TARGETS["heavy_rss_mb"]
        if row["n"] == 100_000 and not heavy:
            out["check 100k wall <= 1.1x floor"] = not row["problems"] and row["ratio_to_floor"] <= TARGETS["big_check_ratio"]
            out["check 100k peak RSS < 256 MB"] = row["check"]["max_rss_mb"] < TARGETS["big_rss_mb"]
    ib = results.get("ib")
    if ib:
        # A check that did not review every IB file has not met the target, whatever its time.
        out["IB check wall <= 1.5x SAX floor"] = not ib["problems"] and ib["ratio_to_floor"] <= TARGETS["ib_check_ratio"]
    figma = results.get("figma")
    if figma:
        out["Figma check wall <= 1.3x JSON floor"] = (
            not figma["problems"] and figma["ratio_to_floor"] <= TARGETS["figma_check_ratio"])
    rows = [row for row in results.get("watch", []) if "latency_ms" in row]
    for row in rows:
        label = watch_label(row)
        if row.get("corpus") == "apps":
            p50, top = TARGETS["apps_p50_over_settle_ms"], TARGETS["apps_max_over_settle_ms"]
            out[f"{label} p50 <= settle + {p50} ms"] = row["latency_ms"]["p50"] <= SETTLE_MS + p50
            out[f"{label} max <= settle + {top} ms"] = row["latency_ms"]["max"] <= SETTLE_MS + top
            out[f"{label} RSS <= 128 MB"] = max(
                row["after_startup"]["rss_mb"], row["after_saves"]["rss_mb"]) <= TARGETS["apps_rss_mb"]
            out[f"{label} report equals check"] = row.get("report_equals_check", False) and not row["missed_saves"]
            continue
        heavy = row.get("corpus") == "heavy"
        over = TARGETS["heavy_p50_over_settle_ms" if heavy else "p50_over_settle_ms"]
        out[f"{label} p50 <= settle + {over} ms"] = row["latency_ms"]["p50"] <= SETTLE_MS + over
        if not heavy:
            out[f"{label} p99 <= settle + 25 ms"] = row["latency_ms"]["p99"] <= SETTLE_MS + TARGETS["p99_over_settle_ms"]
            out[f"{label} idle CPU < 10 ms / 10 s"] = row["idle_cpu_ms_per_10s"]["cpu_clock"] < TARGETS["idle_cpu_ms"]
        out[f"{label} report equals check"] = row.get("report_equals_check", False) and not row["missed_saves"]
    watch = {row["n"]: row for row in rows if row.get("corpus", "standard") == "standard"}
    if 10_000 in watch:
        # The RSS is the resident size after start-up and after the saves; the peak is reported beside it.
        out["watch 10k RSS < 64 MB"] = max(
            watch[10_000]["after_startup"]["rss_mb"], watch[10_000]["after_saves"]["rss_mb"]) < TARGETS["watch_rss_mb"]
    if 100 in watch and 10_000 in watch:
        out["watch latency 10k <= 1.3x 100"] = (
            watch[10_000]["latency_ms"]["p50"] <= TARGETS["latency_growth"] * watch[100]["latency_ms"]["p50"])
    if 100_000 in watch:
        big = watch[100_000]
        # As at 10,000: the resident size after start-up and after the saves (the peak is printed beside it).
        out["watch 100k RSS < 256 MB"] = max(
            big["after_startup"]["rss_mb"], big["after_saves"]["rss_mb"]) < TARGETS["big_rss_mb"]
        # Against the check run just before the watcher started (see measure_watch); check's
        # median from its own step is printed beside it.
        reference = big.get("check_before_start_s", check_wall.get(100_000))
        if reference is not None:
            out["watch 100k start-up <= 1.5x check wall"] = (
                big["startup_s"] <= TARGETS["big_startup_ratio"] * reference)
    if results.get("lsp"):
        out.update(lsp_bench.verdicts(results["lsp"]))
    if results.get("crowded"):
        out.update(crowded_bench.verdicts(results["crowded"]))
    if results.get("swiftui"):
        out.update(swiftui_bench.verdicts(results["swiftui"]))
    plugin = results.get("plugin")
    if plugin:
        out[f"check {plugin['n']} with the example plugin <= (without + plugin CPU) x 1.2"] = (
            not plugin["problems"] and plugin["with"]["wall_s"] <= plugin["bound_s"])
    return out


def print_spread(row):
    ratios = row.get("paired_ratios")
    if ratios:
        print(f"         paired runs: ratio {ratios[0]:.2f} to {ratios[-1]:.2f}, median {statistics.median(ratios):.2f}; "
              f"floor {min(row['floor']['all_wall_s']):.3f} to {max(row['floor']['all_wall_s']):.3f} s")


def print_table(results):
    print()
    print(f"machine: {results['machine']['nproc']} CPUs ({results['machine']['cpu_model']}), "
          f"{results['machine']['memory_mb']} MB, load at start {results['machine']['load_average_at_start']}")
    print()
    print(f"{'corpus':>8} {'N':>6} {'MB':>6} {'floor s':>8} {'check s':>8} {'ratio':>6} {'floor cpu s':>11} "
          f"{'check cpu s':>11} {'floor RSS MB':>12} {'check RSS MB':>12} {'findings':>8}")
    for row in results["check"]:
        print(f"{row.get('corpus', 'standard'):>8} {row['n']:>6} {row['bytes'] / 1e6:>6.1f} {row['floor']['wall_s']:>8.3f} {row['check']['wall_s']:>8.3f} "
              f"{row['ratio_to_floor']:>6.2f} {row['floor']['cpu_s']:>11.3f} {row['check']['cpu_s']:>11.3f} "
              f"{row['floor']['max_rss_mb']:>12.1f} {row['check']['max_rss_mb']:>12.1f} {row['check']['findings']:>8}")
        print_spread(row)
        for problem in row["problems"]:
            print(f"       problem: {problem}")
    ib = results.get("ib")
    if ib:
        print()
        print(f"{'IB files':>8} {'MB':>6} {'floor s':>8} {'check s':>8} {'ratio':>6} {'floor cpu s':>11} {'check cpu s':>11} "
              f"{'floor RSS MB':>12} {'check RSS MB':>12} {'findings':>8}")
        print(f"{ib['files']:>8} {ib['bytes'] / 1e6:>6.1f} {ib['floor']['wall_s']:>8.3f} {ib['check']['wall_s']:>8.3f} "
              f"{ib['ratio_to_floor']:>6.2f} {ib['floor']['cpu_s']:>11.3f} {ib['check']['cpu_s']:>11.3f} "
              f"{ib['floor']['max_rss_mb']:>12.1f} {ib['check']['max_rss_mb']:>12.1f} {ib['check']['findings']:>8}")
        print_spread(ib)
        for problem in ib["problems"]:
            print(f"       problem: {problem}")
    elif results.get("ib_skipped"):
        print(f"\nIB: skipped ({results['ib_skipped']})")
    figma = results.get("figma")
    if figma:
        print()
        print(f"{'Figma files':>11} {'MB':>6} {'floor s':>8} {'check s':>8} {'ratio':>6} {'floor cpu s':>11} {'check cpu s':>11} "
              f"{'floor RSS MB':>12} {'check RSS MB':>12} {'findings':>8}")
        print(f"{figma['files']:>11} {figma['bytes'] / 1e6:>6.1f} {figma['floor']['wall_s']:>8.3f} {figma['check']['wall_s']:>8.3f} "
              f"{figma['ratio_to_floor']:>6.2f} {figma['floor']['cpu_s']:>11.3f} {figma['check']['cpu_s']:>11.3f} "
              f"{figma['floor']['max_rss_mb']:>12.1f} {figma['check']['max_rss_mb']:>12.1f} {figma['check']['findings']:>8}")
        print_spread(figma)
        for problem in figma["problems"]:
            print(f"       problem: {problem}")
    elif results.get("figma_skipped"):
        print(f"\nFigma: skipped ({results['figma_skipped']})")
    if results.get("watch"):
        print()
        print(f"{'corpus':>8} {'N':>6} {'start s':>8} {'check s':>8} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'missed':>6} {'RSS up MB':>9} "
              f"{'RSS end MB':>10} {'HWM MB':>7} {'idle ms/10s':>11} {'= check':>7}")
        for row in results["watch"]:
            if "problem" in row:
                print(f"{row.get('corpus', 'standard'):>8} {row['n']:>6} problem: {row['problem']}")
                continue
            latency = row.get("latency_ms", {"p50": float("nan"), "p99": float("nan"), "max": float("nan")})
            print(f"{row.get('corpus', 'standard'):>8} {row['n']:>6} {row['startup_s']:>8.3f} "
                  f"{row.get('check_before_start_s', float('nan')):>8.3f} {latency['p50']:>7.1f} {latency['p99']:>7.1f} {latency['max']:>7.1f} "
                  f"{row['missed_saves']:>6} {row['after_startup']['rss_mb']:>9.1f} {row['after_saves']['rss_mb']:>10.1f} "
                  f"{row['after_saves']['hwm_mb']:>7.1f} {row['idle_cpu_ms_per_10s']['cpu_clock']:>11.2f} "
                  f"{str(row.get('report_equals_check')):>7}")
            if "update_ms" in row:
                print(f"{'':>15} the watcher's own update times: p50 {row['update_ms']['p50']:.1f} ms, "
                      f"max {row['update_ms']['max']:.1f} ms ({row['update_ms']['updates']} updates)")
    elif results.get("watch_skipped"):
        print(f"\nwatch: skipped ({results['watch_skipped']})")
    plugin = results.get("plugin")
    if plugin:
        print()
        print(f"{'N':>6} {'without s':>9} {'with s':>8} {'plugin cpu s':>12} {'bound s':>8} {'findings':>8}")
        print(f"{plugin['n']:>6} {plugin['without']['wall_s']:>9.3f} {plugin['with']['wall_s']:>8.3f} "
              f"{plugin['plugin_cpu_s']:>12.3f} {plugin['bound_s']:>8.3f} {plugin['with']['plugin_findings']:>8}")
        for problem in plugin["problems"]:
            print(f"       problem: {problem}")
    elif results.get("plugin_skipped"):
        print(f"\nplugin: skipped ({results['plugin_skipped']})")
    if results.get("lsp"):
        print()
        print(lsp_bench.describe(results["lsp"]))
    elif results.get("lsp_skipped"):
        print(f"\nlsp: skipped ({results['lsp_skipped']})")
    if results.get("crowded"):
        print()
        print(crowded_bench.describe(results["crowded"]))
    elif results.get("crowded_skipped"):
        print(f"\ncrowded: skipped ({results['crowded_skipped']})")
    if results.get("swiftui"):
        print()
        print(swiftui_bench.describe(results["swiftui"]))
    elif results.get("swiftui_skipped"):
        print(f"\nSwiftUI: skipped ({results['swiftui_skipped']})")
    print()
    for name, met in results["targets"].items():
        print(f"  [{'met' if met else 'MISSED'}] {name}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--higlint", default=os.path.join(REPO, ".build", "release", "higlint"))
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--runs", type=int, default=0, help="runs per size (default: 15, 9, 7 by size)")
    parser.add_argument("--ib-copies", type=int, default=IB_COPIES, help="copies of the IB fixtures timed at once")
    parser.add_argument("--ib-runs", type=int, default=IB_RUNS, help="runs each of the IB floor and check")
    parser.add_argument("--no-ib", action="store_true")
    parser.add_argument("--figma-copies", type=int, default=FIGMA_COPIES, help="copies of the Figma fixtures timed at once")
    parser.add_argument("--figma-runs", type=int, default=FIGMA_RUNS, help="runs each of the Figma floor and check")
    parser.add_argument("--no-figma", action="store_true")
    parser.add_argument("--watch-sizes", default=",".join(str(size) for size in WATCH_SIZES))
    parser.add_argument("--no-watch", action="store_true", help="no watch step at all (standard, heavy or big)")
    parser.add_argument("--heavy-sizes", default=",".join(str(size) for size in HEAVY_SIZES),
                        help="sizes of the finding-heavy corpus that check is timed on")
    parser.add_argument("--heavy-watch-sizes", default=",".join(str(size) for size in HEAVY_WATCH_SIZES),
                        help="sizes of the finding-heavy corpus that watch is timed on")
    parser.add_argument("--no-heavy", action="store_true", help="skip the finding-heavy corpus")
    parser.add_argument("--apps-size", type=int, default=APPS_SIZE,
                        help="the apps corpus (gen_corpus.py --apps): check and watch, issue 41's targets")
    parser.add_argument("--apps-runs", type=int, default=APPS_RUNS, help="runs each of the floor and check on the apps corpus")
    parser.add_argument("--no-apps", action="store_true", help="skip the apps corpus")
    parser.add_argument("--big-size", type=int, default=BIG_SIZE, help="the large standard corpus (check and watch)")
    parser.add_argument("--big-runs", type=int, default=BIG_RUNS, help="runs each of the floor and check at --big-size")
    parser.add_argument("--no-big", action="store_true", help="skip the large standard corpus")
    parser.add_argument("--plugin-size", type=int, default=PLUGIN_SIZE, help="corpus size of the plugin overhead step")
    parser.add_argument("--plugin-runs", type=int, default=PLUGIN_RUNS, help="runs each of check with and without the plugin")
    parser.add_argument("--no-plugin", action="store_true")
    parser.add_argument("--no-lsp", action="store_true", help="skip the language server step")
    parser.add_argument("--no-crowded", action="store_true", help="skip the crowded spec's step (check, watch, lsp)")
    parser.add_argument("--swiftui-copies", type=int, default=swiftui_bench.COPIES, help="copies of the SwiftUI fixture")
    parser.add_argument("--swiftui-runs", type=int, default=swiftui_bench.RUNS, help="runs each of the SwiftUI floor and check")
    parser.add_argument("--no-swiftui", action="store_true", help="skip the SwiftUI step (check and watch)")
    parser.add_argument("--output", default=os.path.join(HERE, "results.json"))
    arguments = parser.parse_args()
    higlint = os.path.abspath(arguments.higlint)
    sizes = [int(size) for size in arguments.sizes.split(",") if size]
    heavy_sizes = [] if arguments.no_heavy else [int(size) for size in arguments.heavy_sizes.split(",") if size]
    heavy_watch_sizes = [] if arguments.no_heavy else [
        int(size) for size in arguments.heavy_watch_sizes.split(",") if size]
    big = None if arguments.no_big or arguments.big_size in sizes else arguments.big_size

    results = {"machine": machine(), "higlint": higlint, "seed": SEED}
    floor, floor_build = build_floor()
    results["floor_build"] = " ".join(floor_build).replace(REPO + "/", "")
    results["check"] = []
    for count in sizes:
        runs = arguments.runs or (15 if count <= 100 else 9 if count <= 1000 else 7)
        print(f"check: N={count}, {runs} runs each of the floor and check...", file=sys.stderr, flush=True)
        results["check"].append(measure_check(higlint, floor, count, runs))
    for count in heavy_sizes:
        runs = arguments.runs or (9 if count <= 1000 else 7)
        print(f"check: finding-heavy N={count}, {runs} runs each of the floor and check...", file=sys.stderr, flush=True)
        results["check"].append(measure_check(higlint, floor, count, runs, heavy=True))
    apps = None if arguments.no_apps else arguments.apps_size
    if apps:
        print(f"check: apps N={apps}, {arguments.apps_runs} runs each of the floor and check...", file=sys.stderr, flush=True)
        results["check"].append(measure_check(higlint, floor, apps, arguments.apps_runs, apps=True))
    if big:
        print(f"check: N={big}, {arguments.big_runs} runs each of the floor and check...", file=sys.stderr, flush=True)
        results["check"].append(measure_check(higlint, floor, big, arguments.big_runs))
    if arguments.no_ib:
        results["ib_skipped"] = "--no-ib"
    else:
        ib_floor, ib_floor_build = build_ib_floor()
        results["ib_floor_build"] = " ".join(ib_floor_build).replace(REPO + "/", "")
        print(f"IB: {arguments.ib_copies} copies of the fixtures, {arguments.ib_runs} runs each of the floor and check...",
              file=sys.stderr, flush=True)
        results["ib"] = measure_ib(higlint, ib_floor, arguments.ib_copies, arguments.ib_runs)
    if arguments.no_figma:
        results["figma_skipped"] = "--no-figma"
    else:
        figma_floor, figma_floor_build = build_figma_floor()
        results["figma_floor_build"] = " ".join(figma_floor_build).replace(REPO + "/", "")
        print(f"Figma: {arguments.figma_copies} copies of the fixtures, {arguments.figma_runs} runs each of the floor and check...",
              file=sys.stderr, flush=True)
        results["figma"] = measure_figma(higlint, figma_floor, arguments.figma_copies, arguments.figma_runs)
    if arguments.no_watch:
        results["watch_skipped"] = "--no-watch"
    elif not watch_available(higlint):
        results["watch_skipped"] = "this higlint has no working `watch --help`"
    else:
        results["watch"] = []
        for count in [int(size) for size in arguments.watch_sizes.split(",") if size]:
            print(f"watch: N={count}, {SAVES} saves...", file=sys.stderr, flush=True)
            results["watch"].append(measure_watch(higlint, floor, count))
        for count in heavy_watch_sizes:
            print(f"watch: finding-heavy N={count}, {SAVES} saves...", file=sys.stderr, flush=True)
            results["watch"].append(measure_watch(higlint, floor, count, heavy=True))
        if apps:
            print(f"watch: apps N={apps}, {SAVES} saves that change project findings...", file=sys.stderr, flush=True)
            results["watch"].append(measure_watch(higlint, floor, apps, apps=True))
        if big:
            print(f"watch: N={big}, {SAVES} saves...", file=sys.stderr, flush=True)
            results["watch"].append(measure_watch(higlint, floor, big))
    if arguments.no_plugin:
        results["plugin_skipped"] = "--no-plugin"
    else:
        print(f"plugin: N={arguments.plugin_size}, {arguments.plugin_runs} runs each with and without the example plugin...",
              file=sys.stderr, flush=True)
        results["plugin"] = measure_plugin(higlint, arguments.plugin_size, arguments.plugin_runs)
    if arguments.no_lsp:
        results["lsp_skipped"] = "--no-lsp"
    else:
        print(f"lsp: a {lsp_bench.SPEC_LINES}-line spec in the N={lsp_bench.SIZE} workspace, {lsp_bench.EDITS} edits...",
              file=sys.stderr, flush=True)
        root = prepare_corpus(lsp_bench.SIZE)
        results["lsp"] = lsp_bench.measure(higlint, root, dirty_marker(root))
    if arguments.no_crowded:
        results["crowded_skipped"] = "--no-crowded"
    else:
        print(f"crowded: {crowded_bench.BUTTONS} piled-up buttons through check, watch and lsp...", file=sys.stderr, flush=True)
        results["crowded"] = crowded_bench.measure(higlint)
    if arguments.no_swiftui:
        results["swiftui_skipped"] = "--no-swiftui"
    else:
        print(f"SwiftUI: {arguments.swiftui_copies} copies of the Food Truck fixture, {arguments.swiftui_runs} runs each of the "
              f"floor and check, then watch...", file=sys.stderr, flush=True)
        results["swiftui"] = swiftui_bench.measure(higlint, arguments.swiftui_copies, arguments.swiftui_runs)
    results["machine"]["load_average_at_end"] = list(os.getloadavg())
    results["targets"] = verdicts(results)
    with open(arguments.output, "w") as handle:
        json.dump(results, handle, indent=2)
        handle.write("\n")
    print_table(results)
    print(f"\nwrote {os.path.relpath(arguments.output, os.getcwd())}")


if __name__ == "__main__":
    main()
