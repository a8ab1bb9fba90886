/* SPDX-License-Identifier: MIT */
/* sha256_avx512x16.S - SHA-256 on sixteen independent messages at once,
 * one per 32-bit lane of the zmm registers. */
#include "asm.h"
#include "lanes_transpose.h"
#include "bswap_masks.h"
#include "sha256_k.h"

#ifdef __x86_64__
#if HAVE_AS_AVX512

/*
 * void sha256_mblocks_avx512x16(uint32_t *const state[16],
 *                               const uint8_t *const data[16],
 *                               size_t nblocks);
 *
 * Contract (src/impl.h, sha256_mblocks_fn): lane i (0 <= i < 16) hashes
 * nblocks >= 1 whole 64-byte blocks from data[i] into state[i], a normal
 * uint32_t[8] chaining value (H0 first).  Reads exactly
 * [data[i], data[i] + 64 * nblocks) for each lane, any alignment, and the
 * pointer arrays themselves; writes only the sixteen states, once, at the
 * end (lanes may share a message; lanes sharing a state get one of their
 * results).  Clobbers rax, rcx, rdx, zmm0-zmm31 and the flags; uses 512
 * bytes of 64-byte aligned stack; ends with vzeroupper.
 *
 * Needs: AVX512F (EVEX arithmetic, vprord, vpternlogd, vshufi32x4),
 * AVX512BW (vpshufb on zmm, for the big-endian loads) and AVX (the VEX
 * ymm loads/stores of the states, vzeroupper).  Registry row:
 * .needs = CPUF(AVX) | CPUF(AVX512F) | CPUF(AVX512BW), .lanes = 16.
 *
 * Idea: FIPS 180-4 6.2.2 computed on sixteen messages side by side, each
 * 32-bit lane of a zmm register belonging to one message; the states are
 * kept transposed (one register per working variable a..h) for the whole
 * call, so the transposition cost is paid once in and once out.  Each
 * block's sixteen rows are loaded whole (one 64-byte load per message)
 * and transposed in registers: dword and qword unpacks make 4x4 blocks
 * inside each 128-bit slot, two rounds of vshufi32x4 move the slots.
 * The whole 16-word schedule window stays in zmm16-zmm31 and is updated
 * in place, so nothing but the feed-forward copy of the state touches
 * the stack.  Rotations are vprord, the three-way xors of the sigmas and
 * Ch/Maj are single vpternlogd.  Every vector operation has two cycles of
 * latency on Zen 5 and only two pipes rotate, so the e recurrence
 * (e -> three rotates -> xor3 -> add) costs seven cycles a round, about
 * what the 27.5 vector operations of a round (with its share of the
 * schedule) cost in throughput.  The round is therefore arranged for short
 * chains rather than the fewest instructions (one subtraction more than
 * the textbook order, see EPART/APART), and the e half of each round is
 * issued ahead of the a half of the round before it.
 */

/* Arguments. */
#define STATES   %rdi
#define DATAS    %rsi
#define NBLOCKS  %rdx

#define OFF      %rcx           /* byte offset of the current block */
#define PTR      %rax

/* Working variables a..h, one message per dword lane (round 0 names). */
#define ZA       %zmm0
#define ZB       %zmm1
#define ZC       %zmm2
#define ZD       %zmm3
#define ZE       %zmm4
#define ZF       %zmm5
#define ZG       %zmm6
#define ZH       %zmm7

/* Temporaries; in the rounds, X0..X3 are scratch and CC/DO carry
 * copies from one half round to the other. */
#define T0       %zmm8
#define T1       %zmm9
#define T2       %zmm10
#define T3       %zmm11
#define T4       %zmm12
#define T5       %zmm13
#define T6       %zmm14
#define T7       %zmm15
#define X0       T0
#define X1       T1
#define X2       T2
#define X3       T3
#define CC0      T4
#define CC1      T5
#define DO0      T6
#define DO1      T7

