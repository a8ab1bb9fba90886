/* SPDX-License-Identifier: MIT */
/* md5_avx512x16.S - MD5 block transform for sixteen independent messages
 * at once, one message per 32-bit lane of the zmm registers (AVX-512). */
#include "asm.h"
#include "lanes_transpose.h"
#include "md5_consts.h"

#ifdef __x86_64__
#if HAVE_AS_AVX512

/*
 * void md5_mblocks_avx512x16(uint32_t *const state[16],
 *                            const uint8_t *const data[16], size_t nblocks);
 *
 * Contract (the multi-buffer contract of src/impl.h, md5_mblocks_fn):
 * lane i (0 <= i < 16) runs RFC 1321's block step (3.4: 64 steps, then
 * the feed-forward add) over nblocks >= 1 whole 64-byte blocks at data[i]
 * and updates state[i], a uint32_t[4] chaining value {A, B, C, D} in host
 * order.  All lanes advance by the same nblocks; every pointer must be
 * valid (lanes may share a message; lanes sharing a state get one of
 * their results).  Reads exactly [data[i], data[i] + 64 * nblocks) for
 * each lane, any alignment, the 16 bytes at each state[i] and the pointer
 * arrays; writes only the sixteen states, once, at the end.  Never pads.
 * Clobbers rax, rcx, rdx, zmm0-zmm31 and the flags; uses no stack beyond
 * the return address; ends with vzeroupper.
 *
 * Needs: AVX512F (EVEX adds and moves on zmm, {1to16} broadcasts, vprold,
 * vpternlogd, vpunpck*, vshufi32x4, vinserti32x4, vextracti32x4) and AVX
 * (the VEX xmm load and store of a state's 16 bytes, vzeroupper).  No
 * AVX512BW (MD5 words are little-endian: no byte shuffle) and no AVX512VL
 * (nothing EVEX on xmm or ymm).  Registry row:
 * .needs = CPUF(AVX) | CPUF(AVX512F), .lanes = 16.
 *
 * Idea: md5_avx2x8.S on twice the width.  Each zmm register holds the
 * same MD5 variable of sixteen messages, so one instruction does one step
 * of all sixteen.  a..d stay in zmm0-3 for the whole call and are
 * renamed, not moved, from step to step; their values at the start of
 * the block wait in zmm4-7 for the feed-forward.  The whole block, word k
 * of all sixteen messages, lives in zmm16 + k: each message's 64 bytes
 * are one load, and a 16x16 dword transpose (TR4 inside the 128-bit slots
 * of four rows at a time, then SLOTS4 across the slots) makes the
 * columns, so the steps touch no stack.  The states go in and out through
 * the same TR4, one state per 128-bit slot (vinserti32x4 / vextracti32x4
 * from and to memory).  T[i] is an EVEX {1to16} broadcast from the plain
 * 64-word table.
 *
 * The steps are one dependency chain per lane, and with sixteen lanes in
 * one register it is one chain for the call: each step needs the b the
 * one before made, so latency sets the speed, not the instruction count
 * (seven per step, one of them an eliminated move; Zen 5 issues four
 * vector operations a cycle).  What AVX-512 gives shortens the chain to
 * its four essential operations after b: f = one vpternlogd of (b, c, d),
 * x = u + f, vprold (one instruction, not a shift pair), b + rotl(x, s);
 * u = a + X[k] + T[i] is summed before b is ready.  On Zen 5 each of them
 * takes two cycles, so a step is 8 cycles and a block of sixteen messages
 * 512 (measured: about 520).  That holds only with b as vpternlogd's
 * destination operand: there it costs two cycles, but about three as
 * either of the other two sources (measured on Zen 5), so the step copies
 * b (a move the renamer eliminates) and passes d and c as the sources,
 * rather than copying the early d and passing b.
 */

/* Arguments and scalar registers. */
#define STATES   %rdi           /* uint32_t *const state[16] */
#define DATAS    %rsi           /* const uint8_t *const data[16] */
#define NBLOCKS  %rdx           /* blocks left */
#define OFF      %rcx           /* byte offset of the current block */
#define PTR      %rax           /* one lane's pointer, reloaded from the arrays */

