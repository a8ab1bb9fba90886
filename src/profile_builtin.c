/* python3 bench/gen_profile_builtin.py > src/profile_builtin.c */
/* SPDX-License-Identifier: MIT */
/* profile_builtin.c - the built-in cost profiles' texts (format: src/profile.h),
 * most specific first; the last is the default for CPUs without one.
 * Generated from the `simdsum --benchmark` tables of bench/RESULTS.md by
 * bench/gen_profile_builtin.py (fitted by bench/profile_fit.py, the fit
 * --tune uses): edit those, not this. src/profile_table.c parses them.
 *
 * The I/O line is "measure" in all of them: whether mmap beats read() on
 * a cached file depended on the hypervisor as much as on the CPU (1.5-2.6x
 * faster on the Zen 4 VM, 5x slower on the Zen 5 one), so the run decides
 * unless a profile saved by --tune on this machine says. */
#include "profile.h"

/* AMD Zen 5 (family 0x1A): the Turin VM. Key AuthenticAMD-1a-xx in bench/RESULTS.md. */
static const char zen5[] =
	"simdsum-profile 1\n"
	"name AMD Zen 5\n"
	"cpu AuthenticAMD 0x1a 0x00-0xff\n"
	"io measure\n"
	"row sha1 shani 56.2095 0.552298\n"
	"row sha1 avx2 81.6843 0.732739\n"
	"row sha1 avx 75.6882 0.742692\n"
	"row sha1 ssse3 75.8798 0.742304\n"
	"row sha1 generic 120.993 1.57937\n"
	"row sha1 avx512x16 0 0.0945571\n"
	"row sha1 shanix3 0 0.336322\n"
	"row sha1 avx2x8 0 0.292961\n"
	"row sha256 shani 62.0171 0.584671\n"
	"row sha256 avx2 124.898 1.49613\n"
	"row sha256 avx 119.091 1.60281\n"
	"row sha256 ssse3 123.695 1.65602\n"
	"row sha256 generic 187.088 2.65375\n"
	"row sha256 avx512x16 0 0.151673\n"
	"row sha256 shanix2 0 0.354697\n"
	"row sha256 avx2x8 0 0.571233\n"
	"row sha512 avx512 96.4706 0.963777\n"
	"row sha512 avx2 94.5383 0.982488\n"
	"row sha512 avx 101.65 1.06575\n"
	"row sha512 ssse3 126.563 1.08303\n"
	"row sha512 generic 137.598 1.72159\n"
	"row sha512 avx512x8 0 0.20342\n"
	"row crc32c hybrid 4.60353 0.0102091\n"
	"row crc32c vpclmul 3.95201 0.0175463\n"
	"row crc32c sse42 3.17722 0.0324842\n"
	"row crc32c pclmul 2.62986 0.0716006\n"
	"row crc32c generic 0 0.47572\n"
	"row md5 avx2x8 0 0.304878\n"
	"row md5 avx512x16 0 0.130619\n"
	"row crc32c vpclmul256 3.70993 0.0357982\n"
	"row crc32 vpclmul256 3.89547 0.0353789\n"
	"row crc32 pclmul 3.93927 0.0464902 from 84 1.20099 0.0750787\n"
	"row crc32 generic 0 0.477046\n"
	"row crc64nvme vpclmul256 4.11054 0.0352798\n"
	"row crc64nvme pclmul 2.95776 0.0713266\n"
	"row crc64nvme generic 0 0.479422\n"
	"row md5 generic 327.982 1.12308\n"
	"row md5 x86_64 180.303 1.00281\n"
	"row xxh64 libxxhash 0 0.225462 from 80 0 0.0644047\n"
	"row xxh3 libxxhash 0 0.046317 from 256 0 0.0164035\n"
	"row crc32 vpclmul 3.93927 0.0175463\n"
	"row crc64nvme vpclmul 2.95776 0.0175463\n";

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
static const char zen4[] =
	"simdsum-profile 1\n"
	"name AMD Zen 4 (derived)\n"
	"cpu AuthenticAMD 0x19 0x10-0x1f,0x60-0x7f,0xa0-0xaf\n"
	"io measure\n"
	"row sha1 shani 52.8109 0.518905\n"
	"row sha1 avx2 76.7454 0.688436\n"
	"row sha1 avx 71.1119 0.697787\n"
	"row sha1 ssse3 71.2919 0.697423\n"
	"row sha1 generic 113.677 1.48387\n"
	"row sha1 avx512x16 0 0.15848\n"
	"row sha1 shanix3 0 0.315987\n"
	"row sha1 avx2x8 0 0.275247\n"
	"row sha256 shani 58.2674 0.54932\n"
	"row sha256 avx2 117.346 1.40567\n"
	"row sha256 avx 111.89 1.5059\n"
	"row sha256 ssse3 116.216 1.55589\n"
	"row sha256 generic 175.776 2.4933\n"
	"row sha256 avx512x16 0 0.263446\n"
	"row sha256 shanix2 0 0.277231\n"
	"row sha256 avx2x8 0 0.536695\n"
	"row sha512 avx512 90.6377 0.905505\n"
	"row sha512 avx2 88.8223 0.923084\n"
	"row sha512 avx 95.5037 1.00131\n"
	"row sha512 ssse3 118.911 1.01755\n"
	"row sha512 generic 129.279 1.6175\n"
	"row sha512 avx512x8 0 0.340937\n"
	"row crc32c hybrid 4.32519 0.0190735\n"
	"row crc32c vpclmul 3.71306 0.0173395\n"
	"row crc32c sse42 2.98512 0.0610403\n"
	"row crc32c pclmul 2.47086 0.0672715\n"
	"row crc32c generic 0 0.446957\n"
	"row md5 avx2x8 0 0.286444\n"
	"row md5 avx512x16 0 0.21892\n"
	"row crc32c avx2blend 2.63766 0.0625947\n"
	"row crc32c vpclmul256 3.48562 0.0336338\n"
	"row crc32 vpclmul256 3.65994 0.0332398\n"
	"row crc32 pclmul 3.70109 0.0436793 from 84 1.12838 0.0705393\n"
	"row crc32 generic 0 0.448203\n"
	"row crc64nvme vpclmul256 3.862 0.0331467\n"
	"row crc64nvme pclmul 2.77893 0.067014\n"
	"row crc64nvme generic 0 0.450435\n"
	"row md5 generic 308.151 1.05518\n"
	"row md5 x86_64 169.402 0.942174\n"
	"row xxh64 libxxhash 0 0.21183 from 80 0 0.0605106\n"
	"row xxh3 libxxhash 0 0.0435166 from 256 0 0.0154117\n"
	"row crc32 vpclmul 3.70109 0.0173395\n"
	"row crc64nvme vpclmul 2.77893 0.0173395\n";

