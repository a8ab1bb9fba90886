/* sha512_ymm.h - the body shared by sha512_avx2.S and sha512_avx512.S:
 * SHA-512 (FIPS 180-4, 6.4.2) with the message schedule of two blocks in
 * YMM registers and BMI2 scalar rounds.
 *
 * Included after asm.h with SHA512_YMM_FUNC set to the function name and
 * SHA512_YMM_AVX512 defined to 0 (σ0/σ1 from AVX2 shifts and xors: nine
 * operations each) or 1 (AVX-512VL vprorq and vpternlogq: four each).
 * Only the schedule step differs.  No ZMM register is used: the AVX-512
 * form runs EVEX-encoded instructions on YMM registers only.
 *
 * void SHA512_YMM_FUNC(uint64_t state[8], const uint8_t *data, size_t nblocks);
 *
 * Contract: nblocks >= 1; reads exactly nblocks * 128 bytes at data (any
 * alignment) and state[0..7]; updates state[].  Clobbers rax, rcx, rdx,
 * rsi, rdi, r8-r11, flags, ymm0-ymm15 (upper halves zeroed on return by
 * vzeroupper); preserves rbx, rbp, r12-r15.  Needs AVX, AVX2 and BMI2
 * (rorx), and for the AVX-512 form also AVX512F and AVX512VL.
 *
 * Idea.  The 80 rounds are scalar; Σ0 and Σ1 take three rorx each (the
 * source survives, no copy) and two xors.  The round is arranged so that
 * both of its recurrences, e -> e' and a -> a', are four single-cycle
 * operations deep rather than five:
 *
 *     e' = ((h + d) + W[t] + K[t] + Ch(e,f,g)) + Σ1(e)
 *     a' = (((b & c) - d) + (a & (b ^ c)) + e') + Σ0(a)
 *
 * using T1 = e' - d and Maj(a,b,c) = (b & c) + (a & (b ^ c)) (the two
 * terms never share a set bit, so + is |).  Instead of d the round keeps
 * h + d (in h's register) and (b & c) - d, both prepared by the round
 * before from its g, c, a and b, off the critical paths.  With b ^ c
 * also carried, the values live in 4 + 4 + 1 registers whose names
 * rotate with a period of 4 rounds; the rotation is done at assembly
 * time with register symbols, so 16-round loop bodies line up with the
 * 8-register message window.  d and h are recovered at the end of each
 * block ((b & c) minus the carried value, then h + d - d).  The cost is
 * 24 ALU operations a round instead of 22.  On Zen 5 (about 5.1 simple
 * ALU operations a cycle at best) these rounds take ~4.9 cycles; the
 * 22-operation round, five deep, measured 8% slower.
 *
 * The message schedule runs in YMM registers on the vector units while
 * the scalar rounds run: the low 128-bit lane holds two consecutive words
 * of one block, the high lane the same words of the next block, so one
 * σ0/σ1 computation serves two blocks.  W[t] + K[t] goes to an aligned
 * stack area; the rounds of the first block read it while the schedule
 * is being computed, the rounds of the second block read the other half
 * with no vector work left to do.  With an odd block count the last
 * block is loaded into both lanes and only the first-lane rounds run.
 * The loops are 16 rounds long, small enough for the op cache (a fully
 * unrolled two-block body was not, and ran ~35% slower, decode-bound).
 */

#include "bswap_masks.h"
#include "sha512_k.h"

/* Arguments. */
#define CTX     %rdi
#define DATA    %rsi
#define NBLOCKS %rdx

/* Stack frame (rsp aligned to 64): W[t] + K[t] of two blocks, 40 rows of
 * 32 bytes (row r: words 2r and 2r+1 of the first block, then of the
 * second), then saved values. */
#define WK_SIZE   (40 * 32)
#define CTX_SLOT  (WK_SIZE + 0)
#define END_SLOT  (WK_SIZE + 8)
#define RSP_SLOT  (WK_SIZE + 16)
#define FRAME     (WK_SIZE + 64)

/* Loop registers: IDX is the byte offset of the current row group both
 * in the stack area and in the constant table, KTAB the table's address. */
#define IDX     %rdi
#define KTAB    %rbp

/* Offset of W[t] + K[t] of block blk (0 or 1) from a row group, t < 16. */
#define WK(t, blk) (32 * ((t) >> 1) + 8 * ((t) & 1) + 16 * (blk))

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
#define SP %r8		/* (b & c) - d: same register in every round */
#define T1 %r13		/* Σ1, Σ0 */
#define T2 %r14
#define T3 %r15		/* Ch; free between blocks */

	/* Message window: w0 = W[t], W[t+1] ... w7 = W[t+14], W[t+15], one
	 * 128-bit lane per block.  Back in place every 16 rounds. */
	.set	w0, %ymm0
	.set	w1, %ymm1
	.set	w2, %ymm2
	.set	w3, %ymm3
	.set	w4, %ymm4
	.set	w5, %ymm5
	.set	w6, %ymm6
	.set	w7, %ymm7
#define X0 %ymm8
#define X1 %ymm9
#define X2 %ymm10
#define X3 %ymm11
#define BSWAP %ymm15

