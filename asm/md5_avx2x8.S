/* SPDX-License-Identifier: MIT */
/* md5_avx2x8.S - MD5 block transform for eight independent messages at
 * once, one message per 32-bit lane of the ymm registers (AVX2). */
#include "asm.h"
#include "lanes_transpose.h"
#include "md5_consts.h"

#ifdef __x86_64__

/*
 * void md5_mblocks_avx2x8(uint32_t *const state[8],
 *                         const uint8_t *const data[8], size_t nblocks);
 *
 * Contract (the multi-buffer contract of src/impl.h, sha256_mblocks_fn):
 * lane i (0 <= i < 8) runs RFC 1321's block step (3.4: 64 steps, then the
 * feed-forward add) over nblocks >= 1 whole 64-byte blocks at data[i] and
 * updates state[i], a uint32_t[4] chaining value {A, B, C, D} in host
 * order.  All lanes advance by the same nblocks; every pointer must be
 * valid (lanes may share a message; lanes sharing a state get one of
 * their results).  Reads exactly [data[i], data[i] + 64 * nblocks) for
 * each lane, any alignment, the 16 bytes at each state[i] and the pointer
 * arrays; writes only the eight states, once, at the end.  Never pads.
 * Clobbers rax, rcx, rdx, ymm0-ymm15 and the flags; uses 512 bytes of
 * 32-byte aligned stack below the saved rbp (at most 544 bytes in all);
 * ends with vzeroupper.
 *
 * Needs: AVX2 (256-bit integer adds, shifts, logic, vpshufb, unpacks,
 * vinserti128/vextracti128) and AVX (VEX moves, vzeroupper); no BMI, no
 * AVX-512.  Registry row: .needs = CPUF(AVX) | CPUF(AVX2), .lanes = 8.
 *
 * Idea: each ymm register holds the same MD5 variable of eight messages,
 * so one instruction does one step of all eight.  a..d stay in ymm0-3 for
 * the whole call and are renamed, not moved, from step to step; their
 * values at the start of the block wait in ymm4-7 for the feed-forward.
 * MD5 words are little-endian, so a block needs no byte swap, only a
 * transpose: 16-byte rows of lanes g and g + 4 share a register
 * (vinserti128) and a 4x4 dword transpose inside each 128-bit half gives
 * "word j of all eight messages", stored once per block to 16 stack slots
 * that the steps read as memory operands.  T[i] comes from a table with
 * each constant repeated eight times (one aligned row per step, also a
 * memory operand).
 *
 * The steps are one long dependency chain (each needs the b the previous
 * one made), so their latency sets the speed, not the instruction count.
 * The round functions are written to need few levels after b:
 *   F = d ^ (b & (c ^ d))          c ^ d first, then two levels on b;
 *   G = (b & d) + (c & ~d)         disjoint terms: c & ~d (vpandn) first;
 *   H = b ^ (c ^ d)                one level on b;
 *   I = c ^ (b | ~d)               ~d = d ^ all-ones, first;
 * and a + X[k] + T[i] and the terms without b are ready before b.  AVX2
 * has no rotate; rotl(x, s) = (x << s) + (x >> (32 - s)), and as x << s
 * distributes over the sum x = u + f, the part u known early is shifted
 * and added to b ahead of time (see the steps): three levels after f,
 * not four, and the two shifts on the chain no longer become ready in
 * the same cycle (on Zen 3 such a pair often waits for one shift port).
 * s = 16, one step of round 3 in four, is a single vpshufb.
 */

/* Arguments and scalar registers. */
#define STATES   %rdi           /* uint32_t *const state[8] */
#define DATAS    %rsi           /* const uint8_t *const data[8] */
#define NBLOCKS  %rdx           /* blocks left */
#define OFF      %rcx           /* byte offset of the current block */
#define PTR      %rax           /* one lane's pointer, reloaded from the arrays */

/* Working variables (their roles rotate from step to step). */
#define YA       %ymm0
#define YB       %ymm1
#define YC       %ymm2
#define YD       %ymm3

/* a..d at the start of the block, for the feed-forward. */
#define SA       %ymm4
#define SB       %ymm5
#define SC       %ymm6
#define SD       %ymm7

