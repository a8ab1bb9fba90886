/* SPDX-License-Identifier: MIT */
/* crc64nvme_vpclmul.S - CRC-64/NVME by carry-less folding on zmm.
 *
 * uint64_t crc64nvme_vpclmul(uint64_t crc, const uint8_t *data, size_t len);
 *
 * Contract: crc is the un-inverted CRC register (the driver applies the
 * initial and final xor with ~0); any len including 0 (crc comes
 * back unchanged); any alignment; reads only data[0 .. len) (the
 * partial blocks are fetched by byte-masked loads, whose masked-out
 * bytes are neither read nor able to fault) and writes no memory.
 * Returns the new register.  Clobbers rax, rcx, rdx, rsi, rdi, r8,
 * zmm0-zmm9, zmm16-zmm30, k1 and the flags; the upper vector state is
 * cleared (vzeroupper) before returning.  Needs AVX512F (the zmm
 * instructions), AVX512VL (vpternlogq on xmm), AVX512BW (vmovdqu8 and
 * kmovq), VPCLMULQDQ (vpclmulqdq on zmm), AVX and PCLMULQDQ (the
 * VEX steps of the end and of the short path: vpclmulqdq on xmm,
 * vpextr, vpinsrq) and AVX2 (vextracti128 and vpxor on ymm); no
 * crc32 instruction.
 *
 * Idea: asm/crc_fold.h, the folding template shared with CRC-32,
 * CRC-32C and the xmm and ymm kernels, on zmm, with P = x^64 +
 * 0xAD93D23594C93659 (reflected 0x9A6C9329AC4BC9B5), Q = P.  16 to 256
 * bytes: every 64-byte block, the first one partial, moves straight to
 * the message * x^64 (a T), the register by a product of its own.
 * Longer inputs: CRC64NVME_VPCLMUL_NACC zmm accumulators fold 64 * NACC
 * bytes a round (the two products and the data merged by one
 * vpternlogq), then fold onto the last of them at once, with the whole
 * blocks left; the last len mod 64 bytes are folded in and the four
 * lanes moved to a T.  Under 16 bytes the template's short path; the
 * Barrett reduction (with its e * q term) ends every length.  The
 * constants come from asm/gen_crc_fold_constants.py
 * (crc64nvme_fold_consts.h names the command).
 */
#include "asm.h"

#ifdef __x86_64__
#if HAVE_AS_VPCLMULQDQ && HAVE_AS_AVX512

#include "crc64nvme_fold_consts.h"
#include "crc_fold.h"

/* Accumulators of the bulk loop (2, 4 or 8).  Measured with
 * crc32_vpclmul.S's table, which has the method (GB/s; independent calls
 * / each call fed the previous register):
 *           N=2          N=4          N=8
 *   64      19.8 /  5.9  19.7 /  5.9  19.6 /  5.9
 *   256     43.8 / 20.3  43.6 / 20.3  43.5 / 20.2
 *   384     51.7 / 22.2  51.3 / 23.4  51.4 / 24.2
 *   512     52.9 / 26.1  52.9 / 32.0  52.8 / 37.5
 *   768     54.7 / 31.8  54.8 / 42.0  54.8 / 43.7
 *   1 KiB   55.9 / 36.7  55.9 / 54.7  55.8 / 55.9
 *   4 KiB   58.2 / 53.2  58.2 / 59.4  58.1 / 59.3
 *   16 KiB  59.3 / 58.6  59.2 / 58.6  59.2 / 58.6
 *   1 MiB   57.8 / 57.4  58.4 / 58.3  58.3 / 58.3
 * The same code as CRC-32 but for the Barrett step's e * q: the same
 * speed, and the same choice, N = 8. */
#ifndef CRC64NVME_VPCLMUL_NACC
#define CRC64NVME_VPCLMUL_NACC	8
#endif

	CRC_FOLD_FUNC crc64nvme_vpclmul, CRC64NVME_FOLD_W, CRC64NVME_FOLD_E, 64, CRC64NVME_VPCLMUL_NACC, .Lcrc64nvme

	RODATA 4
	CRC64NVME_FOLD_CONSTS .Lcrc64nvme
	CRC64NVME_FOLD_CONSTS_ZMM .Lcrc64nvme
	CRC_FOLD_TABLES .Lcrc64nvme

#endif /* HAVE_AS_VPCLMULQDQ && HAVE_AS_AVX512 */
#endif /* __x86_64__ */
