/* SPDX-License-Identifier: MIT */
/* sha256_sched.h - the vector SHA-256 message schedule shared by the
 * SSSE3, AVX and AVX2 transforms (included by a .S file after asm.h).
 *
 * The includer defines:
 *   SIMD_VEX     0: legacy SSE encodings (two operands, so register
 *                copies where a source must survive); 1: VEX encodings
 *                (the emitters VOP, VOPI, ... are those of sse_vex.h)
 *   SCHED_ROW    bytes per group of four words: 16 (one block in xmm)
 *                or 32 (two blocks in ymm, one per 128-bit lane; every
 *                instruction below works within lanes)
 *   V0..V4       scratch vector registers; SIG1LO, SIG1HI the pshufb
 *                masks described at SCHED_PART
 *   KBASE        a register holding the address of K[] in rows of
 *                SCHED_ROW bytes, laid out like the W+K area
 * and calls SCHED_PART (through ROUNDS4 of sha256_rounds.h) with the
 * stack pointing at the W+K area and IDX at the current rows.
 *
 * One group, W[t..t+3] with t = 4g (FIPS 180-4, 6.2.2 step 1):
 *   W[t] = sigma1(W[t-2]) + W[t-7] + sigma0(W[t-15]) + W[t-16].
 * sigma0 and the W[t-7], W[t-16] terms are lane-wise work on the four
 * words at once. sigma1 of the first two words needs W[t-2], W[t-1]
 * (the top of the previous group), sigma1 of the last two needs the
 * first two results, so it is done in two halves. There is no vector
 * rotation: ror(x, n) for sigma0 is two shifts; for sigma1 each word is
 * doubled into a 64-bit lane (pshufd), where one 64-bit right shift
 * leaves the rotation in the low half, and pshufb (SIG1LO: lanes 0, 2
 * to 0, 1 and zeros above; SIG1HI: lanes 0, 2 to 2, 3 and zeros below)
 * gathers the two useful results.
 */
#ifndef SIMDSUM_SHA256_SCHED_H
#define SIMDSUM_SHA256_SCHED_H

#include "sse_vex.h"

/* SCHED_PART p, x0, x1, x2, x3, g: quarter p of computing the group
 * g rows past IDX, W[t..t+3], from x0 = W[t-16..t-13], x1, x2,
 * x3 = W[t-4..t-1]; the result replaces x0 and W+K goes to its row of
 * the stack area. Called by ROUNDS4. */
.macro SCHED_PART p, x0, x1, x2, x3, g
.if \p == 0
	VALIGNR	4, \x0, \x1, V1		/* W[t-15..t-12] */
	VALIGNR	4, \x2, \x3, V0		/* W[t-7..t-4] */
	VOP	paddd, \x0, V0, V0	/* + W[t-16..t-13] */
	VOPI	psrld, 3, V1, V4
	VOPI	psrld, 7, V1, V2
	VOPI	pslld, 14, V1, V3
.elseif \p == 1
	VOP	pxor, V2, V4, V4
	VOPI	psrld, 11, V2, V2	/* >> 18 */
	VOP	pxor, V3, V4, V4
	VOPI	pslld, 11, V3, V3	/* << 25 */
	VOP	pxor, V2, V4, V4
	VOP	pxor, V3, V4, V4	/* sigma0(W[t-15..t-12]) */
	VOP	paddd, V4, V0, V0
.elseif \p == 2
	VSAME	pshufd, $0xfa, \x3, V2	/* W[t-2] W[t-2] W[t-1] W[t-1] */
	VOPI	psrld, 10, V2, V4
	VOPI	psrlq, 17, V2, V3	/* low dwords: ror 17 */
	VOP	pxor, V3, V4, V4
	VOPI	psrlq, 2, V3, V3	/* low dwords: ror 19 */
	VOP	pxor, V3, V4, V4	/* sigma1 in lanes 0 and 2 */
	VOP	pshufb, SIG1LO, V4, V4
	VOP	paddd, V4, V0, V0	/* W[t], W[t+1] final */
.else
	VSAME	pshufd, $0x50, V0, V2	/* W[t] W[t] W[t+1] W[t+1] */
	VOPI	psrld, 10, V2, V4
	VOPI	psrlq, 17, V2, V3
	VOP	pxor, V3, V4, V4
	VOPI	psrlq, 2, V3, V3
	VOP	pxor, V3, V4, V4
	VOP	pshufb, SIG1HI, V4, V4
	VOP	paddd, V4, V0, \x0	/* W[t+2], W[t+3] final */
	VOPX	paddd, SCHED_ROW*\g, KBASE, IDX, \x0, V1
	VMOVA	V1, SCHED_ROW*\g(%rsp,IDX)
.endif
.endm

#endif /* SIMDSUM_SHA256_SCHED_H */
