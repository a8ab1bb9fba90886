/* SPDX-License-Identifier: MIT */
/* test_multibuffer.c - every multi-buffer kernel against generic: each lane
 * its own random message and state, every block count 1..40 and random
 * larger ones, unaligned and distinct data pointers, a lane flush against
 * a guard page, idle lanes sharing one scratch message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"

static void generic_blocks(enum family f, void *state, const uint8_t *p, size_t n)
{
	impl_blocks(test_generic(f), state, p, n);
}

static void check_once(const struct impl *k, size_t nblocks, unsigned busy)
{
	enum family f = k->family;
	size_t bs = impl_block_size(f), len = nblocks * bs;
	uint8_t *bufs[16];
	const uint8_t *data[16];
	uint64_t st[16][8], want[16][8];
	void *states[16];
	uint8_t *guarded = test_guarded_alloc(len);
	uint8_t *scratch = malloc(len);

	test_fill_random(scratch, len);
	for (unsigned i = 0; i < k->lanes; i++) {
		bufs[i] = NULL;
		if (i >= busy) {            /* idle lanes share the scratch */
			data[i] = scratch;
			states[i] = st[i];
			test_fill_random((uint8_t *)st[i], sizeof st[i]);
			continue;
		}
		if (i == 0) {
			data[i] = guarded;  /* ends at a guard page */
		} else {
			bufs[i] = malloc(len + 64);
			data[i] = bufs[i] + test_rand_below(64);
		}
		test_fill_random((uint8_t *)data[i], len);
		test_fill_random((uint8_t *)st[i], sizeof st[i]);
		memcpy(want[i], st[i], sizeof st[i]);
		generic_blocks(f, want[i], data[i], nblocks);
		states[i] = st[i];
	}
	impl_mblocks(k, states, data, nblocks);
	for (unsigned i = 0; i < busy; i++)
		if (memcmp(st[i], want[i], family_state_bytes(f)) != 0)
			fail_msg("%s/%s: lane %u of %u busy, %zu blocks differs from generic",
				 family_name(f), k->name, i, busy, nblocks);
	for (unsigned i = 0; i < k->lanes; i++)
		free(bufs[i]);
	free(scratch);
	test_guarded_free(guarded, len);
}

static void test_lanes(void **state)
{
	const struct impl_test *t = *state;
	test_require_supported(t->impl);
	for (size_t n = 1; n <= 40; n++)
		check_once(t->impl, n, t->impl->lanes);
	for (int i = 0; i < 20; i++)
		check_once(t->impl, 41 + test_rand_below(600), 1 + (unsigned)test_rand_below(t->impl->lanes));
}

int main(void)
{
	static struct CMUnitTest tests[32];
	static struct impl_test states[32];
	size_t n = 0;

	for (int f = 0; f < FAMILY_COUNT; f++)
		for (const struct impl *i = impl_table((enum family)f); i->name; i++) {
			if (!impl_is_multibuffer(i))
				continue;
			states[n].impl = i;
			snprintf(states[n].name, sizeof states[n].name,
				 "%s/%s: every lane vs generic, guard page, idle lanes",
				 family_name((enum family)f), i->name);
			tests[n] = (struct CMUnitTest){ states[n].name, test_lanes, NULL, NULL, &states[n] };
			n++;
		}
	return _cmocka_run_group_tests("multibuffer", tests, n, NULL, NULL);
}
