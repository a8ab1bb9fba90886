#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_isa.py - every instruction a registry row can reach needs only
the CPU features the row's .needs names, and every feature it names is
needed by one of them.

    check_isa.py ROWS_PROGRAM ASM_OBJECT...

ROWS_PROGRAM is build/tests/isa_rows (tests/isa/isa_rows.c), which prints
each row as the registry has it: family, name, needs, and its function as
an offset from main. A row's code is the whole executable part of the
asm/ object that defines its function, and of every asm/ object that code
refers to (crc32c_avx2blend jumps to crc32c_sse42): objdump -dr shows
each instruction with its raw bytes, the bytes say VEX or EVEX, and the
tables below say which CPUID features a mnemonic needs in each encoding.
An instruction the tables do not know fails, so that a new one is
classified rather than passed; so does code outside asm/ behind a row
that needs features, and an indirect jump or call (its target is unknown).

The needs are read literally: an avx row may not run a legacy-encoded
SSE4.1 instruction even though every AVX CPU has SSE4.1 (the rows name
what they use: shani names sse4.1). VEX (c4/c5) and EVEX (62) are told
apart by the instruction's bytes, not its mnemonic: {evex} vpaddd on xmm
needs AVX512VL where vpaddd does not.

The other direction: a feature a row names and nothing it runs needs
refuses the row on a CPU (a VM, SIMDSUM_CPU_DISABLE) that has all it
uses. A feature counts as used when an instruction of the row's code
needs it, when IMPLIES brings it with a used one, or when the row's code
reaches another row's function (crc32c_avx2blend's tail call into
crc32c_sse42): that row's needs are the caller's too, which the first
direction checks as well.

What this cannot see: code reached through a pointer (there is none in
asm/), data assembled into .text (there is none: constants live in
.rodata), and features a table entry gets wrong; test_check_isa.py holds
the tables against the assembler, instruction by instruction.
"""
import functools
import re
import subprocess
import sys

# Every x86-64 CPU has these: the base integer set, SSE and SSE2.
BASE = set("""
    adc add and bswap bt btc btr bts call cbtw cltd cltq cmc cmp cmpxchg cqto cwtl
    dec div endbr64 hlt idiv imul inc int3 lea leave lfence mfence mov movabs
    movsbl movsbq movsbw movslq movswl movswq movzbl movzbq movzbw movzwl movzwq
    mul neg nop not or pause pop popf push pushf rcl rcr ret rol ror sar sbb
    sfence shl shld shr shrd stc std cld sub test ud2 xadd xchg xor
    prefetcht0 prefetcht1 prefetcht2 prefetchnta
    ja jae jb jbe jc je jg jge jl jle jmp jna jnae jnb jnbe jnc jne jng jnge
    jnl jnle jno jnp jns jnz jo jp jpe jpo js jz jrcxz
    cmova cmovae cmovb cmovbe cmove cmovg cmovge cmovl cmovle cmovne cmovno
    cmovnp cmovns cmovo cmovp cmovs
    seta setae setb setbe sete setg setge setl setle setne setno setnp setns
    seto setp sets
""".split())
SSE2 = set("""
    andnpd andnps andpd andps movapd movaps movd movdqa movdqu movhlps movhpd
    movhps movlhps movlpd movlps movmskpd movmskps movntdq movnti movntps movq
    movsd movss movupd movups orpd orps shufpd shufps unpckhpd unpckhps
    unpcklpd unpcklps xorpd xorps
    packssdw packsswb packuswb paddb paddd paddq paddsb paddsw paddusb paddusw
    paddw pand pandn pavgb pavgw pcmpeqb pcmpeqd pcmpeqw pcmpgtb pcmpgtd
    pcmpgtw pextrw pinsrw pmaddwd pmaxsw pmaxub pminsw pminub pmovmskb pmulhuw
    pmulhw pmullw pmuludq por psadbw pshufd pshufhw pshuflw pslld pslldq psllq
    psllw psrad psraw psrld psrldq psrlq psrlw psubb psubd psubq psubsb psubsw
    psubusb psubusw psubw punpckhbw punpckhdq punpckhqdq punpckhwd punpcklbw
    punpckldq punpcklqdq punpcklwd pxor
