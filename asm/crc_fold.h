/* SPDX-License-Identifier: MIT */
/* crc_fold.h - one folding CRC for any reflected CRC of 32 or 64 bits.
 *
 * CRC_FOLD_FUNC name, w, e, vw, nacc, pfx[, hw]
 *
 * emits the function
 *
 *     uint<w>_t name(uint<w>_t crc, const uint8_t *data, size_t len);
 *
 *   w     the CRC width, 32 or 64;
 *   e     the constant term of Q (below), from the constants header;
 *   vw    the vector width of the bulk loop: 16 (xmm, legacy SSE
 *         encodings throughout; needs PCLMULQDQ, SSSE3 and SSE4.1), 32
 *         (ymm, VEX encodings throughout, vzeroupper before returning;
 *         needs AVX, AVX2, VPCLMULQDQ and PCLMULQDQ) or 64 (zmm, EVEX
 *         for the zmm and k registers and vpternlogq, VEX for the rest,
 *         vzeroupper before returning; needs AVX512F, AVX512VL,
 *         AVX512BW, VPCLMULQDQ, AVX and PCLMULQDQ, and AVX2 unless the
 *         end is the crc32 instruction's, as CRC-32C's is);
 *   nacc  the accumulators of the bulk loop, 2, 4 or 8 (it folds
 *         nacc * vw bytes a round);
 *   pfx   the label prefix of the constants (<CRC>_FOLD_CONSTS pfx of
 *         the generated header, asm/gen_crc_fold_constants.py, and for
 *         vw = 64 also its <CRC>_FOLD_CONSTS_ZMM pfx) and of
 *         CRC_FOLD_TABLES pfx (this file), all in the kernel's RODATA;
 *   hw    1: CRC-32C with the crc32 instruction (w = 32, vw = 64 only;
 *         needs SSE4.2 too, and the including file includes
 *         crc32c_tail.h): one chain of crc32 under 64 bytes, two crc32q
 *         in place of phase 5 (the generated zmm end tables of CRC-32C
 *         are this end's); default 0.
 *
 * Contract: crc is the un-inverted register (the caller does the initial
 * and final inversion); any len including 0 (crc comes back unchanged);
 * any alignment; reads only data[0 .. len) (vw = 64: bytes outside it
 * are masked off in the loads, never read); writes no memory (not even
 * the red zone).  Clobbers rax, rcx, rdx, rsi, rdi, r8, xmm0-xmm11
 * (ymm0-ymm11 for vw = 32; zmm0-zmm9, zmm16-zmm30 and k1 for vw = 64)
 * and the flags.  A leaf function with no stack frame.
 *
 * Idea.  Work modulo Q = P * x^(64-w), of degree 64 for both widths:
 * X * x^64 mod Q = x^(64-w) * (X * x^w mod P), which as a reflected
 * qword is the w-bit register in its low w bits, so one code serves
 * both.  A 16-byte lane loaded from the message holds in bit i (byte
 * major, LSB first) the coefficient of x^(127-i) relative to its end: its
 * first qword H is worth H * x^64, its second G is G.  pclmulqdq of two
 * such qwords is a * b * x.  The register r of a message of n bytes is
 * worth r * x^(8n-w), so it is xored onto the first w/8 bytes.
 *   1. len >= nacc * vw: nacc accumulators take the first nacc * vw
 *      bytes and fold onto each following nacc * vw: a lane X = H*x^64
 *      + G moves D bits on as pclmul(H, x^(D+63)) ^ pclmul(G, x^(D-1))
 *      (all constants mod Q; every 128-bit lane of a ymm the same pair,
 *      broadcast).  Then halving folds: acc_i onto acc_(i+nacc/2) by
 *      nacc/2 * vw bytes, and so on, into acc_0.  (vw = 64: from 257
 *      bytes, with nacc = 8 from 512, 257..511 then one accumulator;
 *      no halving: phase Z.)
 *   2. ymm only: acc_0 folds by 32 bytes onto each further 32, then its
 *      low lane folds by 16 onto its high lane (an xmm X).
 *   3. X folds by 16 onto each further whole 16 bytes.  The last
 *      r = len mod 16 bytes: X * x^(8r) = O * x^128 + A, A = X's last
 *      16 - r bytes moved to the front, O = its first r bytes moved to
 *      the back (two pshufb from one table); A's last r bytes are then
 *      the data's (the 16 bytes ending at the end, masked), and O folds
 *      by 16 onto that.
 *   4. T = pclmul(H, x^127 mod Q) ^ G * x^64 = X * x^64, 128 bits.
 *   5. Barrett, exact: with T = T1 * x^64 + T0, mu = floor(x^127 / Q)
 *      and c = floor(Q / x) (both of degree 63): q = floor(T1 * mu /
 *      x^63) = floor(T / Q) is qword 0 of pclmul(T1, mu), and
 *      T mod Q = T0 ^ qword 1 of pclmul(q, c) ^ e * q.  The register is
 *      the low w bits of that.
 * Under 16 bytes the message (n bytes) is gathered in general registers
 * by two overlapping loads, the register xored onto its first bytes:
 *   8..15: the value with the message in bytes 16-n .. 15 is an X
 *          (phases 4 and 5);
 *   1..7:  the value with the message in bytes 8-n .. 7 (and the
 *          register from byte 8-n on) is r * x^(8n+64-w) + M * x^64,
 *          already a T (phase 5).
 * Phase Z, vw = 64, in place of phases 2 to 4 from 16 bytes on.  Each
 * fold is two vpclmulqdq and one vpternlogq (the two products and the
 * data).  The multiplier, one vpclmulqdq (of any width) every other
 * cycle on Zen 5, bounds every length, so the steps are chosen for the
 * fewest products and, where they tie, the shortest chain from the
 * register in to the register out (a stream of calls waits on it):
 *   Z1. after the bulk loop every accumulator folds onto the last at
 *      once (acc_i by (nacc - 1 - i) * 64 bytes, a tree of vpternlogq);
 *      the whole 64-byte blocks left (at most 3; nacc = 8: 4, then 3)
 *      fold with it onto the last of them in one step, the same way;
 *   Z2. the last r = len mod 64 bytes are loaded into the top of a zmm
 *      behind zeros (a byte-masked load), acc_0 folds by r onto them;
 *   Z3. lane i (of 4) moves 16 (3 - i) + 8 bytes on: the four products
 *      xor to a T (phase 4 for all lanes at once; lane 3's pair is
 *      { x^127, x^63 }), which phase 5 reduces.  hw: the lanes move 16
 *      (3 - i) bytes, mod P (lane 3 by { x^63, x^-1 }), to an X that is
 *      the message mod P; two crc32q over it from a zero register give
 *      X * x^32 mod P, the register, two products fewer than phase 5.
 *   16..256 bytes skip phase 1: each block e (e = 0 the last, the first
 *   one partial, masked as in Z2) moves straight to a T with the pairs
 *   of Z3 moved 64e bytes further, and the register, kept out of the
 *   data, becomes a T of its own with one product (as qword 0 of xmm0
 *   it is worth itself * x^(8 len - 64), times x^(8 len - 1) mod Q),
 *   xored in last; when the first block is whole, the register is
 *   xored onto it instead (one product less).  Exactly 16 bytes are an
 *   X for phases 4 and 5 (three products, not five).  (hw: from 64
 *   bytes, and the register's factor is x^(8 len - 65) mod P, to an X.)
 * asm/gen_crc_fold_constants.py computes every constant from P and
 * checks the Barrett identity, the check value and the zmm short path
 * (both ends) on its own model.
 */
