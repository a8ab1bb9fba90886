/* SPDX-License-Identifier: MIT */
/* test_cost_model.c - auto's decisions from profiles: the built-in ones
 * (whatever CPU runs the test: the features are passed in, so a Zen 5
 * decision is checked on a machine without AVX-512) and synthetic ones,
 * rows of two segments among them; the parser on good, broken and
 * hostile text; --tune's fit of one line or two. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"

#include "cost_model.h"
#include "cost_regret.h"
#include "profile.h"
#include "tune.h"

#define ALL_FEATURES (~(cpu_features)0)
#define AVX512_BITS (CPUF(AVX512F) | CPUF(AVX512DQ) | CPUF(AVX512BW) | CPUF(AVX512VL))

static const struct cpu_profile *builtin_named(const char *prefix)
{
	for (unsigned i = 0; i < profile_builtin_count(); i++)
		if (strncmp(profile_builtin(i)->name, prefix, strlen(prefix)) == 0)
			return profile_builtin(i);
	fail_msg("no built-in profile named %s", prefix);
	return NULL;
}

/* A built-in profile with the default's rows filled in, as profile_get()
 * makes it. */
static struct cpu_profile *complete(const char *prefix)
{
	static struct cpu_profile p;
	p = *builtin_named(prefix);
	profile_merge_missing(&p, profile_default());
	return &p;
}

static const char *kernel_name(const struct lane_plan *plan, unsigned b)
{
	return plan->kernel[b] ? plan->kernel[b]->name : "single";
}

/* The decisions tested below are about the x86-64 assembly rows, which a
 * build without them (ENABLE_ASM=no, another architecture) lacks: there
 * such a test is skipped, visibly. */
static void need_x86_rows(void)
{
#if !(SIMDSUM_ASM_X86 && HAVE_AS_SHA && HAVE_AS_AVX512 && HAVE_AS_VPCLMULQDQ)
	skip();
#endif
}

static void test_builtins_resolve_and_cover(void **state)
{
	(void)state;
	assert_true(profile_builtin_count() >= 4);
	assert_int_equal(profile_builtin_count(), profile_builtins_count);
	for (unsigned i = 0; i < profile_builtin_count(); i++) {
		const struct cpu_profile *p = profile_builtin(i);
		print_message("built-in profile %s: %u rows\n", p->name, p->nrows);
		assert_true(p->nrows > 0);
		/* A row is skipped only when this build lacks its kernel: an
		 * x86-64 build with every kernel assembled resolves them all,
		 * so a misspelt name or a row given twice shows here. */
#if SIMDSUM_ASM_X86 && HAVE_AS_SHA && HAVE_AS_AVX512 && HAVE_AS_VPCLMULQDQ
		if (p->nrows != profile_builtins[i].nrows)
			fail_msg("built-in profile %s: %u of its %u rows resolved", p->name, p->nrows,
				 profile_builtins[i].nrows);
#endif
	}
	/* The default has a cost for every row of every family. */
	for (int f = 0; f < FAMILY_COUNT; f++)
		for (const struct impl *i = impl_table((enum family)f); i->name; i++)
			if (!profile_cost(profile_default(), i))
				fail_msg("default profile lacks %s %s", family_desc((enum family)f)->name, i->name);
}

static void expect_match(const char *vendor, unsigned family, unsigned model, const char *want)
{
	struct cpu_signature sig;
	const char *got = "default";

	snprintf(sig.vendor, sizeof sig.vendor, "%s", vendor);
	sig.family = family;
	sig.model = model;
	for (unsigned i = 0; i + 1 < profile_builtin_count(); i++)
		if (profile_matches(profile_builtin(i), &sig)) {
			got = profile_builtin(i)->name;
			break;
		}
	if (strncmp(got, want, strlen(want)) != 0)
		fail_msg("%s %#x %#x: profile %s, want %s", vendor, family, model, got, want);
}

static void test_signatures(void **state)
{
	(void)state;
	expect_match("AuthenticAMD", 0x1a, 0x02, "AMD Zen 5");
	expect_match("AuthenticAMD", 0x1a, 0x44, "AMD Zen 5");
	expect_match("AuthenticAMD", 0x19, 0x11, "AMD Zen 4");
	expect_match("AuthenticAMD", 0x19, 0x61, "AMD Zen 4");
	expect_match("AuthenticAMD", 0x19, 0x01, "AMD Zen 3");
	expect_match("AuthenticAMD", 0x19, 0x21, "AMD Zen 3");
	expect_match("AuthenticAMD", 0x17, 0x01, "AMD Zen 1");
	expect_match("AuthenticAMD", 0x17, 0x08, "AMD Zen 1");
	expect_match("AuthenticAMD", 0x17, 0x31, "default");
	expect_match("GenuineIntel", 0x19, 0x11, "default");
	expect_match("GenuineIntel", 0x6, 0x8f, "Intel Sapphire/Emerald Rapids");
	expect_match("GenuineIntel", 0x6, 0xcf, "Intel Sapphire/Emerald Rapids");
	expect_match("GenuineIntel", 0x6, 0x6a, "default");
	expect_match("GenuineIntel", 0x6, 0xad, "default");
}

