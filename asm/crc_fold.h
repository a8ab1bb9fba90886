/* SPDX-License-Identifier: MIT */
/* crc_fold.h - one folding CRC for any reflected CRC of 32 or 64 bits.
 *
 * CRC_FOLD_FUNC name, w, e, vw, nacc, pfx
 *
 * emits the function
 *
 *     uint<w>_t name(uint<w>_t crc, const uint8_t *data, size_t len);
 *
 *   w     the CRC width, 32 or 64;
 *   e     the constant term of Q (below), from the constants header;
 *   vw    the vector width of the bulk loop: 16 (xmm, legacy SSE
 *         encodings throughout; needs PCLMULQDQ, SSSE3 and SSE4.1) or 32
 *         (ymm, VEX encodings throughout, vzeroupper before returning;
 *         needs AVX, AVX2 and VPCLMULQDQ);
 *   nacc  the accumulators of the bulk loop, 2, 4 or 8 (it folds
 *         nacc * vw bytes a round);
 *   pfx   the label prefix of the constants (<CRC>_FOLD_CONSTS pfx of
 *         the generated header, asm/gen_crc_fold_constants.py) and of
 *         CRC_FOLD_TABLES pfx (this file), both in the kernel's RODATA.
 *
 * Contract: crc is the un-inverted register (the caller does the initial
 * and final inversion); any len including 0 (crc comes back unchanged);
 * any alignment; reads only data[0 .. len); writes no memory (not even
 * the red zone).  Clobbers rax, rcx, rdx, rsi, rdi, r8, xmm0-xmm11
 * (ymm0-ymm11 for vw = 32) and the flags.  A leaf function with no stack
 * frame.
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
 *      nacc/2 * vw bytes, and so on, into acc_0.
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
 * asm/gen_crc_fold_constants.py computes every constant from P and
 * checks the Barrett identity and the check value on its own model.
 */
#ifndef SIMDSUM_CRC_FOLD_H
#define SIMDSUM_CRC_FOLD_H

#define CF_DATA	%rsi
#define CF_LEN	%rdx

/* ---- Instruction forms for both encodings ----
 * .Lcf_vex (set by CRC_FOLD_FUNC) picks VEX (v-prefixed, three
 * operands) or legacy SSE (two operands: the source copied into the
 * destination first).  Operand order is AT&T: d = b OP a. */

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
 * loads into tmp first). */
.macro CF_XORMEM mem, acc, tmp
.if .Lcf_vex
	vpxor	\mem, \acc, \acc
.else
	movdqu	\mem, \tmp
	pxor	\tmp, \acc
.endif
.endm

/* acc = acc folded by the pair(s) in k, plus the vector at mem: two
 * products (lane by lane), the data onto one, then the other onto it.
 * tmp and tmp2 are scratch. */
.macro CF_FOLD_MEM acc, k, mem, tmp, tmp2
.if .Lcf_vex
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
	CF_OP	pxor, \src, \tmp, \tmp
	CF_OP	pxor, \tmp, \acc, \acc
.endm

/* k = the fold pair for bytes (an expression) at pfx_fold_<bytes>, in
 * every 128-bit lane of a vw-byte register. */
.macro CF_KLOAD vw, pfx, bytes, k
	.irp	d, 16, 32, 64, 128, 256, 512
	.if	(\bytes) == \d
	.if	\vw == 32
	vbroadcasti128 \pfx\()_fold_\d(%rip), \k
	.else
	CF_MOV	movdqa, \pfx\()_fold_\d(%rip), \k
	.endif
	.endif
	.endr
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

.macro CRC_FOLD_FUNC name, w, e, vw, nacc, pfx
.if \vw == 32
	.set	.Lcf_vex, 1
	CRC_FOLD_BODY \name, \w, \e, \vw, \nacc, \pfx, ymm
.else
	.set	.Lcf_vex, 0
	CRC_FOLD_BODY \name, \w, \e, \vw, \nacc, \pfx, xmm
.endif
.endm

.macro CRC_FOLD_BODY name, w, e, vw, nacc, pfx, vr
.if (\w != 32 && \w != 64) || (\vw != 16 && \vw != 32) || (\nacc != 2 && \nacc != 4 && \nacc != 8)
	.error	"CRC_FOLD_FUNC: w must be 32 or 64, vw 16 or 32, nacc 2, 4 or 8"
.endif
FUNC_BEGIN \name
/* ---- Phase 0: dispatch on the length; the register into xmm0 ---- */
	cmp	$16, CF_LEN
	jb	.L\name\()_short
.if \w == 32
	CF_MOV	movd, %edi, %xmm0
.else
	CF_MOV	movq, %rdi, %xmm0
.endif
	cmp	$\nacc * \vw, CF_LEN
	jb	.L\name\()_medium

/* ---- Phase 1: nacc accumulators, nacc * vw bytes a round ---- */
	CF_XORMEM (CF_DATA), %\vr\()0, %\vr\()9
	.irp	i, 1, 2, 3, 4, 5, 6, 7
	.if	\i < \nacc
	CF_MOV	movdqu, \i*\vw(CF_DATA), %\vr\()\i
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

/* ---- Phase 2 (ymm): by 32 bytes, then the ymm into an xmm ---- */
.L\name\()_one:
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

/* ---- Phase 4: X * x^64 into 128 bits ---- */
.L\name\()_final:
	CF_OPI	pclmulqdq, $0x00, \pfx\()_final(%rip), %xmm0, %xmm1
	CF_SHI	psrldq, $8, %xmm0, %xmm0
	CF_OP	pxor, %xmm1, %xmm0, %xmm0

/* ---- Phase 5: Barrett, T in xmm0 to the register ---- */
.L\name\()_barrett:
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
.if \vw == 32
	vzeroupper
.endif
	ret

/* ---- 16 <= len < nacc * vw: one accumulator ---- */
.L\name\()_medium:
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
FUNC_END \name
.endm

#endif /* SIMDSUM_CRC_FOLD_H */
