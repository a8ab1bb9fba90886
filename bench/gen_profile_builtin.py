#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""gen_profile_builtin.py - writes src/profile_builtin.c, the built-in cost
profiles, from the `simdsum --benchmark` tables in bench/RESULTS.md:

    python3 bench/gen_profile_builtin.py > src/profile_builtin.c

A CPU section's profile is its `simdsum --tune` output where the section
has one (a fenced block after a "### simdsum --tune" heading: the kernels
timed alone), else its --benchmark table fitted by profile_fit.py (through
the driver, so the per-call costs include init and final). Zen 4's is
derived from Zen 5's and the Zen 4 figures of issue 15 (see DERIVED_ZEN4)
until a Zen 4 machine measures it. The default, for CPUs without a
profile, is the typical CPU of those measured (see consensus).

A row is (family, name, call_ns, byte_ns, segment): segment None, or
(from_len, call_ns, byte_ns) of the cost from from_len bytes on, as --tune
fits a kernel that changes code path with the length (src/profile.h). A
row derived from another CPU's keeps that row's segment, with the knee
where it was (it is where the kernel's code changes path, the same bytes
on any CPU) and both segments scaled alike (see rescaled).
"""
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import profile_fit  # noqa: E402

RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "RESULTS.md")
NS = profile_fit.NS_PER_MIB_S

# (C name, profile name, cpu line, RESULTS.md key, comment)
MEASURED = [
    ("zen5", "AMD Zen 5", "AuthenticAMD 0x1a 0x00-0xff", "AuthenticAMD-1a-02",
     "AMD Zen 5 (family 0x1A): the Turin VM (model 0x02)."),
    ("zen3", "AMD Zen 3", "AuthenticAMD 0x19 0x00-0x0f,0x20-0x5f", "AuthenticAMD-19-01",
     "AMD Zen 3 (family 0x19, models 0x00-0x0f Milan, 0x20-0x5f Vermeer,\n"
     " * Cezanne...): the Milan VM. No AVX-512."),
    ("zen1", "AMD Zen 1", "AuthenticAMD 0x17 0x00-0x2f", "AuthenticAMD-17-01",
     "AMD Zen and Zen+ (family 0x17, models 0x00-0x2f: Naples, Summit and\n"
     " * Pinnacle Ridge, Raven Ridge, Picasso): the Naples VM. No AVX-512 and\n"
     " * no VPCLMULQDQ; 256-bit operations run in two 128-bit halves, so the\n"
     " * eight AVX2 lanes of SHA-256 lose to SHA-NI even on one file.\n"
     " * Zen 2 (models 0x30-0xff) runs AVX2 at full width: the default."),
    ("intel_spr", "Intel Sapphire/Emerald Rapids", "GenuineIntel 0x6 0x8f-0x8f,0xcf-0xcf",
     "GenuineIntel-06-cf",
     "Intel Xeon Scalable 4th and 5th generation (family 6, model 0x8F\n"
     " * Sapphire Rapids, 0xCF Emerald Rapids: the same Golden Cove/Raptor Cove\n"
     " * core): the Emerald Rapids device machine of 2026-12-04. 512-bit\n"
     " * operations at full width; one crc32 a cycle, so folding alone beats\n"
     " * any blend."),
]


def section(key):
    text = open(RESULTS).read()
    m = re.search(r"<!-- cpu: %s -->(.*?)### simdsum against" % re.escape(key), text, re.S)
    return m.group(1).splitlines()


def block_rows(key, heading):
    """The profile rows (`row ...` lines, one or two segments) of the
    fenced block after heading in the section, or None without heading."""
    lines = section(key)
    if heading not in lines:
        return None
    rows = []
    for line in lines[lines.index(heading):]:
        f = line.split()
        if f[:1] == ["row"] and len(f) == 5:
            rows.append((f[1], f[2], float(f[3]), float(f[4]), None))
        elif f[:1] == ["row"] and len(f) == 9 and f[5] == "from":
            rows.append((f[1], f[2], float(f[3]), float(f[4]),
                         (int(f[6]), float(f[7]), float(f[8]))))
        if rows and line.startswith("```"):
            break
    return rows


def tuned(key):
    """The rows of the section's --tune output, or None."""
    return block_rows(key, "### simdsum --tune")


