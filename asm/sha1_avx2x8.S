/* SPDX-License-Identifier: MIT */
/* sha1_avx2x8.S - SHA-1 block transform for eight independent messages at
 * once, one message per 32-bit lane of the ymm registers (AVX2).
 */
#include "asm.h"
#include "bswap_masks.h"
#include "sha1_k.h"

#ifdef __x86_64__

/*
 * void sha1_mblocks_avx2x8(uint32_t *const state[8],
 *                          const uint8_t *const data[8], size_t nblocks);
 *
 * Contract: lane i (0..7) runs the FIPS 180-4 (6.1.2) compression function
 * over nblocks >= 1 whole 64-byte blocks at data[i] and updates the five
 * chaining words at state[i] (host order, state[i][0] = H0, any 4-byte
 * alignment).  All lanes advance by the same nblocks; every pointer must
 * be valid.  Reads exactly [data[i], data[i] + 64 * nblocks), the 20 bytes
 * at each state[i] and the pointer arrays; writes only state[i][0..4].
 * Clobbers rax, rcx, rdx, r8, ymm0-ymm15; ends with vzeroupper.
 * Needs AVX2 (256-bit integer operations, vperm2i128) and AVX (vmovdqa/
 * vmovdqu on ymm, vzeroupper): needs = CPUF(AVX) | CPUF(AVX2).
 * Written for CPUs with AVX2 but neither SHA-NI nor AVX-512.
 *
 * Idea: each ymm holds the same SHA-1 variable of eight messages, so one
 * instruction does one step of all eight.  a..e stay in ymm0-4 and are
 * renamed, not moved, from round to round.  Without AVX-512 there are only
 * sixteen registers and no rotate or three-input logic instruction, so the
 * schedule ring W[0..15] lives on the stack (one 32-byte row per word, read
 * as memory operands), rotations are two shifts and an or, and f_t takes
 * two to four instructions (Ch and Maj are written as sums of disjoint
 * terms so their parts are independent).  Each block, lane i's 64 bytes
 * are two rows of eight words; an 8x8 dword transpose per row turns them
 * into schedule rows, done in place with a single spare register.  The
 * chaining values are moved between the lane-major state[i] and the
 * word-major registers with scalar copies through the stack, once per call.
 * The chain from one round's a to the next is shift, or, add.
 */

/* Arguments and scalar registers. */
#define STATEP	%rdi		/* uint32_t *const state[8] */
#define DATAP	%rsi		/* const uint8_t *const data[8] */
#define NBLK	%rdx		/* blocks left */
#define OFF	%rcx		/* byte offset of the current block in every lane */
#define PTR	%rax		/* one lane's pointer, reloaded from the arrays */
#define TMPD	%r8d		/* a chaining word in transit */

/* Working variables (their roles rotate from round to round). */
#define A	%ymm0
#define B	%ymm1
#define C	%ymm2
#define D	%ymm3
#define E	%ymm4

/* Round temporaries. */
#define T0	%ymm5
#define T1	%ymm6
#define WT	%ymm7		/* W[t] just computed */

/* Rows of the transpose (R0-R7 and the spare R8). */
#define R0	%ymm7
#define R1	%ymm8
#define R2	%ymm9
#define R3	%ymm10
#define R4	%ymm11
#define R5	%ymm12
#define R6	%ymm13
#define R7	%ymm14
#define R8	%ymm15

/* The round constants: rows of .Lsha1_k, each constant in all lanes. */
#define K0	.Lsha1_k
#define K1	.Lsha1_k+32
#define K2	.Lsha1_k+64
#define K3	.Lsha1_k+96

/* Stack frame, 32-byte aligned: the schedule ring, then the block's input
 * chaining values (also the staging area for state in and out). */
#define WS(i)		(32 * ((i) & 15))(%rsp)
#define SAVE(j)		(512 + 32 * (j))(%rsp)
#define FRAME		(512 + 5 * 32)

/* LOADROW lane, half, reg: words 8*half .. 8*half+7 of lane's block,
 * byte-swapped into host-order words. */
.macro LOADROW lane, half, reg
	movq		8*\lane(DATAP), PTR
	vmovdqu		32*\half(PTR, OFF), \reg
	vpshufb		.Lbswap32(%rip), \reg, \reg
.endm

