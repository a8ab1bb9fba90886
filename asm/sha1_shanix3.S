/* SPDX-License-Identifier: MIT */
/* sha1_shanix3.S - SHA-1 block transform for three independent messages,
 * interleaved through the SHA extensions (SHA-NI).
 */
#include "asm.h"
#include "bswap_masks.h"

#ifdef __x86_64__
#if HAVE_AS_SHA

/*
 * void sha1_mblocks_shanix3(uint32_t *const state[3],
 *                           const uint8_t *const data[3], size_t nblocks);
 *
 * Contract: lane i (0..2) runs the FIPS 180-4 (6.1.2) compression function
 * over nblocks >= 1 whole 64-byte blocks at data[i] and updates the five
 * chaining words at state[i] (host order, state[i][0] = H0, any 4-byte
 * alignment).  All lanes advance by the same nblocks; every pointer must
 * be valid.  Reads exactly [data[i], data[i] + 64 * nblocks), the 20 bytes
 * at each state[i] and the pointer arrays; writes only state[i][0..4].
 * Clobbers rax, rcx, rdx, r8-r10, xmm0-xmm15.  Legacy-SSE encoding only
 * (no VEX), so no vzeroupper is needed.  Needs SHA (sha1rnds4, sha1nexte,
 * sha1msg1, sha1msg2) and SSSE3 (pshufb); the rest is baseline SSE2:
 * needs = CPUF(SHA) | CPUF(SSSE3).
 *
 * Idea: one SHA-1 stream is a chain of twenty sha1rnds4 per block, each
 * waiting for the previous one's result (about six cycles), while the unit
 * accepts a new one every two cycles or so: three independent messages
 * interleaved keep it busy.  The loop walks the twenty 4-round groups,
 * doing group g of lane 0, 1 and 2 in turn.  Measured on Zen 5 (EPYC
 * Turin), aggregate over 16 KiB messages against OpenSSL 3.0's SHA-NI
 * single stream: three lanes 1.65x, the same code with two lanes 1.54x;
 * sha1rnds4 there takes about 6 cycles and, with four or more independent
 * chains, issues about every 2.
 *
 * Sixteen xmm registers do not hold three full single-stream register
 * sets (ABCD, two E registers and a four-register message ring each), so
 * each lane keeps ABCD, the two E registers and the two message words
 * still being built in registers (five per lane), and the finished
 * message words M[g] = W[4g..4g+3] in a four-slot ring on the stack, read
 * as memory operands.  In group g lane's schedule work is
 *   M[g+1]  = sha1msg2(X, M[g])      finish, store to the ring
 *   X[g+2] ^= M[g]
 *   X[g+3]  = sha1msg1(M[g-1], M[g]) start, in the register just freed
 * so the two message registers swap roles every group, as do the E
 * registers (one becomes the next group's E+W via sha1nexte while the
 * other takes a copy of ABCD).
 */

/* Arguments and scalar registers. */
#define STATEP	%rdi		/* uint32_t *const state[3] */
#define DATAP	%rsi		/* const uint8_t *const data[3] */
#define NBLK	%rdx		/* blocks left */
#define PTR	%rax		/* a state pointer */
#define P0	%r8		/* lane data pointers, advanced per block */
#define P1	%r9
#define P2	%r10

/* Per lane: ABCD (A in the top dword), two E registers and two message
 * registers whose roles alternate by group. */
#define ABCD0	%xmm0
#define EA0	%xmm1
#define EB0	%xmm2
#define XA0	%xmm3
#define XB0	%xmm4
#define ABCD1	%xmm5
#define EA1	%xmm6
#define EB1	%xmm7
#define XA1	%xmm8
#define XB1	%xmm9
#define ABCD2	%xmm10
#define EA2	%xmm11
#define EB2	%xmm12
#define XA2	%xmm13
#define XB2	%xmm14
#define TMP	%xmm15

/* Stack frame (16-byte aligned, legacy SSE memory operands need it):
 * per lane a four-slot ring of message words and the block's input
 * ABCD and E for the feed-forward. */
#define LANE_BYTES	96
#define MSLOT(l, g)	(LANE_BYTES * (l) + 16 * ((g) & 3))(%rsp)
#define SAVE_ABCD(l)	(LANE_BYTES * (l) + 64)(%rsp)
#define SAVE_E(l)	(LANE_BYTES * (l) + 80)(%rsp)
#define FRAME		(3 * LANE_BYTES)

/*
 * GROUP g, l, abcd, ecur, enext, xa, xb: rounds 4g..4g+3 of lane l.
 * On entry ecur holds the previous group's copy of ABCD (group 0: E in
 * the top dword, zeros below); xa holds X[g+1] and xb X[g+2] where those
 * are being built.  sha1nexte adds rol30 of the old A (the E of this
 * group) to W[4g]; for group 0, E itself is added.
 */
