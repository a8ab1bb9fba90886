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
.Lfold_256:
	.quad 0xdcb17aa4, 0xb9e02b86
.Lfold_192:
	.quad 0xa87ab8a8, 0xab7aff2a
.Lfold_128:
	.quad 0x6992cea2, 0x0d3b6092
/* .Lcrc_by_len[len - 64] = x^(8 len - 97) mod P, len = 64..256 */
	.p2align 2
.Lcrc_by_len:
	.long 0x1c291d04, 0xc786be02, 0xe1fcf649, 0x39283a86	/* len 64.. */
	.long 0xa46ef4aa, 0xc90df36a, 0x0aedb6a9, 0xdaf383dc	/* len 68.. */
	.long 0x9e4addf8, 0x79297d67, 0xb575def4, 0x34418db4	/* len 72.. */
	.long 0x75bba45b, 0xc8d9ca4c, 0x0cf00ba6, 0x84e6a245	/* len 76.. */
	.long 0x740eef02, 0xe14f7e18, 0x9a66d0de, 0x7f31385c	/* len 80.. */
	.long 0x1c19243b, 0xa976fbae, 0x0e9a7c7a, 0x1a74e649	/* len 84.. */
	.long 0x39d3b296, 0xb430c84d, 0xfee761a7, 0x767f362c	/* len 88.. */
	.long 0x6d883e38, 0xba579940, 0x41c14a25, 0x150d5b88	/* len 92.. */
	.long 0x083a6eec, 0xae7b5da4, 0x657f59e4, 0x24cf405c	/* len 96.. */
	.long 0x1c42da43, 0x5237ac92, 0x73c1bb4c, 0x0c4b13d7	/* len 100.. */
	.long 0x0715ce53, 0x42723ce9, 0x9bc001ea, 0x88494023	/* len 104.. */
	.long 0x3365346a, 0x0a17de6e, 0xcdb43b9b, 0x0bece317	/* len 108.. */
	.long 0xc49f4f67, 0xb5c868c6, 0xe5990944, 0x860413aa	/* len 112.. */
	.long 0xc92f998d, 0x3d175832, 0xd1e52e1e, 0xbcf79d66	/* len 116.. */
	.long 0x47db8317, 0xc4d37807, 0xd40eb793, 0x812c0154	/* len 120.. */
	.long 0x963e61cd, 0x7c335476, 0x574580b1, 0x4029b44a	/* len 124.. */
	.long 0x2ad91c30, 0x30c990ad, 0x1d5330e5, 0xd6dcef36	/* len 128.. */
	.long 0x169472b6, 0x94a20153, 0x42e18b26, 0x065e88bd	/* len 132.. */
	.long 0x0d3b6092, 0x739eb780, 0x8285a5cf, 0x9d1c9f45	/* len 136.. */
	.long 0x7417153f, 0x6e846280, 0x8298bf1a, 0x7b3e77e8	/* len 140.. */
	.long 0x6992cea2, 0x4319579f, 0xccf8d964, 0xa690fca4	/* len 144.. */
	.long 0x6577b245, 0x74ef7e12, 0xf11158e6, 0xc5605eaa	/* len 148.. */
	.long 0xc96cfdc0, 0xc3444a39, 0x4892d637, 0xe461bf8c	/* len 152.. */
	.long 0xcf519517, 0xc45bf211, 0xe2f11f9e, 0x3e32b22f	/* len 156.. */
	.long 0x7e908048, 0xcbdcd5f3, 0xe0f54054, 0x965fb88c	/* len 160.. */
	.long 0xcf23ab10, 0x1091e4c4, 0x0407203f, 0x6ef472b5	/* len 164.. */
	.long 0x878a92a7, 0x76065bdf, 0x8db6dbd4, 0x14c4c06f	/* len 168.. */
	.long 0x3fc16b86, 0xa4681dfb, 0x6a43ac53, 0x421f6a8b	/* len 172.. */
	.long 0x1b3d8f29, 0x5814689d, 0x2dd8a4ac, 0xef25a2d2	/* len 176.. */
	.long 0x3207b4fe, 0x5f24d7e6, 0xc5ce6b25, 0x158954a9	/* len 180.. */
	.long 0xdaece73e, 0x9c411a71, 0x836f9614, 0xd7473fe6	/* len 184.. */
	.long 0xc54608cd, 0x7c602c1f, 0x4e319b67, 0xb542c612	/* len 188.. */
	.long 0xf1d0f55e, 0xfdacb501, 0xf2962fb6, 0x9446030e	/* len 192.. */
	.long 0xacecf924, 0xe78bf538, 0xbadd9a8b, 0x1bc54dd9	/* len 196.. */
	.long 0xab7aff2a, 0x4bf4dc19, 0x68a7e87f, 0x2fe3cfc1	/* len 200.. */
	.long 0x31c94608, 0x8ae89189, 0xface0825, 0x15b654ca	/* len 204.. */
	.long 0xa87ab8a8, 0x283a97d1, 0x2190583f, 0x6ed1e5cd	/* len 208.. */
	.long 0x7ccbbbf2, 0x1229d439, 0x4843bba9, 0xdab12dd1	/* len 212.. */
	.long 0x2162d385, 0xb7264db7, 0x6668306f, 0x3fb3c776	/* len 216.. */
	.long 0x57060022, 0xc1d1f829, 0x58ce84ea, 0x888a4ea6	/* len 220.. */
	.long 0x8462d800, 0x008462d8, 0x590a3d06, 0x26f8edd5	/* len 224.. */
	.long 0xe6040d5a, 0x3a21f6e6, 0xc5ab6e04, 0xc75f3c71	/* len 228.. */
	.long 0x83348832, 0xd15b0dce, 0x6f24c2ee, 0x4f2733ff	/* len 232.. */
	.long 0xad327462, 0x8050d1e1, 0x11db7bc8, 0x4945a570	/* len 236.. */
	.long 0x71d111a8, 0x28e33c78, 0xfb69effe, 0x5fedb9bd	/* len 240.. */
	.long 0x0d62d3a3, 0xb1162481, 0x702cae5f, 0x0f46ca59	/* len 244.. */
	.long 0x299847d5, 0xe60b6df0, 0xf3886418, 0x9a7417c4	/* len 248.. */
	.long 0x048dc5cc, 0x8eca64d1, 0x2136a8cc, 0x8eefdfbc	/* len 252.. */
	.long 0xffd852c6	/* len 256.. */

#endif /* HAVE_AS_VPCLMULQDQ */
#endif /* __x86_64__ */
