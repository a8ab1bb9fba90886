#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""test_check_isa.py - holds check_isa.py to what it promises, so that it
cannot rot into passing everything:

    test_check_isa.py ROWS_PROGRAM ASM_OBJECT...

with the assembler command in ISA_AS (the build's $(CC) and flags for asm/).
1. Each instruction below, assembled by that assembler and read back as
   check_isa.py reads the build, gets exactly the features listed (None:
   unknown, which fails the check).
2. A call into another object is followed; one out of asm/, or through a
   register, is refused.
3. A copy of a real kernel with one instruction added that its row's needs
   do not name, put in place of the built object: check_isa.py fails,
   naming the row, the instruction and the missing feature.
4. The other direction: a feature added to a real row's needs that its
   code does not use (as the vpclmul rows named sse4.1 and avx2) is
   reported, naming the row and the feature; one that code gets from
   another row's function (as avx2blend gets sse4.1 from crc32c_sse42),
   from IMPLIES (avx512f beside avx512bw) or with a stated reason is not.
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True   # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_isa  # noqa: E402

CASES = [
    ("mov %rax, %rbx", ""),
    ("paddd %xmm1, %xmm0", ""),
    ("pextrw $1, %xmm0, %eax", ""),
    ("pextrw $1, %xmm0, (%rax)", "sse4.1"),
    ("pextrw $1, %xmm0, 8(%rax,%rbx,4)", "sse4.1"),
    ("pshufb %xmm1, %xmm0", "ssse3"),
    ("palignr $4, %xmm1, %xmm0", "ssse3"),
    ("pinsrd $1, %eax, %xmm0", "sse4.1"),
    ("pmovzxdq %xmm1, %xmm0", "sse4.1"),
    ("crc32q (%rsi), %rax", "sse4.2"),
    ("crc32b %cl, %eax", "sse4.2"),
    ("pclmulqdq $0x11, %xmm1, %xmm0", "pclmulqdq"),
    ("sha1rnds4 $0, %xmm1, %xmm2", "sha"),
    ("sha256rnds2 %xmm0, %xmm1, %xmm2", "sha"),
    ("gf2p8affineqb $0, %xmm1, %xmm0", "gfni"),
    ("andn %eax, %ebx, %ecx", "bmi1"),
    ("tzcnt %eax, %ebx", "bmi1"),
    ("rorx $7, %eax, %ebx", "bmi2"),
    ("shlx %eax, %ebx, %ecx", "bmi2"),
    ("vzeroupper", "avx"),
    ("vpshufb %xmm1, %xmm2, %xmm0", "avx"),
    ("vpextrd $1, %xmm0, %eax", "avx"),
    ("vmovdqa %ymm0, %ymm1", "avx"),
    ("vptest %ymm0, %ymm1", "avx"),
    ("vinsertf128 $1, %xmm0, %ymm1, %ymm2", "avx"),
    ("vbroadcastss (%rax), %ymm0", "avx"),
    ("vbroadcastss %xmm0, %ymm0", "avx avx2"),
    ("vbroadcastsd 8(%rax,%rbx,8), %ymm0", "avx"),
    ("vpshufb %ymm1, %ymm2, %ymm0", "avx avx2"),
    ("vpxor %ymm1, %ymm2, %ymm0", "avx avx2"),
    ("vpbroadcastd %xmm0, %xmm1", "avx avx2"),
    ("vmovntdqa (%rax), %ymm0", "avx avx2"),
    ("vmovntdqa (%rax), %xmm0", "avx"),
    ("vinserti128 $1, %xmm0, %ymm1, %ymm2", "avx avx2"),
    ("vpclmulqdq $0, %xmm1, %xmm2, %xmm3", "avx pclmulqdq"),
    ("vpclmulqdq $0, %ymm1, %ymm2, %ymm3", "avx vpclmulqdq"),
    ("vgf2p8affineqb $0, %ymm1, %ymm2, %ymm3", "avx gfni"),
    ("vaesenc %ymm1, %ymm2, %ymm3", "avx vaes"),
    # EVEX: AVX512F; +VL below 512 bits, +BW for bytes and words, +DQ
    ("vpternlogd $0x96, %zmm1, %zmm2, %zmm3", "avx512f"),
    ("vpternlogd $0x96, %ymm1, %ymm2, %ymm3", "avx512f avx512vl"),
    ("vprorq $7, %xmm1, %xmm2", "avx512f avx512vl"),
    ("{evex} vpaddd %xmm1, %xmm2, %xmm3", "avx512f avx512vl"),
    ("vpaddd %ymm17, %ymm2, %ymm3", "avx512f avx512vl"),
    ("vpaddd (%rax){1to16}, %zmm1, %zmm2", "avx512f"),
    ("vpaddd %zmm1, %zmm2, %zmm3{%k1}{z}", "avx512f"),
    ("vmovdqu64 (%rax), %zmm0", "avx512f"),
    ("vextracti32x4 $1, %zmm0, %xmm1", "avx512f"),
    ("vpshufb %zmm1, %zmm2, %zmm0", "avx512f avx512bw"),
    ("vpshufb %xmm17, %xmm2, %xmm0", "avx512f avx512bw avx512vl"),
    ("vmovdqu8 %zmm0, (%rax){%k1}", "avx512f avx512bw"),
    ("vpaddw %zmm1, %zmm2, %zmm3", "avx512f avx512bw"),
    ("vpxorq %xmm16, %xmm1, %xmm2", "avx512f avx512vl"),
    ("vpmullq %zmm1, %zmm2, %zmm3", "avx512f avx512dq"),
    ("vxorps %zmm1, %zmm2, %zmm3", "avx512f avx512dq"),
    ("vmovq %xmm16, %rax", "avx512f"),
    ("kmovw %k1, %eax", "avx512f"),
    ("kmovb %k1, %eax", "avx512f avx512dq"),
    ("kmovq %k1, %rax", "avx512f avx512bw"),
    ("kandw %k1, %k2, %k3", "avx512f"),
    ("kandd %k1, %k2, %k3", "avx512f avx512bw"),
    ("kaddw %k1, %k2, %k3", "avx512f avx512dq"),
    ("kortestw %k1, %k2", "avx512f"),
    ("kunpckbw %k1, %k2, %k3", "avx512f"),
    ("kunpckdq %k1, %k2, %k3", "avx512f avx512bw"),
    ("vinsertps $0, %xmm16, %xmm1, %xmm2", "avx512f"),
    ("vpclmulqdq $0, %zmm1, %zmm2, %zmm3", "avx512f vpclmulqdq"),
    ("vpclmulqdq $0, %ymm17, %ymm2, %ymm3", "avx512f avx512vl vpclmulqdq"),
    ("vgf2p8affineqb $0, %zmm1, %zmm2, %zmm3", "avx512f gfni"),
    ("vaesenc %zmm1, %zmm2, %zmm3", "avx512f vaes"),
    # what simdsum has no feature bit for, or the tables do not know
    ("popcnt %eax, %ebx", None),
    ("lzcnt %eax, %ebx", None),
    ("movbe (%rax), %ebx", None),
    ("aesenc %xmm1, %xmm0", None),
    ("vaesenc %xmm1, %xmm2, %xmm3", None),
    ("vfmadd231ps %ymm1, %ymm2, %ymm3", None),
    ("vpconflictd %zmm1, %zmm2", None),
    ("vpdpbusd %zmm1, %zmm2, %zmm3", None),
]

# Injected into a copy of a kernel after its first instruction: what its
# row must then be reported to lack.
MUTANTS = [
    ("sha256_avx2", "sha256 avx2", "vpternlogd $0x96, %ymm0, %ymm1, %ymm2", "avx512f,avx512vl"),
    ("sha256_avx2", "sha256 avx2", "andn %eax, %ebx, %ecx", "bmi1"),
    ("sha1_ssse3", "sha1 ssse3", "pinsrd $1, %eax, %xmm0", "sse4.1"),
    ("sha256_shani", "sha256 shani", "vpxor %xmm0, %xmm1, %xmm2", "avx"),
    ("crc32c_sse42", "crc32c sse42", "vpclmullqlqdq %ymm0, %ymm1, %ymm2", "avx,vpclmulqdq"),
]


# Features added to rows' needs as isa_rows prints them, and what must then
# be reported: each (row, text) one problem. hybrid tail-calls vpclmul:
# what vpclmul names, hybrid needs and may name.
EXTRA_NEEDS = [
    ({"sha1 avx": "avx2"}, [("sha1 avx", "its needs name avx2,")]),
    ({"sha256 shani": "sse4.1"}, [("sha256 shani", "its needs name sse4.1,")]),
    ({"crc32c vpclmul256": "ssse3"}, [("crc32c vpclmul256", "its needs name ssse3,")]),
    ({"crc32c sse42": "bmi2"}, [("crc32c sse42", "its needs name bmi2,"),
                                ("crc32c avx2blend", "crc32c_sse42.o, a row's function needing bmi2,")]),
    ({"sha512 avx512": "avx512bw"}, [("sha512 avx512", "its needs name avx512bw,")]),
    ({"crc32c hybrid": "gfni"}, [("crc32c hybrid", "its needs name gfni,")]),
    ({"crc32c vpclmul": "gfni", "crc32c hybrid": "gfni"},
     [("crc32c vpclmul", "its needs name gfni,")]),
]


def assemble(source, obj):
    cmd = shlex.split(os.environ["ISA_AS"]) + ["-c", "-x", "assembler-with-cpp", "-o", obj, "-"]
    subprocess.run(cmd, input=source, text=True, check=True)


def test_table(tmp):
    obj = os.path.join(tmp, "table.o")
    assemble("".join(f"\t{insn}\n" for insn, _ in CASES), obj)
    insns, _ = check_isa.disassemble(obj)
    assert len(insns) == len(CASES), f"{len(insns)} instructions read back, {len(CASES)} written"
    bad = 0
    for (source, want), (text, mnem, operands, enc) in zip(CASES, insns):
        try:
            got = " ".join(sorted(check_isa.needs(mnem, operands, enc)))
            want = want and " ".join(sorted(want.split()))
        except check_isa.Unknown:
            got = None
        if got != want:
            print(f"test_check_isa: '{source}' ({text}, {enc}): {got!r}, expected {want!r}")
            bad += 1
    return bad


def test_reach(tmp):
    """A row's code takes in the objects its code refers to, and refuses
    what it cannot follow: a symbol outside asm/, an indirect branch."""
    first, second = os.path.join(tmp, "first.o"), os.path.join(tmp, "second.o")
    assemble(".globl first\nfirst:\n\tcall second\n\tcall memcpy\n\tjmp *%rax\n", first)
    assemble(".globl second\nsecond:\n\tvpternlogd $0, %zmm0, %zmm1, %zmm2\n\tret\n", second)
    code = {o: check_isa.disassemble(o) for o in (first, second)}
    problems, seen = check_isa.check_row("row", {"avx"}, {"first": first, "second": second},
                                         first, code)
    expect = [f"{second}: 'vpternlogd", "memcpy, outside asm/", "an indirect branch"]
    missed = [e for e in expect if not any(e in p for p in problems)]
    if missed or len(problems) != len(expect) or seen != {first, second}:
        print("test_check_isa: reachability: expected", expect, "got", problems)
        return 1
    return 0


def test_mutants(tmp, program, objects):
    """check_isa.check with each mutant in place of its kernel's object
    (the others' disassembly is read once and cached) must add exactly
    one problem to those of the tree as built. Returns the failures and
    the mutants reported."""
    bad, reported, before = 0, 0, set(check_isa.check(program, objects)[0])
    rows = {f"{family} {name}" for family, name, _, _ in check_isa.rows_of(program)}
    for i, (kernel, row, insn, missing) in enumerate(MUTANTS):
        if row not in rows:   # the assembler lacks its instructions
            print(f"test_check_isa: SKIPPED {insn} in {kernel}: no row {row} in this build")
            continue
        built = next(o for o in objects if os.path.basename(o) == kernel + ".o")
        with open(f"asm/{kernel}.S") as f:
            source = f.read()
        # after FUNC_BEGIN (and its endbr64): the first thing the row runs
        at = re.search(r"^\s*FUNC_BEGIN\b.*\n", source, re.M).end()
        mutant = os.path.join(tmp, f"{i}-{kernel}.o")
        assemble(source[:at] + f"\t{insn}\n" + source[at:], mutant)
        problems, _ = check_isa.check(program, [mutant if o == built else o for o in objects])
        problems = [p for p in problems if p.replace(mutant, built) not in before]
        want = f"'{insn.split()[0]} "
        if len(problems) != 1 or f"{row} (" not in problems[0] or want not in problems[0] \
                or f"needs {missing}," not in problems[0]:
            print(f"test_check_isa: {insn} in {kernel}: not reported as needing {missing}:")
            print("\n".join(problems))
            bad += 1
        else:
            reported += 1
    return bad, reported


def test_unused(tmp, program, objects):
    """A feature named beyond what a row's code uses is reported, once,
    with its row; one the code gets from IMPLIES or from another row's
    function is not. Returns the failures and the cases reported."""
    bad, reported, rows_of = 0, 0, check_isa.rows_of
    before = set(check_isa.check(program, objects)[0])
    rows = {f"{family} {name}": have for family, name, have, _ in rows_of(program)}
    for extra, want in EXTRA_NEEDS:
        what = ", ".join(f"{f} added to {r}" for r, f in extra.items())
        if any(r not in rows for r in extra):
            print(f"test_check_isa: SKIPPED {what}: no such row in this build")
            continue

        def more(prog, extra=extra):
            for family, name, have, offset in rows_of(prog):
                f = extra.get(f"{family} {name}")
                yield family, name, have | ({f} if f else set()), offset
        check_isa.rows_of = more
        try:
            problems = [p for p in check_isa.check(program, objects)[0] if p not in before]
        finally:
            check_isa.rows_of = rows_of
        if len(problems) != len(want) or not all(
                any(p.startswith(f"{row} (") and text in p for p in problems) for row, text in want):
            print(f"test_check_isa: {what}: expected {want}, got:")
            print("\n".join(problems))
            bad += 1
        else:
            reported += 1
    # Named without an instruction of its own: avx512f beside avx512bw, by
    # IMPLIES; sse4.1 in a row whose only pmovzxdq is in the code it jumps to.
    first, second = os.path.join(tmp, "uses.o"), os.path.join(tmp, "callee.o")
    assemble(".globl uses\nuses:\n\tvpxor %ymm0, %ymm1, %ymm2\n\tjmp callee\n", first)
    assemble(".globl callee\ncallee:\n\tpmovzxdq %xmm0, %xmm1\n\tret\n", second)
    code = {o: check_isa.disassemble(o) for o in (first, second)}
    _, seen = check_isa.check_row("row", set(), {"callee": second}, first, code)
    used = check_isa.features_used(seen, code)
    have = {"avx", "avx2", "sse4.1", "avx512bw", "avx512f"}
    got = check_isa.check_unused(("f", "row"), "row", have,
                                 used | check_isa.with_implied({"avx512bw"}))
    if used != {"avx", "avx2", "sse4.1"} or got:
        print(f"test_check_isa: implied or reached features: used {sorted(used)}, got {got}")
        bad += 1
    got = check_isa.check_unused(("f", "row"), "row", have | {"ssse3"}, used)
    if [g.split(",")[0] for g in got] != [f"row: its needs name {f}"
                                          for f in ("avx512bw", "avx512f", "ssse3")]:
        print(f"test_check_isa: avx512bw, avx512f and ssse3 named unused: got {got}")
        bad += 1
    check_isa.NAMED_WITHOUT_INSTRUCTION[("f", "row")] = {"ssse3": "a test's reason"}
    try:
        got = check_isa.check_unused(("f", "row"), "row", used | {"ssse3"}, used)
    finally:
        del check_isa.NAMED_WITHOUT_INSTRUCTION[("f", "row")]
    if got:
        print(f"test_check_isa: ssse3 named with a reason: got {got}")
        bad += 1
    return bad, reported


def main(argv):
    if len(argv) < 3 or "ISA_AS" not in os.environ:
        sys.exit("usage: ISA_AS='CC FLAGS' test_check_isa.py ROWS_PROGRAM ASM_OBJECT...")
    with tempfile.TemporaryDirectory() as tmp:
        bad, reported = test_mutants(tmp, argv[1], argv[2:])
        more_bad, unused = test_unused(tmp, argv[1], argv[2:])
        bad += more_bad + test_table(tmp) + test_reach(tmp)
    if bad:
        sys.exit(f"test_check_isa: {bad} failures")
    print(f"test_check_isa: {len(CASES)} instructions classified as expected, calls and "
          f"jumps followed, {reported} of {len(MUTANTS)} injected instructions reported, "
          f"{unused} of {len(EXTRA_NEEDS)} sets of features named beyond rows' code reported")


if __name__ == "__main__":
    main(sys.argv)
