/* SPDX-License-Identifier: MIT */
/* cpu.c - CPU feature detection: the only file that touches CPUID, XGETBV
 * and libcpuid. Everything else sees cpu_features bits. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "diag.h"
#include "quote.h"

/* x86-64 only, as the Makefile links libcpuid: asm/ has no 32-bit code,
 * so elsewhere (i386 included) every row needs nothing or is absent. */
#if defined(__x86_64__)
#define CPU_X86 1
#include <libcpuid.h>
#else
#define CPU_X86 0
#endif

static const char *const feature_names[CPU_NFEATURES] = {
	[CPU_SSE2] = "sse2",         [CPU_SSSE3] = "ssse3",       [CPU_SSE41] = "sse4.1",
	[CPU_SSE42] = "sse4.2",      [CPU_PCLMUL] = "pclmulqdq",  [CPU_AVX] = "avx",
	[CPU_AVX2] = "avx2",         [CPU_BMI1] = "bmi1",         [CPU_BMI2] = "bmi2",
	[CPU_SHA] = "sha",           [CPU_AVX512F] = "avx512f",   [CPU_AVX512DQ] = "avx512dq",
	[CPU_AVX512BW] = "avx512bw", [CPU_AVX512VL] = "avx512vl", [CPU_VPCLMULQDQ] = "vpclmulqdq",
	[CPU_VAES] = "vaes",         [CPU_GFNI] = "gfni",
};

const char *cpu_feature_name(int bit)
{
	return bit >= 0 && bit < CPU_NFEATURES ? feature_names[bit] : NULL;
}

void cpu_features_format(cpu_features mask, const char *sep, char *buf, size_t size)
{
	size_t used = 0;

	if (size)
		buf[0] = '\0';
	for (int bit = 0; bit < CPU_NFEATURES; bit++) {
		if (!(mask & ((cpu_features)1 << bit)))
			continue;
		int n = snprintf(buf + used, size > used ? size - used : 0, "%s%s",
				 used ? sep : "", feature_names[bit]);
		if (n < 0 || (size_t)n >= size - used)
			return;
		used += (size_t)n;
	}
}

#if CPU_X86

/* CPUID.1:ECX */
#define LEAF1_ECX_PCLMULQDQ (1u << 1)
#define LEAF1_ECX_SSSE3 (1u << 9)
#define LEAF1_ECX_SSE41 (1u << 19)
#define LEAF1_ECX_SSE42 (1u << 20)
#define LEAF1_ECX_OSXSAVE (1u << 27)   /* the OS enabled XSAVE/XGETBV */
#define LEAF1_ECX_AVX (1u << 28)
/* CPUID.1:EDX */
#define LEAF1_EDX_SSE2 (1u << 26)
/* CPUID.(7,0):EBX */
#define LEAF7_EBX_BMI1 (1u << 3)
#define LEAF7_EBX_AVX2 (1u << 5)
#define LEAF7_EBX_BMI2 (1u << 8)
#define LEAF7_EBX_AVX512F (1u << 16)
#define LEAF7_EBX_AVX512DQ (1u << 17)
#define LEAF7_EBX_SHA (1u << 29)
#define LEAF7_EBX_AVX512BW (1u << 30)
#define LEAF7_EBX_AVX512VL (1u << 31)
/* CPUID.(7,0):ECX */
#define LEAF7_ECX_GFNI (1u << 8)
#define LEAF7_ECX_VAES (1u << 9)
#define LEAF7_ECX_VPCLMULQDQ (1u << 10)
/* XCR0: which register state the OS saves on a context switch. */
#define XCR0_SSE (1u << 1)        /* xmm */
#define XCR0_AVX (1u << 2)        /* upper halves of ymm */
#define XCR0_OPMASK (1u << 5)     /* k0-k7 */
#define XCR0_ZMM_HI256 (1u << 6)  /* upper halves of zmm0-15 */
#define XCR0_HI16_ZMM (1u << 7)   /* zmm16-31 */
#define XCR0_YMM_STATE (XCR0_SSE | XCR0_AVX)
#define XCR0_ZMM_STATE (XCR0_YMM_STATE | XCR0_OPMASK | XCR0_ZMM_HI256 | XCR0_HI16_ZMM)

