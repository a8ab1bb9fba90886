/* SPDX-License-Identifier: MIT */
/* sha256_avx2.S - SHA-256 block transform: two-block AVX2 schedule, BMI2 rorx rounds. */
#include "asm.h"
#include "bswap_masks.h"

#ifdef __x86_64__

/*
 * void sha256_blocks_avx2(uint32_t state[8], const uint8_t *data,
 *                         size_t nblocks);
 *
 * Contract: nblocks >= 1 whole 64-byte blocks at data (any alignment;
 * exactly nblocks * 64 bytes are read, an odd last block included);
 * state[] holds H0..H7 in host order and is updated in place. Clobbers
 * rax, rcx, rdx, rsi, rdi, r8-r11, ymm0-ymm11 and the flags; ends with
 * vzeroupper; uses 544 bytes of stack (plus 64 for alignment). Needs
 * AVX2 (256-bit integer vectors) and BMI2 (rorx).
 *
 * Idea: blocks go in pairs. The two blocks' message words share ymm
 * registers, the first block in the low 128-bit lane and the second in
 * the high one, so one pass of the vector schedule (sha256_sched.h,
 * all of whose instructions work within lanes) computes W+K for both;
 * both rows go to the stack. The first block's rounds carry that
 * schedule work in their shadow; the second block's rounds only read
 * the stack, and while they run the next pair is loaded and its first
 * four W+K rows stored (those of the current pair are consumed by
 * then), so the next pair's first rounds do not wait for loads, byte
 * swaps and store forwarding. An odd last block is loaded into the low
 * lanes alone (a VEX xmm load zeroes the high lane, so nothing past the
 * data is read) and the second block's rounds are skipped. The rounds
 * are the scalar ones of sha256_rounds.h with rorx, which rotates into
 * a new register without the mov that ror needs.
 *
 * The code is two 16-round loop bodies, one with the schedule (the
 * first block's rounds 0..47) and one without (its rounds 48..63, then
 * the second block's 64), about 1500 instructions in all: a fully
 * unrolled pair (about 4000) overflowed the decoded-op cache and was
 * much slower on short calls on Zen 5.
 */

#define STATEP	0x200(%rsp)	/* uint32_t state[8] (the argument) */
#define OLDRSP	0x208(%rsp)	/* rsp at entry, after the pushes */
#define DATAP	0x210(%rsp)	/* the current pair */
#define NBLK	0x218(%rsp)	/* blocks left, the current pair included */
#define FRAME	0x220		/* W+K at 0(%rsp): per group, 16 bytes of the
				 * first block, then 16 of the second */

#define SHA256_RORX	1
#include "sha256_rounds.h"
#include "sha256_k.h"

#define KBASE	%rsi		/* .LK256 (rsi, the data argument, moves to DATAP) */

#define X0	%ymm4		/* the last 16 schedule words of both blocks, */
#define X1	%ymm5		/* as a ring of four groups of four */
#define X2	%ymm6
#define X3	%ymm7
#define BSWAP	%ymm8		/* vpshufb: big-endian words to host order */
#define SIG1LO	%ymm9		/* vpshufb masks of sha256_sched.h */
#define SIG1HI	%ymm10
#define V0	%ymm0		/* schedule scratch */
#define V1	%ymm1
#define V2	%ymm2
#define V3	%ymm3
#define V4	%ymm11

#define SIMD_VEX	1
#define SCHED_ROW	32	/* bytes per group in .LK256 and the W+K area */
#include "sha256_sched.h"

/* BSWAPWK x, i: group i of both blocks to host order; W+K to row i. */
.macro BSWAPWK x, i
	vpshufb	BSWAP, \x, \x
	vpaddd	32*\i(KBASE), \x, V0
	vmovdqa	V0, 32*\i(%rsp)
.endm

/* LOADPAIR p, one: the pair of blocks at p into X0..X3 (only the first,
 * high lanes zeroed, when NBLK == one); W+K rows 0..3. */
