/* SPDX-License-Identifier: MIT */
/* crc64nvme_vpclmul256.S - CRC-64/NVME by carry-less folding on ymm.
 *
 * uint64_t crc64nvme_vpclmul256(uint64_t crc, const uint8_t *data, size_t len);
 *
 * Contract: crc is the un-inverted CRC register (the driver applies the
 * initial and final xor with ~0); any len including 0 (crc comes back
 * unchanged); any alignment; reads only data[0 .. len) and writes no
 * memory.  Returns the new register.  Clobbers rax, rcx, rdx, rsi, rdi,
 * r8, ymm0-ymm11 and the flags; the upper vector state is cleared
 * (vzeroupper) before returning.  Needs AVX, AVX2 (vbroadcasti128,
 * vextracti128) and VPCLMULQDQ (vpclmulqdq on ymm), VEX encodings only:
 * no AVX-512.  Written for CPUs with 256-bit VPCLMULQDQ and no AVX-512
 * (AMD Zen 3, Intel Alder Lake).
 *
 * Idea: asm/crc_fold.h, the folding template shared with the CRC-32
 * and xmm kernels, with P = x^64 + 0xAD93D23594C93659 (reflected
 * 0x9A6C9329AC4BC9B5), Q = P.  CRC64NVME_VPCLMUL256_NACC ymm
 * accumulators fold 32 * NACC bytes a round, both 128-bit lanes of each
 * with the same pair; they are halved into one, which folds by 32 and
 * then into an xmm; the tail, the short path (under 16 bytes) and the
 * Barrett reduction (with its e * q term) are the template's.  The
 * constants come from asm/gen_crc_fold_constants.py
 * (crc64nvme_fold_consts.h names the command).
 */
#include "asm.h"

#ifdef __x86_64__
#if HAVE_AS_VPCLMULQDQ

#include "crc64nvme_fold_consts.h"
#include "crc_fold.h"

/* Accumulators of the bulk loop (2, 4 or 8); the measurements are in
 * crc32_vpclmul256.S (the same code: CRC-64 ran within 1% of CRC-32). */
#ifndef CRC64NVME_VPCLMUL256_NACC
#define CRC64NVME_VPCLMUL256_NACC	4
#endif

	CRC_FOLD_FUNC crc64nvme_vpclmul256, CRC64NVME_FOLD_W, CRC64NVME_FOLD_E, 32, CRC64NVME_VPCLMUL256_NACC, .Lcrc64nvme

	RODATA 4
	CRC64NVME_FOLD_CONSTS .Lcrc64nvme
	CRC_FOLD_TABLES .Lcrc64nvme

#endif /* HAVE_AS_VPCLMULQDQ */
#endif /* __x86_64__ */
