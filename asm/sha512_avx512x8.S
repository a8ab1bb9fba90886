/* SPDX-License-Identifier: MIT */
/* sha512_avx512x8.S - SHA-512 block transform for 8 independent messages
 * at once, one message per 64-bit lane of the zmm registers (AVX-512).
 */
#include "asm.h"
#include "bswap_masks.h"
#include "sha512_k.h"

#ifdef __x86_64__
#if HAVE_AS_AVX512

/*
 * void sha512_mblocks_avx512x8(uint64_t *const state[8],
 *                              const uint8_t *const data[8], size_t nblocks);
 *
 * Contract: lane i (0..7) runs the FIPS 180-4 (6.4.2) compression function
 * over nblocks >= 1 whole 128-byte blocks at data[i] and updates the eight
 * chaining words at state[i] (host order, state[i][0] = H0; any 8-byte
 * alignment).  All eight lanes advance by the same nblocks; every pointer
 * must be valid.  Reads exactly [data[i], data[i] + 128 * nblocks) and the
 * pointer arrays; writes only state[i][0..7].  Clobbers rax, rcx, rdx,
 * r8-r11, zmm0-zmm31, k-registers untouched; ends with vzeroupper.
 * Needs AVX512F (EVEX arithmetic, rotates, ternary logic, 128-bit lane
 * shuffles), AVX512BW (vpshufb on zmm for the byte swap) and AVX
 * (vzeroupper): needs = CPUF(AVX) | CPUF(AVX512F) | CPUF(AVX512BW).
 *
 * Idea: SHA-512 is a serial chain within one message, but eight messages
 * are independent, so each zmm holds the same variable of eight messages
 * and one instruction performs one step for all of them.  The working
 * variables a..h live in zmm0-7 (renamed, not moved, from round to round),
 * the 16-word message schedule ring in zmm16-31, and zmm8-15 are
 * temporaries.  Each block, lane i's 128 bytes are loaded as two rows of
 * eight words and two 8x8 transposes turn "rows = messages" into
 * "registers = schedule words".  The Boolean functions and the three-way
 * xors of the sigma functions are single vpternlogq instructions, the
 * rotations are vprorq.  Round constants are broadcast from memory.
 * The chaining values are transposed into registers on entry and back on
 * exit (the same 8x8 transpose), so they stay in registers for the whole
 * call; only the feed-forward copy of the block's input goes to the stack.
 */

/* Arguments and scalar registers. */
#define STATEP	%rdi		/* uint64_t *const state[8] */
#define DATAP	%rsi		/* const uint8_t *const data[8] */
#define NBLK	%rdx		/* blocks left to do */
#define OFF	%rcx		/* byte offset of the current block in every lane */
#define PTR	%rax		/* one lane's pointer, reloaded from the arrays */

/* Working variables (their roles rotate from round to round). */
#define A	%zmm0
#define B	%zmm1
#define C	%zmm2
#define D	%zmm3
#define E	%zmm4
#define F	%zmm5
#define G	%zmm6
#define H	%zmm7

/* Temporaries; also the rows of the transposes. */
#define T0	%zmm8
#define T1	%zmm9
#define T2	%zmm10
#define T3	%zmm11
#define T4	%zmm12
#define T5	%zmm13
#define T6	%zmm14
#define T7	%zmm15

/* Message schedule ring: W[t] lives in W(t mod 16). */
#define W0	%zmm16
#define W1	%zmm17
#define W2	%zmm18
#define W3	%zmm19
#define W4	%zmm20
#define W5	%zmm21
#define W6	%zmm22
#define W7	%zmm23
#define W8	%zmm24
#define W9	%zmm25
#define W10	%zmm26
#define W11	%zmm27
#define W12	%zmm28
#define W13	%zmm29
#define W14	%zmm30
#define W15	%zmm31

/* Stack frame: the block's input chaining values for the feed-forward. */
#define SAVE(i)	(64 * (i))(%rsp)
#define FRAME	(8 * 64)