static void cpuid(uint32_t leaf, uint32_t subleaf, uint32_t regs[4])
{
	regs[0] = leaf;
	regs[1] = 0;
	regs[2] = subleaf;
	regs[3] = 0;
	cpu_exec_cpuid_ext(regs);
}

static uint64_t xgetbv0(void)
{
	uint32_t lo, hi;
	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return (uint64_t)hi << 32 | lo;
}

/* The registers of the leaves simdsum reads. */
struct cpuid_regs {
	uint32_t max_leaf;
	uint32_t eax1, ecx1, edx1;   /* leaf 1 */
	uint32_t ebx7, ecx7;         /* leaf 7, subleaf 0 (0 when absent) */
};

/* Which register bit means which feature, and the register state the OS
 * must save (XCR0) before the feature may be used. */
enum { REG_ECX1, REG_EDX1, REG_EBX7, REG_ECX7 };
static const struct {
	unsigned char reg;
	uint32_t bit;
	unsigned feature;
	uint32_t state;   /* 0, XCR0_YMM_STATE or XCR0_ZMM_STATE */
} feature_bits[] = {
	{ REG_EDX1, LEAF1_EDX_SSE2, CPUF(SSE2), 0 },
	{ REG_ECX1, LEAF1_ECX_SSSE3, CPUF(SSSE3), 0 },
	{ REG_ECX1, LEAF1_ECX_SSE41, CPUF(SSE41), 0 },
	{ REG_ECX1, LEAF1_ECX_SSE42, CPUF(SSE42), 0 },
	{ REG_ECX1, LEAF1_ECX_PCLMULQDQ, CPUF(PCLMUL), 0 },
	{ REG_EBX7, LEAF7_EBX_BMI1, CPUF(BMI1), 0 },
	{ REG_EBX7, LEAF7_EBX_BMI2, CPUF(BMI2), 0 },
	{ REG_EBX7, LEAF7_EBX_SHA, CPUF(SHA), 0 },
	{ REG_ECX7, LEAF7_ECX_GFNI, CPUF(GFNI), 0 },
	{ REG_ECX1, LEAF1_ECX_AVX, CPUF(AVX), XCR0_YMM_STATE },
	{ REG_EBX7, LEAF7_EBX_AVX2, CPUF(AVX2), XCR0_YMM_STATE },
	{ REG_ECX7, LEAF7_ECX_VPCLMULQDQ, CPUF(VPCLMULQDQ), XCR0_YMM_STATE },
	{ REG_ECX7, LEAF7_ECX_VAES, CPUF(VAES), XCR0_YMM_STATE },
	{ REG_EBX7, LEAF7_EBX_AVX512F, CPUF(AVX512F), XCR0_ZMM_STATE },
	{ REG_EBX7, LEAF7_EBX_AVX512DQ, CPUF(AVX512DQ), XCR0_ZMM_STATE },
	{ REG_EBX7, LEAF7_EBX_AVX512BW, CPUF(AVX512BW), XCR0_ZMM_STATE },
	{ REG_EBX7, LEAF7_EBX_AVX512VL, CPUF(AVX512VL), XCR0_ZMM_STATE },
};

/* Reads the three leaves simdsum needs (0, 1, 7): on a VM every CPUID
 * traps to the hypervisor, so the full libcpuid identification (about
 * 1 ms) is kept out of the hashing path. Returns false without CPUID or
 * leaf 1. */
static bool read_leaves(struct cpuid_regs *c, struct cpu_signature *sig)
{
	uint32_t r[4];

	memset(c, 0, sizeof *c);
	if (!cpuid_present())
		return false;
	cpuid(0, 0, r);
	c->max_leaf = r[0];
	memcpy(sig->vendor, &r[1], 4);
	memcpy(sig->vendor + 4, &r[3], 4);
	memcpy(sig->vendor + 8, &r[2], 4);
	sig->vendor[12] = '\0';
	if (c->max_leaf < 1)
		return false;
	cpuid(1, 0, r);
	c->eax1 = r[0];
	c->ecx1 = r[2];
	c->edx1 = r[3];
	if (c->max_leaf >= 7) {
		cpuid(7, 0, r);
		c->ebx7 = r[1];
		c->ecx7 = r[2];
	}
	return true;
}

