/* crc32c_hybrid.S - CRC-32C: crc32q chains and VPCLMULQDQ folding side by side.
 *
 * uint32_t crc32c_hybrid(uint32_t crc, const uint8_t *data, size_t len);
 *
 * Contract: crc is the un-inverted CRC register; any len including 0;
 * any alignment; reads only data[0 .. len).  Returns the new register.
 * Clobbers rax, rcx, rdx, rsi, rdi, r8-r11, zmm0-zmm13 and the flags;
 * rbx and rbp are saved and restored; upper vector state is cleared
 * before returning.  Uses 32 bytes of the red zone.  Needs what
 * crc32c_vpclmul needs (SSE4.2, AVX, AVX512F/VL/BW, VPCLMULQDQ), and
 * hands inputs under one superblock, and the tail after the last one,
 * to crc32c_vpclmul.
 *
 * Why.  Folding with vpclmulqdq is bound by the multiplier: on AMD
 * Zen 5 one vpclmulqdq issues every other cycle (measured: 2.0 cycles
 * per instruction for xmm, ymm and zmm alike), so folding alone tops
 * out at 16 bytes per cycle.  The crc32 instruction runs on the integer
 * side (latency 3, about two per cycle measured), idle meanwhile.  This
 * kernel keeps both busy: per round, eight crc32q chains take two
 * qwords each (128 bytes) while two zmm accumulators fold 128 bytes.
 * On CPUs where crc32 issues once per cycle (Intel), the chains would
 * be the bottleneck and crc32c_vpclmul is faster; see the registry.
 *
 * Layout.  The input is cut into superblocks of SB = 4096 bytes:
 *
 *     | chunk 0 | chunk 1 | ... | chunk 7 |   vector region VR   |
 *       256 B each, one crc32q chain each      2048 B, folded
 *
 * Chain i starts from 0 (chain 0 of the first superblock from the
 * incoming register, which is where the register belongs: it stands
 * for r * x^(8n - 32) before n bytes, i.e. it is xored onto the first
 * four).  The accumulators A0, A1 hold the vector region 128 bytes at
 * a time; across superblocks they fold over the next 2048 bytes of
 * chunks straight onto the next vector region (distance 2176 bytes).
 *
 * Merging a chain.  A chain's register c over a chunk Q is
 * Q * x^32 mod P.  Its share of the message, Q * x^(8 d) for a chunk
 * ending d bytes before a lane end, is congruent to c * x^(8d - 32).
 * With c and a constant K each in the low dword of a qword,
 * vpclmulqdq yields c * K * x^65 inside a 128-bit lane (see
 * crc32c_vpclmul.S for the bit order), so K = x^(8d - 97) mod P.  The
 * eight registers go to memory and come back as eight qwords of one
 * zmm (vpmovzxdq); chains 2l and 2l+1 land in lane l, and one pair of
 * vpclmulqdq moves all eight, each by its own distance, into the four
 * lanes of A1.  To keep this latency (store, reload, multiply) off the
 * accumulators' path, the product of superblock j is added to A1 only
 * at the end of superblock j + 1 (distances d grow by SB); after the
 * last superblock it is recomputed with the distances to its own end.
 *
 * Constants (pairs { x^(D+31), x^(D-33) } fold a lane by D bits, as in
 * crc32c_vpclmul.S; merge constants x^(8d - 97)), all in reflected
 * register order, recomputable as described there:
 *   fold_128    D = 8 * 128
 *   fold_skip   D = 8 * (2048 + 128)
 *   fold_64     D = 8 * 64
 *   merge_late  lane l, chain i = 2l, 2l+1:
 *               d = 2 * 4096 - 16 * (3 - l) - 256 * (i + 1)
 *   merge_now   d = 4096 - 16 * (3 - l) - 256 * (i + 1)
 */
#include "asm.h"

#ifdef __x86_64__
#if HAVE_AS_VPCLMULQDQ

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

#define A0	%zmm0		/* accumulators: 64 bytes each */
#define A1	%zmm1
#define T0	%zmm2
#define T1	%zmm3
#define Z	%zmm4		/* the eight chain registers, one per qword */
#define PEND	%zmm5		/* merge product waiting for the next superblock */
#define K	%zmm8		/* fold by 128 bytes */
#define KSKIP	%zmm9		/* fold over the chunks onto the next region */
#define KLATE	%zmm10		/* merge, one superblock late */
#define A1y	%ymm1
#define A1x	%xmm1
#define T0y	%ymm2
#define T0x	%xmm2