/*
 * TRANSPOSE8Q x0..x7, y0..y7: x_i holds row i of an 8x8 matrix of
 * qwords; on exit y_j holds column j (element i of y_j = element j of
 * x_i).  x0..x7 are clobbered.  Three stages of eight shuffles:
 *   1. interleave qwords of row pairs (0,1) (2,3) ... within 128-bit
 *      chunks: chunk c of y(2k) = rows 2k,2k+1 of column 2c, of
 *      y(2k+1) = of column 2c+1;
 *   2. gather 128-bit chunks of rows 0-3 and of rows 4-7 so that each
 *      register holds two columns, four rows each;
 *   3. gather the halves of rows 0-3 and 4-7: one column per register.
 * vshufi64x2 $imm, s2, s1, d: chunks 0,1 of d come from s1, 2,3 from s2;
 * 0x88 picks chunks 0,2 of each source, 0xdd chunks 1,3.
 */
.macro TRANSPOSE8Q x0, x1, x2, x3, x4, x5, x6, x7, y0, y1, y2, y3, y4, y5, y6, y7
	vpunpcklqdq	\x1, \x0, \y0
	vpunpckhqdq	\x1, \x0, \y1
	vpunpcklqdq	\x3, \x2, \y2
	vpunpckhqdq	\x3, \x2, \y3
	vpunpcklqdq	\x5, \x4, \y4
	vpunpckhqdq	\x5, \x4, \y5
	vpunpcklqdq	\x7, \x6, \y6
	vpunpckhqdq	\x7, \x6, \y7

	vshufi64x2	$0x88, \y2, \y0, \x0	/* cols 0,4 of rows 0-3 */
	vshufi64x2	$0xdd, \y2, \y0, \x1	/* cols 2,6 */
	vshufi64x2	$0x88, \y3, \y1, \x2	/* cols 1,5 */
	vshufi64x2	$0xdd, \y3, \y1, \x3	/* cols 3,7 */
	vshufi64x2	$0x88, \y6, \y4, \x4	/* the same for rows 4-7 */
	vshufi64x2	$0xdd, \y6, \y4, \x5
	vshufi64x2	$0x88, \y7, \y5, \x6
	vshufi64x2	$0xdd, \y7, \y5, \x7

	vshufi64x2	$0x88, \x4, \x0, \y0
	vshufi64x2	$0xdd, \x4, \x0, \y4
	vshufi64x2	$0x88, \x5, \x1, \y2
	vshufi64x2	$0xdd, \x5, \x1, \y6
	vshufi64x2	$0x88, \x6, \x2, \y1
	vshufi64x2	$0xdd, \x6, \x2, \y5
	vshufi64x2	$0x88, \x7, \x3, \y3
	vshufi64x2	$0xdd, \x7, \x3, \y7
.endm

/* LOADSTATE lane, reg / STORESTATE lane, reg: lane's eight chaining
 * words as one row. */
.macro LOADSTATE lane, reg
	movq		8*\lane(STATEP), PTR
	vmovdqu64	(PTR), \reg
.endm
.macro STORESTATE lane, reg
	movq		8*\lane(STATEP), PTR
	vmovdqu64	\reg, (PTR)
.endm

/* LOADROW lane, disp, reg: 64 bytes of lane's current block at disp,
 * byte-swapped into big-endian words. */
.macro LOADROW lane, disp, reg
	movq		8*\lane(DATAP), PTR
	vmovdqu64	\disp(PTR, OFF), \reg
	vpshufb		.Lbswap64(%rip), \reg, \reg
.endm

/*
 * ROUND a, b, c, d, e, f, g, h, t, wt [, w1, w9, w14]:
 * round t for all lanes; the caller renames a..h for the next round.
 *   T1 = h + S1(e) + Ch(e,f,g) + K[t] + W[t];  d += T1;
 *   h = T1 + S0(a) + Maj(a,b,c).
 * With the optional arguments it also advances the schedule: wt (holding
 * W[t], already consumed) becomes
 *   W[t+16] = s1(W[t+14]) + W[t+9] + s0(W[t+1]) + W[t].
 * The schedule uses T3-T5 and the round T0-T2, so the two chains
 * interleave freely.
 * Latency, not throughput, limits one 8-lane stream (every vector op
 * takes two cycles on Zen 5), so the next e is summed as
 * ((d + h + K + W) + Ch) + S1 and T1 separately as ((h + K + W) + Ch) + S1:
 * two more adds per round, but only ror, ternlog and one add (six cycles
 * instead of eight) between one round's e and the next; a depends on the
 * previous a through S0 and one add in the same way.
 */
.macro ROUND a, b, c, d, e, f, g, h, t, wt, w1, w9, w14
	vpaddq		.LK512+8*(\t)(%rip){1to8}, \wt, T0
	vpaddq		T0, \h, \h		/* h + K + W */
	vpaddq		\h, \d, \d		/* d + h + K + W */
