/* SPDX-License-Identifier: MIT */
/* sha512_ymm.h - the body shared by sha512_avx2.S and sha512_avx512.S:
 * SHA-512 (FIPS 180-4, 6.4.2) with the message schedule of two blocks in
 * YMM registers and BMI2 scalar rounds.
 *
 * Included after asm.h with SHA512_YMM_FUNC set to the function name and
 * SHA512_YMM_AVX512 defined to 0 (σ0/σ1 from AVX2 shifts and xors: nine
 * operations each) or 1 (AVX-512VL vprorq and vpternlogq: four each).
 * Only the schedule step differs.  No ZMM register is used: the AVX-512
 * form runs EVEX-encoded instructions on YMM registers only.
 *
 * void SHA512_YMM_FUNC(uint64_t state[8], const uint8_t *data, size_t nblocks);
 *
 * Contract: nblocks >= 1; reads exactly nblocks * 128 bytes at data (any
 * alignment) and state[0..7]; updates state[].  Clobbers rax, rcx, rdx,
 * rsi, rdi, r8-r11, flags, ymm0-ymm15 (upper halves zeroed on return by
 * vzeroupper); preserves rbx, rbp, r12-r15.  Needs AVX, AVX2 and BMI2
 * (rorx), and for the AVX-512 form also AVX512F and AVX512VL.
 *
 * Idea.  The 80 rounds are the scalar ones of sha512_rounds.h, with rorx
 * (the source survives, no copy).
 *
 * The message schedule runs in YMM registers on the vector units while
 * the scalar rounds run: the low 128-bit lane holds two consecutive words
 * of one block, the high lane the same words of the next block, so one
 * σ0/σ1 computation serves two blocks.  W[t] + K[t] goes to an aligned
 * stack area; the rounds of the first block read it while the schedule
 * is being computed, the rounds of the second block read the other half
 * with no vector work left to do.  With an odd block count the last
 * block is loaded into both lanes and only the first-lane rounds run.
 * The second block's rounds 16-31 also load the next pair's first 16
 * words (rows 0-7 are read no more by then), so that its rounds need not
 * wait at the start for loads, shuffles and stores: 2% faster at 16 KiB
 * on Zen 5 (113.2 against 110.9 ns a block).
 * The loops are 16 rounds long, small enough for the op cache (a fully
 * unrolled two-block body was not, and ran ~35% slower, decode-bound).
 */

#include "bswap_masks.h"
#include "sha512_k.h"

/* Stack frame (rsp aligned to 64): W[t] + K[t] of two blocks, 40 rows of
 * 32 bytes (row r: words 2r and 2r+1 of the first block, then of the
 * second), then the slots of sha512_rounds.h. */
#define WK_SIZE   (40 * 32)
#define FRAME     (WK_SIZE + 64)

#define SHA512_RORX 1
#include "sha512_rounds.h"

/* Offset of W[t] + K[t] of block blk (0 or 1) from a row group, t < 16. */
#define WK(t, blk) (32 * ((t) >> 1) + 8 * ((t) & 1) + 16 * (blk))

	/* Message window: w0 = W[t], W[t+1] ... w7 = W[t+14], W[t+15], one
	 * 128-bit lane per block.  Back in place every 16 rounds. */
	.set	w0, %ymm0
	.set	w1, %ymm1
	.set	w2, %ymm2
	.set	w3, %ymm3
	.set	w4, %ymm4
	.set	w5, %ymm5
	.set	w6, %ymm6
	.set	w7, %ymm7
#define X0 %ymm8
#define X1 %ymm9
#define X2 %ymm10
#define X3 %ymm11
#define BSWAP %ymm15

#if !SHA512_YMM_AVX512
/* X1 = (x >>> r1) ^ (x >>> r2) ^ (x >> s) on each 64-bit lane, AVX2. */
.macro SIGMA_V x, r1, r2, s
	vpsrlq	$\r1, \x, X1
	vpsllq	$(64 - \r1), \x, X2
	vpxor	X2, X1, X1
	vpsrlq	$\r2, \x, X2
	vpxor	X2, X1, X1
	vpsllq	$(64 - \r2), \x, X2
	vpxor	X2, X1, X1
	vpsrlq	$\s, \x, X2
	vpxor	X2, X1, X1
.endm
#else
/* The same with AVX-512VL: two rotations, a shift and a three-way xor. */
.macro SIGMA_V x, r1, r2, s
	vprorq	$\r1, \x, X1
	vprorq	$\r2, \x, X2
	vpsrlq	$\s, \x, X3
	vpternlogq $0x96, X3, X2, X1	/* X1 ^= X2 ^ X3 */
.endm
#endif

