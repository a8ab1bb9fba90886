/* SPDX-License-Identifier: MIT */
/* abi_tramp.S - calls a transform with known values in every callee-saved
 * register and reports which ones it failed to preserve. */
	.section .note.GNU-stack,"",@progbits
#ifdef __x86_64__
	.text

/*
 * uint64_t abi_call(void *fn, uint64_t a0, uint64_t a1, uint64_t a2,
 *                   uint64_t report[3]);
 *
 * Calls fn(a0, a1, a2) with rbx, rbp, r12-r15 set to patterns. report[0]
 * gets a bit per register that came back changed (0 rbx, 1 rbp, 2-5
 * r12-r15, 6 rsp, 7 direction flag, 8 MXCSR's control bits, 9 the x87
 * control word), report[1] fn's return value
 * (rax), report[2] XINUSE (xgetbv 1) right after the call when
 * report[2] was nonzero on entry (the caller checked XGETBV 1 exists).
 */
	.globl abi_call
	.type abi_call, @function
abi_call:
	endbr64
	pushq %rbx
	pushq %rbp
	pushq %r12
	pushq %r13
	pushq %r14
	pushq %r15
	pushq %r8               /* padding: 8 pushes in all, so that */
	pushq %r8               /* report */
	subq $8, %rsp           /* rsp is 16-aligned at the call, as the ABI says */
	stmxcsr (%rsp)          /* MXCSR and the x87 control word, */
	fnstcw 4(%rsp)          /* callee-saved too (their control bits) */
	movq %rsp, %rax
	movq %rax, (%r8)        /* report[0] holds rsp across the call */

	movq %rdi, %r11         /* fn */
	movq %rsi, %rdi
	movq %rdx, %rsi
	movq %rcx, %rdx
	movabsq $0x1111111111111111, %rbx
	movabsq $0x2222222222222222, %rbp
	movabsq $0x3333333333333333, %r12
	movabsq $0x4444444444444444, %r13
	movabsq $0x5555555555555555, %r14
	movabsq $0x6666666666666666, %r15
	call *%r11

	movq %rax, %r11         /* return value */
	movq 8(%rsp), %r8       /* report (if rsp survived) */
	xorl %eax, %eax
	movabsq $0x1111111111111111, %rcx
	cmpq %rcx, %rbx
	je 1f
	orl $1, %eax
1:	movabsq $0x2222222222222222, %rcx
	cmpq %rcx, %rbp
	je 1f
	orl $2, %eax
1:	movabsq $0x3333333333333333, %rcx
	cmpq %rcx, %r12
	je 1f
	orl $4, %eax
1:	movabsq $0x4444444444444444, %rcx
	cmpq %rcx, %r13
	je 1f
	orl $8, %eax
1:	movabsq $0x5555555555555555, %rcx
	cmpq %rcx, %r14
	je 1f
	orl $16, %eax
1:	movabsq $0x6666666666666666, %rcx
	cmpq %rcx, %r15
	je 1f
	orl $32, %eax
1:	cmpq (%r8), %rsp
	je 1f
	orl $64, %eax
1:	pushfq
	popq %rcx
	testl $0x400, %ecx      /* DF */
	jz 1f
	orl $128, %eax
	cld
1:	subq $8, %rsp
	stmxcsr (%rsp)
	fnstcw 4(%rsp)
	movl (%rsp), %ecx
	xorl 8(%rsp), %ecx
	testl $0xffc0, %ecx     /* MXCSR control bits; 0-5 are sticky flags */
	jz 1f
	orl $256, %eax
1:	movzwl 4(%rsp), %ecx
	cmpw 12(%rsp), %cx
	je 1f
	orl $512, %eax
1:	addq $8, %rsp
	movq %rax, (%r8)
	movq %r11, 8(%r8)
	cmpq $0, 16(%r8)
	je 2f
	movl $1, %ecx
	xgetbv
	shlq $32, %rdx
	orq %rdx, %rax
	movq %rax, 16(%r8)
2:	addq $24, %rsp
	popq %r15
	popq %r14
	popq %r13
	popq %r12
	popq %rbp
	popq %rbx
	ret
	.size abi_call, . - abi_call
#endif
