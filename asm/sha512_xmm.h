/* sha512_xmm.h - the body shared by sha512_ssse3.S and sha512_avx.S:
 * SHA-512 (FIPS 180-4, 6.4.2) with the message schedule of one block in
 * XMM registers and scalar rounds that use only base x86-64 instructions.
 *
 * Included after asm.h with SHA512_XMM_AVX defined to 0 (SSSE3: two-
 * operand legacy SSE encodings, register copies where a source must
 * survive) or 1 (AVX: three-operand VEX encodings, no copies), and
 * SHA512_XMM_FUNC set to the function name.  Everything else is the same.
 *
 * void SHA512_XMM_FUNC(uint64_t state[8], const uint8_t *data, size_t nblocks);
 *
 * Contract: nblocks >= 1; reads exactly nblocks * 128 bytes at data (any
 * alignment) and state[0..7]; updates state[].  Clobbers rax, rcx, rdx,
 * rsi, rdi, r8-r11, flags, xmm0-xmm15 (the AVX form also zeroes the upper
 * halves of ymm0-ymm15: it ends with vzeroupper); preserves rbx, rbp,
 * r12-r15.  Needs SSSE3 (pshufb, palignr) or AVX.
 *
 * Idea.  Scalar rounds, arranged so that both recurrences, e -> e' and
 * a -> a', are four single-cycle operations deep:
 *
 *     e' = ((h + d) + W[t] + K[t] + Ch(e,f,g)) + Σ1(e)
 *     a' = (((b & c) - d) + (a & (b ^ c)) + e') + Σ0(a)
 *
 * (T1 = e' - d; Maj(a,b,c) = (b & c) + (a & (b ^ c)) because the two
 * terms never share a set bit).  The round carries h + d in h's register,
 * (b & c) - d instead of d, and b ^ c, each prepared one round early off
 * the critical paths; the register names rotate with a period of 4
 * rounds, done at assembly time with register symbols.  Without BMI2 a
 * rotation is a copy and a ror; the three rotations of each Σ run side
 * by side, so Σ is still three operations deep.
 *
 * The schedule computes two words (one XMM register) per two rounds and
 * stores W[t] + K[t] to an aligned stack array that the rounds add from
 * memory.  With no vector rotate, σ0 and σ1 are built from shifts:
 *     x>>>1 ^ x>>>8 ^ x>>7 = (((x>>1 ^ x)>>6 ^ x)>>1) ^ ((x<<7 ^ x)<<56)
 *     x>>>19 ^ x>>>61 ^ x>>6 = (((x>>42 ^ x)>>13 ^ x)>>6) ^ ((x<<42 ^ x)<<3)
 * (nine operations each, two of them register copies in SSE form).
 */

#include "bswap_masks.h"
#include "sha512_k.h"

/* Arguments. */
#define CTX     %rdi
#define DATA    %rsi
#define NBLOCKS %rdx

/* Stack frame (rsp aligned to 16): W[t] + K[t] for t = 0..79, then saved
 * values. */
#define WK_SIZE   (80 * 8)
#define CTX_SLOT  (WK_SIZE + 0)
#define END_SLOT  (WK_SIZE + 8)
#define RSP_SLOT  (WK_SIZE + 16)
#define FRAME     (WK_SIZE + 32)

/* IDX: byte offset of the current group of 16 rounds, both in the stack
 * array and in the constant table; KTAB: the table's address. */
#define IDX     %rdi
#define KTAB    %rbp

	/* Scalar registers.  sa..sc = a, b, c; SP = (b & c) - d;
	 * sx = b ^ c; se..sg = e, f, g; sh = h + d.  This assignment holds
	 * at every multiple of 4 rounds. */
	.set	sa, %rax
	.set	sb, %rbx
	.set	sc, %rcx
	.set	sx, %rdx
	.set	se, %r9
	.set	sf, %r10
	.set	sg, %r11
	.set	sh, %r12
#define SP %r8		/* (b & c) - d: the same register in every round */
#define T1 %r13		/* Σ1, Σ0 */
#define T2 %r14
#define T3 %r15		/* Ch; free between blocks */

	/* Message window: w0 = W[t], W[t+1] ... w7 = W[t+14], W[t+15].
	 * Back in place every 16 rounds. */
	.set	w0, %xmm0
	.set	w1, %xmm1
	.set	w2, %xmm2
	.set	w3, %xmm3
	.set	w4, %xmm4
	.set	w5, %xmm5
	.set	w6, %xmm6
	.set	w7, %xmm7