/* W[t+16], W[t+17] of both blocks replace W[t], W[t+1] in w0; their
 * W + K go to row (t+16)/2, i.e. row j+8 of the current group. */
.macro SCHEDULE j
	vpalignr $8, w0, w1, X0		/* W[t+1], W[t+2] */
	SIGMA_V	X0, 1, 8, 7
	vpaddq	X1, w0, w0
	vpalignr $8, w4, w5, X0		/* W[t+9], W[t+10] */
	vpaddq	X0, w0, w0
	SIGMA_V	w7, 19, 61, 6
	vpaddq	X1, w0, w0
	vpaddq	32 * (\j + 8)(KTAB, IDX), w0, X0
	vmovdqa	X0, 32 * (\j + 8)(%rsp, IDX)
	W_WINDOW_NEXT
.endm

/* Row i (0..7) of a pair of blocks at off1(first) and off2(second):
 * message words 2i, 2i+1 of both into %ymm<i>, their W + K to the stack. */
.macro LOAD_ROW i, first, second, off1=0, off2=0
	vmovdqu	16 * \i + \off1(\first), %xmm\i
	vinserti128 $1, 16 * \i + \off2(\second), %ymm\i, %ymm\i
	vpshufb	BSWAP, %ymm\i, %ymm\i
	vpaddq	32 * \i(KTAB), %ymm\i, X0
	vmovdqa	X0, 32 * \i(%rsp)
.endm

/* Sixteen rounds of block blk reading the row group at IDX. */
.macro ROUNDS16 blk
	.irp	t, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	ROUND	WK(\t, \blk)
	.endr
.endm

FUNC_BEGIN SHA512_YMM_FUNC
	/* ---- Phase 0: frame, arguments, state ---------------------------- */
	FRAME_ENTER 64
	lea	.LK512x2(%rip), KTAB
	vmovdqa	.LBSWAP64(%rip), BSWAP
	LOAD_STATE

.Lloop:
	/* ---- Phase 1: load two blocks, first 16 W + K --------------------- */
	/* The second block is the next 128 bytes, or this one again when
	 * it is the last.  Only the first pair and a lone last block come
	 * here; a later pair of two blocks was loaded in the previous
	 * pair's phase 4, which jumps to .Lpreloaded. */
	lea	128(DATA), T3
	cmp	END_SLOT(%rsp), T3
	cmovae	DATA, T3
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	LOAD_ROW \i, DATA, T3
	.endr
.Lpreloaded:
	PREP_STATE

	/* ---- Phase 2: rounds 0-63 of the first block, schedule to W[79] --- */
	xor	IDX, IDX
.Lsched:
	.irp	j, 0, 1, 2, 3, 4, 5, 6, 7
	SCHEDULE \j
	ROUND	WK(2 * \j, 0)
	ROUND	WK(2 * \j + 1, 0)
	.endr
	add	$256, IDX
	cmp	$1024, IDX
	jb	.Lsched

	/* ---- Phase 3: rounds 64-79 of the first block --------------------- */
	ROUNDS16 0
	ADD_STATE

	lea	128(DATA), T2
	cmp	END_SLOT(%rsp), T2
	jae	.Ldone

	/* ---- Phase 4: rounds 0-79 of the second block from the stack ------ */
	PREP_STATE
	xor	IDX, IDX
	ROUNDS16 1
	/* Rounds 16-31, with the next pair's first rows loaded in between
	 * when it has two blocks (rows 0-7 are read no more): its rounds
	 * then start without waiting for loads. */
	add	$256, IDX
	lea	512(DATA), T3
	cmp	END_SLOT(%rsp), T3
	ja	.Lsecond
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	ROUND	WK(2 * \i, 1)
	ROUND	WK(2 * \i + 1, 1)
	LOAD_ROW \i, DATA, DATA, 256, 384
	.endr
	add	$256, IDX
.Lsecond:
	ROUNDS16 1
	add	$256, IDX
	cmp	$1280, IDX
	jb	.Lsecond
	ADD_STATE

	add	$256, DATA
	lea	256(DATA), T3
	cmp	END_SLOT(%rsp), T3
	jbe	.Lpreloaded		/* two blocks: loaded in rounds 16-31 */
	cmp	END_SLOT(%rsp), DATA
	jb	.Lloop

.Ldone:
	/* ---- Phase 5: restore --------------------------------------------- */
	vzeroupper
	FRAME_LEAVE
FUNC_END SHA512_YMM_FUNC

	RODATA 6
/* Each pair of constants twice: one row per YMM register of the
 * two-block schedule. */
.LK512x2:
	K512_TABLE 2

.LBSWAP64:
	BSWAP64_MASK 2

