/* SPDX-License-Identifier: MIT */
/* sha1_avx512x16.S - SHA-1 block transform for 16 independent messages at
 * once, one message per 32-bit lane of the zmm registers (AVX-512).
 */
#include "asm.h"
#include "bswap_masks.h"
#include "sha1_k.h"

#ifdef __x86_64__
#if HAVE_AS_AVX512

/*
 * void sha1_mblocks_avx512x16(uint32_t *const state[16],
 *                             const uint8_t *const data[16], size_t nblocks);
 *
 * Contract: lane i (0..15) runs the FIPS 180-4 (6.1.2) compression function
 * over nblocks >= 1 whole 64-byte blocks at data[i] and updates the five
 * chaining words at state[i] (host order, state[i][0] = H0, any 4-byte
 * alignment).  All lanes advance by the same nblocks; every pointer must
 * be valid.  Reads exactly [data[i], data[i] + 64 * nblocks), the 20 bytes
 * at each state[i] and the pointer arrays; writes only state[i][0..4].
 * Clobbers rax, rcx, rdx, k1, zmm0-zmm31; ends with vzeroupper.
 * Needs AVX512F (EVEX arithmetic, vprold, vpternlogd, shuffles, masked
 * moves, kmovw), AVX512BW (vpshufb on zmm for the byte swap) and AVX
 * (vzeroupper): needs = CPUF(AVX) | CPUF(AVX512F) | CPUF(AVX512BW).
 *
 * Idea: each zmm holds the same SHA-1 variable of sixteen messages, so one
 * instruction does one step of all sixteen.  a..e live in zmm0-4 and are
 * renamed, not moved, from round to round; the 16-word schedule ring and
 * the round temporaries use the other 27 registers.  Each block, lane i's
 * 64 bytes are one row of sixteen words; a 16x16 dword transpose (two
 * 8-row halves of three stages each, then a fourth stage joining them)
 * turns rows into schedule words.  f_t is one vpternlogd, the rotations
 * vprold, the round constant a broadcast memory operand.  The critical
 * chain is rol5(a) and one add per round; everything else is summed into
 * e earlier.  The chaining values go in and out through the same
 * transpose with masked (five-word) loads and stores, once per call.
 * On Zen 5, where vector adds and rotates take two cycles, the chain
 * rol5 + add (four cycles a round, 320 a block) is the limit, above the
 * issue bound (about 210 cycles a block); CPUs with one-cycle vector
 * latency are bound by issue instead.
 */

/* Arguments and scalar registers. */
#define STATEP	%rdi		/* uint32_t *const state[16] */
#define DATAP	%rsi		/* const uint8_t *const data[16] */
#define NBLK	%rdx		/* blocks left */
#define OFF	%rcx		/* byte offset of the current block in every lane */
#define PTR	%rax		/* one lane's pointer, reloaded from the arrays */

/* Working variables (their roles rotate from round to round). */
#define A	%zmm0
#define B	%zmm1
#define C	%zmm2
#define D	%zmm3
#define E	%zmm4

/*
 * Registers of the transpose.  Half 1 (lanes 0-7) loads into R0-R7, runs
 * stages 1-3 through X0-X7 and leaves its result in X0-X7; half 2 (lanes
 * 8-15) does the same through Y0-Y7; stage 4 writes the schedule words
 * into R0-R7, the three spare registers and the X/Y registers its earlier
 * steps have freed.  That fixes which register holds which W (below).
 */
#define R0	%zmm5
#define R1	%zmm6
#define R2	%zmm7
#define R3	%zmm8
#define R4	%zmm9
#define R5	%zmm10
#define R6	%zmm11
#define R7	%zmm12
#define X0	%zmm13
#define X1	%zmm14
#define X2	%zmm15
#define X3	%zmm16
#define X4	%zmm17
#define X5	%zmm18
#define X6	%zmm19
#define X7	%zmm20
#define Y0	%zmm21
#define Y1	%zmm22
#define Y2	%zmm23
#define Y3	%zmm24
#define Y4	%zmm25
#define Y5	%zmm26
#define Y6	%zmm27
#define Y7	%zmm28
#define S0	%zmm29
#define S1	%zmm30
#define S2	%zmm31

/* Message schedule ring: W[t] lives in W(t mod 16). */
#define W0	R0
#define W8	R1
#define W4	R2
#define W12	R3
#define W1	R4
#define W9	R5
#define W5	R6
#define W13	R7
#define W2	S0
#define W10	S1
#define W6	S2
#define W14	X0
#define W3	Y0
#define W11	X1
#define W7	Y1
#define W15	X2

