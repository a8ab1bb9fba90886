/* SPDX-License-Identifier: MIT */
/* sha1_shani.S - SHA-1 block transform with the SHA extensions. */
#include "asm.h"
#include "bswap_masks.h"

#ifdef __x86_64__
#if HAVE_AS_SHA

/*
 * void sha1_blocks_shani(uint32_t state[5], const uint8_t *data,
 *                        size_t nblocks);
 *
 * Contract: nblocks >= 1; reads exactly data[0 .. 64 * nblocks), any
 * alignment; updates state[0..4] (host order). Clobbers the argument
 * registers and xmm0-xmm9; uses no stack. Needs SHA
 * (sha1rnds4, sha1nexte, sha1msg1, sha1msg2), SSSE3 (pshufb) and
 * SSE4.1 (pextrd).
 *
 * The algorithm (Intel SDM, SHA extensions): a, b, c, d live in one
 * register with a in the top dword; e rides in the top dword of the
 * register that carries four message words into sha1rnds4, which does
 * four rounds.  After four rounds e equals rol30 of the a they started
 * from, so sha1nexte turns the saved previous abcd into the next e and
 * adds it to the next message group.  Group j = W[4j..4j+3] of the
 * schedule is built in place over group j-4 in three stages spread over
 * the preceding rounds:
 *     sha1msg1(W[j-4], W[j-3])   W[t-16] ^ W[t-14], the cross-lane part
 *     pxor W[j-2]                ^ W[t-8]
 *     sha1msg2(.., W[j-1])       ^ W[t-3] and rol1, lane by lane
 * so only the 20 sha1rnds4 of a block form its critical path.
 */

#define CTX     %rdi    /* uint32_t state[5] */
#define DATA    %rsi
#define NBLK    %rdx

#define ABCD    %xmm0   /* a in bits 127:96 ... d in 31:0 */
#define E0      %xmm1   /* e + W for the group being run ... */
#define E1      %xmm2   /* ... and the next one, alternately */
#define M0      %xmm3   /* ring of four message groups */
#define M1      %xmm4
#define M2      %xmm5
#define M3      %xmm6
#define BSWAP   %xmm7   /* reverses 16 bytes: W0 to the top dword */
#define ABCD_IN %xmm8   /* chaining value at the block start */
#define E_IN    %xmm9

	RODATA 4
.Lshani_bswap:
	BSWAP128_MASK

/* Group i of the message lives in ring register M(i mod 4). */
.macro MSG i, op, other
.if ((\i) % 4) == 0
	\op \other, M0
.elseif ((\i) % 4) == 1
	\op \other, M1
.elseif ((\i) % 4) == 2
	\op \other, M2
.else
	\op \other, M3
.endif
.endm

/* dst group j op= source group k: both resolved to ring registers. */
.macro MSG2 op, j, k
.if ((\k) % 4) == 0
	MSG \j, \op, M0
.elseif ((\k) % 4) == 1
	MSG \j, \op, M1
.elseif ((\k) % 4) == 2
	MSG \j, \op, M2
.else
	MSG \j, \op, M3
.endif
.endm

/* Group i (rounds 4i..4i+3).  ecur holds, on entry, the abcd from
 * before group i-1 (i > 0) or e alone in its top dword (i = 0); enext
 * receives the abcd from before group i, for the next group's e. */
.macro SHA1_GROUP i, ecur, enext
	/* e (+ W[4i]) and W[4i+1..4i+3] for these four rounds */
.if (\i) == 0
	paddd	M0, \ecur
.elseif ((\i) % 4) == 0
	sha1nexte M0, \ecur
.elseif ((\i) % 4) == 1
	sha1nexte M1, \ecur
.elseif ((\i) % 4) == 2
	sha1nexte M2, \ecur
.else
	sha1nexte M3, \ecur
.endif
	movdqa	ABCD, \enext
	sha1rnds4 $((\i) / 5), \ecur, ABCD

	/* schedule: finish group i+1 (msg2), fold group i into group i+2
	 * (its W[t-8] term), start group i+3 (msg1) */
.if (\i) + 1 >= 4 && (\i) + 1 < 20
	MSG2	sha1msg2, (\i+1), \i
.endif
.if (\i) + 2 >= 4 && (\i) + 2 < 20
	MSG2	pxor, (\i+2), \i
.endif
.if (\i) + 3 >= 4 && (\i) + 3 < 20
	MSG2	sha1msg1, (\i+3), \i
.endif
.endm

FUNC_BEGIN sha1_blocks_shani
	/* 1. The chaining value: abcd reversed into one register, e into
	 *    the top dword of another (the rest zero). */
	movdqa	.Lshani_bswap(%rip), BSWAP
	movdqu	0(CTX), ABCD
	pshufd	$0x1b, ABCD, ABCD
	movd	16(CTX), E0
	pslldq	$12, E0

	.p2align 4
.Lshani_block:
	/* 2. Load the block; W0 lands in the top dword of M0. */
	movdqa	ABCD, ABCD_IN
	movdqa	E0, E_IN
	movdqu	0(DATA), M0
	pshufb	BSWAP, M0
	movdqu	16(DATA), M1
	pshufb	BSWAP, M1
	movdqu	32(DATA), M2
	pshufb	BSWAP, M2
	movdqu	48(DATA), M3
	pshufb	BSWAP, M3

	/* 3. Twenty groups of four rounds, E0 and E1 taking turns. */
	.set	.Lg, 0
	.rept	10
	SHA1_GROUP .Lg, E0, E1
	SHA1_GROUP (.Lg+1), E1, E0
	.set	.Lg, .Lg + 2
	.endr

	/* 4. Feed forward.  E0 holds the abcd from before the last group:
	 *    rol30 of its a is the final e, to which sha1nexte adds the
	 *    incoming e (E_IN is zero below the top dword, so E0 is again
	 *    e alone, as the next block's first group expects). */
	sha1nexte E_IN, E0
	paddd	ABCD_IN, ABCD

	add	$64, DATA
	dec	NBLK
	jnz	.Lshani_block

	/* 5. Store back in state[] order. */
	pshufd	$0x1b, ABCD, ABCD
	movdqu	ABCD, 0(CTX)
	pextrd	$3, E0, 16(CTX)
	ret
FUNC_END sha1_blocks_shani

#endif /* HAVE_AS_SHA */
#endif /* __x86_64__ */
