/* SPDX-License-Identifier: MIT */
/* lanes_transpose.h - what the multi-buffer kernels share to turn rows
 * (one message, or one state, a row) into columns (one word of every lane
 * a register) and back: the 4x4 dword transpose, the paired row load, the
 * four-row zmm load and the 128-bit slot transpose of zmm registers.  Included by md5_avx2x8.S,
 * md5_avx512x16.S, sha256_avx2x8.S and sha256_avx512x16.S after asm.h. */
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

/*
 * LOAD_ROWS4 base, g, idx, ptr, r0, r1, r2, r3: the 64 bytes at idx of
 * rows 4g .. 4g + 3 into the zmm r0 .. r3; the row pointers are read from
 * the array at base, ptr is the scratch register for them.
 */
.macro LOAD_ROWS4 base, g, idx, ptr, r0, r1, r2, r3
	mov	8 * (4 * \g + 0)(\base), \ptr
	vmovdqu32 (\ptr, \idx), \r0
	mov	8 * (4 * \g + 1)(\base), \ptr
	vmovdqu32 (\ptr, \idx), \r1
	mov	8 * (4 * \g + 2)(\base), \ptr
	vmovdqu32 (\ptr, \idx), \r2
	mov	8 * (4 * \g + 3)(\base), \ptr
	vmovdqu32 (\ptr, \idx), \r3
.endm

/*
 * SLOTS4 x0, x1, x2, x3, t0, t1, t2, t3: the 4x4 transpose of 128-bit
 * slots of four zmm registers (AVX512F): slot c of x_g on entry is slot g
 * of x_c on exit.  After TR4 of four rows per group g (rows 4g..4g+3 of
 * sixteen), slot c of x_g holds word 4c + j of rows 4g..4g+3; SLOTS4 then
 * leaves word 4c + j of all sixteen rows in x_c, row r in dword r.  The
 * t's are scratch.  vshufi32x4 $imm, s2, s1, d takes d's slots 0, 1 from
 * s1 and 2, 3 from s2; 0x88 picks slots 0 and 2 of each, 0xdd 1 and 3.
 */
.macro SLOTS4 x0, x1, x2, x3, t0, t1, t2, t3
	vshufi32x4 $0x88, \x1, \x0, \t0  /* x0.0 x0.2 x1.0 x1.2 */
	vshufi32x4 $0xdd, \x1, \x0, \t1  /* x0.1 x0.3 x1.1 x1.3 */
	vshufi32x4 $0x88, \x3, \x2, \t2
	vshufi32x4 $0xdd, \x3, \x2, \t3
	vshufi32x4 $0x88, \t2, \t0, \x0  /* x0.0 x1.0 x2.0 x3.0 */
	vshufi32x4 $0xdd, \t2, \t0, \x2  /* x0.2 x1.2 x2.2 x3.2 */
	vshufi32x4 $0x88, \t3, \t1, \x1
	vshufi32x4 $0xdd, \t3, \t1, \x3
.endm

#endif /* __ASSEMBLER__ */
#endif
