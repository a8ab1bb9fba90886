/* SPDX-License-Identifier: MIT */
/* crc32c_avx2blend.S - CRC-32C: crc32q chains beside 256-bit VPCLMULQDQ folding.
 *
 * uint32_t crc32c_avx2blend(uint32_t crc, const uint8_t *data, size_t len);
 *
 * Contract: crc is the un-inverted CRC register; any len including 0;
 * any alignment; reads only data[0 .. len).  Returns the new register.
 * Clobbers rax, rcx, rdx, rsi, rdi, r8-r11, ymm0-ymm15 and the flags;
 * rbx, rbp, r12-r14 are saved and restored; the upper vector state is
 * cleared (vzeroupper) before returning.  Needs SSE4.2 (crc32),
 * PCLMULQDQ and AVX (vpclmulqdq on xmm, vmovd, vmovq, vpinsrq,
 * vpextrq, vptest), AVX2 (vinserti128, vextracti128, vbroadcasti128) and
 * VPCLMULQDQ (vpclmulqdq on ymm); no AVX-512.  Under 128 bytes it
 * runs a crc32 chain, or tail-calls crc32c_sse42 (which also needs
 * SSE4.1 and PCLMULQDQ), before any VEX instruction.
 *
 * Why.  Written for CPUs with 256-bit VPCLMULQDQ but no AVX-512 (AMD
 * Zen 3, Intel Alder Lake).  Measured on Zen 3 (EPYC, family 0x19
 * model 0x01): crc32q has latency 3 and issues once a cycle, so three
 * or more chains do 8 bytes a cycle; vpclmulqdq, xmm or ymm, has
 * latency 4 and issues every other cycle, and a 32-byte fold takes
 * two, so folding alone also does 8 bytes a cycle.  The two use
 * different units: 8 crc32q and 4 vpclmulqdq on registers take 8.0
 * cycles, as either half alone.  This kernel keeps both busy, on
 * separate parts of the buffer.
 *
 * The proportion (a parameter, BLEND_S/Q/V/RMAX below).  Each round S
 * chains take Q qwords each (8 S Q bytes) while V ymm accumulators
 * fold 32 V bytes; the two sides balance at S Q = 4 V.  Blocks have
 * R = 1 .. RMAX rounds:
 *
 *     | chunk 0 | chunk 1 | ... | chunk S-1 |    vector region    |
 *       C = 8 Q R bytes each, one chain each    W = 32 V R bytes
 *
 * Every chain but the first block's chain 0 (see below) starts from 0
 * and computes Q * x^32 mod P for its chunk Q.  The accumulators load the first 32 V bytes of the vector region
 * and fold onto each further 32 V while the chains run; the chains do
 * one round alone at the end.  Then:
 *   - Merge.  The S chain registers become qwords of one ymm Z (lane l:
 *     chains 2l and 2l+1), and one pair of vpclmulqdq moves each to a
 *     lane of the last accumulator by its own distance.  A chain
 *     register c stands for its chunk times x^32; with c and K in the
 *     low dwords of two qwords the product is worth c * K * x^65 in a
 *     128-bit lane (bit order below), so a lane ending d bytes after
 *     the chunk takes K = x^(8d - 97) mod P.
 *   - Skip.  The next block's first fold takes the accumulators over
 *     its chunks onto the start of its vector region (S C + 32 V bytes)
 *     and the chains restart from 0.
 *   - End.  The last block ends exactly at the end of the data: its
 *     chains and every accumulator move straight there with their own
 *     constants (all the products are independent), the 128-bit lanes
 *     are xored together, and two crc32q from 0 on the result give
 *     M * x^32 mod P, the register.
 * For that, what does not fill whole rounds comes first: the first
 * len mod 16 bytes go through crc32 from the incoming register, then a
 * head of (len - that) mod RB bytes (whole lanes, the register xored
 * onto its first four bytes) is folded to its end and, off the
 * accumulators' path, moved onto the last accumulator at the end of
 * the first block; or, when the first block has rounds enough to hide
 * it (HEAD_CHAIN bytes a round), chain 0 simply starts at the head: a
 * chain's merge factor depends only on where its chunk ends.  Chain 0
 * starts from the register left by the first len mod 16 bytes.
 * From FOLD_MIN to BLEND_MIN bytes the whole input is such a head,
 * moved to its end and reduced.  Under 80 bytes: one crc32 chain;
 * 80 to FOLD_MIN bytes: crc32c_sse42's three chains (a tail call).
 *
 * Bit order and fold pairs: as in crc32c_avx512.h.  Registers are
 * reflected (x^0 in bit 31), P = x^32 + 0x1EDC6F41; in a qword bit j
 * holds x^(63-j), and vpclmulqdq of two qwords is a * b * x.  A lane
 * folded D bits on multiplies its first qword by x^(D+31) mod P and its
 * second by x^(D-33) mod P: the pair { x^(D+31), x^(D-33) } as qwords
 * 0 and 1, picked by imm 0x00 and 0x11.  All the constants come from
 * asm/gen_crc32c_constants.py (crc32c_fold256.h names the command).
 */