/* Working variables (their roles rotate from step to step). */
#define ZA       %zmm0
#define ZB       %zmm1
#define ZC       %zmm2
#define ZD       %zmm3

/* a..d at the start of the block, for the feed-forward. */
#define SA       %zmm4
#define SB       %zmm5
#define SC       %zmm6
#define SD       %zmm7

/* Temporaries: of the transposes, and T0 is the steps' f.  T0-T7 are
 * below zmm16 so that their low halves are VEX-encodable (xmm8-15). */
#define T0       %zmm8
#define T1       %zmm9
#define T2       %zmm10
#define T3       %zmm11
#define T4       %zmm12
#define T5       %zmm13
#define T6       %zmm14
#define T7       %zmm15

/* The block: X[k] of all sixteen lanes in W<k>, lane i in dword i. */
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
/* W(k) with k a macro (MD5_K_i): expanded before the paste. */
#define WREG(k)  WREG_(k)
#define WREG_(k) W##k

/* T[i] (0-based), one dword, broadcast to the sixteen lanes. */
#define TT(i)    (.Lmd5_t + 4 * (i))(%rip){1to16}

/*
 * The round functions as vpternlogd truth tables.  The steps copy b into
 * the destination and pass c and d as the other two sources:
 *     vpternlogd $imm, d, c, dst(= b)
 * so bit (4 b + 2 c + d) of imm is f(b, c, d); equivalently imm is f
 * evaluated on the bytes b = 0xf0, c = 0xcc, d = 0xaa (SDM, VPTERNLOGD).
 *   F = (b & c) | (~b & d)   select by b:   0xc0 | 0x0a = 0xca
 *   G = (b & d) | (c & ~d)   select by d:   0xa0 | 0x44 = 0xe4
 *   H = b ^ c ^ d            parity:        0x96
 *   I = c ^ (b | ~d)                        0xcc ^ 0xf5 = 0x39
 */
	.set	FN_F, 0xca
	.set	FN_G, 0xe4
	.set	FN_H, 0x96
	.set	FN_I, 0x39

/*
 * LOAD_GROUP g, q0, q1, q2, q3: the current block of messages 4g..4g+3,
 * partially transposed: 128-bit slot c of q_j holds word 4c + j of those
 * four messages (message 4g + p in dword p).
 */
.macro LOAD_GROUP g, q0, q1, q2, q3
	LOAD_ROWS4 DATAS, \g, OFF, PTR, T0, T1, T2, T3
	TR4	T0, T1, T2, T3, \q0, \q1, \q2, \q3, T4, T5, T6, T7
.endm

/*
 * LOAD_STATES j, reg, xreg: states j, 4 + j, 8 + j, 12 + j into 128-bit
 * slots 0..3 of reg (xreg its low half, a VEX register).
 */
.macro LOAD_STATES j, reg, xreg
	mov	8 * (\j + 0)(STATES), PTR
	vmovdqu	(PTR), \xreg
	mov	8 * (\j + 4)(STATES), PTR
	vinserti32x4 $1, (PTR), \reg, \reg
	mov	8 * (\j + 8)(STATES), PTR
	vinserti32x4 $2, (PTR), \reg, \reg
	mov	8 * (\j + 12)(STATES), PTR
	vinserti32x4 $3, (PTR), \reg, \reg
.endm

/* STORE_STATES j, reg, xreg: the inverse, slots 0..3 of reg to states
 * j, 4 + j, 8 + j, 12 + j. */
.macro STORE_STATES j, reg, xreg
	mov	8 * (\j + 0)(STATES), PTR
	vmovdqu	\xreg, (PTR)
	mov	8 * (\j + 4)(STATES), PTR
	vextracti32x4 $1, \reg, (PTR)
	mov	8 * (\j + 8)(STATES), PTR
	vextracti32x4 $2, \reg, (PTR)
	mov	8 * (\j + 12)(STATES), PTR
	vextracti32x4 $3, \reg, (PTR)
.endm

/*
 * STEP fn, a, b, c, d, w, s, i: RFC 1321's
 *     a = b + ((a + fn(b, c, d) + X[k] + T[i]) <<< s)
 * in place in a, w = X[k]; the callers rotate the names.  u = a + T[i] +
 * X[k] needs nothing from this step's b, so it runs ahead; after b come
 * the copy (no latency: eliminated), vpternlogd, vpaddd, vprold, vpaddd.
 */
