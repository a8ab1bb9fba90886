/* SPDX-License-Identifier: MIT */
/* sha256_avx2x8.S - SHA-256 on eight independent messages at once, one per
 * 32-bit lane of the ymm registers (AVX2, for CPUs without SHA-NI). */
#include "asm.h"
#include "lanes_transpose.h"
#include "bswap_masks.h"
#include "sha256_k.h"

#ifdef __x86_64__

/*
 * void sha256_mblocks_avx2x8(uint32_t *const state[8],
 *                            const uint8_t *const data[8], size_t nblocks);
 *
 * Contract (src/impl.h, sha256_mblocks_fn): lane i (0 <= i < 8) hashes
 * nblocks >= 1 whole 64-byte blocks from data[i] into state[i], a normal
 * uint32_t[8] chaining value (H0 first).  Reads exactly
 * [data[i], data[i] + 64 * nblocks) for each lane, any alignment, and the
 * pointer arrays themselves; writes only the eight states, once, at the
 * end (lanes may share a message; lanes sharing a state get one of their
 * results).  Clobbers rax, rcx, rdx, ymm0-ymm15 and the flags; uses 768
 * bytes of 32-byte aligned stack; ends with vzeroupper.
 *
 * Needs: AVX2 (256-bit integer shifts, adds, logic, vpshufb, unpacks,
 * vinserti128/vextracti128) and AVX (VEX moves, vzeroupper); no BMI.
 * Registry row: .needs = CPUF(AVX) | CPUF(AVX2), .lanes = 8.  Meant for the
 * CPUs that have AVX2 but neither SHA-NI nor AVX-512 (Intel Haswell to
 * Comet Lake): with either of those the shanix2 or avx512x16 kernel wins.
 *
 * Idea: FIPS 180-4 6.2.2 computed on eight messages side by side, each
 * dword lane of a ymm register belonging to one message; the states stay
 * transposed (one register per working variable a..h) for the whole call.
 * Sixteen registers cannot hold the state and a 16-word schedule window,
 * so the window lives on the stack (W[t] in slot t mod 16, read by the
 * round as a memory operand, replaced by W[t+16] right after), and K
 * comes from a table with each constant repeated eight times.  Without
 * rotates, each sigma is three right shifts, three left shifts and five
 * xors, combined as a tree; Ch is ((f ^ g) & e) ^ g, and Maj is
 * b ^ ((a ^ b) & (b ^ c)), where b ^ c is the previous round's a ^ b,
 * carried in one of two registers that alternate by round parity.
 * Each block's rows are loaded 16 bytes at a time: lanes g and g + 4
 * share a register (vinserti128), and a 4x4 dword transpose inside each
 * 128-bit half finishes the job.
 */

/* Arguments. */
#define STATES   %rdi
#define DATAS    %rsi
#define NBLOCKS  %rdx

#define OFF      %rcx           /* byte offset of the current block */
#define PTR      %rax

/* Working variables a..h, one message per dword lane (round 0 names). */
#define YA       %ymm0
#define YB       %ymm1
#define YC       %ymm2
#define YD       %ymm3
#define YE       %ymm4
#define YF       %ymm5
#define YG       %ymm6
#define YH       %ymm7

/* Temporaries. */
#define T0       %ymm8
#define T1       %ymm9
#define T2       %ymm10
#define T3       %ymm11
#define T4       %ymm12
#define T5       %ymm13
/* a ^ b of the current and the previous round, alternating. */
#define XA       %ymm14
#define XB       %ymm15

/* The vpshufb mask making each dword big-endian. */
#define BSWAP    .Lbswap(%rip)

/* Stack frame (rsp 32-byte aligned). */
#define WSLOT(t) (32 * ((t) % 16))(%rsp)   /* schedule window */
#define SAVE(v)  (512 + 32 * (v))(%rsp)   /* feed-forward copy of a..h */

/* STORE_PAIR g, off, reg, xreg: the inverse, into the states. */
.macro STORE_PAIR g, off, reg, xreg
	mov	8 * \g(STATES), PTR
	vmovdqu	\xreg, \off(PTR)
	mov	8 * (\g + 4)(STATES), PTR
	vextracti128 $1, \reg, \off(PTR)
.endm

.macro STORE_PAIRS off
	STORE_PAIR 0, \off, T0, %xmm8
	STORE_PAIR 1, \off, T1, %xmm9
	STORE_PAIR 2, \off, T2, %xmm10
	STORE_PAIR 3, \off, T3, %xmm11
.endm

/*
 * LOAD_CHUNK c: words 4c..4c+3 of the current block of all eight
 * messages, byte-swapped, transposed, stored to their window slots.
 */