def supplement(key):
    """The rows of the section's "### Rows measured since the table" block
    (kernels new since its --benchmark table, timed by --tune), or []."""
    return block_rows(key, "### Rows measured since the table") or []


def with_supplement(rows, extra):
    """rows with extra's rows added, replacing a row of the same name."""
    names = {(r[0], r[1]) for r in extra}
    return [r for r in rows if (r[0], r[1]) not in names] + extra


def fitted(key):
    rows = []
    for family, cols in profile_fit.parse(section(key)).items():
        for col, points in cols.items():
            if col == "auto" or not points:
                continue
            rows.append((family, col) + profile_fit.row_cost(col, points) + (None,))
    return rows


def line(row):
    """(call_ns, byte_ns) of a row for ratios between CPUs: what short calls
    cost to start (its first segment) and long ones per byte (its last)."""
    _, _, call, byte, seg = row
    return call, seg[2] if seg else byte


def rate(row, length):
    """MiB/s of a row on calls of length bytes (multi-buffer rows: all
    lanes together)."""
    _, _, call, byte, seg = row
    if seg and length >= seg[0]:
        call, byte = seg[1], seg[2]
    return length * NS / (call + byte * length)


def rescaled(row, call, byte):
    """row with call and byte as its first segment's costs, and its second
    segment, if any, scaled by the same factors (the call cost's factor 1
    when the first segment's call cost was 0), at the same knee."""
    family, name, call0, byte0, seg = row
    if seg:
        knee, call2, byte2 = seg
        seg = (knee, call2 * (call / call0 if call0 else 1), byte2 * byte / byte0)
    return (family, name, call, byte, seg)


# The 512-bit folding rows of CRC-32 and CRC-64/NVME run the same folds as
# CRC-32C's (one template, asm/crc_fold.h; on the Zen 5 VM within 1% of it
# at 16 KiB and 1 MiB): a profile without one gets its per-byte cost from
# its own crc32c vpclmul row and its call cost from the family's pclmul row
# (the same short-length path: no crc32 instruction for these CRCs).
SAME_FOLDS = ("crc32", "crc64nvme")


def derived_same_folds(rows):
    have = {(r[0], r[1]): r for r in rows}
    fold = have.get(("crc32c", "vpclmul"))
    out = list(rows)
    for family in SAME_FOLDS:
        short = have.get((family, "pclmul"))
        if not fold or not short or (family, "vpclmul") in have:
            continue
        out.append((family, "vpclmul", short[2], line(fold)[1], None))
    return out


