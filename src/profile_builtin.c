/* python3 bench/gen_profile_builtin.py > src/profile_builtin.c */
/* SPDX-License-Identifier: MIT */
/* profile_builtin.c - the built-in cost profiles, most specific first; the
 * last is the default for CPUs without one. Generated from the `simdsum
 * --benchmark` tables of bench/RESULTS.md by bench/gen_profile_builtin.py
 * (fitted by bench/profile_fit.py, the fit --tune uses): edit those, not
 * this. C data rather than profile text (src/profile.h) so that a run
 * does not parse them (about 30 us each on the Zen 1 VM); src/profile_table.c
 * resolves their rows' names.
 *
 * The I/O choice is "measure" in all of them: whether mmap beats read() on
 * a cached file depended on the hypervisor as much as on the CPU (1.5-2.6x
 * faster on the Zen 4 VM, 5x slower on the Zen 5 one), so the run decides
 * unless a profile saved by --tune on this machine says. */
#include "profile.h"

/* AMD Zen 5 (family 0x1A): the Turin VM. Key AuthenticAMD-1a-xx in bench/RESULTS.md. */
static const struct builtin_row zen5[] = {
	{ FAMILY_SHA1, "shani", 56.2095, 0.552298, 0, 0, 0 },
	{ FAMILY_SHA1, "avx2", 81.6843, 0.732739, 0, 0, 0 },
	{ FAMILY_SHA1, "avx", 75.6882, 0.742692, 0, 0, 0 },
	{ FAMILY_SHA1, "ssse3", 75.8798, 0.742304, 0, 0, 0 },
	{ FAMILY_SHA1, "generic", 120.993, 1.57937, 0, 0, 0 },
	{ FAMILY_SHA1, "avx512x16", 0, 0.0945571, 0, 0, 0 },
	{ FAMILY_SHA1, "shanix3", 0, 0.336322, 0, 0, 0 },
	{ FAMILY_SHA1, "avx2x8", 0, 0.292961, 0, 0, 0 },
	{ FAMILY_SHA256, "shani", 62.0171, 0.584671, 0, 0, 0 },
	{ FAMILY_SHA256, "avx2", 124.898, 1.49613, 0, 0, 0 },
	{ FAMILY_SHA256, "avx", 119.091, 1.60281, 0, 0, 0 },
	{ FAMILY_SHA256, "ssse3", 123.695, 1.65602, 0, 0, 0 },
	{ FAMILY_SHA256, "generic", 187.088, 2.65375, 0, 0, 0 },
	{ FAMILY_SHA256, "avx512x16", 0, 0.151673, 0, 0, 0 },
	{ FAMILY_SHA256, "shanix2", 0, 0.354697, 0, 0, 0 },
	{ FAMILY_SHA256, "avx2x8", 0, 0.571233, 0, 0, 0 },
	{ FAMILY_SHA512, "avx512", 96.4706, 0.963777, 0, 0, 0 },
	{ FAMILY_SHA512, "avx2", 94.5383, 0.982488, 0, 0, 0 },
	{ FAMILY_SHA512, "avx", 101.65, 1.06575, 0, 0, 0 },
	{ FAMILY_SHA512, "ssse3", 126.563, 1.08303, 0, 0, 0 },
	{ FAMILY_SHA512, "generic", 137.598, 1.72159, 0, 0, 0 },
	{ FAMILY_SHA512, "avx512x8", 0, 0.20342, 0, 0, 0 },
	{ FAMILY_CRC32C, "hybrid", 4.60353, 0.0102091, 0, 0, 0 },
	{ FAMILY_CRC32C, "vpclmul", 3.95201, 0.0175463, 0, 0, 0 },
	{ FAMILY_CRC32C, "sse42", 3.17722, 0.0324842, 0, 0, 0 },
	{ FAMILY_CRC32C, "pclmul", 2.62986, 0.0716006, 0, 0, 0 },
	{ FAMILY_CRC32C, "generic", 0, 0.47572, 0, 0, 0 },
	{ FAMILY_MD5, "avx2x8", 0, 0.304878, 0, 0, 0 },
	{ FAMILY_MD5, "avx512x16", 0, 0.130619, 0, 0, 0 },
	{ FAMILY_CRC32C, "vpclmul256", 3.70993, 0.0357982, 0, 0, 0 },
	{ FAMILY_CRC32, "vpclmul256", 3.89547, 0.0353789, 0, 0, 0 },
	{ FAMILY_CRC32, "pclmul", 3.93927, 0.0464902, 84, 1.20099, 0.0750787 },
	{ FAMILY_CRC32, "generic", 0, 0.477046, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "vpclmul256", 4.11054, 0.0352798, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "pclmul", 2.95776, 0.0713266, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "generic", 0, 0.479422, 0, 0, 0 },
	{ FAMILY_MD5, "generic", 327.982, 1.12308, 0, 0, 0 },
	{ FAMILY_MD5, "x86_64", 180.303, 1.00281, 0, 0, 0 },
	{ FAMILY_XXH64, "libxxhash", 0, 0.225462, 80, 0, 0.0644047 },
	{ FAMILY_XXH3, "libxxhash", 0, 0.046317, 256, 0, 0.0164035 },
	{ FAMILY_CRC32, "vpclmul", 3.93927, 0.0175463, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "vpclmul", 2.95776, 0.0175463, 0, 0, 0 },
};

