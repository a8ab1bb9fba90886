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

#include "crc32c_avx512.h"

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

/* ---- Phase 2: four accumulators into one ---- */
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
	jmp	.Lfinish

.Lone_acc:
	vpxorq	(DATA), A0, A0
	add	$64, DATA
	sub	$64, LEN

/* ---- Phases 3 and 4: the last len mod 64 bytes, four lanes to one,
 * one lane to the register (crc32c_avx512.h) ---- */
.Lfinish:
	FOLD512_FINISH A0, A0y, A0x, T0, T0y, T0x, T1, K
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

	FOLD512_CONSTS
	.p2align 4
.Lfold_256:
	.quad 0xdcb17aa4, 0xb9e02b86
.Lfold_192:
	.quad 0xa87ab8a8, 0xab7aff2a
.Lfold_128:
	.quad 0x6992cea2, 0x0d3b6092

#endif /* HAVE_AS_VPCLMULQDQ */
#endif /* __x86_64__ */
