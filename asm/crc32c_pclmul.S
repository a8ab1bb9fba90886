/* crc32c_pclmul.S - CRC-32C by carry-less folding on 128-bit registers.
 *
 * uint32_t crc32c_pclmul(uint32_t crc, const uint8_t *data, size_t len);
 *
 * Contract: crc is the un-inverted CRC register; any len including 0;
 * any alignment; reads only data[0 .. len).  Returns the new register.
 * Clobbers rax, rcx, rdx, rsi, rdi, r8, xmm0-xmm7 and the flags.
 * Needs PCLMULQDQ, SSE4.1 (pextrq) and SSE4.2 (crc32, for the last
 * 128 bits and the bytes after the last whole 16).  Legacy SSE
 * encodings only, so it runs on any CPU that has those.
 *
 * Idea.  What matters of the message M is M mod P.  A 16-byte lane
 * L = H * x^64 + G (H its first eight bytes) that lies D bits before
 * another lane can be added to it as
 *     H * (x^(D+64) mod P)  +  G * (x^D mod P),
 * two carry-less products of at most 96 bits (folding).
 *   1. From 64 bytes on, four accumulators take the first 64 bytes
 *      and fold onto each following 64 (four independent chains, so
 *      the multiplier's latency is hidden).
 *   2. They are folded into one (by 48, 32 and 16 bytes), which folds
 *      onto the remaining whole 16-byte lanes one at a time.
 *   3. Two crc32q over the final 128 bits give M * x^32 mod P, the
 *      register, and crc32 on 8/4/2/1 bytes finishes the rest.
 * The incoming register stands for r * x^(8n - 32) before n bytes,
 * so it is xored onto the first four.  Inputs under 64 bytes take a
 * plain crc32 chain.
 *
 * Bit order and constants: as in crc32c_vpclmul.S.  Registers are
 * reflected (x^0 in bit 31); in a qword bit j holds x^(63-j); pclmulqdq
 * of two qwords gives a * b * x; a 32-bit constant in a qword's low half
 * is worth K * x^32.  Folding by D bits uses the pair
 *     { x^(D+31) mod P  (for H),  x^(D-33) mod P  (for G) }
 * as qwords 0 and 1, picked by imm 0x00 and 0x11.  Recompute x^e mod P
 * by e shift-and-conditional-xor steps of 0x1_1EDC6F41 from 1, then
 * reverse the 32 bits (x^32 -> 0x82F63B78).
 */
#include "asm.h"
#include "crc32c_tail.h"

#ifdef __x86_64__

#define CRC_IN	%edi
#define DATA	%rsi
#define LEN	%rdx
#define CRCd	%eax
#define CRC	%rax

#define X0	%xmm0		/* accumulators */
#define X1	%xmm1
#define X2	%xmm2
#define X3	%xmm3
#define T0	%xmm4
#define T1	%xmm5
#define T2	%xmm6
#define K	%xmm7

/* X = X folded by the pair in K, plus SRC (both products, then the
 * data): X.q0 * K.q0 ^ X.q1 * K.q1 ^ SRC.  TMP is scratch. */
.macro FOLD x, tmp, src
	movdqa	\x, \tmp
	pclmulqdq $0x00, K, \x
	pclmulqdq $0x11, K, \tmp
	pxor	\tmp, \x
	pxor	\src, \x
.endm

FUNC_BEGIN crc32c_pclmul
	mov	CRC_IN, CRCd
	cmp	$64, LEN
	jb	.Lchain

/* ---- Phase 1: four accumulators, 64 bytes per round ---- */
	movd	CRCd, X0
	movdqu	(DATA), T0
	pxor	T0, X0
	movdqu	16(DATA), X1
	movdqu	32(DATA), X2
	movdqu	48(DATA), X3
	add	$64, DATA
	sub	$64, LEN
	cmp	$64, LEN
	jb	.Lfour_to_one
	movdqa	.Lfold_64(%rip), K
	.p2align 4
.Lby64:
	movdqu	(DATA), T2
	FOLD	X0, T0, T2
	movdqu	16(DATA), T2
	FOLD	X1, T1, T2
	movdqu	32(DATA), T2
	FOLD	X2, T0, T2
	movdqu	48(DATA), T2
	FOLD	X3, T1, T2
	add	$64, DATA
	sub	$64, LEN
	cmp	$64, LEN
	jae	.Lby64

/* ---- Phase 2: four into one, then 16 bytes per round ----
 * X3 += X0, X1, X2 folded by 48, 32 and 16 bytes: three independent
 * pairs of products. */
.Lfour_to_one:
	movdqa	X0, T0
	pclmulqdq $0x00, .Lfold_48(%rip), X0
	pclmulqdq $0x11, .Lfold_48(%rip), T0
	movdqa	X1, T1
	pclmulqdq $0x00, .Lfold_32(%rip), X1
	pclmulqdq $0x11, .Lfold_32(%rip), T1
	movdqa	X2, T2
	pclmulqdq $0x00, .Lfold_16(%rip), X2
	pclmulqdq $0x11, .Lfold_16(%rip), T2
	pxor	X0, X3
	pxor	T0, X3
	pxor	X1, T1
	pxor	X2, T2
	pxor	T1, T2
	pxor	T2, X3
	movdqa	X3, X2			/* X2: the single accumulator */
	cmp	$16, LEN
	jb	.Lreduce
	movdqa	.Lfold_16(%rip), K
.Lby16:
	movdqu	(DATA), T2
	FOLD	X2, T0, T2
	add	$16, DATA
	sub	$16, LEN
	cmp	$16, LEN
	jae	.Lby16

/* ---- Phase 3: 128 bits to the register, then the last len < 16 ---- */
.Lreduce:
	movq	X2, %rcx
	pextrq	$1, X2, %r8
	xor	CRCd, CRCd
	crc32q	%rcx, CRC
	crc32q	%r8, CRC
	test	$8, %dl
	jz	.Ltail
	crc32q	(DATA), CRC
	add	$8, DATA
	jmp	.Ltail

/* ---- Short inputs (and the tail): one crc32 chain ---- */
.Lchain:
	mov	LEN, %rcx
	shr	$3, %rcx
	jz	.Ltail
1:
	crc32q	(DATA), CRC
	add	$8, DATA
	sub	$1, %rcx
	jnz	1b
.Ltail:			/* len mod 8 bytes */
	CRC32_TAIL DATA, CRCd, %dl
	ret
FUNC_END crc32c_pclmul

	RODATA 4
/* Fold pairs { x^(D+31) mod P, x^(D-33) mod P } for D = 8 * bytes. */
.Lfold_64:
	.quad 0x740eef02, 0x9e4addf8
.Lfold_48:
	.quad 0x1c291d04, 0xddc0152b
.Lfold_32:
	.quad 0x3da6d0cb, 0xba4fc28e
.Lfold_16:
	.quad 0xf20c0dfe, 0x493c7d27

#endif /* __x86_64__ */