/* AMD Zen 3 (family 0x19, models 0x00-0x0f Milan, 0x20-0x5f Vermeer,
 * Cezanne...): the Milan VM. No AVX-512. Key AuthenticAMD-19-01 in bench/RESULTS.md. */
static const char zen3[] =
	"simdsum-profile 1\n"
	"name AMD Zen 3\n"
	"cpu AuthenticAMD 0x19 0x00-0x0f,0x20-0x5f\n"
	"io measure\n"
	"row sha1 shani 3.40167 0.584109\n"
	"row sha1 avx2 10.5738 0.918416\n"
	"row sha1 avx 6.45409 0.933159\n"
	"row sha1 ssse3 5.84103 0.956703\n"
	"row sha1 generic 1.70392 2.18697\n"
	"row sha1 shanix3 0 0.347729\n"
	"row sha1 avx2x8 0 0.274207\n"
	"row sha256 shani 3.70823 0.622935\n"
	"row sha256 avx2 13.728 2.06809\n"
	"row sha256 avx 4.14845 2.25779\n"
	"row sha256 ssse3 2.68413 2.41137\n"
	"row sha256 generic 3.95465 3.53556\n"
	"row sha256 shanix2 0 0.31211\n"
	"row sha256 avx2x8 0 0.676464\n"
	"row sha512 avx2 6.95628 1.4866\n"
	"row sha512 avx 39.4674 1.55822\n"
	"row sha512 ssse3 0 1.93905\n"
	"row sha512 generic 2.83211 2.21676\n"
	"row md5 x86_64 2.53918 1.3886\n"
	"row md5 generic 4.61891 1.55515\n"
	"row md5 avx2x8 0 0.201568\n"
	"row xxh64 libxxhash 30.6749 0.266591 from 80 33.8364 0.0761534\n"
	"row xxh3 libxxhash 18.5428 0.0547662 from 256 37.0262 0.0193958\n"
	"row crc32c avx2blend 2.83183 0.041917 from 430 11.6934 0.0212786\n"
	"row crc32c vpclmul256 3.31023 0.036578\n"
	"row crc32c sse42 3.20486 0.0408761\n"
	"row crc32c pclmul 2.34653 0.0731603\n"
	"row crc32c generic 0 0.562501\n"
	"row crc32 vpclmul256 3.47578 0.0361496\n"
	"row crc32 pclmul 3.51486 0.0475029 from 84 1.0716 0.0767142\n"
	"row crc32 generic 0 0.564069\n"
	"row crc64nvme vpclmul256 3.66768 0.0360483\n"
	"row crc64nvme pclmul 2.6391 0.0728803\n"
	"row crc64nvme generic 0 0.566879\n";

/* AMD Zen and Zen+ (family 0x17, models 0x00-0x2f: Naples, Summit and
 * Pinnacle Ridge, Raven Ridge, Picasso): the Naples VM. No AVX-512 and
 * no VPCLMULQDQ; 256-bit operations run in two 128-bit halves, so the
 * eight AVX2 lanes of SHA-256 lose to SHA-NI even on one file.
 * Zen 2 (models 0x30-0xff) runs AVX2 at full width: the default. Key AuthenticAMD-17-01 in bench/RESULTS.md. */