/* Step temporaries. */
#define T0       %ymm8
#define T1       %ymm9
#define ONES     %ymm10         /* all-ones, for I's ~d (round 4) */
#define ROT16    %ymm11         /* vpshufb mask for rotl 16 (round 3) */
#define V        %ymm12         /* b + (u << s), see the steps */

/* Rows of the transposes (they overlap the step temporaries). */
#define R0       %ymm8
#define R1       %ymm9
#define R2       %ymm10
#define R3       %ymm11
#define R4       %ymm12
#define R5       %ymm13
#define R6       %ymm14
#define R7       %ymm15

/* Stack frame (rsp 32-byte aligned): word k of the block, all lanes. */
#define XS(k)    (32 * (k))(%rsp)
/* T[i] in all eight lanes. */
#define TT(i)    (.Lmd5_t8 + 32 * (i))(%rip)

/* LOAD_ROWS base, off: LOAD_PAIR for g = 0..3 into R0..R3. */
.macro LOAD_ROWS base, off
	LOAD_PAIR \base, 0, \off, R0, %xmm8, PTR, OFF
	LOAD_PAIR \base, 1, \off, R1, %xmm9, PTR, OFF
	LOAD_PAIR \base, 2, \off, R2, %xmm10, PTR, OFF
	LOAD_PAIR \base, 3, \off, R3, %xmm11, PTR, OFF
.endm

/* STORE_PAIR g, reg, xreg: the inverse, into state[g] and state[g + 4]. */
.macro STORE_PAIR g, reg, xreg
	mov	8 * \g(STATES), PTR
	vmovdqu	\xreg, (PTR)
	mov	8 * (\g + 4)(STATES), PTR
	vextracti128 $1, \reg, (PTR)
.endm

/* LOAD_CHUNK c: words 4c..4c+3 of the current block of all eight
 * messages, transposed, stored to their slots. */
.macro LOAD_CHUNK c
	LOAD_ROWS DATAS, (16*\c)
	TR4	R0, R1, R2, R3, R0, R1, R2, R3, R4, R5, R6, R7
	vmovdqa	R0, XS(4 * \c + 0)
	vmovdqa	R1, XS(4 * \c + 1)
	vmovdqa	R2, XS(4 * \c + 2)
	vmovdqa	R3, XS(4 * \c + 3)
.endm

/*
 * The steps.  Each STEP_<f> a, b, c, d, k, s, i does RFC 1321's
 *     a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s)
 * in place in a; the callers rotate the names.  With u = a + X[k] + T[i]
 * (plus the terms of f without b) and f the rest of the round function:
 *     b + ((u + f) <<< s) = (b + (u << s)) + (f << s) + ((u + f) >> (32 - s))
 * as the halves of a rotate are disjoint (| is +) and a left shift
 * distributes over a sum mod 2^32.  PRE makes u and v = b + (u << s)
 * while f is computed; FIN then needs three levels after f instead of
 * four, and the two shifts on the path are a cycle apart, so they do not
 * wait for each other's port.  s = 16 is a vpshufb instead.
 */
.macro PRE a, b, k, s, i, extra=
	vpaddd	TT(\i), \a, \a
	vpaddd	XS(\k), \a, \a
.ifnb \extra
	vpaddd	\extra, \a, \a
.endif
.if \s - 16
	vpslld	$\s, \a, V
	vpaddd	\b, V, V                /* v = b + (u << s) */
.endif
.endm

.macro FIN a, b, f, s
.if \s == 16
	vpaddd	\f, \a, \a
	vpshufb	ROT16, \a, \a
	vpaddd	\b, \a, \a
.else
	vpslld	$\s, \f, T1            /* f << s */
	vpaddd	\f, \a, \a              /* x = u + f */
	vpaddd	T1, V, V                /* b + (x << s) */
	vpsrld	$(32 - \s), \a, \a      /* x >> (32 - s) */
	vpaddd	V, \a, \a
.endif
.endm

/* F(b, c, d) = d ^ (b & (c ^ d)) */
.macro STEP_F a, b, c, d, k, s, i
	vpxor	\d, \c, T0
	PRE	\a, \b, \k, \s, \i
	vpand	\b, T0, T0
	vpxor	\d, T0, T0
	FIN	\a, \b, T0, \s