def derived_zen4(zen5, zen3):
    """Zen 5's rows scaled to the Zen 4 figures of issue 15, the two
    ratios taken from Zen 5's own rows; avx2blend (for CPUs without
    AVX-512) at Zen 3's ratio to its sse42 row, its first segment only
    (see below), whether or not Zen 5 measured it."""
    zen5_rate = {(r[0], r[1]): rate(r, 16384) for r in zen5}
    clock = zen5_rate[("sha256", "shani")] / 1730.0       # SHA-NI sha256 at 16 KiB
    half512 = zen5_rate[("sha256", "avx512x16")] / 3620.0  # its x16 lanes, aggregate
    out = []
    for measured in zen5:
        family, row, call, byte, _ = measured
        if (family, row) == ("sha256", "shanix2"):
            call, byte = 0.0, NS / 3440
        elif (family, row) == ("sha256", "avx512x16"):
            call, byte = 0.0, NS / 3620
        elif row in ("avx512x16", "avx512x8"):
            byte *= half512
        elif (family, row) == ("crc32c", "vpclmul"):
            call, byte = call * clock, NS / 55000
        elif (family, row) == ("crc32c", "hybrid"):
            call, byte = call * clock, NS / 50000
        elif family in SAME_FOLDS and row == "vpclmul":
            continue  # from Zen 4's crc32c vpclmul row, by derived_same_folds
        elif (family, row) == ("crc32c", "avx2blend"):
            continue  # from Zen 3's, below: Zen 5's blend is not Zen 4's
        elif (family, row) == ("crc32c", "sse42"):
            call, byte = call * clock, byte * 2 * clock
        else:
            call, byte = call * clock, byte * clock
        out.append(rescaled(measured, call, byte))
    have = {(r[0], r[1]) for r in out}
    sse42 = {r[1]: line(r) for r in zen3 if r[0] == "crc32c"}.get("sse42")
    zen4_sse42 = [line(r) for r in out if (r[0], r[1]) == ("crc32c", "sse42")]
    for measured in zen3:
        family, row, call, byte, _ = measured
        if (family, row) != ("crc32c", "avx2blend") or (family, row) in have or not sse42 \
                or not zen4_sse42:
            continue
        c4, b4 = zen4_sse42[0]
        # avx2blend's first segment is its crc32 chains and short folds,
        # which sse42's ratio can stand for; its second is the blend of
        # chains and 256-bit folding, which no Zen 4 or Zen 5 figure
        # measures. Scaled by sse42's ratio it would beat vpclmul256 here
        # by a few percent, and with it the default profile's choice for
        # CPUs without AVX-512 (Intel's issue one crc32 a cycle: folding
        # alone is the careful choice there), so the derived row is the
        # first segment's line alone.
        out.append(rescaled((family, row, call, byte, None), call / sse42[0] * c4,
                            byte / sse42[1] * b4))
    return out


# CRC rows measured on fewer CPUs than the rest (CRC-32, CRC-64/NVME and
# the ymm folding rows, all from the folding template): a profile without
# one gets it at the measured profile's ratio to its own CRC-32C row of the
# same kind (generic to generic, folding to pclmul: the same instructions).
FOLD_DERIVED_FAMILIES = ("crc32c", "crc32", "crc64nvme")


def derived_crcs(rows, measured):
    have = {(r[0], r[1]) for r in rows}
    base = {r[1]: line(r) for r in rows if r[0] == "crc32c"}
    mbase = {r[1]: line(r) for r in measured if r[0] == "crc32c"}
    out = list(rows)
    for m in measured:
        family, row, call, byte, _ = m
        ref = "generic" if row == "generic" else "pclmul"
        new_family = family != "crc32c"
        if (family not in FOLD_DERIVED_FAMILIES or (family, row) in have or
                not (new_family or row == "vpclmul256") or ref not in base or ref not in mbase):
            continue
        (c0, b0), (c1, b1) = mbase[ref], base[ref]
        out.append(rescaled(m, call / c0 * c1 if c0 else c1, byte / b0 * b1))
    return out


# Rows of a family measured on fewer CPUs than its reference (MD5 and the
# xxHash family, new in a Zen 3 session): a profile without one gets it at the measured
# profile's ratio to the reference row, a kernel of the same kind (scalar
# code to SHA-1's generic, eight AVX2 lanes to SHA-1's eight AVX2 lanes).
NEW_ROW_REFERENCE = {
    ("md5", "generic"): ("sha1", "generic"),
    ("md5", "x86_64"): ("sha1", "generic"),
    ("md5", "avx2x8"): ("sha1", "avx2x8"),
    # the xxHash family's one row each (a library's): no choice depends on
    # its cost, which only --list-impls and --check-auto's tables show
    ("xxh64", "libxxhash"): ("crc32c", "generic"),
    ("xxh3", "libxxhash"): ("crc32c", "generic"),
}


def derived_new_rows(rows, measured):
    have = {(r[0], r[1]): line(r) for r in rows}
    mhave = {(r[0], r[1]): r for r in measured}
    mline = {k: line(r) for k, r in mhave.items()}
    out = list(rows)
    for (family, row), ref in NEW_ROW_REFERENCE.items():
        if (family, row) in have or (family, row) not in mhave or ref not in have or ref not in mhave:
            continue
        m = mhave[(family, row)]
        (c0, b0), (c1, b1) = mline[ref], have[ref]
        out.append(rescaled(m, m[2] / c0 * c1 if c0 else c1, m[3] / b0 * b1))
    return out