.macro LOAD_CHUNK c
	LOAD_PAIR DATAS, 0, 16*\c, T0, %xmm8, PTR, OFF
	LOAD_PAIR DATAS, 1, 16*\c, T1, %xmm9, PTR, OFF
	LOAD_PAIR DATAS, 2, 16*\c, T2, %xmm10, PTR, OFF
	LOAD_PAIR DATAS, 3, 16*\c, T3, %xmm11, PTR, OFF
	vpshufb	BSWAP, T0, T0
	vpshufb	BSWAP, T1, T1
	vpshufb	BSWAP, T2, T2
	vpshufb	BSWAP, T3, T3
	TR4	T0, T1, T2, T3, T0, T1, T2, T3, T4, T5, XA, XB
	vmovdqa	T0, WSLOT(4 * \c + 0)
	vmovdqa	T1, WSLOT(4 * \c + 1)
	vmovdqa	T2, WSLOT(4 * \c + 2)
	vmovdqa	T3, WSLOT(4 * \c + 3)
.endm

/*
 * SIGMA x, out, t1, t2, r1, r2, r3: out = ror(x, r1) ^ ror(x, r2) ^
 * ror(x, r3), each rotate a right and a left shift; the halves of each
 * rotate are xored first, so the six terms form a tree three xors deep.
 */
.macro SIGMA x, out, t1, t2, r1, r2, r3
	vpsrld	$\r1, \x, \out
	vpslld	$(32 - \r1), \x, \t1
	vpxor	\t1, \out, \out
	vpsrld	$\r2, \x, \t1
	vpslld	$(32 - \r2), \x, \t2
	vpxor	\t2, \t1, \t1
	vpsrld	$\r3, \x, \t2
	vpxor	\t1, \out, \out
	vpslld	$(32 - \r3), \x, \t1
	vpxor	\t2, \t1, \t1
	vpxor	\t1, \out, \out
.endm

/*
 * ROUND t, a, b, c, d, e, f, g, h, xcur, xprev: round t on the variables
 * named a..h for this round; xprev holds b ^ c (the previous round's
 * a ^ b), xcur receives a ^ b.  The new a is left in h and the new e in
 * d, so the next round renames.
 */
.macro ROUND t, a, b, c, d, e, f, g, h, xcur, xprev
	vpaddd	WSLOT(\t), \h, \h
	vpaddd	.Lk256x8 + 32 * (\t) + 0(%rip), \h, \h  /* h + W + K */
	vpxor	\g, \f, T3
	vpand	\e, T3, T3
	vpxor	\g, T3, T3                        /* Ch(e, f, g) */
	vpaddd	T3, \h, \h                        /* Ch first: ready sooner */
	SIGMA	\e, T0, T1, T2, 6, 11, 25         /* S1(e) */
	vpaddd	T0, \h, \h                        /* T1 */
	vpaddd	\h, \d, \d                        /* the new e */
	SIGMA	\a, T4, T1, T2, 2, 13, 22         /* S0(a) */
	vpxor	\b, \a, \xcur
	vpand	\xcur, \xprev, T5
	vpxor	\b, T5, T5                        /* Maj(a, b, c) */
	vpaddd	T4, \h, \h
	vpaddd	T5, \h, \h                        /* the new a */
.endm

/*
 * SCHED t: W[t+16] = s1(W[t+14]) + W[t+9] + s0(W[t+1]) + W[t] into slot
 * t mod 16, once round t has read W[t].  s0 = ror 7 ^ ror 18 ^ shr 3,
 * s1 = ror 17 ^ ror 19 ^ shr 10.
 */
.macro SCHED t
	vmovdqa	WSLOT(\t + 1), T0
	vpsrld	$3, T0, T1
	vpsrld	$7, T0, T2
	vpslld	$25, T0, T3
	vpxor	T2, T1, T1
	vpsrld	$18, T0, T2
	vpxor	T3, T1, T1
	vpslld	$14, T0, T3
	vpxor	T2, T1, T1
	vpxor	T3, T1, T1                        /* s0(W[t+1]) */
	vmovdqa	WSLOT(\t + 14), T0
	vpsrld	$10, T0, T4
	vpsrld	$17, T0, T2
	vpslld	$15, T0, T3
	vpxor	T2, T4, T4
	vpsrld	$19, T0, T2
	vpxor	T3, T4, T4
	vpslld	$13, T0, T3
	vpxor	T2, T4, T4
	vpxor	T3, T4, T4                        /* s1(W[t+14]) */
	vpaddd	WSLOT(\t), T1, T1
	vpaddd	WSLOT(\t + 9), T4, T4
	vpaddd	T4, T1, T1
	vmovdqa	T1, WSLOT(\t)
.endm

/* The names of a..h in round t depend on t mod 8, those of the Maj
 * carries on t mod 2. */