""".split())
# Legacy-encoded extensions, by the name cpu.c gives the CPUID bit.
LEGACY = {
    "ssse3": "pabsb pabsd pabsw palignr phaddd phaddsw phaddw phsubd phsubsw "
             "phsubw pmaddubsw pmulhrsw pshufb psignb psignd psignw",
    "sse4.1": "blendpd blendps blendvpd blendvps dppd dpps extractps insertps "
              "movntdqa mpsadbw packusdw pblendvb pblendw pcmpeqq pextrb pextrd "
              "pextrq phminposuw pinsrb pinsrd pinsrq pmaxsb pmaxsd pmaxud pmaxuw "
              "pminsb pminsd pminud pminuw pmovsxbd pmovsxbq pmovsxbw pmovsxdq "
              "pmovsxwd pmovsxwq pmovzxbd pmovzxbq pmovzxbw pmovzxdq pmovzxwd "
              "pmovzxwq pmuldq pmulld ptest roundpd roundps roundsd roundss",
    "sse4.2": "crc32 pcmpestri pcmpestrm pcmpgtq pcmpistri pcmpistrm",
    "pclmulqdq": "pclmulqdq pclmullqlqdq pclmulhqlqdq pclmullqhqdq pclmulhqhqdq",
    "sha": "sha1msg1 sha1msg2 sha1nexte sha1rnds4 sha256msg1 sha256msg2 sha256rnds2",
    "gfni": "gf2p8affineinvqb gf2p8affineqb gf2p8mulb",
    "bmi1": "andn bextr blsi blsmsk blsr tzcnt",
    "bmi2": "bzhi mulx pdep pext rorx sarx shlx shrx",
}
LEGACY_FEATURE = {m: f for f, names in LEGACY.items() for m in names.split()}
# The vector part of the legacy sets: their v-forms are AVX (VEX) or
# AVX-512 (EVEX) instructions.
VECTOR_LEGACY = (SSE2 - {"movnti"}) | {
    m for m, f in LEGACY_FEATURE.items() if f in ("ssse3", "sse4.1", "sse4.2", "pclmulqdq")}
BMI = {m for m, f in LEGACY_FEATURE.items() if f in ("bmi1", "bmi2")}

# VEX: the forms AVX added beyond v + an SSE name, and those AVX2 added
# (at any width); any other vp* on ymm is AVX2 too.
VEX_AVX = set("""
    vzeroupper vzeroall vbroadcastss vbroadcastsd vbroadcastf128 vinsertf128
    vextractf128 vperm2f128 vpermilps vpermilpd vmaskmovps vmaskmovpd vtestps
    vtestpd
""".split())
VEX_AVX2 = set("""
    vpbroadcastb vpbroadcastw vpbroadcastd vpbroadcastq vbroadcasti128
    vinserti128 vextracti128 vperm2i128 vpermd vpermq vpermps vpermpd vpblendd
    vpsllvd vpsllvq vpsrlvd vpsrlvq vpsravd vpmaskmovd vpmaskmovq
