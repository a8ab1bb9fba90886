/* SPDX-License-Identifier: MIT */
/* crc32c_sse42.S - CRC-32C with the SSE4.2 crc32 instruction, three streams.
 *
 * uint32_t crc32c_sse42(uint32_t crc, const uint8_t *data, size_t len);
 *
 * Contract: crc is the un-inverted CRC register (the driver applies the
 * ~0 pre- and post-conditioning); any len including 0; any alignment.
 * Reads exactly data[0 .. len), nothing before or after.  Returns the
 * new register.  Clobbers rax, rcx, rdx, rsi, rdi, r8-r11, xmm0-xmm2
 * and the flags (all caller-saved).  Needs SSE4.2 (crc32), SSE4.1
 * (pmovzxdq) and PCLMULQDQ.
 *
 * Idea.  crc32q folds eight bytes into the register but has a latency
 * of three cycles, so one dependency chain leaves most of the unit idle.
 * A long input is cut into blocks of three consecutive chunks A, B, C
 * of n qwords each (n = min(len / 24, 128)).  Three independent chains
 * run over them side by side: A starts from the incoming register,
 * B and C from zero.  With R(r, M) the register after message M from r,
 * linearity gives, for |B| = |C| = 8n bytes:
 *
 *     R(r, A||B||C) = R(r,A) * x^(128n)  +  R(0,B) * x^(64n)  +  R(0,C)
 *
 * (products mod P).  The two shifts are carry-less multiplications by
 * constants, and the last step of chain C absorbs them (see phase 3).
 * Short inputs, and what is left after the blocks (< 24 bytes), go
 * through a single chain: the 3-way set-up only pays from LONG_MIN on.
 *
 * Bit order.  A CRC register holds a polynomial of degree < 32 with
 * x^0 in bit 31 and x^31 in bit 0 (the reflected order of RFC 3720);
 * P = x^32 + 0x1EDC6F41, whose reflected image is 0x82F63B78.  In a
 * 64-bit lane (data as loaded, low byte first) bit j is the coefficient
 * of x^(63-j).  pclmulqdq multiplies two such lanes; in the same order
 * the 127-bit product comes out one place low, i.e. the result is
 * a * b * x.  With the register r in the low dword of one lane (worth
 * r * x^32) and a constant K in the low dword of the other (worth
 * K * x^32), the product's low qword m is worth r * K * x, and
 * crc32q(0, m) = m * x^32 mod P = r * K * x^33 mod P.  A shift by
 * s bits therefore uses K = x^(s - 33) mod P.
 *
 * Constants.  The table below holds, for n = 1..128, the pair
 *     x^(64n - 33) mod P,  x^(128n - 33) mod P
 * in register order (x^0 in bit 31).  To recompute one: start from
 * v = 1 (x^0 in normal order), multiply by x (shift left by one; when
 * bit 32 is set, xor 0x1_1EDC6F41) e times, then reverse the 32 bits.
 * Checks: x^31 gives 0x00000001 and x^32 gives 0x82F63B78.
 */
#include "asm.h"
#include "crc32c_tail.h"

#ifdef __x86_64__

/* Arguments and result (System V). */
#define CRC_IN	%edi
#define DATA	%rsi
#define LEN	%rdx
#define CRC	%rax		/* register of the single chain and of chain A */
#define CRCd	%eax
/* Three-way block. */
#define CRC_B	%r8
#define CRC_C	%r9
#define NQ	%rcx		/* qwords per chunk, n */
#define IDX	%rdi		/* negative index counting up to 0 */
#define PTR_B	%r10
#define PTR_C	%r11
#define TMP	%rdi		/* IDX once the loop is done */

/* From this many bytes on the 3-way blocks pay for their set-up and
 * recombination.  Measured here (Zen 5), ns per call, each call fed
 * the previous register (single chain / 3-way): 64 B 6.8 / 8.0,
 * 80 B 8.3 / 7.9, 96 B 10.1 / 8.0, 128 B 13.2 / 9.5; with independent
 * calls the two are within 5% up to 96 B and 3-way leads after. */