#include "asm.h"
#include "crc32c_tail.h"

#ifdef __x86_64__
#if HAVE_AS_VPCLMULQDQ

#include "crc32c_fold256.h"

/* ---- The proportion and the length tiers ----
 * Measured on Zen 3 (bench harness, best of interleaved batches; GB/s
 * at 4 KiB / 16 KiB / 1 MiB, RMAX 32): S,Q,V = 4,2,2 41.7/43.5/35;
 * 4,3,3 42.0/45.2/39.5; 4,4,4 41.5/44.3/38.6; 3,4,3 40.8/42.7/37.6;
 * 4,2,3 36.9/38.1/36.2; 3,2,2 36.5/38.4/34.8.  RMAX 64 added 1-5%
 * from 16 KiB (4,3,3: 45.7 at 16 KiB, 41.5 at 1 MiB).  At lengths that
 * need a head (1000, 2500, 10000 bytes) 4,3,3 led 4,2,2 and 4,4,4 by
 * 2-15%; at exactly 1 KiB (no head for 4,2,2 and 4,4,4) 4,2,2 did 32.9
 * against 30.4. */
#ifndef BLEND_S
#define BLEND_S		4	/* crc32q chains, 3 to 5 */
#endif
#ifndef BLEND_Q
#define BLEND_Q		3	/* qwords per chain per round */
#endif
#ifndef BLEND_V
#define BLEND_V		3	/* ymm accumulators, 1 to 6 */
#endif
#ifndef BLEND_RMAX
#define BLEND_RMAX	64	/* rounds per block at most */
#endif
/* From this many bytes (of whole lanes) on, blocks; below, the whole
 * input folds as a head.  Measured (4,3,3, before the head moved to
 * the front): the blocks lead from 384 bytes (21.8 against 21.1 GB/s),
 * fold-only at 256 and 320 (19.3 and 20.3 against 17.7 and 19.6). */
#ifndef BLEND_MIN
#define BLEND_MIN	384
#endif
/* From this many bytes on, fold-only; below, crc32 chains.  Measured:
 * at 96 bytes crc32c_sse42's three chains lead (13.5 against 13.0
 * GB/s, each call fed the last 11.2 against 9.6), at 128 they tie,
 * from 160 folding leads. */
#ifndef FOLD_MIN
#define FOLD_MIN	128
#endif
/* Under this many bytes, a single chain, as in crc32c_sse42 (whose
 * three chains start there); the test comes first and falls through,
 * so short calls pay one compare.  Measured through the driver, 16 to
 * 64 bytes, with the chain behind a taken branch (or a jump to
 * crc32c_sse42): 0.84x to 0.88x of sse42. */
#define CHAIN_MAX	80
/* Chain 0 takes a head of up to this many bytes per round of the input
 * (its first block's rounds, when that is under RMAX), the vector side a
 * longer one.  Measured (4,3,3), 16 against never: 400 to 1000-byte
 * independent calls 4-8% faster, chained ones within 1%; 8, 24 and 32
 * did no better. */
#ifndef HEAD_CHAIN
#define HEAD_CHAIN	16
#endif
#ifndef BLEND_NAME
#define BLEND_NAME	crc32c_avx2blend
#endif

#define PASTE5(a, b, c, d, e)	a##_S##b##_Q##c##_V##d##_R##e
#define XPASTE5(a, b, c, d, e)	PASTE5(a, b, c, d, e)
#define BLEND_CONSTS	XPASTE5(BLEND_CONSTS, BLEND_S, BLEND_Q, BLEND_V, BLEND_RMAX)
#define TAB_STRIDE	XPASTE5(BLEND_TAB_STRIDE, BLEND_S, BLEND_Q, BLEND_V, BLEND_RMAX)