/* Round temporaries and the feed-forward copy: the registers stage 4
 * leaves free. */
#define T0	X3
#define T1	X4
#define T2	X5
#define SA	Y3
#define SB	Y4
#define SC	Y5
#define SD	Y6
#define SE	Y7

/* The round constants in .Lsha1_k, one per twenty rounds, broadcast when
 * used. */
#define K0	.Lsha1_k
#define K1	.Lsha1_k+4
#define K2	.Lsha1_k+8
#define K3	.Lsha1_k+12

/* f_t of FIPS 180-4 4.1.1 as vpternlogd truth tables (x = b, y = c, z = d). */
	.set CH, 0xca		/* x ? y : z */
	.set PARITY, 0x96	/* x ^ y ^ z */
	.set MAJ, 0xe8		/* majority */

/*
 * HALF16 r0..r7, x0..x7: stages 1-3 of the 16x16 dword transpose for
 * eight rows (lanes) r0..r7 (clobbered).  With w = word index:
 *   1. vpunpck[lh]dq of row pairs: per 128-bit chunk c, x(2k) holds words
 *      4c, 4c+1 of rows 2k, 2k+1 interleaved, x(2k+1) words 4c+2, 4c+3;
 *   2. vpunpck[lh]qdq of those pairs: r_k (k < 4) holds in chunk c word
 *      4c+k of rows 0-3, r(4+k) the same of rows 4-7;
 *   3. vshufi32x4 0x88/0xdd of (r_k, r(4+k)): x(2k) holds chunks
 *      [w k rows 0-3, w 8+k rows 0-3, w k rows 4-7, w 8+k rows 4-7] and
 *      x(2k+1) the same for words 4+k and 12+k.
 * vshufi32x4 $imm, s2, s1, d: chunks 0,1 of d from s1, 2,3 from s2; 0x88
 * takes chunks 0 and 2 of each, 0xdd chunks 1 and 3.
 */
.macro HALF16 r0, r1, r2, r3, r4, r5, r6, r7, x0, x1, x2, x3, x4, x5, x6, x7
	vpunpckldq	\r1, \r0, \x0
	vpunpckhdq	\r1, \r0, \x1
	vpunpckldq	\r3, \r2, \x2
	vpunpckhdq	\r3, \r2, \x3
	vpunpckldq	\r5, \r4, \x4
	vpunpckhdq	\r5, \r4, \x5
	vpunpckldq	\r7, \r6, \x6
	vpunpckhdq	\r7, \r6, \x7

	vpunpcklqdq	\x2, \x0, \r0
	vpunpckhqdq	\x2, \x0, \r1
	vpunpcklqdq	\x3, \x1, \r2
	vpunpckhqdq	\x3, \x1, \r3
	vpunpcklqdq	\x6, \x4, \r4
	vpunpckhqdq	\x6, \x4, \r5
	vpunpcklqdq	\x7, \x5, \r6
	vpunpckhqdq	\x7, \x5, \r7

	vshufi32x4	$0x88, \r4, \r0, \x0
	vshufi32x4	$0xdd, \r4, \r0, \x1
	vshufi32x4	$0x88, \r5, \r1, \x2
	vshufi32x4	$0xdd, \r5, \r1, \x3
	vshufi32x4	$0x88, \r6, \r2, \x4
	vshufi32x4	$0xdd, \r6, \r2, \x5
	vshufi32x4	$0x88, \r7, \r3, \x6
	vshufi32x4	$0xdd, \r7, \r3, \x7
.endm

/* JOIN16: stage 4, joining the halves in X (lanes 0-7) and Y (lanes 8-15):
 * 0x88 of a pair gives word k of all sixteen lanes, 0xdd word 8+k.
 * Each output goes to a register no later step still reads. */
