/* SPDX-License-Identifier: MIT */
/* test_vectors.c - known answers through every implementation: the NIST
 * CAVP byte-oriented SHA vectors (ShortMsg, LongMsg, Monte Carlo) and the
 * CRC-32C vectors of RFC 3720 and others (../shared/vectors). The bodies
 * are tests/core/core_vectors.c's, which the cross runner runs too. */
#include <stdio.h>

#include "testlib.h"

static void test_nist(void **state)
{
	test_run_row(state, tc_nist);
}

static void test_crc_vectors(void **state)
{
	test_run_row(state, tc_crc32c_vectors);
}

int main(void)
{
	static struct test_list l;

	for (int f = 0; f < FAMILY_COUNT; f++)
		if (tc_has_nist((enum family)f))
			test_list_rows(&l, f, test_nist, "NIST CAVP ShortMsg, LongMsg, Monte, split", NULL);
	test_list_rows(&l, FAMILY_CRC32C, test_crc_vectors, "crc32c.txt vectors, split", NULL);
	return test_list_run("vectors", &l);
}
