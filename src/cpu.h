/* SPDX-License-Identifier: MIT */
/* cpu.h - simdsum's own CPU feature bits; only cpu.c talks to CPUID.
 * Layer: platform. */
#ifndef SIMDSUM_CPU_H
#define SIMDSUM_CPU_H

#include <stddef.h>
#include <stdint.h>

/* One bit per instruction-set extension a transform may need. A bit is
 * set only when the CPU has the extension AND the OS saves the register
 * state it uses (checked with XGETBV for AVX and AVX-512). */
enum cpu_feature_bit {
	CPU_SSE2,
	CPU_SSSE3,
	CPU_SSE41,
	CPU_SSE42,
	CPU_PCLMUL,
	CPU_AVX,
	CPU_AVX2,
	CPU_BMI1,
	CPU_BMI2,
	CPU_SHA,
	CPU_AVX512F,
	CPU_AVX512DQ,
	CPU_AVX512BW,
	CPU_AVX512VL,
	CPU_VPCLMULQDQ,
	CPU_VAES,
	CPU_GFNI,
	CPU_NFEATURES
};

typedef uint32_t cpu_features;

#define CPUF(name) ((cpu_features)1 << CPU_##name)

/* The features of this CPU and OS, minus those named in the environment
 * variable SIMDSUM_CPU_DISABLE (a comma list of cpu_feature_name()s, or
 * "all"; for tests and debugging) and those that need them (no SSE4.2,
 * no AVX). Computed on first use, then cached. */
cpu_features cpu_features_get(void);

/* The features before SIMDSUM_CPU_DISABLE was applied. */
cpu_features cpu_features_raw(void);

/* Lower-case name of a feature bit ("avx512vl"), or NULL. */
const char *cpu_feature_name(int bit);

/* Writes the names of the features in mask, separated by sep, into buf. */
void cpu_features_format(cpu_features mask, const char *sep, char *buf, size_t size);

/* Which CPU this is, as CPUID leaves 0 and 1 tell (cheap: read with the
 * features). Profiles are keyed by it. */
struct cpu_signature {
	char vendor[13];   /* "AuthenticAMD", "GenuineIntel", "none" without
	                    * CPUID; one word: a byte that is not a visible
	                    * ASCII character becomes '_' ("VIA VIA VIA " is
	                    * "VIA_VIA_VIA_"), so that a profile can name it */
	unsigned family;   /* display family (base + extended) */
	unsigned model;    /* display model (base + extended) */
};
void cpu_signature_get(struct cpu_signature *out);

/* The CPU brand string (full libcpuid identification: slow on a VM,
 * call only where it is shown). "unknown CPU" when unavailable. */
const char *cpu_brand(void);

#endif