/* One round; W[t] + K[t] is at off(%rsp, IDX). */
.macro ROUND off
	rorx	$14, se, T1
	rorx	$18, se, T2
	mov	sf, T3
	xor	sg, T3
	and	se, T3
	xor	T2, T1
	rorx	$41, se, T2
	xor	sg, T3			/* Ch(e,f,g) = ((f ^ g) & e) ^ g */
	add	\off(%rsp, IDX), sh	/* h + d + W[t] + K[t] */
	xor	T2, T1			/* Σ1(e) */
	add	T3, sh
	and	sa, sx			/* a & (b ^ c) */
	add	T1, sh			/* sh = e' */
	rorx	$28, sa, T1
	rorx	$34, sa, T2
	add	SP, sx			/* Maj(a,b,c) - d */
	xor	T2, T1
	rorx	$39, sa, T2
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

#if !SHA512_YMM_AVX512
/* X1 = (x >>> r1) ^ (x >>> r2) ^ (x >> s) on each 64-bit lane, AVX2. */
.macro SIGMA_V x, r1, r2, s
	vpsrlq	$\r1, \x, X1
	vpsllq	$(64 - \r1), \x, X2
	vpxor	X2, X1, X1
	vpsrlq	$\r2, \x, X2
	vpxor	X2, X1, X1
	vpsllq	$(64 - \r2), \x, X2
	vpxor	X2, X1, X1
	vpsrlq	$\s, \x, X2
	vpxor	X2, X1, X1
.endm
#else
/* The same with AVX-512VL: two rotations, a shift and a three-way xor. */
.macro SIGMA_V x, r1, r2, s
	vprorq	$\r1, \x, X1
	vprorq	$\r2, \x, X2
	vpsrlq	$\s, \x, X3
	vpternlogq $0x96, X3, X2, X1	/* X1 ^= X2 ^ X3 */
.endm
#endif

/* W[t+16], W[t+17] of both blocks replace W[t], W[t+1] in w0; their
 * W + K go to row (t+16)/2, i.e. row j+8 of the current group. */
.macro SCHEDULE j
	vpalignr $8, w0, w1, X0		/* W[t+1], W[t+2] */
	SIGMA_V	X0, 1, 8, 7
	vpaddq	X1, w0, w0
	vpalignr $8, w4, w5, X0		/* W[t+9], W[t+10] */
	vpaddq	X0, w0, w0
	SIGMA_V	w7, 19, 61, 6
	vpaddq	X1, w0, w0
	vpaddq	32 * (\j + 8)(KTAB, IDX), w0, X0
	vmovdqa	X0, 32 * (\j + 8)(%rsp, IDX)
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

/* Sixteen rounds of block blk reading the row group at IDX. */
.macro ROUNDS16 blk
	.irp	t, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	ROUND	WK(\t, \blk)
	.endr
.endm

/* End of a block: recover d and h, add the block into state[] and
 * store it; T3 = ctx. */
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

FUNC_BEGIN SHA512_YMM_FUNC
	/* ---- Phase 0: frame, arguments, state ---------------------------- */
	push	%rbp
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	mov	%rsp, %rax
	sub	$FRAME, %rsp
	and	$-64, %rsp
	mov	%rax, RSP_SLOT(%rsp)
	mov	CTX, CTX_SLOT(%rsp)
	shl	$7, NBLOCKS
	add	DATA, NBLOCKS
	mov	NBLOCKS, END_SLOT(%rsp)
	lea	.LK512x2(%rip), KTAB
	vmovdqa	.LBSWAP64(%rip), BSWAP

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
	/* ---- Phase 1: load two blocks, first 16 W + K --------------------- */
	/* The second block is the next 128 bytes, or this one again when
	 * it is the last. */
	PREP_STATE
	lea	128(DATA), T3
	cmp	END_SLOT(%rsp), T3
	cmovae	DATA, T3
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	vmovdqu	16 * \i(DATA), %xmm\i
	vinserti128 $1, 16 * \i(T3), %ymm\i, %ymm\i
	vpshufb	BSWAP, %ymm\i, %ymm\i
	vpaddq	32 * \i(KTAB), %ymm\i, X0
	vmovdqa	X0, 32 * \i(%rsp)
	.endr

	/* ---- Phase 2: rounds 0-63 of the first block, schedule to W[79] --- */
	xor	IDX, IDX
.Lsched:
	.irp	j, 0, 1, 2, 3, 4, 5, 6, 7
	SCHEDULE \j
	ROUND	WK(2 * \j, 0)
	ROUND	WK(2 * \j + 1, 0)
	.endr
	add	$256, IDX
	cmp	$1024, IDX
	jb	.Lsched

	/* ---- Phase 3: rounds 64-79 of the first block --------------------- */
	ROUNDS16 0
	ADD_STATE

	lea	128(DATA), T2
	cmp	END_SLOT(%rsp), T2
	jae	.Ldone

	/* ---- Phase 4: rounds 0-79 of the second block from the stack ------ */
	PREP_STATE
	xor	IDX, IDX
.Lsecond:
	ROUNDS16 1
	add	$256, IDX
	cmp	$1280, IDX
	jb	.Lsecond
	ADD_STATE

	add	$256, DATA
	cmp	END_SLOT(%rsp), DATA
	jb	.Lloop

.Ldone:
	/* ---- Phase 5: restore --------------------------------------------- */
	vzeroupper
	mov	RSP_SLOT(%rsp), %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	pop	%rbp
	ret
FUNC_END SHA512_YMM_FUNC

	RODATA 6
/* Each pair of constants twice: one row per YMM register of the
 * two-block schedule. */
.LK512x2:
	K512_TABLE 2

.LBSWAP64:
	BSWAP64_MASK 2