/* AMD Zen 4 (family 0x19, models 0x10-0x1f Genoa, 0x60-0x7f Raphael and
 * Phoenix, 0xa0-0xaf Bergamo): DERIVED, not measured in full. Measured on
 * the Genoa VM (issue 15): sha256 shani 1730 MiB/s, shanix2 3440 and
 * avx512x16 3620 aggregate, crc32c vpclmul 55000 and hybrid about 50000
 * at 1 MiB. The other rows are Zen 5's scaled by the SHA-NI ratio
 * (1625/1730), the other 512-bit multi-buffer rows by Zen 5's x16 ratio
 * (6067/3620: Zen 4 runs 512-bit operations in two halves), sse42 at half
 * Zen 5's rate (one crc32 a cycle, against two), avx2blend (which
 * no Zen 5 ran) at Zen 3's ratio to sse42, one line from its first
 * segment (the blend it switches to on longer calls is not carried). */
static const struct builtin_row zen4[] = {
	{ FAMILY_SHA1, "shani", 52.8109, 0.518905, 0, 0, 0 },
	{ FAMILY_SHA1, "avx2", 76.7454, 0.688436, 0, 0, 0 },
	{ FAMILY_SHA1, "avx", 71.1119, 0.697787, 0, 0, 0 },
	{ FAMILY_SHA1, "ssse3", 71.2919, 0.697423, 0, 0, 0 },
	{ FAMILY_SHA1, "generic", 113.677, 1.48387, 0, 0, 0 },
	{ FAMILY_SHA1, "avx512x16", 0, 0.15848, 0, 0, 0 },
	{ FAMILY_SHA1, "shanix3", 0, 0.315987, 0, 0, 0 },
	{ FAMILY_SHA1, "avx2x8", 0, 0.275247, 0, 0, 0 },
	{ FAMILY_SHA256, "shani", 58.2674, 0.54932, 0, 0, 0 },
	{ FAMILY_SHA256, "avx2", 117.346, 1.40567, 0, 0, 0 },
	{ FAMILY_SHA256, "avx", 111.89, 1.5059, 0, 0, 0 },
	{ FAMILY_SHA256, "ssse3", 116.216, 1.55589, 0, 0, 0 },
	{ FAMILY_SHA256, "generic", 175.776, 2.4933, 0, 0, 0 },
	{ FAMILY_SHA256, "avx512x16", 0, 0.263446, 0, 0, 0 },
	{ FAMILY_SHA256, "shanix2", 0, 0.277231, 0, 0, 0 },
	{ FAMILY_SHA256, "avx2x8", 0, 0.536695, 0, 0, 0 },
	{ FAMILY_SHA512, "avx512", 90.6377, 0.905505, 0, 0, 0 },
	{ FAMILY_SHA512, "avx2", 88.8223, 0.923084, 0, 0, 0 },
	{ FAMILY_SHA512, "avx", 95.5037, 1.00131, 0, 0, 0 },
	{ FAMILY_SHA512, "ssse3", 118.911, 1.01755, 0, 0, 0 },
	{ FAMILY_SHA512, "generic", 129.279, 1.6175, 0, 0, 0 },
	{ FAMILY_SHA512, "avx512x8", 0, 0.340937, 0, 0, 0 },
	{ FAMILY_CRC32C, "hybrid", 4.32519, 0.0190735, 0, 0, 0 },
	{ FAMILY_CRC32C, "vpclmul", 3.71306, 0.0173395, 0, 0, 0 },
	{ FAMILY_CRC32C, "sse42", 2.98512, 0.0610403, 0, 0, 0 },
	{ FAMILY_CRC32C, "pclmul", 2.47086, 0.0672715, 0, 0, 0 },
	{ FAMILY_CRC32C, "generic", 0, 0.446957, 0, 0, 0 },
	{ FAMILY_MD5, "avx2x8", 0, 0.286444, 0, 0, 0 },
	{ FAMILY_MD5, "avx512x16", 0, 0.21892, 0, 0, 0 },
	{ FAMILY_CRC32C, "avx2blend", 2.63766, 0.0625947, 0, 0, 0 },
	{ FAMILY_CRC32C, "vpclmul256", 3.48562, 0.0336338, 0, 0, 0 },
	{ FAMILY_CRC32, "vpclmul256", 3.65994, 0.0332398, 0, 0, 0 },
	{ FAMILY_CRC32, "pclmul", 3.70109, 0.0436793, 84, 1.12838, 0.0705393 },
	{ FAMILY_CRC32, "generic", 0, 0.448203, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "vpclmul256", 3.862, 0.0331467, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "pclmul", 2.77893, 0.067014, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "generic", 0, 0.450435, 0, 0, 0 },
	{ FAMILY_MD5, "generic", 308.151, 1.05518, 0, 0, 0 },
	{ FAMILY_MD5, "x86_64", 169.402, 0.942174, 0, 0, 0 },
	{ FAMILY_XXH64, "libxxhash", 0, 0.21183, 80, 0, 0.0605106 },
	{ FAMILY_XXH3, "libxxhash", 0, 0.0435166, 256, 0, 0.0154117 },
	{ FAMILY_CRC32, "vpclmul", 3.70109, 0.0173395, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "vpclmul", 2.77893, 0.0173395, 0, 0, 0 },
};

