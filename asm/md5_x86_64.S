/* SPDX-License-Identifier: MIT */
/* md5_x86_64.S - MD5 block transform, one message, general registers only
 * (baseline x86-64: runs on every x86-64 CPU). */
#include "asm.h"
#include "md5_consts.h"

#ifdef __x86_64__

/*
 * void md5_blocks_x86_64(uint32_t state[4], const uint8_t *data,
 *                        size_t nblocks);
 *
 * Contract (src/impl.h, md5_blocks_fn): hashes nblocks >= 1 whole 64-byte
 * blocks from data (any alignment) into state[] = {A, B, C, D}, host
 * order, updated in place after every block.  Reads exactly
 * [data, data + 64 * nblocks) and state[0..3]; never pads.  Clobbers
 * rax, rcx, rdx, rsi, r8-r11 and the flags; no callee-saved register and
 * no stack.  Needs nothing beyond baseline x86-64 (no SIMD, no BMI).
 *
 * Idea: RFC 1321, 3.4.  Each step is one link of a single dependent
 * chain, a = b + rol(a + f(b, c, d) + X[k] + T[i], s), so the speed is
 * the latency from one step's result b to the next result.  Everything
 * that does not need b is written so that it can run earlier, in the
 * shadow of the previous steps:
 *   - a + X[k] + T[i] first (a is four steps old, X[k] is read straight
 *     from the block as a memory operand);
 *   - F = d ^ (b & (c ^ d)): c ^ d is ready early, b meets and + xor;
 *   - G = (b & d) | (c & ~d): the two terms share no set bit, so they
 *     are added to a one at a time and only b & d is on the chain;
 *   - H = b ^ (c ^ d): one xor after b;
 *   - I = c ^ (b | ~d): ~d ready early, b meets or + xor.
 * The chain is then 5 ops per step in rounds 1 and 4 (and/or, xor, add,
 * rol, add) and 4 in rounds 2 and 3: 288 cycles a block when every op
 * takes one cycle, which is what an AMD Zen 3 measures.  The feed-forward
 * of B, the last value of a block and the first one the next block needs,
 * is folded into step 63: it adds (B + b) instead of b to the rotated
 * sum, so it costs nothing on the chain; A, C and D are added off it.  The
 * names a..d rotate by renaming (no moves); the chaining values in
 * state[] double as the feed-forward copy.
 */

/* ---- registers ----------------------------------------------------- */

#define STATE   %rdi            /* uint32_t state[4] */
#define DATA    %rsi            /* current block */
#define END     %rdx            /* data + 64 * nblocks (nblocks on entry) */

#define RA      %eax            /* working variables a..d (step 0 names) */
#define RB      %ecx
#define RC      %r8d
#define RD      %r9d
#define T1      %r10d           /* f(b, c, d) and its parts */
#define T2      %r11d

/* X[k]: message word k of the current block (little-endian, as MD5). */
#define X(k)    (4 * (k))(DATA)

/* ---- the four step kinds ------------------------------------------- */

/* Round 1: a = b + rol(a + F(b, c, d) + X[k] + t, s). */
.macro STEP_F a, b, c, d, t, k, s
	add	$\t, \a
	mov	\c, T1
	add	X(\k), \a
	xor	\d, T1                  /* c ^ d: off the chain */
	and	\b, T1
	xor	\d, T1                  /* F = d ^ (b & (c ^ d)) */
	add	T1, \a
	rol	$\s, \a
	add	\b, \a
.endm

/* Round 2: G = (b & d) + (c & ~d), the second term added early. */
.macro STEP_G a, b, c, d, t, k, s
	add	$\t, \a
	mov	\d, T1
	add	X(\k), \a
	not	T1
	mov	\d, T2
	and	\c, T1                  /* c & ~d: off the chain */
	add	T1, \a
	and	\b, T2                  /* b & d */
	add	T2, \a
	rol	$\s, \a
	add	\b, \a
.endm