#ifndef SIMDSUM_CRC_FOLD_H
#define SIMDSUM_CRC_FOLD_H

#define CF_DATA	%rsi
#define CF_LEN	%rdx

/* ---- Instruction forms for both encodings ----
 * .Lcf_vex (set by CRC_FOLD_FUNC) picks VEX (v-prefixed, three
 * operands) or legacy SSE (two operands: the source copied into the
 * destination first); .Lcf_zmm (vw = 64, with .Lcf_vex) the EVEX forms
 * the zmm registers need.  Operand order is AT&T: d = b OP a. */

/* d = b OP a */
.macro CF_OP op, a, b, d
.if .Lcf_vex
	v\op	\a, \b, \d
.else
	.ifnc \b, \d
	movdqa	\b, \d
	.endif
	\op	\a, \d
.endif
.endm

/* d = b OP(imm) a (pclmulqdq) */
.macro CF_OPI op, imm, a, b, d
.if .Lcf_vex
	v\op	\imm, \a, \b, \d
.else
	.ifnc \b, \d
	movdqa	\b, \d
	.endif
	\op	\imm, \a, \d
.endif
.endm

/* d = s OP(imm) (byte shifts) */
.macro CF_SHI op, imm, s, d
.if .Lcf_vex
	v\op	\imm, \s, \d
.else
	.ifnc \s, \d
	movdqa	\s, \d
	.endif
	\op	\imm, \d
.endif
.endm

/* Two-operand forms (moves, extracts): the same operands, v prefix. */
.macro CF_MOV op, a, d
.if .Lcf_vex
	v\op	\a, \d
.else
	\op	\a, \d
.endif
.endm
.macro CF_MOVI op, imm, a, d
.if .Lcf_vex
	v\op	\imm, \a, \d
.else
	\op	\imm, \a, \d
.endif
.endm

/* acc ^= the vector at mem (SSE needs an aligned memory operand, so it
 * loads into tmp first; a zmm needs the EVEX vpxorq). */
.macro CF_XORMEM mem, acc, tmp
.if .Lcf_zmm
	vpxorq	\mem, \acc, \acc
.elseif .Lcf_vex
	vpxor	\mem, \acc, \acc
.else
	movdqu	\mem, \tmp
	pxor	\tmp, \acc
.endif
.endm

