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
 * Constants.  The table at the end holds, for n = 1..128, the pair
 *     x^(64n - 33) mod P,  x^(128n - 33) mod P
 * in register order (x^0 in bit 31), generated into crc32c_sse42_consts.h
 * by asm/gen_crc32c_constants.py --sse42 (x^e: start from v = 1, x^0 in
 * normal order, multiply by x e times, xoring 0x1_1EDC6F41 when bit 32
 * is set, then reverse the 32 bits; x^31 gives 0x00000001).
 */
#include "asm.h"
#include "crc32c_sse42_consts.h"   /* the table at the end, generated */
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
	CRC32C_SHIFT_BY_CHUNK_TABLE

#endif /* __x86_64__ */
