/* SPDX-License-Identifier: MIT */
/* sha256_k.h - the SHA-256 round constants, in the layout each kernel reads them in. */
#ifndef SIMDSUM_SHA256_K_H
#define SIMDSUM_SHA256_K_H

/* K256_TABLE per_group=1, per_word=1: K[0..63], FIPS 180-4, 4.2.2 (the
 * first 32 bits of the fractional parts of the cube roots of the first
 * 64 primes), in round order and in groups of four, the unit a kernel
 * adds to four schedule words at once:
 *   per_group  each group written this many times in a row, so that
 *              every 128-bit lane of a wider register adds the same
 *              four (2 for a ymm register holding two blocks);
 *   per_word   each constant written this many times in a row, so that
 *              every dword lane adds the same one (8 for a ymm register
 *              holding one word of eight messages).
 * With both 1 the table is the plain K[0..63].  The caller sets the
 * section, the alignment and the label. */
.macro K256_GROUP per_group, per_word, k0, k1, k2, k3
	.rept	\per_group
	.irp	k, \k0, \k1, \k2, \k3
	.rept	\per_word
	.long	\k
	.endr
	.endr
	.endr
.endm

.macro K256_TABLE per_group=1, per_word=1
	K256_GROUP \per_group, \per_word, 0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5
	K256_GROUP \per_group, \per_word, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5
	K256_GROUP \per_group, \per_word, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3
	K256_GROUP \per_group, \per_word, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174
	K256_GROUP \per_group, \per_word, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc
	K256_GROUP \per_group, \per_word, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da
	K256_GROUP \per_group, \per_word, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7
	K256_GROUP \per_group, \per_word, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967
	K256_GROUP \per_group, \per_word, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13
	K256_GROUP \per_group, \per_word, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85
	K256_GROUP \per_group, \per_word, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3
	K256_GROUP \per_group, \per_word, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070
	K256_GROUP \per_group, \per_word, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5
	K256_GROUP \per_group, \per_word, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3
	K256_GROUP \per_group, \per_word, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208
	K256_GROUP \per_group, \per_word, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
.endm

#endif /* SIMDSUM_SHA256_K_H */