.macro JOIN16
	vshufi32x4	$0x88, Y0, X0, W0
	vshufi32x4	$0xdd, Y0, X0, W8
	vshufi32x4	$0x88, Y1, X1, W4
	vshufi32x4	$0xdd, Y1, X1, W12
	vshufi32x4	$0x88, Y2, X2, W1
	vshufi32x4	$0xdd, Y2, X2, W9
	vshufi32x4	$0x88, Y3, X3, W5
	vshufi32x4	$0xdd, Y3, X3, W13
	vshufi32x4	$0x88, Y4, X4, W2
	vshufi32x4	$0xdd, Y4, X4, W10
	vshufi32x4	$0x88, Y5, X5, W6
	vshufi32x4	$0xdd, Y5, X5, W14	/* X0, read by step 1 */
	vshufi32x4	$0x88, Y6, X6, W3	/* Y0 */
	vshufi32x4	$0xdd, Y6, X6, W11	/* X1 */
	vshufi32x4	$0x88, Y7, X7, W7	/* Y1 */
	vshufi32x4	$0xdd, Y7, X7, W15	/* X2 */
.endm

/* LOADROW lane, reg: lane's current block as sixteen big-endian words. */
.macro LOADROW lane, reg
	movq		8*\lane(DATAP), PTR
	vmovdqu32	(PTR, OFF), \reg
	vpshufb		.Lbswap32(%rip), \reg, \reg
.endm

/* LOADSTATE lane, reg / STORESTATE lane, reg: the five chaining words of
 * a lane as one row; k1 = 0x1f keeps the access inside the 20 bytes
 * (masked-out elements are neither read nor written, and cannot fault). */
.macro LOADSTATE lane, reg
	movq		8*\lane(STATEP), PTR
	vmovdqu32	(PTR), \reg{%k1}{z}
.endm
.macro STORESTATE lane, reg
	movq		8*\lane(STATEP), PTR
	vmovdqu32	\reg, (PTR){%k1}
.endm

/*
 * ROUND f, a, b, c, d, e, k, wt [, w3, w8, w14]: round t for all lanes,
 *   e += rol5(a) + f(b, c, d) + K + W[t];  b = rol30(b);
 * the caller renames (e, a, b, c, d) as (a, b, c, d, e) for round t + 1.
 * With the optional arguments, wt holds W[t-16] and first becomes
 *   W[t] = rol1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]).
 * rol5(a) is added last: a is the value produced by the round before,
 * everything else is ready earlier.
 */
.macro ROUND f, a, b, c, d, e, k, wt, w3, w8, w14
.ifnb \w3
	vpternlogd	$0x96, \w14, \w8, \wt
	vpxord		\w3, \wt, \wt
	vprold		$1, \wt, \wt
.endif
	vpaddd		\k(%rip){1to16}, \e, \e
	vpaddd		\wt, \e, \e
	vmovdqa64	\b, T0
	vpternlogd	$\f, \d, \c, T0
	vpaddd		T0, \e, \e
	vprold		$5, \a, T1
	vpaddd		T1, \e, \e
	vprold		$30, \b, \b
.endm

FUNC_BEGIN sha1_mblocks_avx512x16
	/* ---- 1. chaining values in: lane rows -> one register per word ---- */
	movl		$0x1f, %eax
	kmovw		%eax, %k1
	LOADSTATE	0, R0
	LOADSTATE	1, R1
	LOADSTATE	2, R2
	LOADSTATE	3, R3
	LOADSTATE	4, R4
	LOADSTATE	5, R5
	LOADSTATE	6, R6
	LOADSTATE	7, R7
	HALF16		R0, R1, R2, R3, R4, R5, R6, R7, X0, X1, X2, X3, X4, X5, X6, X7
	LOADSTATE	8, R0
	LOADSTATE	9, R1
	LOADSTATE	10, R2
	LOADSTATE	11, R3
	LOADSTATE	12, R4
	LOADSTATE	13, R5
	LOADSTATE	14, R6
	LOADSTATE	15, R7
	HALF16		R0, R1, R2, R3, R4, R5, R6, R7, Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7
	JOIN16
	vmovdqa64	W0, A
	vmovdqa64	W1, B
	vmovdqa64	W2, C
	vmovdqa64	W3, D
	vmovdqa64	W4, E

	xorl		%ecx, %ecx		/* OFF = 0 */
	.p2align 4
