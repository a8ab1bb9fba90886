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

/* AMD Zen 5 (family 0x1A): the Turin VM (model 0x02). Key AuthenticAMD-1a-02 in bench/RESULTS.md. */
static const struct builtin_row zen5[] = {
	{ FAMILY_SHA1, "shani", 3.37421, 0.556589, 0, 0, 0 },
	{ FAMILY_SHA1, "avx2", 9.63996, 0.755187, 0, 0, 0 },
	{ FAMILY_SHA1, "avx", 4.47429, 0.750134, 0, 0, 0 },
	{ FAMILY_SHA1, "ssse3", 4.5248, 0.749703, 0, 0, 0 },
	{ FAMILY_SHA1, "generic", 1.85282, 1.59477, 0, 0, 0 },
	{ FAMILY_SHA1, "avx512x16", 0, 0.0990494, 0, 0, 0 },
	{ FAMILY_SHA1, "shanix3", 0, 0.341619, 0, 0, 0 },
	{ FAMILY_SHA1, "avx2x8", 0, 0.301197, 0, 0, 0 },
	{ FAMILY_SHA256, "shani", 3.87936, 0.59001, 0, 0, 0 },
	{ FAMILY_SHA256, "avx2", 5.07677, 1.50907, 0, 0, 0 },
	{ FAMILY_SHA256, "avx", 1.03506, 1.60885, 0, 0, 0 },
	{ FAMILY_SHA256, "ssse3", 1.87184, 1.66439, 0, 0, 0 },
	{ FAMILY_SHA256, "generic", 1.15574, 2.66069, 0, 0, 0 },
	{ FAMILY_SHA256, "avx512x16", 0, 0.15669, 0, 0, 0 },
	{ FAMILY_SHA256, "shanix2", 0, 0.348735, 0, 0, 0 },
	{ FAMILY_SHA256, "avx2x8", 0, 0.583641, 0, 0, 0 },
	{ FAMILY_SHA512, "avx512", 12.6069, 0.941074, 0, 0, 0 },
	{ FAMILY_SHA512, "avx2", 11.9593, 0.938855, 0, 0, 0 },
	{ FAMILY_SHA512, "avx", 1.02964, 1.02851, 0, 0, 0 },
	{ FAMILY_SHA512, "ssse3", 4.55122, 1.04456, 0, 0, 0 },
	{ FAMILY_SHA512, "generic", 0.574509, 1.77758, 0, 0, 0 },
	{ FAMILY_SHA512, "avx512x8", 0, 0.205933, 0, 0, 0 },
	{ FAMILY_MD5, "x86_64", 1.90934, 1.30676, 0, 0, 0 },
	{ FAMILY_MD5, "generic", 4.71942, 1.45632, 0, 0, 0 },
	{ FAMILY_MD5, "avx512x16", 0, 0.148108, 0, 0, 0 },
	{ FAMILY_MD5, "avx2x8", 0, 0.34417, 0, 0, 0 },
	{ FAMILY_XXH64, "libxxhash", 20.2851, 0.209115, 80, 28.4746, 0.0546018 },
	{ FAMILY_XXH3, "libxxhash", 12.781, 0.0354695, 256, 32.8388, 0.014075 },
	{ FAMILY_CRC32C, "hybrid", 2.63084, 0.01054, 0, 0, 0 },
	{ FAMILY_CRC32C, "vpclmul", 2.1443, 0.0153289, 0, 0, 0 },
	{ FAMILY_CRC32C, "avx2blend", 2.94689, 0.0221701, 0, 0, 0 },
	{ FAMILY_CRC32C, "vpclmul256", 2.2842, 0.0352256, 0, 0, 0 },
	{ FAMILY_CRC32C, "sse42", 2.2465, 0.0278571, 0, 0, 0 },
	{ FAMILY_CRC32C, "pclmul", 1.39596, 0.0697855, 0, 0, 0 },
	{ FAMILY_CRC32C, "generic", 0, 0.44563, 80, 0, 0.532344 },
	{ FAMILY_CRC32, "vpclmul", 2.581, 0.0164935, 0, 0, 0 },
	{ FAMILY_CRC32, "vpclmul256", 2.22906, 0.035291, 0, 0, 0 },
	{ FAMILY_CRC32, "pclmul", 1.38649, 0.0698255, 0, 0, 0 },
	{ FAMILY_CRC32, "generic", 0, 0.442469, 80, 0, 0.535173 },
	{ FAMILY_CRC64NVME, "vpclmul", 2.45803, 0.016765, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "vpclmul256", 2.21662, 0.035346, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "pclmul", 1.41256, 0.0699239, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "generic", 0, 0.445237, 80, 0, 0.538104 },
};

