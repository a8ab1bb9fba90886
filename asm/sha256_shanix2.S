/* SPDX-License-Identifier: MIT */
/* sha256_shanix2.S - SHA-256 on two independent messages at once with the
 * SHA extensions, interleaved so that each hides the other's latency. */
#include "asm.h"
#include "bswap_masks.h"
#include "sha256_k.h"

#ifdef __x86_64__
#if HAVE_AS_SHA

/*
 * void sha256_mblocks_shanix2(uint32_t *const state[2],
 *                             const uint8_t *const data[2], size_t nblocks);
 *
 * Contract (src/impl.h, sha256_mblocks_fn): lane i (i = 0, 1) hashes
 * nblocks >= 1 whole 64-byte blocks from data[i] into state[i], a normal
 * uint32_t[8] chaining value (H0 first).  Reads exactly
 * [data[i], data[i] + 64 * nblocks) for each lane, any alignment; writes
 * only state[0] and state[1], once, at the end.  Clobbers rdx, r8-r11,
 * xmm0-xmm15 and the flags; uses 64 bytes of 16-byte aligned stack.
 *
 * Needs: SHA (sha256rnds2/msg1/msg2) and SSSE3 (pshufb, palignr); the rest
 * is SSE2.  No VEX encoding, so no vzeroupper.  Registry row:
 * .needs = CPUF(SHA) | CPUF(SSSE3), .lanes = 2.
 *
 * Idea: one message is a chain of 32 sha256rnds2 per block, each
 * waiting for the one before: on Zen 5 the instruction has a latency of 4
 * cycles but can start every 2, so a single stream (2.0 cycles/byte)
 * leaves the unit idle half the time.  Two messages, each in the usual
 * SHA-NI layout (ABEF and CDGH registers, the message schedule in four
 * registers updated with sha256msg1/msg2), are processed in lock step,
 * alternating at every sha256rnds2 (lane A's first pair of rounds, lane
 * B's, lane A's second, lane B's), so one lane's instruction issues while
 * the other's result is pending; the bound is then 1.0 cycle/byte (both
 * the latency and the throughput limit).  Both lanes fit in the 16 xmm
 * registers except the feed-forward copies of the states, which live on
 * the stack.
 */

/* Arguments. */
#define STATES   %rdi
#define DATAS    %rsi
#define NBLOCKS  %rdx

/* Per-lane pointers. */
#define PA       %r8            /* lane A message */
#define PB       %r9            /* lane B message */
#define SA       %r10           /* lane A state */
#define SB       %r11           /* lane B state */

/* Vector registers.  xmm0 is sha256rnds2's implicit W+K operand. */
#define WK       %xmm0
#define ABEF_A   %xmm1
#define CDGH_A   %xmm2
#define ABEF_B   %xmm3
#define CDGH_B   %xmm4
#define MA0      %xmm5          /* lane A schedule, four words each */
#define MA1      %xmm6
#define MA2      %xmm7
#define MA3      %xmm8
#define MB0      %xmm9          /* lane B schedule */
#define MB1      %xmm10
#define MB2      %xmm11
#define MB3      %xmm12
#define WKA      %xmm13         /* lane A's second W+K pair */
#define WKB      %xmm14         /* lane B's */
#define TMP      %xmm15

/* Stack slots (rsp 16-byte aligned): feed-forward copies. */
#define SAVE_ABEF_A  0(%rsp)
#define SAVE_CDGH_A  16(%rsp)
#define SAVE_ABEF_B  32(%rsp)
#define SAVE_CDGH_B  48(%rsp)

/*
 * LOAD_STATE ptr, abef, cdgh, tmp: H0..H7 at ptr -> abef = {A,B,E,F},
 * cdgh = {C,D,G,H} with A (resp. C) in the top dword, as sha256rnds2
 * wants.
 */
