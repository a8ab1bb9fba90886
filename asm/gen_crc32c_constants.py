#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""gen_crc32c_constants.py - the CRC-32C folding constants of the 256- and 512-bit kernels.

Prints asm/crc32c_fold256.h, the constants crc32c_avx2blend.S (and any
other proportion of the same source) needs:

    python3 asm/gen_crc32c_constants.py --blend 4,2,2,32 --lanes 32 \
        > asm/crc32c_fold256.h

or, with --zmm, asm/crc32c_zmm_consts.h, those of the zmm kernels
(crc32c_avx512.h's end and crc32c_hybrid.S; crc32c_vpclmul.S takes its
constants from asm/gen_crc_fold_constants.py):

    python3 asm/gen_crc32c_constants.py --zmm > asm/crc32c_zmm_consts.h

or, with --sse42, asm/crc32c_sse42_consts.h, crc32c_sse42.S's chunk shifts:

    python3 asm/gen_crc32c_constants.py --sse42 > asm/crc32c_sse42_consts.h

--blend S,Q,V,RMAX (repeatable) names one proportion of the blend kernel:
S crc32q chains taking Q qwords each per round beside V ymm accumulators
folding 32*V bytes per round, blocks of at most RMAX rounds.  --lanes N
sizes the table that folds whole 16-byte lanes to the end of the data
(distances 0..N lanes).  The first line of the output is the command.

