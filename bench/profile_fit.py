#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""profile_fit.py - a cost profile (src/profile.h's format) from the output
of `simdsum --benchmark` (the table format), for the built-in profiles of
src/profile_builtin.c.

    python3 bench/profile_fit.py NAME 'VENDOR FAMILY MODELS' < benchmark.txt

Each single-stream column's rows with one update per operation (block ==
update, from 64 bytes; for crc32c from 16) are fitted to CALL_NS + BYTE_NS x length by least
squares on the relative error (the same fit as simdsum --tune's single
line; one line only: the tcrypt table has too few lengths under 1 KiB
for --tune's second segment, src/tune.h); each
multi-buffer column (its name ends in x<lanes> after shani or a digit) gives its aggregate at the
largest block measured. SHA-224 and SHA-384 run on SHA-256's and SHA-512's
transforms, so only sha1, sha256, sha512 and crc32c are read.
"""
import re
import sys

FAMILIES = ("sha1", "sha256", "sha512", "crc32c")
NS_PER_MIB_S = 1e9 / 1048576  # ns per byte at 1 MiB/s


def parse(lines):
    """{family: {column: [(length, MiB/s)]}}"""
    out, family, cols = {}, None, None
    for line in lines:
        m = re.match(r"^(\w+): MiB/s and cycles per byte", line)
        if m:
            family = m.group(1) if m.group(1) in FAMILIES else None
            cols = None
            continue
        if family is None:
            continue
        f = line.split()
        if f[:3] == ["block", "update", "upd"]:
            cols = f[3:]
            out[family] = {c: [] for c in cols}
            continue
        if cols and len(f) == 3 + 2 * len(cols) and f[0].isdigit():
            block, update = int(f[0]), int(f[1])
            # A SHA message shorter than a block is all padding.
            if block != update or block < (16 if family == "crc32c" else 64):
                continue
            for i, c in enumerate(cols):
                out[family][c].append((block, float(f[3 + 2 * i])))
    return out


def fit(points):
    """(call_ns, byte_ns) minimising the relative error."""
    s = [[0.0, 0.0], [0.0, 0.0]]
    r = [0.0, 0.0]
    for length, mibs in points:
        t = length * NS_PER_MIB_S / mibs
        w = 1.0 / t
        s[0][0] += w * w
        s[0][1] += length * w * w
        s[1][1] += length * length * w * w
        r[0] += w
        r[1] += length * w
    det = s[0][0] * s[1][1] - s[0][1] * s[0][1]
    a = (r[0] * s[1][1] - r[1] * s[0][1]) / det
    b = (s[0][0] * r[1] - s[0][1] * r[0]) / det
    if a < 0:
        # A curve no line with a positive intercept fits well: the line
        # through the shortest and the longest call instead.
        (l0, m0), (l1, m1) = min(points), max(points)
        t0, t1 = l0 * NS_PER_MIB_S / m0, l1 * NS_PER_MIB_S / m1
        b = (t1 - t0) / (l1 - l0)
        a = max(0.0, t0 - b * l0)
    return a, b


def row_cost(col, points):
    """(call_ns, byte_ns) of one column."""
    if re.search(r"(shani|\d)x\d+$", col):
        length, mibs = max(points)
        return 0.0, NS_PER_MIB_S / mibs
    return fit(points)


def main():
    name, cpu = sys.argv[1], sys.argv[2]
    data = parse(sys.stdin)
    print("simdsum-profile 1")
    print("name", name)
    print("cpu", cpu)
    print("io measure")
    for family in FAMILIES:
        for col, points in data.get(family, {}).items():
            if col == "auto" or not points:
                continue
            print("row %s %s %.2f %.5f" % ((family, col) + row_cost(col, points)))


if __name__ == "__main__":
    main()