#define LONG_MIN	80
/* The largest chunk, in qwords: the size of the constants table. */
#define NQ_MAX		128

FUNC_BEGIN crc32c_sse42
	mov	CRC_IN, CRCd
	cmp	$LONG_MIN, LEN
	jb	.Lsingle

/* ---- Phase 1: pick n for the next block and set up the chunks ---- */
.Lblock:
	/* n = min(len / 24, NQ_MAX); len / 24 = (len / 8) / 3, and for
	 * k < 32768, k / 3 = (k * 21846) >> 16 exactly. */
	mov	$NQ_MAX, NQ
	cmp	$24 * NQ_MAX, LEN
	jae	1f
	mov	LEN, NQ
	shr	$3, NQ
	imul	$21846, NQ, NQ
	shr	$16, NQ
1:
	lea	(DATA, NQ, 8), PTR_B		/* chunk B */
	lea	(PTR_B, NQ, 8), PTR_C		/* chunk C */
	/* Point the three bases at the last qword of their chunks and run
	 * IDX from -(n - 1) up to 0: n - 1 rounds of the loop, then A and
	 * B take their last qword and C's last one is merged in phase 3. */
	lea	-8(DATA, NQ, 8), DATA
	lea	-8(PTR_B, NQ, 8), PTR_B
	lea	-8(PTR_C, NQ, 8), PTR_C
	mov	$1, IDX
	sub	NQ, IDX
	xor	%r8d, %r8d
	xor	%r9d, %r9d
	test	IDX, IDX
	jz	3f

/* ---- Phase 2: three independent chains ---- */
	.p2align 4
2:
	crc32q	(DATA, IDX, 8), CRC
	crc32q	(PTR_B, IDX, 8), CRC_B
	crc32q	(PTR_C, IDX, 8), CRC_C
	add	$1, IDX
	jnz	2b
3:
	crc32q	(DATA), CRC
	crc32q	(PTR_B), CRC_B

/* ---- Phase 3: recombine ----
 * A moves 16n bytes forward, B 8n bytes; both products are xored into
 * C's last qword, so one crc32q both finishes C and reduces them:
 * crc32q(c, q ^ ma ^ mb) = crc32q(c, q) ^ crc32q(0, ma) ^ crc32q(0, mb). */
	movd	CRCd, %xmm0
	movd	%r8d, %xmm1
	lea	.Lshift_by_chunk(%rip), TMP
	pmovzxdq -8(TMP, NQ, 8), %xmm2		/* q0: x^(64n-33), q1: x^(128n-33) */
	pclmulqdq $0x10, %xmm2, %xmm0		/* A * x^(128n-33) */
	pclmulqdq $0x00, %xmm2, %xmm1		/* B * x^(64n-33) */
	pxor	%xmm1, %xmm0
	movq	%xmm0, TMP
	xor	(PTR_C), TMP
	crc32q	TMP, CRC_C
	mov	CRC_C, CRC

	lea	8(PTR_C), DATA			/* past chunk C */
	imul	$24, NQ, NQ
	sub	NQ, LEN
	cmp	$24, LEN
	jae	.Lblock

/* ---- Phase 4: single chain (short inputs and the rest of long ones) ---- */
.Lsingle:
	mov	LEN, NQ
	shr	$3, NQ
	jz	5f
	.p2align 4
4:
	crc32q	(DATA), CRC
	add	$8, DATA
	sub	$1, NQ
	jnz	4b
5:
	CRC32_TAIL DATA, CRCd, %dl
	ret
FUNC_END crc32c_sse42

	RODATA 4
/* .Lshift_by_chunk[n - 1] = { x^(64n - 33) mod P, x^(128n - 33) mod P },
 * the factors that move a chunk register forward by one and by two
 * chunks of n qwords (see the header for the order and how to
 * recompute them). */
