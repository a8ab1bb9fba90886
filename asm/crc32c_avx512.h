/* SPDX-License-Identifier: MIT */
/* crc32c_avx512.h - CRC-32C folding on zmm registers, the fold step and
 * the end of crc32c_hybrid.S (crc32c_vpclmul.S is an instance of
 * crc_fold.h; the hybrid tail-calls it under 512 bytes).
 *
 * Included (after asm.h) inside #if HAVE_AS_VPCLMULQDQ.  Provides:
 *
 *   FOLD512 acc, tmp, k, src
 *       \acc folded forward by the pair in every lane of \k, plus \src
 *       (64 bytes in memory or a zmm register); \tmp is scratch.
 *   FOLD512_TO_REGISTER acc, acc_x, t0_x, t1_x, t2_x
 *       In:  \acc holds four 128-bit lanes, all already moved to the
 *            end of the message (their xor is congruent to it).
 *       Out: %eax = the CRC register.  Clobbers rcx, r8, \acc, and the
 *            three xmm registers passed in.
 *   FOLD512_FINISH acc, acc_x, t0, t0_x, t1, t1_x, k, k_x
 *       In:  \acc holds the message up to %rsi folded into four 128-bit
 *            lanes, lane 3 ending at %rsi; %rdx bytes (any count) follow.
 *       Out: %eax = the CRC register after all of them.
 *       Clobbers rax, rcx, rdx, rsi, r8, r9, k1, and the three other
 *       zmm registers passed in.  Does not clear the upper state.
 *   FOLD512_CONSTS
 *       Emits the constants FOLD512_FINISH uses (in .rodata), among them
 *       .Lfold_lanes, four rows of per-lane fold pairs for zmm blocks
 *       0..3 blocks before the end.
 *
 * The steps of FOLD512_FINISH, with the bit order and the fold pairs
 * { x^(D+31) mod P, x^(D-33) mod P } explained below:
 *   1. fold \acc onto each further whole 64 bytes;
 *   2. load the last r = len mod 64 bytes into the top of a zmm, the
 *      bytes before them masked off (zero prefix, no access outside
 *      the data), and fold \acc forward by r bytes onto it, with the
 *      pair for D = 8r from a 64-entry table;
 *   3. fold lanes 0, 1, 2 onto lane 3 (by 48, 32, 16 bytes; lane 3 by
 *      0 bytes, i.e. { x^31, x^-33 }), xor the four lanes together;
 *   4. crc32q over the two qwords of the 128-bit result, from a zero
 *      register: that is (message * x^32) mod P, the register.
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

#include "crc32c_zmm_consts.h"   /* the tables FOLD512_CONSTS emits, generated */

/* One fold of four lanes: both halves of each lane times their constant,
 * the two products and the data they land on xored in one vpternlogq. */
.macro FOLD512 acc, tmp, k, src:vararg
	vpclmulqdq $0x00, \k, \acc, \tmp
	vpclmulqdq $0x11, \k, \acc, \acc
	vpternlogq $0x96, \src, \tmp, \acc
.endm

.macro FOLD512_TO_REGISTER acc, acc_x, t0_x, t1_x, t2_x
	vextracti32x4 $1, \acc, \t0_x
	vextracti32x4 $2, \acc, \t1_x
	vextracti32x4 $3, \acc, \t2_x
	vpternlogq $0x96, \t0_x, \t1_x, \acc_x
	vpxorq	\t2_x, \acc_x, \acc_x
	vmovq	\acc_x, %rcx
	vpextrq	$1, \acc_x, %r8
	xor	%eax, %eax
	crc32q	%rcx, %rax
	crc32q	%r8, %rax
.endm

.macro FOLD512_FINISH acc, acc_x, t0, t0_x, t1, t1_x, k, k_x
	cmp	$64, %rdx
	jb	.Lfinish_partial\@
	vbroadcasti32x4 .Lfold_64(%rip), \k
.Lfinish_by64\@:
	FOLD512	\acc, \t0, \k, (%rsi)
	add	$64, %rsi
	sub	$64, %rdx
	cmp	$64, %rdx
	jae	.Lfinish_by64\@
.Lfinish_partial\@:
	test	%rdx, %rdx
	jz	.Lfinish_lanes\@
	mov	$64, %ecx
	sub	%edx, %ecx
	mov	$-1, %r8
	shl	%cl, %r8			/* the top r of 64 byte lanes */
	kmovq	%r8, %k1
	vmovdqu8 -64(%rsi, %rdx), \t1{%k1}{z}
	shl	$4, %rdx
	lea	.Lfold_by_r(%rip), %r9
	vbroadcasti32x4 (%r9, %rdx), \k
	FOLD512	\acc, \t0, \k, \t1
.Lfinish_lanes\@:
	vpclmulqdq $0x00, .Lfold_lanes(%rip), \acc, \t0
	vpclmulqdq $0x11, .Lfold_lanes(%rip), \acc, \acc
	vpxorq	\t0, \acc, \acc
	FOLD512_TO_REGISTER \acc, \acc_x, \t0_x, \t1_x, \k_x
.endm

.macro FOLD512_CONSTS
	.section .rodata
	.p2align 6
	CRC32C_ZMM_FOLD_TABLES
.endm