""".split())
YMM_AVX1 = {"vptest", "vpermilps", "vpermilpd", "vperm2f128"}
CLMUL = {"vpclmulqdq", "vpclmullqlqdq", "vpclmulhqlqdq", "vpclmullqhqdq", "vpclmulhqhqdq"}
GFNI = {"vgf2p8affineinvqb", "vgf2p8affineqb", "vgf2p8mulb"}
VAES = {"vaesenc", "vaesenclast", "vaesdec", "vaesdeclast"}

# EVEX: AVX512F unless named here; byte and word elements are AVX512BW,
# and the 64x2/32x8 forms, the mask moves and EVEX's logic on floats DQ.
EVEX_F_ONLY = set("""
    vpternlogd vpternlogq vprold vprolq vprord vprorq vprolvd vprolvq vprorvd
    vprorvq vpermt2d vpermt2q vpermi2d vpermi2q valignd valignq vshufi32x4
    vshufi64x2 vshuff32x4 vshuff64x2 vinserti32x4 vinserti64x4 vinsertf32x4
    vinsertf64x4 vextracti32x4 vextracti64x4 vextractf32x4 vextractf64x4
    vbroadcasti32x4 vbroadcasti64x4 vbroadcastf32x4 vbroadcastf64x4 vmovdqa32
    vmovdqa64 vmovdqu32 vmovdqu64 vpxord vpxorq vpandd vpandq vpandnd vpandnq
    vpord vporq vpblendmd vpblendmq vpcmpd vpcmpud vpcmpq vpcmpuq vptestmd
    vptestmq vptestnmd vptestnmq vpcompressd vpcompressq vpexpandd vpexpandq
    vpmovqd vpmovqw vpmovqb vpmovdw vpmovdb vpabsq vpmaxsq vpmaxuq vpminsq
    vpminuq vpsraq vpsravq
""".split())
EVEX_BW = set("""
    vpshufb vpaddb vpaddw vpaddsb vpaddsw vpaddusb vpaddusw vpsubb vpsubw
    vpsubsb vpsubsw vpsubusb vpsubusw vpalignr vpsllw vpsrlw vpsraw vpslldq
    vpsrldq vpunpcklbw vpunpckhbw vpunpcklwd vpunpckhwd vpacksswb vpackssdw
    vpackuswb vpackusdw vpcmpeqb vpcmpeqw vpcmpgtb vpcmpgtw vpmovzxbw vpmovsxbw
    vpmovwb vmovdqu8 vmovdqu16 vpbroadcastb vpbroadcastw vpermw vpshufhw
    vpshuflw vpmaddubsw vpmaddwd vpmulhw vpmulhuw vpmullw vpmulhrsw vpavgb
    vpavgw vpminub vpmaxub vpminsw vpmaxsw vpminuw vpmaxuw vpminsb vpmaxsb
    vpabsb vpabsw vpsadbw vpblendmb vpblendmw vpcmpb vpcmpub vpcmpw vpcmpuw
    vptestmb vptestmw vpmovb2m vpmovw2m vpextrb vpextrw vpinsrb vpinsrw
""".split())
EVEX_DQ = set("""
    vpmullq vextracti64x2 vextracti32x8 vinserti64x2 vinserti32x8
    vbroadcasti32x2 vbroadcasti64x2 vbroadcasti32x8 vpmovd2m vpmovq2m vxorps
    vxorpd vandps vandpd vandnps vandnpd vorps vorpd vpextrd vpextrq vpinsrd
    vpinsrq
""".split())
# EVEX forms of 128-bit-only instructions: no vector length to extend.
EVEX_NO_VL = set("""
    vmovd vmovq vpextrb vpextrw vpextrd vpextrq vpinsrb vpinsrw vpinsrd vpinsrq
    vextractps vinsertps vmovss vmovsd vmovhps vmovlps vmovhpd vmovlpd vmovhlps
    vmovlhps
