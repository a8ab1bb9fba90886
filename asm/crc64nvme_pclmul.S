/* SPDX-License-Identifier: MIT */
/* crc64nvme_pclmul.S - CRC-64/NVME by carry-less folding on xmm.
 *
 * uint64_t crc64nvme_pclmul(uint64_t crc, const uint8_t *data, size_t len);
 *
 * Contract: crc is the un-inverted CRC register (the driver applies the
 * initial and final xor with ~0); any len including 0 (crc comes back
 * unchanged); any alignment; reads only data[0 .. len) and writes no
 * memory.  Returns the new register.  Clobbers rax, rcx, rdx, rsi, rdi,
 * r8, xmm0-xmm11 and the flags.  Needs PCLMULQDQ, SSSE3 (pshufb)
 * and SSE4.1 (pinsrq, pextrq); legacy SSE encodings only.
 *
 * Idea: asm/crc_fold.h, the folding template shared with the CRC-32
 * and ymm kernels, with P = x^64 + 0xAD93D23594C93659 (reflected
 * 0x9A6C9329AC4BC9B5), Q = P.  CRC64NVME_PCLMUL_NACC xmm accumulators
 * fold 16 * NACC bytes a round; the tail, the short path (under 16
 * bytes) and the Barrett reduction (here with its e * q term, Q having
 * a constant term) are the template's.  The constants come from
 * asm/gen_crc_fold_constants.py (crc64nvme_fold_consts.h names the
 * command).
 */
#include "asm.h"

#ifdef __x86_64__

#include "crc64nvme_fold_consts.h"
#include "crc_fold.h"

/* Accumulators of the bulk loop (2, 4 or 8).  Measured on Zen 3: the
 * table in crc32_vpclmul256.S (N = 2, 4, 8 within 3% at every size, 12.9
 * GB/s from 4 KiB, the multiplier's bound); 4 covers the chain's latency
 * where pclmulqdq issues every cycle. */
#ifndef CRC64NVME_PCLMUL_NACC
#define CRC64NVME_PCLMUL_NACC	4
#endif

	CRC_FOLD_FUNC crc64nvme_pclmul, CRC64NVME_FOLD_W, CRC64NVME_FOLD_E, 16, CRC64NVME_PCLMUL_NACC, .Lcrc64nvme

	RODATA 4
	CRC64NVME_FOLD_CONSTS .Lcrc64nvme
	CRC_FOLD_TABLES .Lcrc64nvme

#endif /* __x86_64__ */
