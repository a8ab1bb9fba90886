/* SPDX-License-Identifier: MIT */
/* sha256_rounds.h - the scalar SHA-256 round and its frame, shared by the
 * SSSE3, AVX and AVX2 transforms (included by a .S file after asm.h).
 *
 * Those three kernels compute W[t] + K[t] with vector instructions into a
 * stack area and run the 64 rounds on general registers. The round here
 * is FIPS 180-4, 6.2.2 step 3, rearranged so that both recurrences in it
 * take four cycles per round on a wide core:
 *
 *   e' = d + T1             T1 = h + Sigma1(e) + Ch(e,f,g) + K[t] + W[t]
 *   a' = T1 + Sigma0(a) + Maj(a,b,c)
 *
 *   - e' is summed as ((d + h + W+K) + Ch) + Sigma1: the first term does
 *     not depend on e, Ch = ((f ^ g) & e) ^ g is ready two cycles after
 *     e, Sigma1 (three rotations, two xors) three cycles after, so e'
 *     follows e by four.
 *   - Maj(a,b,c) = (b & c) + (a & (b ^ c)) (the two terms have no bit in
 *     common), where b ^ c and b & c are the previous round's a ^ b and
 *     a & b, computed a round early. So Maj costs one AND after a.
 *   - T1 is not formed separately: a' = e' + (Maj - d) + Sigma0(a), the
 *     old d being subtracted before it is overwritten. a' then follows
 *     e' by one addition and a by four (Sigma0 plus one addition).
 *
 * A round is 24 integer operations (six of them rotations) and one load
 * of W+K, with no other memory traffic; the eight working variables stay
 * in registers and are renamed by rotating the macro arguments, not
 * moved. On Zen 5 a round then takes about 5 cycles, the integer issue
 * rate rather than the recurrences being the limit; the textbook order
 * (22 operations, T1 formed first, Maj as ((a ^ b) & (b ^ c)) ^ b, five
 * cycles per recurrence) measured about 5.4.
 *
 * SHA256_RORX selects the rotation instruction: 1 for BMI2 rorx (three
 * operands, flags untouched), 0 for mov + ror (base x86-64 only).
 */
#ifndef SIMDSUM_SHA256_ROUNDS_H
#define SIMDSUM_SHA256_ROUNDS_H

/* The working variables a..h at the start of a block, each as the 32-bit
 * name and the 64-bit name (the latter for lea addressing). */
#define SA	%eax, %rax
#define SB	%ebx, %rbx
#define SC	%ecx, %rcx
#define SD	%edx, %rdx
#define SE	%r8d, %r8
#define SF	%r9d, %r9
#define SG	%r10d, %r10
#define SH	%r11d, %r11

/* After n rounds variable a is in the register that held a at the start
 * shifted n places: ROT0 is a..h as above, ROT4 four rounds later. */
#define ROT0	SA, SB, SC, SD, SE, SF, SG, SH
#define ROT4	SE, SF, SG, SH, SA, SB, SC, SD

#define RT	%r12d		/* Ch, then Sigma0 */
#define RT64	%r12
#define RS	%r13d		/* Sigma1 */
#define RU	%ebp		/* rotation scratch */
#define RBXC	%r14d		/* b ^ c, then a & (b ^ c) */
#define RBANDC	%r15d		/* b & c, then Maj - d */
#define RBANDC64 %r15
#define IDX	%rdi		/* byte offset of the current rows in the W+K
				 * area (and in the K table); rows are read at
				 * disp(%rsp,IDX) */

/* ROTR n, src, dst: dst = src rotated right by n (32-bit). */
.macro ROTR n, src, dst
	ROR_TO	SHA256_RORX, \n, \src, \dst
.endm

/* ROUND_INIT b, c: the b ^ c and b & c that the first round of a block
 * expects (later rounds get them from the round before). */
.macro ROUND_INIT b, c
	mov	\b, RBXC
	xor	\c, RBXC
	mov	\b, RBANDC
	and	\c, RBANDC
.endm

/* ROUND a..h (each as name32, name64), wk: one round; W[t]+K[t] is the
 * dword at wk(%rsp,IDX). On exit the new e is in d's register and the new
 * a in h's; RBXC/RBANDC hold the next round's b ^ c and b & c. */
