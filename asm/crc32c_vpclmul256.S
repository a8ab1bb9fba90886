/* SPDX-License-Identifier: MIT */
/* crc32c_vpclmul256.S - CRC-32C (Castagnoli) by folding on ymm alone.
 *
 * uint32_t crc32c_vpclmul256(uint32_t crc, const uint8_t *data, size_t len);
 *
 * Contract: crc is the un-inverted CRC register (the driver applies the
 * initial and final xor with 0xffffffff); any len including 0 (crc comes
 * back unchanged); any alignment; reads only data[0 .. len) and writes
 * no memory.  Returns the new register.  Clobbers rax, rcx, rdx, rsi,
 * rdi, r8, ymm0-ymm11 and the flags; the upper vector state is
 * cleared (vzeroupper) before returning.  Needs AVX, AVX2
 * (vbroadcasti128, vextracti128) and VPCLMULQDQ (vpclmulqdq on ymm),
 * VEX encodings only: no AVX-512, no crc32 instruction.  For CPUs with
 * 256-bit VPCLMULQDQ where the crc32 instruction's chains of avx2blend
 * do not pay (one crc32 a cycle, as on Intel); the profile decides.
 *
 * Idea: asm/crc_fold.h, the folding template shared with CRC-32, CRC-64
 * and xmm kernels, with P = x^32 + 0x1EDC6F41 (reflected 0x82F63B78)
 * worked modulo Q = P * x^32.  CRC32C_VPCLMUL256_NACC ymm accumulators
 * fold 32 * NACC bytes a round, both 128-bit lanes of each with the same
 * pair; they are halved into one, which folds by 32 and then into an
 * xmm; the tail, the short path (under 16 bytes) and the Barrett
 * reduction are the template's.  The constants come from
 * asm/gen_crc_fold_constants.py (crc32c_fold_consts.h names the command).
 */
#include "asm.h"

#ifdef __x86_64__
#if HAVE_AS_VPCLMULQDQ

#include "crc32c_fold_consts.h"
#include "crc_fold.h"

/* Accumulators of the bulk loop (2, 4 or 8).  Measured on Zen 3 (EPYC,
 * family 0x19 model 0x01; best of interleaved batches, cached buffer,
 * GB/s, independent calls) for this kernel / crc32_pclmul:
 *          N=2          N=4          N=8
 *   128    17.2 / 11.2  16.6 / 11.5  15.9 / 11.5
 *   256    21.8 / 12.6  21.8 / 12.5  21.2 / 12.4
 *   1000   24.2 / 12.8  24.1 / 12.7  24.1 / 12.7
 *   16 KiB 25.5 / 12.9  25.5 / 12.9  25.7 / 12.9
 *   1 MiB  25.9 / 13.0  25.8 / 13.0  25.8 / 13.0
 * From 4 KiB on every N runs at the multiplier's bound (vpclmulqdq, xmm
 * or ymm, issues every other cycle here: 8 bytes a cycle on ymm, 4 on
 * xmm); N = 8 loses up to 6% between 128 and 1000 bytes (the deeper
 * halving, longer by-32 tails), N = 2 and 4 tie within noise.  N = 4: a
 * round of 2N products then covers the 5-cycle chain (product, xor) also
 * where the multiplier issues every cycle. */
#ifndef CRC32C_VPCLMUL256_NACC
#define CRC32C_VPCLMUL256_NACC	4
#endif

	CRC_FOLD_FUNC crc32c_vpclmul256, CRC32C_FOLD_W, CRC32C_FOLD_E, 32, CRC32C_VPCLMUL256_NACC, .Lcrc32c

	RODATA 4
	CRC32C_FOLD_CONSTS .Lcrc32c
	CRC_FOLD_TABLES .Lcrc32c

#endif /* HAVE_AS_VPCLMULQDQ */
#endif /* __x86_64__ */