.macro STEP fn, a, b, c, d, w, s, i
	vpaddd	TT(\i), \a, \a
	vpaddd	\w, \a, \a              /* u = a + T[i] + X[k] */
	vmovdqa32 \b, T0
	vpternlogd $\fn, \d, \c, T0     /* f(b, c, d) */
	vpaddd	T0, \a, \a              /* u + f */
	vprold	$\s, \a, \a
	vpaddd	\b, \a, \a              /* the new b */
.endm

/* STEP4 fn, i: steps i..i+3 (i a multiple of 4) of round function fn,
 * with the RFC's name rotation [abcd], [dabc], [cdab], [bcda]; the
 * message index and the rotation come from md5_consts.h. */
#define STEP1(fn, i, a, b, c, d) \
	STEP FN_##fn, a, b, c, d, WREG(MD5_K_##i), MD5_S_##i, i
#define STEP4(fn, i0, i1, i2, i3) \
	STEP1(fn, i0, ZA, ZB, ZC, ZD); \
	STEP1(fn, i1, ZD, ZA, ZB, ZC); \
	STEP1(fn, i2, ZC, ZD, ZA, ZB); \
	STEP1(fn, i3, ZB, ZC, ZD, ZA)

FUNC_BEGIN md5_mblocks_avx512x16
	/* ---- 1. The sixteen states, transposed into a..d. ---- */
	/* T_j: slot c holds state 4c + j; TR4 then gives word w of state
	 * 4c + p in dword 4c + p of the w-th output. */
	LOAD_STATES 0, T0, %xmm8
	LOAD_STATES 1, T1, %xmm9
	LOAD_STATES 2, T2, %xmm10
	LOAD_STATES 3, T3, %xmm11
	TR4	T0, T1, T2, T3, ZA, ZB, ZC, ZD, T4, T5, T6, T7
	xor	OFF, OFF

	.p2align 4
.Lblock:
	/* ---- 2. Sixteen message blocks, transposed into W0..W15. ---- */
	LOAD_GROUP 0, W0,  W1,  W2,  W3
	LOAD_GROUP 1, W4,  W5,  W6,  W7
	LOAD_GROUP 2, W8,  W9,  W10, W11
	LOAD_GROUP 3, W12, W13, W14, W15
	SLOTS4	W0, W4, W8,  W12, T0, T1, T2, T3
	SLOTS4	W1, W5, W9,  W13, T0, T1, T2, T3
	SLOTS4	W2, W6, W10, W14, T0, T1, T2, T3
	SLOTS4	W3, W7, W11, W15, T0, T1, T2, T3
	add	$64, OFF

	/* ---- 3. Feed-forward copy; round 1 (F) and round 2 (G). ---- */
	vmovdqa32 ZA, SA
	vmovdqa32 ZB, SB
	vmovdqa32 ZC, SC
	vmovdqa32 ZD, SD
	MD5_ROUND_F
	MD5_ROUND_G

	/* ---- 4. Round 3 (H) and round 4 (I). ---- */
	MD5_ROUND_H
	MD5_ROUND_I

	/* ---- 5. Feed-forward, next block. ---- */
	vpaddd	SA, ZA, ZA
	vpaddd	SB, ZB, ZB
	vpaddd	SC, ZC, ZC
	vpaddd	SD, ZD, ZD
	sub	$1, NBLOCKS
	jnz	.Lblock

	/* ---- 6. States back to sixteen {A, B, C, D} rows. ---- */
	/* TR4 is its own inverse: slot c of T_p is state 4c + p again. */
	TR4	ZA, ZB, ZC, ZD, T0, T1, T2, T3, T4, T5, T6, T7
	STORE_STATES 0, T0, %xmm8
	STORE_STATES 1, T1, %xmm9
	STORE_STATES 2, T2, %xmm10
	STORE_STATES 3, T3, %xmm11
	vzeroupper
	ret
FUNC_END md5_mblocks_avx512x16

	RODATA 6
/* T[0..63] once each, broadcast one at a time. */
.Lmd5_t:
	MD5_T_TABLE 1

#endif /* HAVE_AS_AVX512 */
#endif /* __x86_64__ */