/* acc = acc folded by the pair(s) in k, plus the vector at mem: two
 * products (lane by lane), the data onto one, then the other onto it
 * (zmm: the two products and the data in one vpternlogq).  tmp and
 * tmp2 are scratch. */
.macro CF_FOLD_MEM acc, k, mem, tmp, tmp2
.if .Lcf_zmm
	vpclmulqdq $0x00, \k, \acc, \tmp
	vpclmulqdq $0x11, \k, \acc, \acc
	vpternlogq $0x96, \mem, \tmp, \acc
.elseif .Lcf_vex
	vpclmulqdq $0x00, \k, \acc, \tmp
	vpclmulqdq $0x11, \k, \acc, \acc
	vpxor	\mem, \tmp, \tmp
	vpxor	\tmp, \acc, \acc
.else
	movdqa	\acc, \tmp
	pclmulqdq $0x00, \k, \acc
	pclmulqdq $0x11, \k, \tmp
	movdqu	\mem, \tmp2
	pxor	\tmp2, \acc
	pxor	\tmp, \acc
.endif
.endm

/* acc = acc folded by the pair(s) in k, plus src (a register). */
.macro CF_FOLD_REG acc, k, src, tmp
	CF_OPI	pclmulqdq, $0x00, \k, \acc, \tmp
	CF_OPI	pclmulqdq, $0x11, \k, \acc, \acc
.if .Lcf_zmm
	vpternlogq $0x96, \src, \tmp, \acc
.else
	CF_OP	pxor, \src, \tmp, \tmp
	CF_OP	pxor, \tmp, \acc, \acc
.endif
.endm

/* d = the vw bytes at mem (a zmm needs the EVEX vmovdqu64). */
.macro CF_LOADU mem, d
.if .Lcf_zmm
	vmovdqu64 \mem, \d
.else
	CF_MOV	movdqu, \mem, \d
.endif
.endm

/* k = the fold pair for bytes (an expression) at pfx_fold_<bytes>, in
 * every 128-bit lane of a vw-byte register. */
.macro CF_KLOAD vw, pfx, bytes, k
	.irp	d, 16, 32, 64, 128, 256, 512
	.if	(\bytes) == \d
	.if	\vw == 64
	vbroadcasti32x4 \pfx\()_fold_\d(%rip), \k
	.elseif	\vw == 32
	vbroadcasti128 \pfx\()_fold_\d(%rip), \k
	.else
	CF_MOV	movdqa, \pfx\()_fold_\d(%rip), \k
	.endif
	.endif
	.endr
.endm

/* Phase 5 and the return: T in xmm0 to the register in eax / rax. */
.macro CF_BARRETT w, e, vw, pfx
	CF_MOV	movdqa, \pfx\()_barrett(%rip), %xmm8
	CF_OPI	pclmulqdq, $0x00, %xmm8, %xmm0, %xmm1	/* q in qword 0 */
	CF_OPI	pclmulqdq, $0x10, %xmm8, %xmm1, %xmm2	/* q * c */
.if \e
	CF_SHI	pslldq, $8, %xmm1, %xmm1		/* q in qword 1 */
	CF_OP	pxor, %xmm1, %xmm0, %xmm0
.endif
	CF_OP	pxor, %xmm2, %xmm0, %xmm0
.if \w == 32
	CF_MOVI	pextrd, $2, %xmm0, %eax
.else
	CF_MOVI	pextrq, $1, %xmm0, %rax
.endif
.if \vw >= 32
	vzeroupper
.endif
	ret
.endm

/* ---- Phase Z (vw = 64) ---- */

/* The end: phase 5 on the T in xmm0, or (hw, CRC-32C) two crc32q over
 * the 128 bits X in xmm0 (congruent to the message mod P), from a zero
 * register: X * x^32 mod P, the register. */
.macro CF_ZMM_RET w, e, pfx, hw
.if \hw
	vmovq	%xmm0, %rcx
	vpextrq	$1, %xmm0, %r8
	xor	%eax, %eax
	crc32q	%rcx, %rax
	crc32q	%r8, %rax
	vzeroupper
	ret
.else
	CF_BARRETT \w, \e, 64, \pfx
.endif
.endm

/* Z1 helpers, each a list walked by recursion.  CF_ZMM_PAIRS pfx,
 * (bytes, k)...: zmm<k> = the fold pair for bytes in every lane.
 * CF_ZMM_LOADS (off, r)...: zmm<r> = the 64 bytes at off(CF_DATA).
 * CF_ZMM_MULS (k, acc, lo)...: zmm<acc> by the pair in zmm<k>, its two
 * products in zmm<lo> and zmm<acc>.  All the pairs first, then all the
 * loads, then all the products: independent, they issue back to back. */
.macro CF_ZMM_PAIRS pfx, bytes, k, rest:vararg
	vbroadcasti32x4 \pfx\()_fold_\bytes(%rip), %zmm\k
.ifnb \rest
	CF_ZMM_PAIRS \pfx, \rest
.endif
.endm

.macro CF_ZMM_LOADS off, r, rest:vararg
	vmovdqu64 \off(CF_DATA), %zmm\r