Arithmetic (the same as the comments of crc32c_sse42.S and
crc32c_avx512.h state): P = x^32 + 0x1EDC6F41.  x^e mod P is computed in
the normal bit order (bit i = x^i) and printed reflected (x^0 in bit 31),
the order of the CRC register and of the data in a qword.  Exponents may
be negative: x has an order dividing 2^31 - 1 modulo P (checked below),
so e is taken modulo that order.
"""

import argparse
import sys

POLY = 0x1EDC6F41          # P without its x^32 term, normal bit order
ORDER = (1 << 31) - 1      # x^ORDER = 1 mod P (asserted in self_check)


def mulmod(a, b):
    """a * b mod P, both in normal bit order, degree < 32."""
    r = 0
    for i in range(31, -1, -1):
        r <<= 1
        if r >> 32:
            r ^= (1 << 32) | POLY
        if (b >> i) & 1:
            r ^= a
    return r


def xpow(e):
    """x^e mod P in normal bit order; e may be negative."""
    e %= ORDER
    result, base = 1, 2
    while e:
        if e & 1:
            result = mulmod(result, base)
        base = mulmod(base, base)
        e >>= 1
    return result


def reflect32(v):
    return int(format(v, "032b")[::-1], 2)


def k(e):
    """x^e mod P in register (reflected) order."""
    return reflect32(xpow(e))


def fold_pair(nbytes):
    """The pair that folds a 128-bit lane nbytes forward:
    { x^(D+31) mod P, x^(D-33) mod P }, D = 8 * nbytes (bits)."""
    d = 8 * nbytes
    return k(d + 31), k(d - 33)


def merge_k(nbytes):
    """The factor that moves a chain register (worth Q * x^32 for its
    chunk Q) into a 128-bit lane whose end lies nbytes after the chunk's
    end: x^(8 * nbytes - 97) mod P (vpclmulqdq of two low dwords gives
    c * K * x^65 in the lane)."""
    return k(8 * nbytes - 97)


def self_check():
    # x^ORDER = 1, and the values the hand-written kernels quote.
    assert xpow(ORDER) == 1, "x^(2^31-1) != 1 mod P"
    assert k(31) == 0x00000001 and k(32) == 0x82F63B78
    assert fold_pair(16) == (0xF20C0DFE, 0x493C7D27)       # crc32c_fold_consts.h
    assert fold_pair(64) == (0x740EEF02, 0x9E4ADDF8)
    assert fold_pair(0) == (0x00000001, 0xA9CDDA0D)        # crc32c_avx512.h
    assert k(128 * 2 - 33) == 0xBA4FC28E                  # crc32c_sse42.S, n = 2
    # A direct bitwise CRC of a short message against the folding identity:
    # for a message M of 16 bytes, crc32q(crc32q(0, lo), hi) = M * x^32 mod P.
    msg = bytes(range(1, 17))
    assert crc_bitwise(0, msg) == lane_mod(msg), "lane reduction identity"


def crc_bitwise(reg, data):
    """The un-inverted reflected CRC-32C register after data (no ~0)."""
    for byte in data:
        reg ^= byte
        for _ in range(8):
            reg = (reg >> 1) ^ (0x82F63B78 if reg & 1 else 0)
    return reg


def lane_mod(msg):
    """M * x^32 mod P for a message M, in register order (for the check)."""
    v = 0
    for byte in msg:
        for bit in range(8):                       # LSB first: reflected data
            v = mulmod(v, 2) ^ ((byte >> bit) & 1)
    return reflect32(mulmod(v, xpow(32)))


def quad_pair(pair, comment):
    return "\t.quad 0x%08x, 0x%08x\t/* %s */" % (pair[0], pair[1], comment)


def emit_blend(out, s, q, v, rmax):
    cb, vb = 8 * q, 32 * v             # bytes per round: each chain, the vector side
    nz = (s + 3) // 4                   # ymm registers of chain registers
    stride = 32 * (2 * nz + 2)
    tag = "S%d_Q%d_V%d_R%d" % (s, q, v, rmax)
    out.append("")
    out.append("/* BLEND_CONSTS_%s: S = %d chains of %d qwords beside V = %d ymm"
               % (tag, s, q, v))
    out.append(" * accumulators (%d + %d bytes a round), blocks of R = 1..%d rounds"
               % (s * cb, vb, rmax))
    out.append(" * (chunks of C = %d R bytes, then %d R vector bytes)." % (cb, vb))
    out.append(" *   .Lblend_round: the pair that folds the accumulators %d bytes on." % vb)
    out.append(" *   .Lblend_tab, row R - 1 (%d bytes):" % stride)
    out.append(" *     %d ymm: merge factors x^(8d - 97) that move chain j (qword j)" % nz)
    out.append(" *       into lane j / 2 of the last accumulator at the block's end;")
    out.append(" *     %d ymm: the same onto the block's end in both lanes (the last" % nz)
    out.append(" *       block: straight to the end of the data); 0 where no chain;")
    out.append(" *     the pairs for B - 16 and B bytes (B = %d R, the block): a ymm" % (s * cb + vb))
    out.append(" *       whose lanes both end where the block starts, moved onto")
    out.append(" *       the last accumulator at its end (the head);")
    out.append(" *     the pair for S C + 32 V bytes (padded to 32 bytes): the")
    out.append(" *       accumulators' skip from one block onto the next block's")
    out.append(" *       vector region. */")
    out.append("#define BLEND_TAB_STRIDE_%s %d" % (tag, stride))
    out.append(".macro BLEND_CONSTS_%s" % tag)
    out.append("\t.p2align 5")
    out.append(".Lblend_round:")
    out.append(quad_pair(fold_pair(vb), "%d bytes" % vb))
    out.append("\t.p2align 5")
    out.append(".Lblend_tab:")
    for r in range(1, rmax + 1):
        c, w = cb * r, vb * r
        blk = s * c + w
        for final in (0, 1):
            facs = []
            for slot in range(4 * nz):
                if slot >= s:
                    facs.append(0)
                    continue
                lane = (slot % 4) // 2
                end = blk if final else blk - 16 * (1 - lane)
                facs.append(merge_k(end - (slot + 1) * c))
            for m in range(nz):
                f = facs[4 * m:4 * m + 4]
                out.append("\t.quad 0x%08x, 0x%08x, 0x%08x, 0x%08x\t/* R = %d: %s%s */"
                           % (f[0], f[1], f[2], f[3], r,
                              "to the end" if final else "to the last accumulator",
                              ", chains %d.." % (4 * m) if nz > 1 else ""))
        out.append(quad_pair(fold_pair(blk - 16), "R = %d: %d bytes" % (r, blk - 16)))
        out.append(quad_pair(fold_pair(blk), "R = %d: %d bytes" % (r, blk)))
        skip = s * c + vb
        out.append(quad_pair(fold_pair(skip), "R = %d: skip %d bytes" % (r, skip)))
        out.append("\t.quad 0, 0")
    out.append(".endm")

# The hybrid kernel's superblocks: name, superblock bytes S, chunk bytes C.
HYBRID_SIZES = (("big", 4096, 256), ("mid", 2048, 128), ("small", 1024, 64),
                ("tiny", 512, 32))
HYBRID_MERGES = (("big", "big"), ("big", "mid"), ("big", "small"), ("mid", "small"))


def hybrid_merge_rows(s, c, s_next):
    """Chain i (0..7) of a superblock of S bytes in chunks of C, moved to
    the end of lane i // 2 of the accumulator at the end of the next
    superblock's vector region (S' bytes; 0: of its own)."""
    return [merge_k(s + s_next - 16 * (3 - i // 2) - c * (i + 1)) for i in range(8)]


def quad_rows(out, vals):
    for i in range(0, len(vals), 2):
        out.append("\t.quad 0x%08x, 0x%08x" % (vals[i], vals[i + 1]))


def emit_zmm_fold(out):
    out.append("")
    out.append("/* CRC32C_ZMM_FOLD_TABLES: what FOLD512_FINISH reads (crc32c_avx512.h). */")
    out.append(".macro CRC32C_ZMM_FOLD_TABLES")
    out.append(".Lfold_lanes:")
    out.append("/* Lane k of a zmm that ends 64e bytes before the end moves 64e + 48 - 16k")
    out.append(" * bytes, onto the last lane: rows e = 0..3 (FOLD512_FINISH uses e = 0;")
    out.append(" * 0 bytes is { x^31, x^-33 }, congruent to the identity). */")
    for e in range(4):
        for k_ in range(4):
            n = 64 * e + 48 - 16 * k_
            out.append(quad_pair(fold_pair(n), "%3d bytes" % n))
    out.append(".Lfold_64:")
    quad_rows(out, fold_pair(64))
    out.append("/* .Lfold_by_r[r]: the pair for D = 8r bits, r = 0..63 (0 is not used). */")
    out.append(".Lfold_by_r:")
    for r in range(64):
        out.append(quad_pair(fold_pair(r), "r = %2d" % r))
    out.append(".endm")


def emit_zmm_hybrid(out):
    size = {name: (s, c) for name, s, c in HYBRID_SIZES}
    out.append("")
    out.append("/* CRC32C_HYBRID_TABLES: crc32c_hybrid.S's chain merges (lane l, qwords")
    out.append(" * for chains 2l and 2l+1: x^(8d - 97) mod P, d the distance in bytes from")
    out.append(" * the end of the chain's chunk to the end of lane l of A1 at the end of")
    out.append(" * the next superblock's vector region (_big_big, _big_mid, ...) or of its")
    out.append(" * own (_last): d = S + S' - 16 * (3 - l) - C * (i + 1)); the same for a")
    out.append(" * superblock that ends the data, each chain straight to that end")
    out.append(" * (d = S - C * (i + 1)); fold pairs { x^(D+31), x^(D-33) } mod P,")
    out.append(" * D = 8 * bytes. */")
    out.append(".macro CRC32C_HYBRID_TABLES")
    out.append("\t.p2align 6")
    for a, b in HYBRID_MERGES:
        (s, c), s_next = size[a], size[b][0]
        out.append(".Lmerge_%s_%s:\t\t/* S = %d, C = %d, S' = %d */" % (a, b, s, c, s_next))
        quad_rows(out, hybrid_merge_rows(s, c, s_next))
    for name, s, c in HYBRID_SIZES:
        out.append(".Lmerge_%s_last:\t\t/* S = %d, C = %d */" % (name, s, c))
        quad_rows(out, hybrid_merge_rows(s, c, 0))
    for name, s, c in HYBRID_SIZES:
        out.append(".Lend_%s:\t\t/* S = %d, C = %d */" % (name, s, c))
        quad_rows(out, [merge_k(s - c * (i + 1)) for i in range(8)])
    out.append(".Lfold_128:")
    quad_rows(out, fold_pair(128))
    for name, _, c in HYBRID_SIZES[:3]:
        out.append(".Lskip_%s:\t\t\t/* over 8 chunks of %d bytes, plus 128 */" % (name, c))
        quad_rows(out, fold_pair(8 * c + 128))
    out.append(".endm")


def emit_zmm():
    out = ["/* Generated by: python3 asm/gen_crc32c_constants.py --zmm > asm/crc32c_zmm_consts.h */",
           "/* SPDX-License-Identifier: MIT */",
           "/* crc32c_zmm_consts.h - CRC-32C constants of the zmm kernels, as GNU as",
           " * macros that emit their labelled tables where the kernels put them.",
           " * Do not edit: rerun the command above (asm/gen_crc32c_constants.py says",
           " * how each value is computed).  Register (reflected) order, x^0 in bit 31.",
           " */",
           "#ifndef SIMDSUM_CRC32C_ZMM_CONSTS_H",
           "#define SIMDSUM_CRC32C_ZMM_CONSTS_H"]
    emit_zmm_fold(out)
    emit_zmm_hybrid(out)
    out.append("")
    out.append("#endif /* SIMDSUM_CRC32C_ZMM_CONSTS_H */")
    print("\n".join(out))


def shift_pair(n):
    """What moves a chunk register of crc32c_sse42.S (chunks of n qwords)
    on by one and by two chunks: x^(64n - 33), x^(128n - 33) mod P."""
    return k(64 * n - 33), k(128 * n - 33)


def emit_sse42():
    print("\n".join([
        "/* Generated by: python3 asm/gen_crc32c_constants.py --sse42 > asm/crc32c_sse42_consts.h */",
        "/* SPDX-License-Identifier: MIT */",
        "/* crc32c_sse42_consts.h - crc32c_sse42.S's chunk shifts, as a GNU as macro.",
        " * Do not edit: rerun the command above.  Register (reflected) order. */",
        "#ifndef SIMDSUM_CRC32C_SSE42_CONSTS_H",
        "#define SIMDSUM_CRC32C_SSE42_CONSTS_H",
        "",
        "/* CRC32C_SHIFT_BY_CHUNK_TABLE: .Lshift_by_chunk[n - 1] =",
        " * { x^(64n - 33) mod P, x^(128n - 33) mod P }, n = 1..128. */",
        ".macro CRC32C_SHIFT_BY_CHUNK_TABLE",
        ".Lshift_by_chunk:"] +
        ["\t.long 0x%08x, 0x%08x, 0x%08x, 0x%08x\t/* n = %d, %d */"
         % (shift_pair(n) + shift_pair(n + 1) + (n, n + 1)) for n in range(1, 129, 2)] +
        [".endm", "", "#endif /* SIMDSUM_CRC32C_SSE42_CONSTS_H */"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--blend", action="append", default=[], metavar="S,Q,V,RMAX")
    ap.add_argument("--lanes", type=int, default=32, metavar="N")
    ap.add_argument("--zmm", action="store_true", help="print asm/crc32c_zmm_consts.h")
    ap.add_argument("--sse42", action="store_true", help="print asm/crc32c_sse42_consts.h")
    args = ap.parse_args()
    self_check()
    if args.zmm:
        emit_zmm()
        return
    if args.sse42:
        emit_sse42()
        return

    cmd = "python3 asm/gen_crc32c_constants.py" + "".join(
        " --blend " + b for b in args.blend) + " --lanes %d" % args.lanes
    out = ["/* Generated by: %s > asm/crc32c_fold256.h */" % cmd,
           "/* SPDX-License-Identifier: MIT */",
           "/* crc32c_fold256.h - CRC-32C fold and merge constants for the ymm kernels.",
           " * Do not edit: rerun the command above (asm/gen_crc32c_constants.py says",
           " * how each value is computed).  Register (reflected) order, x^0 in bit 31.",
           " */",
           "#ifndef SIMDSUM_CRC32C_FOLD256_H",
           "#define SIMDSUM_CRC32C_FOLD256_H",
           "",
           "/* FOLD256_LANES_CONSTS: .Lfold_lanes_desc, the fold pairs",
           " * { x^(D+31), x^(D-33) } mod P for D = 128 j bits (j lanes of 16 bytes),",
           " * j = FOLD256_LANES down to 0, so that the 32 bytes at the pair for j + 1",
           " * fold a ymm whose upper lane ends j lanes before the end. */",
           "#define FOLD256_LANES %d" % args.lanes,
           ".macro FOLD256_LANES_CONSTS",
           "\t.p2align 5",
           ".Lfold_lanes_desc:"]
    for j in range(args.lanes, -1, -1):
        out.append(quad_pair(fold_pair(16 * j), "j = %d" % j))
    out.append(".endm")
    for b in args.blend:
        s, q, v, rmax = (int(x) for x in b.split(","))
        if not (1 <= s <= 8 and q >= 1 and v >= 1 and rmax >= 1):
            sys.exit("gen_crc32c_constants.py: bad --blend %s" % b)
        emit_blend(out, s, q, v, rmax)
    out.append("")
    out.append("#endif /* SIMDSUM_CRC32C_FOLD256_H */")
    print("\n".join(out))


if __name__ == "__main__":
    main()