/* Round 3: H = b ^ (c ^ d). */
.macro STEP_H a, b, c, d, t, k, s
	add	$\t, \a
	mov	\c, T1
	add	X(\k), \a
	xor	\d, T1                  /* c ^ d: off the chain */
	xor	\b, T1
	add	T1, \a
	rol	$\s, \a
	add	\b, \a
.endm

/* Round 4: I = c ^ (b | ~d).  Step 63 (last = 1) adds B + b from
 * state[1] instead of b, so the result is already the new chaining B. */
.macro STEP_I a, b, c, d, t, k, s, last=0
	add	$\t, \a
	mov	\d, T1
	add	X(\k), \a
	not	T1                      /* ~d: off the chain */
.if \last
	mov	4(STATE), T2
	add	\b, T2                  /* B + b: off the chain */
.endif
	or	\b, T1
	xor	\c, T1                  /* I = c ^ (b | ~d) */
	add	T1, \a
	rol	$\s, \a
.if \last
	add	T2, \a
.else
	add	\b, \a
.endif
.endm

/* Steps i..i+3 of one kind, the names rotating a b c d -> d a b c.  The
 * preprocessor looks up each step's constant, word and rotation. */
#define STEP(kind, i, a, b, c, d, ...) \
	kind a, b, c, d, MD5_T_##i, MD5_K_##i, MD5_S_##i, ##__VA_ARGS__
#define STEPS4(kind, i0, i1, i2, i3) \
	STEP(kind, i0, RA, RB, RC, RD); STEP(kind, i1, RD, RA, RB, RC); \
	STEP(kind, i2, RC, RD, RA, RB); STEP(kind, i3, RB, RC, RD, RA)

/* ---- md5_blocks_x86_64 --------------------------------------------- */

FUNC_BEGIN md5_blocks_x86_64
	shl	$6, END
	add	DATA, END
	mov	0(STATE), RA
	mov	4(STATE), RB
	mov	8(STATE), RC
	mov	12(STATE), RD

	.p2align 4
.Lblock:
	/* 1. Round 1, steps 0..15: F, words in order. */
	STEPS4(STEP_F,  0,  1,  2,  3)
	STEPS4(STEP_F,  4,  5,  6,  7)
	STEPS4(STEP_F,  8,  9, 10, 11)
	STEPS4(STEP_F, 12, 13, 14, 15)

	/* 2. Round 2, steps 16..31: G. */
	STEPS4(STEP_G, 16, 17, 18, 19)
	STEPS4(STEP_G, 20, 21, 22, 23)
	STEPS4(STEP_G, 24, 25, 26, 27)
	STEPS4(STEP_G, 28, 29, 30, 31)

	/* 3. Round 3, steps 32..47: H. */
	STEPS4(STEP_H, 32, 33, 34, 35)
	STEPS4(STEP_H, 36, 37, 38, 39)
	STEPS4(STEP_H, 40, 41, 42, 43)
	STEPS4(STEP_H, 44, 45, 46, 47)

	/* 4. Round 4, steps 48..63: I; step 63 also finishes B. */
	STEPS4(STEP_I, 48, 49, 50, 51)
	STEPS4(STEP_I, 52, 53, 54, 55)
	STEPS4(STEP_I, 56, 57, 58, 59)
	STEP(STEP_I, 60, RA, RB, RC, RD)
	STEP(STEP_I, 61, RD, RA, RB, RC)
	STEP(STEP_I, 62, RC, RD, RA, RB)
	STEP(STEP_I, 63, RB, RC, RD, RA, 1)

	/* 5. Feed-forward (B is done) and the next block. */
	add	0(STATE), RA
	add	8(STATE), RC
	add	12(STATE), RD
	mov	RA, 0(STATE)
	mov	RB, 4(STATE)
	mov	RC, 8(STATE)
	mov	RD, 12(STATE)
	add	$64, DATA
	cmp	END, DATA
	jne	.Lblock
	ret
FUNC_END md5_blocks_x86_64

#endif /* __x86_64__ */