/*
 * TRANSPOSE_HALF half: words 8*half .. 8*half+7 of all lanes into the ring.
 * Row i (R0..R7 after loading) is lane i's eight words; then
 *   1. vpunpck[lh]dq of row pairs gives, per 128-bit half c, words 4c and
 *      4c+1 (lo) or 4c+2 and 4c+3 (hi) of the two rows, interleaved;
 *   2. vpunpck[lh]qdq of those gives word 4c+k of rows 0-3 (or 4-7);
 *   3. vperm2i128 0x20 / 0x31 joins rows 0-3 and 4-7 of word k and of
 *      word 4+k; each result is stored straight to the ring.
 * Stages 1 and 2 write the low result to the spare register and the high
 * one over the second input, so the first input's register becomes the
 * next spare: the comments name where each intermediate lands.
 */
.macro TRANSPOSE_HALF half
	LOADROW		0, \half, R0
	LOADROW		1, \half, R1
	LOADROW		2, \half, R2
	LOADROW		3, \half, R3
	LOADROW		4, \half, R4
	LOADROW		5, \half, R5
	LOADROW		6, \half, R6
	LOADROW		7, \half, R7

	vpunpckldq	R1, R0, R8		/* s0: rows 0,1 lo */
	vpunpckhdq	R1, R0, R1		/* s1: rows 0,1 hi */
	vpunpckldq	R3, R2, R0		/* s2 */
	vpunpckhdq	R3, R2, R3		/* s3 */
	vpunpckldq	R5, R4, R2		/* s4 */
	vpunpckhdq	R5, R4, R5		/* s5 */
	vpunpckldq	R7, R6, R4		/* s6 */
	vpunpckhdq	R7, R6, R7		/* s7; R6 spare */

	vpunpcklqdq	R0, R8, R6		/* u0 = s0,s2 lo: word 4c   rows 0-3 */
	vpunpckhqdq	R0, R8, R0		/* u1 = s0,s2 hi: word 4c+1 rows 0-3 */
	vpunpcklqdq	R3, R1, R8		/* u2 = s1,s3 lo: word 4c+2 */
	vpunpckhqdq	R3, R1, R3		/* u3 = s1,s3 hi: word 4c+3 */
	vpunpcklqdq	R4, R2, R1		/* u4 = s4,s6 lo: word 4c   rows 4-7 */
	vpunpckhqdq	R4, R2, R4		/* u5 */
	vpunpcklqdq	R7, R5, R2		/* u6 */
	vpunpckhqdq	R7, R5, R7		/* u7; R5 spare */

	vperm2i128	$0x20, R1, R6, R5	/* u0, u4 */
	vmovdqa		R5, WS(8*\half + 0)
	vperm2i128	$0x31, R1, R6, R5
	vmovdqa		R5, WS(8*\half + 4)
	vperm2i128	$0x20, R4, R0, R5	/* u1, u5 */
	vmovdqa		R5, WS(8*\half + 1)
	vperm2i128	$0x31, R4, R0, R5
	vmovdqa		R5, WS(8*\half + 5)
	vperm2i128	$0x20, R2, R8, R5	/* u2, u6 */
	vmovdqa		R5, WS(8*\half + 2)
	vperm2i128	$0x31, R2, R8, R5
	vmovdqa		R5, WS(8*\half + 6)
	vperm2i128	$0x20, R7, R3, R5	/* u3, u7 */
	vmovdqa		R5, WS(8*\half + 3)
	vperm2i128	$0x31, R7, R3, R5
	vmovdqa		R5, WS(8*\half + 7)
.endm

/* f_t selectors for ROUND. */
	.set CH, 0
	.set PARITY, 1
	.set MAJ, 2

/*
 * ROUND f, a, b, c, d, e, k, t: round t for all lanes,
 *   e += rol5(a) + f(b, c, d) + K + W[t];  b = rol30(b);
 * the caller renames (e, a, b, c, d) as (a, b, c, d, e) for round t + 1.
 * From round 16 on W[t] = rol1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]) is
 * made here and stored over W[t-16] while later rounds still need it.
 * Ch(b,c,d) = (b & c) + (~b & d) and Maj(b,c,d) = (b & c) + (d & (b ^ c))
 * (the terms never share a set bit), so their parts are independent.
 * rol5(a) is added last: a was produced by the round before.
 */
.macro ROUND f, a, b, c, d, e, k, t
.if \t < 16
	vpaddd		WS(\t), \e, \e
.else
	vmovdqa		WS(\t - 16), WT
	vpxor		WS(\t - 14), WT, WT
	vpxor		WS(\t - 8), WT, WT
	vpxor		WS(\t - 3), WT, WT
	vpsrld		$31, WT, T0
	vpaddd		WT, WT, WT
	vpor		T0, WT, WT
.if \t <= 76
	vmovdqa		WT, WS(\t)