#define SB	4096		/* superblock */
#define CH	256		/* chunk: 16 rounds of two qwords */
#define VR	(8 * CH)	/* offset of the vector region */
#define ROUNDS	16

/* One round of chain work at byte IDX of every chunk. */
.macro CHAINS
	crc32q	0 * CH(DATA, IDX), C0
	crc32q	1 * CH(DATA, IDX), C1
	crc32q	2 * CH(DATA, IDX), C2
	crc32q	3 * CH(DATA, IDX), C3
	crc32q	4 * CH(DATA, IDX), C4
	crc32q	5 * CH(DATA, IDX), C5
	crc32q	6 * CH(DATA, IDX), C6
	crc32q	7 * CH(DATA, IDX), C7
	crc32q	0 * CH + 8(DATA, IDX), C0
	crc32q	1 * CH + 8(DATA, IDX), C1
	crc32q	2 * CH + 8(DATA, IDX), C2
	crc32q	3 * CH + 8(DATA, IDX), C3
	crc32q	4 * CH + 8(DATA, IDX), C4
	crc32q	5 * CH + 8(DATA, IDX), C5
	crc32q	6 * CH + 8(DATA, IDX), C6
	crc32q	7 * CH + 8(DATA, IDX), C7
.endm

FUNC_BEGIN crc32c_hybrid
	cmp	$SB, LEN
	jb	crc32c_vpclmul		/* tail call: same arguments */

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
	vbroadcasti32x4 .Lfold_skip(%rip), KSKIP
	vmovdqu64 .Lmerge_late(%rip), KLATE
	vpxorq	PEND, PEND, PEND
	vmovdqu64 VR(DATA), A0
	vmovdqu64 VR + 64(DATA), A1

/* ---- Phase 2: one superblock: 15 rounds of chains + folding, then
 * the chains' last round (the accumulators already hold the first
 * 128 bytes of the region) ---- */
.Lsuperblock:
	xor	%edi, %edi
	.p2align 5
.Lround:
	crc32q	0 * CH(DATA, IDX), C0
	crc32q	1 * CH(DATA, IDX), C1
	crc32q	2 * CH(DATA, IDX), C2
	crc32q	3 * CH(DATA, IDX), C3
	vpclmulqdq $0x00, K, A0, T0
	vpclmulqdq $0x11, K, A0, A0
	crc32q	4 * CH(DATA, IDX), C4
	crc32q	5 * CH(DATA, IDX), C5
	crc32q	6 * CH(DATA, IDX), C6
	crc32q	7 * CH(DATA, IDX), C7
	vpternlogq $0x96, VR + 128(DATA, IDX, 8), T0, A0
	crc32q	0 * CH + 8(DATA, IDX), C0
	crc32q	1 * CH + 8(DATA, IDX), C1
	crc32q	2 * CH + 8(DATA, IDX), C2
	crc32q	3 * CH + 8(DATA, IDX), C3
	vpclmulqdq $0x00, K, A1, T1
	vpclmulqdq $0x11, K, A1, A1
	crc32q	4 * CH + 8(DATA, IDX), C4
	crc32q	5 * CH + 8(DATA, IDX), C5
	crc32q	6 * CH + 8(DATA, IDX), C6
	crc32q	7 * CH + 8(DATA, IDX), C7
	vpternlogq $0x96, VR + 192(DATA, IDX, 8), T1, A1
	add	$16, IDX
	cmp	$16 * (ROUNDS - 1), IDX
	jne	.Lround
	CHAINS

