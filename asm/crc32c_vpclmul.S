/* crc32c_vpclmul.S - CRC-32C by carry-less folding on 512-bit registers.
 *
 * uint32_t crc32c_vpclmul(uint32_t crc, const uint8_t *data, size_t len);
 *
 * Contract: crc is the un-inverted CRC register; any len including 0;
 * any alignment.  Reads only data[0 .. len): the one partial block is
 * fetched with a byte-masked load, whose masked-out bytes are neither
 * read nor able to fault.  Returns the new register.  Clobbers rax,
 * rcx, rdx, rsi, rdi, r8, r9, zmm0-zmm11, k1 and the flags; upper
 * vector state is cleared (vzeroupper) before returning.  Needs
 * AVX512F, AVX512VL, AVX512BW, VPCLMULQDQ, AVX (the VEX vmovd, vmovq
 * and vpextrq) and SSE4.2 (crc32).
 *
 * Idea.  Read the data as 128-bit lanes, four to a zmm register.  With
 * M the message so far as a polynomial, what matters is M mod P, and a
 * lane L that sits D bits before the lane it is to be added to can be
 * replaced by any 128-bit value congruent to L * x^D.  Writing
 * L = H * x^64 + G (H the lane's first eight bytes), the value
 *     H * (x^(D+64) mod P)  +  G * (x^D mod P)
 * has at most 96 bits: two carry-less products, xored into the lane
 * D bits further on.  This is folding; one vpclmulqdq does it for four
 * lanes at once.
 *   1. Inputs of 256 bytes and more keep four zmm accumulators, 256
 *      bytes apart, and fold each of them onto the next 256 bytes.
 *   2. The four accumulators are folded into one (by 192, 128 and 64
 *      bytes), which then folds onto any further whole 64-byte blocks.
 *   3. The last r < 64 bytes are loaded into the end of a zmm (the
 *      bytes before them masked to zero) and the accumulator is folded
 *      forward by r bytes onto them, with constants from a table.
 *   4. The four lanes are folded onto the last one (by 48, 32, 16 and
 *      0 bytes) and xored together; two crc32q on the resulting 128 bits
 *      give M * x^32 mod P, the register.
 * The incoming register r stands for r * x^(8n - 32) when n bytes
 * follow, so it is xored into the first four bytes of the data.
 * Inputs under 64 bytes take a plain crc32q chain.
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
 * imm 0x00 and 0x11 pick matching halves.  D - 33 may be negative:
 * x is invertible mod P (P(0) = 1, x^-1 = (P - 1) / x), and only the
 * residue matters.  To recompute: x^e mod P in normal order by e
 * shifts-and-conditional-xors of 0x1_1EDC6F41 starting from 1 (for
 * e < 0, repeated multiplication by x^-1 = 0x8F6E37A0), then reverse
 * the 32 bits.  Checks: x^31 -> 0x00000001, x^32 -> 0x82F63B78, and
 * the 16-byte pair { 0xf20c0dfe, 0x493c7d27 }.
 */
#include "asm.h"

#ifdef __x86_64__
#if HAVE_AS_VPCLMULQDQ

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
#define A0y	%ymm0
#define A0x	%xmm0
#define T0y	%ymm4
#define T0x	%xmm4

FUNC_BEGIN crc32c_vpclmul
	mov	CRC_IN, CRCd
	cmp	$64, LEN
	jb	.Lchain

	vmovd	CRCd, A0x		/* the register, zero-extended to 512 bits */
	cmp	$256, LEN
	jb	.Lone_acc

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
	vpclmulqdq $0x00, K, A0, T0
	vpclmulqdq $0x11, K, A0, A0
	vpternlogq $0x96, (DATA), T0, A0
	vpclmulqdq $0x00, K, A1, T1
	vpclmulqdq $0x11, K, A1, A1
	vpternlogq $0x96, 64(DATA), T1, A1
	vpclmulqdq $0x00, K, A2, T2
	vpclmulqdq $0x11, K, A2, A2
	vpternlogq $0x96, 128(DATA), T2, A2
	vpclmulqdq $0x00, K, A3, T0
	vpclmulqdq $0x11, K, A3, A3
	vpternlogq $0x96, 192(DATA), T0, A3
	add	$256, DATA
	sub	$256, LEN
	cmp	$256, LEN
	jae	.Lby256

/* ---- Phase 2: four accumulators into one, then 64 bytes per round ---- */
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
	jmp	.Lby64_test

