#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""gen_crc_fold_constants.py - the folding constants of asm/crc_fold.h.

Prints the constant header of one CRC for the shared folding template:

    python3 asm/gen_crc_fold_constants.py crc32c    > asm/crc32c_fold_consts.h
    python3 asm/gen_crc_fold_constants.py crc32     > asm/crc32_fold_consts.h
    python3 asm/gen_crc_fold_constants.py crc64nvme > asm/crc64nvme_fold_consts.h

The first line of the output is that command.  Standard library only.

The CRCs (reflected, the register un-inverted by the kernels):
    crc32c     CRC-32/ISCSI (Castagnoli), P = x^32 + 0x1EDC6F41
    crc32      CRC-32/ISO-HDLC (zlib), P = x^32 + 0x04C11DB7
    crc64nvme  CRC-64/NVME,             P = x^64 + 0xAD93D23594C93659

Arithmetic.  Both widths work modulo Q = P * x^(64 - w), of degree 64:
then X * x^64 mod Q = x^(64 - w) * (X * x^w mod P), which as a reflected
qword (bit j holds x^(63 - j)) is the w-bit register in its low w bits.
Polynomials are computed here in the normal bit order (bit i = x^i) and
printed reflected over 64 bits.  pclmulqdq of two reflected qwords a, b
is a * b * x in the 128-bit lane order (bit i = x^(127 - i)), so:

  fold pair for D bits (a 128-bit lane H*x^64 + G moved D bits on):
      { x^(D+63) mod Q  (for H, imm 0x00),  x^(D-1) mod Q  (for G, 0x11) }
  final: x^127 mod Q, which takes H * x^128 into 128 bits (the register
      T = X * x^64 with its high qword folded away);
  Barrett: mu = floor(x^127 / Q) (degree 63) and c = floor(Q / x)
      (degree 63), the pair { mu, c }; the constant term e = Q mod x
      (1 for CRC-64, 0 for CRC-32) is a #define: q = floor(T1 * mu /
      x^63) is floor(T / Q) exactly, and T mod Q = T0 + (q*c*x mod x^64)
      + e*q.

  zmm (<CRC>_FOLD_CONSTS_ZMM, the vw = 64 kernel only): fold pairs that
      move each lane of a block straight to T (or, for CRC-32C, whose
      kernel ends with the crc32 instruction, to the message itself mod
      P), the pairs of the remainders 1..63 and of the one-level
      combine, and the register's factor per length up to 256.

