#!/usr/bin/env python3
"""Rewrites an ELF file's RUNPATH in place: packaging/set-runpath.py FILE RUNPATH.

The new run path must be no longer than the old one; it is written over the old string in
the dynamic string table and padded with NULs, as chrpath does, so nothing else in the
file moves. The Debian package points its binary at /usr/lib/higlint this way, where it
ships the toolchain's libraries (build-deb.sh), without a tool Debian's base lacks.
"""
import struct
import sys

DT_NULL, DT_STRTAB, DT_RPATH, DT_RUNPATH = 0, 5, 15, 29
PT_LOAD, PT_DYNAMIC = 1, 2


def fail(message):
    sys.exit(f"set-runpath: {message}")


def main():
    if len(sys.argv) != 3:
        fail("usage: set-runpath.py FILE RUNPATH")
    path, wanted = sys.argv[1], sys.argv[2].encode()
    with open(path, "r+b") as file:
        data = bytearray(file.read())
        if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
            fail(f"{path} is not a little-endian 64-bit ELF file")
        phoff, = struct.unpack_from("<Q", data, 0x20)
        phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
        loads, dynamic = [], None
        for index in range(phnum):
            kind, _, offset, vaddr, _, filesz, _, _ = struct.unpack_from("<IIQQQQQQ", data, phoff + index * phentsize)
            if kind == PT_LOAD:
                loads.append((vaddr, offset, filesz))
            elif kind == PT_DYNAMIC:
                dynamic = (offset, filesz)
        if dynamic is None:
            fail(f"{path} has no dynamic section")
        entries = {}
        for position in range(dynamic[0], dynamic[0] + dynamic[1], 16):
            tag, value = struct.unpack_from("<qQ", data, position)
            if tag == DT_NULL:
                break
            entries.setdefault(tag, value)
        if DT_STRTAB not in entries or (DT_RUNPATH not in entries and DT_RPATH not in entries):
            fail(f"{path} has no run path to rewrite")
        address = entries[DT_STRTAB]
        table = next((address - vaddr + offset for vaddr, offset, size in loads if vaddr <= address < vaddr + size), None)
        if table is None:
            fail(f"{path}: its string table is in no loaded segment")
        start = table + entries.get(DT_RUNPATH, entries.get(DT_RPATH))
        end = data.index(b"\0", start)
        if len(wanted) > end - start:
            fail(f"{path}: the run path {wanted.decode()} is longer than the one there, {data[start:end].decode()}")
        data[start:end] = wanted + b"\0" * (end - start - len(wanted))
        file.seek(0)
        file.write(data)


main()
