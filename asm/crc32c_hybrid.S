/* SPDX-License-Identifier: MIT */
/* crc32c_hybrid.S - CRC-32C: crc32q chains and VPCLMULQDQ folding side by side.
 *
 * uint32_t crc32c_hybrid(uint32_t crc, const uint8_t *data, size_t len);
 *
 * Contract: crc is the un-inverted CRC register; any len including 0;
 * any alignment; reads only data[0 .. len) (prefetches stay inside it
 * too).  Returns the new register.  Clobbers rax, rcx, rdx, rsi, rdi,
 * r8-r11, zmm0-zmm9, k1 and the flags; rbx and rbp are saved and
 * restored; upper vector state is cleared before returning.  Needs
 * SSE4.2, PCLMULQDQ, AVX, AVX512F/VL/BW and VPCLMULQDQ, like
 * crc32c_vpclmul, which it tail-calls for inputs under 512 bytes.
 *
 * Why.  Folding with vpclmulqdq is bound by the multiplier: on AMD
 * Zen 5 one vpclmulqdq issues every other cycle (measured: 2.0 cycles
 * per instruction for xmm, ymm and zmm alike), so folding alone tops
 * out at 16 bytes per cycle, which is where ISA-L's crc32_iscsi sits.
 * The crc32 instruction runs on the integer side (latency 3, 2.3 to
 * 2.6 per cycle measured), idle meanwhile.  This kernel keeps both
 * busy: per round, eight crc32q chains take two qwords each (128
 * bytes) while two zmm accumulators fold 128 bytes: 8.0 cycles a round
 * measured, 32 bytes per cycle.  (Twelve chains reached 35 bytes per
 * cycle in a synthetic loop, but need a second zmm of chain registers
 * and all sixteen GPRs.)  On CPUs where crc32 issues once per cycle
 * (Intel), the chains would be the bottleneck and crc32c_vpclmul is
 * faster; see the registry.
 *
 * Layout.  The input is cut into superblocks of S = 4096 bytes, then
 * at most one of 2048 and one of 1024 bytes (an input of 512 to 1023
 * bytes makes a single one of 512):
 *
 *     | chunk 0 | chunk 1 | ... | chunk 7 |   vector region   |
 *       C = S / 16 bytes each, one chain each    S / 2 bytes, folded
 *
 * Chain i starts from 0 (chain 0 of the first superblock from the
 * incoming register, which is where the register belongs: it stands
 * for r * x^(8n - 32) before n bytes, i.e. it is xored onto the first
 * four).  The accumulators A0, A1 hold the vector region 128 bytes at
 * a time; from one superblock to the next they fold over the next
 * superblock's chunks straight onto its vector region (distance
 * 8C + 128 bytes).  What is left after the last superblock (under
 * 1024 bytes, under 512 after a 512-byte one) is folded by the
 * accumulators alone.
 *
 * Merging a chain.  A chain's register c over a chunk Q is
 * Q * x^32 mod P.  Its share of the message, Q * x^(8 d) for a chunk
 * ending d bytes before a lane end, is congruent to c * x^(8d - 32).
 * With c and a constant K each in the low dword of a qword,
 * vpclmulqdq yields c * K * x^65 inside a 128-bit lane (see
 * crc32c_avx512.h for the bit order), so K = x^(8d - 97) mod P.  The
 * eight registers become eight qwords of one zmm (Z); chains 2l and
 * 2l+1 land in lane l, and one pair of vpclmulqdq moves all eight, each
 * by its own distance, into the four lanes of A1.  To keep that latency
 * off the accumulators' path, superblock j's product waits in PEND and
 * is added to A1 at the end of superblock j + 1 (.Lmerge_X_Y: from a
 * superblock of size X to the end of the next one, of size Y); after
 * the last superblock its chains go either into A1 (.Lmerge_X_last,
 * when a tail follows) or, with A0 and A1, straight to the end of the
 * data (.Lend_X).
 *
 * Constants, in reflected register order, recomputable as described in
 * crc32c_avx512.h: fold pairs { x^(D+31), x^(D-33) } mod P move a lane
 * D bits on (.Lfold_128: D = 8 * 128; .Lskip_X: D = 8 * (8C + 128));
 * merge constants x^(8d - 97) mod P with d as given by their labels.
 */
