/* SPDX-License-Identifier: MIT */
/* crc32c_vpclmul.S - CRC-32C by carry-less folding on 512-bit registers.
 *
 * uint32_t crc32c_vpclmul(uint32_t crc, const uint8_t *data, size_t len);
 *
 * Contract: crc is the un-inverted CRC register; any len including 0;
 * any alignment.  Reads only data[0 .. len): the one partial block is
 * fetched with a byte-masked load, whose masked-out bytes are neither
 * read nor able to fault.  Returns the new register.  Clobbers rax,
 * rcx, rdx, rsi, rdi, r8-r11, zmm0-zmm13, k1 and the flags; upper
 * vector state is cleared (vzeroupper) before returning.  Needs
 * AVX512F, AVX512VL, AVX512BW, VPCLMULQDQ, AVX and PCLMULQDQ (the VEX
 * vmovd, vmovq, vpextrq and one vpclmulqdq on xmm) and SSE4.2 (crc32).
 *
 * Idea.  Read the data as 128-bit lanes, four to a zmm register.  With
 * M the message so far as a polynomial, what matters is M mod P, and a
 * lane L that sits D bits before the lane it is to be added to can be
 * replaced by any 128-bit value congruent to L * x^D.  Writing
 * L = H * x^64 + G (H the lane's first eight bytes), the value
 *     H * (x^(D+64) mod P)  +  G * (x^D mod P)
 * has at most 96 bits: two carry-less products, xored into the lane
 * D bits further on.  This is folding; one vpclmulqdq does it for four
 * lanes at once.  The incoming register r stands for r * x^(8n - 32)
 * when n bytes follow: it is xored onto the first four bytes.
 *   0. 64 to 256 bytes: every lane of every 64-byte block moves to the
 *      end at once, with its own constant (latency, not throughput,
 *      limits these lengths).
 *   1. Longer inputs keep four zmm accumulators, 256 bytes apart, and
 *      fold each of them onto the next 256 bytes.
 *   2. The four are folded into one (by 192, 128 and 64 bytes).
 *   3. (crc32c_avx512.h) It folds onto each further whole 64 bytes;
 *      the last r < 64 bytes are loaded into the end of a zmm behind
 *      zeros and the accumulator moves forward by r bytes onto them.
 *   4. (crc32c_avx512.h) The four lanes move onto the last one and
 *      are xored together; two crc32q on the 128 bits left give
 *      M * x^32 mod P, the register.
 * Inputs under 64 bytes take a plain crc32 chain.
 *
 * Bit order and constants.  Registers are reflected: x^0 in bit 31,
 * x^31 in bit 0; P = x^32 + 0x1EDC6F41, reflected 0x82F63B78.  In a
 * qword, bit j holds x^(63-j), and vpclmulqdq of two qwords yields,
 * read the same way in 128 bits, a * b * x.  A 32-bit constant K in
 * the low half of a qword is worth K * x^32, so the product of a qword
 * with it is worth qword * K * x^33 inside its lane.  Folding a lane by
 * D bits therefore multiplies
 *     its first qword  (H, worth H * x^64)  by  K = x^(D + 31) mod P,
 *     its second qword (G)                  by  K = x^(D - 33) mod P,
 * stored as the pair { x^(D+31), x^(D-33) } (qword 0, qword 1), so that
 * imm 0x00 and 0x11 pick matching halves.  Likewise a register r in a
 * qword's low half times K comes out as r * K * x^65 in a lane, so
 * moving r * x^s to a lane's end takes K = x^(s - 65).
 *
 * Recomputing a constant x^e mod P: start from 1 (x^0, normal bit
 * order, bit i = x^i), e times shift left by one and, when bit 32 gets
 * set, xor 0x1_1EDC6F41; then reverse the 32 bits.  Exponents may be
 * negative (D - 33 for D < 33): x^(2^31 - 1) = 1 mod P (checked), so
 * use e + 2^31 - 1, or multiply by x^-1 = 0x8F6E37A0 (P(0) = 1 makes
 * x invertible; only residues matter).  Checks: x^31 -> 0x00000001,
 * x^32 -> 0x82F63B78, the 16-byte pair { 0xf20c0dfe, 0x493c7d27 }.
 */
#include "asm.h"

#ifdef __x86_64__
#if HAVE_AS_VPCLMULQDQ

#include "crc32c_avx512.h"
#include "crc32c_tail.h"

#define CRC_IN	%edi
#define DATA	%rsi
#define LEN	%rdx
#define CRCd	%eax
#define CRC	%rax

#define A0	%zmm0
#define A1	%zmm1
#define A2	%zmm2
#define A3	%zmm3
#define T0	%zmm4
#define T1	%zmm5
#define T2	%zmm6
#define K	%zmm8
#define K1	%zmm9
#define K2	%zmm10
#define K3	%zmm11
#define A0x	%xmm0
#define T0x	%xmm4
#define XR	%xmm12		/* the incoming register, moved to the end */
#define ZR	%zmm12
#define XK	%xmm13
#define T1x	%xmm5
#define Kx	%xmm8

FUNC_BEGIN crc32c_vpclmul
	mov	CRC_IN, CRCd
	cmp	$64, LEN
	jb	.Lchain

	cmp	$256, LEN
	jbe	.Lupto256
	vmovd	CRCd, A0x		/* the register, zero-extended to 512 bits */

/* ---- Phase 1: four accumulators, 256 bytes per round ---- */
	vpxorq	(DATA), A0, A0
	vmovdqu64 64(DATA), A1
	vmovdqu64 128(DATA), A2
	vmovdqu64 192(DATA), A3
	add	$256, DATA
	sub	$256, LEN
	cmp	$256, LEN
	jb	.Lfour_to_one
	vbroadcasti32x4 .Lfold_256(%rip), K
	.p2align 4
