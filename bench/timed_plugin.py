#!/usr/bin/env python3
"""Runs a plugin command as its child, passing stdin, stdout and stderr through, and
writes the child's CPU time (user + system, from wait4) as JSON to OUTPUT when it ends.

usage: timed_plugin.py OUTPUT COMMAND...

bench/run.py puts this in front of the example plugin, so the benchmark can tell
the plugin's own CPU time from higlint's.
"""
import json
import os
import subprocess
import sys


def main():
    output, command = sys.argv[1], sys.argv[2:]
    child = subprocess.Popen(command)
    _, status, usage = os.wait4(child.pid, 0)
    with open(output, "w") as handle:
        json.dump({"cpu_s": usage.ru_utime + usage.ru_stime}, handle)
    sys.exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    main()