/* The message schedule window: W[t] lives in W(t mod 16). */
#define W0       %zmm16
#define W1       %zmm17
#define W2       %zmm18
#define W3       %zmm19
#define W4       %zmm20
#define W5       %zmm21
#define W6       %zmm22
#define W7       %zmm23
#define W8       %zmm24
#define W9       %zmm25
#define W10      %zmm26
#define W11      %zmm27
#define W12      %zmm28
#define W13      %zmm29
#define W14      %zmm30
#define W15      %zmm31

/*
 * LOAD_GROUP g, q0, q1, q2, q3: the current block of messages 4g..4g+3,
 * byte-swapped, partially transposed: 128-bit slot c of q_j holds word
 * 4c + j of those four messages (message 4g + p in dword p).
 */
.macro LOAD_GROUP g, q0, q1, q2, q3
	LOAD_ROWS4 DATAS, \g, OFF, PTR, T0, T1, T2, T3
	vpshufb	.Lbswap(%rip), T0, T0
	vpshufb	.Lbswap(%rip), T1, T1
	vpshufb	.Lbswap(%rip), T2, T2
	vpshufb	.Lbswap(%rip), T3, T3
	TR4	T0, T1, T2, T3, \q0, \q1, \q2, \q3, T4, T5, T6, T7
.endm

/*
 * SLOTS x0, x1, x2, x3: slot transposition finishing the message load.
 * On entry slot c of x_g holds word 4c + j of messages 4g..4g+3 (fixed j);
 * on exit x_c holds word 4c + j of all sixteen messages, message 4g + p
 * in dword 4g + p (SLOTS4 of lanes_transpose.h).
 */
.macro SLOTS x0, x1, x2, x3
	SLOTS4	\x0, \x1, \x2, \x3, T0, T1, T2, T3
.endm

/*
 * The round is split in two halves so that the e chain, the one that
 * limits (every vector operation takes two cycles, and e -> S1 -> add is
 * six), can be issued ahead of the a half of the round before it:
 *     EPART t:  d += h + W[t] + K[t] + Ch(e, f, g) + S1(e)   (the new e)
 *     APART t:  h = (new e - old d) + Maj(a, b, c) + S0(a)   (the new a)
 * The code runs EPART t+1 before APART t; EPART t+1 needs nothing APART t
 * makes (a reaches e only through d, three rounds later), but it
 * overwrites the c of round t (its own d), and EPART t overwrote the old
 * d, so EPART copies both into registers that alternate with the round's
 * parity (cc, do).  Being older in program order, the S1 rotates then win
 * the two rotate-capable pipes over the S0 rotates that become ready in
 * the same cycle.
 */
.macro EPART k, i, a, b, c, d, e, f, g, h, w0, cc, do
	vpaddd	.Lk256 + 64 * (\k) + 4 * \i(%rip){1to16}, \w0, X0
	vpaddd	X0, \h, \h              /* h + W + K */
	vmovdqa32 \e, X2
	vpternlogd $0xca, \g, \f, X2    /* Ch(e, f, g) */
	vprord	$6, \e, X0
	vprord	$11, \e, X1
	vprord	$25, \e, X3
	vpternlogd $0x96, X1, X0, X3    /* S1(e) */
	vmovdqa32 \c, \cc
	vmovdqa32 \d, \do
	vpaddd	\h, \d, \d
	vpaddd	X2, \d, \d
	vpaddd	X3, \d, \d              /* d + T1: the new e */
.endm

.macro APART a, b, c, d, e, f, g, h, cc, do
	vmovdqa32 \a, X0
	vpternlogd $0xe8, \cc, \b, X0   /* Maj(a, b, c) */
	vprord	$2, \a, X1
	vprord	$13, \a, X2
	vprord	$22, \a, X3
	vpternlogd $0x96, X2, X1, X3    /* S0(a) */
	vpsubd	\do, \d, \h             /* T1 = new e - old d */
	vpaddd	X0, \h, \h              /* + Maj */
	vpaddd	X3, \h, \h              /* + S0: the new a */
