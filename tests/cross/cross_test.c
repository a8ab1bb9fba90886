/* SPDX-License-Identifier: MIT */
/* cross_test.c - the test core's bodies (tests/core) run with no test
 * framework, for targets whose cmocka, OpenSSL and ISA-L are not
 * installed: aarch64 and big-endian s390x under qemu-user (make
 * check-cross). It runs on x86-64 too. Every body the cmocka suites
 * test_vectors, test_differential, test_multibuffer and test_parts call
 * runs here on every row this CPU runs, and --selftest's vectors; rows it
 * cannot run are counted as skipped and named.
 *
 *   cross_test [VECTORS_DIR]     (default: SIMDSUM_VECTORS, else the one
 *                                 compiled in) */
#include <stdio.h>
#include <stdlib.h>

#include "core.h"
#include "selftest.h"

static unsigned long skipped;

static void row_bodies(struct tc *t, const struct impl *k)
{
	if (impl_is_multibuffer(k)) {
		tc_lanes(t, k);
		return;
	}
	if (tc_has_nist(k->family))
		tc_nist(t, k);
	if (k->family == FAMILY_CRC32C)
		tc_crc32c_vectors(t, k);
	tc_all_lengths(t, k);
	tc_random_splits(t, k);
	tc_every_split(t, k);
}

static void run_family(struct tc *t, enum family f)
{
	for (const struct impl *k = impl_table(f); k->name; k++) {
		if (impl_missing(k)) {
			char lacks[256];
			cpu_features_format(impl_missing(k), ",", lacks, sizeof lacks);
			printf("cross_test: %s/%s skipped: this CPU/OS lacks %s\n", family_name(f),
			       k->name, lacks);
			skipped++;
			continue;
		}
		unsigned long before = t->failures;
		row_bodies(t, k);
		printf("cross_test: %s/%s: %s\n", family_name(f), k->name,
		       t->failures == before ? "ok" : "FAILED");
	}
	tc_auto_ladder(t, f);
}

int main(int argc, char **argv)
{
	struct tc t = { .print_each = true };

	if (argc > 1)
		setenv("SIMDSUM_VECTORS", argv[1], 1);
	for (int f = 0; f < FAMILY_COUNT; f++)
		run_family(&t, (enum family)f);
	tc_crc_models(&t);
	tc_expect(&t, selftest_run(), "--selftest's vectors");
	printf("cross_test: %lu checks, %lu failed, %lu rows skipped\n", t.checks, t.failures,
	       skipped);
	return t.failures || t.checks == 0 ? 1 : 0;
}