.ifnb \rest
	CF_ZMM_LOADS \rest
.endif
.endm

.macro CF_ZMM_MULS k, acc, lo, rest:vararg
	vpclmulqdq $0x00, %zmm\k, %zmm\acc, %zmm\lo
	vpclmulqdq $0x11, %zmm\k, %zmm\acc, %zmm\acc
.ifnb \rest
	CF_ZMM_MULS \rest
.endif
.endm

/* zmm1 ^= block j, the 64 bytes at -back(CF_DATA), folded by the pair
 * at k(%rdi) (j = back / 64 - 1), through zmm<r> and zmm<lo>. */
.macro CF_ZMM_TAIL_BLOCK back, k, r, lo
	vmovdqu64 -\back(CF_DATA), %zmm\r
	vpclmulqdq $0x00, \k(%rdi), %zmm\r, %zmm\lo
	vpclmulqdq $0x11, \k(%rdi), %zmm\r, %zmm\r
	vpternlogq $0x96, %zmm\lo, %zmm\r, %zmm1
.endm

/* Z1: the accumulators zmm0 .. zmm<nacc-1> into zmm0 at once: acc_i
 * by (nacc - 1 - i) * 64 bytes with the pair in zmm16 + i, its products
 * in zmm24 + i and acc_i, a tree of vpternlogq onto acc_(nacc-1). */
.macro CF_ZMM_COMBINE nacc, pfx
.if \nacc == 2
	vbroadcasti32x4 \pfx\()_fold_64(%rip), %zmm16
	CF_FOLD_REG %zmm0, %zmm16, %zmm1, %zmm24
.elseif \nacc == 4
	CF_ZMM_PAIRS \pfx, 192, 16, 128, 17, 64, 18
	CF_ZMM_MULS 16, 0, 24, 17, 1, 25, 18, 2, 26
	vpternlogq $0x96, %zmm24, %zmm3, %zmm0
	vpternlogq $0x96, %zmm25, %zmm1, %zmm26
	vpternlogq $0x96, %zmm26, %zmm2, %zmm0
.else
	CF_ZMM_PAIRS \pfx, 448, 16, 384, 17, 320, 18, 256, 19, 192, 20, 128, 21, 64, 22
	CF_ZMM_MULS 16, 0, 24, 17, 1, 25, 18, 2, 26, 19, 3, 27, 20, 4, 28, 21, 5, 29, 22, 6, 30
	vpternlogq $0x96, %zmm24, %zmm7, %zmm0
	vpternlogq $0x96, %zmm25, %zmm1, %zmm26
	vpternlogq $0x96, %zmm27, %zmm2, %zmm3
	vpternlogq $0x96, %zmm28, %zmm4, %zmm29
	vpternlogq $0x96, %zmm30, %zmm5, %zmm6
	vpternlogq $0x96, %zmm26, %zmm3, %zmm0
	vpternlogq $0x96, %zmm29, %zmm6, %zmm0
.endif
.endm

/* Z1: zmm0 and the next n whole blocks B_1 .. B_n (n = 1 .. 4) into zmm0
 * at once: zmm0 by 64n bytes, B_j by 64(n - j), B_n as it is (the pairs
 * in zmm16.., the products in zmm24.., the blocks in zmm1..). */
.macro CF_ZMM_FLAT n, pfx
.if \n == 1
	vbroadcasti32x4 \pfx\()_fold_64(%rip), %zmm16
	CF_FOLD_MEM %zmm0, %zmm16, (CF_DATA), %zmm24, %zmm25
.elseif \n == 2
	CF_ZMM_PAIRS \pfx, 128, 16, 64, 17
	CF_ZMM_LOADS 0, 1
	CF_ZMM_MULS 16, 0, 24, 17, 1, 25
	vpternlogq $0x96, 64(CF_DATA), %zmm24, %zmm0
	vpternlogq $0x96, %zmm25, %zmm1, %zmm0
.elseif \n == 3
	CF_ZMM_PAIRS \pfx, 192, 16, 128, 17, 64, 18
	CF_ZMM_LOADS 0, 1, 64, 2
	CF_ZMM_MULS 16, 0, 24, 17, 1, 25, 18, 2, 26
	vpternlogq $0x96, 128(CF_DATA), %zmm24, %zmm0
	vpternlogq $0x96, %zmm25, %zmm1, %zmm26
	vpternlogq $0x96, %zmm26, %zmm2, %zmm0
.else
	CF_ZMM_PAIRS \pfx, 256, 16, 192, 17, 128, 18, 64, 19
	CF_ZMM_LOADS 0, 1, 64, 2, 128, 3
	CF_ZMM_MULS 16, 0, 24, 17, 1, 25, 18, 2, 26, 19, 3, 27
	vpternlogq $0x96, 192(CF_DATA), %zmm24, %zmm0
	vpternlogq $0x96, %zmm25, %zmm1, %zmm26
	vpternlogq $0x96, %zmm27, %zmm2, %zmm3
	vpternlogq $0x96, %zmm26, %zmm3, %zmm0