""".split())
# Mask-register instructions (VEX-encoded): on 16 bits AVX512F, on 8
# DQ, on 32 and 64 BW (kadd and ktest came with DQ and BW only).
K_OPS = {"kmov", "kand", "kandn", "kor", "kxor", "kxnor", "knot", "kortest",
         "kshiftl", "kshiftr", "ktest", "kadd", "kunpck"}

PREFIXES = {"data16", "addr32", "cs", "ds", "es", "fs", "gs", "ss", "lock",
            "rep", "repz", "repe", "repnz", "repne", "notrack", "bnd", "rex",
            "rex.W", "{evex}", "{vex}", "{vex3}"}


# What a feature brings with it beyond its own instructions: a row using
# the key may name the value with no instruction of its own. Intel SDM
# vol. 1: "Detection of AVX2" (ch. 14) has software detect AVX, then
# AVX2's bit; 15.3 and 15.4 detect the AVX512DQ, BW and VL groups by
# AVX512F's bit and their own. What an encoding needs comes with each
# instruction from needs(): VEX avx, EVEX avx512f, vpclmulqdq on ymm avx
# and vpclmulqdq.
IMPLIES = {
    "avx2": {"avx"},
    "avx512bw": {"avx512f"},
    "avx512dq": {"avx512f"},
    "avx512vl": {"avx512f"},
}

# (family, row) -> {feature: why}: a feature a row names for a reason
# other than an instruction. None today: every name is an instruction's.
NAMED_WITHOUT_INSTRUCTION = {}


class Unknown(Exception):
    """An instruction the tables cannot classify."""


def encoding(raw):
    """legacy, vex, evex or xop, from the instruction's bytes."""
    i = 0
    while i < len(raw) and (raw[i] in (0x26, 0x2e, 0x36, 0x3e, 0x64, 0x65, 0x66, 0x67,
                                       0xf0, 0xf2, 0xf3) or 0x40 <= raw[i] <= 0x4f):
        i += 1
    op = raw[i] if i < len(raw) else 0
    if op == 0x62:
        return "evex"   # BOUND outside 64-bit mode; here always EVEX
    if op in (0xc4, 0xc5):
        return "vex"
    if op == 0x8f and i + 1 < len(raw) and raw[i + 1] & 0x1f >= 8:
        return "xop"
    return "legacy"


def strip_suffix(mnem, known):
    """mnem, or mnem without AT&T's size letter when that one is known."""
    if mnem not in known and mnem[-1:] in "bwlq" and mnem[:-1] in known:
        return mnem[:-1]
    return mnem


def needs(mnem, operands, enc):
    """The set of cpu.c feature names an instruction needs (SSE2 and the
    base set need none); Unknown when the tables do not say."""
    regs = set(re.findall(r"%([xyz]mm|k)\d+", operands))
    if enc == "vex" and mnem.startswith("k"):
        op, size = ("kunpck", mnem[6:]) if mnem.startswith("kunpck") else (mnem[:-1], mnem[-1:])
        if op not in K_OPS or size not in ("b", "w", "d", "q", "bw", "wd", "dq"):
            raise Unknown(f"{mnem} (mask register)")
        if size in ("w", "bw") and op not in ("kadd", "ktest"):
            return {"avx512f"}
        return {"avx512f", "avx512dq" if size in ("b", "w") else "avx512bw"}
    if enc == "legacy":
        m = strip_suffix(mnem, BASE | SSE2 | set(LEGACY_FEATURE))
        if m in BASE or m in SSE2:
            if m == "pextrw" and operands.rstrip().endswith(")"):
                return {"sse4.1"}   # pextrw to memory came with SSE4.1
            return set()
        if m in LEGACY_FEATURE:
            return {LEGACY_FEATURE[m]}
        raise Unknown(f"{mnem} (legacy encoding)")
    if enc == "vex":
        if mnem in BMI:
            return {LEGACY_FEATURE[mnem]}
        f = {"avx"}
        if mnem in CLMUL:
            return f | ({"vpclmulqdq"} if "ymm" in regs else {"pclmulqdq"})
        if mnem in GFNI:
            return f | {"gfni"}
        if mnem in VAES and "ymm" in regs:
            return f | {"vaes"}
        if mnem in VEX_AVX2:
            f.add("avx2")
        elif mnem not in VEX_AVX and mnem[1:] not in VECTOR_LEGACY:
            raise Unknown(f"{mnem} (VEX encoding)")
        if "ymm" in regs and (mnem.startswith("vp") or mnem in ("vmovntdqa", "vmpsadbw")) \
                and mnem not in YMM_AVX1:
            f.add("avx2")
        if mnem in ("vbroadcastss", "vbroadcastsd") and "(" not in operands:
            f.add("avx2")   # from a register: AVX2
        return f
    if enc == "evex":
        f = {"avx512f"}
        if "zmm" not in regs and mnem not in EVEX_NO_VL:
            f.add("avx512vl")
        if mnem in CLMUL:
            return f | {"vpclmulqdq"}
        if mnem in GFNI:
            return f | {"gfni"}
        if mnem in VAES:
            return f | {"vaes"}
        if mnem in EVEX_BW:
            return f | {"avx512bw"}
        if mnem in EVEX_DQ:
            return f | {"avx512dq"}
        if mnem in EVEX_F_ONLY or mnem in VEX_AVX2 or mnem[1:] in VECTOR_LEGACY:
            return f
        raise Unknown(f"{mnem} (EVEX encoding)")
    raise Unknown(f"{mnem} ({enc} encoding)")