MULTI_BUFFER = ("avx512x16", "avx512x8", "avx2x8", "avx2x4", "shanix2", "shanix3")


def consensus(base, cpus):
    """The default's rows: each of base's rows (Zen 4's, for their segments
    and knees) with its call and byte costs scaled by the geometric mean,
    over the CPUs in cpus that have the row, of that CPU's cost over
    base's, each CPU's costs first divided by its clock (its SHA-256
    generic row at 1 MiB over base's: scalar code that runs alike on
    all); a single-stream row only from the CPUs where it is a choice
    (see relevant). So the default's choices are those of a typical CPU measured,
    and none is far from the best on any of them (bench/profile_regret)."""
    def clock(rows):
        return next(rate(r, 1 << 20) for r in rows if (r[0], r[1]) == ("sha256", "generic"))
    def relevant(rows, row):
        """Whether a CPU's row can matter to its choices: a multi-buffer
        row always; a single-stream one if within 2x of the CPU's best
        in its family at 1 MiB (sse42 against pclmul is a choice only
        where both are near the best: on Zen 5 both lose to the blend)."""
        if row[1] in MULTI_BUFFER:
            return True
        best = max(rate(r, 1 << 20) for r in rows if r[0] == row[0] and r[1] not in MULTI_BUFFER)
        return rate(row, 1 << 20) * 2 >= best
    base_clock = clock(base)
    by_name = [{(r[0], r[1]): r for r in rows} for rows in cpus]
    out = []
    for row in base:
        call0, byte0 = line(row)
        calls, bytes_ = [], []
        having = [(rows, named[row[:2]]) for rows, named in zip(cpus, by_name) if row[:2] in named]
        chosen = [h for h in having if relevant(*h)] or having
        for rows, other in chosen:
            k = clock(rows) / base_clock  # above 1: a faster CPU, costs shrink
            call, byte = line(other)
            if call0 > 0 and call > 0:
                calls.append(call * k / call0)
            bytes_.append(byte * k / byte0)
        gm = lambda xs: math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else 1.0
        out.append(rescaled(row, row[2] * gm(calls), row[3] * gm(bytes_)))
    return out


def c_number(v):
    """A figure as a C literal: the same %.6g the profile files carry."""
    return "%.6g" % v


# struct builtin_row's impl[] (src/profile.h), with its terminating NUL.
ROW_NAME_SIZE = 16


def c_row(row):
    family, name, call, byte, seg = row
    if len(name) >= ROW_NAME_SIZE:
        sys.exit("gen_profile_builtin.py: row name %r longer than builtin_row holds" % name)
    fields = ["FAMILY_" + family.upper(), '"%s"' % name, c_number(call), c_number(byte)]
    fields += ["%d" % seg[0], c_number(seg[1]), c_number(seg[2])] if seg else ["0", "0", "0"]
    return "\t{ %s }," % ", ".join(fields)


def c_rows(cname, rows):
    return ("static const struct builtin_row %s[] = {\n" % cname +
            "\n".join(c_row(r) for r in rows) + "\n};\n")


def c_profile(cname, name, cpu):
    """The table entry of a profile; cpu "VENDOR 0xFAMILY LO-HI,LO-HI" or
    None for the default."""
    fields = ['.name = "%s"' % name]
    if cpu:
        vendor, family, models = cpu.split()
        ranges = [m.split("-") for m in models.split(",")]
        fields += ['.vendor = "%s"' % vendor, ".family = %s" % family,
                   ".nranges = %d" % len(ranges),
                   ".model = { %s }" % ", ".join("{ %s, %s }" % (lo, hi) for lo, hi in ranges)]
    fields += [".io = IO_PREF_MEASURE", ".rows = %s" % cname,
               ".nrows = sizeof %s / sizeof %s[0]" % (cname, cname)]
    return "\t{ " + ",\n\t  ".join(fields) + " },\n"