.Lone_acc:
	vpxorq	(DATA), A0, A0
	add	$64, DATA
	sub	$64, LEN
.Lby64_test:
	cmp	$64, LEN
	jb	.Lpartial
	vbroadcasti32x4 .Lfold_64(%rip), K
.Lby64:
	vpclmulqdq $0x00, K, A0, T0
	vpclmulqdq $0x11, K, A0, A0
	vpternlogq $0x96, (DATA), T0, A0
	add	$64, DATA
	sub	$64, LEN
	cmp	$64, LEN
	jae	.Lby64

/* ---- Phase 3: the last r = len mod 64 bytes ----
 * Load the 64 bytes ending at the end of the data with only the top r
 * byte lanes enabled: the tail sits at the end of T1 behind zeros (a
 * zero prefix does not change a CRC), lane k of T1 ending 48 - 16k
 * bytes before the end, which is where lane k of A0 lands once it is
 * moved forward by r bytes. */
.Lpartial:
	test	LEN, LEN
	jz	.Lreduce
	mov	$64, %ecx
	sub	%edx, %ecx
	mov	$-1, %r8
	shl	%cl, %r8			/* the top r bits */
	kmovq	%r8, %k1
	vmovdqu8 -64(DATA, LEN), T1{%k1}{z}
	shl	$4, LEN
	lea	.Lfold_by_r(%rip), %r9
	vbroadcasti32x4 (%r9, LEN), K
	vpclmulqdq $0x00, K, A0, T0
	vpclmulqdq $0x11, K, A0, A0
	vpternlogq $0x96, T1, T0, A0

/* ---- Phase 4: four lanes to one, one lane to 32 bits ---- */
.Lreduce:
	vpclmulqdq $0x00, .Lfold_lanes(%rip), A0, T0
	vpclmulqdq $0x11, .Lfold_lanes(%rip), A0, A0
	vpxorq	T0, A0, A0
	vextracti64x4 $1, A0, T0y
	vpxorq	T0y, A0y, A0y
	vextracti32x4 $1, A0y, T0x
	vpxorq	T0x, A0x, A0x
	vmovq	A0x, %rcx
	vpextrq	$1, A0x, %r8
	xor	CRCd, CRCd
	crc32q	%rcx, CRC
	crc32q	%r8, CRC
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
	test	$4, %dl
	jz	3f
	crc32l	(DATA), CRCd
	add	$4, DATA
3:
	test	$2, %dl
	jz	4f
	crc32w	(DATA), CRCd
	add	$2, DATA
4:
	test	$1, %dl
	jz	5f
	crc32b	(DATA), CRCd
5:
	ret
FUNC_END crc32c_vpclmul

	RODATA 6
/* Fold pairs { x^(D+31) mod P, x^(D-33) mod P } for a distance of D bits
 * (see the header); the 16-byte pairs are broadcast to all four lanes. */
.Lfold_lanes:			/* lane k moves 48 - 16k bytes: onto lane 3 */
	.quad 0x1c291d04, 0xddc0152b	/* 48 bytes */
	.quad 0x3da6d0cb, 0xba4fc28e	/* 32 bytes */
	.quad 0xf20c0dfe, 0x493c7d27	/* 16 bytes */
	.quad 0x00000001, 0xa9cdda0d	/*  0 bytes: x^31, x^-33 */
.Lfold_256:
	.quad 0xdcb17aa4, 0xb9e02b86
.Lfold_192:
	.quad 0xa87ab8a8, 0xab7aff2a
.Lfold_128:
	.quad 0x6992cea2, 0x0d3b6092
.Lfold_64:
	.quad 0x740eef02, 0x9e4addf8
