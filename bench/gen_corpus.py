#!/usr/bin/env python3
"""Writes the benchmark's corpus: N realistic screen specs in nested folders.

Deterministic: the same N and seed give the same bytes, so runs on different
days and machines review the same tree. Every third spec carries violations;
the others are written to be clean. Parents point across folders, so the
project pass has real work to do.

With --heavy, every spec carries about twenty problems from some twenty
different rules (the finding-heavy corpus, what a tree of early drafts looks
like); the shape, folders and parents are the standard corpus's.

With --apps, the tree is 10 apps (app0 .. app9), each of flows of 100 screens
(appA/flowF/screenS.yaml), whose buttons and bar items use the standard actions with
icons that mostly agree and sometimes do not: the cross-screen rules
(`layout.inconsistent-icon` above all) find some two findings on every screen, what a
real app's drafts look like, and a save of one screen moves findings on others.

usage: gen_corpus.py N OUT_DIR [--seed S] [--heavy | --apps]
"""

import argparse
import os
import random
import shutil

AREAS = ["library", "store", "reader", "account", "social", "search", "settings", "onboarding"]
MODULES = ["home", "detail", "list", "editor", "picker", "history", "share", "help"]
WORDS = [
    "Shelf", "Chapter", "Author", "Series", "Highlight", "Note", "Review", "Order", "Gift", "Wishlist",
    "Friend", "Club", "Collection", "Download", "Sample", "Audio", "Reading", "Goal", "Streak", "Badge",
]
LABELS = [
    "Continue reading where you left off", "New releases from authors you follow",
    "Your highlights, grouped by book", "Recommended because you finished a series",
    "Books your reading club picked this month", "Free samples you downloaded",
]
ACTIONS = ["open-book", "open-author", "open-series", "follow", "download", "preview", "rate", "open-note"]
STANDARD = [("share", "share"), ("add", "add"), ("edit", "edit"), ("search", "search"), ("bookmarks", "bookmarks")]
STYLES = ["body", "callout", "subheadline", "headline", "title3", "footnote"]

# Each violation is a small edit of the clean spec's parts, so a violating spec
# has the same shape and size as a clean one.
VIOLATIONS = [
    "hit-target", "light-weight", "quit-label", "offscreen", "late-save", "nav-crowded",
    "gesture-meaning", "tab-action", "unknown-key", "min-size", "third-party-login", "breadcrumb",
]

PER_DIRECTORY = 40


def screen_name(index):
    return f"{WORDS[index % len(WORDS)]} {index:05d}"


