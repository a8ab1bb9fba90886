/* python3 bench/gen_profile_builtin.py > src/profile_builtin.c */
/* SPDX-License-Identifier: MIT */
/* profile_builtin.c - the built-in cost profiles (format: src/profile.h),
 * most specific first; the last is the default for CPUs without one.
 * Generated from the `simdsum --benchmark` tables of bench/RESULTS.md by
 * bench/gen_profile_builtin.py (fitted by bench/profile_fit.py, the fit
 * --tune uses): edit those, not this.
 *
 * The I/O line is "measure" in all of them: whether mmap beats read() on
 * a cached file depended on the hypervisor as much as on the CPU (1.5-2.6x
 * faster on the Zen 4 VM, 5x slower on the Zen 5 one), so the run decides
 * unless a profile saved by --tune on this machine says. */
#include <pthread.h>
#include <string.h>

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
	"row crc32c vpclmul256 3.38552 0.0361202\n"
	"row crc32 vpclmul256 3.38754 0.0361371\n"
	"row crc32 pclmul 2.56476 0.0713036\n"
	"row crc32 generic 0 0.474635\n"
	"row crc64nvme vpclmul256 3.66809 0.0359493\n"
	"row crc64nvme pclmul 2.92497 0.0713934\n"
	"row crc64nvme generic 0 0.475028\n"
	"row md5 generic 1754.17 1.10919\n"
	"row md5 x86_64 896.443 0.993007\n"
	"row md5 avx2x8 0 0.215632\n"
	"row xxh64 libxxhash 0 0.0640951\n"
	"row xxh3 libxxhash 0 0.0181216\n";

/* AMD Zen 4 (family 0x19, models 0x10-0x1f Genoa, 0x60-0x7f Raphael and
 * Phoenix, 0xa0-0xaf Bergamo): DERIVED, not measured in full. Measured on
 * the Genoa VM (issue 15): sha256 shani 1730 MiB/s, shanix2 3440 and
 * avx512x16 3620 aggregate, crc32c vpclmul 55000 and hybrid about 50000
 * at 1 MiB. The other rows are Zen 5's scaled by the SHA-NI ratio
 * (1625/1730), the other 512-bit multi-buffer rows by Zen 5's x16 ratio
 * (6067/3620: Zen 4 runs 512-bit operations in two halves), sse42 at half
 * Zen 5's rate (one crc32 a cycle, against two), avx2blend (which
 * no Zen 5 ran) at Zen 3's ratio to sse42. */
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
	"row crc32c avx2blend 3.49478 0.0361908\n"
	"row crc32c vpclmul256 3.18083 0.0339363\n"
	"row crc32 vpclmul256 3.18272 0.0339522\n"
	"row crc32 pclmul 2.40969 0.0669924\n"
	"row crc32 generic 0 0.445937\n"
	"row crc64nvme vpclmul256 3.44631 0.0337757\n"
	"row crc64nvme pclmul 2.74812 0.0670768\n"
	"row crc64nvme generic 0 0.446307\n"
	"row md5 generic 1648.11 1.04212\n"
	"row md5 x86_64 842.242 0.932968\n"
	"row md5 avx2x8 0 0.202594\n"
	"row xxh64 libxxhash 0 0.0602198\n"
	"row xxh3 libxxhash 0 0.0170259\n";

/* AMD Zen 3 (family 0x19, models 0x00-0x0f Milan, 0x20-0x5f Vermeer,
 * Cezanne...): the Milan VM. No AVX-512. Key AuthenticAMD-19-01 in bench/RESULTS.md. */