/* AMD Zen 3 (family 0x19, models 0x00-0x0f Milan, 0x20-0x5f Vermeer,
 * Cezanne...): the Milan VM. No AVX-512. Key AuthenticAMD-19-01 in bench/RESULTS.md. */
static const struct builtin_row zen3[] = {
	{ FAMILY_SHA1, "shani", 3.40167, 0.584109, 0, 0, 0 },
	{ FAMILY_SHA1, "avx2", 10.5738, 0.918416, 0, 0, 0 },
	{ FAMILY_SHA1, "avx", 6.45409, 0.933159, 0, 0, 0 },
	{ FAMILY_SHA1, "ssse3", 5.84103, 0.956703, 0, 0, 0 },
	{ FAMILY_SHA1, "generic", 1.70392, 2.18697, 0, 0, 0 },
	{ FAMILY_SHA1, "shanix3", 0, 0.347729, 0, 0, 0 },
	{ FAMILY_SHA1, "avx2x8", 0, 0.274207, 0, 0, 0 },
	{ FAMILY_SHA256, "shani", 3.70823, 0.622935, 0, 0, 0 },
	{ FAMILY_SHA256, "avx2", 13.728, 2.06809, 0, 0, 0 },
	{ FAMILY_SHA256, "avx", 4.14845, 2.25779, 0, 0, 0 },
	{ FAMILY_SHA256, "ssse3", 2.68413, 2.41137, 0, 0, 0 },
	{ FAMILY_SHA256, "generic", 3.95465, 3.53556, 0, 0, 0 },
	{ FAMILY_SHA256, "shanix2", 0, 0.31211, 0, 0, 0 },
	{ FAMILY_SHA256, "avx2x8", 0, 0.676464, 0, 0, 0 },
	{ FAMILY_SHA512, "avx2", 6.95628, 1.4866, 0, 0, 0 },
	{ FAMILY_SHA512, "avx", 39.4674, 1.55822, 0, 0, 0 },
	{ FAMILY_SHA512, "ssse3", 0, 1.93905, 0, 0, 0 },
	{ FAMILY_SHA512, "generic", 2.83211, 2.21676, 0, 0, 0 },
	{ FAMILY_MD5, "x86_64", 2.53918, 1.3886, 0, 0, 0 },
	{ FAMILY_MD5, "generic", 4.61891, 1.55515, 0, 0, 0 },
	{ FAMILY_MD5, "avx2x8", 0, 0.201568, 0, 0, 0 },
	{ FAMILY_XXH64, "libxxhash", 30.6749, 0.266591, 80, 33.8364, 0.0761534 },
	{ FAMILY_XXH3, "libxxhash", 18.5428, 0.0547662, 256, 37.0262, 0.0193958 },
	{ FAMILY_CRC32C, "avx2blend", 2.83183, 0.041917, 430, 11.6934, 0.0212786 },
	{ FAMILY_CRC32C, "vpclmul256", 3.31023, 0.036578, 0, 0, 0 },
	{ FAMILY_CRC32C, "sse42", 3.20486, 0.0408761, 0, 0, 0 },
	{ FAMILY_CRC32C, "pclmul", 2.34653, 0.0731603, 0, 0, 0 },
	{ FAMILY_CRC32C, "generic", 0, 0.562501, 0, 0, 0 },
	{ FAMILY_CRC32, "vpclmul256", 3.47578, 0.0361496, 0, 0, 0 },
	{ FAMILY_CRC32, "pclmul", 3.51486, 0.0475029, 84, 1.0716, 0.0767142 },
	{ FAMILY_CRC32, "generic", 0, 0.564069, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "vpclmul256", 3.66768, 0.0360483, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "pclmul", 2.6391, 0.0728803, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "generic", 0, 0.566879, 0, 0, 0 },
};