.macro ROUND a, a64, b, b64, c, c64, d, d64, e, e64, f, f64, g, g64, h, h64, wk
	add	\wk(%rsp,IDX), \h	/* h + K[t] + W[t] */
	ROTR	6, \e, RS
	mov	\f, RT
	ROTR	11, \e, RU
	xor	\g, RT
	xor	RU, RS
	and	\e, RT
	ROTR	25, \e, RU
	sub	\d, RBANDC		/* (b & c) - d */
	xor	\g, RT			/* Ch(e,f,g) */
	add	\h, \d			/* d + h + K + W */
	xor	RU, RS			/* Sigma1(e) */
	add	RT, \d
	and	\a, RBXC		/* a & (b ^ c) */
	ROTR	2, \a, RT
	add	RS, \d			/* e' = d + T1 */
	ROTR	13, \a, RU
	add	RBXC, RBANDC		/* Maj(a,b,c) - d */
	xor	RU, RT
	ROTR	22, \a, RU
	lea	(RBANDC64, \d64), \h	/* T1 + Maj */
	xor	RU, RT			/* Sigma0(a) */
	mov	\a, RBXC
	xor	\b, RBXC		/* next b ^ c */
	mov	\a, RBANDC
	and	\b, RBANDC		/* next b & c */
	add	RT, \h			/* a' */
.endm

/* ROUNDS4 a..h, wk, sched, x0, x1, x2, x3, g: four rounds reading W+K
 * from wk(%rsp,IDX) on (consecutive dwords). With sched = 1 the
 * including file's SCHED_PART 0..3, x0, x1, x2, x3, g are spread
 * between them: they compute the schedule group g rows past IDX from
 * the four previous groups in x0..x3 and leave it in x0. */
.macro ROUNDS4 a, a64, b, b64, c, c64, d, d64, e, e64, f, f64, g, g64, h, h64, wk, sched, x0, x1, x2, x3, grp
	ROUND	\a, \a64, \b, \b64, \c, \c64, \d, \d64, \e, \e64, \f, \f64, \g, \g64, \h, \h64, (\wk)
.if \sched
	SCHED_PART 0, \x0, \x1, \x2, \x3, \grp
.endif
	ROUND	\h, \h64, \a, \a64, \b, \b64, \c, \c64, \d, \d64, \e, \e64, \f, \f64, \g, \g64, (\wk)+4
.if \sched
	SCHED_PART 1, \x0, \x1, \x2, \x3, \grp
.endif
	ROUND	\g, \g64, \h, \h64, \a, \a64, \b, \b64, \c, \c64, \d, \d64, \e, \e64, \f, \f64, (\wk)+8
.if \sched
	SCHED_PART 2, \x0, \x1, \x2, \x3, \grp
.endif
	ROUND	\f, \f64, \g, \g64, \h, \h64, \a, \a64, \b, \b64, \c, \c64, \d, \d64, \e, \e64, (\wk)+12
.if \sched
	SCHED_PART 3, \x0, \x1, \x2, \x3, \grp
.endif
.endm

/* STATE_LOAD p / STATE_ADD p: the chaining value at p into a..h / the
 * working variables added into it (end of a block), a..h reloaded with
 * the sums. */
.macro STATE_LOAD p
	mov	0(\p), %eax
	mov	4(\p), %ebx
	mov	8(\p), %ecx
	mov	12(\p), %edx
	mov	16(\p), %r8d
	mov	20(\p), %r9d
	mov	24(\p), %r10d
	mov	28(\p), %r11d
.endm

.macro STATE_ADD p
	add	0(\p), %eax
	add	4(\p), %ebx
	add	8(\p), %ecx
	add	12(\p), %edx
	add	16(\p), %r8d
	add	20(\p), %r9d
	add	24(\p), %r10d
	add	28(\p), %r11d
	mov	%eax, 0(\p)
	mov	%ebx, 4(\p)
	mov	%ecx, 8(\p)
	mov	%edx, 12(\p)
	mov	%r8d, 16(\p)
	mov	%r9d, 20(\p)
	mov	%r10d, 24(\p)
	mov	%r11d, 28(\p)
.endm

/* FRAME_ENTER: save the six callee-saved registers (the rounds use every
 * general register), open FRAME bytes aligned to 64 for the W+K area,
 * and keep there the three arguments (in STATEP, DATAP and NBLK) and the
 * rsp to return to (in OLDRSP).  FRAME_LEAVE: the way back, and ret.
 * The including file defines those five names before it includes this:
 * the preprocessor expands them here, in the macro bodies. */
.macro FRAME_ENTER
	PUSH_CALLEE_SAVED
	mov	%rsp, %rax
	sub	$FRAME, %rsp
	and	$-64, %rsp
	mov	%rax, OLDRSP
	mov	%rdi, STATEP
	mov	%rsi, DATAP
	mov	%rdx, NBLK
.endm

.macro FRAME_LEAVE
	mov	OLDRSP, %rsp
	POP_CALLEE_SAVED
	ret
.endm

#endif /* SIMDSUM_SHA256_ROUNDS_H */