/* Zen 4: SHA-NI pairs until sixteen files can fill the 512-bit lanes. */
static void test_zen4_lanes(void **state)
{
	(void)state;
	need_x86_rows();
	struct lane_plan plan;
	cost_model_lanes(FAMILY_SHA256, complete("AMD Zen 4"), ALL_FEATURES, NULL, &plan);
	assert_int_equal(plan.capacity, 16);
	assert_string_equal(kernel_name(&plan, 1), "single");
	/* Up to 14 files, pairs (an odd file goes alone). At 15, seven
	 * pairs and one alone cost more than one x16 step with one lane
	 * idle (4.43 against 4.21 ns per byte of each file). */
	for (unsigned b = 2; b <= 14; b++)
		assert_string_equal(kernel_name(&plan, b), "shanix2");
	assert_string_equal(kernel_name(&plan, 16), "avx512x16");
}

/* Zen 5: sixteen lanes from eight files. */
static void test_zen5_lanes(void **state)
{
	(void)state;
	need_x86_rows();
	struct lane_plan plan;
	cost_model_lanes(FAMILY_SHA256, complete("AMD Zen 5"), ALL_FEATURES, NULL, &plan);
	assert_int_equal(plan.capacity, 16);
	for (unsigned b = 2; b <= 6; b += 2)
		assert_string_equal(kernel_name(&plan, b), "shanix2");
	for (unsigned b = 8; b <= 16; b++)
		assert_string_equal(kernel_name(&plan, b), "avx512x16");
	/* SHA-1 and SHA-512 use their 512-bit lanes too. */
	cost_model_lanes(FAMILY_SHA1, complete("AMD Zen 5"), ALL_FEATURES, NULL, &plan);
	assert_string_equal(kernel_name(&plan, 16), "avx512x16");
	cost_model_lanes(FAMILY_SHA512, complete("AMD Zen 5"), ALL_FEATURES, NULL, &plan);
	assert_string_equal(kernel_name(&plan, 8), "avx512x8");
}

/* Emerald Rapids (measured on the 16-vCPU device machine): 512-bit lanes
 * at full width win from two MD5 files and from 10 SHA-256 files (12 x
 * 16 MiB: x16 1.20x faster than SHA-NI pairs; 8: pairs 1.14x faster);
 * SHA-512 single-stream on avx512 (7% faster than avx2); CRC-32C by
 * folding alone, never the blends (crc32 issues once a cycle: the zmm
 * hybrid ran 0.50x vpclmul there). */
static void test_intel_lanes(void **state)
{
	(void)state;
	need_x86_rows();
	const struct cpu_profile *p = complete("Intel Sapphire");
	struct lane_plan plan;
	struct dispatch d;
	cost_model_lanes(FAMILY_MD5, p, ALL_FEATURES, NULL, &plan);
	assert_string_equal(kernel_name(&plan, 1), "single");
	assert_string_equal(kernel_name(&plan, 2), "avx512x16");
	cost_model_lanes(FAMILY_SHA256, p, ALL_FEATURES, NULL, &plan);
	assert_string_equal(kernel_name(&plan, 8), "shanix2");
	assert_string_equal(kernel_name(&plan, 12), "avx512x16");
	cost_model_dispatch(FAMILY_SHA512, p, ALL_FEATURES, &d);
	assert_string_equal(dispatch_pick(&d, 1 << 20)->name, "avx512");
	cost_model_dispatch(FAMILY_CRC32C, p, ALL_FEATURES, &d);
	assert_string_equal(dispatch_pick(&d, 4096)->name, "vpclmul");
	assert_string_equal(dispatch_pick(&d, 1 << 20)->name, "vpclmul");
}

/* A multi-buffer row far cheaper than any other keeps every lane busy,
 * however cheap: with a subnormal cost b / t[b] overflowed to infinity
 * at two files, and no larger count looked better (a plan of 2 files). */
static void test_tiny_costs_keep_every_lane(void **state)
{
	(void)state;
	need_x86_rows();
	const double costs[] = { 1e-300, 1e-320, 4.9e-324 };
	for (size_t k = 0; k < sizeof costs / sizeof costs[0]; k++) {
		struct cpu_profile *p = complete("AMD Zen 5");
		struct row_cost *row = NULL;
		for (unsigned i = 0; i < p->nrows; i++)
			if (p->rows[i].impl->lanes == 16 &&
			    p->rows[i].impl == impl_find(FAMILY_SHA256, "avx512x16"))
				row = &p->rows[i];
		assert_non_null(row);
		row->call_ns = 0;
		row->byte_ns = costs[k];
		struct lane_plan plan;
		cost_model_lanes(FAMILY_SHA256, p, ALL_FEATURES, NULL, &plan);
		if (plan.capacity != 16)
			fail_msg("byte cost %g: %u files at once, want 16", costs[k], plan.capacity);
		assert_string_equal(kernel_name(&plan, 16), "avx512x16");
	}
}

/* The default, on every CPU with a built-in profile: auto's choices under
 * it cost at most 1.7x those under the CPU's own profile, by the CPU's own
 * rows (cost_regret). Zen 4's rows, the default before, reached 2.00x on
 * Emerald Rapids (MD5 on 9 files of 16 MiB: eight AVX2 lanes and one
 * file alone against sixteen 512-bit lanes). */
