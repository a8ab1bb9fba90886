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
	"row sha1 shani 56.21 0.55230\n"
	"row sha1 avx2 81.68 0.73274\n"
	"row sha1 avx 75.69 0.74269\n"
	"row sha1 ssse3 75.88 0.74230\n"
	"row sha1 generic 120.99 1.57937\n"
	"row sha1 avx512x16 0.00 0.09456\n"
	"row sha1 shanix3 0.00 0.33632\n"
	"row sha1 avx2x8 0.00 0.29296\n"
	"row sha256 shani 62.02 0.58467\n"
	"row sha256 avx2 124.90 1.49613\n"
	"row sha256 avx 119.09 1.60281\n"
	"row sha256 ssse3 123.70 1.65602\n"
	"row sha256 generic 187.09 2.65375\n"
	"row sha256 avx512x16 0.00 0.15167\n"
	"row sha256 shanix2 0.00 0.35470\n"
	"row sha256 avx2x8 0.00 0.57123\n"
	"row sha512 avx512 96.47 0.96378\n"
	"row sha512 avx2 94.54 0.98249\n"
	"row sha512 avx 101.65 1.06575\n"
	"row sha512 ssse3 126.56 1.08303\n"
	"row sha512 generic 137.60 1.72159\n"
	"row sha512 avx512x8 0.00 0.20342\n"
	"row crc32c hybrid 4.60 0.01021\n"
	"row crc32c vpclmul 3.95 0.01755\n"
	"row crc32c sse42 3.18 0.03248\n"
	"row crc32c pclmul 2.63 0.07160\n"
	"row crc32c generic 0.00 0.47572\n";

/* AMD Zen 4 (family 0x19, models 0x10-0x1f Genoa, 0x60-0x7f Raphael and
 * Phoenix, 0xa0-0xaf Bergamo): DERIVED, not measured in full. Measured on
 * the Genoa VM (issue 15): sha256 shani 1730 MiB/s, shanix2 3440 and
 * avx512x16 3620 aggregate, crc32c vpclmul 55000 and hybrid about 50000
 * at 1 MiB. The other rows are Zen 5's scaled by the SHA-NI ratio
 * (1625/1730), the other 512-bit multi-buffer rows by Zen 5's x16 ratio
 * (6067/3620: Zen 4 runs 512-bit operations in two halves), sse42 at half
 * Zen 5's rate (one crc32 a cycle, against two). */
static const char zen4[] =
	"simdsum-profile 1\n"
	"name AMD Zen 4 (derived)\n"
	"cpu AuthenticAMD 0x19 0x10-0x1f,0x60-0x7f,0xa0-0xaf\n"
	"io measure\n"
	"row sha1 shani 52.81 0.51891\n"
	"row sha1 avx2 76.75 0.68844\n"
	"row sha1 avx 71.11 0.69779\n"
	"row sha1 ssse3 71.29 0.69742\n"
	"row sha1 generic 113.68 1.48387\n"
	"row sha1 avx512x16 0.00 0.15848\n"
	"row sha1 shanix3 0.00 0.31599\n"
	"row sha1 avx2x8 0.00 0.27525\n"
	"row sha256 shani 58.27 0.54932\n"
	"row sha256 avx2 117.35 1.40567\n"
	"row sha256 avx 111.89 1.50590\n"
	"row sha256 ssse3 116.22 1.55589\n"
	"row sha256 generic 175.78 2.49330\n"
	"row sha256 avx512x16 0.00 0.26345\n"
	"row sha256 shanix2 0.00 0.27723\n"
	"row sha256 avx2x8 0.00 0.53670\n"
	"row sha512 avx512 90.64 0.90550\n"
	"row sha512 avx2 88.82 0.92308\n"
	"row sha512 avx 95.50 1.00131\n"
	"row sha512 ssse3 118.91 1.01755\n"
	"row sha512 generic 129.28 1.61750\n"
	"row sha512 avx512x8 0.00 0.34094\n"
	"row crc32c hybrid 4.33 0.01907\n"
	"row crc32c vpclmul 3.71 0.01734\n"
	"row crc32c sse42 2.99 0.06104\n"
	"row crc32c pclmul 2.47 0.06727\n"
	"row crc32c generic 0.00 0.44696\n";

/* AMD Zen 3 (family 0x19, models 0x00-0x0f Milan, 0x20-0x5f Vermeer,
 * Cezanne...): the Milan VM. No AVX-512. Key AuthenticAMD-19-01 in bench/RESULTS.md. */