.ifnb \w1
	vprorq		$1, \w1, T3		/* s0 = ror1 ^ ror8 ^ shr7 */
	vprorq		$8, \w1, T4
	vpsrlq		$7, \w1, T5
	vpternlogq	$0x96, T5, T4, T3
	vpaddq		\w9, \wt, \wt
.endif
	vmovdqa64	\e, T1
	vpternlogq	$0xca, \g, \f, T1	/* Ch: e ? f : g */
	vpaddq		T1, \d, \d
	vpaddq		T1, \h, \h
	vprorq		$14, \e, T0		/* S1 = ror14 ^ ror18 ^ ror41 */
	vprorq		$18, \e, T1
	vprorq		$41, \e, T2
	vpternlogq	$0x96, T2, T1, T0
.ifnb \w1
	vpaddq		T3, \wt, \wt
	vprorq		$19, \w14, T3		/* s1 = ror19 ^ ror61 ^ shr6 */
	vprorq		$61, \w14, T4
	vpsrlq		$6, \w14, T5
	vpternlogq	$0x96, T5, T4, T3
.endif
	vpaddq		T0, \d, \d		/* e of the next round */
	vpaddq		T0, \h, \h		/* T1 */
	vmovdqa64	\a, T1
	vpternlogq	$0xe8, \c, \b, T1	/* Maj(a, b, c) */
	vpaddq		T1, \h, \h
	vprorq		$28, \a, T0		/* S0 = ror28 ^ ror34 ^ ror39 */
	vprorq		$34, \a, T1
	vprorq		$39, \a, T2
	vpternlogq	$0x96, T2, T1, T0
.ifnb \w1
	vpaddq		T3, \wt, \wt
.endif
	vpaddq		T0, \h, \h
.endm

/* ROUNDS16 t, sched: rounds t..t+15 (t a multiple of 16), which use
 * W0..W15 in order; with sched = 1 they also compute W[t+16..t+31]. */
.macro ROUNDS16 t, sched
.if \sched
	ROUND A, B, C, D, E, F, G, H, \t+0,  W0,  W1,  W9,  W14
	ROUND H, A, B, C, D, E, F, G, \t+1,  W1,  W2,  W10, W15
	ROUND G, H, A, B, C, D, E, F, \t+2,  W2,  W3,  W11, W0
	ROUND F, G, H, A, B, C, D, E, \t+3,  W3,  W4,  W12, W1
	ROUND E, F, G, H, A, B, C, D, \t+4,  W4,  W5,  W13, W2
	ROUND D, E, F, G, H, A, B, C, \t+5,  W5,  W6,  W14, W3
	ROUND C, D, E, F, G, H, A, B, \t+6,  W6,  W7,  W15, W4
	ROUND B, C, D, E, F, G, H, A, \t+7,  W7,  W8,  W0,  W5
	ROUND A, B, C, D, E, F, G, H, \t+8,  W8,  W9,  W1,  W6
	ROUND H, A, B, C, D, E, F, G, \t+9,  W9,  W10, W2,  W7
	ROUND G, H, A, B, C, D, E, F, \t+10, W10, W11, W3,  W8
	ROUND F, G, H, A, B, C, D, E, \t+11, W11, W12, W4,  W9
	ROUND E, F, G, H, A, B, C, D, \t+12, W12, W13, W5,  W10
	ROUND D, E, F, G, H, A, B, C, \t+13, W13, W14, W6,  W11
	ROUND C, D, E, F, G, H, A, B, \t+14, W14, W15, W7,  W12
	ROUND B, C, D, E, F, G, H, A, \t+15, W15, W0,  W8,  W13
.else
	ROUND A, B, C, D, E, F, G, H, \t+0,  W0
	ROUND H, A, B, C, D, E, F, G, \t+1,  W1
	ROUND G, H, A, B, C, D, E, F, \t+2,  W2
	ROUND F, G, H, A, B, C, D, E, \t+3,  W3
	ROUND E, F, G, H, A, B, C, D, \t+4,  W4
	ROUND D, E, F, G, H, A, B, C, \t+5,  W5
	ROUND C, D, E, F, G, H, A, B, \t+6,  W6
	ROUND B, C, D, E, F, G, H, A, \t+7,  W7
	ROUND A, B, C, D, E, F, G, H, \t+8,  W8
	ROUND H, A, B, C, D, E, F, G, \t+9,  W9
	ROUND G, H, A, B, C, D, E, F, \t+10, W10
	ROUND F, G, H, A, B, C, D, E, \t+11, W11
	ROUND E, F, G, H, A, B, C, D, \t+12, W12
	ROUND D, E, F, G, H, A, B, C, \t+13, W13
	ROUND C, D, E, F, G, H, A, B, \t+14, W14
	ROUND B, C, D, E, F, G, H, A, \t+15, W15
