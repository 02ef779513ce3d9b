#!/bin/sh
# Prints the directory of the toolchain's swift-syntax host libraries that Package.swift
# builds the SwiftUI importer with (beside the swiftc on PATH), or nothing when they are
# not there or HIGLINT_SWIFTUI=off: the Makefile links the Swift runtime to match.
[ "${HIGLINT_SWIFTUI:-}" = off ] && exit 0
swiftc=$(command -v swiftc) || exit 0
host=$(dirname "$(readlink -f "$swiftc")")/../lib/swift/host
for file in libSwiftParser.so libSwiftSyntax.so libSwiftIfConfig.so SwiftParser.swiftmodule; do
	[ -e "$host/$file" ] || exit 0
done
(cd "$host" && pwd)