.endif
	vpaddd		WT, \e, \e
.endif
	vpaddd		\k(%rip), \e, \e
.if \f == CH
	vpand		\c, \b, T0
	vpandn		\d, \b, T1		/* ~b & d */
	vpaddd		T0, \e, \e
	vpaddd		T1, \e, \e
.elseif \f == PARITY
	vpxor		\c, \b, T0
	vpxor		\d, T0, T0
	vpaddd		T0, \e, \e
.else
	vpand		\c, \b, T0
	vpxor		\c, \b, T1
	vpand		\d, T1, T1
	vpaddd		T0, \e, \e
	vpaddd		T1, \e, \e
.endif
	vpslld		$5, \a, T0
	vpsrld		$27, \a, T1
	vpor		T1, T0, T0
	vpaddd		T0, \e, \e
	vpslld		$30, \b, T0
	vpsrld		$2, \b, \b
	vpor		T0, \b, \b
.endm

/* STATE_IN lane / STATE_OUT lane: the five words of state[lane] to or
 * from column lane of the word-major staging rows SAVE(0..4). */
.macro STATE_IN lane
	movq		8*\lane(STATEP), PTR
	.irp j, 0, 1, 2, 3, 4
	movl		4*\j(PTR), TMPD
	movl		TMPD, 4*\lane + SAVE(\j)
	.endr
.endm
.macro STATE_OUT lane
	movq		8*\lane(STATEP), PTR
	.irp j, 0, 1, 2, 3, 4
	movl		4*\lane + SAVE(\j), TMPD
	movl		TMPD, 4*\j(PTR)
	.endr
.endm

FUNC_BEGIN sha1_mblocks_avx2x8
	/* ---- 1. frame; chaining values in, one register per word ---- */
	pushq		%rbp
	movq		%rsp, %rbp
	andq		$-32, %rsp
	subq		$FRAME, %rsp
	.irp lane, 0, 1, 2, 3, 4, 5, 6, 7
	STATE_IN	\lane
	.endr
	vmovdqa		SAVE(0), A
	vmovdqa		SAVE(1), B
	vmovdqa		SAVE(2), C
	vmovdqa		SAVE(3), D
	vmovdqa		SAVE(4), E

	xorl		%ecx, %ecx		/* OFF = 0 */
	.p2align 4