For CRC-32 every x^e mod Q (e >= 32) is x^32 * (x^(e-32) mod P): the
32-bit reflected value in the low dword, as in asm/crc32c_pclmul.S.
self_check() asserts that, the degrees, the Barrett identity on random
values, the check value of "123456789" by the fold arithmetic and the
zmm kernel's short path (16 to 256 bytes) on random messages.
"""

import random
import sys

CRCS = {
    # name: (w, P without its x^w term in normal order, check of "123456789",
    #        the output file, the macro prefix, whether the zmm kernel ends
    #        with the crc32 instruction)
    "crc32c": (32, 0x1EDC6F41, 0xE3069283, "crc32c_fold_consts.h", "CRC32C", True),
    "crc32": (32, 0x04C11DB7, 0xCBF43926, "crc32_fold_consts.h", "CRC32", False),
    "crc64nvme": (64, 0xAD93D23594C93659, 0xAE8B14860A799888,
                  "crc64nvme_fold_consts.h", "CRC64NVME", False),
}

# The fold distances emitted, in bytes: every power of two the template
# may use (a by-16 fold, the halving folds and the main-loop distance of
# up to 16 ymm accumulators).
FOLD_BYTES = [16 << i for i in range(10)]     # 16 .. 8192

# The zmm kernel (<CRC>_FOLD_CONSTS_ZMM): the four lanes of a zmm block
# e blocks before the end moved to the message * x^64 (lane i, ending
# 64e + 16 (3 - i) bytes before the end, by 64e + 16 (3 - i) + 8 bytes),
# rows e = 0..3; one fold pair per remainder r = 1..63 (a zmm moved r
# bytes on); x^(8n - 1) for n = 0..256, which moves the register of an
# n-byte message into the message * x^64.  A kernel that ends with the
# crc32 instruction (CRC-32C) wants the message itself instead, mod P
# (two crc32q of its 128 bits from a zero register give X * x^32 mod P):
# the lanes move 8 bytes less (lane 3 of row 0 by none: { x^63, x^-1 }
# mod P) and the register's factor is x^(8n - 65) mod P.
LANE_BYTES = [16 * (3 - i) + 8 for i in range(4)]     # 56, 40, 24, 8
BLOCK_ROWS = 4
REG_LENS = range(0, 257)
# and the distances of its one-level combine (acc_i onto the last of up
# to eight, by a multiple of 64 bytes) that FOLD_BYTES lacks.
ZMM_FOLD_BYTES = [b for b in range(64, 512, 64) if b not in FOLD_BYTES]   # 192, 320, 384, 448
REM_BYTES = range(1, 64)


def clmul(a, b):
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        b >>= 1
    return r


def pdivmod(a, b):
    """Polynomial division over GF(2), normal bit order."""
    q = 0
    db = b.bit_length() - 1
    while a.bit_length() - 1 >= db and a:
        s = a.bit_length() - 1 - db
        q |= 1 << s
        a ^= b << s
    return q, a


def xpow_mod(e, m):
    """x^e mod m, e >= 0, by square and multiply."""
    assert e >= 0
    result, base = 1, pdivmod(2, m)[1]
    while e:
        if e & 1:
            result = pdivmod(clmul(result, base), m)[1]
        base = pdivmod(clmul(base, base), m)[1]
        e >>= 1
    return result


def reflect(v, bits):
    return int(format(v, "0%db" % bits)[::-1], 2)


class Crc:
    def __init__(self, name):
        self.name = name
        self.w, low, self.check, self.out, self.prefix, self.hw = CRCS[name]
        self.P = (1 << self.w) | low
        self.Q = self.P << (64 - self.w)
        self.e = self.Q & 1

    def k(self, e):
        """x^e mod Q as a reflected qword (bit j = x^(63 - j))."""
        return reflect(xpow_mod(e, self.Q), 64)

    def fold_pair(self, nbytes):
        d = 8 * nbytes
        return self.k(d + 63), self.k(d - 1)

    def final(self):
        return self.k(127)

    def kp(self, e):
        """x^e mod P as a reflected qword, e >= -1 (P(0) = 1: x^-1 = P / x)."""
        v = (self.P >> 1) if e == -1 else xpow_mod(e, self.P)
        return reflect(v, 64)

    def zmm_lanes(self):
        """The 16 pairs of pfx_fold_lanes, row e = 0..3, lane i = 0..3."""
        rows = []
        for e in range(BLOCK_ROWS):
            for lb in LANE_BYTES:
                b = 64 * e + lb
                if self.hw:
                    d = 8 * (b - 8)
                    rows.append((b - 8, self.kp(d + 63), self.kp(d - 1)))
                else:
                    rows.append((b,) + self.fold_pair(b))
        return rows

    def zmm_reg(self, n):
        """The register's factor for an n-byte message (0 where unused)."""
        if self.hw:
            return self.kp(8 * n - 65) if 8 * n >= 65 else 0
        return self.k(8 * n - 1) if n else 0

    def barrett(self):
        mu = pdivmod(1 << 127, self.Q)[0]
        c = self.Q >> 1
        assert mu.bit_length() == 64 and c.bit_length() == 64   # degree 63
        return reflect(mu, 64), reflect(c, 64)

    def bitwise(self, reg, data):
        """The un-inverted reflected register after data (reference)."""
        rp = reflect(self.P & ((1 << self.w) - 1), self.w)
        for byte in data:
            reg ^= byte
            for _ in range(8):
                reg = (reg >> 1) ^ (rp if reg & 1 else 0)
        return reg