static void test_default_near_best(void **state)
{
	(void)state;
	for (unsigned i = 0; i + 1 < profile_builtin_count(); i++) {
		static struct cpu_profile truth;
		char where[64];
		truth = *profile_builtin(i);
		profile_merge_missing(&truth, profile_default());
		double r = cost_regret(&truth, profile_default(), cost_regret_features(profile_builtin(i)),
				       where, sizeof where);
		if (r > 1.7)
			fail_msg("%s under the default: %.2fx at %s", truth.name, r, where);
	}
}

/* Zen 1: SHA-NI interleaving, never the half-width AVX2 lanes of SHA-1
 * and SHA-256; CRC-32C by folding, not the crc32 instruction. */
static void test_zen1_lanes(void **state)
{
	(void)state;
	need_x86_rows();
	cpu_features have = ALL_FEATURES & ~AVX512_BITS & ~CPUF(VPCLMULQDQ);
	struct lane_plan plan;
	struct dispatch d;
	cost_model_lanes(FAMILY_SHA256, complete("AMD Zen 1"), have, NULL, &plan);
	for (unsigned b = 2; b <= COST_MAX_STREAMS; b++)
		assert_string_not_equal(kernel_name(&plan, b), "avx2x8");
	assert_string_equal(kernel_name(&plan, 2), "shanix2");
	cost_model_lanes(FAMILY_SHA1, complete("AMD Zen 1"), have, NULL, &plan);
	for (unsigned b = 3; b <= COST_MAX_STREAMS; b++)
		assert_string_not_equal(kernel_name(&plan, b), "avx2x8");
	cost_model_dispatch(FAMILY_CRC32C, complete("AMD Zen 1"), have, &d);
	assert_string_equal(dispatch_pick(&d, 1 << 20)->name, "pclmul");
}

/* A CPU with SHA-NI and AVX2 but no AVX-512, under the default profile:
 * never a 512-bit row, in lanes or dispatch. */
static void test_no_avx512(void **state)
{
	(void)state;
	need_x86_rows();
	cpu_features have = ALL_FEATURES & ~AVX512_BITS;
	for (int f = 0; f < FAMILY_COUNT; f++) {
		struct lane_plan plan;
		struct dispatch d;
		cost_model_lanes((enum family)f, profile_default(), have, NULL, &plan);
		for (unsigned b = 1; b <= COST_MAX_STREAMS; b++)
			if (plan.kernel[b])
				assert_int_equal(plan.kernel[b]->needs & AVX512_BITS, 0);
		cost_model_dispatch((enum family)f, profile_default(), have, &d);
		for (unsigned t = 0; t < d.ntiers; t++)
			assert_int_equal(d.tier[t].impl->needs & AVX512_BITS, 0);
	}
	struct lane_plan plan;
	cost_model_lanes(FAMILY_SHA256, profile_default(), have, NULL, &plan);
	assert_string_equal(kernel_name(&plan, 2), "shanix2");
}

/* The Zen 5 CRC blend is auto only under Zen 5's profile. */
static void test_crc_hybrid(void **state)
{
	(void)state;
	need_x86_rows();
	struct dispatch d;
	cost_model_dispatch(FAMILY_CRC32C, complete("AMD Zen 5"), ALL_FEATURES, &d);
	assert_string_equal(dispatch_pick(&d, 1 << 20)->name, "hybrid");
	assert_string_not_equal(dispatch_pick(&d, 16)->name, "hybrid");
	cost_model_dispatch(FAMILY_CRC32C, complete("AMD Zen 4"), ALL_FEATURES, &d);
	assert_string_equal(dispatch_pick(&d, 1 << 20)->name, "vpclmul");
	cost_model_dispatch(FAMILY_CRC32C, profile_default(), ALL_FEATURES, &d);
	for (unsigned t = 0; t < d.ntiers; t++)
		assert_string_not_equal(d.tier[t].impl->name, "hybrid");
}

static struct cpu_profile synthetic(const char *rows)
{
	struct cpu_profile p;
	char text[2048], err[200];
	snprintf(text, sizeof text, "simdsum-profile 1\nname synthetic\n%s", rows);
	if (!profile_parse(text, strlen(text), &p, err, sizeof err))
		fail_msg("synthetic profile: %s", err);
	return p;
}

/* A profile in which generic is cheapest everywhere picks generic, for
 * single calls and lanes. */
static void test_generic_fastest(void **state)
{
	(void)state;
	need_x86_rows();
	struct cpu_profile p = synthetic("row sha256 generic 1 0.01\n"
					 "row sha256 shani 50 1\n"
					 "row sha256 avx2 50 1\n"
					 "row sha256 shanix2 0 1\n"
					 "row sha256 avx2x8 0 1\n"
					 "row sha256 avx512x16 0 1\n");
	struct dispatch d;
	struct lane_plan plan;
	cost_model_dispatch(FAMILY_SHA256, &p, ALL_FEATURES, &d);
	assert_int_equal(d.ntiers, 1);
	assert_string_equal(d.tier[0].impl->name, "generic");
	cost_model_lanes(FAMILY_SHA256, &p, ALL_FEATURES, NULL, &plan);
	assert_int_equal(plan.capacity, 0);
}

/* Two rows whose lines cross at 100 bytes: the tier boundary is there,
 * to the byte for a CRC, rounded up to whole blocks for a SHA. */