.macro GROUP g, l, abcd, ecur, enext, xa, xb
.if \g == 0
	paddd		MSLOT(\l, 0), \ecur
.else
	sha1nexte	MSLOT(\l, \g), \ecur
.endif
	movdqa		\abcd, \enext
	sha1rnds4	$(\g / 5), \ecur, \abcd
.if \g >= 3 && \g <= 18
	sha1msg2	MSLOT(\l, \g), \xa
	movdqa		\xa, MSLOT(\l, \g + 1)
.endif
.if \g >= 2 && \g <= 17
	pxor		MSLOT(\l, \g), \xb
.endif
.if \g >= 1 && \g <= 16
	movdqa		MSLOT(\l, \g - 1), \xa
	sha1msg1	MSLOT(\l, \g), \xa
.endif
.endm

/* STEP g: group g of every lane; even and odd groups swap the roles of
 * the E and message registers. */
.macro STEP g
.if (\g & 1) == 0
	GROUP		\g, 0, ABCD0, EA0, EB0, XA0, XB0
	GROUP		\g, 1, ABCD1, EA1, EB1, XA1, XB1
	GROUP		\g, 2, ABCD2, EA2, EB2, XA2, XB2
.else
	GROUP		\g, 0, ABCD0, EB0, EA0, XB0, XA0
	GROUP		\g, 1, ABCD1, EB1, EA1, XB1, XA1
	GROUP		\g, 2, ABCD2, EB2, EA2, XB2, XA2
.endif
.endm

/* LOADMSG l, ptr: the lane's block into its four ring slots, as
 * big-endian words with W[4k] in the top dword of slot k. */
.macro LOADMSG l, ptr
	.irp k, 0, 1, 2, 3
	movdqu		16*\k(\ptr), TMP
	pshufb		.Lbswap128(%rip), TMP
	movdqa		TMP, MSLOT(\l, \k)
	.endr
.endm

/* LOADSTATE l, abcd, e / STORESTATE: between state[l] and registers. */
.macro LOADSTATE l, abcd, e
	movq		8*\l(STATEP), PTR
	movdqu		(PTR), \abcd
	pshufd		$0x1b, \abcd, \abcd	/* A to the top dword */
	movd		16(PTR), \e
	pslldq		$12, \e			/* E on top, zeros below */
.endm
.macro STORESTATE l, abcd, e
	movq		8*\l(STATEP), PTR
	pshufd		$0x1b, \abcd, \abcd
	movdqu		\abcd, (PTR)
	psrldq		$12, \e
	movd		\e, 16(PTR)
.endm

FUNC_BEGIN sha1_mblocks_shanix3
	/* ---- 1. frame, pointers, chaining values ---- */
	pushq		%rbp
	movq		%rsp, %rbp
	andq		$-16, %rsp
	subq		$FRAME, %rsp
	movq		0(DATAP), P0
	movq		8(DATAP), P1
	movq		16(DATAP), P2
	LOADSTATE	0, ABCD0, EA0
	LOADSTATE	1, ABCD1, EA1
	LOADSTATE	2, ABCD2, EA2

	.p2align 4
.Lblock:
	/* ---- 2. message words to the rings; keep the input state ---- */
	LOADMSG		0, P0
	LOADMSG		1, P1
	LOADMSG		2, P2
	movdqa		ABCD0, SAVE_ABCD(0)
	movdqa		EA0, SAVE_E(0)
	movdqa		ABCD1, SAVE_ABCD(1)
	movdqa		EA1, SAVE_E(1)
	movdqa		ABCD2, SAVE_ABCD(2)
	movdqa		EA2, SAVE_E(2)

	/* ---- 3. twenty groups of four rounds, three lanes each ---- */
	.irp g, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19
	STEP		\g
	.endr

	/* ---- 4. feed-forward: E = rol30(A of group 19) + E_in, which
	 * lands in EA with zeros below, as group 0 expects ---- */
	sha1nexte	SAVE_E(0), EA0
	paddd		SAVE_ABCD(0), ABCD0
	sha1nexte	SAVE_E(1), EA1
	paddd		SAVE_ABCD(1), ABCD1
	sha1nexte	SAVE_E(2), EA2
	paddd		SAVE_ABCD(2), ABCD2
	addq		$64, P0
	addq		$64, P1
	addq		$64, P2
	decq		NBLK
	jnz		.Lblock

	/* ---- 5. chaining values out ---- */
	STORESTATE	0, ABCD0, EA0
	STORESTATE	1, ABCD1, EA1
	STORESTATE	2, ABCD2, EA2
	movq		%rbp, %rsp
	popq		%rbp
	ret
FUNC_END sha1_mblocks_shanix3

	RODATA 4
.Lbswap128:
	BSWAP128_MASK

#endif /* HAVE_AS_SHA */
#endif /* __x86_64__ */
