/* SPDX-License-Identifier: MIT */
/* testlib.c - what the cmocka unit tests share beyond the test core. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <xxhash.h>

#include "populate.h"
#include "testlib.h"

void test_list_add(struct test_list *l, enum family family, const struct impl *impl,
		   CMUnitTestFunction fn, const char *what, const void *extra)
{
	assert_true(l->n < TEST_LIST_MAX);
	struct impl_test *st = &l->states[l->n];
	st->impl = impl;
	st->extra = extra;
	snprintf(st->name, sizeof st->name, "%s/%s%s%s", family_name(family),
		 impl ? impl->name : "", impl ? ": " : "", what);
	l->tests[l->n++] = (struct CMUnitTest){ st->name, fn, NULL, NULL, st };
}

void test_list_rows(struct test_list *l, int family, CMUnitTestFunction fn, const char *what,
		    const void *extra)
{
	for (int f = 0; f < FAMILY_COUNT; f++) {
		if (family >= 0 && f != family)
			continue;
		for (const struct impl *i = impl_table((enum family)f); i->name; i++)
			if (!impl_is_multibuffer(i))
				test_list_add(l, (enum family)f, i, fn, what, extra);
	}
}

int test_list_run(const char *group, const struct test_list *l)
{
	return _cmocka_run_group_tests(group, l->tests, l->n, NULL, NULL);
}

void test_require_supported(const struct impl *impl)
{
	cpu_features missing = impl_missing(impl);
	if (missing) {
		char buf[256];
		cpu_features_format(missing, ",", buf, sizeof buf);
		print_message("SKIP %s: this CPU/OS lacks %s\n", impl->name, buf);
		skip();
	}
}

void test_verdict(const struct tc *t)
{
	if (t->failures)
		fail_msg("%s (%lu of %lu checks failed)", t->first, t->failures, t->checks);
	if (t->checks == 0)
		fail_msg("nothing was checked");
}

void test_run_row(void **state, void (*body)(struct tc *t, const struct impl *impl))
{
	const struct impl_test *row = *state;
	struct tc count = { 0 };

	test_require_supported(row->impl);
	body(&count, row->impl);
	test_verdict(&count);
}

/* The canonical (big-endian) one-shot digest, as xxhsum prints it. */
void test_xxhash_digest(const struct algo *a, const uint8_t *p, size_t len, uint8_t *out)
{
	if (a->digest_size == 16) {
		XXH128_canonical_t c;
		XXH128_canonicalFromHash(&c, XXH3_128bits(p, len));
		memcpy(out, c.digest, 16);
		return;
	}
	XXH64_canonical_t c;
	XXH64_canonicalFromHash(&c, a->family == FAMILY_XXH64 ? XXH64(p, len, 0) : XXH3_64bits(p, len));
	memcpy(out, c.digest, 8);
}

void test_require_populate(void)
{
	void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned char resident = 0;

	assert_true(p != MAP_FAILED);
	bool ok = populate(p, 4096) && mincore(p, 4096, &resident) == 0 && (resident & 1);
	munmap(p, 4096);
	if (ok)
		return;
	print_message("SKIP: this kernel does not back pages on madvise(MADV_POPULATE_WRITE)\n");
	skip();
}