.macro LOAD_STATE ptr, abef, cdgh, tmp
	movdqu	(\ptr), \tmp            /* D C B A (dword 3..0 = D..A) */
	movdqu	16(\ptr), \abef         /* H G F E */
	pshufd	$0x1b, \tmp, \tmp       /* A B C D: dword 0 = D */
	pshufd	$0x1b, \abef, \abef     /* E F G H: dword 0 = H */
	movdqa	\abef, \cdgh
	punpckhqdq \tmp, \abef          /* dwords F E B A: {A,B,E,F} */
	punpcklqdq \tmp, \cdgh          /* dwords H G D C: {C,D,G,H} */
.endm

/* STORE_STATE ptr, abef, cdgh, tmp: the inverse of LOAD_STATE (abef is
 * clobbered). */
.macro STORE_STATE ptr, abef, cdgh, tmp
	movdqa	\cdgh, \tmp
	punpckhqdq \abef, \tmp          /* dwords D C B A */
	punpcklqdq \abef, \cdgh         /* dwords H G F E */
	pshufd	$0x1b, \tmp, \tmp
	pshufd	$0x1b, \cdgh, \cdgh
	movdqu	\tmp, (\ptr)
	movdqu	\cdgh, 16(\ptr)
.endm

/*
 * SCHED m0, m1, m2, m3: the schedule step of one lane.  m0 holds
 * W[t..t+3], m1..m3 the next three groups; W[t+16..t+19] replaces m0
 * (FIPS 180-4, 6.2.2 step 1): sha256msg1 adds sigma0 of the following
 * words, the palignr picks W[t+9..t+12], sha256msg2 adds sigma1 of the
 * words two back (its own results for the upper two).
 */
.macro SCHED m0, m1, m2, m3
	sha256msg1 \m1, \m0
	movdqa	\m3, TMP
	palignr	$4, \m2, TMP
	paddd	TMP, \m0
	sha256msg2 \m3, \m0
.endm

/*
 * QUAD2 j, a0..a3, b0..b3: rounds 4j..4j+3 of both lanes; a0 (b0) holds
 * W[4j..4j+3] of lane A (B), a1..a3 (b1..b3) the next groups.  The lanes
 * alternate at every sha256rnds2, so each one's four-cycle latency is
 * covered by the other's instruction.  For j < 12 the schedule then
 * makes W[4j+16..4j+19] in a0 and b0; the a3/b3 they read were made by
 * the previous QUAD2.
 */
.macro QUAD2 j, a0, a1, a2, a3, b0, b1, b2, b3
	movdqa	\a0, WK
	paddd	.Lk256 + 16 * \j(%rip), WK
	pshufd	$0x0e, WK, WKA          /* W+K of rounds 4j+2, 4j+3 */
	sha256rnds2 WK, ABEF_A, CDGH_A  /* CDGH_A now holds the new ABEF */
	movdqa	\b0, WK
	paddd	.Lk256 + 16 * \j(%rip), WK
	pshufd	$0x0e, WK, WKB
	sha256rnds2 WK, ABEF_B, CDGH_B
	movdqa	WKA, WK
	sha256rnds2 WK, CDGH_A, ABEF_A  /* and ABEF_A the new ABEF again */
	movdqa	WKB, WK
	sha256rnds2 WK, CDGH_B, ABEF_B
.if \j < 12
	SCHED	\a0, \a1, \a2, \a3
	SCHED	\b0, \b1, \b2, \b3
.endif
.endm

/* LOAD_MSG: the sixteen message words of both lanes' current blocks,
 * byte-swapped to host order. */
.macro LOAD_MSG
	movdqu	0(PA), MA0
	movdqu	0(PB), MB0
	movdqu	16(PA), MA1
	movdqu	16(PB), MB1
	movdqu	32(PA), MA2
	movdqu	32(PB), MB2
	movdqu	48(PA), MA3
	movdqu	48(PB), MB3
	pshufb	.Lbswap(%rip), MA0
	pshufb	.Lbswap(%rip), MB0
	pshufb	.Lbswap(%rip), MA1
	pshufb	.Lbswap(%rip), MB1
	pshufb	.Lbswap(%rip), MA2
	pshufb	.Lbswap(%rip), MB2
	pshufb	.Lbswap(%rip), MA3
	pshufb	.Lbswap(%rip), MB3