#define CB	(8 * BLEND_Q)		/* bytes per chain per round */
#define VB	(32 * BLEND_V)		/* vector bytes per round */
#define RB	(BLEND_S * CB + VB)	/* bytes per round */
#define NCRC	(BLEND_S * BLEND_Q)	/* crc32q per round */
#define NZ	((BLEND_S + 3) / 4)	/* ymm of chain registers */
/* floor(x / RB) = (x * MAGIC) >> 32 while x * (MAGIC * RB - 2^32) <
 * 2^32: for x < RMAX * RB in a block's set-up, and x < MAGIC_LIMIT for
 * the head (RB < 512); longer heads use div. */
#define MAGIC		(((1 << 32) + RB - 1) / RB)
#define MAGIC_LIMIT	(1 << 23)
/* The offsets in a row of .Lblend_tab (crc32c_fold256.h). */
#define ROW_FINAL	(32 * NZ)	/* merge factors to the block's end */
#define ROW_HEAD	(64 * NZ)	/* the head's two pairs */
#define ROW_SKIP	(64 * NZ + 32)	/* the skip pair */

#if BLEND_S < 3 || BLEND_S > 5 || BLEND_V < 1 || BLEND_V > 6
#error "crc32c_avx2blend.S: BLEND_S must be 3..5 and BLEND_V 1..6"
#endif
#if NCRC % 2
#error "crc32c_avx2blend.S: S Q must be even (rounds of whole 16-byte lanes)"
#endif
#if BLEND_MIN < RB || FOLD_MIN < CHAIN_MAX + 16
#error "crc32c_avx2blend.S: BLEND_MIN must hold a round, FOLD_MIN a lane after the front"
#endif
/* The vector region advances VB bytes a round while a chunk advances
 * CB: when that ratio is an index scale, the vector loads share the
 * chains' index; otherwise PV steps on its own. */
#if (VB % CB) == 0 && (VB / CB == 1 || VB / CB == 2 || VB / CB == 4 || VB / CB == 8)
#define SCALED	1
#define SCALE	(VB / CB)
#else
#define SCALED	0
#endif

/* ---- Registers ---- */
#define CRC_IN	%edi
#define DATA	%rsi		/* chunk 0's pointer during a block */
#define LEN	%rdx
#define END	%rdx		/* data + len, from the head on */
#define IDX	%rdi		/* offset in each chunk, counting up to 0 */
#define TP	%r11		/* this block's row of .Lblend_tab */
#define PV	%r14		/* vector data: the block's end (SCALED) or this round's */

#define C0	%rax		/* chain registers */
#define C0d	%eax
#define C1	%rcx
#define C1d	%ecx
#define C2	%r8
#define C2d	%r8d
#define C3	%r9
#define C3d	%r9d
#define C4	%r10
#define C4d	%r10d
#define P1	%rbx		/* chunk pointers (chunk 0: DATA) */
#define P2	%rbp
#define P3	%r12
#define P4	%r13

#define A0	%ymm0		/* accumulators */
#define A1	%ymm1
#define A2	%ymm2
#define A3	%ymm3
#define A4	%ymm4
#define A5	%ymm5
#define T0	%ymm6		/* one scratch per accumulator */
#define T0x	%xmm6
#define T1	%ymm7
#define T2	%ymm8
#define T3	%ymm9
#define T4	%ymm10
#define T5	%ymm11
#define D0	%ymm10		/* a round's vector data (V <= 4) */
#define D1	%ymm11
#define D2	%ymm4
#define D3	%ymm5
#define K	%ymm12		/* fold pair, both lanes */
#define Z	%ymm13		/* chain registers, one per qword */
#define Zx	%xmm13
#define Y	%ymm14		/* scratch */
#define Yx	%xmm14
#define X	%ymm15		/* the head during the first block; the sum at the end */
#define Xx	%xmm15

/* The last accumulator, which the chains and the head join. */
#if BLEND_V == 1
#define ALAST	A0
#elif BLEND_V == 2
#define ALAST	A1
#elif BLEND_V == 3
#define ALAST	A2
#elif BLEND_V == 4
#define ALAST	A3
#elif BLEND_V == 5
#define ALAST	A4
#else
#define ALAST	A5
#endif

