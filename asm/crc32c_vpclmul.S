/* SPDX-License-Identifier: MIT */
/* crc32c_vpclmul.S - CRC-32C (Castagnoli) by folding on zmm, the crc32
 * instruction for the end and for short inputs.
 *
 * uint32_t crc32c_vpclmul(uint32_t crc, const uint8_t *data, size_t len);
 *
 * Contract: crc is the un-inverted CRC register (the driver applies the
 * initial and final xor with 0xffffffff); any len including 0 (crc comes
 * back unchanged); any alignment; reads only data[0 .. len) (the
 * partial blocks are fetched by byte-masked loads, whose masked-out
 * bytes are neither read nor able to fault) and writes no memory.
 * Returns the new register.  Clobbers rax, rcx, rdx, rsi, rdi, r8,
 * zmm0-zmm9, zmm16-zmm30, k1 and the flags; the upper vector state is
 * cleared (vzeroupper) before returning.  Needs AVX512F, AVX512VL,
 * AVX512BW (vmovdqu8 and kmovq), VPCLMULQDQ, AVX and PCLMULQDQ
 * (the VEX steps of the end) and SSE4.2 (crc32).
 *
 * Idea: asm/crc_fold.h, the folding template shared with CRC-32,
 * CRC-64/NVME and the xmm and ymm kernels, on zmm with hw = 1, with
 * P = x^32 + 0x1EDC6F41 (reflected 0x82F63B78) worked modulo
 * Q = P * x^32.  Under 64 bytes one chain of crc32 instructions (as
 * crc32c_sse42 runs there).  64 to 256 bytes: every 64-byte block, the
 * first one partial, moves straight to the end, the register by a
 * product of its own.  Longer inputs: CRC32C_VPCLMUL_NACC zmm
 * accumulators fold 64 * NACC bytes a round, then fold onto the last
 * of them at once, with the whole blocks left; the last len mod 64
 * bytes are folded in and the four lanes moved to the end.  There the
 * 128 bits X left are congruent to the message mod P, and two crc32q
 * over them from a zero register give X * x^32 mod P, the register
 * (where CRC-32 and CRC-64 need a Barrett reduction, two products more).
 * The constants come from asm/gen_crc_fold_constants.py
 * (crc32c_fold_consts.h names the command; its zmm end is the crc32
 * instruction's).
 */
#include "asm.h"

#ifdef __x86_64__
/* (HAVE_AS_VPCLMULQDQ alone, as the registry row and crc32c_hybrid.S,
 * which tail-calls this kernel, expect: its probe assembles vpclmulqdq
 * on zmm, so the assembler knows AVX-512.) */
#if HAVE_AS_VPCLMULQDQ

#include "crc32c_fold_consts.h"
#include "crc32c_tail.h"
#include "crc_fold.h"

/* Accumulators of the bulk loop (2, 4 or 8).  Measured with
 * crc32_vpclmul.S's method (GB/s; independent calls / each call fed the
 * previous register), and the hand-written kernel this instance replaced
 * (the same steps up to 256 bytes; four accumulators, then a fold by 64
 * bytes at a time):
 *           N=2          N=4          N=8          replaced
 *   64      23.7 /  7.6  23.5 /  7.5  23.5 /  7.4  23.5 /  7.5
 *   256     50.6 / 24.8  50.6 / 25.0  50.6 / 24.9  50.3 / 24.8
 *   384     57.5 / 25.8  60.0 / 28.0  60.3 / 29.1  60.2 / 24.7
 *   512     59.4 / 30.0  59.4 / 38.1  55.9 / 43.2  59.5 / 37.9
 *   768     59.0 / 35.5  58.9 / 48.6  56.6 / 57.2  59.4 / 48.5
 *   1 KiB   59.4 / 40.3  59.4 / 59.2  58.5 / 59.4  59.4 / 59.4
 *   4 KiB   59.0 / 54.4  59.2 / 59.8  59.0 / 60.1  59.0 / 60.3
 *   16 KiB  57.6 / 56.9  59.4 / 58.9  59.3 / 58.9  59.5 / 58.9
 *   1 MiB   57.8 / 57.4  58.1 / 58.1  58.1 / 58.1  58.4 / 58.5
 * Without the Barrett step's two products the rest shows: N = 8 loses
 * up to 6% of independent calls at 512 to 1024 bytes (its one-step
 * combine of eight), N = 2 the chains of calls; N = 4 (ISA-L's
 * crc32_iscsi in the same runs: 10.8, 37.0, 44.9, 47.6, 50.6, 52.7,
 * 57.3, 58.9, 58.4 independent). */
#ifndef CRC32C_VPCLMUL_NACC
#define CRC32C_VPCLMUL_NACC	4
#endif

	CRC_FOLD_FUNC crc32c_vpclmul, CRC32C_FOLD_W, CRC32C_FOLD_E, 64, CRC32C_VPCLMUL_NACC, .Lcrc32c, 1

	RODATA 4
	CRC32C_FOLD_CONSTS .Lcrc32c
	CRC32C_FOLD_CONSTS_ZMM .Lcrc32c
	CRC_FOLD_TABLES .Lcrc32c

#endif /* HAVE_AS_VPCLMULQDQ */
#endif /* __x86_64__ */
