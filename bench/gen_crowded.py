#!/usr/bin/env python3
"""Writes the crowded spec of issue #44: N buttons of 44x44 pt piled up within 8 by 49 pt,
so that every two of them are a `buttons.spacing` pair (N = 3,000: 4,498,500 pairs, a
167 KB file) and no other rule fires. Tests/TestSupport/CrowdedSpec.swift writes the same
text for the tests.

usage: gen_crowded.py [--buttons N] OUTPUT
"""

import argparse


def crowded(count):
    lines = ["screen: Crowded", "elements:"]
    for index in range(count):
        x = 16 + 4 * (index % 3)
        y = 100 + index % 50
        lines.append(f"  - {{id: b{index}, type: button, frame: [{x}, {y}, 44, 44]}}")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--buttons", type=int, default=3000)
    parser.add_argument("output")
    arguments = parser.parse_args()
    with open(arguments.output, "w", encoding="utf-8") as out:
        out.write(crowded(arguments.buttons))


if __name__ == "__main__":
    main()
