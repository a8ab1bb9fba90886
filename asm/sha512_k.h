/* SPDX-License-Identifier: MIT */
/* sha512_k.h - the SHA-512 round constants, in the layout each kernel reads them in. */
#ifndef SIMDSUM_SHA512_K_H
#define SIMDSUM_SHA512_K_H

/* K512_TABLE per_pair=1: K[0..79], FIPS 180-4, 4.2.3 (the first 64 bits
 * of the fractional parts of the cube roots of the first 80 primes), in
 * round order and in pairs, the two qwords of a 128-bit lane; each pair
 * is written per_pair times in a row, so that every 128-bit lane of a
 * wider register adds the same two (2 for a ymm register holding two
 * blocks).  With 1 the table is the plain K[0..79].  The caller sets the
 * section, the alignment and the label. */
.macro K512_PAIR per_pair, k0, k1
	.rept	\per_pair
	.quad	\k0, \k1
	.endr
.endm

.macro K512_TABLE per_pair=1
	K512_PAIR \per_pair, 0x428a2f98d728ae22, 0x7137449123ef65cd
	K512_PAIR \per_pair, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc
	K512_PAIR \per_pair, 0x3956c25bf348b538, 0x59f111f1b605d019
	K512_PAIR \per_pair, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118
	K512_PAIR \per_pair, 0xd807aa98a3030242, 0x12835b0145706fbe
	K512_PAIR \per_pair, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2
	K512_PAIR \per_pair, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1
	K512_PAIR \per_pair, 0x9bdc06a725c71235, 0xc19bf174cf692694
	K512_PAIR \per_pair, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3
	K512_PAIR \per_pair, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65
	K512_PAIR \per_pair, 0x2de92c6f592b0275, 0x4a7484aa6ea6e483
	K512_PAIR \per_pair, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5
	K512_PAIR \per_pair, 0x983e5152ee66dfab, 0xa831c66d2db43210
	K512_PAIR \per_pair, 0xb00327c898fb213f, 0xbf597fc7beef0ee4
	K512_PAIR \per_pair, 0xc6e00bf33da88fc2, 0xd5a79147930aa725
	K512_PAIR \per_pair, 0x06ca6351e003826f, 0x142929670a0e6e70
	K512_PAIR \per_pair, 0x27b70a8546d22ffc, 0x2e1b21385c26c926
	K512_PAIR \per_pair, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df
	K512_PAIR \per_pair, 0x650a73548baf63de, 0x766a0abb3c77b2a8
	K512_PAIR \per_pair, 0x81c2c92e47edaee6, 0x92722c851482353b
	K512_PAIR \per_pair, 0xa2bfe8a14cf10364, 0xa81a664bbc423001
	K512_PAIR \per_pair, 0xc24b8b70d0f89791, 0xc76c51a30654be30
	K512_PAIR \per_pair, 0xd192e819d6ef5218, 0xd69906245565a910
	K512_PAIR \per_pair, 0xf40e35855771202a, 0x106aa07032bbd1b8
	K512_PAIR \per_pair, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53
	K512_PAIR \per_pair, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8
	K512_PAIR \per_pair, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb
	K512_PAIR \per_pair, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3
	K512_PAIR \per_pair, 0x748f82ee5defb2fc, 0x78a5636f43172f60
	K512_PAIR \per_pair, 0x84c87814a1f0ab72, 0x8cc702081a6439ec
	K512_PAIR \per_pair, 0x90befffa23631e28, 0xa4506cebde82bde9
	K512_PAIR \per_pair, 0xbef9a3f7b2c67915, 0xc67178f2e372532b
	K512_PAIR \per_pair, 0xca273eceea26619c, 0xd186b8c721c0c207
	K512_PAIR \per_pair, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178
	K512_PAIR \per_pair, 0x06f067aa72176fba, 0x0a637dc5a2c898a6
	K512_PAIR \per_pair, 0x113f9804bef90dae, 0x1b710b35131c471b
	K512_PAIR \per_pair, 0x28db77f523047d84, 0x32caab7b40c72493
	K512_PAIR \per_pair, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c
	K512_PAIR \per_pair, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a
	K512_PAIR \per_pair, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817
.endm

#endif /* SIMDSUM_SHA512_K_H */
