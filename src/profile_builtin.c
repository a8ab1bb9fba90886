/* python3 bench/gen_profile_builtin.py > src/profile_builtin.c */
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
	"row crc32c vpclmul256 3.38586 0.0361179\n"
	"row crc32 vpclmul256 3.37499 0.0362795\n"
	"row crc32 pclmul 2.4824 0.0738346\n"
	"row crc32 generic 0 0.468422\n"
	"row crc64nvme vpclmul256 3.98765 0.0361334\n"
	"row crc64nvme pclmul 2.909 0.072221\n"
	"row crc64nvme generic 0 0.471375\n";

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
	"row crc32c avx2blend 2.88374 0.0353893\n"
	"row crc32c vpclmul256 3.14203 0.0536636\n"
	"row crc32 vpclmul256 3.13194 0.0539038\n"
	"row crc32 pclmul 2.30363 0.109703\n"
	"row crc32 generic 0 0.793971\n"
	"row crc64nvme vpclmul256 3.70049 0.0536867\n"
	"row crc64nvme pclmul 2.69951 0.107305\n"
	"row crc64nvme generic 0 0.798976\n";

/* AMD Zen 3 (family 0x19, models 0x00-0x0f Milan, 0x20-0x5f Vermeer,
 * Cezanne...): the Milan VM. No AVX-512. Key AuthenticAMD-19-01 in bench/RESULTS.md. */
static const char zen3[] =
	"simdsum-profile 1\n"
	"name AMD Zen 3\n"
	"cpu AuthenticAMD 0x19 0x00-0x0f,0x20-0x5f\n"
	"io measure\n"
	"row sha1 shani 3.37263 0.584181\n"
	"row sha1 avx2 6.29372 0.921707\n"
	"row sha1 avx 6.77497 0.939907\n"
	"row sha1 ssse3 5.24566 0.967104\n"
	"row sha1 generic 0.623728 2.20146\n"
	"row sha1 shanix3 0 0.347209\n"
	"row sha1 avx2x8 0 0.275332\n"
	"row sha256 shani 3.68922 0.622803\n"
	"row sha256 avx2 18.2134 2.06168\n"
	"row sha256 avx 2.26581 2.3194\n"
	"row sha256 ssse3 9.6479 2.76964\n"
	"row sha256 generic 22.776 3.55999\n"
	"row sha256 shanix2 0 0.305038\n"
	"row sha256 avx2x8 0 0.681114\n"
	"row sha512 avx2 3.98839 1.53532\n"
	"row sha512 avx 63.8474 1.60648\n"
	"row sha512 ssse3 52.0134 1.68418\n"
	"row sha512 generic 3.49379 2.21087\n"
	"row crc32c avx2blend 3.07177 0.0246953\n"
	"row crc32c vpclmul256 3.34691 0.0374475\n"
	"row crc32c sse42 3.17976 0.0425951\n"
	"row crc32c pclmul 2.59961 0.0742365\n"
	"row crc32c generic 0 0.56268\n"
	"row crc32 vpclmul256 3.33616 0.0376151\n"
	"row crc32 pclmul 2.45384 0.0765527\n"
	"row crc32 generic 0 0.554048\n"
	"row crc64nvme vpclmul256 3.94178 0.0374636\n"
	"row crc64nvme pclmul 2.87553 0.0748797\n"
	"row crc64nvme generic 0 0.557541\n";

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
	"row crc32c avx2blend 2.88374 0.0353893\n"
	"row crc32c vpclmul256 3.14203 0.0536636\n"
	"row crc32 vpclmul256 3.13194 0.0539038\n"
	"row crc32 pclmul 2.30363 0.109703\n"
	"row crc32 generic 0 0.793971\n"
	"row crc64nvme vpclmul256 3.70049 0.0536867\n"
	"row crc64nvme pclmul 2.69951 0.107305\n"
	"row crc64nvme generic 0 0.798976\n";

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