/* .Lfold_by_r[r]: the pair for D = 8r bits, r = 0..63 (r = 0 unused). */
.Lfold_by_r:
	.quad 0x00000001, 0xa9cdda0d	/* r =  0 */
	.quad 0xf26b8303, 0xbf818109	/* r =  1 */
	.quad 0x13a29877, 0x780d5a4d	/* r =  2 */
	.quad 0xa541927e, 0xfe2b5c35	/* r =  3 */
	.quad 0xdd45aab8, 0x05ec76f1	/* r =  4 */
	.quad 0x38116fac, 0x01000000	/* r =  5 */
	.quad 0xef306b19, 0x00010000	/* r =  6 */
	.quad 0x68032cc8, 0x00000100	/* r =  7 */
	.quad 0x493c7d27, 0x00000001	/* r =  8 */
	.quad 0xf43ed648, 0xf26b8303	/* r =  9 */
	.quad 0xcb567ba5, 0x13a29877	/* r = 10 */
	.quad 0x9771f7c1, 0xa541927e	/* r = 11 */
	.quad 0x3171d430, 0xdd45aab8	/* r = 12 */
	.quad 0x30d23865, 0x38116fac	/* r = 13 */
	.quad 0x54075546, 0xef306b19	/* r = 14 */
	.quad 0x678efd01, 0x68032cc8	/* r = 15 */
	.quad 0xf20c0dfe, 0x493c7d27	/* r = 16 */
	.quad 0x5fe4dc5f, 0xf43ed648	/* r = 17 */
	.quad 0x0f69022b, 0xcb567ba5	/* r = 18 */
	.quad 0xb93b4ce7, 0x9771f7c1	/* r = 19 */
	.quad 0x3743f7bd, 0x3171d430	/* r = 20 */
	.quad 0x0d0a7ded, 0x30d23865	/* r = 21 */
	.quad 0x5c15eeb4, 0x54075546	/* r = 22 */
	.quad 0x75d3f038, 0x678efd01	/* r = 23 */
	.quad 0xba4fc28e, 0xf20c0dfe	/* r = 24 */
	.quad 0x2e34cb9d, 0x5fe4dc5f	/* r = 25 */
	.quad 0x2dae840f, 0x0f69022b	/* r = 26 */
	.quad 0x5e3e92a0, 0xb93b4ce7	/* r = 27 */
	.quad 0xa2158b34, 0x3743f7bd	/* r = 28 */
	.quad 0xf7dbcb25, 0x0d0a7ded	/* r = 29 */
	.quad 0x15bb4109, 0x5c15eeb4	/* r = 30 */
	.quad 0x78a7608d, 0x75d3f038	/* r = 31 */
	.quad 0x3da6d0cb, 0xba4fc28e	/* r = 32 */
	.quad 0x5a392b2f, 0x2e34cb9d	/* r = 33 */
	.quad 0x7ef48bd1, 0x2dae840f	/* r = 34 */
	.quad 0x21c69623, 0x5e3e92a0	/* r = 35 */
	.quad 0x33ccbbbc, 0xa2158b34	/* r = 36 */
	.quad 0xff6571a2, 0xf7dbcb25	/* r = 37 */
	.quad 0x438fa020, 0x15bb4109	/* r = 38 */
	.quad 0x20fe017e, 0x78a7608d	/* r = 39 */
	.quad 0xddc0152b, 0x3da6d0cb	/* r = 40 */
	.quad 0xb9e9e5f0, 0x5a392b2f	/* r = 41 */
	.quad 0xf3d78690, 0x7ef48bd1	/* r = 42 */
	.quad 0x925b2b91, 0x21c69623	/* r = 43 */
	.quad 0x6051243f, 0x33ccbbbc	/* r = 44 */
	.quad 0x6e9024b1, 0xff6571a2	/* r = 45 */
	.quad 0x401061ee, 0x438fa020	/* r = 46 */
	.quad 0x4f08075c, 0x20fe017e	/* r = 47 */
	.quad 0x1c291d04, 0xddc0152b	/* r = 48 */
	.quad 0xc786be02, 0xb9e9e5f0	/* r = 49 */
	.quad 0xe1fcf649, 0xf3d78690	/* r = 50 */
	.quad 0x39283a86, 0x925b2b91	/* r = 51 */
	.quad 0xa46ef4aa, 0x6051243f	/* r = 52 */
	.quad 0xc90df36a, 0x6e9024b1	/* r = 53 */
	.quad 0x0aedb6a9, 0x401061ee	/* r = 54 */
	.quad 0xdaf383dc, 0x4f08075c	/* r = 55 */
	.quad 0x9e4addf8, 0x1c291d04	/* r = 56 */
	.quad 0x79297d67, 0xc786be02	/* r = 57 */
	.quad 0xb575def4, 0xe1fcf649	/* r = 58 */
	.quad 0x34418db4, 0x39283a86	/* r = 59 */
	.quad 0x75bba45b, 0xa46ef4aa	/* r = 60 */
	.quad 0xc8d9ca4c, 0xc90df36a	/* r = 61 */
	.quad 0x0cf00ba6, 0x0aedb6a9	/* r = 62 */
	.quad 0x84e6a245, 0xdaf383dc	/* r = 63 */

#endif /* HAVE_AS_VPCLMULQDQ */
#endif /* __x86_64__ */
