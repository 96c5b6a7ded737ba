#!/usr/bin/env python3
"""Makes a release binary the same bytes for the same commit (used by release.sh).

swiftc writes `.swift_modhash`, a hash of each module's LLVM IR that only its own incremental
builds and debuggers read, and it differs between two clean builds of one commit (the driver's
temporary paths reach it). The section is zeroed, and the GNU build ID, which the linker worked
out over those bytes, is set to the SHA-1 of the settled file, so it still names these bytes.

    settle-elf.py BINARY
"""
import hashlib
import struct
import sys


def sections(data):
    """(name, offset, size) of every section of a little-endian ELF64 file."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        sys.exit("settle-elf: not a little-endian ELF64 file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    names_offset = headers[shstrndx][4]
    for name, _type, _flags, _addr, offset, size, *_ in headers:
        end = data.index(b"\0", names_offset + name)
        yield data[names_offset + name:end].decode(), offset, size


def main():
    path = sys.argv[1]
    data = bytearray(open(path, "rb").read())
    found = {name: (offset, size) for name, offset, size in sections(data)}
    if ".swift_modhash" in found:
        offset, size = found[".swift_modhash"]
        data[offset:offset + size] = bytes(size)
    if ".note.gnu.build-id" in found:
        offset, size = found[".note.gnu.build-id"]
        namesz, descsz, _ = struct.unpack_from("<III", data, offset)
        desc = offset + 12 + ((namesz + 3) & ~3)
        data[desc:desc + descsz] = bytes(descsz)
        data[desc:desc + descsz] = hashlib.sha1(data).digest()[:descsz].ljust(descsz, b"\0")
    open(path, "wb").write(data)


if __name__ == "__main__":
    main()