def self_check(crc):
    w = crc.w
    # CRC-32: x^e mod Q = x^32 * (x^(e-32) mod P), the value in the low dword.
    naive, e = 1, 0         # x^e mod Q by one shift-and-reduce step per e
    for target in (95, 127, 191, 255, 1023, 4159):
        while e < target:
            naive <<= 1
            if naive >> 64:
                naive ^= crc.Q
            e += 1
        k = crc.k(e)
        assert k == reflect(naive, 64)
        if w == 32:
            assert k >> 32 == 0
            assert k == reflect(xpow_mod(e - 32, crc.P), 32)
    # The zmm end's last lane moves by 8 bytes: { x^127 mod Q, x^63 },
    # phase 4's X * x^64 (x^63 reflected is 1).
    assert crc.fold_pair(LANE_BYTES[3]) == (crc.final(), 1)
    # The zmm kernel's short path on its own model: n bytes (the first
    # block behind zeros), every lane of block e moved by row e, the
    # register by its factor, give the register of the message.
    rnd0 = random.Random(2)
    lanes = crc.zmm_lanes()
    for n in (64, 100, 128, 255, 256) + (() if crc.hw else (16, 40, 63)):
        msg = bytes(rnd0.getrandbits(8) for _ in range(n))
        reg = rnd0.getrandbits(w)
        padded = bytes(-n % 64) + msg
        acc = 0
        for blk in range(len(padded) // 64):
            e = len(padded) // 64 - 1 - blk
            for i in range(4):
                lane = padded[64 * blk + 16 * i: 64 * blk + 16 * i + 16]
                h = reflect(int.from_bytes(lane[:8], "little"), 64)
                g = reflect(int.from_bytes(lane[8:], "little"), 64)
                _, k0, k1 = lanes[4 * e + i]
                acc ^= clmul(h, reflect(k0, 64)) << 1 ^ clmul(g, reflect(k1, 64)) << 1
        hr = reflect(reg, w) << (64 - w)                # the register as qword 0
        acc ^= clmul(hr, reflect(crc.zmm_reg(n), 64)) << 1
        if crc.hw:
            got = reflect(pdivmod(acc << 32, crc.P)[1], 32)
        else:
            t = pdivmod(acc, crc.Q)[1]
            got = reflect(t >> (64 - w), w)
        assert got == crc.bitwise(reg, msg), (crc.name, n)
    # Barrett on random T of 128 bits: q = floor(T1 * mu / x^63) is
    # floor(T / Q), and the reduction formula gives T mod Q.
    mu_r, c_r = crc.barrett()
    mu, c = reflect(mu_r, 64), reflect(c_r, 64)
    rnd = random.Random(1)
    for _ in range(2000):
        t = rnd.getrandbits(128)
        t1, t0 = t >> 64, t & ((1 << 64) - 1)
        q = clmul(t1, mu) >> 63
        assert q == pdivmod(t, crc.Q)[0]
        r = t0 ^ (clmul(q, c) << 1 & ((1 << 64) - 1)) ^ (q if crc.e else 0)
        assert r == pdivmod(t, crc.Q)[1]
    # The check value: "123456789" as a polynomial M of n bytes, the
    # register ~0 on its first w bits: (~0 * x^(8n-w) + M) * x^64 mod Q.
    msg = b"123456789"
    m = 0
    for byte in msg:
        m = (m << 8) | reflect(byte, 8)
    n = len(msg)
    full = (((1 << w) - 1) << (8 * n - w)) ^ m
    t = pdivmod(clmul(full, 1 << 64), crc.Q)[1]
    assert t & ((1 << (64 - w)) - 1) == 0
    reg = reflect(t >> (64 - w), w)
    assert reg ^ ((1 << w) - 1) == crc.check, hex(reg)
    assert crc.bitwise((1 << w) - 1, msg) ^ ((1 << w) - 1) == crc.check


def quad_pair(a, b, comment):
    return "\t.quad 0x%016x, 0x%016x\t/* %s */" % (a, b, comment)


def emit(crc):
    cmd = "python3 asm/gen_crc_fold_constants.py %s > asm/%s" % (crc.name, crc.out)
    p = crc.prefix
    guard = "SIMDSUM_%s_FOLD_CONSTS_H" % p
    mu, c = crc.barrett()
    out = [
        "/* Generated by: %s */" % cmd,
        "/* SPDX-License-Identifier: MIT */",
        "/* %s - folding constants of %s for asm/crc_fold.h." % (crc.out, crc.name),
        " * Do not edit: rerun the command above (asm/gen_crc_fold_constants.py",
        " * says how each value is computed).  Q = P * x^%d (degree 64), P = x^%d +"
        % (64 - crc.w, crc.w),
        " * 0x%0*X; every value is a reflected qword (bit j holds x^(63 - j))."
        % (crc.w // 4, crc.P & ((1 << crc.w) - 1)),
        " */",
        "#ifndef %s" % guard,
        "#define %s" % guard,
        "",
        "/* The register width and the constant term of Q (the Barrett",
        " * step's e: T mod Q = T0 + (q * c * x mod x^64) + e * q). */",
        "#define %s_FOLD_W %d" % (p, crc.w),
        "#define %s_FOLD_E %d" % (p, crc.e),
        "",
        "/* %s_FOLD_CONSTS pfx: the constants under labels pfx_<name>, 16-byte" % p,
        " * aligned, each a 16-byte pair (a ymm kernel broadcasts it):",
        " *   pfx_fold_<B>  { x^(8B+63), x^(8B-1) } mod Q, folds a lane B bytes on",
        " *   pfx_final     { x^127 mod Q, 0 }",
        " *   pfx_barrett   { mu = floor(x^127 / Q), c = floor(Q / x) } */",
        ".macro %s_FOLD_CONSTS pfx" % p,
        "\t.p2align 4",
    ]
    for b in FOLD_BYTES:
        k0, k1 = crc.fold_pair(b)
        out.append("\\pfx\\()_fold_%d:" % b)
        out.append(quad_pair(k0, k1, "x^%d, x^%d mod Q" % (8 * b + 63, 8 * b - 1)))
    out.append("\\pfx\\()_final:")
    out.append(quad_pair(crc.final(), 0, "x^127 mod Q"))
    out.append("\\pfx\\()_barrett:")
    out.append(quad_pair(mu, c, "floor(x^127 / Q), floor(Q / x)"))
    out.append(".endm")
    out += [
        "",
        "/* %s_FOLD_CONSTS_ZMM pfx: the zmm kernel's end, in addition:" % p,
    ]
    if crc.hw:
        out += [
            " *   pfx_fold_lanes  64-byte aligned, 4 rows of 64 bytes: in row e, lane",
            " *                   i's pair { x^(D+63), x^(D-1) } mod P for D = 8 (64e +",
            " *                   16 (3 - i)), moving a zmm e blocks before the end to",
            " *                   the end (the message itself, mod P: the crc32",
            " *                   instruction ends this kernel)",
        ]
    else:
        out += [
            " *   pfx_fold_lanes  64-byte aligned, 4 rows of 64 bytes: in row e, lane",
            " *                   i's fold pair for 64e + 16 (3 - i) + 8 bytes, moving",
            " *                   a zmm e blocks before the end to message * x^64",
        ]
    out += [
        " *   pfx_fold_r      64 rows of 16 bytes: row r the fold pair for r bytes",
        " *                   (row 0 unused, zero)",
    ]
    if crc.hw:
        out += [
            " *   pfx_reg_len     257 qwords and a zero: qword n x^(8n - 65) mod P",
            " *                   (zero where 8n < 65), moves an n-byte message's",
            " *                   register to the end",
        ]
    else:
        out += [
            " *   pfx_reg_len     257 qwords and a zero: qword n x^(8n - 1) (n = 0:",
            " *                   zero), moves an n-byte message's register to a T",
        ]
    out += [
        " *   pfx_fold_<B>    for B = %s: fold pairs as above," % ", ".join(map(str, ZMM_FOLD_BYTES)),
        " *                   the distances of the one-level combine */",
        ".macro %s_FOLD_CONSTS_ZMM pfx" % p,
        "\t.p2align 6",
        "\\pfx\\()_fold_lanes:",
    ]
    modulus = "P" if crc.hw else "Q"
    for b, k0, k1 in crc.zmm_lanes():
        out.append(quad_pair(k0, k1, "x^%d, x^%d mod %s" % (8 * b + 63, 8 * b - 1, modulus)))
    out.append("\\pfx\\()_fold_r:")
    out.append(quad_pair(0, 0, "r = 0: unused"))
    for b in REM_BYTES:
        k0, k1 = crc.fold_pair(b)
        out.append(quad_pair(k0, k1, "x^%d, x^%d mod Q" % (8 * b + 63, 8 * b - 1)))
    out.append("\\pfx\\()_reg_len:")
    regs = [crc.zmm_reg(n) for n in REG_LENS] + [0]
    for i in range(0, len(regs), 2):
        out.append(quad_pair(regs[i], regs[i + 1], "n = %d, %d" % (i, i + 1)))
    for b in ZMM_FOLD_BYTES:
        k0, k1 = crc.fold_pair(b)
        out.append("\\pfx\\()_fold_%d:" % b)
        out.append(quad_pair(k0, k1, "x^%d, x^%d mod Q" % (8 * b + 63, 8 * b - 1)))
    out.append(".endm")
    out.append("")
    out.append("#endif /* %s */" % guard)
    return "\n".join(out)


def main(argv):
    if len(argv) != 2 or argv[1] not in CRCS:
        sys.exit("usage: gen_crc_fold_constants.py {%s}" % "|".join(sorted(CRCS)))
    crc = Crc(argv[1])
    self_check(crc)
    print(emit(crc))


if __name__ == "__main__":
    main(sys.argv)