#define R0 YA, YB, YC, YD, YE, YF, YG, YH, XA, XB
#define R1 YH, YA, YB, YC, YD, YE, YF, YG, XB, XA
#define R2 YG, YH, YA, YB, YC, YD, YE, YF, XA, XB
#define R3 YF, YG, YH, YA, YB, YC, YD, YE, XB, XA
#define R4 YE, YF, YG, YH, YA, YB, YC, YD, XA, XB
#define R5 YD, YE, YF, YG, YH, YA, YB, YC, XB, XA
#define R6 YC, YD, YE, YF, YG, YH, YA, YB, XA, XB
#define R7 YB, YC, YD, YE, YF, YG, YH, YA, XB, XA

/* ROUNDS8 t: rounds t..t+7 (t a multiple of 8), each followed by its
 * schedule step while W[t+16] is still needed. */
.macro ROUNDS8 t
	ROUND	\t + 0, R0
.if \t < 48
	SCHED	\t + 0
.endif
	ROUND	\t + 1, R1
.if \t < 48
	SCHED	\t + 1
.endif
	ROUND	\t + 2, R2
.if \t < 48
	SCHED	\t + 2
.endif
	ROUND	\t + 3, R3
.if \t < 48
	SCHED	\t + 3
.endif
	ROUND	\t + 4, R4
.if \t < 48
	SCHED	\t + 4
.endif
	ROUND	\t + 5, R5
.if \t < 48
	SCHED	\t + 5
.endif
	ROUND	\t + 6, R6
.if \t < 48
	SCHED	\t + 6
.endif
	ROUND	\t + 7, R7
.if \t < 48
	SCHED	\t + 7
.endif
.endm

FUNC_BEGIN sha256_mblocks_avx2x8
	/* ---- 1. Frame; the eight states, transposed into a..h. ---- */
	push	%rbp
	mov	%rsp, %rbp
	sub	$768, %rsp
	and	$-32, %rsp
	xor	OFF, OFF

	LOAD_PAIR STATES, 0, 0, T0, %xmm8, PTR, OFF
	LOAD_PAIR STATES, 1, 0, T1, %xmm9, PTR, OFF
	LOAD_PAIR STATES, 2, 0, T2, %xmm10, PTR, OFF
	LOAD_PAIR STATES, 3, 0, T3, %xmm11, PTR, OFF
	TR4	T0, T1, T2, T3, YA, YB, YC, YD, T4, T5, XA, XB
	LOAD_PAIR STATES, 0, 16, T0, %xmm8, PTR, OFF
	LOAD_PAIR STATES, 1, 16, T1, %xmm9, PTR, OFF
	LOAD_PAIR STATES, 2, 16, T2, %xmm10, PTR, OFF
	LOAD_PAIR STATES, 3, 16, T3, %xmm11, PTR, OFF
	TR4	T0, T1, T2, T3, YE, YF, YG, YH, T4, T5, XA, XB

.Lblock:
	/* ---- 2. Eight message blocks, transposed into the window. ---- */
	LOAD_CHUNK 0
	LOAD_CHUNK 1
	LOAD_CHUNK 2
	LOAD_CHUNK 3

	/* ---- 3. Feed-forward copy, 64 rounds. ---- */
	vmovdqa	YA, SAVE(0)
	vmovdqa	YB, SAVE(1)
	vmovdqa	YC, SAVE(2)
	vmovdqa	YD, SAVE(3)
	vmovdqa	YE, SAVE(4)
	vmovdqa	YF, SAVE(5)
	vmovdqa	YG, SAVE(6)
	vmovdqa	YH, SAVE(7)
	vpxor	YC, YB, XB              /* b ^ c for round 0's Maj */
	ROUNDS8	0
	ROUNDS8	8
	ROUNDS8	16
	ROUNDS8	24
	ROUNDS8	32
	ROUNDS8	40
	ROUNDS8	48
	ROUNDS8	56

	/* ---- 4. Feed-forward, next block. ---- */
	vpaddd	SAVE(0), YA, YA
	vpaddd	SAVE(1), YB, YB
	vpaddd	SAVE(2), YC, YC
	vpaddd	SAVE(3), YD, YD
	vpaddd	SAVE(4), YE, YE
	vpaddd	SAVE(5), YF, YF
	vpaddd	SAVE(6), YG, YG
	vpaddd	SAVE(7), YH, YH
	add	$64, OFF
	sub	$1, NBLOCKS
	jnz	.Lblock

	/* ---- 5. States back to eight H0..H7 rows. ---- */
	TR4	YA, YB, YC, YD, T0, T1, T2, T3, T4, T5, XA, XB
	STORE_PAIRS 0
	TR4	YE, YF, YG, YH, T0, T1, T2, T3, T4, T5, XA, XB
	STORE_PAIRS 16
	vzeroupper
	leave
	ret
FUNC_END sha256_mblocks_avx2x8

	RODATA 6
.Lbswap:
	BSWAP32_MASK 2
/* Each constant repeated for the eight lanes. */
.Lk256x8:
	K256_TABLE 1, 8

#endif /* __x86_64__ */