static const char zen1[] =
	"simdsum-profile 1\n"
	"name AMD Zen 1\n"
	"cpu AuthenticAMD 0x17 0x00-0x2f\n"
	"io measure\n"
	"row sha1 shani 3.34217 0.631905\n"
	"row sha1 avx2 10.0327 1.19017\n"
	"row sha1 avx 7.65309 1.13366\n"
	"row sha1 ssse3 26.963 1.18375\n"
	"row sha1 generic 2.53635 2.41386\n"
	"row sha1 shanix3 0 0.41795\n"
	"row sha1 avx2x8 0 0.677342\n"
	"row sha256 shani 4.34132 0.673631\n"
	"row sha256 avx2 37.7249 2.65573\n"
	"row sha256 avx 36.2802 2.78086\n"
	"row sha256 ssse3 7.71411 3.33219\n"
	"row sha256 generic 25.5317 4.17744\n"
	"row sha256 shanix2 0 0.364875\n"
	"row sha256 avx2x8 0 1.77579\n"
	"row sha512 avx2 70.6481 1.90415\n"
	"row sha512 avx 4.67095 2.26854\n"
	"row sha512 ssse3 6.31082 2.46878\n"
	"row sha512 generic 26.7015 2.67111\n"
	"row md5 x86_64 2.67763 1.50804\n"
	"row md5 generic 6.29936 1.76351\n"
	"row md5 avx2x8 0 0.324331\n"
	"row xxh64 libxxhash 39.6108 0.0873139\n"
	"row xxh3 libxxhash 32.3138 0.0484096\n"
	"row crc32c sse42 2.05057 0.156747\n"
	"row crc32c pclmul 2.64883 0.0801606\n"
	"row crc32c generic 0.439259 0.598928\n"
	"row crc32 pclmul 2.64788 0.0801561\n"
	"row crc32 generic 0.458545 0.597804\n"
	"row crc64nvme pclmul 2.93278 0.0814665\n"
	"row crc64nvme generic 0 0.614308\n";

/* CPUs without a profile: Zen 4's figures, the more careful of the AMD
 * generations: 512-bit lanes only when nearly full (SHA-NI interleaving
 * otherwise), folding rather than Zen 5's crc32 blend (on Intel, which
 * issues one crc32 a cycle, the blend's chains would be the bottleneck). */
static const char fallback[] =
	"simdsum-profile 1\n"
	"name default\n"
	"io measure\n"
	"row sha1 shani 52.8109 0.518905\n"
	"row sha1 avx2 76.7454 0.688436\n"
	"row sha1 avx 71.1119 0.697787\n"
	"row sha1 ssse3 71.2919 0.697423\n"
	"row sha1 generic 113.677 1.48387\n"
	"row sha1 avx512x16 0 0.15848\n"
	"row sha1 shanix3 0 0.315987\n"
	"row sha1 avx2x8 0 0.275247\n"
	"row sha256 shani 58.2674 0.54932\n"
	"row sha256 avx2 117.346 1.40567\n"
	"row sha256 avx 111.89 1.5059\n"
	"row sha256 ssse3 116.216 1.55589\n"
	"row sha256 generic 175.776 2.4933\n"
	"row sha256 avx512x16 0 0.263446\n"
	"row sha256 shanix2 0 0.277231\n"
	"row sha256 avx2x8 0 0.536695\n"
	"row sha512 avx512 90.6377 0.905505\n"
	"row sha512 avx2 88.8223 0.923084\n"
	"row sha512 avx 95.5037 1.00131\n"
	"row sha512 ssse3 118.911 1.01755\n"
	"row sha512 generic 129.279 1.6175\n"
	"row sha512 avx512x8 0 0.340937\n"
	"row crc32c hybrid 4.32519 0.0190735\n"
	"row crc32c vpclmul 3.71306 0.0173395\n"
	"row crc32c sse42 2.98512 0.0610403\n"
	"row crc32c pclmul 2.47086 0.0672715\n"
	"row crc32c generic 0 0.446957\n"
	"row md5 avx2x8 0 0.286444\n"
	"row md5 avx512x16 0 0.21892\n"
	"row crc32c avx2blend 2.63766 0.0625947\n"
	"row crc32c vpclmul256 3.48562 0.0336338\n"
	"row crc32 vpclmul256 3.65994 0.0332398\n"
	"row crc32 pclmul 3.70109 0.0436793 from 84 1.12838 0.0705393\n"
	"row crc32 generic 0 0.448203\n"
	"row crc64nvme vpclmul256 3.862 0.0331467\n"
	"row crc64nvme pclmul 2.77893 0.067014\n"
	"row crc64nvme generic 0 0.450435\n"
	"row md5 generic 308.151 1.05518\n"
	"row md5 x86_64 169.402 0.942174\n"
	"row xxh64 libxxhash 0 0.21183 from 80 0 0.0605106\n"
	"row xxh3 libxxhash 0 0.0435166 from 256 0 0.0154117\n"
	"row crc32 vpclmul 3.70109 0.0173395\n"
	"row crc64nvme vpclmul 2.77893 0.0173395\n";

/* Read by profile_table.c; the default last. */
const char *const profile_builtin_texts[] = { zen5, zen4, zen3, zen1, fallback, NULL };
