/* SPDX-License-Identifier: MIT */
/* lanes_transpose.h - what the multi-buffer kernels share to turn rows
 * (one message, or one state, a row) into columns (one word of every lane
 * a register) and back: the 4x4 dword transpose and the paired row load.
 * Included by md5_avx2x8.S, sha256_avx2x8.S and sha256_avx512x16.S after
 * asm.h. */
#ifndef SIMDSUM_LANES_TRANSPOSE_H
#define SIMDSUM_LANES_TRANSPOSE_H

#ifdef __ASSEMBLER__

/*
 * TR4 i0, i1, i2, i3, o0, o1, o2, o3, t0, t1, t2, t3: the 4x4 dword
 * transpose inside every 128-bit slot (xmm, ymm or zmm registers): dword p
 * of o_j = dword j of i_p. The t's are scratch; the o's may be the i's,
 * not the t's.
 */
.macro TR4 i0, i1, i2, i3, o0, o1, o2, o3, t0, t1, t2, t3
	vpunpckldq \i1, \i0, \t0        /* i0.0 i1.0 i0.1 i1.1 */
	vpunpckhdq \i1, \i0, \t1        /* i0.2 i1.2 i0.3 i1.3 */
	vpunpckldq \i3, \i2, \t2        /* i2.0 i3.0 i2.1 i3.1 */
	vpunpckhdq \i3, \i2, \t3        /* i2.2 i3.2 i2.3 i3.3 */
	vpunpcklqdq \t2, \t0, \o0       /* i0.0 i1.0 i2.0 i3.0 */
	vpunpckhqdq \t2, \t0, \o1       /* i0.1 i1.1 i2.1 i3.1 */
	vpunpcklqdq \t3, \t1, \o2       /* i0.2 i1.2 i2.2 i3.2 */
	vpunpckhqdq \t3, \t1, \o3       /* i0.3 i1.3 i2.3 i3.3 */
.endm

/*
 * LOAD_PAIR base, g, off, reg, xreg, ptr, idx: 16 bytes at idx + off of
 * row g into the low half of the ymm reg (xreg its low half), of row g + 4
 * into the high half; the row pointers are read from the array at base,
 * ptr is the scratch register for them (idx: 0 for the states).
 */
.macro LOAD_PAIR base, g, off, reg, xreg, ptr, idx
	mov	8 * \g(\base), \ptr
	vmovdqu	\off(\ptr, \idx), \xreg
	mov	8 * (\g + 4)(\base), \ptr
	vinserti128 $1, \off(\ptr, \idx), \reg, \reg
.endm

#endif /* __ASSEMBLER__ */
#endif