.endif
	add	$64 * \n, CF_DATA
	sub	$64 * \n, CF_LEN
.endm

/* k1 = the top (64 - cl) bytes of a zmm (rax scratch). */
.macro CF_ZMM_TOPMASK
	mov	$-1, %rax
	shl	%cl, %rax
	kmovq	%rax, %k1
.endm

/* The four lanes of zmm<n> to two, xmm<n> and xmm<t>, that the caller
 * xors into its sum (with a third term, in one vpternlogq); t1, t2
 * scratch.  hw: lanes 0 ^ 1 ^ 2 and lane 3, three extracts side by side
 * (measured: the chain of calls 3-6% faster at 64 to 256 bytes);
 * otherwise the halves of zmm<n> xored, then that ymm's lanes, one
 * extract less for the multiplier's port, which the Barrett reduction
 * keeps busier (measured: 8% faster at 64 bytes, independent calls). */
.macro CF_ZMM_HSUM n, t, t1, t2, hw
.if \hw
	vextracti32x4 $1, %zmm\n, %xmm\t1
	vextracti32x4 $2, %zmm\n, %xmm\t2
	vextracti32x4 $3, %zmm\n, %xmm\t
	vpternlogq $0x96, %xmm\t1, %xmm\t2, %xmm\n
.else
	vextracti64x4 $1, %zmm\n, %ymm\t
	vpxor	%ymm\t, %ymm\n, %ymm\n
	vextracti128 $1, %ymm\n, %xmm\t
.endif
.endm

/* Z1 to Z3 and phase 5: zmm0 holds the message up to CF_DATA folded into
 * four lanes (its last lane ending there), CF_LEN < nacc * 64 bytes
 * follow; returns the register. */
.macro CF_ZMM_END name, w, e, nacc, pfx, hw
/* ---- Z1: the whole blocks left, with acc_0, into one ---- */
.if \nacc == 8
	cmp	$256, CF_LEN
	jb	.L\name\()_lt256
	CF_ZMM_FLAT 4, \pfx
.L\name\()_lt256:
.endif
	cmp	$128, CF_LEN
	jb	.L\name\()_lt128
	cmp	$192, CF_LEN
	jb	.L\name\()_two
	CF_ZMM_FLAT 3, \pfx
	jmp	.L\name\()_part
.L\name\()_two:
	CF_ZMM_FLAT 2, \pfx
	jmp	.L\name\()_part
.L\name\()_lt128:
	cmp	$64, CF_LEN
	jb	.L\name\()_part
	CF_ZMM_FLAT 1, \pfx
/* ---- Z2: the last r = len mod 64 bytes ---- */
.L\name\()_part:
	test	CF_LEN, CF_LEN
	jz	.L\name\()_lanes
	mov	$64, %ecx
	sub	%edx, %ecx
	CF_ZMM_TOPMASK
	vmovdqu8 -64(CF_DATA, CF_LEN), %zmm1{%k1}{z}	/* behind zeros */
	shl	$4, CF_LEN
	lea	\pfx\()_fold_r(%rip), %rax
	vbroadcasti32x4 (%rax, CF_LEN), %zmm8
	CF_FOLD_REG %zmm0, %zmm8, %zmm1, %zmm9
/* ---- Z3: the four lanes into a T, phase 5 ---- */
.L\name\()_lanes:
	vpclmulqdq $0x00, \pfx\()_fold_lanes(%rip), %zmm0, %zmm9
	vpclmulqdq $0x11, \pfx\()_fold_lanes(%rip), %zmm0, %zmm0
	vpxorq	%zmm9, %zmm0, %zmm0
	CF_ZMM_HSUM 0, 1, 2, 3, \hw
	vpxor	%xmm1, %xmm0, %xmm0
	CF_ZMM_RET \w, \e, \pfx, \hw
.endm

/* 16 <= len <= 256 (zmm0 = the register, zero-extended): every block
 * straight into a T, the register into a T of its own (phase Z), then
 * phase 5.  nacc = 8 adds the entry for 256 < len < 512. */
.macro CF_ZMM_UPTO256 name, w, e, nacc, pfx, hw
.if !\hw
	cmp	$64, CF_LEN
	jb	.L\name\()_small
.endif
	lea	-1(CF_LEN), %r8
	shr	$6, %r8
	shl	$6, %r8				/* 64 e_max, the first block's e */
	lea	64(%r8), %rcx
	sub	CF_LEN, %rcx			/* 64 - its bytes */
	CF_ZMM_TOPMASK
	lea	(CF_DATA, CF_LEN), %rax
	sub	%r8, %rax
	vmovdqu8 -64(%rax), %zmm1{%k1}{z}	/* block e_max, behind zeros */
	test	$63, %dl
	jnz	1f
	vpxorq	%zmm0, %zmm1, %zmm1		/* whole: the register onto it */
	vpxor	%xmm0, %xmm0, %xmm0
	jmp	2f