#include "asm.h"

#ifdef __x86_64__
#if HAVE_AS_VPCLMULQDQ

#include "crc32c_avx512.h"

#define CRC_IN	%edi
#define DATA	%rsi		/* start of the current superblock */
#define LEN	%rdx		/* bytes from DATA on */
#define IDX	%rdi		/* byte offset inside each chunk */

/* The eight chain registers. */
#define C0	%rax
#define C1	%rcx
#define C2	%r8
#define C3	%r9
#define C4	%r10
#define C5	%r11
#define C6	%rbx
#define C7	%rbp

#define PREFETCH_MIN	(2 << 20)	/* calls from this long prefetch ahead */
#define PF_AHEAD	16384		/* how far */

#define A0	%zmm0		/* accumulators, 64 bytes each */
#define A1	%zmm1
#define T0	%zmm2
#define T1	%zmm3
#define Z	%zmm4		/* the eight chain registers, one per qword */
#define PEND	%zmm5		/* merge product waiting for the next superblock */
#define Zx	%xmm4
#define Q1	%zmm6		/* scratch */
#define Q1x	%xmm6
#define Q2	%zmm7
#define Q2y	%ymm7
#define Q2x	%xmm7
#define Q3x	%xmm9
#define K	%zmm8		/* fold by 128 bytes */
#define A1x	%xmm1
#define T0x	%xmm2
#define T1x	%xmm3
#define Kx	%xmm8

/* One crc32q on each chain: qword \q of the 16 bytes at IDX of each
 * chunk of \ch bytes. */
.macro CHAINS ch, q
	crc32q	0*\ch+8*\q(DATA, IDX), C0
	crc32q	1*\ch+8*\q(DATA, IDX), C1
	crc32q	2*\ch+8*\q(DATA, IDX), C2
	crc32q	3*\ch+8*\q(DATA, IDX), C3
	crc32q	4*\ch+8*\q(DATA, IDX), C4
	crc32q	5*\ch+8*\q(DATA, IDX), C5
	crc32q	6*\ch+8*\q(DATA, IDX), C6
	crc32q	7*\ch+8*\q(DATA, IDX), C7
.endm

/* The rounds of a superblock of chunks of \ch bytes: \ch / 16 rounds of
 * chain work, all but the last also folding the next 128 bytes of the
 * vector region (which starts at 8 * \ch; A0 and A1 already hold its
 * first 128 bytes).  The vector work sits between the two halves of
 * the chain work: measured, that issues as fast as any other order
 * (8.0 cycles a round) while a fine interleave lost a cycle. */
.macro ROUNDS ch, prefetch=0
	xor	%edi, %edi
	.p2align 5
.Lround\@:
	CHAINS	\ch, 0
	FOLD512	A0, T0, K, 8*\ch+128(DATA, IDX, 8)
	FOLD512	A1, T1, K, 8*\ch+192(DATA, IDX, 8)
	.if \prefetch
	prefetcht0 PF_AHEAD(DATA, IDX, 8)
	prefetcht0 PF_AHEAD+64(DATA, IDX, 8)
	prefetcht0 PF_AHEAD+2048(DATA, IDX, 8)
	prefetcht0 PF_AHEAD+2048+64(DATA, IDX, 8)
	.endif
	CHAINS	\ch, 1
	add	$16, IDX
	cmp	$\ch-16, IDX
	jne	.Lround\@
	CHAINS	\ch, 0
	CHAINS	\ch, 1
.endm

/* Z = the eight chain registers, zero-extended to a qword each (crc32q
 * leaves the upper halves zero).  Built in registers: through memory,
 * the 32-byte reload of eight 4-byte stores cannot be forwarded and
 * stalls; measured, that took a 1 KiB call 37% longer. */