static const char zen3[] =
	"simdsum-profile 1\n"
	"name AMD Zen 3\n"
	"cpu AuthenticAMD 0x19 0x00-0x0f,0x20-0x5f\n"
	"io measure\n"
	"row sha1 shani 3.45345 0.583749\n"
	"row sha1 avx2 10.2892 0.919679\n"
	"row sha1 avx 6.40452 0.933535\n"
	"row sha1 ssse3 5.92495 0.959602\n"
	"row sha1 generic 0.326739 2.20906\n"
	"row sha1 shanix3 0 0.347246\n"
	"row sha1 avx2x8 0 0.273829\n"
	"row sha256 shani 3.72198 0.622521\n"
	"row sha256 avx2 13.7037 2.0659\n"
	"row sha256 avx 3.94949 2.25557\n"
	"row sha256 ssse3 2.81754 2.4111\n"
	"row sha256 generic 4.56776 3.52496\n"
	"row sha256 shanix2 0 0.311899\n"
	"row sha256 avx2x8 0 0.66691\n"
	"row sha512 avx2 7.11055 1.48439\n"
	"row sha512 avx 0.826897 1.58407\n"
	"row sha512 ssse3 0 1.9707\n"
	"row sha512 generic 3.44437 2.21857\n"
	"row md5 x86_64 2.42083 1.38892\n"
	"row md5 generic 4.7371 1.55142\n"
	"row md5 avx2x8 0 0.20155\n"
	"row xxh64 libxxhash 36.9628 0.0762394\n"
	"row xxh3 libxxhash 23.0533 0.0215551\n"
	"row crc32c avx2blend 3.53549 0.0245745\n"
	"row crc32c vpclmul256 3.34274 0.0374487\n"
	"row crc32c sse42 3.01989 0.041448\n"
	"row crc32c pclmul 2.59663 0.074234\n"
	"row crc32c generic 0 0.565856\n"
	"row crc32 vpclmul256 3.34473 0.0374662\n"
	"row crc32 pclmul 2.53235 0.0739261\n"
	"row crc32 generic 0 0.564565\n"
	"row crc64nvme vpclmul256 3.62174 0.0372715\n"
	"row crc64nvme pclmul 2.88801 0.0740192\n"
	"row crc64nvme generic 0 0.565033\n";

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
	"row crc32c avx2blend 3.49478 0.0361908\n"
	"row crc32c vpclmul256 3.18083 0.0339363\n"
	"row crc32 vpclmul256 3.18272 0.0339522\n"
	"row crc32 pclmul 2.40969 0.0669924\n"
	"row crc32 generic 0 0.445937\n"
	"row crc64nvme vpclmul256 3.44631 0.0337757\n"
	"row crc64nvme pclmul 2.74812 0.0670768\n"
	"row crc64nvme generic 0 0.446307\n"
	"row md5 generic 1648.11 1.04212\n"
	"row md5 x86_64 842.242 0.932968\n"
	"row md5 avx2x8 0 0.202594\n"
	"row xxh64 libxxhash 0 0.0602198\n"
	"row xxh3 libxxhash 0 0.0170259\n";

static const char *const texts[] = { zen5, zen4, zen3, fallback };
#define NBUILTIN (sizeof texts / sizeof texts[0])

static struct cpu_profile parsed[NBUILTIN];
static bool done[NBUILTIN];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

unsigned profile_builtin_count(void)
{
	return NBUILTIN;
}

/* Parsed on first use, one at a time: a run needs the default and at
 * most one other, and parsing all of them would cost as much as hashing
 * a small file. A text that does not parse leaves its profile empty
 * (matching no CPU, so the default's rows apply); the unit tests parse
 * every one. */
const struct cpu_profile *profile_builtin(unsigned i)
{
	char err[160];

	if (i >= NBUILTIN)
		return NULL;
	pthread_mutex_lock(&lock);
	if (!done[i]) {
		if (!profile_parse_builtin(texts[i], strlen(texts[i]), &parsed[i], err, sizeof err))
			memset(&parsed[i], 0, sizeof parsed[i]);
		strcpy(parsed[i].origin, "built-in");
		done[i] = true;
	}
	pthread_mutex_unlock(&lock);
	return &parsed[i];
}

bool profile_builtin_matches(unsigned i, const struct cpu_signature *sig)
{
	struct cpu_profile head;
	char err[160];

	/* Only the lines before the first row say which CPU it is for. */
	const char *rows = i < NBUILTIN ? strstr(texts[i], "\nrow ") : NULL;
	if (!rows || !profile_parse(texts[i], (size_t)(rows - texts[i]), &head, err, sizeof err))
		return false;
	return profile_matches(&head, sig);
}

const struct cpu_profile *profile_default(void)
{
	return profile_builtin(NBUILTIN - 1);
}
