/* SPDX-License-Identifier: MIT */
/* sha512_xmm.h - the body shared by sha512_ssse3.S and sha512_avx.S:
 * SHA-512 (FIPS 180-4, 6.4.2) with the message schedule of one block in
 * XMM registers and scalar rounds that use only base x86-64 instructions.
 *
 * Included after asm.h with SIMD_VEX defined to 0 (SSSE3: two-operand
 * legacy SSE encodings, register copies where a source must survive) or
 * 1 (AVX: three-operand VEX encodings, no copies; the emitters are those
 * of sse_vex.h), and SHA512_XMM_FUNC set to the function name.
 * Everything else is the same.
 *
 * void SHA512_XMM_FUNC(uint64_t state[8], const uint8_t *data, size_t nblocks);
 *
 * Contract: nblocks >= 1; reads exactly nblocks * 128 bytes at data (any
 * alignment) and state[0..7]; updates state[].  Clobbers rax, rcx, rdx,
 * rsi, rdi, r8-r11, flags, xmm0-xmm15 (the AVX form also zeroes the upper
 * halves of ymm0-ymm15: it ends with vzeroupper); preserves rbx, rbp,
 * r12-r15.  Needs SSSE3 (pshufb, palignr) or AVX.
 *
 * Idea.  The rounds are the scalar ones of sha512_rounds.h, with mov +
 * ror rotations (base x86-64 only).
 *
 * The schedule computes two words (one XMM register) per two rounds and
 * stores W[t] + K[t] to an aligned stack array that the rounds add from
 * memory.  With no vector rotate, σ0 and σ1 are built from shifts:
 *     x>>>1 ^ x>>>8 ^ x>>7 = (((x>>1 ^ x)>>6 ^ x)>>1) ^ ((x<<7 ^ x)<<56)
 *     x>>>19 ^ x>>>61 ^ x>>6 = (((x>>42 ^ x)>>13 ^ x)>>6) ^ ((x<<42 ^ x)<<3)
 * (nine operations each, two of them register copies in SSE form).
 */

#include "bswap_masks.h"
#include "sha512_k.h"
#include "sse_vex.h"

/* Stack frame (rsp aligned to 16): W[t] + K[t] for t = 0..79, then the
 * slots of sha512_rounds.h. */
#define WK_SIZE   (80 * 8)
#define FRAME     (WK_SIZE + 32)

#define SHA512_RORX 0
#include "sha512_rounds.h"

	/* Message window: w0 = W[t], W[t+1] ... w7 = W[t+14], W[t+15].
	 * Back in place every 16 rounds. */
	.set	w0, %xmm0
	.set	w1, %xmm1
	.set	w2, %xmm2
	.set	w3, %xmm3
	.set	w4, %xmm4
	.set	w5, %xmm5
	.set	w6, %xmm6
	.set	w7, %xmm7
#define X0 %xmm8
#define X1 %xmm9
#define X2 %xmm10
#define BSWAP %xmm15

/* W[t+16], W[t+17] replace W[t], W[t+1] in w0; their W + K go to the
 * stack at row j + 8 of the current group.  Then the window moves on. */
.macro SCHEDULE j
	VALIGNR	8, w0, w1, X0		/* W[t+1], W[t+2] */
	VOPI	psrlq, 1, X0, X1	/* σ0 */
	VOP	pxor, X0, X1, X1
	VOPI	psrlq, 6, X1, X1
	VOP	pxor, X0, X1, X1
	VOPI	psrlq, 1, X1, X1
	VOPI	psllq, 7, X0, X2
	VOP	pxor, X0, X2, X2
	VOPI	psllq, 56, X2, X2
	VOP	pxor, X2, X1, X1
	VOP	paddq, X1, w0, w0
	VALIGNR	8, w4, w5, X0		/* W[t+9], W[t+10] */
	VOP	paddq, X0, w0, w0
	VOPI	psrlq, 42, w7, X1	/* σ1(W[t+14], W[t+15]) */
	VOP	pxor, w7, X1, X1
	VOPI	psrlq, 13, X1, X1
	VOP	pxor, w7, X1, X1
	VOPI	psrlq, 6, X1, X1
	VOPI	psllq, 42, w7, X2
	VOP	pxor, w7, X2, X2
	VOPI	psllq, 3, X2, X2
	VOP	pxor, X2, X1, X1
	VOP	paddq, X1, w0, w0
	VOPX	paddq, 16*(\j+8), KTAB, IDX, w0, X0
	VMOVA	X0, 16 * (\j + 8)(%rsp, IDX)
	W_WINDOW_NEXT
.endm

FUNC_BEGIN SHA512_XMM_FUNC
	/* ---- Phase 0: frame, arguments, state ---------------------------- */
	FRAME_ENTER 16
	lea	.LK512(%rip), KTAB
	VMOVA	.LBSWAP64(%rip), BSWAP
	LOAD_STATE

.Lloop:
	/* ---- Phase 1: load the block, first 16 W + K ---------------------- */
	PREP_STATE
	xor	IDX, IDX
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	VMOVU	16 * \i(DATA), %xmm\i
	VOP	pshufb, BSWAP, %xmm\i, %xmm\i
	VOPX	paddq, 16*\i, KTAB, IDX, %xmm\i, X0
	VMOVA	X0, 16 * \i(%rsp)
	.endr

	/* ---- Phase 2: rounds 0-63, schedule up to W[79] ------------------- */
.Lsched:
	.irp	j, 0, 1, 2, 3, 4, 5, 6, 7
	SCHEDULE \j
	ROUND	8*(2*\j)
	ROUND	8*(2*\j+1)
	.endr
	add	$128, IDX
	cmp	$512, IDX
	jb	.Lsched

	/* ---- Phase 3: rounds 64-79 ---------------------------------------- */
	.irp	t, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	ROUND	8*\t
	.endr

	/* ---- Phase 4: add the block into state, next block ---------------- */
	ADD_STATE
	add	$128, DATA
	cmp	END_SLOT(%rsp), DATA
	jb	.Lloop

	/* ---- Phase 5: restore --------------------------------------------- */
	VEX_ZEROUPPER
	FRAME_LEAVE
FUNC_END SHA512_XMM_FUNC

	RODATA 6
.LK512:
	K512_TABLE
.LBSWAP64:
	BSWAP64_MASK 1
