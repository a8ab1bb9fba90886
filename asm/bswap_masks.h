/* SPDX-License-Identifier: MIT */
/* bswap_masks.h - the pshufb/vpshufb byte-order masks of the SHA kernels. */
#ifndef SIMDSUM_BSWAP_MASKS_H
#define SIMDSUM_BSWAP_MASKS_H

/* The SHA message words are big-endian (dwords for SHA-1 and SHA-256,
 * qwords for SHA-512) and x86 is little-endian, so a kernel byte-swaps
 * every word it loads with one shuffle against these controls.  Each
 * macro emits rows of 16 bytes, one per 128-bit lane of the register
 * it is loaded into (1 for xmm, 2 for ymm, 4 for zmm); the caller picks
 * the section, the alignment and the label. */

/* BSWAP32_MASK rows: reverse the bytes of every dword. */
.macro BSWAP32_MASK rows
	.rept	\rows
	.byte	3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12
	.endr
.endm

/* BSWAP64_MASK rows: reverse the bytes of every qword. */
.macro BSWAP64_MASK rows
	.rept	\rows
	.byte	7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8
	.endr
.endm

/* BSWAP128_MASK: reverse all sixteen bytes.  The SHA-1 extensions want
 * the first word of a group in the top dword, so their kernels swap the
 * word order together with the bytes. */
.macro BSWAP128_MASK
	.byte	15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
.endm

#endif /* SIMDSUM_BSWAP_MASKS_H */