/* AMD Zen and Zen+ (family 0x17, models 0x00-0x2f: Naples, Summit and
 * Pinnacle Ridge, Raven Ridge, Picasso): the Naples VM. No AVX-512 and
 * no VPCLMULQDQ; 256-bit operations run in two 128-bit halves, so the
 * eight AVX2 lanes of SHA-256 lose to SHA-NI even on one file.
 * Zen 2 (models 0x30-0xff) runs AVX2 at full width: the default. Key AuthenticAMD-17-01 in bench/RESULTS.md. */
static const struct builtin_row zen1[] = {
	{ FAMILY_SHA1, "shani", 3.34217, 0.631905, 0, 0, 0 },
	{ FAMILY_SHA1, "avx2", 10.0327, 1.19017, 0, 0, 0 },
	{ FAMILY_SHA1, "avx", 7.65309, 1.13366, 0, 0, 0 },
	{ FAMILY_SHA1, "ssse3", 26.963, 1.18375, 0, 0, 0 },
	{ FAMILY_SHA1, "generic", 2.53635, 2.41386, 0, 0, 0 },
	{ FAMILY_SHA1, "shanix3", 0, 0.41795, 0, 0, 0 },
	{ FAMILY_SHA1, "avx2x8", 0, 0.677342, 0, 0, 0 },
	{ FAMILY_SHA256, "shani", 4.34132, 0.673631, 0, 0, 0 },
	{ FAMILY_SHA256, "avx2", 37.7249, 2.65573, 0, 0, 0 },
	{ FAMILY_SHA256, "avx", 36.2802, 2.78086, 0, 0, 0 },
	{ FAMILY_SHA256, "ssse3", 7.71411, 3.33219, 0, 0, 0 },
	{ FAMILY_SHA256, "generic", 25.5317, 4.17744, 0, 0, 0 },
	{ FAMILY_SHA256, "shanix2", 0, 0.364875, 0, 0, 0 },
	{ FAMILY_SHA256, "avx2x8", 0, 1.77579, 0, 0, 0 },
	{ FAMILY_SHA512, "avx2", 70.6481, 1.90415, 0, 0, 0 },
	{ FAMILY_SHA512, "avx", 4.67095, 2.26854, 0, 0, 0 },
	{ FAMILY_SHA512, "ssse3", 6.31082, 2.46878, 0, 0, 0 },
	{ FAMILY_SHA512, "generic", 26.7015, 2.67111, 0, 0, 0 },
	{ FAMILY_MD5, "x86_64", 2.67763, 1.50804, 0, 0, 0 },
	{ FAMILY_MD5, "generic", 6.29936, 1.76351, 0, 0, 0 },
	{ FAMILY_MD5, "avx2x8", 0, 0.324331, 0, 0, 0 },
	{ FAMILY_XXH64, "libxxhash", 39.6108, 0.0873139, 0, 0, 0 },
	{ FAMILY_XXH3, "libxxhash", 32.3138, 0.0484096, 0, 0, 0 },
	{ FAMILY_CRC32C, "sse42", 2.05057, 0.156747, 0, 0, 0 },
	{ FAMILY_CRC32C, "pclmul", 2.64883, 0.0801606, 0, 0, 0 },
	{ FAMILY_CRC32C, "generic", 0.439259, 0.598928, 0, 0, 0 },
	{ FAMILY_CRC32, "pclmul", 2.64788, 0.0801561, 0, 0, 0 },
	{ FAMILY_CRC32, "generic", 0.458545, 0.597804, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "pclmul", 2.93278, 0.0814665, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "generic", 0, 0.614308, 0, 0, 0 },
};


