/* SPDX-License-Identifier: MIT */
/* sha512_rounds.h - the scalar SHA-512 round and its frame, for sha512_xmm.h and sha512_ymm.h. */
#ifndef SIMDSUM_SHA512_ROUNDS_H
#define SIMDSUM_SHA512_ROUNDS_H

/*
 * Both bodies run the 80 rounds of FIPS 180-4, 6.4.2 in general
 * registers and add W[t] + K[t] from a stack area that their vector
 * schedule fills; they differ in the schedule and in how they rotate.
 * The including file defines, before including this:
 *   SHA512_RORX  1: rotate with BMI2 rorx (three operands, no copy);
 *                0: with a mov and a ror (base x86-64 only);
 *   WK_SIZE      the size of the W + K area at 0(%rsp);
 *   FRAME        the size of the frame: that area and the three slots
 *                after it, rounded up to the frame's alignment.
 *
 * The round.  FIPS 180-4 writes it as
 *     T1 = h + Σ1(e) + Ch(e,f,g) + K[t] + W[t],  e' = d + T1,
 *     a' = T1 + Σ0(a) + Maj(a,b,c),
 * and summed in that order both recurrences, e -> e' and a -> a', are
 * five dependent single-cycle operations long.  Since T1 = e' - d and
 * Maj(a,b,c) = (b & c) + (a & (b ^ c)) (the two terms never have a bit
 * in common), the same values come out of
 *     e' = ((h + d) + W[t] + K[t] + Ch(e,f,g)) + Σ1(e)
 *     a' = (((b & c) - d) + (a & (b ^ c)) + e') + Σ0(a)
 * with four on each chain, provided h + d, (b & c) - d and b ^ c are
 * ready when the round starts: the round before computes them from its
 * g, c, a and b, away from both chains, so the round holds h + d in
 * h's register and (b & c) - d in place of d.  That costs 24 ALU
 * operations a round instead of 22; with rorx, on Zen 5 (at best about
 * 5.1 simple ALU operations a cycle), a round takes about 4.9 cycles and
 * the 22-operation one measured 8% slower.  (Handing the a chain to
 * AVX-512 registers, where Σ0 is two operations deep and Maj one, was
 * tried and measured 35% slower on Zen 5: a simple vector integer
 * operation there has a latency of 2 cycles, so that chain takes 6
 * cycles a round, and e' crossing to the vector side and a' back
 * costs 7 cycles a round trip; see the notes of issue 5.)  With
 * mov + ror each Σ is three independent copy-and-rotate pairs, so it
 * is still three operations deep.
 *
 * The nine values use eight registers whose roles move by one place
 * each round, plus SP; the moves are done at assembly time by renaming
 * .set symbols, so no instruction copies a variable and the assignment
 * comes back every four rounds (16-round loop bodies therefore line up
 * with the 8-register message windows of both bodies).  d and h are
 * recovered once per block, in ADD_STATE.
 */

/* Arguments. */
#define CTX     %rdi
#define DATA    %rsi
#define NBLOCKS %rdx

/* IDX: byte offset of the current group of rows, both in the W + K area
 * and in the constant table; KTAB: the table's address. */
#define IDX     %rdi
#define KTAB    %rbp

/* Slots after the W + K area. */
#define CTX_SLOT  (WK_SIZE + 0)		/* state[] */
#define END_SLOT  (WK_SIZE + 8)		/* data + 128 * nblocks */
#define RSP_SLOT  (WK_SIZE + 16)	/* rsp after the pushes */

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

/* ROTR64 n, src, dst: dst = src rotated right by n. */
.macro ROTR64 n, src, dst
	ROR_TO	SHA512_RORX, \n, \src, \dst
.endm

/* One round; W[t] + K[t] is at off(%rsp, IDX). */
.macro ROUND off
	ROTR64	14, se, T1
	ROTR64	18, se, T2
	mov	sf, T3
	xor	sg, T3
	and	se, T3
	xor	T2, T1
	ROTR64	41, se, T2
	xor	sg, T3			/* Ch(e,f,g) = ((f ^ g) & e) ^ g */
	add	\off(%rsp, IDX), sh	/* h + d + W[t] + K[t] */
	xor	T2, T1			/* Σ1(e) */
	add	T3, sh
	and	sa, sx			/* a & (b ^ c) */
	add	T1, sh			/* sh = e' */
	ROTR64	28, sa, T1
	ROTR64	34, sa, T2
	add	SP, sx			/* Maj(a,b,c) - d */
	xor	T2, T1
	ROTR64	39, sa, T2
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

/* W_WINDOW_NEXT: the schedule's eight registers w0..w7 (two words each)
 * renamed one step, w0 taking w1's register and w7 w0's, so the next
 * SCHEDULE writes over the oldest pair (the xmm and ymm bodies both). */
.macro W_WINDOW_NEXT
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

/* Start of a block from a..h with d in T1: the carried forms. */
.macro PREP_STATE
	add	T1, sh			/* h + d */
	mov	sb, SP
	and	sc, SP
	sub	T1, SP			/* (b & c) - d */
	mov	sb, sx
	xor	sc, sx			/* b ^ c */
.endm

/* state[] into a..h, d into T1 (PREP_STATE makes the carried forms). */
.macro LOAD_STATE
	mov	CTX, T3
	mov	0(T3), sa
	mov	8(T3), sb
	mov	16(T3), sc
	mov	24(T3), T1
	mov	32(T3), se
	mov	40(T3), sf
	mov	48(T3), sg
	mov	56(T3), sh
.endm

/* End of a block: recover d and h, add the block into state[] and
 * store it; T3 = state. */
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

/* FRAME_ENTER align: save the six callee-saved registers (the rounds use
 * every general register), open FRAME bytes aligned to align, and keep
 * there the caller's state pointer, the end of the data and the rsp to
 * return to.  FRAME_LEAVE: the way back, and ret. */
.macro FRAME_ENTER align
	PUSH_CALLEE_SAVED
	mov	%rsp, %rax
	sub	$FRAME, %rsp
	and	$-\align, %rsp
	mov	%rax, RSP_SLOT(%rsp)
	mov	CTX, CTX_SLOT(%rsp)
	shl	$7, NBLOCKS
	add	DATA, NBLOCKS
	mov	NBLOCKS, END_SLOT(%rsp)
.endm

.macro FRAME_LEAVE
	mov	RSP_SLOT(%rsp), %rsp
	POP_CALLEE_SAVED
	ret
.endm

#endif /* SIMDSUM_SHA512_ROUNDS_H */