.endm

/*
 * SCHED w0, w1, w9, w14: W[t+16] into w0 (which held W[t], now used) from
 * w1 = W[t+1], w9 = W[t+9], w14 = W[t+14] (FIPS 180-4, 6.2.2 step 1).
 */
.macro SCHED w0, w1, w9, w14
	vprord	$7, \w1, X0
	vprord	$18, \w1, X1
	vpsrld	$3, \w1, X2
	vpternlogd $0x96, X1, X0, X2    /* s0(W[t+1]) */
	vpaddd	\w9, \w0, \w0
	vpaddd	X2, \w0, \w0
	vprord	$17, \w14, X0
	vprord	$19, \w14, X1
	vpsrld	$10, \w14, X3
	vpternlogd $0x96, X1, X0, X3    /* s1(W[t+14]) */
	vpaddd	X3, \w0, \w0            /* W[t+16] */
.endm

/* The names of a..h in round t depend on t mod 8 (each round renames). */
#define R0 ZA, ZB, ZC, ZD, ZE, ZF, ZG, ZH
#define R1 ZH, ZA, ZB, ZC, ZD, ZE, ZF, ZG
#define R2 ZG, ZH, ZA, ZB, ZC, ZD, ZE, ZF
#define R3 ZF, ZG, ZH, ZA, ZB, ZC, ZD, ZE
#define R4 ZE, ZF, ZG, ZH, ZA, ZB, ZC, ZD
#define R5 ZD, ZE, ZF, ZG, ZH, ZA, ZB, ZC
#define R6 ZC, ZD, ZE, ZF, ZG, ZH, ZA, ZB
#define R7 ZB, ZC, ZD, ZE, ZF, ZG, ZH, ZA
/* The copies EPART leaves for APART, by round parity. */
#define P0 CC0, DO0
#define P1 CC1, DO1

/*
 * ROUNDS16 k: APART of rounds 16k..16k+15, each preceded by the EPART
 * of the round after it (EPART 0 comes before ROUNDS16 0) and followed,
 * for k < 3, by the schedule step that replaces the W it used.
 */
.macro ROUNDS16 k
	EPART	\k, 1, R1, W1, P1
	APART	R0, P0
.if \k < 3
	SCHED	W0, W1, W9, W14
.endif
	EPART	\k, 2, R2, W2, P0
	APART	R1, P1
.if \k < 3
	SCHED	W1, W2, W10, W15
.endif
	EPART	\k, 3, R3, W3, P1
	APART	R2, P0
.if \k < 3
	SCHED	W2, W3, W11, W0
.endif
	EPART	\k, 4, R4, W4, P0
	APART	R3, P1
.if \k < 3
	SCHED	W3, W4, W12, W1
.endif
	EPART	\k, 5, R5, W5, P1
	APART	R4, P0
.if \k < 3
	SCHED	W4, W5, W13, W2
.endif
	EPART	\k, 6, R6, W6, P0
	APART	R5, P1
.if \k < 3
	SCHED	W5, W6, W14, W3
.endif
	EPART	\k, 7, R7, W7, P1
	APART	R6, P0
.if \k < 3
	SCHED	W6, W7, W15, W4
.endif
	EPART	\k, 8, R0, W8, P0
	APART	R7, P1
.if \k < 3
	SCHED	W7, W8, W0, W5
.endif
	EPART	\k, 9, R1, W9, P1
	APART	R0, P0
.if \k < 3
	SCHED	W8, W9, W1, W6
.endif
	EPART	\k, 10, R2, W10, P0
	APART	R1, P1
.if \k < 3
	SCHED	W9, W10, W2, W7
.endif
	EPART	\k, 11, R3, W11, P1
	APART	R2, P0
.if \k < 3
	SCHED	W10, W11, W3, W8
