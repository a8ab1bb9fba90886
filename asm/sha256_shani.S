/* SPDX-License-Identifier: MIT */
/* sha256_shani.S - SHA-256 block transform on the SHA extensions. */
#include "asm.h"
#include "bswap_masks.h"
#include "sha256_k.h"

#ifdef __x86_64__
#if HAVE_AS_SHA

/*
 * void sha256_blocks_shani(uint32_t state[8], const uint8_t *data,
 *                          size_t nblocks);
 *
 * Contract: nblocks >= 1 whole 64-byte blocks at data (any alignment;
 * exactly nblocks * 64 bytes are read); state[] holds H0..H7 in host
 * order and is updated in place. Clobbers rsi, rdx, xmm0-xmm10 and the
 * flags; no stack is used. Needs SHA (sha256rnds2, sha256msg1,
 * sha256msg2) and SSSE3 (pshufb, palignr); the rest is SSE/SSE2.
 *
 * Idea: sha256rnds2 performs two rounds on a state split over two
 * registers, {A,B,E,F} and {C,D,G,H}, taking W[t]+K[t] and W[t+1]+K[t+1]
 * from the low half of xmm0. A block is sixteen groups of four rounds,
 * each two sha256rnds2 with the high pair of W+K moved down in between.
 * The rounds form one dependency chain (about 4 cycles per
 * sha256rnds2 on current cores), so the speed is set by that chain
 * alone; everything else is kept off it:
 *   - the message schedule (sha256msg1 adds sigma0, palignr + paddd add
 *     W[t-7], sha256msg2 adds sigma1) is a second chain that needs no
 *     state, and runs about three groups ahead of the rounds that use
 *     its words;
 *   - the state is only reshuffled to and from the {A,B,E,F}/{C,D,G,H}
 *     form once per call, not per block;
 *   - the next block's loads and byte swaps do not depend on the
 *     current block, so the out-of-order core overlaps them with its
 *     last rounds.
 */

#define STATE	%rdi		/* uint32_t state[8] */
#define DATA	%rsi		/* next block */
#define NBLOCKS	%rdx		/* blocks left */

#define MSG	%xmm0		/* W+K pair(s): sha256rnds2's implicit operand */
#define ABEF	%xmm1		/* state words A,B,E,F (high to low) */
#define CDGH	%xmm2		/* state words C,D,G,H (high to low) */
#define W0	%xmm3		/* message schedule, four words per register, */
#define W1	%xmm4		/* used as a ring: group g lives in W(g mod 4) */
#define W2	%xmm5
#define W3	%xmm6
#define BSWAP	%xmm7		/* pshufb mask: big-endian words to host */
#define ABEF_IN	%xmm8		/* the chaining value at the block's start */
#define CDGH_IN	%xmm9
#define TMP	%xmm10

/* GROUP g, wg, wprev, wnext: rounds 4g..4g+3 on the words in wg (W_g),
 * plus this group's share of the schedule:
 *   - from g = 3 to 14, finish W_(g+1) in wnext, which holds
 *     msg1(W_(g-3), W_(g-2)) by now: add W[4g-3..4g] (the top three
 *     words of W_(g-1) = wprev and the bottom one of W_g) and let
 *     sha256msg2 add sigma1 of W[4g+2], W[4g+3] and of its own first two
 *     results;
 *   - from g = 1 to 12, start W_(g+3) in wprev: msg1(W_(g-1), W_g) adds
 *     sigma0 of the following words to W_(g-1), which is not needed
 *     after this group. */
.macro GROUP g, wg, wprev, wnext
	movdqa	\wg, MSG
	paddd	.LK256 + 16 * \g(%rip), MSG
	sha256rnds2 MSG, ABEF, CDGH		/* rounds 4g, 4g+1 */
.if \g >= 3 && \g <= 14
	movdqa	\wg, TMP
	palignr	$4, \wprev, TMP
	paddd	TMP, \wnext
	sha256msg2 \wg, \wnext
.endif
	pshufd	$0x0e, MSG, MSG
	sha256rnds2 MSG, CDGH, ABEF		/* rounds 4g+2, 4g+3 */
.if \g >= 1 && \g <= 12
	sha256msg1 \wg, \wprev
.endif
.endm

/* LOADW w, i: the i-th 16 bytes of the block as four host-order words. */
.macro LOADW w, i
	movdqu	16 * \i(DATA), \w
	pshufb	BSWAP, \w
.endm

FUNC_BEGIN sha256_blocks_shani
	/* ---- 1. state[] = A..H to the {A,B,E,F} / {C,D,G,H} form: each
	 * is two words of either half, so one shufps apiece ---- */
	movdqu	0(STATE), TMP		/* D C B A (high to low) */
	movdqu	16(STATE), CDGH		/* H G F E */
	movdqa	.Lbswap32(%rip), BSWAP
	movaps	CDGH, ABEF
	shufps	$0x11, TMP, ABEF	/* A B E F */
	shufps	$0xbb, TMP, CDGH	/* C D G H */

	.p2align 4
.Lblock:
	/* ---- 2. one block: 64 rounds, schedule interleaved ---- */
	movdqa	ABEF, ABEF_IN
	movdqa	CDGH, CDGH_IN
	LOADW	W0, 0
	LOADW	W1, 1
	LOADW	W2, 2
	LOADW	W3, 3

	GROUP	0,  W0, W3, W1
	GROUP	1,  W1, W0, W2
	GROUP	2,  W2, W1, W3
	GROUP	3,  W3, W2, W0
	GROUP	4,  W0, W3, W1
	GROUP	5,  W1, W0, W2
	GROUP	6,  W2, W1, W3
	GROUP	7,  W3, W2, W0
	GROUP	8,  W0, W3, W1
	GROUP	9,  W1, W0, W2
	GROUP	10, W2, W1, W3
	GROUP	11, W3, W2, W0
	GROUP	12, W0, W3, W1
	GROUP	13, W1, W0, W2
	GROUP	14, W2, W1, W3
	GROUP	15, W3, W2, W0

	paddd	ABEF_IN, ABEF
	paddd	CDGH_IN, CDGH
	add	$64, DATA
	dec	NBLOCKS
	jnz	.Lblock

	/* ---- 3. back to A..H and store ---- */
	movaps	ABEF, TMP
	shufps	$0xbb, CDGH, ABEF	/* D C B A */
	shufps	$0x11, CDGH, TMP	/* H G F E */
	movdqu	ABEF, 0(STATE)
	movdqu	TMP, 16(STATE)
	ret
FUNC_END sha256_blocks_shani

	RODATA 6
/* Four per 16-byte row for paddd. */
.LK256:
	K256_TABLE
.Lbswap32:
	BSWAP32_MASK 1

#endif /* HAVE_AS_SHA */
#endif /* __x86_64__ */