.Lshift_by_chunk:
	.long 0x00000001, 0x493c7d27, 0x493c7d27, 0xba4fc28e	/* n = 1, 2 */
	.long 0xf20c0dfe, 0xddc0152b, 0xba4fc28e, 0x9e4addf8	/* n = 3, 4 */
	.long 0x3da6d0cb, 0x39d3b296, 0xddc0152b, 0x0715ce53	/* n = 5, 6 */
	.long 0x1c291d04, 0x47db8317, 0x9e4addf8, 0x0d3b6092	/* n = 7, 8 */
	.long 0x740eef02, 0xc96cfdc0, 0x39d3b296, 0x878a92a7	/* n = 9, 10 */
	.long 0x083a6eec, 0xdaece73e, 0x0715ce53, 0xab7aff2a	/* n = 11, 12 */
	.long 0xc49f4f67, 0x2162d385, 0x47db8317, 0x83348832	/* n = 13, 14 */
	.long 0x2ad91c30, 0x299847d5, 0x0d3b6092, 0xb9e02b86	/* n = 15, 16 */
	.long 0x6992cea2, 0x18b33a4e, 0xc96cfdc0, 0xb6dd949b	/* n = 17, 18 */
	.long 0x7e908048, 0x78d9ccb7, 0x878a92a7, 0xbac2fd7b	/* n = 19, 20 */
	.long 0x1b3d8f29, 0xa60ce07b, 0xdaece73e, 0xce7f39f4	/* n = 21, 22 */
	.long 0xf1d0f55e, 0x61d82e56, 0xab7aff2a, 0xd270f1a2	/* n = 23, 24 */
	.long 0xa87ab8a8, 0xc619809d, 0x2162d385, 0x2b3cac5d	/* n = 25, 26 */
	.long 0x8462d800, 0x65863b64, 0x83348832, 0x1b03397f	/* n = 27, 28 */
	.long 0x71d111a8, 0xebb883bd, 0x299847d5, 0xb3e32c28	/* n = 29, 30 */
	.long 0xffd852c6, 0x064f7f26, 0xb9e02b86, 0xdd7e3b0c	/* n = 31, 32 */
	.long 0xdcb17aa4, 0xf285651c, 0x18b33a4e, 0x10746f3c	/* n = 33, 34 */
	.long 0xf37c5aee, 0xc7a68855, 0xb6dd949b, 0x271d9844	/* n = 35, 36 */
	.long 0x6051d5a2, 0x8e766a0c, 0x78d9ccb7, 0x93a5f730	/* n = 37, 38 */
	.long 0x18b0d4ff, 0x6cb08e5c, 0xbac2fd7b, 0x6b749fb2	/* n = 39, 40 */
	.long 0x21f3d99c, 0x1393e203, 0xa60ce07b, 0xcec3662e	/* n = 41, 42 */
	.long 0x8f158014, 0x96c515bb, 0xce7f39f4, 0xe6fc4e6a	/* n = 43, 44 */
	.long 0xa00457f7, 0x8227bb8a, 0x61d82e56, 0xb0cd4768	/* n = 45, 46 */
	.long 0x8d6d2c43, 0x39c7ff35, 0xd270f1a2, 0xd7a4825c	/* n = 47, 48 */
	.long 0x00ac29cf, 0x0ab3844b, 0xc619809d, 0x0167d312	/* n = 49, 50 */
	.long 0xe9adf796, 0xf6076544, 0x2b3cac5d, 0x26f6a60a	/* n = 51, 52 */
	.long 0x96638b34, 0xa741c1bf, 0x65863b64, 0x98d8d9cb	/* n = 53, 54 */
	.long 0xe0e9f351, 0x49c3cc9c, 0x1b03397f, 0x68bce87a	/* n = 55, 56 */
	.long 0x9af01f2d, 0x57a3d037, 0xebb883bd, 0x6956fc3b	/* n = 57, 58 */
	.long 0x2cff42cf, 0x42d98888, 0xb3e32c28, 0x3771e98f	/* n = 59, 60 */
	.long 0x88f25a3a, 0xb42ae3d9, 0x064f7f26, 0x2178513a	/* n = 61, 62 */
	.long 0x4e36f0b0, 0xe0ac139e, 0xdd7e3b0c, 0x170076fa	/* n = 63, 64 */
	.long 0xbd6f81f8, 0x444dd413, 0xf285651c, 0x6f345e45	/* n = 65, 66 */
	.long 0x91c9bd4b, 0x41d17b64, 0x10746f3c, 0xff0dba97	/* n = 67, 68 */
	.long 0x885f087b, 0xa2b73df1, 0xc7a68855, 0xf872e54c	/* n = 69, 70 */
	.long 0x4c144932, 0x1e41e9fc, 0x271d9844, 0x86d8e4d2	/* n = 71, 72 */
	.long 0x52148f02, 0x651bd98b, 0x8e766a0c, 0x5bb8f1bc	/* n = 73, 74 */
	.long 0xa3c6f37a, 0xa90fd27a, 0x93a5f730, 0xb3af077a	/* n = 75, 76 */
	.long 0xd7c0557f, 0x4984d782, 0x6cb08e5c, 0xca6ef3ac	/* n = 77, 78 */
	.long 0x63ded06a, 0x234e0b26, 0x6b749fb2, 0xdd66cbbb	/* n = 79, 80 */
	.long 0x4d56973c, 0x4597456a, 0x1393e203, 0xe9e28eb4	/* n = 81, 82 */
	.long 0x9669c9df, 0x7b3ff57a, 0xcec3662e, 0xc9c8b782	/* n = 83, 84 */
	.long 0xe417f38a, 0x3f70cc6f, 0x96c515bb, 0x93e106a4	/* n = 85, 86 */
	.long 0x4b9e0f71, 0x62ec6c6d, 0xe6fc4e6a, 0xd813b325	/* n = 87, 88 */
	.long 0xd104b8fc, 0x0df04680, 0x8227bb8a, 0x2342001e	/* n = 89, 90 */
	.long 0x5b397730, 0x0a2a8d7e, 0xb0cd4768, 0x6d9a4957	/* n = 91, 92 */
	.long 0xe78eb416, 0xe8b6368b, 0x39c7ff35, 0xd2c3ed1a	/* n = 93, 94 */
	.long 0x61ff0e01, 0x995a5724, 0xd7a4825c, 0x9ef68d35	/* n = 95, 96 */
	.long 0x8d96551c, 0x0c139b31, 0x0ab3844b, 0xf2271e60	/* n = 97, 98 */
	.long 0x0bf80dd2, 0x0b0bf8ca, 0x0167d312, 0x2664fd8b	/* n = 99, 100 */
	.long 0x8821abed, 0xed64812d, 0xf6076544, 0x02ee03b2	/* n = 101, 102 */
	.long 0x6a45d2b2, 0x8604ae0f, 0x26f6a60a, 0x363bd6b3	/* n = 103, 104 */
	.long 0xd8d26619, 0x135c83fd, 0xa741c1bf, 0x5fabe670	/* n = 105, 106 */
	.long 0xde87806c, 0x35ec3279, 0x98d8d9cb, 0x00bcf5f6	/* n = 107, 108 */
	.long 0x14338754, 0x8ae00689, 0x49c3cc9c, 0x17f27698	/* n = 109, 110 */
	.long 0x5bd2011f, 0x58ca5f00, 0x68bce87a, 0xaa7c7ad5	/* n = 111, 112 */
	.long 0xdd07448e, 0xb5cfca28, 0x57a3d037, 0xded288f8	/* n = 113, 114 */
	.long 0xdde8f5b9, 0x59f229bc, 0x6956fc3b, 0x6d390dec	/* n = 115, 116 */
	.long 0xa3e3e02c, 0x37170390, 0x42d98888, 0x6353c1cc	/* n = 117, 118 */
	.long 0xd73c7bea, 0xc4584f5c, 0x3771e98f, 0xf48642e9	/* n = 119, 120 */
	.long 0x80ff0093, 0x531377e2, 0xb42ae3d9, 0xdd35bc8d	/* n = 121, 122 */
	.long 0x8fe4c34d, 0xb25b29f2, 0x2178513a, 0x9a5ede41	/* n = 123, 124 */
	.long 0xdf99fc11, 0xa563905d, 0xe0ac139e, 0x45cddf4e	/* n = 125, 126 */
	.long 0x6c23e841, 0xacfa3103, 0x170076fa, 0xa51b6135	/* n = 127, 128 */

#endif /* __x86_64__ */