.Lblock:
	/* ---- 2. the block's words, transposed into the ring; keep the
	 * input chaining values for the feed-forward ---- */
	TRANSPOSE_HALF	0
	TRANSPOSE_HALF	1
	vmovdqa		A, SAVE(0)
	vmovdqa		B, SAVE(1)
	vmovdqa		C, SAVE(2)
	vmovdqa		D, SAVE(3)
	vmovdqa		E, SAVE(4)

	/* ---- 3. eighty rounds ---- */
	ROUND CH,     A, B, C, D, E, K0, 0
	ROUND CH,     E, A, B, C, D, K0, 1
	ROUND CH,     D, E, A, B, C, K0, 2
	ROUND CH,     C, D, E, A, B, K0, 3
	ROUND CH,     B, C, D, E, A, K0, 4
	ROUND CH,     A, B, C, D, E, K0, 5
	ROUND CH,     E, A, B, C, D, K0, 6
	ROUND CH,     D, E, A, B, C, K0, 7
	ROUND CH,     C, D, E, A, B, K0, 8
	ROUND CH,     B, C, D, E, A, K0, 9
	ROUND CH,     A, B, C, D, E, K0, 10
	ROUND CH,     E, A, B, C, D, K0, 11
	ROUND CH,     D, E, A, B, C, K0, 12
	ROUND CH,     C, D, E, A, B, K0, 13
	ROUND CH,     B, C, D, E, A, K0, 14
	ROUND CH,     A, B, C, D, E, K0, 15
	ROUND CH,     E, A, B, C, D, K0, 16
	ROUND CH,     D, E, A, B, C, K0, 17
	ROUND CH,     C, D, E, A, B, K0, 18
	ROUND CH,     B, C, D, E, A, K0, 19
	ROUND PARITY, A, B, C, D, E, K1, 20
	ROUND PARITY, E, A, B, C, D, K1, 21
	ROUND PARITY, D, E, A, B, C, K1, 22
	ROUND PARITY, C, D, E, A, B, K1, 23
	ROUND PARITY, B, C, D, E, A, K1, 24
	ROUND PARITY, A, B, C, D, E, K1, 25
	ROUND PARITY, E, A, B, C, D, K1, 26
	ROUND PARITY, D, E, A, B, C, K1, 27
	ROUND PARITY, C, D, E, A, B, K1, 28
	ROUND PARITY, B, C, D, E, A, K1, 29
	ROUND PARITY, A, B, C, D, E, K1, 30
	ROUND PARITY, E, A, B, C, D, K1, 31
	ROUND PARITY, D, E, A, B, C, K1, 32
	ROUND PARITY, C, D, E, A, B, K1, 33
	ROUND PARITY, B, C, D, E, A, K1, 34
	ROUND PARITY, A, B, C, D, E, K1, 35
	ROUND PARITY, E, A, B, C, D, K1, 36
	ROUND PARITY, D, E, A, B, C, K1, 37
	ROUND PARITY, C, D, E, A, B, K1, 38
	ROUND PARITY, B, C, D, E, A, K1, 39
	ROUND MAJ,    A, B, C, D, E, K2, 40
	ROUND MAJ,    E, A, B, C, D, K2, 41
	ROUND MAJ,    D, E, A, B, C, K2, 42
	ROUND MAJ,    C, D, E, A, B, K2, 43
	ROUND MAJ,    B, C, D, E, A, K2, 44
	ROUND MAJ,    A, B, C, D, E, K2, 45
	ROUND MAJ,    E, A, B, C, D, K2, 46
	ROUND MAJ,    D, E, A, B, C, K2, 47
	ROUND MAJ,    C, D, E, A, B, K2, 48
	ROUND MAJ,    B, C, D, E, A, K2, 49
	ROUND MAJ,    A, B, C, D, E, K2, 50
	ROUND MAJ,    E, A, B, C, D, K2, 51
	ROUND MAJ,    D, E, A, B, C, K2, 52
	ROUND MAJ,    C, D, E, A, B, K2, 53
	ROUND MAJ,    B, C, D, E, A, K2, 54
	ROUND MAJ,    A, B, C, D, E, K2, 55
	ROUND MAJ,    E, A, B, C, D, K2, 56
	ROUND MAJ,    D, E, A, B, C, K2, 57
	ROUND MAJ,    C, D, E, A, B, K2, 58
	ROUND MAJ,    B, C, D, E, A, K2, 59
	ROUND PARITY, A, B, C, D, E, K3, 60
	ROUND PARITY, E, A, B, C, D, K3, 61
	ROUND PARITY, D, E, A, B, C, K3, 62
	ROUND PARITY, C, D, E, A, B, K3, 63
	ROUND PARITY, B, C, D, E, A, K3, 64
	ROUND PARITY, A, B, C, D, E, K3, 65
	ROUND PARITY, E, A, B, C, D, K3, 66
	ROUND PARITY, D, E, A, B, C, K3, 67
	ROUND PARITY, C, D, E, A, B, K3, 68
	ROUND PARITY, B, C, D, E, A, K3, 69
	ROUND PARITY, A, B, C, D, E, K3, 70
	ROUND PARITY, E, A, B, C, D, K3, 71
	ROUND PARITY, D, E, A, B, C, K3, 72
	ROUND PARITY, C, D, E, A, B, K3, 73
	ROUND PARITY, B, C, D, E, A, K3, 74
	ROUND PARITY, A, B, C, D, E, K3, 75
	ROUND PARITY, E, A, B, C, D, K3, 76
	ROUND PARITY, D, E, A, B, C, K3, 77
	ROUND PARITY, C, D, E, A, B, K3, 78
	ROUND PARITY, B, C, D, E, A, K3, 79

	/* ---- 4. feed-forward, next block ---- */
	vpaddd		SAVE(0), A, A
	vpaddd		SAVE(1), B, B
	vpaddd		SAVE(2), C, C
	vpaddd		SAVE(3), D, D
	vpaddd		SAVE(4), E, E
	addq		$64, OFF
	decq		NBLK
	jnz		.Lblock

	/* ---- 5. chaining values out ---- */
	vmovdqa		A, SAVE(0)
	vmovdqa		B, SAVE(1)
	vmovdqa		C, SAVE(2)
	vmovdqa		D, SAVE(3)
	vmovdqa		E, SAVE(4)
	.irp lane, 0, 1, 2, 3, 4, 5, 6, 7
	STATE_OUT	\lane
	.endr

	vzeroupper
	movq		%rbp, %rsp
	popq		%rbp
	ret
FUNC_END sha1_mblocks_avx2x8

	RODATA 5
.Lbswap32:
	BSWAP32_MASK 2
.Lsha1_k:
	SHA1_K_TABLE 8

#endif /* __x86_64__ */