/* ---- Phase 3: end of a superblock: collect the chains, add the
 * previous superblock's chains to A1, start the next region ---- */
	mov	%eax, -32(%rsp)
	mov	%ecx, -28(%rsp)
	mov	%r8d, -24(%rsp)
	mov	%r9d, -20(%rsp)
	mov	%r10d, -16(%rsp)
	mov	%r11d, -12(%rsp)
	mov	%ebx, -8(%rsp)
	mov	%ebp, -4(%rsp)
	vpmovzxdq -32(%rsp), Z
	vpxorq	PEND, A1, A1
	vpclmulqdq $0x00, KLATE, Z, PEND
	vpclmulqdq $0x11, KLATE, Z, T0
	vpxorq	T0, PEND, PEND
	add	$SB, DATA
	sub	$SB, LEN
	cmp	$SB, LEN
	jb	.Lfinish
	vpclmulqdq $0x00, KSKIP, A0, T0
	vpclmulqdq $0x11, KSKIP, A0, A0
	vpternlogq $0x96, VR(DATA), T0, A0
	vpclmulqdq $0x00, KSKIP, A1, T1
	vpclmulqdq $0x11, KSKIP, A1, A1
	vpternlogq $0x96, VR + 64(DATA), T1, A1
	xor	%eax, %eax
	xor	%ecx, %ecx
	xor	%r8d, %r8d
	xor	%r9d, %r9d
	xor	%r10d, %r10d
	xor	%r11d, %r11d
	xor	%ebx, %ebx
	xor	%ebp, %ebp
	jmp	.Lsuperblock

/* ---- Phase 4: the last superblock's chains, at their own distances;
 * A0 onto A1; four lanes to one; 128 bits to the register ---- */
.Lfinish:
	vpclmulqdq $0x00, .Lmerge_now(%rip), Z, T0
	vpclmulqdq $0x11, .Lmerge_now(%rip), Z, T1
	vpternlogq $0x96, T0, T1, A1
	vbroadcasti32x4 .Lfold_64(%rip), K
	vpclmulqdq $0x00, K, A0, T0
	vpclmulqdq $0x11, K, A0, A0
	vpternlogq $0x96, T0, A0, A1
	vpclmulqdq $0x00, .Lfold_lanes(%rip), A1, T0
	vpclmulqdq $0x11, .Lfold_lanes(%rip), A1, A1
	vpxorq	T0, A1, A1
	vextracti64x4 $1, A1, T0y
	vpxorq	T0y, A1y, A1y
	vextracti32x4 $1, A1y, T0x
	vpxorq	T0x, A1x, A1x
	vmovq	A1x, %rcx
	vpextrq	$1, A1x, %r8
	xor	%eax, %eax
	crc32q	%rcx, %rax
	crc32q	%r8, %rax
	pop	%rbp
	pop	%rbx
	vzeroupper
	test	LEN, LEN
	jz	1f
	mov	%eax, %edi
	jmp	crc32c_vpclmul		/* the tail, under one superblock */
1:
	ret
FUNC_END crc32c_hybrid

	RODATA 6
.Lmerge_late:		/* x^(8d - 97), d = 2 * 4096 - 16 * (3 - l) - 256 * (i + 1) */
	.quad 0xe4092194, 0x301636c3	/* lane 0: chains 0, 1 */
	.quad 0xdd988b09, 0x47dd608f	/* lane 1: chains 2, 3 */
	.quad 0x483fa5f4, 0xc8f6d668	/* lane 2: chains 4, 5 */
	.quad 0x5c03091a, 0x5637205e	/* lane 3: chains 6, 7 */
.Lmerge_now:		/* x^(8d - 97), d = 4096 - 16 * (3 - l) - 256 * (i + 1) */
	.quad 0x9b2b2ec3, 0xe4920a77
	.quad 0x0d12ffb8, 0x9032b0da
	.quad 0x11dde5b7, 0xd4617a4c
	.quad 0x4860285d, 0xae1175c2
.Lfold_lanes:		/* lane k onto lane 3: 48 - 16k bytes */
	.quad 0x1c291d04, 0xddc0152b
	.quad 0x3da6d0cb, 0xba4fc28e
	.quad 0xf20c0dfe, 0x493c7d27
	.quad 0x00000001, 0xa9cdda0d
.Lfold_128:
	.quad 0x6992cea2, 0x0d3b6092
.Lfold_skip:
	.quad 0xaf6939d9, 0xcbbe4ee1
.Lfold_64:
	.quad 0x740eef02, 0x9e4addf8

#endif /* HAVE_AS_VPCLMULQDQ */
#endif /* __x86_64__ */
