/* SPDX-License-Identifier: MIT */
/* sha1_avx2.S - SHA-1 block transform, two blocks' schedule per AVX2 pass. */
#include "asm.h"
#include "bswap_masks.h"
#include "sha1_k.h"

#ifdef __x86_64__

/*
 * void sha1_blocks_avx2(uint32_t state[5], const uint8_t *data,
 *                       size_t nblocks);
 *
 * Contract: nblocks >= 1, odd counts included; reads exactly
 * data[0 .. 64 * nblocks), any alignment; updates state[0..4] (host
 * order).  Clobbers the caller-saved registers and ymm0-ymm15; rbx,
 * rbp, r12-r14 are saved and restored; the stack is realigned locally
 * (640 bytes below the caller's frame).  Needs AVX2 (256-bit integer
 * operations), BMI1 (andn) and BMI2 (rorx); vzeroupper on return.
 *
 * The algorithm (FIPS 180-4, 6.1.2).  Blocks go in pairs.  One ymm
 * register holds four schedule words of both blocks of a pair, block 0
 * in the low 128-bit lane and block 1 in the high one; every lane-wise
 * operation (including the byte shifts and vpalignr, which work within
 * lanes) then computes both schedules at once.
 *
 *   - A 20-row table on the stack receives W + K: row r holds
 *     W[4r..4r+3] + K of block 0 in bytes 0..15 and of block 1 in bytes
 *     16..31.  The scalar rounds read their word from it with one
 *     memory operand.
 *   - While block 0 runs its rounds, the schedule of the pair is
 *     computed 16 rounds ahead of them (W[16..31] from the definition,
 *     with the last lane fixed up; W[32..79] from the equivalent
 *     rol2(W[t-6] ^ W[t-16] ^ W[t-28] ^ W[t-32]), whose lanes are
 *     independent).  Block 1 then finds its whole schedule ready, so its
 *     80 rounds carry no vector work except, in the last 16, loading
 *     and swapping the next pair's first 16 words into rows 0..3 (which
 *     those rounds no longer read).
 *   - Pointers to a block that does not exist are replaced by one that
 *     does (the pair's own first block): the extra lane is computed and
 *     never used, and nothing outside the buffer is read.  A final odd
 *     block stops after block 0.
 *   - The rounds use BMI: rorx rotates without a copy and without
 *     touching flags, and andn gives ~b & d of Ch in one instruction;
 *     Ch and Maj are both sums of two terms with no common set bit, so
 *     the terms go into e separately.  rol5(a) is added last, which
 *     leaves one rotate and one add between a round's result and the
 *     next one's.
 */

/* ---- registers ----------------------------------------------------- */

#define CTX     %rdi    /* uint32_t state[5] */
#define DATA    %rsi    /* first block of the current pair */
#define NBLK    %rdx    /* blocks left, the current pair included */
#define NEXT0   %r8     /* block loaded into lane 0 of the next pair */
#define NEXT1   %r9     /* ... into lane 1 (NEXT0 again if none) */
#define SAVESP  %r14    /* caller's rsp */

#define RA      %eax
#define RB      %ebx
#define RC      %ecx
#define RD      %ebp
#define RE      %r12d
#define T1      %r10d   /* pieces of f(b, c, d) */
#define T2      %r11d   /* rol5(a) */
#define T3      %r13d

/* ymm0..ymm7 hold W[s-32..s-1] as a ring of 4-word groups. */
#define YT0     %ymm8
#define YT1     %ymm9
#define YBSWAP  %ymm10
#define YK0     %ymm11
#define YK1     %ymm12
#define YK2     %ymm13
#define YK3     %ymm14

/* W[t] + K[t] of block b (0 or 1) */
#define WK(t, b) (32 * ((t) / 4) + 16 * (b) + 4 * ((t) % 4))(%rsp)
/* row r of the table (both blocks) */
#define ROW(r)   (32 * (r))(%rsp)

	RODATA 5
.Lavx2_k:
	SHA1_K_TABLE 4
.Lavx2_bswap:
	BSWAP32_MASK 2

/* ---- scalar rounds ------------------------------------------------- */

/* e += rol5(a) + f(b, c, d) + W[t] + K[t]; b = rol30(b).  Block blk's
 * word comes from the table. */
.macro RND t, blk, a, b, c, d, e
	add	WK(\t, \blk), \e
.if (\t) < 20
	/* Ch = (b & c) + (~b & d) */
	andn	\d, \b, T1
	add	T1, \e
	mov	\c, T3
	and	\b, T3
	add	T3, \e
.elseif (\t) >= 40 && (\t) < 60
	/* Maj = (c & d) + (b & (c ^ d)): b, the latest input, meets
	 * only the last and */
	mov	\c, T1
	and	\d, T1
	add	T1, \e
	mov	\c, T3
	xor	\d, T3
	and	\b, T3
	add	T3, \e