HEAD = """/* python3 bench/gen_profile_builtin.py > src/profile_builtin.c */
/* SPDX-License-Identifier: MIT */
/* profile_builtin.c - the built-in cost profiles, most specific first; the
 * last is the default for CPUs without one. Generated from the `simdsum
 * --benchmark` tables of bench/RESULTS.md by bench/gen_profile_builtin.py
 * (fitted by bench/profile_fit.py, the fit --tune uses): edit those, not
 * this. C data rather than profile text (src/profile.h) so that a run
 * does not parse them (about 30 us each on the Zen 1 VM); src/profile_table.c
 * resolves their rows' names.
 *
 * The I/O choice is "measure" in all of them: whether mmap beats read() on
 * a cached file depended on the hypervisor as much as on the CPU (1.5-2.6x
 * faster on the Zen 4 VM, 5x slower on the Zen 5 one), so the run decides
 * unless a profile saved by --tune on this machine says. */
#include "profile.h"

"""

ZEN4_COMMENT = """/* AMD Zen 4 (family 0x19, models 0x10-0x1f Genoa, 0x60-0x7f Raphael and
 * Phoenix, 0xa0-0xaf Bergamo): DERIVED, not measured in full. Measured on
 * the Genoa VM (issue 15): sha256 shani 1730 MiB/s, shanix2 3440 and
 * avx512x16 3620 aggregate, crc32c vpclmul 55000 and hybrid about 50000
 * at 1 MiB. The other rows are Zen 5's scaled by the SHA-NI ratio (Zen
 * 5's shani at 16 KiB over 1730), the other 512-bit multi-buffer rows by
 * the x16 ratio (Zen 5's sha256 avx512x16 aggregate over 3620: Zen 4
 * runs 512-bit operations in two halves), sse42 at half
 * Zen 5's rate (one crc32 a cycle, against two), avx2blend (a blend
 * whose speed follows the crc32 rate, like Zen 3's) at Zen 3's ratio to
 * sse42, one line from its first
 * segment (the blend it switches to on longer calls is not carried). */
"""

DEFAULT_COMMENT = """\t/* CPUs without a profile: the typical rows above. */
"""

DEFAULT_ROWS_COMMENT = """/* The default, for CPUs without a profile: every CPU above, typical.
 * Zen 4's rows scaled row by row by the geometric mean of the measured
 * CPUs' costs over Zen 4's, clock for clock (see consensus() in
 * bench/gen_profile_builtin.py), so that no choice is far from the best
 * on any of them: `make profile-regret` prints how far. */
"""

TABLE_HEAD = """
/* Read by profile_table.c; the default last. */
const struct builtin_profile profile_builtins[] = {
"""

TABLE_TAIL = """};
const unsigned profile_builtins_count = sizeof profile_builtins / sizeof profile_builtins[0];
"""


def main():
    out = [HEAD]
    rows = {}
    for cname, name, cpu, key, comment in MEASURED:
        rows[cname] = with_supplement(tuned(key) or fitted(key), supplement(key))
    zen4 = derived_new_rows(derived_crcs(derived_zen4(rows["zen5"], rows["zen3"]), rows["zen3"]),
                            rows["zen3"])
    zen4 = derived_same_folds(zen4)
    rows["zen5"] = derived_same_folds(
        derived_new_rows(derived_crcs(rows["zen5"], rows["zen3"]), rows["zen3"]))
    table = []
    for cname, name, cpu, key, comment in MEASURED:
        if cname == "zen3":
            out.append(ZEN4_COMMENT)
            out.append(c_rows("zen4", zen4) + "\n")
            table.append(c_profile("zen4", "AMD Zen 4 (derived)",
                                   "AuthenticAMD 0x19 0x10-0x1f,0x60-0x7f,0xa0-0xaf"))
        out.append("/* %s Key %s in bench/RESULTS.md. */\n" % (comment, key))
        out.append(c_rows(cname, rows[cname]) + "\n")
        table.append(c_profile(cname, name, cpu))
    out.append(DEFAULT_ROWS_COMMENT)
    out.append(c_rows("typical", consensus(zen4, [rows[c] for c in rows] + [zen4])) + "\n")
    table.append(DEFAULT_COMMENT + c_profile("typical", "default", None))
    out.append(TABLE_HEAD + "".join(table) + TABLE_TAIL)
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