.endm

FUNC_BEGIN sha256_mblocks_shanix2
	/* ---- 1. Frame, pointers, states into the rnds2 layout. ---- */
	push	%rbp
	mov	%rsp, %rbp
	sub	$64, %rsp
	and	$-16, %rsp

	mov	0(DATAS), PA
	mov	8(DATAS), PB
	mov	0(STATES), SA
	mov	8(STATES), SB
	LOAD_STATE SA, ABEF_A, CDGH_A, TMP
	LOAD_STATE SB, ABEF_B, CDGH_B, TMP

.Lblock:
	/* ---- 2. Per block: message words, feed-forward copies. ---- */
	LOAD_MSG
	movdqa	ABEF_A, SAVE_ABEF_A
	movdqa	CDGH_A, SAVE_CDGH_A
	movdqa	ABEF_B, SAVE_ABEF_B
	movdqa	CDGH_B, SAVE_CDGH_B

	/* ---- 3. 64 rounds, both lanes four at a time. ---- */
	QUAD2	0,  MA0, MA1, MA2, MA3,  MB0, MB1, MB2, MB3
	QUAD2	1,  MA1, MA2, MA3, MA0,  MB1, MB2, MB3, MB0
	QUAD2	2,  MA2, MA3, MA0, MA1,  MB2, MB3, MB0, MB1
	QUAD2	3,  MA3, MA0, MA1, MA2,  MB3, MB0, MB1, MB2
	QUAD2	4,  MA0, MA1, MA2, MA3,  MB0, MB1, MB2, MB3
	QUAD2	5,  MA1, MA2, MA3, MA0,  MB1, MB2, MB3, MB0
	QUAD2	6,  MA2, MA3, MA0, MA1,  MB2, MB3, MB0, MB1
	QUAD2	7,  MA3, MA0, MA1, MA2,  MB3, MB0, MB1, MB2
	QUAD2	8,  MA0, MA1, MA2, MA3,  MB0, MB1, MB2, MB3
	QUAD2	9,  MA1, MA2, MA3, MA0,  MB1, MB2, MB3, MB0
	QUAD2	10, MA2, MA3, MA0, MA1,  MB2, MB3, MB0, MB1
	QUAD2	11, MA3, MA0, MA1, MA2,  MB3, MB0, MB1, MB2
	QUAD2	12, MA0, MA1, MA2, MA3,  MB0, MB1, MB2, MB3
	QUAD2	13, MA1, MA2, MA3, MA0,  MB1, MB2, MB3, MB0
	QUAD2	14, MA2, MA3, MA0, MA1,  MB2, MB3, MB0, MB1
	QUAD2	15, MA3, MA0, MA1, MA2,  MB3, MB0, MB1, MB2

	/* ---- 4. Feed-forward, next block. ---- */
	paddd	SAVE_ABEF_A, ABEF_A
	paddd	SAVE_CDGH_A, CDGH_A
	paddd	SAVE_ABEF_B, ABEF_B
	paddd	SAVE_CDGH_B, CDGH_B
	add	$64, PA
	add	$64, PB
	sub	$1, NBLOCKS
	jnz	.Lblock

	/* ---- 5. States back to H0..H7 order. ---- */
	STORE_STATE SA, ABEF_A, CDGH_A, TMP
	STORE_STATE SB, ABEF_B, CDGH_B, TMP
	leave
	ret
FUNC_END sha256_mblocks_shanix2

	RODATA 6
.Lbswap:
	BSWAP32_MASK 1
.Lk256:
	K256_TABLE

#endif /* HAVE_AS_SHA */
#endif /* __x86_64__ */