1:
	lea	\pfx\()_reg_len(%rip), %rax
	vpclmulqdq $0x00, (%rax, CF_LEN, 8), %xmm0, %xmm0	/* the register's T */
2:
	add	CF_LEN, CF_DATA			/* the end */
	lea	\pfx\()_fold_lanes(%rip), %rdi
	vpclmulqdq $0x00, (%rdi, %r8), %zmm1, %zmm24
	vpclmulqdq $0x11, (%rdi, %r8), %zmm1, %zmm1
	test	%r8, %r8
	jz	.L\name\()_sum
	CF_ZMM_TAIL_BLOCK 64, 0, 2, 25	/* block 0 */
	cmp	$128, %r8
	jb	.L\name\()_sum
	CF_ZMM_TAIL_BLOCK 128, 64, 3, 26	/* block 1 */
	cmp	$192, %r8
	jb	.L\name\()_sum
	CF_ZMM_TAIL_BLOCK 192, 128, 4, 27	/* block 2 */
.if !\hw
	jmp	.L\name\()_sum
.L\name\()_small:
	/* 16 <= len < 64: one partial block (no e_max to find); exactly
	 * 16 bytes are an X, phases 4 and 5 (three products, not five) */
	cmp	$16, CF_LEN
	je	.L\name\()_x16
	mov	$64, %ecx
	sub	%edx, %ecx
	CF_ZMM_TOPMASK
	vmovdqu8 -64(CF_DATA, CF_LEN), %zmm1{%k1}{z}
	lea	\pfx\()_reg_len(%rip), %rax
	vpclmulqdq $0x00, (%rax, CF_LEN, 8), %xmm0, %xmm0	/* the register's T */
	vpclmulqdq $0x00, \pfx\()_fold_lanes(%rip), %zmm1, %zmm24
	vpclmulqdq $0x11, \pfx\()_fold_lanes(%rip), %zmm1, %zmm1
.endif
.L\name\()_sum:
	vpxorq	%zmm24, %zmm1, %zmm1
	CF_ZMM_HSUM 1, 2, 3, 4, \hw
	vpternlogq $0x96, %xmm2, %xmm1, %xmm0	/* the register's T last */
	CF_ZMM_RET \w, \e, \pfx, \hw
.if !\hw
.L\name\()_x16:
	vpxor	(CF_DATA), %xmm0, %xmm0
	jmp	.L\name\()_final
.endif
.if \nacc == 8
.L\name\()_medium512:
	/* 256 < len < 512: one accumulator, then CF_ZMM_END */
	vpxorq	(CF_DATA), %zmm0, %zmm0
	add	$64, CF_DATA
	sub	$64, CF_LEN
	jmp	.L\name\()_one
.endif
.endm

/* CRC_FOLD_TABLES pfx: the tail's masks.  pfx_shuf, 48 bytes: pshufb
 * controls, 16 at offset 16 + r move a lane r bytes toward byte 0 and
 * 16 at offset r move its first r bytes to the back (0x80 clears).
 * pfx_keep, 32 bytes: 16 at offset r keep a lane's last r bytes. */
.macro CRC_FOLD_TABLES pfx
	.p2align 4
\pfx\()_shuf:
	.fill	16, 1, 0x80
	.byte	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.fill	16, 1, 0x80
\pfx\()_keep:
	.fill	16, 1, 0x00
	.fill	16, 1, 0xff
.endm

.macro CRC_FOLD_FUNC name, w, e, vw, nacc, pfx, hw=0
	.set	.Lcf_zmm, 0
.if \vw == 64
	.set	.Lcf_vex, 1
	.set	.Lcf_zmm, 1
	CRC_FOLD_BODY \name, \w, \e, \vw, \nacc, \pfx, zmm, \hw
.elseif \vw == 32
	.set	.Lcf_vex, 1
	CRC_FOLD_BODY \name, \w, \e, \vw, \nacc, \pfx, ymm, \hw
.else
	.set	.Lcf_vex, 0
	CRC_FOLD_BODY \name, \w, \e, \vw, \nacc, \pfx, xmm, \hw
.endif
.endm

.macro CRC_FOLD_BODY name, w, e, vw, nacc, pfx, vr, hw
.if (\w != 32 && \w != 64) || (\vw != 16 && \vw != 32 && \vw != 64) || (\nacc != 2 && \nacc != 4 && \nacc != 8)
	.error	"CRC_FOLD_FUNC: w must be 32 or 64, vw 16, 32 or 64, nacc 2, 4 or 8"
.endif
.if \hw && (\w != 32 || \vw != 64)
	.error	"CRC_FOLD_FUNC: hw = 1 (CRC-32C's crc32 instruction) needs w = 32, vw = 64"
.endif
FUNC_BEGIN \name
/* ---- Phase 0: dispatch on the length; the register into xmm0 ---- */
.if \hw
	mov	%edi, %eax
	cmp	$64, CF_LEN
	jb	.L\name\()_chain
.else
	cmp	$16, CF_LEN
	jb	.L\name\()_short
.endif
.if \w == 32
	CF_MOV	movd, %edi, %xmm0