.endif
	EPART	\k, 12, R4, W12, P0
	APART	R3, P1
.if \k < 3
	SCHED	W11, W12, W4, W9
.endif
	EPART	\k, 13, R5, W13, P1
	APART	R4, P0
.if \k < 3
	SCHED	W12, W13, W5, W10
.endif
	EPART	\k, 14, R6, W14, P0
	APART	R5, P1
.if \k < 3
	SCHED	W13, W14, W6, W11
.endif
	EPART	\k, 15, R7, W15, P1
	APART	R6, P0
.if \k < 3
	SCHED	W14, W15, W7, W12
.endif
.if \k < 3
	EPART	\k + 1, 0, R0, W0, P0
.endif
	APART	R7, P1
.if \k < 3
	SCHED	W15, W0, W8, W13
.endif
.endm

/* LOAD_STATES g, q0..q3: the eight words of states 4g..4g+3 in the low
 * 256 bits, TR4-transposed like LOAD_GROUP. */
.macro LOAD_STATES g, q0, q1, q2, q3
	mov	8 * (4 * \g + 0)(STATES), PTR
	vmovdqu	(PTR), %ymm8
	mov	8 * (4 * \g + 1)(STATES), PTR
	vmovdqu	(PTR), %ymm9
	mov	8 * (4 * \g + 2)(STATES), PTR
	vmovdqu	(PTR), %ymm10
	mov	8 * (4 * \g + 3)(STATES), PTR
	vmovdqu	(PTR), %ymm11
	TR4	T0, T1, T2, T3, \q0, \q1, \q2, \q3, T4, T5, T6, T7
.endm

/* GATHER_STATE j, s_lo, s_hi: from q_g = W(4g + j) (slot c: word 4c + j
 * of states 4g..4g+3) to s_lo = word j and s_hi = word 4 + j of all. */
.macro GATHER_STATE q0, q1, q2, q3, s_lo, s_hi
	vshufi32x4 $0x44, \q1, \q0, T0  /* q0.0 q0.1 q1.0 q1.1 */
	vshufi32x4 $0x44, \q3, \q2, T1  /* q2.0 q2.1 q3.0 q3.1 */
	vshufi32x4 $0x88, T1, T0, \s_lo /* q0.0 q1.0 q2.0 q3.0 */
	vshufi32x4 $0xdd, T1, T0, \s_hi /* q0.1 q1.1 q2.1 q3.1 */
.endm

/* SCATTER_STATE s_lo, s_hi, q0..q3: the inverse of GATHER_STATE (in the
 * low 256 bits of the q's). */
.macro SCATTER_STATE s_lo, s_hi, q0, q1, q2, q3
	vshufi32x4 $0x44, \s_hi, \s_lo, T0 /* lo.0 lo.1 hi.0 hi.1 */
	vshufi32x4 $0xee, \s_hi, \s_lo, T1 /* lo.2 lo.3 hi.2 hi.3 */
	vshufi32x4 $0x88, T0, T0, \q0   /* lo.0 hi.0 */
	vshufi32x4 $0xdd, T0, T0, \q1   /* lo.1 hi.1 */
	vshufi32x4 $0x88, T1, T1, \q2
	vshufi32x4 $0xdd, T1, T1, \q3
.endm

/* STORE_STATES g, q0..q3: the inverse of LOAD_STATES. */
.macro STORE_STATES g, q0, q1, q2, q3
	TR4	\q0, \q1, \q2, \q3, T0, T1, T2, T3, T4, T5, T6, T7
	mov	8 * (4 * \g + 0)(STATES), PTR
	vmovdqu	%ymm8, (PTR)
	mov	8 * (4 * \g + 1)(STATES), PTR
	vmovdqu	%ymm9, (PTR)
	mov	8 * (4 * \g + 2)(STATES), PTR
	vmovdqu	%ymm10, (PTR)
	mov	8 * (4 * \g + 3)(STATES), PTR
	vmovdqu	%ymm11, (PTR)