/* The last chunk pointer: the vector region starts CB bytes after it
 * (each pointer points at its chunk's last round). */
#if BLEND_S == 3
#define PLAST	P2
#elif BLEND_S == 4
#define PLAST	P3
#else
#define PLAST	P4
#endif

/* acc = acc folded by the pair in K, plus src (32 bytes in memory):
 * the products of both halves of each lane, then the data. */
.macro FOLD acc, tmp, src:vararg
	vpclmulqdq $0x00, K, \acc, \tmp
	vpclmulqdq $0x11, K, \acc, \acc
	vpxor	\src, \tmp, \tmp
	vpxor	\tmp, \acc, \acc
.endm

/* crc32q number \n of a round (an absolute expression, 0 .. S Q - 1):
 * chain n mod S, its qword n / S of the round. */
.macro CRC_ONE n
	.set	.Lch, (\n) % BLEND_S
	.set	.Lqw, (\n) / BLEND_S
	.if .Lch == 0
	crc32q	8*.Lqw(DATA, IDX), C0
	.elseif .Lch == 1
	crc32q	8*.Lqw(P1, IDX), C1
	.elseif .Lch == 2
	crc32q	8*.Lqw(P2, IDX), C2
	.elseif .Lch == 3
	crc32q	8*.Lqw(P3, IDX), C3
	.else
	crc32q	8*.Lqw(P4, IDX), C4
	.endif
.endm

/* crc32q numbers \from .. \to - 1 of a round. */
.macro CRC_RANGE from, to
	.set	.Lcn, \from
	.rept	(\to) - (\from)
	CRC_ONE	.Lcn
	.set	.Lcn, .Lcn + 1
	.endr
.endm

/* The 32 bytes of the round's vector data for accumulator k. */
#if SCALED
#define VSRC(k)	32*(k)(PV, IDX, SCALE)
#else
#define VSRC(k)	32*(k)(PV)
#endif

/* The round's vector data, loaded at its top into D0.. (V <= 4; with
 * more accumulators there are no registers left and the xors take it
 * from memory).  Measured on Zen 3: with the loads as memory operands
 * of the xors, or in one group anywhere else in the round, a round of
 * 8 crc32q and 2 folds took 10 cycles; loaded first, 9 (8 with no
 * loads at all). */
#if BLEND_V <= 4
#define EARLY	1
#else
#define EARLY	0
#endif
.macro LOAD_DATA
#if EARLY
	vmovdqu	VSRC(0), D0
	.if BLEND_V > 1
	vmovdqu	VSRC(1), D1
	.endif
	.if BLEND_V > 2
	vmovdqu	VSRC(2), D2
	.endif
	.if BLEND_V > 3
	vmovdqu	VSRC(3), D3
	.endif
#endif
.endm

/* Half \h of the fold of accumulator \k (\a, scratch \t, data \d):
 * h = 0 the product of the first qwords, h = 1 that of the second ones,
 * then the data and the sum. */
.macro FOLD_HALF h, k, a, t, d
	.if \h == 0
	vpclmulqdq $0x00, K, \a, \t
	.else
	vpclmulqdq $0x11, K, \a, \a
#if EARLY
	vpxor	\d, \t, \t
#else
	vpxor	VSRC(\k), \t, \t
#endif
	vpxor	\t, \a, \a
	.endif
.endm

/* One round: the S Q crc32q spread evenly between the 2 V vpclmulqdq.
 * Measured on Zen 3, 8 crc32q and two folds take 8.0 cycles issued as
 * crc crc clmul crc crc clmul (with the xors), 9.4 to 10.4 when each
 * kind comes in one group: the scheduler does not reorder that far. */
.macro ROUND
	LOAD_DATA
	.irp m, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
	.if \m < 2 * BLEND_V
	CRC_RANGE (\m * NCRC / (2 * BLEND_V)), ((\m + 1) * NCRC / (2 * BLEND_V))
	.if \m / 2 == 0
	FOLD_HALF (\m % 2), 0, A0, T0, D0
	.elseif \m / 2 == 1
	FOLD_HALF (\m % 2), 1, A1, T1, D1
	.elseif \m / 2 == 2
	FOLD_HALF (\m % 2), 2, A2, T2, D2
	.elseif \m / 2 == 3
	FOLD_HALF (\m % 2), 3, A3, T3, D3
	.elseif \m / 2 == 4
	FOLD_HALF (\m % 2), 4, A4, T4, D0
	.else
	FOLD_HALF (\m % 2), 5, A5, T5, D0
	.endif
	.endif
	.endr