static void test_tier_boundary(void **state)
{
	(void)state;
	need_x86_rows();
	struct dispatch d;
	struct cpu_profile crc = synthetic("row crc32c sse42 10 1\nrow crc32c pclmul 100 0.1\n"
					   "row crc32c generic 1000 10\n");
	cost_model_dispatch(FAMILY_CRC32C, &crc, ALL_FEATURES & ~(CPUF(AVX512F)), &d);
	assert_int_equal(d.ntiers, 2);
	assert_string_equal(d.tier[0].impl->name, "pclmul");
	assert_int_equal(d.tier[0].min_len, 101);   /* equal at 100: the earlier row */
	assert_string_equal(d.tier[1].impl->name, "sse42");
	assert_int_equal(d.tier[1].min_len, 0);

	struct cpu_profile sha = synthetic("row sha1 avx 10 1\nrow sha1 avx2 100 0.1\n"
					   "row sha1 generic 1000 10\n");
	cost_model_dispatch(FAMILY_SHA1, &sha, CPUF(AVX) | CPUF(AVX2) | CPUF(BMI1) | CPUF(BMI2), &d);
	assert_int_equal(d.ntiers, 2);
	assert_string_equal(d.tier[0].impl->name, "avx2");
	assert_int_equal(d.tier[0].min_len, 128);
	assert_string_equal(d.tier[1].impl->name, "avx");
}

/* A row cheapest only between two points of the search's grid (66
 * bytes, between 64 and 72) gets its tier: the search stops where any two
 * rows' costs cross (a helper's profile; vpclmul256 67.63 ns at 66 bytes,
 * hybrid 67.72, avx2blend 67.78, and hybrid was taken from 67 bytes,
 * avx2blend below). Then random profiles of up to four runs: the row
 * dispatched at every length from 1 to 4096 is the cheapest there. */
static void test_tier_between_grid_points(void **state)
{
	(void)state;
	need_x86_rows();
	struct dispatch d;
	struct cpu_profile p = synthetic("row crc32c hybrid 49.647 0.2738\n"
					 "row crc32c vpclmul 43.65 0.3772\n"
					 "row crc32c avx2blend 11.229 0.8568\n"
					 "row crc32c vpclmul256 24.313 0.6563 from 246 91.848 0.4301\n"
					 "row crc32c sse42 36.285 0.6671\n"
					 "row crc32c pclmul 43.747 0.8093\n"
					 "row crc32c generic 32.191 0.8639 from 2701 162.234 0.9672\n");
	cost_model_dispatch(FAMILY_CRC32C, &p, ALL_FEATURES, &d);
	assert_string_equal(dispatch_pick(&d, 66)->name, "vpclmul256");
	assert_string_equal(dispatch_pick(&d, 65)->name, "avx2blend");
	assert_string_equal(dispatch_pick(&d, 67)->name, "hybrid");

	static const char *const names[] = { "generic", "sse42", "pclmul", "vpclmul",
					     "vpclmul256", "avx2blend", "hybrid" };
	unsigned long long x = 88172645463325252ull;   /* xorshift64, fixed */
	unsigned checked = 0;
	for (unsigned round = 0; round < 400; round++) {
		char rows[1024];
		size_t used = 0;
		for (unsigned i = 0; i < 7; i++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			double call = (double)(x % 10000) / 100, byte = (double)((x >> 20) % 1000) / 1000;
			used += (size_t)snprintf(rows + used, sizeof rows - used,
						 "row crc32c %s %.2f %.3f\n", names[i], call, byte + 0.01);
		}
		struct cpu_profile r = synthetic(rows);
		cost_model_dispatch(FAMILY_CRC32C, &r, ALL_FEATURES, &d);
		/* the brute force: each length's cheapest row, as cost_model
		 * decides it (refines have no row among these seven); rows
		 * of equal cost go to the earlier in the registry */
		const struct impl *prev = NULL;
		unsigned runs = 0;
		const struct impl *best_at[4097];
		for (size_t len = 1; len <= 4096; len++) {
			const struct impl *best = NULL;
			double least = INFINITY;
			for (const struct impl *i = impl_table(FAMILY_CRC32C); i->name; i++) {
				const struct row_cost *c = profile_cost(&r, i);
				if (c && cost_model_call_ns(c, len) < least) {
					least = cost_model_call_ns(c, len);
					best = i;
				}
			}
			best_at[len] = best;
			runs += best != prev;
			prev = best;
		}
		if (runs > IMPL_MAX_TIERS)   /* more runs than tiers: not this test's */
			continue;
		checked++;
		for (size_t len = 1; len <= 4096; len++)
			if (dispatch_pick(&d, len) != best_at[len])
				fail_msg("round %u, %zu bytes: %s dispatched, %s cheapest\n%s", round, len,
					 dispatch_pick(&d, len)->name, best_at[len]->name, rows);
	}
	print_message("%u random profiles of at most %d runs checked at every length\n", checked,
		      IMPL_MAX_TIERS);
	assert_true(checked > 100);
}

/* A row that refines another (the same rounds in fewer instructions:
 * SHA-512's avx512 and avx2) takes the tie, up to 3% dearer by the
 * profile; more than that and the data wins. The registry's refines
 * each name a single-stream row of their own family. */