.endm

FUNC_BEGIN sha256_mblocks_avx512x16
	/* ---- 1. Frame; the sixteen states, transposed into a..h. ---- */
	push	%rbp
	mov	%rsp, %rbp
	sub	$512, %rsp
	and	$-64, %rsp

	LOAD_STATES 0, W0,  W1,  W2,  W3
	LOAD_STATES 1, W4,  W5,  W6,  W7
	LOAD_STATES 2, W8,  W9,  W10, W11
	LOAD_STATES 3, W12, W13, W14, W15
	GATHER_STATE W0, W4, W8,  W12, ZA, ZE
	GATHER_STATE W1, W5, W9,  W13, ZB, ZF
	GATHER_STATE W2, W6, W10, W14, ZC, ZG
	GATHER_STATE W3, W7, W11, W15, ZD, ZH
	xor	OFF, OFF

.Lblock:
	/* ---- 2. Sixteen message blocks, transposed into W0..W15. ---- */
	LOAD_GROUP 0, W0,  W1,  W2,  W3
	LOAD_GROUP 1, W4,  W5,  W6,  W7
	LOAD_GROUP 2, W8,  W9,  W10, W11
	LOAD_GROUP 3, W12, W13, W14, W15
	SLOTS	W0, W4, W8,  W12
	SLOTS	W1, W5, W9,  W13
	SLOTS	W2, W6, W10, W14
	SLOTS	W3, W7, W11, W15

	/* ---- 3. Feed-forward copy, 64 rounds. ---- */
	vmovdqa32 ZA, 0 * 64(%rsp)
	vmovdqa32 ZB, 1 * 64(%rsp)
	vmovdqa32 ZC, 2 * 64(%rsp)
	vmovdqa32 ZD, 3 * 64(%rsp)
	vmovdqa32 ZE, 4 * 64(%rsp)
	vmovdqa32 ZF, 5 * 64(%rsp)
	vmovdqa32 ZG, 6 * 64(%rsp)
	vmovdqa32 ZH, 7 * 64(%rsp)
	EPART	0, 0, R0, W0, P0
	ROUNDS16 0
	ROUNDS16 1
	ROUNDS16 2
	ROUNDS16 3

	/* ---- 4. Feed-forward, next block. ---- */
	vpaddd	0 * 64(%rsp), ZA, ZA
	vpaddd	1 * 64(%rsp), ZB, ZB
	vpaddd	2 * 64(%rsp), ZC, ZC
	vpaddd	3 * 64(%rsp), ZD, ZD
	vpaddd	4 * 64(%rsp), ZE, ZE
	vpaddd	5 * 64(%rsp), ZF, ZF
	vpaddd	6 * 64(%rsp), ZG, ZG
	vpaddd	7 * 64(%rsp), ZH, ZH
	add	$64, OFF
	sub	$1, NBLOCKS
	jnz	.Lblock

	/* ---- 5. States back to sixteen H0..H7 rows. ---- */
	SCATTER_STATE ZA, ZE, W0, W4, W8,  W12
	SCATTER_STATE ZB, ZF, W1, W5, W9,  W13
	SCATTER_STATE ZC, ZG, W2, W6, W10, W14
	SCATTER_STATE ZD, ZH, W3, W7, W11, W15
	STORE_STATES 0, W0,  W1,  W2,  W3
	STORE_STATES 1, W4,  W5,  W6,  W7
	STORE_STATES 2, W8,  W9,  W10, W11
	STORE_STATES 3, W12, W13, W14, W15
	vzeroupper
	leave
	ret
FUNC_END sha256_mblocks_avx512x16

	RODATA 6
.Lbswap:
	BSWAP32_MASK 4
/* Broadcast from here one at a time. */
.Lk256:
	K256_TABLE

#endif /* HAVE_AS_AVX512 */
#endif /* __x86_64__ */