/* SDM vol. 2A, CPUID leaf 1: the extended fields count only for family
 * 0xF (and the extended model also for family 6). */
static void decode_signature(uint32_t eax1, struct cpu_signature *sig)
{
	uint32_t family = (eax1 >> 8) & 0xf, model = (eax1 >> 4) & 0xf;

	if (family == 0xf || family == 0x6)
		model += ((eax1 >> 16) & 0xf) << 4;
	if (family == 0xf)
		family += (eax1 >> 20) & 0xff;
	sig->family = family;
	sig->model = model;
}

/* The features from the leaves and XCR0. libcpuid 0.6.2 misses AVX-512 on
 * AMD and has no VPCLMULQDQ flag, so the bits are decoded here. */
static cpu_features detect(struct cpu_signature *sig)
{
	struct cpuid_regs c;

	if (!read_leaves(&c, sig))
		return 0;
	decode_signature(c.eax1, sig);
	/* AVX and later need the OS to save the wider registers: without
	 * OSXSAVE, XGETBV itself would fault, and without the XCR0 bits a
	 * context switch would corrupt the upper halves. Every later
	 * extension is VEX- or EVEX-encoded: a CPUID (a hypervisor's, say)
	 * that shows AVX2 or AVX-512 without AVX gets none of them. */
	uint64_t xcr0 = (c.ecx1 & LEAF1_ECX_OSXSAVE) ? xgetbv0() : 0;
	if (!(c.ecx1 & LEAF1_ECX_AVX))
		xcr0 = 0;
	const uint32_t regs[] = { [REG_ECX1] = c.ecx1, [REG_EDX1] = c.edx1,
				  [REG_EBX7] = c.ebx7, [REG_ECX7] = c.ecx7 };
	cpu_features f = 0;
	for (size_t i = 0; i < sizeof feature_bits / sizeof feature_bits[0]; i++)
		if ((regs[feature_bits[i].reg] & feature_bits[i].bit) &&
		    (xcr0 & feature_bits[i].state) == feature_bits[i].state)
			f |= feature_bits[i].feature;
	return f;
}

const char *cpu_brand(void)
{
	/* Static, as brand is (main thread only): 10 KiB of libcpuid's
	 * structures overflowed a small "ulimit -s". */
	static char brand[128];
	static struct cpu_raw_data_t raw;
	static struct cpu_id_t id;

	if (brand[0])
		return brand;
	if (cpuid_get_raw_data(&raw) == 0 && cpu_identify(&raw, &id) == 0 && id.brand_str[0]) {
		/* libcpuid keeps the padding some vendors put in the string. */
		const char *s = id.brand_str;
		while (*s == ' ')
			s++;
		snprintf(brand, sizeof brand, "%s", s);
		size_t n = strlen(brand);
		while (n && brand[n - 1] == ' ')
			brand[--n] = '\0';
	}
	if (!brand[0])
		snprintf(brand, sizeof brand, "unknown CPU");
	return brand;
}

#else /* !CPU_X86 */

static cpu_features detect(struct cpu_signature *sig)
{
	(void)sig;
	return 0;
}

const char *cpu_brand(void)
{
	return "unknown CPU (no x86 CPUID)";
}

#endif

/* What each feature builds on: no CPU has it without all of these (AVX
 * re-encodes the SSE instructions up to SSE4.2, AVX-512 widens AVX2,
 * VPCLMULQDQ and VAES are AVX forms), so a feature taken away takes
 * those built on it too. BMI1 and BMI2 build on none. */