def folder(index, count):
    """Nested folders: area/module[/part-K], about PER_DIRECTORY specs in each leaf."""
    leaf = index // PER_DIRECTORY
    area = AREAS[leaf % len(AREAS)]
    module = MODULES[(leaf // len(AREAS)) % len(MODULES)]
    part = leaf // (len(AREAS) * len(MODULES))
    parts = [area, module] + ([f"part-{part:02d}"] if count > len(AREAS) * len(MODULES) * PER_DIRECTORY else [])
    return os.path.join(*parts)


def parent_of(index, count, rng):
    """An earlier screen in another folder (the first screen has none)."""
    if index == 0:
        return None
    for _ in range(8):
        candidate = rng.randrange(0, index)
        if candidate // PER_DIRECTORY != index // PER_DIRECTORY or count <= PER_DIRECTORY:
            return candidate
    return index - 1


def element_lines(rng, index, bad):
    """The content area: a vertical stack on one left edge, with touch targets 8 pt or more apart."""
    lines = ["elements:"]
    y = 64
    primary_height = 180
    lines += [
        "  - id: hero",
        "    type: group",
        "    role: primary",
        f"    frame: [16, {y}, 343, {primary_height}]",
        "    children:",
        "      - id: hero-title",
        "        type: text",
        f"        label: {rng.choice(LABELS)}",
        f"        font: {{ style: {rng.choice(STYLES)} }}",
        f"        frame: [16, {y + 8}, 343, 44]",
        "      - id: hero-image",
        "        type: image",
        f"        frame: [16, {y + 60}, 343, 112]",
    ]
    y += primary_height + 12
    for row in range(4):
        action = ACTIONS[(index + row) % len(ACTIONS)]
        width = 343
        x = 16
        height = 44
        weight = "regular"
        label = f"{rng.choice(WORDS)} {rng.randrange(100)}"
        if bad == "hit-target" and row == 1:
            width, height = 30, 30
        if bad == "offscreen" and row == 2:
            width = 380
        if bad == "quit-label" and row == 3:
            label = "Quit"
        if bad == "light-weight" and row == 0:
            weight = "light"
        size_line = "size: 9, " if bad == "min-size" and row == 0 else ""
        lines += [
            f"  - id: row-{row}",
            "    type: button",
            f"    label: {label}",
            f"    action: {action}-{row}",
            f"    font: {{ {size_line}style: body, weight: {weight} }}",
            f"    frame: [{x}, {y}, {width}, {height}]",
        ]
        y += 56
    lines += [
        "  - id: footer",
        "    type: text" if bad != "unknown-key" else "    tpye: text",
        f"    label: {rng.choice(LABELS)}",
        "    font: { style: footnote }",
        f"    frame: [16, {y}, 343, 40]",
    ]
    return lines


def spec(index, count, rng):
    bad = VIOLATIONS[(index // 3) % len(VIOLATIONS)] if index % 3 == 0 else None
    name = screen_name(index)
    parent = parent_of(index, count, rng)
    lines = [
        f"# {name}: generated by bench/gen_corpus.py for the benchmark.",
        f"# Area {folder(index, count)}; {'with a deliberate problem (' + bad + ')' if bad else 'clean'}.",
        f"screen: {name}",
    ]
    if parent is not None:
        lines.append(f"parent: {screen_name(parent)}")
    lines += ["device: iphone", "orientations: [portrait]", "status_bar: { style: default }"]
    items_count = 3 if bad == "nav-crowded" else 1
    symbol, action = STANDARD[index % len(STANDARD)]
    lines += ["navigation_bar:", f"  title: {name}", "  color: paper", "  translucent: false"]
    if parent is not None:
        style = "breadcrumb" if bad == "breadcrumb" else "standard"
        lines.append(f"  back: {{ title: {screen_name(parent)}, style: {style} }}")
    lines.append("  items:")
    for item in range(items_count):
        x = 319 - item * 52
        lines.append(
            f"    - {{ id: nav-{item}, type: button, action: {action}, icon: system:{symbol}, frame: [{x}, 20, 44, 44] }}")
    lines += ["tab_bar:", "  tabs:"]
    for tab in range(4):
        tab_action = ", action: open-tab" if bad == "tab-action" and tab == 2 else ""
        lines.append(f"    - {{ title: {WORDS[(index + tab) % len(WORDS)]}, icon: system:tab.{tab}{tab_action} }}")
    if bad == "third-party-login":
        lines += ["login:", "  required: on-action", "  explanation: Sign in to sync your shelves.",
                  "  methods: [wechat, facebook]"]
    elif index % 5 == 1:
        lines += ["login:", "  required: on-action",
                  "  explanation: Sign in to keep your highlights and notes on every device.",
                  "  methods: [apple, email]"]
    save = "on-exit" if bad == "late-save" else "on-change"
    lines.append(f"data: {{ save: {save} }}")
    gesture = "delete-all" if bad == "gesture-meaning" else "zoom"
    lines += ["gestures:", f"  - {{ type: pinch, action: {gesture} }}", "  - { type: swipe, direction: right, action: back }"]
    lines += element_lines(rng, index, bad)
    lines += ["layouts:", "  compact-regular: { presentation: list }"]
    lines += ["review:", "  reason: generated corpus"]
    return "\n".join(lines) + "\n"


# The finding-heavy corpus: each spec has every one of these problems but a few
# left out in turn (HEAVY_SKIPPED of them, chosen by the seeded generator), so
# specs differ in their counts and every rule fires on most specs.
HEAVY_PROBLEMS = [
    "light-weight", "min-size", "heavy-weight", "fixed-size", "headline-weight", "hit-target", "offscreen",
    "quit-label", "late-save", "nav-crowded", "breadcrumb", "back-custom", "fixed-height", "nav-title-size",
    "tab-action", "tab-badge", "gesture-meaning", "swipe-meaning", "third-party-login", "unknown-key",
    "custom-standard-icon", "missing-variant", "inconsistent-style",
]
HEAVY_SKIPPED = 3


def heavy_element_lines(rng, index, bad):
    """The standard content area with this spec's share of the heavy problems."""
    lines = ["elements:"]
    y = 64
    lines += [
        "  - id: hero",
        "    type: group",
        "    role: primary",
        f"    frame: [16, {y}, 343, 180]",
        "    children:",
        "      - id: hero-title",
        "        type: text",
        f"        label: {rng.choice(LABELS)}",
        f"        font: {{ style: {'headline' if 'headline-weight' in bad else rng.choice(STYLES)}, weight: regular }}",
        f"        frame: [16, {y + 8}, 343, 44]",
        "      - id: hero-image",
        "        type: image",
        f"        frame: [16, {y + 60}, 343, 112]",
    ]
    y += 192
    for row in range(4):
        action = ACTIONS[(index + row) % len(ACTIONS)]
        width, height = 343, 44
        weight = "regular"
        extra = ""
        label = f"{rng.choice(WORDS)} {rng.randrange(100)}"
        if "hit-target" in bad and row == 1:
            width, height = 30, 30
        if "offscreen" in bad and row == 2:
            width = 380
        if "quit-label" in bad and row == 3:
            label = "Quit"
        if "light-weight" in bad and row == 0:
            weight = "light"
        if "heavy-weight" in bad and row == 2:
            weight = "bold"
        if "fixed-size" in bad and row == 1:
            extra = ", dynamic: false"
        if "inconsistent-style" in bad and row == 3:
            action = ACTIONS[(index + 2) % len(ACTIONS)]
            extra += ", size: 20"
        size_line = "size: 9, " if "min-size" in bad and row == 0 else ""
        lines += [
            f"  - id: row-{row}",
            "    type: button",
            f"    label: {label}",
            f"    action: {action}-{row if action == ACTIONS[(index + row) % len(ACTIONS)] else 2}",
            f"    font: {{ {size_line}style: body, weight: {weight}{extra} }}",
            f"    frame: [16, {y}, {width}, {height}]",
        ]
        y += 56
    lines += [
        "  - id: footer",
        "    type: text",
        f"    {'lable' if 'unknown-key' in bad else 'label'}: {rng.choice(LABELS)}",
        "    font: { style: footnote }",
        f"    frame: [16, {y}, 343, 40]",
    ]
    return lines


def heavy_spec(index, count, rng):
    skipped = set(rng.sample(HEAVY_PROBLEMS, HEAVY_SKIPPED))
    bad = [problem for problem in HEAVY_PROBLEMS if problem not in skipped]
    name = screen_name(index)
    parent = parent_of(index, count, rng)
    lines = [
        f"# {name}: generated by bench/gen_corpus.py --heavy for the benchmark.",
        f"# Area {folder(index, count)}; {len(bad)} deliberate problems.",
        f"screen: {name}",
    ]
    if parent is not None:
        lines.append(f"parent: {screen_name(parent)}")
    orientations = "[portrait, landscape-left]" if "missing-variant" in bad else "[portrait]"
    lines += ["device: iphone", f"orientations: {orientations}", "status_bar: { style: default }"]
    symbol, action = STANDARD[index % len(STANDARD)]
    lines += ["navigation_bar:", f"  title: {name}", "  color: paper", "  translucent: false"]
    if "fixed-height" in bad:
        lines.append("  height: 50")
    if "nav-title-size" in bad:
        lines.append("  title_font: { size: 20 }")
    if parent is not None:
        style = "breadcrumb" if "breadcrumb" in bad else "standard"
        custom = ", custom: true" if "back-custom" in bad else ""
        lines.append(f"  back: {{ title: {screen_name(parent)}, style: {style}{custom} }}")
    lines.append("  items:")
    for item in range(3 if "nav-crowded" in bad else 1):
        icon = f"custom:{symbol}-glyph" if "custom-standard-icon" in bad and item == 0 else f"system:{symbol}"
        lines.append(
            f"    - {{ id: nav-{item}, type: button, action: {action}, icon: {icon}, frame: [{319 - item * 52}, 20, 44, 44] }}")
    lines += ["tab_bar:", "  tabs:"]
    for tab in range(4):
        tab_action = ", action: open-tab" if "tab-action" in bad and tab == 2 else ""
        badge = ", badge: 0" if "tab-badge" in bad and tab == 1 else ""
        lines.append(f"    - {{ title: {WORDS[(index + tab) % len(WORDS)]}, icon: system:tab.{tab}{tab_action}{badge} }}")
    if "third-party-login" in bad:
        lines += ["login:", "  required: on-action", "  explanation: Sign in to sync your shelves.",
                  "  methods: [wechat, facebook]"]
    lines.append(f"data: {{ save: {'on-exit' if 'late-save' in bad else 'on-change'} }}")
    pinch = "delete-all" if "gesture-meaning" in bad else "zoom"
    swipe = "archive" if "swipe-meaning" in bad else "back"
    lines += ["gestures:", f"  - {{ type: pinch, action: {pinch} }}",
              f"  - {{ type: swipe, direction: right, action: {swipe} }}"]
    lines += heavy_element_lines(rng, index, bad)
    lines += ["layouts:", "  compact-regular: { presentation: list }"]
    lines += ["review:", "  reason: generated corpus"]
    return "\n".join(lines) + "\n"


APPS = 10
FLOW_SIZE = 100
# Icons each standard action is drawn with: the first is the common one.
APP_ICONS = {
    "share": ["system:square.and.arrow.up", "system:arrowshape.turn.up.right", "custom:share"],
    "add": ["system:plus", "system:plus.circle", "custom:add"],
    "edit": ["system:pencil", "system:square.and.pencil"],
    "search": ["system:magnifyingglass", "custom:search"],
    "bookmarks": ["system:book", "system:bookmark"],
}


def app_path(index, count):
    """appA/flowF/screenS.yaml: screens in flows of FLOW_SIZE, flows spread over APPS apps."""
    per_app = max(1, -(-count // APPS))
    app, within = divmod(index, per_app)
    flow, screen = divmod(within, FLOW_SIZE)
    return os.path.join(f"app{app}", f"flow{flow}"), f"screen{screen}.yaml"


def app_screen_name(index, count):
    directory, name = app_path(index, count)
    return directory.replace(os.sep, " ") + " " + name[:-len(".yaml")]


def app_spec(index, count, rng):
    """One screen of an app: its flow's screens are a chain of parents, and its buttons use
    the standard actions, each with the common icon most of the time."""
    name = app_screen_name(index, count)
    directory, file_name = app_path(index, count)
    first_of_flow = file_name == "screen0.yaml"
    lines = [f"# {name}: generated by bench/gen_corpus.py --apps for the benchmark.", f"screen: {name}"]
    if not first_of_flow:
        lines.append(f"parent: {app_screen_name(index - 1, count)}")
    lines += ["device: iphone", "orientations: [portrait]", "status_bar: { style: default }"]
    actions = list(APP_ICONS)

    def icon(action, salt):
        icons = APP_ICONS[action]
        # About one element in five differs from its action's common icon.
        roll = rng.random()
        return icons[0] if roll < 0.8 else icons[1 + (salt % (len(icons) - 1))]

    nav_action = actions[index % len(actions)]
    lines += ["navigation_bar:", f"  title: {name}", "  color: paper", "  translucent: false"]
    if not first_of_flow:
        lines.append(f"  back: {{ title: {app_screen_name(index - 1, count)}, style: standard }}")
    lines.append("  items:")
    lines.append(f"    - {{ id: nav-0, type: button, action: {nav_action}, icon: {icon(nav_action, index)}, frame: [319, 20, 44, 44] }}")
    lines += ["tab_bar:", "  tabs:"]
    for tab in range(4):
        lines.append(f"    - {{ title: {WORDS[(index + tab) % len(WORDS)]}, icon: system:tab.{tab} }}")
    lines += ["elements:"]
    y = 100
    for row in range(8):
        action = actions[(index + row) % len(actions)]
        width, height = 343, 44
        weight = "regular"
        if row == 5 and index % 2 == 0:
            width, height = 40, 40
        if row == 6 and index % 3 == 0:
            weight = "light"
        size = "size: 10, " if row == 7 and index % 4 == 0 else ""
        lines += [
            f"  - id: row-{row}",
            "    type: button",
            f"    label: {WORDS[(index * 7 + row) % len(WORDS)]} {row}",
            f"    action: {action}",
            f"    icon: {icon(action, index + row)}",
            f"    font: {{ {size}style: body, weight: {weight} }}",
            f"    frame: [16, {y}, {width}, {height}]",
        ]
        y += 56
    return "\n".join(lines) + "\n"


def generate(count, out_dir, seed, heavy=False, apps=False):
    rng = random.Random(seed * 1_000_003 + count + (7_919 if heavy else 0) + (104_729 if apps else 0))
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    if apps:
        for index in range(count):
            directory, name = app_path(index, count)
            os.makedirs(os.path.join(out_dir, directory), exist_ok=True)
            with open(os.path.join(out_dir, directory, name), "w", encoding="utf-8") as handle:
                handle.write(app_spec(index, count, rng))
        return
    write = heavy_spec if heavy else spec
    for index in range(count):
        directory = os.path.join(out_dir, folder(index, count))
        os.makedirs(directory, exist_ok=True)
        path = os.path.join(directory, f"screen-{index:05d}.yaml")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(write(index, count, rng))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("count", type=int)
    parser.add_argument("out_dir")
    parser.add_argument("--seed", type=int, default=6)
    kind = parser.add_mutually_exclusive_group()
    kind.add_argument("--heavy", action="store_true", help="the finding-heavy corpus")
    kind.add_argument("--apps", action="store_true", help="ten apps whose screens share icons across the tree")
    arguments = parser.parse_args()
    generate(arguments.count, arguments.out_dir, arguments.seed, arguments.heavy, arguments.apps)


if __name__ == "__main__":
    main()