static const char zen3[] =
	"simdsum-profile 1\n"
	"name AMD Zen 3\n"
	"cpu AuthenticAMD 0x19 0x00-0x0f,0x20-0x5f\n"
	"io measure\n"
	"row sha1 shani 68.96 0.59732\n"
	"row sha1 avx2 189.20 1.60219\n"
	"row sha1 avx 185.07 1.55095\n"
	"row sha1 ssse3 194.17 1.63876\n"
	"row sha1 generic 357.29 3.61360\n"
	"row sha1 shanix3 0.00 0.41050\n"
	"row sha1 avx2x8 0.00 0.45424\n"
	"row sha256 shani 77.26 0.63107\n"
	"row sha256 avx2 575.87 2.03540\n"
	"row sha256 avx 578.26 2.30933\n"
	"row sha256 ssse3 620.63 2.87355\n"
	"row sha256 generic 827.32 3.60671\n"
	"row sha256 shanix2 0.00 0.31717\n"
	"row sha256 avx2x8 0.00 0.68217\n"
	"row sha512 avx2 211.60 2.06162\n"
	"row sha512 avx 292.92 2.10985\n"
	"row sha512 ssse3 283.94 2.39807\n"
	"row sha512 generic 357.63 2.52714\n"
	"row crc32c sse42 9.06 0.04007\n"
	"row crc32c pclmul 9.95 0.07323\n"
	"row crc32c generic 6.09 0.50391\n";

/* CPUs without a profile: Zen 4's figures, the more careful of the AMD
 * generations: 512-bit lanes only when nearly full (SHA-NI interleaving
 * otherwise), folding rather than Zen 5's crc32 blend (on Intel, which
 * issues one crc32 a cycle, the blend's chains would be the bottleneck). */
static const char fallback[] =
	"simdsum-profile 1\n"
	"name default\n"
	"io measure\n"
	"row sha1 shani 52.81 0.51891\n"
	"row sha1 avx2 76.75 0.68844\n"
	"row sha1 avx 71.11 0.69779\n"
	"row sha1 ssse3 71.29 0.69742\n"
	"row sha1 generic 113.68 1.48387\n"
	"row sha1 avx512x16 0.00 0.15848\n"
	"row sha1 shanix3 0.00 0.31599\n"
	"row sha1 avx2x8 0.00 0.27525\n"
	"row sha256 shani 58.27 0.54932\n"
	"row sha256 avx2 117.35 1.40567\n"
	"row sha256 avx 111.89 1.50590\n"
	"row sha256 ssse3 116.22 1.55589\n"
	"row sha256 generic 175.78 2.49330\n"
	"row sha256 avx512x16 0.00 0.26345\n"
	"row sha256 shanix2 0.00 0.27723\n"
	"row sha256 avx2x8 0.00 0.53670\n"
	"row sha512 avx512 90.64 0.90550\n"
	"row sha512 avx2 88.82 0.92308\n"
	"row sha512 avx 95.50 1.00131\n"
	"row sha512 ssse3 118.91 1.01755\n"
	"row sha512 generic 129.28 1.61750\n"
	"row sha512 avx512x8 0.00 0.34094\n"
	"row crc32c hybrid 4.33 0.01907\n"
	"row crc32c vpclmul 3.71 0.01734\n"
	"row crc32c sse42 2.99 0.06104\n"
	"row crc32c pclmul 2.47 0.06727\n"
	"row crc32c generic 0.00 0.44696\n";

static const char *const texts[] = { zen5, zen4, zen3, fallback };
#define NBUILTIN (sizeof texts / sizeof texts[0])

static struct cpu_profile parsed[NBUILTIN];

/* A text that does not parse leaves its profile empty (matching no CPU,
 * so the default's rows apply); the unit tests parse every one. */
static void parse_all(void)
{
	char err[160];

	for (unsigned i = 0; i < NBUILTIN; i++) {
		if (!profile_parse(texts[i], strlen(texts[i]), &parsed[i], err, sizeof err))
			memset(&parsed[i], 0, sizeof parsed[i]);
		strcpy(parsed[i].origin, "built-in");
	}
}

unsigned profile_builtin_count(void)
{
	return NBUILTIN;
}

const struct cpu_profile *profile_builtin(unsigned i)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, parse_all);
	return i < NBUILTIN ? &parsed[i] : NULL;
}

const struct cpu_profile *profile_default(void)
{
	return profile_builtin(NBUILTIN - 1);
}
