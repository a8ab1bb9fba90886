/* SPDX-License-Identifier: MIT */
/* sha1_k.h - the SHA-1 round constants, in the layout each kernel reads them in. */
#ifndef SIMDSUM_SHA1_K_H
#define SIMDSUM_SHA1_K_H

/* SHA1_K_TABLE per_word: the four constants of FIPS 180-4, 4.2.1, for
 * rounds 0-19, 20-39, 40-59 and 60-79 (2^30 times the square roots of
 * 2, 3, 5 and 10, rounded down), each written per_word times in a row so
 * that every dword lane of the register it is loaded into gets it: 4
 * for an xmm row, 8 for a ymm row, 1 for a broadcast.  The constant of
 * rounds 20i..20i+19 is at byte 4 * per_word * i.  The caller sets the
 * section, the alignment and the label. */
.macro SHA1_K_TABLE per_word
	.irp	k, 0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6
	.rept	\per_word
	.long	\k
	.endr
	.endr
.endm

#endif /* SIMDSUM_SHA1_K_H */
