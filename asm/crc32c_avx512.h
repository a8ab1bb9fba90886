/* SPDX-License-Identifier: MIT */
/* crc32c_avx512.h - CRC-32C folding on zmm registers, the fold step and
 * the end, shared by crc32c_vpclmul.S and crc32c_hybrid.S.
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
 * { x^(D+31) mod P, x^(D-33) mod P } explained in crc32c_vpclmul.S:
 *   1. fold \acc onto each further whole 64 bytes;
 *   2. load the last r = len mod 64 bytes into the top of a zmm, the
 *      bytes before them masked off (zero prefix, no access outside
 *      the data), and fold \acc forward by r bytes onto it, with the
 *      pair for D = 8r from a 64-entry table;
 *   3. fold lanes 0, 1, 2 onto lane 3 (by 48, 32, 16 bytes; lane 3 by
 *      0 bytes, i.e. { x^31, x^-33 }), xor the four lanes together;
 *   4. crc32q over the two qwords of the 128-bit result, from a zero
 *      register: that is (message * x^32) mod P, the register.
 */

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
.Lfold_lanes:
/* Lane k of a zmm that ends 64e bytes before the end moves 64e + 48 - 16k
 * bytes, onto the last lane: rows e = 0..3 (FOLD512_FINISH uses e = 0;
 * 0 bytes is { x^31, x^-33 }, congruent to the identity). */
	.quad 0x1c291d04, 0xddc0152b	/*  48 bytes */
	.quad 0x3da6d0cb, 0xba4fc28e	/*  32 bytes */
	.quad 0xf20c0dfe, 0x493c7d27	/*  16 bytes */
	.quad 0x00000001, 0xa9cdda0d	/*   0 bytes */
	.quad 0x2ad91c30, 0x47db8317	/* 112 bytes */
	.quad 0xc49f4f67, 0x0715ce53	/*  96 bytes */
	.quad 0x083a6eec, 0x39d3b296	/*  80 bytes */
	.quad 0x740eef02, 0x9e4addf8	/*  64 bytes */
	.quad 0xf1d0f55e, 0xdaece73e	/* 176 bytes */
	.quad 0x1b3d8f29, 0x878a92a7	/* 160 bytes */
	.quad 0x7e908048, 0xc96cfdc0	/* 144 bytes */
	.quad 0x6992cea2, 0x0d3b6092	/* 128 bytes */
	.quad 0xffd852c6, 0x299847d5	/* 240 bytes */
	.quad 0x71d111a8, 0x83348832	/* 224 bytes */
	.quad 0x8462d800, 0x2162d385	/* 208 bytes */
	.quad 0xa87ab8a8, 0xab7aff2a	/* 192 bytes */
.Lfold_64:
	.quad 0x740eef02, 0x9e4addf8
/* .Lfold_by_r[r]: the pair for D = 8r bits, r = 0..63 (0 is not used). */
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
.endm
