/* SPDX-License-Identifier: MIT */
/* sse_vex.h - one set of vector emitters for the bodies built twice, as
 * legacy SSE and as VEX (sha1_ssse3_avx.inc, sha256_sse.h with
 * sha256_sched.h, sha512_xmm.h).
 *
 * The including .S file defines SIMD_VEX before it includes the body:
 *   0  legacy SSE encodings: two operands, the destination is also the
 *      first source, so a register copy comes first where that source
 *      must survive;
 *   1  VEX encodings: three operands, no copies.
 * A body writes each operation once, in the three-operand order of AT&T
 * VEX (sources first, destination last), and the macros below emit the
 * one form or the other.  Any other difference between the two builds
 * (an instruction moved between rounds, say) is the body's own and is
 * written there with SIMD_VEX.
 *
 * Operands are one macro argument each, so they must hold no comma: an
 * indexed memory source goes through VOPX.  VSAME, VMOVA and VMOVU take
 * the rest of the line, so any operand works there.
 *
 * The macro names are no instruction names: GNU as matches macro names
 * without regard to case, so a macro VMOVDQA would replace vmovdqa.
 */
#ifndef SIMDSUM_SSE_VEX_H
#define SIMDSUM_SSE_VEX_H

#if !defined(SIMD_VEX) || (SIMD_VEX != 0 && SIMD_VEX != 1)
#error "sse_vex.h: define SIMD_VEX to 0 (SSE) or 1 (VEX) before the include"
#endif

#if SIMD_VEX

/* VOP op, s2, s1, d: d = s1 op s2 (s2 a register or a memory operand). */
.macro VOP op, s2, s1, d
	v\op	\s2, \s1, \d
.endm

/* VOPI op, imm, s, d: d = op(s, imm), a shift by an immediate. */
.macro VOPI op, imm, s, d
	v\op	$\imm, \s, \d
.endm

/* VALIGNR imm, s2, s1, d: d = the bytes imm.. of s1:s2 (s1 the high half). */
.macro VALIGNR imm, s2, s1, d
	vpalignr $\imm, \s2, \s1, \d
.endm

/* VOPX op, off, base, idx, s1, d: d = s1 op off(base, idx). */
.macro VOPX op, off, base, idx, s1, d
	v\op	\off(\base, \idx), \s1, \d
.endm

/* VSAME op, operands: an instruction whose SSE form already takes the
 * same operands (moves, pshufd); VEX only adds the prefix. */
.macro VSAME op, ops:vararg
	v\op	\ops
.endm

/* VEX_ZEROUPPER: vzeroupper in the VEX build only: the SSE build may
 * run on a CPU without AVX, which has no vzeroupper. */
.macro VEX_ZEROUPPER
	vzeroupper
.endm

#else /* !SIMD_VEX */

.macro VOP op, s2, s1, d
.ifnc \s1, \d
.ifc \s2, \d
	.error	"VOP: the destination is the second source"
.endif
	movdqa	\s1, \d
.endif
	\op	\s2, \d
.endm

.macro VOPI op, imm, s, d
.ifnc \s, \d
	movdqa	\s, \d
.endif
	\op	$\imm, \d
.endm

.macro VALIGNR imm, s2, s1, d
.ifnc \s1, \d
.ifc \s2, \d
	.error	"VALIGNR: the destination is the second source"
.endif
	movdqa	\s1, \d
.endif
	palignr	$\imm, \s2, \d
.endm

.macro VOPX op, off, base, idx, s1, d
.ifnc \s1, \d
	movdqa	\s1, \d
.endif
	\op	\off(\base, \idx), \d
.endm

.macro VSAME op, ops:vararg
	\op	\ops
.endm

.macro VEX_ZEROUPPER
.endm

#endif /* SIMD_VEX */

/* VMOVA, VMOVU: aligned and unaligned 128-bit moves, any operands. */
.macro VMOVA ops:vararg
	VSAME	movdqa, \ops
.endm
.macro VMOVU ops:vararg
	VSAME	movdqu, \ops
.endm

#endif /* SIMDSUM_SSE_VEX_H */