#define X0 %xmm8
#define X1 %xmm9
#define X2 %xmm10
#define BSWAP %xmm15

/* ---- Vector helpers: one name, SSE or AVX encoding ------------------- */
#if SHA512_XMM_AVX
#define MOVA vmovdqa
#define MOVU vmovdqu
#else
#define MOVA movdqa
#define MOVU movdqu
#endif

#if SHA512_XMM_AVX
/* dst = src >> n (logical, per 64-bit lane); likewise SHL. */
.macro VSRL n, src, dst
	vpsrlq	$\n, \src, \dst
.endm
.macro VSHL n, src, dst
	vpsllq	$\n, \src, \dst
.endm
/* dst ^= src; dst += src; dst = (hi:lo) >> 8 bytes */
.macro VXOR src, dst
	vpxor	\src, \dst, \dst
.endm
.macro VADDQ src, dst
	vpaddq	\src, \dst, \dst
.endm
.macro VALIGN8 lo, hi, dst
	vpalignr $8, \lo, \hi, \dst
.endm
/* dst = src + the constants at off(KTAB, IDX) */
.macro VADDK off, src, dst
	vpaddq	\off(KTAB, IDX), \src, \dst
.endm
#else
.macro VSRL n, src, dst
	.ifnc	\src, \dst
	movdqa	\src, \dst
	.endif
	psrlq	$\n, \dst
.endm
.macro VSHL n, src, dst
	.ifnc	\src, \dst
	movdqa	\src, \dst
	.endif
	psllq	$\n, \dst
.endm
.macro VXOR src, dst
	pxor	\src, \dst
.endm
.macro VADDQ src, dst
	paddq	\src, \dst
.endm
.macro VALIGN8 lo, hi, dst
	movdqa	\hi, \dst
	palignr	$8, \lo, \dst
.endm
.macro VADDK off, src, dst
	movdqa	\src, \dst
	paddq	\off(KTAB, IDX), \dst
.endm
#endif

/* One round; W[t] + K[t] is at off(%rsp, IDX). */
.macro ROUND off
	mov	se, T1
	ror	$14, T1
	mov	se, T2
	ror	$18, T2
	mov	sf, T3
	xor	sg, T3
	and	se, T3
	xor	T2, T1
	mov	se, T2
	ror	$41, T2
	xor	sg, T3			/* Ch(e,f,g) = ((f ^ g) & e) ^ g */
	add	\off(%rsp, IDX), sh	/* h + d + W[t] + K[t] */
	xor	T2, T1			/* Σ1(e) */
	add	T3, sh
	and	sa, sx			/* a & (b ^ c) */
	add	T1, sh			/* sh = e' */
	mov	sa, T1
	ror	$28, T1
	mov	sa, T2
	ror	$34, T2
	add	SP, sx			/* Maj(a,b,c) - d */
	xor	T2, T1
	mov	sa, T2
	ror	$39, T2
	add	sh, sx			/* T1 + Maj */
	xor	T2, T1			/* Σ0(a) */
	mov	sa, SP
	and	sb, SP
	add	T1, sx			/* sx = a' */
	sub	sc, SP			/* next (b & c) - d = (a & b) - c */
	add	sc, sg			/* next h + d = g + c */
	mov	sa, sc
	xor	sb, sc			/* next b ^ c = a ^ b */
	/* (a, b, c, x, e, f, g, h) <- (x, a, b, c, h, e, f, g) */
	.set	rot_, sx
	.set	sx, sc
	.set	sc, sb
	.set	sb, sa
	.set	sa, rot_
	.set	rot_, sh
	.set	sh, sg
	.set	sg, sf
	.set	sf, se
	.set	se, rot_
.endm

/* W[t+16], W[t+17] replace W[t], W[t+1] in w0; their W + K go to the
 * stack at row j + 8 of the current group.  Then the window moves on. */
