/* SPDX-License-Identifier: MIT */
/* impl_crc32.c - the CRC-32/ISO-HDLC registry rows. What auto makes of
 * them comes from their costs (src/profile_builtin.c) and
 * src/cost_model.c. */
#include "crc32.h"
#include "crc_model.h"
#include "impl.h"

uint32_t crc32_generic(uint32_t crc, const uint8_t *data, size_t len)
{
	return (uint32_t)crc_model_update(&crc_model_crc32, crc, data, len);
}

const struct impl crc32_impls[] = {
#if SIMDSUM_ASM_X86
#if HAVE_AS_VPCLMULQDQ && HAVE_AS_AVX512
	/* The folding template (asm/crc_fold.h) on zmm registers.  On the
	 * Zen 5 VM against ISA-L's crc32_gzip_refl (independent calls /
	 * each fed the previous register): 64 B 1.92x/1.84x, 256 B
	 * 1.24x/1.70x, 1 KiB 1.06x/1.60x, 16 KiB 1.01x/1.00x, 1 MiB
	 * 0.99x/1.00x (both at the multiplier's bound from 4 KiB); 0.99x to
	 * 1.00x of CRC-32C's vpclmul at 16 KiB and 1 MiB. */
	{ .family = FAMILY_CRC32, .name = "vpclmul",
	  .needs = CPUF(PCLMUL) | CPUF(AVX) | CPUF(AVX2) | CPUF(AVX512F) | CPUF(AVX512VL) |
		   CPUF(AVX512BW) | CPUF(VPCLMULQDQ),
	  .fn.crc32 = crc32_vpclmul },
#endif
#if HAVE_AS_VPCLMULQDQ
	/* The folding template (asm/crc_fold.h) on ymm registers.  Its
	 * vpshufb, vpextrd and vpinsrq are VEX forms: AVX's, not SSSE3's or
	 * SSE4.1's (make check-isa holds the needs both ways). */
	{ .family = FAMILY_CRC32, .name = "vpclmul256",
	  .needs = CPUF(PCLMUL) | CPUF(AVX) | CPUF(AVX2) | CPUF(VPCLMULQDQ),
	  .fn.crc32 = crc32_vpclmul256 },
#endif
	/* The folding template on xmm registers. */
	{ .family = FAMILY_CRC32, .name = "pclmul",
	  .needs = CPUF(SSSE3) | CPUF(SSE41) | CPUF(PCLMUL),
	  .fn.crc32 = crc32_pclmul },
#endif
	{ .family = FAMILY_CRC32, .name = "generic", .fn.crc32 = crc32_generic },
	{ 0 }
};
