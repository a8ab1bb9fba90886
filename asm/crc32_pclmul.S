/* SPDX-License-Identifier: MIT */
/* crc32_pclmul.S - CRC-32 (ISO-HDLC, zlib's) by carry-less folding on xmm.
 *
 * uint32_t crc32_pclmul(uint32_t crc, const uint8_t *data, size_t len);
 *
 * Contract: crc is the un-inverted CRC register (the driver applies the
 * initial and final xor with 0xffffffff); any len including 0 (crc comes
 * back unchanged); any alignment; reads only data[0 .. len) and writes
 * no memory.  Returns the new register.  Clobbers rax, rcx, rdx, rsi,
 * rdi, r8, xmm0-xmm11 and the flags.  Needs PCLMULQDQ, SSSE3
 * (pshufb) and SSE4.1 (pinsrq, pextrd); legacy SSE encodings only, no
 * crc32 instruction.
 *
 * Idea: asm/crc_fold.h, the folding template shared with the CRC-64
 * and ymm kernels, with P = x^32 + 0x04C11DB7 (reflected 0xEDB88320)
 * worked modulo Q = P * x^32.  CRC32_PCLMUL_NACC xmm accumulators fold
 * 16 * NACC bytes a round; the tail, the short path (under 16 bytes) and
 * the Barrett reduction are the template's.  The constants come from
 * asm/gen_crc_fold_constants.py (crc32_fold_consts.h names the command).
 */
#include "asm.h"

#ifdef __x86_64__

#include "crc32_fold_consts.h"
#include "crc_fold.h"

/* Accumulators of the bulk loop (2, 4 or 8).  Measured on Zen 3: the
 * table in crc32_vpclmul256.S (N = 2, 4, 8 within 3% at every size, 12.9
 * GB/s from 4 KiB, the multiplier's bound); 4 covers the chain's latency
 * where pclmulqdq issues every cycle. */
#ifndef CRC32_PCLMUL_NACC
#define CRC32_PCLMUL_NACC	4
#endif

	CRC_FOLD_FUNC crc32_pclmul, CRC32_FOLD_W, CRC32_FOLD_E, 16, CRC32_PCLMUL_NACC, .Lcrc32

	RODATA 4
	CRC32_FOLD_CONSTS .Lcrc32
	CRC_FOLD_TABLES .Lcrc32

#endif /* __x86_64__ */