/* AMD Zen 4 (family 0x19, models 0x10-0x1f Genoa, 0x60-0x7f Raphael and
 * Phoenix, 0xa0-0xaf Bergamo): DERIVED, not measured in full. Measured on
 * the Genoa VM (issue 15): sha256 shani 1730 MiB/s, shanix2 3440 and
 * avx512x16 3620 aggregate, crc32c vpclmul 55000 and hybrid about 50000
 * at 1 MiB. The other rows are Zen 5's scaled by the SHA-NI ratio (Zen
 * 5's shani at 16 KiB over 1730), the other 512-bit multi-buffer rows by
 * the x16 ratio (Zen 5's sha256 avx512x16 aggregate over 3620: Zen 4
 * runs 512-bit operations in two halves), sse42 at half
 * Zen 5's rate (one crc32 a cycle, against two), avx2blend (a blend
 * whose speed follows the crc32 rate, like Zen 3's) at Zen 3's ratio to
 * sse42, one line from its first
 * segment (the blend it switches to on longer calls is not carried). */
static const struct builtin_row zen4[] = {
	{ FAMILY_SHA1, "shani", 3.15132, 0.519822, 0, 0, 0 },
	{ FAMILY_SHA1, "avx2", 9.00317, 0.705302, 0, 0, 0 },
	{ FAMILY_SHA1, "avx", 4.17873, 0.700582, 0, 0, 0 },
	{ FAMILY_SHA1, "ssse3", 4.22591, 0.70018, 0, 0, 0 },
	{ FAMILY_SHA1, "generic", 1.73043, 1.48942, 0, 0, 0 },
	{ FAMILY_SHA1, "avx512x16", 0, 0.166534, 0, 0, 0 },
	{ FAMILY_SHA1, "shanix3", 0, 0.319053, 0, 0, 0 },
	{ FAMILY_SHA1, "avx2x8", 0, 0.281301, 0, 0, 0 },
	{ FAMILY_SHA256, "shani", 3.6231, 0.551036, 0, 0, 0 },
	{ FAMILY_SHA256, "avx2", 4.74141, 1.40939, 0, 0, 0 },
	{ FAMILY_SHA256, "avx", 0.966687, 1.50257, 0, 0, 0 },
	{ FAMILY_SHA256, "ssse3", 1.74819, 1.55445, 0, 0, 0 },
	{ FAMILY_SHA256, "generic", 1.0794, 2.48493, 0, 0, 0 },
	{ FAMILY_SHA256, "avx512x16", 0, 0.263446, 0, 0, 0 },
	{ FAMILY_SHA256, "shanix2", 0, 0.277231, 0, 0, 0 },
	{ FAMILY_SHA256, "avx2x8", 0, 0.545087, 0, 0, 0 },
	{ FAMILY_SHA512, "avx512", 11.7741, 0.878909, 0, 0, 0 },
	{ FAMILY_SHA512, "avx2", 11.1693, 0.876837, 0, 0, 0 },
	{ FAMILY_SHA512, "avx", 0.961625, 0.96057, 0, 0, 0 },
	{ FAMILY_SHA512, "ssse3", 4.25058, 0.975559, 0, 0, 0 },
	{ FAMILY_SHA512, "generic", 0.536559, 1.66016, 0, 0, 0 },
	{ FAMILY_SHA512, "avx512x8", 0, 0.346239, 0, 0, 0 },
	{ FAMILY_MD5, "x86_64", 1.78321, 1.22044, 0, 0, 0 },
	{ FAMILY_MD5, "generic", 4.40767, 1.36012, 0, 0, 0 },
	{ FAMILY_MD5, "avx512x16", 0, 0.249017, 0, 0, 0 },
	{ FAMILY_MD5, "avx2x8", 0, 0.321435, 0, 0, 0 },
	{ FAMILY_XXH64, "libxxhash", 18.9451, 0.195301, 80, 26.5937, 0.050995 },
	{ FAMILY_XXH3, "libxxhash", 11.9367, 0.0331265, 256, 30.6696, 0.0131452 },
	{ FAMILY_CRC32C, "hybrid", 2.45705, 0.0190735, 0, 0, 0 },
	{ FAMILY_CRC32C, "vpclmul", 2.00265, 0.0173395, 0, 0, 0 },
	{ FAMILY_CRC32C, "vpclmul256", 2.13331, 0.0328987, 0, 0, 0 },
	{ FAMILY_CRC32C, "sse42", 2.0981, 0.0520339, 0, 0, 0 },
	{ FAMILY_CRC32C, "pclmul", 1.30375, 0.0651757, 0, 0, 0 },
	{ FAMILY_CRC32C, "generic", 0, 0.416193, 80, 0, 0.497179 },
	{ FAMILY_CRC32, "vpclmul256", 2.08181, 0.0329598, 0, 0, 0 },
	{ FAMILY_CRC32, "pclmul", 1.2949, 0.065213, 0, 0, 0 },
	{ FAMILY_CRC32, "generic", 0, 0.413241, 80, 0, 0.499821 },
	{ FAMILY_CRC64NVME, "vpclmul256", 2.0702, 0.0330111, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "pclmul", 1.31925, 0.0653049, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "generic", 0, 0.415826, 80, 0, 0.502558 },
	{ FAMILY_CRC32C, "avx2blend", 1.85389, 0.0533589, 0, 0, 0 },
	{ FAMILY_CRC32, "vpclmul", 1.2949, 0.0173395, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "vpclmul", 1.31925, 0.0173395, 0, 0, 0 },
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

/* Intel Xeon Scalable 4th and 5th generation (family 6, model 0x8F
 * Sapphire Rapids, 0xCF Emerald Rapids: the same Golden Cove/Raptor Cove
 * core): the Emerald Rapids device machine of 2026-12-04. 512-bit
 * operations at full width; one crc32 a cycle, so folding alone beats
 * any blend. Key GenuineIntel-06-cf in bench/RESULTS.md. */
static const struct builtin_row intel_spr[] = {
	{ FAMILY_SHA1, "shani", 1.10582, 0.470282, 0, 0, 0 },
	{ FAMILY_SHA1, "avx2", 7.8748, 0.832736, 0, 0, 0 },
	{ FAMILY_SHA1, "avx", 1.51002, 0.835646, 0, 0, 0 },
	{ FAMILY_SHA1, "ssse3", 1.45163, 0.829715, 0, 0, 0 },
	{ FAMILY_SHA1, "generic", 1.47479, 1.37693, 0, 0, 0 },
	{ FAMILY_SHA1, "avx512x16", 0, 0.114771, 0, 0, 0 },
	{ FAMILY_SHA1, "shanix3", 0, 0.432943, 0, 0, 0 },
	{ FAMILY_SHA1, "avx2x8", 0, 0.256617, 0, 0, 0 },
	{ FAMILY_SHA256, "shani", 2.75198, 0.511843, 0, 0, 0 },
	{ FAMILY_SHA256, "avx2", 8.62742, 1.6607, 0, 0, 0 },
	{ FAMILY_SHA256, "avx", 1.79645, 1.85076, 0, 0, 0 },
	{ FAMILY_SHA256, "ssse3", 2.25785, 1.86344, 0, 0, 0 },
	{ FAMILY_SHA256, "generic", 6.4345, 2.57909, 0, 0, 0 },
	{ FAMILY_SHA256, "avx512x16", 0, 0.224006, 0, 0, 0 },
	{ FAMILY_SHA256, "shanix2", 0, 0.377209, 0, 0, 0 },
	{ FAMILY_SHA256, "avx2x8", 0, 0.559026, 0, 0, 0 },
	{ FAMILY_SHA512, "avx512", 15.9914, 1.02912, 0, 0, 0 },
	{ FAMILY_SHA512, "avx2", 25.4978, 1.08905, 0, 0, 0 },
	{ FAMILY_SHA512, "avx", 1.7781, 1.22484, 0, 0, 0 },
	{ FAMILY_SHA512, "ssse3", 2.44071, 1.25292, 0, 0, 0 },
	{ FAMILY_SHA512, "generic", 1.66117, 1.65708, 0, 0, 0 },
	{ FAMILY_SHA512, "avx512x8", 0, 0.28409, 0, 0, 0 },
	{ FAMILY_MD5, "x86_64", 0.226012, 1.12535, 0, 0, 0 },
	{ FAMILY_MD5, "generic", 2.49213, 1.25757, 0, 0, 0 },
	{ FAMILY_MD5, "avx512x16", 0, 0.0764378, 0, 0, 0 },
	{ FAMILY_MD5, "avx2x8", 0, 0.165653, 0, 0, 0 },
	{ FAMILY_XXH64, "libxxhash", 18.2675, 0.058971, 0, 0, 0 },
	{ FAMILY_XXH3, "libxxhash", 14.1954, 0.037586, 640, 22.8715, 0.0130961 },
	{ FAMILY_CRC32C, "hybrid", 2.94326, 0.00350937, 192, 0.128157, 0.0144302 },
	{ FAMILY_CRC32C, "vpclmul", 2.44619, 0.00681833, 0, 0, 0 },
	{ FAMILY_CRC32C, "avx2blend", 2.79386, 0.0175156, 0, 0, 0 },
	{ FAMILY_CRC32C, "vpclmul256", 1.62657, 0.0149627, 0, 0, 0 },
	{ FAMILY_CRC32C, "sse42", 1.87812, 0.0500607, 80, 1.21629, 0.0335956 },
	{ FAMILY_CRC32C, "pclmul", 2.44208, 0.00104612, 80, 0.606091, 0.0311141 },
	{ FAMILY_CRC32C, "generic", 0, 0.362808, 96, 0, 0.47099 },
	{ FAMILY_CRC32, "vpclmul", 2.28485, 0.00734746, 0, 0, 0 },
	{ FAMILY_CRC32, "vpclmul256", 2.5687, 0.00355985, 96, 1.36051, 0.0154862 },
	{ FAMILY_CRC32, "pclmul", 1.86632, 0.0102723, 80, 0.540731, 0.0312033 },
	{ FAMILY_CRC32, "generic", 0, 0.363224, 96, 0, 0.47106 },
	{ FAMILY_CRC64NVME, "vpclmul", 2.58785, 0.00722636, 0, 0, 0 },
	{ FAMILY_CRC64NVME, "vpclmul256", 2.7234, 0.00353057, 122, 1.25432, 0.0156267 },
	{ FAMILY_CRC64NVME, "pclmul", 1.77255, 0.0141132, 96, 0.815536, 0.030767 },
	{ FAMILY_CRC64NVME, "generic", 0, 0.359435, 96, 0, 0.472233 },
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
	{ .name = "Intel Sapphire/Emerald Rapids",
	  .vendor = "GenuineIntel",
	  .family = 0x6,
	  .nranges = 2,
	  .model = { { 0x8f, 0x8f }, { 0xcf, 0xcf } },
	  .io = IO_PREF_MEASURE,
	  .rows = intel_spr,
	  .nrows = sizeof intel_spr / sizeof intel_spr[0] },
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