.endm

/* Accumulator \k (\a, scratch \t), if there is one: load (\fold = 0)
 * or fold onto (\fold = 1, pair in K) its 32 bytes of the first 32 V
 * of the vector region. */
.macro ACC_START1 fold, k, a, t
	.if \k < BLEND_V
	.if \fold
	FOLD	\a, \t, CB+32*\k(PLAST)
	.else
	vmovdqu	CB+32*\k(PLAST), \a
	.endif
	.endif
.endm
.macro ACC_START fold
	ACC_START1 \fold, 0, A0, T0
	ACC_START1 \fold, 1, A1, T1
	ACC_START1 \fold, 2, A2, T2
	ACC_START1 \fold, 3, A3, T3
	ACC_START1 \fold, 4, A4, T4
	ACC_START1 \fold, 5, A5, T5
.endm

/* Set up a block at DATA from IDX = the bytes left (a multiple of
 * RB): R = min(IDX / RB, RMAX), TP = its table row, the chunk pointers
 * (each at its chunk's last round), PV, and IDX = -(R - 1) CB. */
.macro BLOCK_SETUP
	imul	$MAGIC, IDX, TP
	shr	$32, TP
	cmp	$BLEND_RMAX*RB, IDX
	mov	$BLEND_RMAX, %edi
	cmovb	TP, IDX				/* R */
	imul	$TAB_STRIDE, IDX, TP
	lea	.Lblend_tab-TAB_STRIDE(%rip), P1
	add	P1, TP
	imul	$CB, IDX, IDX			/* C */
	lea	-CB(DATA, IDX), DATA
	lea	(DATA, IDX), P1
	lea	(P1, IDX), P2
	.if BLEND_S > 3
	lea	(P2, IDX), P3
	.endif
	.if BLEND_S > 4
	lea	(P3, IDX), P4
	.endif
#if SCALED
	lea	CB(PLAST, IDX, SCALE), PV	/* the block's end */
#else
	lea	CB+VB(PLAST), PV		/* the second round's vector data */
#endif
	neg	IDX
	add	$CB, IDX
.endm

/* The chain registers as the qwords of Z (chain 4, if any, in Yx);
 * crc32q leaves their upper halves zero. */
.macro COLLECT
	vmovq	C0, Zx
	vpinsrq	$1, C1, Zx, Zx
	vmovq	C2, Yx
	.if BLEND_S > 3
	vpinsrq	$1, C3, Yx, Yx
	.endif
	vinserti128 $1, Yx, Z, Z
	.if BLEND_S > 4
	vmovq	C4, Yx
	.endif
.endm

/* \dst ^= the collected chains times the merge factors at \off(TP). */
.macro MERGE off, dst
	.if BLEND_S > 4
	vpclmulqdq $0x00, \off+32(TP), Yx, Yx
	vpxor	Y, \dst, \dst
	.endif
	vpclmulqdq $0x00, \off(TP), Z, Y
	vpclmulqdq $0x11, \off(TP), Z, Z
	vpxor	Y, Z, Z
	vpxor	Z, \dst, \dst
.endm

/* X = the lanes at DATA moved to their end, DATA + 16 w.
 * In:  %rcx = 16 w (w >= 1), C0d = the register for the bytes before
 *      DATA (xored onto the first four).
 * Out: X, both 128-bit halves ending at DATA + 16 w: their xor, read as
 *      a lane there, is congruent to the register's share and the
 *      lanes.  Clobbers rcx, r8-r11, Y, T0.
 * The first lane moves w - 1 lanes on, the others go in pairs from the
 * end (0, 2, 4 ... lanes), an odd one left over (the second lane)
 * w - 2 lanes on; all the products are independent. */
.macro LANES_TO_END
	vmovd	C0d, Xx
	vpxor	(DATA), Xx, Xx
	sub	$16, %rcx			/* 16 (w - 1): the lanes after it */
	lea	.Lfold_lanes_desc+16*(FOLD256_LANES-1)(%rip), TP
	sub	%rcx, TP			/* the window for distance w - 1 */
	vpclmulqdq $0x00, 16(TP), Xx, Yx	/* its upper pair: w - 1 lanes */
	vpclmulqdq $0x11, 16(TP), Xx, Xx
	vpxor	Y, X, X
	mov	%ecx, %r8d			/* bit 4: an odd lane left over */
	lea	(TP, %rcx), %r10		/* the window for distance 0 */
	lea	-16(DATA, %rcx), %r9		/* the last 32 bytes */
	shr	$5, %rcx
	jz	.Lodd\@
