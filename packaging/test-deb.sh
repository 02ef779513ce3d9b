#!/bin/sh
# Installs the Debian package, runs it, verifies its unit, then removes and purges
# it, checking what each step leaves: `make deb-test`, which CI runs. As root.
#   packaging/test-deb.sh PACKAGE.deb
set -eu
deb=$1
here=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "deb-test: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run as root: it installs the package"
! dpkg -s higlint >/dev/null 2>&1 || fail "a higlint package is installed already; remove it first"
work=$(mktemp -d)
trap 'dpkg -P higlint >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

dpkg-deb --field "$deb" Depends | grep -q 'libyaml-0-2' || fail "Depends does not name libyaml-0-2: $(dpkg-deb --field "$deb" Depends)"
dpkg -i "$deb" >/dev/null || fail "dpkg -i failed"

# It runs, from PATH, with no library from the Swift toolchain's directories.
[ "$(command -v higlint)" = /usr/bin/higlint ] || fail "higlint is not /usr/bin/higlint on PATH"
! ldd /usr/bin/higlint | grep -q /opt/ || fail "the binary loads libraries from outside Debian: $(ldd /usr/bin/higlint | grep /opt/)"
env -i /usr/bin/higlint --version | grep -q '^higlint ' || fail "higlint --version"
# Its allocator is mimalloc (Package.swift), from a package Depends names: with
# MIMALLOC_VERBOSE set, mimalloc lists its options as it starts.
dpkg-deb --field "$deb" Depends | grep -q 'libmimalloc2.0' || fail "Depends does not name libmimalloc2.0: $(dpkg-deb --field "$deb" Depends)"
ldd /usr/bin/higlint | grep -q 'libmimalloc' || fail "the binary does not load mimalloc"
env -i MIMALLOC_VERBOSE=1 /usr/bin/higlint --version 2>&1 >/dev/null | grep -q "^mimalloc: " \
	|| fail "mimalloc is not the allocator the binary runs with"
status=0
(cd "$here" && /usr/bin/higlint check --config config.yaml --format json --quiet examples) > "$work/report.json" || status=$?
[ "$status" = 1 ] || fail "check of the examples exited $status, not 1 (findings)"
grep -q '"rule": "buttons.hit-target"' "$work/report.json" || fail "check found no hit-target finding in the examples"

# Built with the SwiftUI importer, the package ships the toolchain's libraries it loads, and
# the binary finds them there, in a process without the toolchain's directories.
if ls /usr/lib/higlint/*.so >/dev/null 2>&1; then
	[ -e /usr/lib/higlint/libSwiftParser.so ] || fail "/usr/lib/higlint holds no libSwiftParser.so"
	mkdir "$work/swiftui"
	printf 'import SwiftUI\n\nstruct Home: View {\n    var body: some View {\n        Text("Terms").font(.system(size: 9))\n    }\n}\n' \
		> "$work/swiftui/Home.swift"
	status=0
	(cd "$work/swiftui" && env -i /usr/bin/higlint check .) > "$work/swiftui.txt" 2>&1 || status=$?
	[ "$status" = 1 ] || fail "check of a SwiftUI file exited $status, not 1 (findings): $(cat "$work/swiftui.txt")"
	grep -q '^Home.swift:5:.*\[text.min-size\]' "$work/swiftui.txt" || fail "no text.min-size finding on Home.swift:5: $(cat "$work/swiftui.txt")"
fi

# `figma pull` runs /usr/lib/higlint/higlint-figma-pull, which loads Foundation's networking and
# Debian's libcurl (Depends names it): with nothing listening, each of its three tries is a
# refused connection, said in a line, and the run fails.
pull=/usr/lib/higlint/higlint-figma-pull
[ -x "$pull" ] || fail "no $pull"
! ldd "$pull" | grep -q -e /opt/ -e 'not found' || fail "$pull loads libraries from outside the package and Debian: $(ldd "$pull" | grep -e /opt/ -e 'not found')"
dpkg-deb --field "$deb" Depends | grep -q 'libcurl4' || fail "Depends does not name libcurl4: $(dpkg-deb --field "$deb" Depends)"
mkdir "$work/figma"
printf 'figma:\n  files:\n    - {key: Kq3ZPwLrB7mVxTn2aYdE9s, path: app.figma.json}\n' > "$work/figma/.higlint.yaml"
status=0
(cd "$work/figma" && env -i FIGMA_TOKEN=figd_deb_test HIGLINT_FIGMA_API=http://127.0.0.1:9 /usr/bin/higlint figma pull --timeout 5s) \
	> "$work/pull.txt" 2>&1 || status=$?
[ "$status" = 1 ] || fail "figma pull with nothing listening exited $status, not 1: $(cat "$work/pull.txt")"
grep -q '^higlint: error: figma pull: app.figma.json (Kq3ZPwLrB7mVxTn2aYdE9s): could not connect to the API (connection refused)$' "$work/pull.txt" \
	|| fail "figma pull did not say the connection was refused: $(cat "$work/pull.txt")"

# The unit, the man page, the completions and the conffile.
unit=/usr/lib/systemd/system/higlint.service
grep -q '^ExecStart=/usr/bin/higlint watch --config /etc/higlint/config.yaml ' "$unit" || fail "ExecStart in $unit"
systemd-analyze verify "$unit" > "$work/verify.log" 2>&1 || fail "systemd-analyze verify: $(cat "$work/verify.log")"
! grep -q higlint "$work/verify.log" || fail "systemd-analyze verify warns: $(cat "$work/verify.log")"
[ "$(man -w higlint)" = /usr/share/man/man1/higlint.1.gz ] || fail "man -w higlint: $(man -w higlint 2>&1)"
for file in /usr/share/bash-completion/completions/higlint /usr/share/zsh/vendor-completions/_higlint \
	/usr/share/fish/vendor_completions.d/higlint.fish; do
	[ -f "$file" ] || fail "no $file"
done
# The documents messages name, under the names they use.
for file in copyright README.md docs/plugins.md docs/interface-builder.md docs/spec-format.md docs/rules.md \
	schema/screen-spec.schema.json; do
	[ -f "/usr/share/doc/higlint/$file" ] || fail "no /usr/share/doc/higlint/$file"
done
python3 -c 'import json, sys; json.load(open(sys.argv[1]))' /usr/share/doc/higlint/schema/screen-spec.schema.json \
	|| fail "the installed JSON Schema does not parse"
dpkg-query -W -f='${Conffiles}\n' higlint | grep -q '^ /etc/higlint/config.yaml ' || fail "/etc/higlint/config.yaml is not a conffile"

# Removing takes every file but the edited conffile; purging takes that too.
dpkg -L higlint > "$work/files"
echo "# edited here" >> /etc/higlint/config.yaml
dpkg -r higlint >/dev/null || fail "dpkg -r failed"
while read -r path; do
	[ "$path" = /etc/higlint/config.yaml ] && continue
	if [ -f "$path" ] || [ -L "$path" ]; then fail "$path is left after dpkg -r"; fi
done < "$work/files"
grep -q '# edited here' /etc/higlint/config.yaml || fail "dpkg -r did not keep the edited conffile"
dpkg -P higlint >/dev/null || fail "dpkg -P failed"
[ ! -e /etc/higlint/config.yaml ] || fail "/etc/higlint/config.yaml is left after dpkg -P"
echo "deb-test: $(basename "$deb") installed, ran, its unit verified, removed and purged cleanly"
