/* sha256_shani.S - SHA-256 block transform on the SHA extensions. */
#include "asm.h"
#include "bswap_masks.h"

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
/* K[0..63] (FIPS 180-4, 4.2.2), four per 16-byte row for paddd. */
.LK256:
	.long	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5
	.long	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5
	.long	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3
	.long	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174
	.long	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc
	.long	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da
	.long	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7
	.long	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967
	.long	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13
	.long	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85
	.long	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3
	.long	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070
	.long	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5
	.long	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3
	.long	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208
	.long	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
.Lbswap32:
	BSWAP32_MASK 1

#endif /* HAVE_AS_SHA */
#endif /* __x86_64__ */