.else
	/* Parity = b ^ c ^ d */
	mov	\c, T1
	xor	\d, T1
	xor	\b, T1
	add	T1, \e
.endif
	rorx	$27, \a, T2
	rorx	$2, \b, \b
	add	T2, \e
.endm

.macro ROUND t, blk
.if ((\t) % 5) == 0
	RND \t, \blk, RA, RB, RC, RD, RE
.elseif ((\t) % 5) == 1
	RND \t, \blk, RE, RA, RB, RC, RD
.elseif ((\t) % 5) == 2
	RND \t, \blk, RD, RE, RA, RB, RC
.elseif ((\t) % 5) == 3
	RND \t, \blk, RC, RD, RE, RA, RB
.else
	RND \t, \blk, RB, RC, RD, RE, RA
.endif
.endm

/* End of a block (either of a pair): state[] += a..e, and a..e take
 * the sums, the chaining value the next block starts from. */
.macro ADD_STATE
	add	0(CTX), RA
	add	4(CTX), RB
	add	8(CTX), RC
	add	12(CTX), RD
	add	16(CTX), RE
	mov	RA, 0(CTX)
	mov	RB, 4(CTX)
	mov	RC, 8(CTX)
	mov	RD, 12(CTX)
	mov	RE, 16(CTX)
.endm

/* ---- vector schedule (both blocks at once) ------------------------- */
/* A step makes W[s..s+3] of both blocks in four parts, one after each
 * of four rounds; part 3 stores row s/4 and must follow the last round
 * that reads the row it replaces. */

/* 16 <= s < 32: from v16 = W[s-16..], v12, v8, v4 = W[s-4..s-1]. */
.macro W16 s, part, wd, v16, v12, v8, v4, k
.if \part == 0
	vpalignr $8, \v16, \v12, \wd    /* W[s-14..s-11] */
	vpsrldq	$4, \v4, YT0            /* W[s-3..s-1], 0 */
	vpxor	\v16, \wd, \wd
.elseif \part == 1
	vpxor	\v8, YT0, YT0
	vpxor	YT0, \wd, \wd           /* x: word 3 still lacks W[s] */
	vpslldq	$12, \wd, YT1           /* x[0] alone, in word 3 */
	vpsrld	$31, \wd, YT0
.elseif \part == 2
	vpslld	$1, \wd, \wd
	vpor	YT0, \wd, \wd           /* rol1(x): words 0..2 final */
	vpsrld	$30, YT1, YT0
	vpslld	$2, YT1, YT1
.else
	/* rol1(W[s]) = rol2(x[0]) completes word 3 */
	vpxor	YT0, \wd, \wd
	vpxor	YT1, \wd, \wd
	vpaddd	\k, \wd, YT0
	vmovdqa	YT0, ROW((\s) / 4)
.endif
.endm

/* 32 <= s < 80: wd holds W[s-32..s-29] and is replaced by W[s..s+3]. */
.macro W32 s, part, wd, v28, v16, v8, v4, k
.if \part == 0
	vpalignr $8, \v8, \v4, YT0      /* W[s-6..s-3] */
	vpxor	\v28, \wd, \wd
.elseif \part == 1
	vpxor	\v16, \wd, \wd
	vpxor	YT0, \wd, \wd
.elseif \part == 2
	vpsrld	$30, \wd, YT0
	vpslld	$2, \wd, \wd
	vpor	YT0, \wd, \wd
.else
	vpaddd	\k, \wd, YT0
	vmovdqa	YT0, ROW((\s) / 4)
.endif
.endm

/* Words 4j..4j+3 of the blocks at p0 (lane 0) and p1 (lane 1) into
 * wy (whose low half is wx), and W + K0 into row j. */
.macro WLOAD j, part, wx, wy, p0, p1
.if \part == 0
	vmovdqu	(16 * (\j))(\p0), \wx
	vinserti128 $1, (16 * (\j))(\p1), \wy, \wy
.elseif \part == 1
	vpshufb	YBSWAP, \wy, \wy
.elseif \part == 2
	vpaddd	YK0, \wy, YT0
.else
	vmovdqa	YT0, ROW(\j)
.endif
.endm

/* Group j (0..3) of a pair goes to ring register j: the layout that
 * the schedule steps start from. */
.macro WLOAD_J j, part, p0, p1
.if (\j) == 0
	WLOAD 0, \part, %xmm0, %ymm0, \p0, \p1
.elseif (\j) == 1
	WLOAD 1, \part, %xmm1, %ymm1, \p0, \p1
.elseif (\j) == 2
	WLOAD 2, \part, %xmm2, %ymm2, \p0, \p1
.else
	WLOAD 3, \part, %xmm3, %ymm3, \p0, \p1
.endif
.endm

/* Step for W[s..s+3], 16 <= s < 80: picks the ring registers (group
 * s/4 lives in ymm((s/4) mod 8)) and the constant. */
.macro WSTEP_REGS s, part, r0, r1, r4, r5, r6, r7
.if (\s) < 20
	W16 \s, \part, \r0, \r4, \r5, \r6, \r7, YK0
