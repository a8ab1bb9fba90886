/* SPDX-License-Identifier: MIT */
/* asm.h - entry/exit macros and object notes shared by every asm/ transform.
 *
 * Included first by each .S file (preprocessed by cc). It emits:
 *   - the .note.GNU-stack section, so the objects never ask for an
 *     executable stack;
 *   - when the build uses -fcf-protection (the compiler then defines
 *     __CET__), a .note.gnu.property saying the code is IBT and SHSTK
 *     clean, so the linked binary keeps those properties.
 * and provides FUNC_BEGIN/FUNC_END, which make a hidden, typed, sized,
 * aligned function whose first instruction is endbr64 (a NOP on CPUs
 * without CET).
 *
 * Syntax across asm/ is AT&T (GNU as default); see asm/README.
 */
#ifndef SIMDSUM_ASM_H
#define SIMDSUM_ASM_H

#ifdef __ASSEMBLER__

	.section .note.GNU-stack,"",@progbits

#if defined(__CET__)
/* GNU_PROPERTY_X86_FEATURE_1_AND (0xc0000002) with the bits the
 * compiler asked for: bit 0 IBT, bit 1 SHSTK.  Every function here
 * starts with endbr64 and returns with a plain ret, so both hold. */
	.pushsection .note.gnu.property, "a"
	.p2align 3
	.long 4                 /* name size: "GNU\0" */
	.long 16                /* descriptor size */
	.long 5                 /* NT_GNU_PROPERTY_TYPE_0 */
	.asciz "GNU"
	.long 0xc0000002        /* GNU_PROPERTY_X86_FEATURE_1_AND */
	.long 4                 /* datasz */
	.long __CET__ & 3       /* IBT | SHSTK as requested */
	.p2align 3
	.popsection
#endif

/* FUNC_BEGIN name: start an exported (but hidden) function in .text. */
.macro FUNC_BEGIN name
	.text
	.globl \name
	.hidden \name
	.type \name, @function
	.p2align 5
\name:
	endbr64
.endm

/* FUNC_END name: close the function opened by FUNC_BEGIN. */
.macro FUNC_END name
	.size \name, . - \name
.endm

/* RODATA align: switch to a read-only section for constants.
 * Constants are always addressed RIP-relative (sym(%rip)), so the
 * objects need no text relocations in a PIE. */
.macro RODATA align
	.section .rodata
	.p2align \align
.endm

/* PUSH_CALLEE_SAVED, POP_CALLEE_SAVED: all six callee-saved general
 * registers of the System V ABI, for kernels that use every register. */
.macro PUSH_CALLEE_SAVED
	push	%rbp
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
.endm

.macro POP_CALLEE_SAVED
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	pop	%rbp
.endm

/* ROR_TO rorx, n, src, dst: dst = src rotated right by n bits. With
 * rorx 1 the three-operand BMI2 rorx; with 0 a copy and ror, for rows
 * whose needs do not name BMI2 (check-cpu-models catches a slip). */
.macro ROR_TO rorx, n, src, dst
.if \rorx
	rorx	$\n, \src, \dst
.else
	mov	\src, \dst
	ror	$\n, \dst
.endif
.endm

#endif /* __ASSEMBLER__ */
#endif /* SIMDSUM_ASM_H */