.macro COLLECT
	vmovq	C0, Zx
	vpinsrq	$1, C1, Zx, Zx
	vmovq	C2, Q1x
	vpinsrq	$1, C3, Q1x, Q1x
	vmovq	C4, Q2x
	vpinsrq	$1, C5, Q2x, Q2x
	vmovq	C6, Q3x
	vpinsrq	$1, C7, Q3x, Q3x
	vinserti32x4 $1, Q1x, Z, Z
	vinserti32x4 $1, Q3x, Q2, Q2
	vinserti64x4 $1, Q2y, Z, Z
.endm

/* After the rounds of a superblock of \size bytes: collect its chains,
 * add the previous superblock's to A1, step over it. */
.macro END_OF size
	COLLECT
	vpxorq	PEND, A1, A1
	add	$\size, DATA
	sub	$\size, LEN
.endm

/* The chains of a superblock that is followed by another one: PEND =
 * their shares at the end of that one's vector region; then A0 and A1
 * jump over its chunks (of \ch bytes) onto its first 128 vector bytes;
 * the chains restart from zero. */
.macro NEXT merge, skip, ch
	vpclmulqdq $0x00, \merge(%rip), Z, PEND
	vpclmulqdq $0x11, \merge(%rip), Z, T0
	vpxorq	T0, PEND, PEND
	vbroadcasti32x4 \skip(%rip), T1
	FOLD512	A0, T0, T1, 8*\ch(DATA)
	FOLD512	A1, T0, T1, 8*\ch+64(DATA)
	xor	%eax, %eax
	xor	%ecx, %ecx
	xor	%r8d, %r8d
	xor	%r9d, %r9d
	xor	%r10d, %r10d
	xor	%r11d, %r11d
	xor	%ebx, %ebx
	xor	%ebp, %ebp
.endm

/* The chains of the last superblock.  With nothing after it, they and
 * both accumulators go straight to the end (.Lexact); otherwise the
 * chains are added to A1 at their distances to its end and the tail
 * follows. */
.macro LAST merge, end
	test	LEN, LEN
	jnz	.Llast\@
	lea	\end(%rip), %r9
	jmp	.Lexact
.Llast\@:
	vpclmulqdq $0x00, \merge(%rip), Z, T0
	vpclmulqdq $0x11, \merge(%rip), Z, T1
	vpternlogq $0x96, T0, T1, A1
.endm

FUNC_BEGIN crc32c_hybrid
	cmp	$512, LEN
	jb	crc32c_vpclmul		/* tail call, same arguments */

/* ---- Phase 1: set-up ---- */
	push	%rbx
	push	%rbp
	mov	CRC_IN, %eax
	xor	%ecx, %ecx
	xor	%r8d, %r8d
	xor	%r9d, %r9d
	xor	%r10d, %r10d
	xor	%r11d, %r11d
	xor	%ebx, %ebx
	xor	%ebp, %ebp
	vbroadcasti32x4 .Lfold_128(%rip), K
	vpxorq	PEND, PEND, PEND
	cmp	$1024, LEN
	jb	.Lfirst_tiny
	cmp	$2048, LEN
	jb	.Lfirst_small
	cmp	$4096, LEN
	jb	.Lfirst_mid
	vmovdqu64 8*256(DATA), A0
	vmovdqu64 8*256+64(DATA), A1

/* ---- Phase 2: superblocks of 4 KiB (chunks of 256 bytes) ----
 * Long inputs are likely not in the caches: while the 4 KiB that lie
 * PF_AHEAD bytes on are still part of the data, the rounds also
 * prefetch them.  Measured, with the data in L3: 2 and 8 MiB calls
 * went from 1.3x to 1.5x ISA-L; in-cache sizes (16 KiB..1 MiB) lose up
 * to 10% to the extra load-port work, hence PREFETCH_MIN. */
	cmp	$PREFETCH_MIN, LEN
	jb	.Lbig
.Lbig_prefetch:
	ROUNDS	256, 1
	END_OF	4096
	NEXT	.Lmerge_big_big, .Lskip_big, 256
	cmp	$PF_AHEAD + 4096, LEN
	jae	.Lbig_prefetch