LINE = re.compile(r"^\s*([0-9a-f]+):\t([0-9a-f ]+)\t(.*)$")
RELOC = re.compile(r"^\s*[0-9a-f]+: R_X86_64_\w+\s+([^\s+-]+)")


@functools.lru_cache(maxsize=None)
def disassemble(obj):
    """The instructions of obj's executable sections, as (text, mnemonic,
    operands, encoding), and the symbols its relocations name."""
    out = subprocess.run(["objdump", "-dr", "--insn-width=16", obj], check=True,
                         capture_output=True, text=True).stdout
    insns, refs = [], set()
    for line in out.splitlines():
        r = RELOC.match(line)
        if r:
            refs.add(r.group(1))
            continue
        m = LINE.match(line)
        if not m:
            continue
        raw = bytes.fromhex(m.group(2).replace(" ", ""))
        words = m.group(3).split(None, 1)
        while len(words) > 1 and words[0] in PREFIXES:
            words = words[1].split(None, 1)
        if words[0] in PREFIXES:        # a prefix objdump shows on its own
            continue
        text = " ".join(words)
        mnem, operands = words[0], words[1] if len(words) > 1 else ""
        insns.append((text, mnem, operands.split("#")[0].split("<")[0], encoding(raw)))
    return insns, refs


@functools.lru_cache(maxsize=None)
def defined_symbols(path):
    """name -> address of the symbols path defines in a code section."""
    out = subprocess.run(["nm", "--defined-only", path], check=True,
                         capture_output=True, text=True).stdout
    syms = {}
    for line in out.splitlines():
        addr, kind, name = line.split()[:3]
        if kind in "tT" and not name.startswith("."):
            syms[name] = int(addr, 16)
    return syms