static const struct {
	cpu_features feature, needs;
} feature_needs[] = {
	{ CPUF(SSSE3), CPUF(SSE2) },
	{ CPUF(SSE41), CPUF(SSSE3) },
	{ CPUF(SSE42), CPUF(SSE41) },
	{ CPUF(PCLMUL), CPUF(SSE2) },
	{ CPUF(SHA), CPUF(SSE2) },
	{ CPUF(GFNI), CPUF(SSE2) },
	{ CPUF(AVX), CPUF(SSE42) },
	{ CPUF(AVX2), CPUF(AVX) },
	{ CPUF(VAES), CPUF(AVX) },
	{ CPUF(VPCLMULQDQ), CPUF(AVX) | CPUF(PCLMUL) },
	{ CPUF(AVX512F), CPUF(AVX2) },
	{ CPUF(AVX512DQ), CPUF(AVX512F) },
	{ CPUF(AVX512BW), CPUF(AVX512F) },
	{ CPUF(AVX512VL), CPUF(AVX512F) },
};

/* off and every feature that needs one of them, directly or not. */
static cpu_features with_dependents(cpu_features off)
{
	bool grew = true;

	while (grew) {
		grew = false;
		for (size_t i = 0; i < sizeof feature_needs / sizeof feature_needs[0]; i++)
			if ((off & feature_needs[i].needs) && !(off & feature_needs[i].feature)) {
				off |= feature_needs[i].feature;
				grew = true;
			}
	}
	return off;
}

/* SIMDSUM_CPU_DISABLE=avx512f,sha removes features, so tests can drive
 * the dispatcher down every path on a machine that has them all. */
static cpu_features disabled_by_env(void)
{
	const char *env = getenv("SIMDSUM_CPU_DISABLE");
	cpu_features off = 0;

	if (!env)
		return 0;
	while (*env) {
		size_t len = strcspn(env, ",");
		bool known = len == 3 && strncmp(env, "all", 3) == 0;
		if (known)
			off = ~(cpu_features)0;
		for (int bit = 0; bit < CPU_NFEATURES; bit++)
			if (strlen(feature_names[bit]) == len && strncmp(env, feature_names[bit], len) == 0) {
				off |= (cpu_features)1 << bit;
				known = true;
			}
		/* a misspelt name would leave the feature on, unnoticed */
		if (!known && len)
			diag_error(0, "warning: SIMDSUM_CPU_DISABLE: unknown feature %s",
				   quote_value(env, len));
		env += len;
		if (*env == ',')
			env++;
	}
	return off;
}

/* SIMDSUM_CPU_SIGNATURE=VENDOR:FAMILY:MODEL (numbers in C syntax) stands
 * in for the CPU's own, so tests can pick any built-in profile. */
static void signature_from_env(struct cpu_signature *sig)
{
	const char *env = getenv("SIMDSUM_CPU_SIGNATURE");
	char vendor[13];
	unsigned family, model;

	if (env && sscanf(env, "%12[^:]:%i:%i", vendor, &family, &model) == 3) {
		memcpy(sig->vendor, vendor, sizeof vendor);
		sig->family = family;
		sig->model = model;
	}
}

/* The vendor as one word (see cpu.h): a profile file names it between
 * blanks, and some vendors pad theirs with spaces (Zhaoxin's is
 * "  Shanghai  "). */
static void vendor_as_word(char vendor[13])
{
	if (!vendor[0]) {
		strcpy(vendor, "none");
		return;
	}
	for (char *c = vendor; *c; c++)
		if (*c <= ' ' || *c > '~')
			*c = '_';
}

static int detected;
static cpu_features raw_features, usable_features;
static struct cpu_signature signature;

static void ensure_detected(void)
{
	/* Idempotent, so a race between threads only repeats the work. */
	if (__atomic_load_n(&detected, __ATOMIC_ACQUIRE))
		return;
	struct cpu_signature sig = { "", 0, 0 };
	raw_features = detect(&sig);
	signature_from_env(&sig);
	vendor_as_word(sig.vendor);
	signature = sig;
	usable_features = raw_features & ~with_dependents(disabled_by_env());
	__atomic_store_n(&detected, 1, __ATOMIC_RELEASE);
}

void cpu_signature_get(struct cpu_signature *out)
{
	ensure_detected();
	*out = signature;
}

cpu_features cpu_features_get(void)
{
	ensure_detected();
	return usable_features;
}

cpu_features cpu_features_raw(void)
{
	ensure_detected();
	return raw_features;
}