.Lbig:
	ROUNDS	256
	END_OF	4096
	cmp	$4096, LEN
	jb	1f
	NEXT	.Lmerge_big_big, .Lskip_big, 256
	jmp	.Lbig
1:
	cmp	$2048, LEN
	jb	2f
	NEXT	.Lmerge_big_mid, .Lskip_mid, 128
	jmp	.Lmid
2:
	cmp	$1024, LEN
	jb	3f
	NEXT	.Lmerge_big_small, .Lskip_small, 64
	jmp	.Lsmall
3:
	LAST	.Lmerge_big_last, .Lend_big
	jmp	.Ltail

/* ---- Phase 3: at most one superblock of 2 KiB (chunks of 128 bytes),
 * then at most one of 1 KiB (chunks of 64 bytes) ---- */
.Lfirst_mid:
	vmovdqu64 8*128(DATA), A0
	vmovdqu64 8*128+64(DATA), A1
.Lmid:
	ROUNDS	128
	END_OF	2048
	cmp	$1024, LEN
	jb	4f
	NEXT	.Lmerge_mid_small, .Lskip_small, 64
	jmp	.Lsmall
4:
	LAST	.Lmerge_mid_last, .Lend_mid
	jmp	.Ltail

.Lfirst_small:
	vmovdqu64 8*64(DATA), A0
	vmovdqu64 8*64+64(DATA), A1
.Lsmall:
	ROUNDS	64
	END_OF	1024
	LAST	.Lmerge_small_last, .Lend_small
	jmp	.Ltail

.Lfirst_tiny:
	vmovdqu64 8*32(DATA), A0
	vmovdqu64 8*32+64(DATA), A1
	ROUNDS	32
	END_OF	512
	LAST	.Lmerge_tiny_last, .Lend_tiny

/* ---- Phase 4: under 1 KiB left: folding only, 128 bytes a round,
 * then A0 onto A1, and the end in crc32c_avx512.h ---- */
.Ltail:
	cmp	$128, LEN
	jb	7f
6:
	FOLD512	A0, T0, K, (DATA)
	FOLD512	A1, T1, K, 64(DATA)
	add	$128, DATA
	sub	$128, LEN
	cmp	$128, LEN
	jae	6b
7:
	vbroadcasti32x4 .Lfold_64(%rip), T1
	vpclmulqdq $0x00, T1, A0, T0
	vpclmulqdq $0x11, T1, A0, A0
	vpternlogq $0x96, T0, A0, A1
	FOLD512_FINISH A1, A1x, T0, T0x, T1, T1x, K, Kx
	pop	%rbp
	pop	%rbx
	vzeroupper
	ret

/* ---- Phase 5: the data ended with a superblock: its chains (pairs at
 * %r9), A0 (row 1 of .Lfold_lanes) and A1 (row 0) all move to the end
 * in one level of products, which saves a level of latency ---- */
.Lexact:
	vpclmulqdq $0x00, (%r9), Z, T0
	vpclmulqdq $0x11, (%r9), Z, T1
	vpclmulqdq $0x00, .Lfold_lanes + 64(%rip), A0, Q1
	vpclmulqdq $0x11, .Lfold_lanes + 64(%rip), A0, A0
	vpclmulqdq $0x00, .Lfold_lanes(%rip), A1, Q2
	vpclmulqdq $0x11, .Lfold_lanes(%rip), A1, A1
	vpternlogq $0x96, T0, T1, A0
	vpternlogq $0x96, Q1, Q2, A1
	vpxorq	A0, A1, A1
	FOLD512_TO_REGISTER A1, A1x, T0x, T1x, Kx
	pop	%rbp
	pop	%rbx
	vzeroupper
	ret
FUNC_END crc32c_hybrid

	FOLD512_CONSTS
	CRC32C_HYBRID_TABLES

#endif /* HAVE_AS_VPCLMULQDQ */
#endif /* __x86_64__ */