.else
	CF_MOV	movq, %rdi, %xmm0
.endif
.if \vw == 64
	cmp	$256, CF_LEN
	jbe	.L\name\()_medium
.if \nacc == 8
	cmp	$512, CF_LEN
	jb	.L\name\()_medium512
.endif
.else
	cmp	$\nacc * \vw, CF_LEN
	jb	.L\name\()_medium
.endif

/* ---- Phase 1: nacc accumulators, nacc * vw bytes a round ---- */
	CF_XORMEM (CF_DATA), %\vr\()0, %\vr\()9
	.irp	i, 1, 2, 3, 4, 5, 6, 7
	.if	\i < \nacc
	CF_LOADU \i*\vw(CF_DATA), %\vr\()\i
	.endif
	.endr
	add	$\nacc * \vw, CF_DATA
	sub	$\nacc * \vw, CF_LEN
	cmp	$\nacc * \vw, CF_LEN
	jb	.L\name\()_combine
	CF_KLOAD \vw, \pfx, \nacc*\vw, %\vr\()8
	.p2align 5
.L\name\()_bulk:
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	.if	\i < \nacc
	CF_FOLD_MEM %\vr\()\i, %\vr\()8, \i*\vw(CF_DATA), %\vr\()9, %\vr\()10
	.endif
	.endr
	add	$\nacc * \vw, CF_DATA
	sub	$\nacc * \vw, CF_LEN
	cmp	$\nacc * \vw, CF_LEN
	jae	.L\name\()_bulk

/* ---- Phase 1b: halving folds into acc_0 ---- */
.L\name\()_combine:
.if \vw == 64
	CF_ZMM_COMBINE \nacc, \pfx		/* (Z1: all at once) */
.else
.if \nacc >= 8
	CF_KLOAD \vw, \pfx, 4*\vw, %\vr\()8
	CF_FOLD_REG %\vr\()0, %\vr\()8, %\vr\()4, %\vr\()9
	CF_FOLD_REG %\vr\()1, %\vr\()8, %\vr\()5, %\vr\()10
	CF_FOLD_REG %\vr\()2, %\vr\()8, %\vr\()6, %\vr\()11
	CF_FOLD_REG %\vr\()3, %\vr\()8, %\vr\()7, %\vr\()9
.endif
.if \nacc >= 4
	CF_KLOAD \vw, \pfx, 2*\vw, %\vr\()8
	CF_FOLD_REG %\vr\()0, %\vr\()8, %\vr\()2, %\vr\()9
	CF_FOLD_REG %\vr\()1, %\vr\()8, %\vr\()3, %\vr\()10
.endif
	CF_KLOAD \vw, \pfx, \vw, %\vr\()8
	CF_FOLD_REG %\vr\()0, %\vr\()8, %\vr\()1, %\vr\()9
.endif

.L\name\()_one:
.if \vw == 64
	CF_ZMM_END \name, \w, \e, \nacc, \pfx, \hw
.else
/* ---- Phase 2 (ymm): by 32 bytes, then the ymm into an xmm ---- */
.if \vw == 32
	cmp	$32, CF_LEN
	jb	.L\name\()_to_xmm
	vbroadcasti128 \pfx\()_fold_32(%rip), %ymm8
.L\name\()_by32:
	CF_FOLD_MEM %ymm0, %ymm8, (CF_DATA), %ymm9, %ymm10
	add	$32, CF_DATA
	sub	$32, CF_LEN
	cmp	$32, CF_LEN
	jae	.L\name\()_by32
.L\name\()_to_xmm:
	vmovdqa	\pfx\()_fold_16(%rip), %xmm8
	vextracti128 $1, %ymm0, %xmm1
	CF_FOLD_REG %xmm0, %xmm8, %xmm1, %xmm9
.else
	CF_MOV	movdqa, \pfx\()_fold_16(%rip), %xmm8
.endif

/* ---- Phase 3: by 16 bytes, then the last len mod 16 ---- */
.L\name\()_by16:
	cmp	$16, CF_LEN
	jb	.L\name\()_tail
1:
	CF_FOLD_MEM %xmm0, %xmm8, (CF_DATA), %xmm9, %xmm10
	add	$16, CF_DATA
	sub	$16, CF_LEN
	cmp	$16, CF_LEN
	jae	1b
.L\name\()_tail:
	test	CF_LEN, CF_LEN
	jz	.L\name\()_final
	/* (a macro argument splits at any comma: no (base,index) there) */
	lea	\pfx\()_shuf(%rip), %rax
	lea	\pfx\()_keep(%rip), %rcx
	add	CF_LEN, %rax
	add	CF_LEN, %rcx
	add	CF_LEN, CF_DATA
	CF_MOV	movdqu, -16(CF_DATA), %xmm1		/* L: ends at the end */
	CF_MOV	movdqu, 16(%rax), %xmm2			/* A's control */
	CF_MOV	movdqu, (%rax), %xmm3			/* O's control */
	CF_MOV	movdqu, (%rcx), %xmm4			/* keep the last r */
	CF_OP	pshufb, %xmm2, %xmm0, %xmm5		/* A */
	CF_OP	pshufb, %xmm3, %xmm0, %xmm0		/* O */
	CF_OP	pand, %xmm4, %xmm1, %xmm1
	CF_OP	por, %xmm1, %xmm5, %xmm5		/* B */
	CF_FOLD_REG %xmm0, %xmm8, %xmm5, %xmm9