.Lblock:
	/* ---- 2. the block's sixteen words of every lane, transposed ---- */
	LOADROW		0, R0
	LOADROW		1, R1
	LOADROW		2, R2
	LOADROW		3, R3
	LOADROW		4, R4
	LOADROW		5, R5
	LOADROW		6, R6
	LOADROW		7, R7
	HALF16		R0, R1, R2, R3, R4, R5, R6, R7, X0, X1, X2, X3, X4, X5, X6, X7
	LOADROW		8, R0
	LOADROW		9, R1
	LOADROW		10, R2
	LOADROW		11, R3
	LOADROW		12, R4
	LOADROW		13, R5
	LOADROW		14, R6
	LOADROW		15, R7
	HALF16		R0, R1, R2, R3, R4, R5, R6, R7, Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7
	JOIN16

	/* ---- 3. keep the block's input for the feed-forward ---- */
	vmovdqa64	A, SA
	vmovdqa64	B, SB
	vmovdqa64	C, SC
	vmovdqa64	D, SD
	vmovdqa64	E, SE

	/* ---- 4. eighty rounds; from round 16 on, W[t] is made in place ---- */
	ROUND CH,    A, B, C, D, E, K0, W0
	ROUND CH,    E, A, B, C, D, K0, W1
	ROUND CH,    D, E, A, B, C, K0, W2
	ROUND CH,    C, D, E, A, B, K0, W3
	ROUND CH,    B, C, D, E, A, K0, W4
	ROUND CH,    A, B, C, D, E, K0, W5
	ROUND CH,    E, A, B, C, D, K0, W6
	ROUND CH,    D, E, A, B, C, K0, W7
	ROUND CH,    C, D, E, A, B, K0, W8
	ROUND CH,    B, C, D, E, A, K0, W9
	ROUND CH,    A, B, C, D, E, K0, W10
	ROUND CH,    E, A, B, C, D, K0, W11
	ROUND CH,    D, E, A, B, C, K0, W12
	ROUND CH,    C, D, E, A, B, K0, W13
	ROUND CH,    B, C, D, E, A, K0, W14
	ROUND CH,    A, B, C, D, E, K0, W15
	ROUND CH,    E, A, B, C, D, K0, W0, W13, W8, W2
	ROUND CH,    D, E, A, B, C, K0, W1, W14, W9, W3
	ROUND CH,    C, D, E, A, B, K0, W2, W15, W10, W4
	ROUND CH,    B, C, D, E, A, K0, W3, W0, W11, W5
	ROUND PARITY, A, B, C, D, E, K1, W4, W1, W12, W6
	ROUND PARITY, E, A, B, C, D, K1, W5, W2, W13, W7
	ROUND PARITY, D, E, A, B, C, K1, W6, W3, W14, W8
	ROUND PARITY, C, D, E, A, B, K1, W7, W4, W15, W9
	ROUND PARITY, B, C, D, E, A, K1, W8, W5, W0, W10
	ROUND PARITY, A, B, C, D, E, K1, W9, W6, W1, W11
	ROUND PARITY, E, A, B, C, D, K1, W10, W7, W2, W12
	ROUND PARITY, D, E, A, B, C, K1, W11, W8, W3, W13
	ROUND PARITY, C, D, E, A, B, K1, W12, W9, W4, W14
	ROUND PARITY, B, C, D, E, A, K1, W13, W10, W5, W15
	ROUND PARITY, A, B, C, D, E, K1, W14, W11, W6, W0
	ROUND PARITY, E, A, B, C, D, K1, W15, W12, W7, W1
	ROUND PARITY, D, E, A, B, C, K1, W0, W13, W8, W2
	ROUND PARITY, C, D, E, A, B, K1, W1, W14, W9, W3
	ROUND PARITY, B, C, D, E, A, K1, W2, W15, W10, W4
	ROUND PARITY, A, B, C, D, E, K1, W3, W0, W11, W5
	ROUND PARITY, E, A, B, C, D, K1, W4, W1, W12, W6
	ROUND PARITY, D, E, A, B, C, K1, W5, W2, W13, W7
	ROUND PARITY, C, D, E, A, B, K1, W6, W3, W14, W8
	ROUND PARITY, B, C, D, E, A, K1, W7, W4, W15, W9
	ROUND MAJ,   A, B, C, D, E, K2, W8, W5, W0, W10
	ROUND MAJ,   E, A, B, C, D, K2, W9, W6, W1, W11
	ROUND MAJ,   D, E, A, B, C, K2, W10, W7, W2, W12
	ROUND MAJ,   C, D, E, A, B, K2, W11, W8, W3, W13
	ROUND MAJ,   B, C, D, E, A, K2, W12, W9, W4, W14
	ROUND MAJ,   A, B, C, D, E, K2, W13, W10, W5, W15
	ROUND MAJ,   E, A, B, C, D, K2, W14, W11, W6, W0
	ROUND MAJ,   D, E, A, B, C, K2, W15, W12, W7, W1
	ROUND MAJ,   C, D, E, A, B, K2, W0, W13, W8, W2
	ROUND MAJ,   B, C, D, E, A, K2, W1, W14, W9, W3
	ROUND MAJ,   A, B, C, D, E, K2, W2, W15, W10, W4
	ROUND MAJ,   E, A, B, C, D, K2, W3, W0, W11, W5
	ROUND MAJ,   D, E, A, B, C, K2, W4, W1, W12, W6
	ROUND MAJ,   C, D, E, A, B, K2, W5, W2, W13, W7
	ROUND MAJ,   B, C, D, E, A, K2, W6, W3, W14, W8
	ROUND MAJ,   A, B, C, D, E, K2, W7, W4, W15, W9
	ROUND MAJ,   E, A, B, C, D, K2, W8, W5, W0, W10
	ROUND MAJ,   D, E, A, B, C, K2, W9, W6, W1, W11
	ROUND MAJ,   C, D, E, A, B, K2, W10, W7, W2, W12
	ROUND MAJ,   B, C, D, E, A, K2, W11, W8, W3, W13
	ROUND PARITY, A, B, C, D, E, K3, W12, W9, W4, W14
	ROUND PARITY, E, A, B, C, D, K3, W13, W10, W5, W15
	ROUND PARITY, D, E, A, B, C, K3, W14, W11, W6, W0
	ROUND PARITY, C, D, E, A, B, K3, W15, W12, W7, W1
	ROUND PARITY, B, C, D, E, A, K3, W0, W13, W8, W2
	ROUND PARITY, A, B, C, D, E, K3, W1, W14, W9, W3
	ROUND PARITY, E, A, B, C, D, K3, W2, W15, W10, W4
	ROUND PARITY, D, E, A, B, C, K3, W3, W0, W11, W5
	ROUND PARITY, C, D, E, A, B, K3, W4, W1, W12, W6
	ROUND PARITY, B, C, D, E, A, K3, W5, W2, W13, W7
	ROUND PARITY, A, B, C, D, E, K3, W6, W3, W14, W8
	ROUND PARITY, E, A, B, C, D, K3, W7, W4, W15, W9
	ROUND PARITY, D, E, A, B, C, K3, W8, W5, W0, W10
	ROUND PARITY, C, D, E, A, B, K3, W9, W6, W1, W11
	ROUND PARITY, B, C, D, E, A, K3, W10, W7, W2, W12
	ROUND PARITY, A, B, C, D, E, K3, W11, W8, W3, W13
	ROUND PARITY, E, A, B, C, D, K3, W12, W9, W4, W14
	ROUND PARITY, D, E, A, B, C, K3, W13, W10, W5, W15
	ROUND PARITY, C, D, E, A, B, K3, W14, W11, W6, W0
	ROUND PARITY, B, C, D, E, A, K3, W15, W12, W7, W1

	/* ---- 5. feed-forward, next block ---- */
	vpaddd		SA, A, A
	vpaddd		SB, B, B
	vpaddd		SC, C, C
	vpaddd		SD, D, D
	vpaddd		SE, E, E
	addq		$64, OFF
	decq		NBLK
	jnz		.Lblock

	/* ---- 6. chaining values out: rows a..e (and don't-care rows) back
	 * to one row per lane, five words stored per lane ---- */
	vmovdqa64	A, R0
	vmovdqa64	B, R1
	vmovdqa64	C, R2
	vmovdqa64	D, R3
	vmovdqa64	E, R4
	HALF16		R0, R1, R2, R3, R4, R5, R6, R7, X0, X1, X2, X3, X4, X5, X6, X7
	HALF16		R0, R1, R2, R3, R4, R5, R6, R7, Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7
	JOIN16
	STORESTATE	0, W0
	STORESTATE	1, W1
	STORESTATE	2, W2
	STORESTATE	3, W3
	STORESTATE	4, W4
	STORESTATE	5, W5
	STORESTATE	6, W6
	STORESTATE	7, W7
	STORESTATE	8, W8
	STORESTATE	9, W9
	STORESTATE	10, W10
	STORESTATE	11, W11
	STORESTATE	12, W12
	STORESTATE	13, W13
	STORESTATE	14, W14
	STORESTATE	15, W15

	vzeroupper
	ret
FUNC_END sha1_mblocks_avx512x16

	RODATA 6
.Lbswap32:
	BSWAP32_MASK 4
.Lsha1_k:
	SHA1_K_TABLE 1

#endif /* HAVE_AS_AVX512 */
#endif /* __x86_64__ */
