#!/bin/sh
# Builds the Debian package from a built binary: `make deb` runs it.
#   packaging/build-deb.sh BINARY OUTPUT_DIRECTORY
# The files are those of `make install-service` with PREFIX=/usr; the config is a
# conffile (an edited one survives upgrades and removal, until purge); Depends
# lists the packages that own the shared libraries the binary loads, but for the
# toolchain's, which it ships (below).
set -eu
binary=$1
out=$2
here=$(cd "$(dirname "$0")/.." && pwd)
# The program `higlint figma pull` runs, built beside the binary (Makefile, `build`).
pull="$(dirname "$binary")/higlint-figma-pull"
[ -x "$pull" ] || { echo "build-deb: no $pull beside $binary; make build builds both" >&2; exit 1; }

version=$("$binary" --version | sed -n 's/^higlint //p')
[ -n "$version" ] || { echo "build-deb: $binary --version names no version" >&2; exit 1; }
arch=$(dpkg --print-architecture)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

make -s -C "$here" -o build -o deps install-service DESTDIR="$stage" PREFIX=/usr SYSCONFDIR=/etc \
	ZSHCOMPDIR=/usr/share/zsh/vendor-completions BIN="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")" \
	PULL_BIN="$(cd "$(dirname "$pull")" && pwd)/$(basename "$pull")" >/dev/null
gzip -9n "$stage/usr/share/man/man1/higlint.1"
# The documents messages and `higlint help` point at, under the names they use
# (docs/plugins.md, schema/screen-spec.schema.json), and the copyright file.
doc="$stage/usr/share/doc/higlint"
install -d "$doc/docs" "$doc/schema"
install -m 644 "$here/packaging/copyright" "$here/README.md" "$doc/"
install -m 644 "$here"/docs/*.md "$here/docs/github-problem-matcher.json" "$here/docs/report-screenshot.png" "$doc/docs/"
install -m 644 "$here/schema/screen-spec.schema.json" "$doc/schema/"
# As Debian ships binaries; and mktemp's 700 is not what / should become.
strip --strip-unneeded "$stage/usr/bin/higlint" "$stage/usr/lib/higlint/higlint-figma-pull"
chmod 755 "$stage"

# A binary built with the SwiftUI importer loads the toolchain's swift-syntax libraries and
# the shared Swift runtime they need (Makefile, `build`), and then the pull program loads the
# toolchain's Foundation (and through it Debian's libcurl). No Debian package ships the
# toolchain's libraries, so the package does, in /usr/lib/higlint, and the two programs look
# there and nowhere else.
private=/usr/lib/higlint
toolchain=""
if swiftc=$(command -v swiftc); then toolchain=$(cd "$(dirname "$(readlink -f "$swiftc")")/../lib/swift" && pwd); fi
shipped=""
for library in $(ldd "$binary" "$pull" | awk '$3 ~ /^\// { print $3 }' | sort -u); do
	case "$(readlink -f "$library")" in
	"$toolchain"/*)
		install -m 644 "$(readlink -f "$library")" "$stage$private/$(basename "$library")"
		strip --strip-unneeded "$stage$private/$(basename "$library")"
		shipped=yes
		;;
	esac
done
if [ -n "$shipped" ]; then
	python3 "$here/packaging/set-runpath.py" "$stage/usr/bin/higlint" '$ORIGIN/../lib/higlint'
	python3 "$here/packaging/set-runpath.py" "$stage$private/higlint-figma-pull" '$ORIGIN'
fi

# Each library the binary and the libraries it ships name (NEEDED), where the loader finds
# it, to the Debian package that ships it. dpkg knows a file by the path its package
# installs, before or after /usr.
packages=""
for object in "$binary" "$pull" "$stage$private"/*.so*; do
	[ -e "$object" ] || continue
	for name in $(readelf -d "$object" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p'); do
		[ ! -e "$stage$private/$name" ] || continue
		# `name => path`, or the dynamic loader, which ldd lists by its path alone.
		library=$(ldd "$object" | awk -v name="$name" '
			$1 == name && $3 ~ /^\// { print $3 }
			$1 ~ /^\// && substr($1, length($1) - length(name)) == "/" name { print $1 }')
		owner=""
		for path in "$library" "$(readlink -f "$library")"; do
			[ -n "$owner" ] || owner=$(dpkg -S "$path" 2>/dev/null | head -n1 | cut -d: -f1) || true
		done
		if [ -z "$owner" ]; then
			echo "build-deb: no Debian package ships $name ($library); the package would not run elsewhere" >&2
			exit 1
		fi
		packages="$packages $owner"
	done
done
depends=$(printf '%s\n' $packages | sort -u | paste -sd, - | sed 's/,/, /g')
[ -n "$depends" ] || { echo "build-deb: found no libraries in $binary" >&2; exit 1; }

mkdir -p "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: higlint
Version: $version
Architecture: $arch
Maintainer: higlint developers <higlint@localhost>
Depends: $depends
Section: devel
Priority: optional
Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | cut -f1)
Description: design review of iOS screen specs against Apple's HIG
 higlint reads YAML screen specs, Interface Builder files and SwiftUI source,
 and reports what breaks Apple's Human Interface Guidelines, with file, line
 and column: check for CI and hooks,
 watch for a live report, and a hardened systemd service (not enabled on
 install: point /etc/higlint/config.yaml at the spec tree first).
CONTROL
echo /etc/higlint/config.yaml > "$stage/DEBIAN/conffiles"

# Without debhelper: tell a running systemd about the unit, and stop the service on removal.
cat > "$stage/DEBIAN/postinst" <<'SCRIPT'
#!/bin/sh
set -e
if [ -d /run/systemd/system ]; then systemctl daemon-reload || true; fi
SCRIPT
cat > "$stage/DEBIAN/prerm" <<'SCRIPT'
#!/bin/sh
set -e
if [ -d /run/systemd/system ] && [ "$1" = remove ]; then systemctl stop higlint.service || true; fi
SCRIPT
cat > "$stage/DEBIAN/postrm" <<'SCRIPT'
#!/bin/sh
set -e
if [ -d /run/systemd/system ]; then systemctl daemon-reload || true; fi
SCRIPT
chmod 755 "$stage/DEBIAN/postinst" "$stage/DEBIAN/prerm" "$stage/DEBIAN/postrm"

mkdir -p "$out"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$out/higlint_${version}_${arch}.deb" >/dev/null
echo "$out/higlint_${version}_${arch}.deb"