.endif

.if !\hw
/* ---- Phase 4: X * x^64 into 128 bits ---- */
.L\name\()_final:
	CF_OPI	pclmulqdq, $0x00, \pfx\()_final(%rip), %xmm0, %xmm1
	CF_SHI	psrldq, $8, %xmm0, %xmm0
	CF_OP	pxor, %xmm1, %xmm0, %xmm0

/* ---- Phase 5: Barrett, T in xmm0 to the register ---- */
.L\name\()_barrett:
	CF_BARRETT \w, \e, \vw, \pfx
.endif

/* ---- 16 <= len < nacc * vw: one accumulator ---- */
.L\name\()_medium:
.if \vw == 64
	CF_ZMM_UPTO256 \name, \w, \e, \nacc, \pfx, \hw
.else
.if \vw == 32
	cmp	$32, CF_LEN
	jb	.L\name\()_med16
	vpxor	(CF_DATA), %ymm0, %ymm0
	add	$32, CF_DATA
	sub	$32, CF_LEN
	jmp	.L\name\()_one
.L\name\()_med16:
.endif
	CF_XORMEM (CF_DATA), %xmm0, %xmm9
	add	$16, CF_DATA
	sub	$16, CF_LEN
	CF_MOV	movdqa, \pfx\()_fold_16(%rip), %xmm8
	jmp	.L\name\()_by16
.endif

.if \hw
/* ---- hw, len < 64: one chain of crc32 instructions ---- */
.L\name\()_chain:
	mov	CF_LEN, %rcx
	shr	$3, %rcx
	jz	2f
1:
	crc32q	(CF_DATA), %rax
	add	$8, CF_DATA
	sub	$1, %rcx
	jnz	1b
2:
	CRC32_TAIL CF_DATA, %eax, %dl
	ret
.else
/* ---- len < 16: the message and the register in rax (low), r8 ---- */
.L\name\()_short:
.if \w == 32
	mov	%edi, %edi			/* the register zero-extended */
.endif
	mov	%rdi, %rax
	test	CF_LEN, CF_LEN
	jz	.L\name\()_ret
	lea	(, CF_LEN, 8), %ecx		/* 8n (shifts count mod 64) */
	cmp	$8, CF_LEN
	jb	.L\name\()_short7
	/* 8..15: bytes 16-n .. 15: qword 1 the last 8 bytes, qword 0 the
	 * first n - 8 at its top (the register xored onto both) */
	xor	(CF_DATA), %rax
	mov	-8(CF_DATA, CF_LEN), %r8
	shr	%cl, %rdi			/* by 8(n - 8) */
	xor	%rdi, %r8
	neg	%ecx
	add	$56, %ecx			/* 8(15 - n) mod 64 */
	shl	$8, %rax
	shl	%cl, %rax
	CF_MOV	movq, %rax, %xmm0
	CF_OPI	pinsrq, $1, %r8, %xmm0, %xmm0
	jmp	.L\name\()_final
.L\name\()_short7:
	/* 1..7: m = the n bytes by two overlapping loads, v = m ^ r, then
	 * qword 0 = v << (64 - 8n), qword 1 = v >> 8n */
	cmp	$4, CF_LEN
	jb	.L\name\()_short3
	mov	(CF_DATA), %eax
	mov	-4(CF_DATA, CF_LEN), %r8d
	sub	$32, %ecx
	shl	%cl, %r8			/* by 8(n - 4) */
	jmp	.L\name\()_short_or
.L\name\()_short3:
	cmp	$2, CF_LEN
	jb	.L\name\()_short1
	movzwl	(CF_DATA), %eax
	movzwl	-2(CF_DATA, CF_LEN), %r8d
	sub	$16, %ecx
	shl	%cl, %r8			/* by 8(n - 2) */
	jmp	.L\name\()_short_or
.L\name\()_short1:
	movzbl	(CF_DATA), %eax
	xor	%r8d, %r8d
.L\name\()_short_or:
	or	%r8, %rax
	xor	%rdi, %rax			/* v */
	lea	(, CF_LEN, 8), %ecx
	mov	%rax, %r8
	shr	%cl, %r8			/* qword 1 */
	neg	%ecx
	shl	%cl, %rax			/* qword 0: by 64 - 8n */
	CF_MOV	movq, %rax, %xmm0
	CF_OPI	pinsrq, $1, %r8, %xmm0, %xmm0
	jmp	.L\name\()_barrett
.L\name\()_ret:
	ret
.endif
FUNC_END \name
.endm

#endif /* SIMDSUM_CRC_FOLD_H */