static void test_refines(void **state)
{
	(void)state;
	unsigned n = 0;
	for (int f = 0; f < FAMILY_COUNT; f++)
		for (const struct impl *i = impl_table((enum family)f); i->name; i++) {
			if (!i->refines)
				continue;
			const struct impl *r = impl_find((enum family)f, i->refines);
			if (!r || r == i || r->lanes || i->lanes)
				fail_msg("%s %s refines %s: not another single-stream row",
					 family_desc((enum family)f)->name, i->name, i->refines);
			n++;
		}
	print_message("%u rows refine another\n", n);
#if SIMDSUM_ASM_X86 && HAVE_AS_AVX512
	struct dispatch d;
	struct cpu_profile p = synthetic("row sha512 avx512 10.2 1.02\nrow sha512 avx2 10 1\n"
					 "row sha512 generic 1000 10\n");
	cost_model_dispatch(FAMILY_SHA512, &p, ALL_FEATURES, &d);
	assert_int_equal(d.ntiers, 1);
	assert_string_equal(d.tier[0].impl->name, "avx512");
	p = synthetic("row sha512 avx512 10.5 1.05\nrow sha512 avx2 10 1\n"
		      "row sha512 generic 1000 10\n");
	cost_model_dispatch(FAMILY_SHA512, &p, ALL_FEATURES, &d);
	assert_int_equal(d.ntiers, 1);
	assert_string_equal(d.tier[0].impl->name, "avx2");
	/* Without AVX-512 the tie is avx2's. */
	p = synthetic("row sha512 avx512 10 1\nrow sha512 avx2 10 1\nrow sha512 generic 1000 10\n");
	cost_model_dispatch(FAMILY_SHA512, &p, ALL_FEATURES & ~AVX512_BITS, &d);
	assert_string_equal(dispatch_pick(&d, 4096)->name, "avx2");
#else
	skip();   /* no avx512 row in this build */
#endif
}

/* A row of two segments costs its second from from_len on. */
static void test_two_segments_cost(void **state)
{
	(void)state;
	need_x86_rows();
	struct cpu_profile p = synthetic("row crc32c sse42 3 0.02 from 128 10 0.04\n");
	const struct row_cost *c = &p.rows[0];
	assert_int_equal(c->from_len, 128);
	assert_true(fabs(cost_model_call_ns(c, 127) - (3 + 0.02 * 127)) < 1e-9);
	assert_true(fabs(cost_model_call_ns(c, 128) - (10 + 0.04 * 128)) < 1e-9);
	assert_true(fabs(cost_model_call_ns(c, 0) - 3) < 1e-9);
}

/* As avx2blend against vpclmul256 on Zen 3 (here sse42 and pclmul, rows
 * every x86-64 build has): the two-segment row's first line is below the
 * other row's at every length, so a single line would keep it
 * everywhere; from its knee on it costs more, and the other row takes
 * over there, to the byte. */
static void test_knee_hands_over(void **state)
{
	(void)state;
	need_x86_rows();
	struct dispatch d;
	cpu_features have = ALL_FEATURES & ~(CPUF(AVX512F));
	struct cpu_profile p = synthetic("row crc32c sse42 3 0.02 from 128 10 0.04\n"
					 "row crc32c pclmul 3.35 0.0374\n"
					 "row crc32c generic 1000 10\n");
	cost_model_dispatch(FAMILY_CRC32C, &p, have, &d);
	assert_int_equal(d.ntiers, 2);
	assert_string_equal(d.tier[0].impl->name, "pclmul");
	assert_int_equal(d.tier[0].min_len, 128);
	assert_string_equal(d.tier[1].impl->name, "sse42");
	/* A knee at 1003 bytes, between the grid's 1000 and 1008: pclmul is
	 * cheapest only from 1003 to 1005, sse42 on either side. The walk
	 * looks at the lengths on both sides of every knee, so it sees that. */
	p = synthetic("row crc32c sse42 0 0.1 from 1003 109.3 0.001\n"
		      "row crc32c pclmul 50 0.06\n"
		      "row crc32c generic 1000 10\n");
	cost_model_dispatch(FAMILY_CRC32C, &p, have, &d);
	assert_int_equal(d.ntiers, 3);
	assert_string_equal(d.tier[0].impl->name, "sse42");
	assert_int_equal(d.tier[0].min_len, 1006);
	assert_string_equal(d.tier[1].impl->name, "pclmul");
	assert_int_equal(d.tier[1].min_len, 1003);
	assert_string_equal(d.tier[2].impl->name, "sse42");
	/* Whole blocks: a knee at 100 bytes is a change between 64 and 128. */
	p = synthetic("row sha1 avx 10 0.5 from 100 1000 1\n"
		      "row sha1 avx2 100 0.6\n"
		      "row sha1 generic 1000 10\n");
	cost_model_dispatch(FAMILY_SHA1, &p, CPUF(AVX) | CPUF(AVX2) | CPUF(BMI1) | CPUF(BMI2), &d);
	assert_int_equal(d.ntiers, 2);
	assert_string_equal(d.tier[0].impl->name, "avx2");
	assert_int_equal(d.tier[0].min_len, 128);
	assert_string_equal(d.tier[1].impl->name, "avx");
}

/* --tune's CRC lengths (tune_rows.c). */
static const double tune_lengths[] = { 16,  32,  64,  80,   96,   128,   192,   256,
				       384, 512, 640, 768, 1024, 4096, 16384, 262144 };
#define NTUNE (sizeof tune_lengths / sizeof tune_lengths[0])

