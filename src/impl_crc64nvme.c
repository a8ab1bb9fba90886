/* SPDX-License-Identifier: MIT */
/* impl_crc64nvme.c - the CRC-64/NVME registry rows. What auto makes of
 * them comes from their costs (src/profile_builtin.c) and
 * src/cost_model.c. */
#include "crc64nvme.h"
#include "crc_model.h"
#include "impl.h"

uint64_t crc64nvme_generic(uint64_t crc, const uint8_t *data, size_t len)
{
	return crc_model_update(&crc_model_crc64nvme, crc, data, len);
}

const struct impl crc64nvme_impls[] = {
#if SIMDSUM_ASM_X86
#if HAVE_AS_VPCLMULQDQ && HAVE_AS_AVX512
	/* The folding template (asm/crc_fold.h) on zmm registers: on the
	 * Zen 5 VM within 1% of CRC-32's vpclmul at every length, and
	 * 0.99x to 1.00x of CRC-32C's vpclmul at 16 KiB and 1 MiB. */
	{ .family = FAMILY_CRC64NVME, .name = "vpclmul",
	  .needs = CPUF(PCLMUL) | CPUF(AVX) | CPUF(AVX2) | CPUF(AVX512F) | CPUF(AVX512VL) |
		   CPUF(AVX512BW) | CPUF(VPCLMULQDQ),
	  .fn.crc64 = crc64nvme_vpclmul },
#endif
#if HAVE_AS_VPCLMULQDQ
	/* The folding template (asm/crc_fold.h) on ymm registers.  Its
	 * vpshufb, vpextrq and vpinsrq are VEX forms: AVX's, not SSSE3's or
	 * SSE4.1's (make check-isa holds the needs both ways). */
	{ .family = FAMILY_CRC64NVME, .name = "vpclmul256",
	  .needs = CPUF(PCLMUL) | CPUF(AVX) | CPUF(AVX2) | CPUF(VPCLMULQDQ),
	  .fn.crc64 = crc64nvme_vpclmul256 },
#endif
	/* The folding template on xmm registers. */
	{ .family = FAMILY_CRC64NVME, .name = "pclmul",
	  .needs = CPUF(SSSE3) | CPUF(SSE41) | CPUF(PCLMUL),
	  .fn.crc64 = crc64nvme_pclmul },
#endif
	{ .family = FAMILY_CRC64NVME, .name = "generic", .fn.crc64 = crc64nvme_generic },
	{ 0 }
};