.Lby256:
	FOLD512	A0, T0, K, (DATA)
	FOLD512	A1, T1, K, 64(DATA)
	FOLD512	A2, T2, K, 128(DATA)
	FOLD512	A3, T0, K, 192(DATA)
	add	$256, DATA
	sub	$256, LEN
	cmp	$256, LEN
	jae	.Lby256

/* ---- Phase 2: four accumulators into one, the rest as phases 3 and 4 ---- */
.Lfour_to_one:
	vbroadcasti32x4 .Lfold_192(%rip), K1
	vbroadcasti32x4 .Lfold_128(%rip), K2
	vbroadcasti32x4 .Lfold_64(%rip), K3
	vpclmulqdq $0x00, K1, A0, T0
	vpclmulqdq $0x11, K1, A0, A0
	vpclmulqdq $0x00, K2, A1, T1
	vpclmulqdq $0x11, K2, A1, A1
	vpclmulqdq $0x00, K3, A2, T2
	vpclmulqdq $0x11, K3, A2, A2
	vpternlogq $0x96, T0, A3, A0
	vpternlogq $0x96, T1, A1, T2
	vpternlogq $0x96, T2, A2, A0

/* ---- Phases 3 and 4: the last len mod 64 bytes, four lanes to one,
 * one lane to the register (crc32c_avx512.h) ---- */
.Lfinish:
	FOLD512_FINISH A0, A0x, T0, T0x, T1, T1x, K, Kx
	vzeroupper
	ret

/* ---- Phase 0: 64 to 256 bytes, every block at once ----
 * Cut the data into blocks of 64 bytes counted from its end, e_max + 1
 * of them, the first one partial (1 to 64 bytes behind a zero prefix,
 * through a masked load).  Every lane of every block moves straight to
 * the end with its own pair from .Lfold_lanes (row e for the block e
 * blocks before the end), and the register, which stands for
 * r * x^(8 len - 32), becomes r * x^(8 len - 97) * x^65 in one more
 * product: all multiplications are independent.  Measured here, each
 * call fed the previous register: 128 bytes in 9.5 ns instead of 11.1
 * through phases 1-4, 192 bytes in 9.8 instead of 13.2, 255 bytes in
 * 9.8 instead of 15.4; independent calls lose 10-20% (one product more
 * than phase 4 alone, and the set-up).  When the length is a
 * multiple of 64 the first block is whole and the register is simply
 * xored onto it, saving the extra product (independent calls would
 * otherwise lose 25% at 64 bytes to the multiplier's throughput). */
.Lupto256:
	lea	-1(LEN), %r10
	shr	$6, %r10			/* e_max: whole blocks after the first */
	mov	%r10, %r8
	shl	$6, %r8				/* 64 e_max */
	lea	64(%r8), %rcx
	sub	LEN, %rcx			/* 64 - (bytes in the first block) */
	mov	$-1, %r9
	shl	%cl, %r9
	kmovq	%r9, %k1
	lea	(DATA, LEN), %r11		/* end */
	neg	%r8
	vmovdqu8 -64(%r11, %r8), A0{%k1}{z}	/* the first block */
	neg	%r8
	test	$63, %dl
	jnz	1f
	/* A whole first block: the register goes onto its first four bytes. */
	vmovd	CRCd, XR
	vpxorq	ZR, A0, A0
	vpxor	XR, XR, XR
	jmp	2f
1:
	vmovd	CRCd, XR
	lea	.Lcrc_by_len - 4 * 64(%rip), %r9
	vmovd	(%r9, LEN, 4), XK
	vpclmulqdq $0x00, XK, XR, XR		/* r * x^(8 len - 97), lane 0 */
2:
	lea	.Lfold_lanes(%rip), %r9
	vpclmulqdq $0x00, (%r9, %r8), A0, T0
	vpclmulqdq $0x11, (%r9, %r8), A0, A0
	vpternlogq $0x96, T0, ZR, A0
	test	%r10, %r10
	jz	6f
	vmovdqu64 -64(%r11), T1			/* e = 0 */
	vpclmulqdq $0x00, (%r9), T1, T0
	vpclmulqdq $0x11, (%r9), T1, T1
	vpternlogq $0x96, T0, T1, A0
	cmp	$2, %r10
	jb	6f
	vmovdqu64 -128(%r11), T1		/* e = 1 */
	vpclmulqdq $0x00, 64(%r9), T1, T0
	vpclmulqdq $0x11, 64(%r9), T1, T1
	vpternlogq $0x96, T0, T1, A0
	cmp	$3, %r10
	jb	6f
	vmovdqu64 -192(%r11), T1		/* e = 2 */
	vpclmulqdq $0x00, 128(%r9), T1, T0
	vpclmulqdq $0x11, 128(%r9), T1, T1
	vpternlogq $0x96, T0, T1, A0
6:
	FOLD512_TO_REGISTER A0, A0x, T0x, T1x, Kx
	vzeroupper
	ret

/* ---- Short inputs: one crc32 chain ---- */
.Lchain:
	mov	LEN, %rcx
	shr	$3, %rcx
	jz	2f
1:
	crc32q	(DATA), CRC
	add	$8, DATA
	sub	$1, %rcx
	jnz	1b
2:
	CRC32_TAIL DATA, CRCd, %dl
	ret
FUNC_END crc32c_vpclmul

	FOLD512_CONSTS
	.p2align 4
	CRC32C_VPCLMUL_TABLES

#endif /* HAVE_AS_VPCLMULQDQ */
#endif /* __x86_64__ */
