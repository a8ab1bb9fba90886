/* SPDX-License-Identifier: MIT */
/* fuzz_profile.c - libFuzzer target for the cost profile parser
 * (profile_parse, src/profile_text.c), which reads files anyone may have
 * edited: SIMDSUM_PROFILE and the one --tune=save writes.
 *
 * Checked for any input, besides the sanitizers' memory and UB checks
 * (the input is not NUL-terminated: the parser must stay inside len):
 *  1. A rejected input gets a non-empty, NUL-terminated reason.
 *  2. An accepted one is well-formed: at most PROFILE_MAX_ROWS rows, each
 *     a registry row, once; costs finite, 0 <= call < 1e9, 0 < byte <
 *     1e9, and so a second segment's, from a length 1 to 999999999 (only
 *     on single-stream rows; without one, its figures 0); strings
 *     NUL-terminated inside their arrays, the name
 *     printable; model ranges ordered.
 *  3. What profile_write makes of it parses back to the same profile
 *     (the same rows, costs to the 6 digits printed); with a CPU
 *     signature, the result matches that CPU and carries this simdsum's
 *     version.
 *  4. Filling the missing rows from the default profile keeps it
 *     well-formed and gives every row of the registry a cost. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"
#include "version.h"
#include "fuzz_check.h"

/* Whether row is one of the registry's (a pointer into its table). */
static int in_registry(const struct impl *row)
{
	for (int f = 0; f < FAMILY_COUNT; f++)
		for (const struct impl *i = impl_table((enum family)f); i->name; i++)
			if (i == row)
				return 1;
	return 0;
}

static int terminated(const char *s, size_t size)
{
	return memchr(s, '\0', size) != NULL;
}

/* 2 (and 4): the invariants of a parsed profile. */
static void check_well_formed(const struct cpu_profile *p)
{
	CHECK(p->nrows <= PROFILE_MAX_ROWS);
	CHECK(terminated(p->name, sizeof p->name) && p->name[0]);
	for (const char *s = p->name; *s; s++)
		CHECK(*s >= 0x20 && *s <= 0x7e);
	CHECK(terminated(p->origin, sizeof p->origin));
	CHECK(terminated(p->vendor, sizeof p->vendor));
	CHECK(terminated(p->version, sizeof p->version));
	CHECK(p->io == IO_PREF_MEASURE || p->io == IO_PREF_READ || p->io == IO_PREF_MMAP);
	CHECK(p->family <= 0xffff);
	CHECK(p->nranges <= PROFILE_MAX_MODEL_RANGES);
	for (unsigned i = 0; i < p->nranges; i++)
		CHECK(p->model[i].lo <= p->model[i].hi && p->model[i].hi <= 0xffff);
	for (unsigned i = 0; i < p->nrows; i++) {
		const struct row_cost *c = &p->rows[i];
		CHECK(c->impl && in_registry(c->impl));
		CHECK(isfinite(c->call_ns) && c->call_ns >= 0 && c->call_ns < 1e9);
		CHECK(isfinite(c->byte_ns) && c->byte_ns > 0 && c->byte_ns < 1e9);
		if (c->from_len) {
			CHECK(c->from_len <= 999999999 && !impl_is_multibuffer(c->impl));
			CHECK(isfinite(c->call2_ns) && c->call2_ns >= 0 && c->call2_ns < 1e9);
			CHECK(isfinite(c->byte2_ns) && c->byte2_ns > 0 && c->byte2_ns < 1e9);
		} else {
			CHECK(c->call2_ns == 0 && c->byte2_ns == 0);
		}
		CHECK(profile_cost(p, c->impl) == c);   /* no row twice */
	}
}

/* profile_write's text in a fresh buffer (*len bytes, NUL-terminated). */
static char *written(const struct cpu_profile *p, const struct cpu_signature *sig, size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);

	CHECK(f);
	profile_write(p, sig, f);
	CHECK(fclose(f) == 0);
	return text;
}

/* Parses text, which must be accepted. */
static void reparse(const char *text, size_t len, struct cpu_profile *out)
{
	char err[200];

	if (!profile_parse(text, len, out, err, sizeof err)) {
		fprintf(stderr, "written profile rejected: %s\n---\n%s---\n", err, text);
		CHECK(0);
	}
	check_well_formed(out);
}

/* The same profile, as far as the file format carries it (not the
 * origin; the version only with a signature). Costs are compared as
 * written, to 6 significant digits. */
static void check_same(const struct cpu_profile *a, const struct cpu_profile *b)
{
	CHECK(strcmp(a->name, b->name) == 0);
	CHECK(a->io == b->io);
	CHECK(a->nranges == b->nranges);
	if (a->nranges) {
		CHECK(strcmp(a->vendor, b->vendor) == 0 && a->family == b->family);
		CHECK(memcmp(a->model, b->model, a->nranges * sizeof a->model[0]) == 0);
	}
	CHECK(a->nrows == b->nrows);
	for (unsigned i = 0; i < a->nrows; i++) {
		const struct row_cost *x = &a->rows[i], *y = profile_cost(b, x->impl);
		CHECK(y);
		CHECK(fabs(x->call_ns - y->call_ns) <= 5e-6 * x->call_ns);
		CHECK(fabs(x->byte_ns - y->byte_ns) <= 5e-6 * x->byte_ns);
		CHECK(x->from_len == y->from_len);
		CHECK(fabs(x->call2_ns - y->call2_ns) <= 5e-6 * x->call2_ns);
		CHECK(fabs(x->byte2_ns - y->byte2_ns) <= 5e-6 * x->byte2_ns);
	}
}

/* 3 without a signature: parse(write(p)) is p. (Not that writing it
 * again gives the same text: a cost just below 1e9 takes as many digits
 * as it needs to stay below, and the value read back from those may need
 * one fewer.) */
static void round_trip(const struct cpu_profile *p, struct cpu_profile *back)
{
	size_t len;
	char *text = written(p, NULL, &len);

	reparse(text, len, back);
	check_same(p, back);
	free(text);
}

/* 3 with a signature, from the input's own CPU line when it has one. */
static void round_trip_signed(const struct cpu_profile *p, struct cpu_profile *back)
{
	struct cpu_signature sig = { "AuthenticAMD", 0x19, 0x21 };
	size_t len;

	if (p->nranges && p->vendor[0]) {
		snprintf(sig.vendor, sizeof sig.vendor, "%s", p->vendor);
		sig.family = p->family;
		sig.model = p->model[p->nranges - 1].hi;
	}
	char *text = written(p, &sig, &len);
	reparse(text, len, back);
	CHECK(profile_matches(back, &sig));
	CHECK(strcmp(back->version, SIMDSUM_VERSION) == 0);
	CHECK(back->nrows == p->nrows);
	free(text);
}

/* 4: every registry row has a cost once the default fills the gaps. */
static void check_merged(struct cpu_profile *p)
{
	profile_merge_missing(p, profile_default());
	check_well_formed(p);
	for (int f = 0; f < FAMILY_COUNT; f++)
		for (const struct impl *i = impl_table((enum family)f); i->name; i++)
			CHECK(profile_cost(p, i));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cpu_profile *p = malloc(sizeof *p), *back = malloc(sizeof *back);
	char err[200];

	CHECK(p && back);
	memset(err, 'x', sizeof err);
	if (!profile_parse((const char *)data, size, p, err, sizeof err)) {
		CHECK(terminated(err, sizeof err) && err[0]);
	} else {
		check_well_formed(p);
		round_trip(p, back);
		round_trip_signed(p, back);
		check_merged(p);
	}
	free(back);
	free(p);
	return 0;
}