.elseif (\s) < 32
	W16 \s, \part, \r0, \r4, \r5, \r6, \r7, YK1
.elseif (\s) < 40
	W32 \s, \part, \r0, \r1, \r4, \r6, \r7, YK1
.elseif (\s) < 60
	W32 \s, \part, \r0, \r1, \r4, \r6, \r7, YK2
.else
	W32 \s, \part, \r0, \r1, \r4, \r6, \r7, YK3
.endif
.endm

.macro WSTEP s, part
.if (((\s) / 4) % 8) == 0
	WSTEP_REGS \s, \part, %ymm0, %ymm1, %ymm4, %ymm5, %ymm6, %ymm7
.elseif (((\s) / 4) % 8) == 1
	WSTEP_REGS \s, \part, %ymm1, %ymm2, %ymm5, %ymm6, %ymm7, %ymm0
.elseif (((\s) / 4) % 8) == 2
	WSTEP_REGS \s, \part, %ymm2, %ymm3, %ymm6, %ymm7, %ymm0, %ymm1
.elseif (((\s) / 4) % 8) == 3
	WSTEP_REGS \s, \part, %ymm3, %ymm4, %ymm7, %ymm0, %ymm1, %ymm2
.elseif (((\s) / 4) % 8) == 4
	WSTEP_REGS \s, \part, %ymm4, %ymm5, %ymm0, %ymm1, %ymm2, %ymm3
.elseif (((\s) / 4) % 8) == 5
	WSTEP_REGS \s, \part, %ymm5, %ymm6, %ymm1, %ymm2, %ymm3, %ymm4
.elseif (((\s) / 4) % 8) == 6
	WSTEP_REGS \s, \part, %ymm6, %ymm7, %ymm2, %ymm3, %ymm4, %ymm5
.else
	WSTEP_REGS \s, \part, %ymm7, %ymm0, %ymm3, %ymm4, %ymm5, %ymm6
.endif
.endm

/* ---- the function -------------------------------------------------- */

FUNC_BEGIN sha1_blocks_avx2
	/* 1. Frame: callee-saved registers, a 32-byte aligned table. */
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	mov	%rsp, SAVESP
	sub	$640, %rsp
	and	$-64, %rsp

	vmovdqa	.Lavx2_bswap(%rip), YBSWAP
	vbroadcasti128 .Lavx2_k + 0(%rip), YK0
	vbroadcasti128 .Lavx2_k + 16(%rip), YK1
	vbroadcasti128 .Lavx2_k + 32(%rip), YK2
	vbroadcasti128 .Lavx2_k + 48(%rip), YK3

	mov	0(CTX), RA
	mov	4(CTX), RB
	mov	8(CTX), RC
	mov	12(CTX), RD
	mov	16(CTX), RE

	/* 2. First pair's words 0..15 (lane 1 repeats block 0 if alone). */
	lea	64(DATA), NEXT1
	cmp	$2, NBLK
	cmovb	DATA, NEXT1
	.irp j, 0, 1, 2, 3
	.irp p, 0, 1, 2, 3
	WLOAD_J \j, \p, DATA, NEXT1
	.endr
	.endr

	.p2align 4
.Lavx2_pair:
	/* 3. Block 0, rounds 0..63, computing the pair's W[16..79]. */
	.set	.Lt, 0
	.rept	64
	ROUND	.Lt, 0
	WSTEP	((.Lt&~3)+16), (.Lt&3)
	.set	.Lt, .Lt + 1
	.endr
	.rept	16
	ROUND	.Lt, 0
	.set	.Lt, .Lt + 1
	.endr

	ADD_STATE

	cmp	$1, NBLK
	je	.Lavx2_done

	/* 4. Where the next pair is: blocks 2 and 3 of this pair's run,
	 *    or stand-ins inside the buffer when they do not exist. */
	lea	128(DATA), NEXT0
	lea	192(DATA), NEXT1
	cmp	$3, NBLK
	cmovb	DATA, NEXT0
	cmp	$4, NBLK
	cmovb	NEXT0, NEXT1

	/* 5. Block 1: rounds 0..63 on the prepared rows; rounds 64..79
	 *    also load the next pair into rows 0..3, already consumed. */
	.set	.Lt, 0
	.rept	64
	ROUND	.Lt, 1
	.set	.Lt, .Lt + 1
	.endr
	.rept	16
	ROUND	.Lt, 1
	WLOAD_J	((.Lt-64)/4), (.Lt&3), NEXT0, NEXT1
	.set	.Lt, .Lt + 1
	.endr

	ADD_STATE

	add	$128, DATA
	sub	$2, NBLK
	jnz	.Lavx2_pair

.Lavx2_done:
	/* 6. Restore and return. */
	vzeroupper
	mov	SAVESP, %rsp
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
	ret
FUNC_END sha1_blocks_avx2

#endif /* __x86_64__ */