.Lpairs\@:
	vmovdqu	(%r9), Y
	vpclmulqdq $0x00, (%r10), Y, T0
	vpclmulqdq $0x11, (%r10), Y, Y
	vpxor	T0, X, X
	vpxor	Y, X, X
	sub	$32, %r9
	sub	$32, %r10
	sub	$1, %rcx
	jnz	.Lpairs\@
.Lodd\@:
	test	$16, %r8b
	jz	.Ldone\@
	vmovdqu	16(DATA), Yx
	vpclmulqdq $0x00, 32(TP), Yx, T0x	/* the pair for w - 2 lanes */
	vpclmulqdq $0x11, 32(TP), Yx, Yx
	vpxor	T0, X, X
	vpxor	Y, X, X
.Ldone\@:
.endm

/* X ^= accumulator \k (\a, scratch \t) moved to the end of the data,
 * 2 (V - 1 - k) lanes on (its lower half one lane more). */
.macro ACC_TO_END k, a, t
	.if \k < BLEND_V
	vpclmulqdq $0x00, .Lfold_lanes_desc+16*(FOLD256_LANES-1)-32*(BLEND_V-1-\k)(%rip), \a, \t
	vpclmulqdq $0x11, .Lfold_lanes_desc+16*(FOLD256_LANES-1)-32*(BLEND_V-1-\k)(%rip), \a, \a
	vpxor	\t, X, X
	vpxor	\a, X, X
	.endif
.endm

/* %eax = the register from X (both halves ending at the end): the xor
 * of the halves is a 128-bit lane L, and two crc32q from 0 give
 * L * x^32 mod P. */
.macro REDUCE
	vextracti128 $1, X, Yx
	vpxor	Yx, Xx, Xx
	vmovq	Xx, %rcx
	vpextrq	$1, Xx, %r8
	xor	%eax, %eax
	crc32q	%rcx, %rax
	crc32q	%r8, %rax
.endm

FUNC_BEGIN BLEND_NAME
	mov	CRC_IN, C0d
	cmp	$CHAIN_MAX, LEN
	jae	.Lnot_short

/* ---- Short inputs: one crc32 chain ---- */
	mov	LEN, %rcx
	shr	$3, %rcx
	jz	7f
	.p2align 4
6:	crc32q	(DATA), C0
	add	$8, DATA
	sub	$1, %rcx
	jnz	6b
7:	CRC32_TAIL DATA, C0d, %dl
	ret

/* CHAIN_MAX to FOLD_MIN bytes: crc32c_sse42's three chains. */
.Lnot_short:
	cmp	$FOLD_MIN, LEN
	jb	crc32c_sse42

/* ---- Phase 1: the first len mod 16 bytes, through crc32 ---- */
	test	$8, %dl
	jz	1f
	crc32q	(DATA), C0
	add	$8, DATA
1:	test	$4, %dl
	jz	2f
	crc32l	(DATA), C0d
	add	$4, DATA
2:	test	$2, %dl
	jz	3f
	crc32w	(DATA), C0d
	add	$2, DATA
3:	test	$1, %dl
	jz	4f
	crc32b	(DATA), C0d
	add	$1, DATA
4:	and	$-16, LEN			/* whole lanes from DATA on */
	cmp	$BLEND_MIN, LEN
	jae	.Lblend

/* ---- Phase 2: FOLD_MIN to BLEND_MIN bytes: all the lanes at once ---- */
	mov	LEN, %rcx
	LANES_TO_END
	REDUCE
	vzeroupper
	ret

/* ---- Phase 3: the head, LEN mod RB bytes: into chain 0, or folded to
 * where the blocks start (and moved on in phase 4) ---- */
.Lblend:
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	cmp	$MAGIC_LIMIT, LEN
	jae	.Lhead_div
	imul	$MAGIC, LEN, %rcx
	shr	$32, %rcx			/* q = LEN / RB: rounds */
	imul	$RB, %rcx, IDX
	neg	IDX
	add	LEN, IDX			/* h = LEN mod RB */