def rows_of(program):
    """(family, name, needs set, offset or None) for every registry row."""
    out = subprocess.run([program], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        family, name, feats, offset = line.split()
        yield (family, name, set() if feats == "-" else set(feats.split(",")),
               None if offset == "-" else int(offset))


def check_row(label, have, objects, start, code):
    """Messages for everything the row's code at object start needs beyond
    have. code: object -> (instructions, referenced symbols); objects:
    symbol -> the asm object defining it."""
    problems, seen, todo = [], set(), [start]
    while todo:
        obj = todo.pop()
        if obj in seen:
            continue
        seen.add(obj)
        insns, refs = code[obj]
        for sym in refs:
            if sym in objects:
                todo.append(objects[sym])
            elif not sym.startswith("."):
                problems.append(f"{label}: {obj} refers to {sym}, outside asm/: not checked")
        for text, mnem, operands, enc in insns:
            if mnem.rstrip("q") in ("call", "jmp") and operands.lstrip().startswith("*"):
                problems.append(f"{label}: {obj}: '{text}': an indirect branch, its target unknown")
                continue
            try:
                missing = needs(mnem, operands, enc) - have
            except Unknown as e:
                problems.append(f"{label}: {obj}: '{text}': unknown instruction {e}: "
                                "classify it in tests/isa/check_isa.py")
                continue
            if missing:
                problems.append(f"{label}: {obj}: '{text}' needs {','.join(sorted(missing))}, "
                                "which the row's needs do not name")
    return problems, seen


def with_implied(features):
    """features and all that IMPLIES brings with them, directly or not."""
    out, todo = set(features), list(features)
    while todo:
        for f in IMPLIES.get(todo.pop(), ()):
            if f not in out:
                out.add(f)
                todo.append(f)
    return out


def features_used(seen, code):
    """The features the instructions of the objects in seen need, with
    those IMPLIES brings. An unknown instruction adds none: check_row
    reports it."""
    used = set()
    for obj in seen:
        for _, mnem, operands, enc in code[obj][0]:
            try:
                used |= needs(mnem, operands, enc)
            except Unknown:
                pass
    return with_implied(used)


def check_unused(row, label, have, used):
    """Messages for each feature row (family, name) names that used does
    not hold and NAMED_WITHOUT_INSTRUCTION does not excuse."""
    excused = set(NAMED_WITHOUT_INSTRUCTION.get(row, {}))
    return [f"{label}: its needs name {f}, which nothing its code can reach needs: drop it, "
            "or say in NAMED_WITHOUT_INSTRUCTION why it is there"
            for f in sorted(have - used - excused)]


def check(program, asm_objects):
    """Every problem with the rows program's registry over asm_objects,
    and a summary of what was checked."""
    objects = {}
    for obj in asm_objects:
        for sym in defined_symbols(obj):
            objects[sym] = obj
    code = {obj: disassemble(obj) for obj in asm_objects}
    program_syms = defined_symbols(program)
    by_addr = {}
    for sym, addr in program_syms.items():
        by_addr.setdefault(addr, []).append(sym)
    problems, checked, reached, rows = [], 0, set(), []
    for family, name, have, offset in rows_of(program):
        label = f"{family} {name}"
        if offset is None:
            continue
        syms = [s for s in by_addr.get(program_syms["main"] + offset, []) if s in objects]
        if not syms:
            if have:
                problems.append(f"{label}: needs {','.join(sorted(have))} but its code is "
                                "not in asm/: this check cannot see it")
            continue
        rows.append(((family, name), f"{label} ({syms[0]})", have, objects[syms[0]]))
    entry_needs = {}   # object -> the needs of the rows whose function it defines
    for _, _, have, start in rows:
        entry_needs.setdefault(start, set()).update(have)
    for row, label, have, start in rows:
        found, seen = check_row(label, have, objects, start, code)
        used = features_used(seen, code)
        for obj in sorted(seen - {start}):
            used |= entry_needs.get(obj, set())
            if entry_needs.get(obj, set()) - have:
                found.append(f"{label}: reaches {obj}, a row's function needing "
                             f"{','.join(sorted(entry_needs[obj] - have))}, which the row's "
                             "needs do not name")
        problems += found + check_unused(row, label, have, used)
        reached |= seen
        checked += 1
    problems += [f"{obj}: no registry row reaches it"
                 for obj in asm_objects if obj not in reached and code[obj][0]]
    return problems, f"{checked} rows, {len(reached)} objects"


def main(argv):
    if len(argv) < 3:
        sys.exit("usage: check_isa.py ROWS_PROGRAM ASM_OBJECT...")
    problems, summary = check(argv[1], argv[2:])
    for p in problems:
        print(f"check-isa: {p}", file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"check-isa: {summary}: every instruction is one the row's needs name, "
          "every feature named one an instruction needs")


if __name__ == "__main__":
    main(sys.argv)