.endm

/* G(b, c, d) = (b & d) | (c & ~d), the terms disjoint, so added apart:
 * c & ~d goes into u. */
.macro STEP_G a, b, c, d, k, s, i
	vpandn	\c, \d, T0              /* c & ~d */
	PRE	\a, \b, \k, \s, \i, T0
	vpand	\b, \d, T0              /* b & d */
	FIN	\a, \b, T0, \s
.endm

/* H(b, c, d) = b ^ c ^ d */
.macro STEP_H a, b, c, d, k, s, i
	vpxor	\d, \c, T0
	PRE	\a, \b, \k, \s, \i
	vpxor	\b, T0, T0
	FIN	\a, \b, T0, \s
.endm

/* I(b, c, d) = c ^ (b | ~d) */
.macro STEP_I a, b, c, d, k, s, i
	vpxor	ONES, \d, T0            /* ~d */
	PRE	\a, \b, \k, \s, \i
	vpor	\b, T0, T0
	vpxor	\c, T0, T0
	FIN	\a, \b, T0, \s
.endm

/* STEP4 f, i: steps i..i+3 (i a multiple of 4) of round function f, with
 * the RFC's name rotation [abcd], [dabc], [cdab], [bcda]; the message
 * index and the rotation come from md5_consts.h. */
#define STEP1(f, i, a, b, c, d) \
	STEP_##f a, b, c, d, MD5_K_##i, MD5_S_##i, i
#define STEP4(f, i0, i1, i2, i3) \
	STEP1(f, i0, YA, YB, YC, YD); \
	STEP1(f, i1, YD, YA, YB, YC); \
	STEP1(f, i2, YC, YD, YA, YB); \
	STEP1(f, i3, YB, YC, YD, YA)

FUNC_BEGIN md5_mblocks_avx2x8
	/* ---- 1. Frame; the eight states, transposed into a..d. ---- */
	push	%rbp
	mov	%rsp, %rbp
	sub	$512, %rsp
	and	$-32, %rsp
	xor	OFF, OFF

	LOAD_ROWS STATES, 0
	TR4	R0, R1, R2, R3, YA, YB, YC, YD, R4, R5, R6, R7

.Lblock:
	/* ---- 2. Eight message blocks, transposed into the slots. ---- */
	LOAD_CHUNK 0
	LOAD_CHUNK 1
	LOAD_CHUNK 2
	LOAD_CHUNK 3
	add	$64, OFF

	/* ---- 3. Feed-forward copy; round 1 (F) and round 2 (G). ---- */
	vmovdqa	YA, SA
	vmovdqa	YB, SB
	vmovdqa	YC, SC
	vmovdqa	YD, SD
	MD5_ROUND_F
	MD5_ROUND_G

	/* ---- 4. Round 3 (H), with the rotl-16 mask. ---- */
	vmovdqa	.Lrot16(%rip), ROT16
	MD5_ROUND_H

	/* ---- 5. Round 4 (I), with the all-ones for ~d. ---- */
	vpcmpeqd ONES, ONES, ONES
	MD5_ROUND_I

	/* ---- 6. Feed-forward, next block. ---- */
	vpaddd	SA, YA, YA
	vpaddd	SB, YB, YB
	vpaddd	SC, YC, YC
	vpaddd	SD, YD, YD
	sub	$1, NBLOCKS
	jnz	.Lblock

	/* ---- 7. States back to eight {A, B, C, D} rows. ---- */
	TR4	YA, YB, YC, YD, R0, R1, R2, R3, R4, R5, R6, R7
	STORE_PAIR 0, R0, %xmm8
	STORE_PAIR 1, R1, %xmm9
	STORE_PAIR 2, R2, %xmm10
	STORE_PAIR 3, R3, %xmm11
	vzeroupper
	leave
	ret
FUNC_END md5_mblocks_avx2x8

	RODATA 6
/* rotl 16 of each dword: its bytes 2, 3, 0, 1, in both 128-bit halves. */
.Lrot16:
	.rept	2
	.byte	2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
	.endr
/* Each constant repeated for the eight lanes. */
.Lmd5_t8:
	MD5_T_TABLE 8

#endif /* __x86_64__ */