.endif
.endm

FUNC_BEGIN sha512_mblocks_avx512x8
	/* ---- 1. frame: 64-byte aligned room for the feed-forward copy ---- */
	pushq		%rbp
	movq		%rsp, %rbp
	andq		$-64, %rsp
	subq		$FRAME, %rsp

	/* ---- 2. chaining values in: lane rows -> one register per word ---- */
	LOADSTATE	0, T0
	LOADSTATE	1, T1
	LOADSTATE	2, T2
	LOADSTATE	3, T3
	LOADSTATE	4, T4
	LOADSTATE	5, T5
	LOADSTATE	6, T6
	LOADSTATE	7, T7
	TRANSPOSE8Q T0, T1, T2, T3, T4, T5, T6, T7, A, B, C, D, E, F, G, H

	xorl		%ecx, %ecx		/* OFF = 0 */
	.p2align 4
.Lblock:
	/* ---- 3. keep the block's input for the feed-forward ---- */
	vmovdqa64	A, SAVE(0)
	vmovdqa64	B, SAVE(1)
	vmovdqa64	C, SAVE(2)
	vmovdqa64	D, SAVE(3)
	vmovdqa64	E, SAVE(4)
	vmovdqa64	F, SAVE(5)
	vmovdqa64	G, SAVE(6)
	vmovdqa64	H, SAVE(7)

	/* ---- 4. message words 0-7, then 8-15: load rows, transpose ---- */
	LOADROW		0, 0, T0
	LOADROW		1, 0, T1
	LOADROW		2, 0, T2
	LOADROW		3, 0, T3
	LOADROW		4, 0, T4
	LOADROW		5, 0, T5
	LOADROW		6, 0, T6
	LOADROW		7, 0, T7
	TRANSPOSE8Q T0, T1, T2, T3, T4, T5, T6, T7, W0, W1, W2, W3, W4, W5, W6, W7
	LOADROW		0, 64, T0
	LOADROW		1, 64, T1
	LOADROW		2, 64, T2
	LOADROW		3, 64, T3
	LOADROW		4, 64, T4
	LOADROW		5, 64, T5
	LOADROW		6, 64, T6
	LOADROW		7, 64, T7
	TRANSPOSE8Q T0, T1, T2, T3, T4, T5, T6, T7, W8, W9, W10, W11, W12, W13, W14, W15

	/* ---- 5. eighty rounds; the schedule runs 16 words ahead ---- */
	ROUNDS16	0, 1
	ROUNDS16	16, 1
	ROUNDS16	32, 1
	ROUNDS16	48, 1
	ROUNDS16	64, 0

	/* ---- 6. feed-forward, next block ---- */
	vpaddq		SAVE(0), A, A
	vpaddq		SAVE(1), B, B
	vpaddq		SAVE(2), C, C
	vpaddq		SAVE(3), D, D
	vpaddq		SAVE(4), E, E
	vpaddq		SAVE(5), F, F
	vpaddq		SAVE(6), G, G
	vpaddq		SAVE(7), H, H
	addq		$128, OFF
	decq		NBLK
	jnz		.Lblock

	/* ---- 7. chaining values out: the same transpose, back to rows ---- */
	TRANSPOSE8Q A, B, C, D, E, F, G, H, T0, T1, T2, T3, T4, T5, T6, T7
	STORESTATE	0, T0
	STORESTATE	1, T1
	STORESTATE	2, T2
	STORESTATE	3, T3
	STORESTATE	4, T4
	STORESTATE	5, T5
	STORESTATE	6, T6
	STORESTATE	7, T7

	vzeroupper
	movq		%rbp, %rsp
	popq		%rbp
	ret
FUNC_END sha512_mblocks_avx512x8

	RODATA 6
.Lbswap64:
	BSWAP64_MASK 4

/* Broadcast to all lanes when used. */
.LK512:
	K512_TABLE

#endif /* HAVE_AS_AVX512 */
#endif /* __x86_64__ */