/* Times at tune_lengths from c, each off by wiggle x (-1)^i. */
static struct row_cost fitted_from(const struct row_cost *c, double wiggle)
{
	double ns[NTUNE];
	struct row_cost out = { .impl = NULL };

	for (unsigned i = 0; i < NTUNE; i++)
		ns[i] = cost_model_call_ns(c, (size_t)tune_lengths[i]) * (1 + (i % 2 ? wiggle : -wiggle));
	assert_true(tune_fit_row(tune_lengths, ns, NTUNE, &out));
	return out;
}

static void expect_costs(const struct row_cost *got, const struct row_cost *want, double tol)
{
	assert_int_equal(got->from_len, want->from_len);
	assert_true(fabs(got->call_ns - want->call_ns) <= tol * want->call_ns);
	assert_true(fabs(got->byte_ns - want->byte_ns) <= tol * want->byte_ns);
	assert_true(fabs(got->call2_ns - want->call2_ns) <= tol * want->call2_ns);
	assert_true(fabs(got->byte2_ns - want->byte2_ns) <= tol * want->byte2_ns);
}

/* A line stays one line, noise or not; avx2blend's shape on Zen 3 (its
 * blend worth it from 640 bytes, where its lines do not meet) gets its
 * two back; lines that cross between two lengths give the crossing. */
static void test_tune_fit(void **state)
{
	(void)state;
	const struct row_cost line = { .call_ns = 3.31, .byte_ns = 0.0365 };
	struct row_cost got = fitted_from(&line, 0);
	expect_costs(&got, &line, 1e-9);
	got = fitted_from(&line, 0.03);   /* 6% between neighbours */
	assert_int_equal(got.from_len, 0);

	const struct row_cost blend = { .call_ns = 2.75, .byte_ns = 0.0442, .from_len = 640,
					.call2_ns = 10.98, .byte2_ns = 0.0212 };
	got = fitted_from(&blend, 0);
	expect_costs(&got, &blend, 1e-9);
	got = fitted_from(&blend, 0.01);
	assert_int_equal(got.from_len, 640);

	/* 2 + 0.08 L and 10 + 0.04 L meet at 200, between 192 and 256. */
	const struct row_cost knee = { .call_ns = 2, .byte_ns = 0.08, .from_len = 200,
				       .call2_ns = 10, .byte2_ns = 0.04 };
	got = fitted_from(&knee, 0);
	expect_costs(&got, &knee, 1e-9);

	/* SHA rows' four lengths: too few for two segments of three. */
	double len[] = { 64, 256, 1024, 16384 }, ns[4];
	for (unsigned i = 0; i < 4; i++)
		ns[i] = cost_model_call_ns(&blend, (size_t)len[i]);
	assert_true(tune_fit_row(len, ns, 4, &got));
	assert_int_equal(got.from_len, 0);
}

/* A forced multi-buffer row runs whenever two files are ready. */
static void test_forced_lanes(void **state)
{
	(void)state;
	struct lane_plan plan;
	const struct impl *x8 = impl_find(FAMILY_SHA256, "avx2x8");
	if (!x8)
		skip();
	cost_model_lanes(FAMILY_SHA256, profile_default(), ALL_FEATURES, x8, &plan);
	assert_int_equal(plan.capacity, 8);
	assert_null(plan.kernel[1]);
	for (unsigned b = 2; b <= 8; b++)
		assert_ptr_equal(plan.kernel[b], x8);
}

static const char good[] = "simdsum-profile 1\n"
			   "# a comment\n"
			   "name test profile\n"
			   "cpu AuthenticAMD 0x19 0x10-0x1f,0x60\n"
			   "version 0.1.0\n"
			   "io mmap\n"
			   "row sha256 generic 187.09 2.65375\n"
			   "row crc32c generic 0 0.435\n"
			   "row crc32 generic 0.5 0.6  from 640 11.5 0.0212\n";

static void expect_rejected(const char *text, const char *why)
{
	struct cpu_profile p;
	char err[200];
	if (profile_parse(text, strlen(text), &p, err, sizeof err))
		fail_msg("accepted %s", why);
	print_message("%s: %s\n", why, err);
	assert_true(err[0] != '\0');
}