.Lhead:
	add	DATA, END
	vpxor	Xx, Xx, Xx
	test	IDX, IDX
	jz	5f
	/* Chain 0 takes the head when that keeps it within the first
	 * block's time: its merge factor depends only on where its chunk
	 * ends.  Otherwise (short inputs, few rounds) the vector side does. */
	imul	$HEAD_CHAIN, %rcx, %rcx
	cmp	%rcx, IDX
	ja	8f				/* h > HEAD_CHAIN q */
	shr	$3, IDX
9:	crc32q	(DATA), C0
	add	$8, DATA
	sub	$1, IDX
	jnz	9b
	jmp	5f
8:	mov	IDX, %rcx
	LANES_TO_END				/* X: the head, at DATA + h */
	add	IDX, DATA
	xor	C0d, C0d			/* the register is in the head */
5:
	xor	C1d, C1d
	xor	C2d, C2d
	xor	C3d, C3d
	xor	C4d, C4d

/* ---- Phase 4: the first block; the head moves to the last
 * accumulator at its end, where it is added (zero without a head) ---- */
	mov	END, IDX
	sub	DATA, IDX
	BLOCK_SETUP
	ACC_START 0
	vptest	X, X
	jz	.Lrounds			/* no head on the vector side */
	vpclmulqdq $0x00, ROW_HEAD(TP), X, Y
	vpclmulqdq $0x11, ROW_HEAD(TP), X, X
	vpxor	Y, X, X
	jmp	.Lrounds

/* ---- Phase 5: each further block: the last one's chains into the
 * last accumulator, the accumulators over this one's chunks onto its
 * vector region, the chains from 0 ---- */
.Lnext_block:
	MERGE	0, ALAST
	vpxor	Xx, Xx, Xx			/* the head is in */
	xor	C0d, C0d
	xor	C1d, C1d
	xor	C2d, C2d
	xor	C3d, C3d
	xor	C4d, C4d
	mov	END, IDX
	sub	DATA, IDX
	BLOCK_SETUP
	vbroadcasti128 ROW_SKIP(TP), K
	ACC_START 1

/* ---- Phase 6: the rounds, chains and folds, then the chains' last ---- */
.Lrounds:
	test	IDX, IDX
	jz	.Llast_round
	vbroadcasti128 .Lblend_round(%rip), K
	.p2align 5
.Lround:
	ROUND
#if !SCALED
	add	$VB, PV
#endif
	add	$CB, IDX
	jnz	.Lround
.Llast_round:
	CRC_RANGE 0, NCRC
	COLLECT
	vpxor	X, ALAST, ALAST			/* the head, after the first block */
	mov	PV, DATA			/* the block's end */
	cmp	END, DATA
	jne	.Lnext_block

/* ---- Phase 7: the last block's chains and the accumulators straight
 * to the end, then the register ---- */
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
	vpxor	Xx, Xx, Xx
	MERGE	ROW_FINAL, X
	ACC_TO_END 0, A0, T0
	ACC_TO_END 1, A1, T1
	ACC_TO_END 2, A2, T2
	ACC_TO_END 3, A3, T3
	ACC_TO_END 4, A4, T4
	ACC_TO_END 5, A5, T5
	REDUCE
	vzeroupper
	ret

/* The head's length for LEN >= MAGIC_LIMIT. */
.Lhead_div:
	mov	C0, %r10
	mov	LEN, %r9
	mov	LEN, %rax
	xor	%edx, %edx
	mov	$RB, %ecx
	div	%rcx
	mov	%rdx, IDX			/* h */
	mov	%rax, %rcx			/* q */
	mov	%r9, LEN
	mov	%r10, C0
	jmp	.Lhead

FUNC_END BLEND_NAME

/* The lane table must reach the farthest accumulator at the end and
 * the first lane of the longest head or fold-only input. */
	.if 2 * BLEND_V > FOLD256_LANES || (RB - 1) / 16 > FOLD256_LANES
	.error "crc32c_fold256.h: FOLD256_LANES too small for this proportion"
	.endif
	.if (BLEND_MIN - 1) / 16 > FOLD256_LANES
	.error "crc32c_fold256.h: FOLD256_LANES too small for BLEND_MIN"
	.endif

	RODATA 5
	FOLD256_LANES_CONSTS
	BLEND_CONSTS

#endif /* HAVE_AS_VPCLMULQDQ */
#endif /* __x86_64__ */