/* Read by profile_table.c; the default last. */
const struct builtin_profile profile_builtins[] = {
	{ .name = "AMD Zen 5",
	  .vendor = "AuthenticAMD",
	  .family = 0x1a,
	  .nranges = 1,
	  .model = { { 0x00, 0xff } },
	  .io = IO_PREF_MEASURE,
	  .rows = zen5,
	  .nrows = sizeof zen5 / sizeof zen5[0] },
	{ .name = "AMD Zen 4 (derived)",
	  .vendor = "AuthenticAMD",
	  .family = 0x19,
	  .nranges = 3,
	  .model = { { 0x10, 0x1f }, { 0x60, 0x7f }, { 0xa0, 0xaf } },
	  .io = IO_PREF_MEASURE,
	  .rows = zen4,
	  .nrows = sizeof zen4 / sizeof zen4[0] },
	{ .name = "AMD Zen 3",
	  .vendor = "AuthenticAMD",
	  .family = 0x19,
	  .nranges = 2,
	  .model = { { 0x00, 0x0f }, { 0x20, 0x5f } },
	  .io = IO_PREF_MEASURE,
	  .rows = zen3,
	  .nrows = sizeof zen3 / sizeof zen3[0] },
	{ .name = "AMD Zen 1",
	  .vendor = "AuthenticAMD",
	  .family = 0x17,
	  .nranges = 1,
	  .model = { { 0x00, 0x2f } },
	  .io = IO_PREF_MEASURE,
	  .rows = zen1,
	  .nrows = sizeof zen1 / sizeof zen1[0] },
	/* CPUs without a profile: Zen 4's figures (its rows), the more careful
	 * of the AMD generations: 512-bit lanes only when nearly full (SHA-NI
	 * interleaving otherwise), folding rather than Zen 5's crc32 blend (on
	 * Intel, which issues one crc32 a cycle, the blend's chains would be
	 * the bottleneck). */
	{ .name = "default",
	  .io = IO_PREF_MEASURE,
	  .rows = zen4,
	  .nrows = sizeof zen4 / sizeof zen4[0] },
};
const unsigned profile_builtins_count = sizeof profile_builtins / sizeof profile_builtins[0];