.macro SCHEDULE j
	VALIGN8	w0, w1, X0		/* W[t+1], W[t+2] */
	VSRL	1, X0, X1		/* σ0 */
	VXOR	X0, X1
	VSRL	6, X1, X1
	VXOR	X0, X1
	VSRL	1, X1, X1
	VSHL	7, X0, X2
	VXOR	X0, X2
	VSHL	56, X2, X2
	VXOR	X2, X1
	VADDQ	X1, w0
	VALIGN8	w4, w5, X0		/* W[t+9], W[t+10] */
	VADDQ	X0, w0
	VSRL	42, w7, X1		/* σ1(W[t+14], W[t+15]) */
	VXOR	w7, X1
	VSRL	13, X1, X1
	VXOR	w7, X1
	VSRL	6, X1, X1
	VSHL	42, w7, X2
	VXOR	w7, X2
	VSHL	3, X2, X2
	VXOR	X2, X1
	VADDQ	X1, w0
	VADDK	16*(\j+8), w0, X0
	MOVA	X0, 16 * (\j + 8)(%rsp, IDX)
	.set	rot_, w0
	.set	w0, w1
	.set	w1, w2
	.set	w2, w3
	.set	w3, w4
	.set	w4, w5
	.set	w5, w6
	.set	w6, w7
	.set	w7, rot_
.endm

/* End of a block: recover d and h, add the block into state[], store. */
.macro ADD_STATE
	mov	CTX_SLOT(%rsp), T3
	mov	sb, T1
	and	sc, T1
	sub	SP, T1			/* d = (b & c) - ((b & c) - d) */
	sub	T1, sh			/* h */
	add	0(T3), sa
	add	8(T3), sb
	add	16(T3), sc
	add	24(T3), T1
	add	32(T3), se
	add	40(T3), sf
	add	48(T3), sg
	add	56(T3), sh
	mov	sa, 0(T3)
	mov	sb, 8(T3)
	mov	sc, 16(T3)
	mov	T1, 24(T3)
	mov	se, 32(T3)
	mov	sf, 40(T3)
	mov	sg, 48(T3)
	mov	sh, 56(T3)
.endm

/* Start of a block from a..h with d in T1: the carried forms. */
.macro PREP_STATE
	add	T1, sh			/* h + d */
	mov	sb, SP
	and	sc, SP
	sub	T1, SP			/* (b & c) - d */
	mov	sb, sx
	xor	sc, sx			/* b ^ c */
.endm

FUNC_BEGIN SHA512_XMM_FUNC
	/* ---- Phase 0: frame, arguments, state ---------------------------- */
	push	%rbp
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	mov	%rsp, %rax
	sub	$FRAME, %rsp
	and	$-16, %rsp
	mov	%rax, RSP_SLOT(%rsp)
	mov	CTX, CTX_SLOT(%rsp)
	shl	$7, NBLOCKS
	add	DATA, NBLOCKS
	mov	NBLOCKS, END_SLOT(%rsp)
	lea	.LK512(%rip), KTAB
	MOVA	.LBSWAP64(%rip), BSWAP

	mov	CTX, T3
	mov	0(T3), sa
	mov	8(T3), sb
	mov	16(T3), sc
	mov	24(T3), T1
	mov	32(T3), se
	mov	40(T3), sf
	mov	48(T3), sg
	mov	56(T3), sh

.Lloop:
	/* ---- Phase 1: load the block, first 16 W + K ---------------------- */
	PREP_STATE
	xor	IDX, IDX
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	MOVU	16 * \i(DATA), %xmm\i
#if SHA512_XMM_AVX
	vpshufb	BSWAP, %xmm\i, %xmm\i
#else
	pshufb	BSWAP, %xmm\i
#endif
	VADDK	16*\i, %xmm\i, X0
	MOVA	X0, 16 * \i(%rsp)
	.endr

	/* ---- Phase 2: rounds 0-63, schedule up to W[79] ------------------- */
.Lsched:
	.irp	j, 0, 1, 2, 3, 4, 5, 6, 7
	SCHEDULE \j
	ROUND	8*(2*\j)
	ROUND	8*(2*\j+1)
	.endr
	add	$128, IDX
	cmp	$512, IDX
	jb	.Lsched

	/* ---- Phase 3: rounds 64-79 ---------------------------------------- */
	.irp	t, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	ROUND	8*\t
	.endr

	/* ---- Phase 4: add the block into state, next block ---------------- */
	ADD_STATE
	add	$128, DATA
	cmp	END_SLOT(%rsp), DATA
	jb	.Lloop

	/* ---- Phase 5: restore --------------------------------------------- */
#if SHA512_XMM_AVX
	vzeroupper
#endif
	mov	RSP_SLOT(%rsp), %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	pop	%rbp
	ret
FUNC_END SHA512_XMM_FUNC

	RODATA 6
.LK512:
	K512_TABLE
.LBSWAP64:
	BSWAP64_MASK 1