/* The second segment: as strict as the first, LEN a decimal integer. */
static void expect_segment_rejected(void)
{
	static const char *const bad[][2] = {
		{ "from 0 1 1", "a knee at 0" },
		{ "from -5 1 1", "a negative knee" },
		{ "from +5 1 1", "a signed knee" },
		{ "from 1.5 1 1", "a fractional knee" },
		{ "from 0x80 1 1", "a hexadecimal knee" },
		{ "from 1e3 1 1", "a knee in exponent form" },
		{ "from 1000000000 1 1", "a knee of 10^9" },
		{ "from 99999999999999999999999 1 1", "a knee beyond any integer" },
		{ "from 128x 1 1", "trailing junk in the knee" },
		{ "from 128 nan 1", "a NaN second call cost" },
		{ "from 128 -1 1", "a negative second call cost" },
		{ "from 128 1 0", "a free byte after the knee" },
		{ "from 128 1 inf", "an infinite second byte cost" },
		{ "from 128 1e9 1", "a second call cost of 1e9" },
		{ "from 128 1 1x", "trailing junk in the second byte cost" },
		{ "to 128 1 1", "another word than from" },
		{ "from 128 1", "a segment without its byte cost" },
		{ "from 128", "a segment without costs" },
		{ "from", "from alone" },
		{ "128 1 1", "a segment without from" },
		{ "from 128 1 1 1", "a field too many" },
		{ "from 128 1 1 from 256 1 1", "three segments" },
	};
	char text[200];

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(text, sizeof text, "simdsum-profile 1\nrow crc32c generic 1 1 %s\n", bad[i][0]);
		expect_rejected(text, bad[i][1]);
	}
	/* A multi-buffer row has one figure, its aggregate. */
	if (impl_find(FAMILY_SHA256, "avx2x8"))
		expect_rejected("simdsum-profile 1\nrow sha256 avx2x8 0 1 from 128 0 1\n",
				"a multi-buffer row with a segment");
	/* The largest knee, leading zeros (still decimal) and a knee of 1. */
	struct cpu_profile p;
	char err[200];
	static const char edge[] = "simdsum-profile 1\nrow crc32c generic 1 1 from 999999999 0 1\n"
				   "row crc32 generic 1 1 from 0010 0 1\n"
				   "row sha1 generic 1 1 from 1 0 1\n";
	if (!profile_parse(edge, strlen(edge), &p, err, sizeof err))
		fail_msg("edge knees: %s", err);
	assert_int_equal(p.rows[0].from_len, 999999999);
	assert_int_equal(p.rows[1].from_len, 10);
	assert_int_equal(p.rows[2].from_len, 1);
}

static void test_parse(void **state)
{
	(void)state;
	struct cpu_profile p;
	char err[200];
	assert_true(profile_parse(good, strlen(good), &p, err, sizeof err));
	assert_string_equal(p.name, "test profile");
	assert_string_equal(p.vendor, "AuthenticAMD");
	assert_int_equal(p.family, 0x19);
	assert_int_equal(p.nranges, 2);
	assert_int_equal(p.model[1].lo, 0x60);
	assert_int_equal(p.io, IO_PREF_MMAP);
	assert_int_equal(p.nrows, 3);
	assert_true(fabs(p.rows[0].byte_ns - 2.65375) < 1e-9);
	assert_int_equal(p.rows[0].from_len, 0);
	assert_int_equal(p.rows[2].from_len, 640);
	assert_true(fabs(p.rows[2].call_ns - 0.5) < 1e-12 && fabs(p.rows[2].byte_ns - 0.6) < 1e-12);
	assert_true(fabs(p.rows[2].call2_ns - 11.5) < 1e-12);
	assert_true(fabs(p.rows[2].byte2_ns - 0.0212) < 1e-12);

	expect_rejected("", "empty");
	expect_rejected("row sha256 generic 1 1\n", "no magic line");
	expect_rejected("simdsum-profile 2\n", "another format");
	expect_rejected("simdsum-profile 1\nrow sha256 nosuch 1 1\n", "unknown row");
	expect_rejected("simdsum-profile 1\nrow md4 generic 1 1\n", "unknown family");
	expect_rejected("simdsum-profile 1\nrow sha256 generic nan 1\n", "NaN");
	expect_rejected("simdsum-profile 1\nrow sha256 generic 1 inf\n", "infinite");
	expect_rejected("simdsum-profile 1\nrow sha256 generic -1 1\n", "negative");
	expect_rejected("simdsum-profile 1\nrow sha256 generic 1 0\n", "a free byte");
	expect_rejected("simdsum-profile 1\nrow sha256 generic 1 1e300\n", "huge");
	expect_rejected("simdsum-profile 1\nrow sha256 generic 1 1x\n", "trailing junk");
	expect_rejected("simdsum-profile 1\nrow sha256 generic 1\n", "too few fields");
	expect_rejected("simdsum-profile 1\nrow sha256 generic 1 1 1\n", "too many fields");
	expect_rejected("simdsum-profile 1\nrow sha256 generic 1 1\nrow sha256 generic 2 2\n",
			"duplicate row");
	expect_rejected("simdsum-profile 1\nrow sha256 generic 1 1 from 128 1 1\n"
			"row sha256 generic 1 1\n", "duplicate row, the first with a segment");
	expect_segment_rejected();
	expect_rejected("simdsum-profile 1\ncpu AuthenticAMD 0x19 0x20-0x10\n", "empty range");
	expect_rejected("simdsum-profile 1\ncpu AuthenticAMD 0x19 ,\n", "no models");
	expect_rejected("simdsum-profile 1\nio fast\n", "unknown io");
	expect_rejected("simdsum-profile 1\nfrobnicate 1\n", "unknown keyword");
	expect_rejected("simdsum-profile 1\nname a\tb\x01\n", "control character");
	char longline[400];
	memset(longline, 'a', sizeof longline);
	memcpy(longline, "simdsum-profile 1\nname ", 23);
	longline[sizeof longline - 1] = '\0';
	expect_rejected(longline, "a 377-byte line");
	/* A NUL byte inside the text is not a line of text. */
	static const char nul[] = "simdsum-profile 1\nname a\0b\n";
	assert_false(profile_parse(nul, sizeof nul - 1, &p, err, sizeof err));
}

/* Every prefix of a good profile parses or is refused cleanly, and what
 * parses holds only rows of the whole. */
