/* SPDX-License-Identifier: MIT */
/* sha256_sse.h - the body shared by sha256_ssse3.S and sha256_avx.S.
 *
 * The including file defines SIMD_VEX (0: SSSE3 legacy encoding, 1:
 * VEX encoding) and SHA256_FUNC (the symbol), after including asm.h.
 * Both variants are the same algorithm instruction for instruction; the
 * VEX one just saves the register copies that two-operand SSE needs
 * (the VOP/VOPI/VMOVA... macros of sse_vex.h emit one or the other).
 *
 * Idea (one block at a time): the 16 message words are loaded, byte-
 * swapped with pshufb, and W+K for rounds 0..15 goes to an aligned
 * stack area. Rounds 0..47 each carry a quarter of the computation of a
 * later group of four schedule words (sha256_sched.h), which the vector
 * units do in the shadow of the integer ones; rounds 48..63 only read
 * the stack, and meanwhile the next block is loaded and its first four
 * rows stored, so that its first rounds need not wait for the loads.
 * The rounds are the scalar ones of sha256_rounds.h with mov + ror
 * rotations (BMI2 rorx belongs to the AVX2 kernel).
 *
 * Rounds 0..47 are one 16-round loop body run three times, not unrolled:
 * the whole function stays around 1100 instructions, which the core's
 * decoded-op cache holds. (A fully unrolled block measured markedly
 * slower on short calls on Zen 5.)
 */

#define STATEP	0x100(%rsp)	/* uint32_t state[8] (the argument) */
#define OLDRSP	0x108(%rsp)	/* rsp at entry, after the pushes */
#define DATAP	0x110(%rsp)	/* the current block */
#define NBLK	0x118(%rsp)	/* blocks left, the current one included */
#define FRAME	0x120		/* W+K[0..63] at 0(%rsp), then the slots */

#define SHA256_RORX	0
#include "sha256_rounds.h"
#include "sha256_k.h"
#include "bswap_masks.h"
#include "sse_vex.h"

#define KBASE	%rsi		/* .LK256 (rsi, the data argument, moves to DATAP) */

#define X0	%xmm4		/* the last 16 schedule words, as a ring of */
#define X1	%xmm5		/* four groups of four */
#define X2	%xmm6
#define X3	%xmm7
#define BSWAP	%xmm8		/* pshufb: big-endian words to host order */
#define SIG1LO	%xmm9		/* pshufb: lanes 0, 2 to 0, 1; zero 2, 3 */
#define SIG1HI	%xmm10		/* pshufb: lanes 0, 2 to 2, 3; zero 0, 1 */
#define V0	%xmm0		/* schedule scratch */
#define V1	%xmm1
#define V2	%xmm2
#define V3	%xmm3
#define V4	%xmm11

#define SCHED_ROW	16	/* bytes per group in .LK256 and the W+K area */
#include "sha256_sched.h"

/* LOADW x, i, p, off: words 4i..4i+3 of the block at off(p) in host
 * order; W+K to row i of the stack area. */
.macro LOADW x, i, p, off=0
	VMOVU	\off+16*\i(\p), \x
	VOP	pshufb, BSWAP, \x, \x
	VOP	paddd, 16*\i(KBASE), \x, V0
	VMOVA	V0, 16*\i(%rsp)
.endm

FUNC_BEGIN SHA256_FUNC
	/* ---- 1. frame: W+K area aligned to 64, registers saved ---- */
	FRAME_ENTER
	mov	%rsi, RT64
	lea	.LK256(%rip), KBASE
	VMOVA	.Lbswap32(%rip), BSWAP
	VMOVA	.Lsig1lo(%rip), SIG1LO
	VMOVA	.Lsig1hi(%rip), SIG1HI

	/* ---- 2. the first block; W+K for rounds 0..15 ---- */
	LOADW	X0, 0, RT64
	LOADW	X1, 1, RT64
	LOADW	X2, 2, RT64
	LOADW	X3, 3, RT64
	mov	STATEP, RT64
	STATE_LOAD RT64

	.p2align 4
.Lblock:
	/* ---- 3. rounds 0..47, computing W[16..63] on the way ---- */
	ROUND_INIT %ebx, %ecx
	xor	%edi, %edi		/* IDX = 0 */
.Lsched:
	ROUNDS4	ROT0, 16*0, 1, X0, X1, X2, X3, 4
	ROUNDS4	ROT4, 16*1, 1, X1, X2, X3, X0, 5
	ROUNDS4	ROT0, 16*2, 1, X2, X3, X0, X1, 6
	ROUNDS4	ROT4, 16*3, 1, X3, X0, X1, X2, 7
	add	$64, IDX
	cmp	$192, IDX
	jne	.Lsched

	/* ---- 4. rounds 48..63 (IDX = 192); the next block is loaded and
	 * its rows 0..3 stored, those of this block being consumed ---- */
	ROUNDS4	ROT0, 16*0, 0
	cmpq	$1, NBLK		/* this block is the last? */
	je	8f
	mov	DATAP, RT64
	LOADW	X0, 0, RT64, 64
	LOADW	X1, 1, RT64, 64
	LOADW	X2, 2, RT64, 64
	LOADW	X3, 3, RT64, 64
8:	ROUNDS4	ROT4, 16*1, 0
	ROUNDS4	ROT0, 16*2, 0
	ROUNDS4	ROT4, 16*3, 0

	/* ---- 5. add into the chaining value; next block ---- */
	mov	STATEP, RT64
	STATE_ADD RT64
	addq	$64, DATAP
	decq	NBLK
	jnz	.Lblock

	/* ---- 6. restore and return ---- */
	VEX_ZEROUPPER
	FRAME_LEAVE
FUNC_END SHA256_FUNC

	RODATA 6
.LK256:
	K256_TABLE
.Lbswap32:
	BSWAP32_MASK 1
.Lsig1lo:
	.long	0x03020100, 0x0b0a0908, 0xffffffff, 0xffffffff
.Lsig1hi:
	.long	0xffffffff, 0xffffffff, 0x03020100, 0x0b0a0908
