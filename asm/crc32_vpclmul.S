/* SPDX-License-Identifier: MIT */
/* crc32_vpclmul.S - CRC-32 (ISO-HDLC, zlib's) by folding on zmm.
 *
 * uint32_t crc32_vpclmul(uint32_t crc, const uint8_t *data, size_t len);
 *
 * Contract: crc is the un-inverted CRC register (the driver applies the
 * initial and final xor with 0xffffffff); any len including 0 (crc comes
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
 * Idea: asm/crc_fold.h, the folding template shared with CRC-64/NVME,
 * CRC-32C and the xmm and ymm kernels, on zmm, with P = x^32 +
 * 0x04C11DB7 (reflected 0xEDB88320) worked modulo Q = P * x^32.  16 to
 * 256 bytes: every 64-byte block, the first one partial, moves straight
 * to the message * x^64 (a T), the register by a product of its own.
 * Longer inputs: CRC32_VPCLMUL_NACC zmm accumulators fold 64 * NACC
 * bytes a round (the two products and the data merged by one
 * vpternlogq), then fold onto the last of them at once, with the whole
 * blocks left; the last len mod 64 bytes are folded in and the four
 * lanes moved to a T.  Under 16 bytes the template's short path; the
 * Barrett reduction ends every length.  The constants come from
 * asm/gen_crc_fold_constants.py (crc32_fold_consts.h names the command).
 */
#include "asm.h"

#ifdef __x86_64__
#if HAVE_AS_VPCLMULQDQ && HAVE_AS_AVX512

#include "crc32_fold_consts.h"
#include "crc_fold.h"

/* Accumulators of the bulk loop (2, 4 or 8).  Measured on the Zen 5 VM
 * (AMD EPYC, 2 vCPUs; best of 31 interleaved batches, cached buffer,
 * GB/s; independent calls / each call fed the previous register):
 *           N=2          N=4          N=8
 *   64      19.7 /  6.0  19.7 /  5.9  19.8 /  5.9
 *   256     43.7 / 20.3  43.5 / 20.3  43.9 / 20.4
 *   384     51.5 / 22.4  51.5 / 23.5  51.6 / 24.3
 *   512     52.8 / 26.2  53.0 / 31.9  52.9 / 35.1
 *   768     54.5 / 32.0  54.4 / 41.8  54.3 / 44.0
 *   1 KiB   55.9 / 36.7  56.2 / 54.4  56.2 / 56.0
 *   4 KiB   58.1 / 53.2  58.1 / 59.1  58.2 / 59.2
 *   16 KiB  59.1 / 58.6  59.2 / 58.6  59.2 / 58.6
 *   1 MiB   57.6 / 57.3  58.0 / 58.1  57.7 / 57.9
 * Up to 256 bytes N plays no part (phase Z's short path); independent
 * calls run at the multiplier's bound for every N (one vpclmulqdq every
 * other cycle: 16 bytes a cycle in the bulk, and the end's products on
 * top); a chain of calls waits on acc_0's rounds, which more
 * accumulators make fewer: N = 8 (ISA-L's crc32_gzip_refl in the same
 * runs: 10.3, 35.4, 43.6, 47.6, 50.8, 52.9, 57.1, 58.8, 58.2
 * independent). */
#ifndef CRC32_VPCLMUL_NACC
#define CRC32_VPCLMUL_NACC	8
#endif

	CRC_FOLD_FUNC crc32_vpclmul, CRC32_FOLD_W, CRC32_FOLD_E, 64, CRC32_VPCLMUL_NACC, .Lcrc32

	RODATA 4
	CRC32_FOLD_CONSTS .Lcrc32
	CRC32_FOLD_CONSTS_ZMM .Lcrc32
	CRC_FOLD_TABLES .Lcrc32

#endif /* HAVE_AS_VPCLMULQDQ && HAVE_AS_AVX512 */
#endif /* __x86_64__ */