static void test_truncated_everywhere(void **state)
{
	(void)state;
	for (size_t len = 0; len <= strlen(good); len++) {
		struct cpu_profile p;
		char err[200];
		char *copy = malloc(len ? len : 1);
		memcpy(copy, good, len);   /* not NUL-terminated, on purpose */
		if (profile_parse(copy, len, &p, err, sizeof err))
			assert_true(p.nrows <= 3);
		free(copy);
	}
}

static bool close_to(double a, double b)
{
	return fabs(a - b) <= 1e-5 * fabs(a);
}

/* back has every row of p, with the same costs to the digits written. */
static void expect_same_rows(const struct cpu_profile *p, const struct cpu_profile *back)
{
	assert_int_equal(back->nrows, p->nrows);
	for (unsigned i = 0; i < p->nrows; i++) {
		const struct row_cost *a = &p->rows[i], *c = profile_cost(back, a->impl);
		assert_non_null(c);
		assert_true(close_to(a->call_ns, c->call_ns) && close_to(a->byte_ns, c->byte_ns));
		assert_int_equal(c->from_len, a->from_len);
		assert_true(close_to(a->call2_ns, c->call2_ns) && close_to(a->byte2_ns, c->byte2_ns));
	}
}

static void expect_round_trip(const struct cpu_profile *p)
{
	char *text = NULL, err[200];
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	profile_write(p, NULL, f);
	fclose(f);
	struct cpu_profile back;
	if (!profile_parse(text, len, &back, err, sizeof err))
		fail_msg("%s\n%s", err, text);
	expect_same_rows(p, &back);
	free(text);
}

/* What profile_write prints, profile_parse reads back the same. */
static void test_round_trip(void **state)
{
	(void)state;
	const struct cpu_profile *zen5 = builtin_named("AMD Zen 5");
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct cpu_signature sig = { "AuthenticAMD", 0x1a, 0x02 };
	profile_write(zen5, &sig, f);
	fclose(f);
	struct cpu_profile back;
	char err[200];
	if (!profile_parse(text, len, &back, err, sizeof err))
		fail_msg("%s\n%s", err, text);
	assert_true(profile_matches(&back, &sig));
	assert_string_equal(back.version, "0.1.0");
	expect_same_rows(zen5, &back);
	free(text);
	/* Every built-in profile (Zen 3's rows have segments), and rows of
	 * two segments whatever the built-in ones hold. */
	for (unsigned i = 0; i < profile_builtin_count(); i++)
		expect_round_trip(profile_builtin(i));
	struct cpu_profile seg = synthetic("row crc32c generic 0 0.5 from 96 1.25 0.59\n"
					   "row sha256 generic 4.5 3.5 from 999999999 0 123456789\n");
	expect_round_trip(&seg);
}

/* A figure reads as the double strtod gives for it, bit for bit, in
 * every form profile_write prints (%.6g to %.17g) and in plain decimals
 * of up to 22 places: the parser takes plain decimals without strtod. */
static void test_figures_exact(void **state)
{
	(void)state;
	uint64_t x = 0x9e3779b97f4a7c15u;
	unsigned checked = 0;

	for (unsigned i = 0; i < 20000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		/* Costs from 1e-6 to below 1e9 ns, log-uniform-ish. */
		double v = (double)(x >> 11) / 9007199254740992.0 * 9.99e8;
		v /= (double)(1ull << (x % 48));
		char fig[64], text[200];
		if (i % 2)
			snprintf(fig, sizeof fig, "%.*g", 6 + (int)(i / 2 % 12), v);
		else
			snprintf(fig, sizeof fig, "%.*f", (int)(i / 2 % 23), v);
		double want = strtod(fig, NULL);
		if (!(want > 0) || !(want < 1e9))
			continue;
		snprintf(text, sizeof text, "simdsum-profile 1\nrow crc32c generic %s %s\n", fig, fig);
		struct cpu_profile p;
		char err[200];
		if (!profile_parse(text, strlen(text), &p, err, sizeof err))
			fail_msg("%s: %s", fig, err);
		if (memcmp(&p.rows[0].call_ns, &want, sizeof want) != 0 ||
		    memcmp(&p.rows[0].byte_ns, &want, sizeof want) != 0)
			fail_msg("%s read as %.17g, strtod %.17g", fig, p.rows[0].call_ns, want);
		checked++;
	}
	assert_true(checked > 15000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_builtins_resolve_and_cover),
		cmocka_unit_test(test_zen1_lanes),
		cmocka_unit_test(test_signatures),
		cmocka_unit_test(test_intel_lanes),
		cmocka_unit_test(test_default_near_best),
		cmocka_unit_test(test_zen4_lanes),
		cmocka_unit_test(test_zen5_lanes),
		cmocka_unit_test(test_no_avx512),
		cmocka_unit_test(test_crc_hybrid),
		cmocka_unit_test(test_generic_fastest),
		cmocka_unit_test(test_tier_boundary),
		cmocka_unit_test(test_refines),
		cmocka_unit_test(test_two_segments_cost),
		cmocka_unit_test(test_knee_hands_over),
		cmocka_unit_test(test_tune_fit),
		cmocka_unit_test(test_forced_lanes),
		cmocka_unit_test(test_tiny_costs_keep_every_lane),
		cmocka_unit_test(test_tier_between_grid_points),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_truncated_everywhere),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_figures_exact),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