.macro LOADPAIR p, one
	vmovdqu	0(\p), %xmm4
	vmovdqu	16(\p), %xmm5
	vmovdqu	32(\p), %xmm6
	vmovdqu	48(\p), %xmm7
	cmpq	$\one, NBLK
	je	1f
	vinserti128 $1, 64(\p), X0, X0
	vinserti128 $1, 80(\p), X1, X1
	vinserti128 $1, 96(\p), X2, X2
	vinserti128 $1, 112(\p), X3, X3
1:	BSWAPWK	X0, 0
	BSWAPWK	X1, 1
	BSWAPWK	X2, 2
	BSWAPWK	X3, 3
.endm

FUNC_BEGIN sha256_blocks_avx2
	/* ---- 1. frame: W+K area aligned to 64, registers saved ---- */
	FRAME_ENTER
	mov	%rsi, RT64
	lea	.LK256(%rip), KBASE
	vmovdqa	.Lbswap32x2(%rip), BSWAP
	vmovdqa	.Lsig1lo(%rip), SIG1LO
	vmovdqa	.Lsig1hi(%rip), SIG1HI

	/* ---- 2. the first pair (or lone block); W+K for rounds 0..15 ---- */
	LOADPAIR RT64, 1
	mov	STATEP, RT64
	STATE_LOAD RT64

	.p2align 4
.Lpair:
	/* ---- 3. first block, rounds 0..47, scheduling both blocks ---- */
	ROUND_INIT %ebx, %ecx
	xor	%edi, %edi		/* IDX = 0 */
.Lsched:
	ROUNDS4	ROT0, 32*0, 1, X0, X1, X2, X3, 4
	ROUNDS4	ROT4, 32*1, 1, X1, X2, X3, X0, 5
	ROUNDS4	ROT0, 32*2, 1, X2, X3, X0, X1, 6
	ROUNDS4	ROT4, 32*3, 1, X3, X0, X1, X2, 7
	sub	$-128, IDX
	cmp	$384, IDX
	jne	.Lsched

	/* ---- 4. 16 rounds on stored rows: the first block's 48..63
	 * (IDX = 384..511), or the second block's (IDX = 16 + 128k) ---- */
.Lplain:
	ROUNDS4	ROT0, 32*0, 0
	ROUNDS4	ROT4, 32*1, 0
	ROUNDS4	ROT0, 32*2, 0
	ROUNDS4	ROT4, 32*3, 0
	cmp	$16, IDX		/* second block, rows 0..3 just read? */
	jne	8f
	cmpq	$2, NBLK		/* and a next pair? */
	je	8f
	mov	DATAP, RT64
	sub	$-128, RT64
	LOADPAIR RT64, 3
8:	sub	$-128, IDX
	cmp	$512, IDX
	jb	.Lplain

	/* ---- 5. add into the chaining value; on to the second block or
	 * the next pair ---- */
	mov	STATEP, RT64
	STATE_ADD RT64
	test	$16, IDX
	jnz	9f			/* the second block is done */
	cmpq	$1, NBLK
	je	.Ldone			/* a lone last block is done */
	ROUND_INIT %ebx, %ecx
	mov	$16, %edi		/* IDX: the second block's rows */
	jmp	.Lplain
9:	subq	$-128, DATAP
	subq	$2, NBLK
	jnz	.Lpair

.Ldone:
	/* ---- 6. restore and return ---- */
	vzeroupper
	FRAME_LEAVE
FUNC_END sha256_blocks_avx2

	RODATA 6
.LK256:
	K256_TABLE 2
.Lbswap32x2:
	BSWAP32_MASK 2
.Lsig1lo:
	.long	0x03020100, 0x0b0a0908, 0xffffffff, 0xffffffff
	.long	0x03020100, 0x0b0a0908, 0xffffffff, 0xffffffff
.Lsig1hi:
	.long	0xffffffff, 0xffffffff, 0x03020100, 0x0b0a0908
	.long	0xffffffff, 0xffffffff, 0x03020100, 0x0b0a0908

#endif /* __x86_64__ */
