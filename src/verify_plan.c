/* SPDX-License-Identifier: MIT */
/* verify_plan.c - binding META's checks to layouts and tracks: a whole
 * file check to the whole-file layout, a listed part to the listed
 * layout, a composite or multipart ETag to the listed layout when the
 * listing is complete, else to every common part size that cuts the
 * object into exactly its N parts (without a size: every common one,
 * and the count decides at the end). Layouts and tracks are shared, so
 * two checks of one algorithm over one cutting cost one computation.
 * Layer: engine. */
#include <stdlib.h>
#include <string.h>

#include "select.h"
#include "verify_plan.h"
#include "xalloc.h"

#define MiB (1024 * 1024ull)

/* What the AWS CLI and SDKs use (8 MiB, their default multipart chunk),
 * and sizes other common clients and users pick, most likely first. */
static const uint64_t common_part_sizes[] = {
	8 * MiB, 5 * MiB, 15 * MiB, 16 * MiB, 64 * MiB, 100 * MiB, 128 * MiB,
};

static uint64_t part_count(uint64_t size, uint64_t part_size)
{
	return size ? size / part_size + (size % part_size != 0) : 1;
}

static struct layout *layout_get(struct verify_plan *p, enum layout_kind kind, uint64_t part_size)
{
	for (unsigned i = 0; i < p->nlayouts; i++)
		if (p->layouts[i]->kind == kind && p->layouts[i]->part_size == part_size)
			return p->layouts[i];
	/* Room is kept for the whole file and the listing, one each. Only
	 * META with composites of different counts runs out of the rest. */
	if (kind == LAYOUT_FIXED && p->nlayouts >= VERIFY_MAX_LAYOUTS - 2)
		return NULL;
	struct layout *l = xcalloc(1, sizeof *l);
	l->kind = kind;
	l->part_size = part_size;
	if (kind == LAYOUT_LISTED) {
		l->sizes = p->meta->part_sizes;
		l->nsizes = p->meta->nlisted;
	}
	p->layouts[p->nlayouts++] = l;
	return l;
}

static struct track *track_get(struct verify_plan *p, struct layout *l, const struct algo *a)
{
	for (unsigned i = 0; i < l->ntracks; i++)
		if (l->tracks[i]->algo == a)
			return l->tracks[i];
	struct track *t = xmemalign(64, sizeof *t);
	memset(t, 0, sizeof *t);
	t->algo = a;
	t->layout = l;
	if (l->kind == LAYOUT_LISTED)
		t->part_checks = xcalloc(l->nsizes ? l->nsizes : 1, sizeof *t->part_checks);
	l->tracks[l->ntracks++] = t;
	p->chosen[a - algos] = true;
	return t;
}

/* Whether cutting size bytes into n parts of s (the last one shorter)
 * gives the parts the metadata lists, in their sizes: a listed part 1 of
 * 5 MiB rules out an 8 MiB cutting, whatever its composite says. */
static bool fits_listing(const struct object_meta *m, uint64_t size, uint64_t n, uint64_t s)
{
	for (size_t k = 0; k < m->nlisted; k++)
		if (m->part_sizes[k] != (k + 1 < n ? s : size - (n - 1) * s))
			return false;
	return true;
}

/* The same without the size (a pipe, and META gives none): the parts
 * listed before the last are of s, the last no larger. */
static bool fits_listing_unsized(const struct object_meta *m, uint64_t n, uint64_t s)
{
	for (size_t k = 0; k < m->nlisted; k++)
		if (k + 1 < n ? m->part_sizes[k] != s : m->part_sizes[k] == 0 || m->part_sizes[k] > s)
			return false;
	return true;
}

/* The part sizes to try for n parts, without repeats, most likely first,
 * each kept when it gives the parts listed: with the size, those that
 * give exactly n parts of it; without, the common ones, whose count is
 * known only at the end, where a cutting that gave another is no match
 * (decide_composite). */
static unsigned candidates(const struct object_meta *m, bool size_known, uint64_t size,
			   uint64_t n, uint64_t *out)
{
	uint64_t tries[VERIFY_MAX_CANDIDATES];
	unsigned ntries = 0, nout = 0;

	if (m->nlisted && !m->parts_complete)
		tries[ntries++] = m->part_sizes[0];
	for (size_t i = 0; i < sizeof common_part_sizes / sizeof common_part_sizes[0]; i++)
		tries[ntries++] = common_part_sizes[i];
	if (size_known) {
		uint64_t even = size / n + (size % n != 0);
		tries[ntries++] = (even + MiB - 1) / MiB * MiB;
		tries[ntries++] = even;
	}
	for (unsigned i = 0; i < ntries; i++) {
		bool again = false;
		for (unsigned j = 0; j < nout; j++)
			again |= out[j] == tries[i];
		if (!tries[i] || again)
			continue;
		if (size_known ? part_count(size, tries[i]) == n && fits_listing(m, size, n, tries[i])
			       : fits_listing_unsized(m, n, tries[i]))
			out[nout++] = tries[i];
	}
	return nout;
}

/* A composite or multipart ETag: its tracks, one per candidate cutting. */
static void bind_composite(struct verify_plan *p, struct verify_result *r, bool size_known,
			   uint64_t size)
{
	const struct meta_check *c = r->check;
	const struct object_meta *m = p->meta;
	uint64_t sizes[VERIFY_MAX_CANDIDATES];
	unsigned n = 0;

	if (m->parts_complete) {
		r->tracks[r->ntracks++] = track_get(p, layout_get(p, LAYOUT_LISTED, 0), c->algo);
	} else if (c->nparts == 1) {
		r->tracks[r->ntracks++] = track_get(p, layout_get(p, LAYOUT_WHOLE, 0), c->algo);
	} else {
		n = candidates(m, size_known, size, c->nparts, sizes);
		r->part_listed = m->nlisted > 0;
		r->size_unknown = !size_known;
	}
	for (unsigned i = 0; i < n; i++) {
		struct layout *l = layout_get(p, LAYOUT_FIXED, sizes[i]);
		if (l)
			r->tracks[r->ntracks++] = track_get(p, l, c->algo);
	}
	for (unsigned i = 0; i < r->ntracks; i++)
		r->tracks[i]->composite_wanted = true;
	/* A CRC that may be the whole object's: that too, in the same read. */
	if (c->or_whole)
		r->whole = track_get(p, layout_get(p, LAYOUT_WHOLE, 0), c->algo);
}

static void bind(struct verify_plan *p, struct verify_result *r, bool size_known, uint64_t size)
{
	const struct meta_check *c = r->check;

	switch (c->kind) {
	case META_FULL:
		r->tracks[r->ntracks++] = track_get(p, layout_get(p, LAYOUT_WHOLE, 0), c->algo);
		break;
	case META_PART: {
		struct track *t = track_get(p, layout_get(p, LAYOUT_LISTED, 0), c->algo);
		t->part_checks[c->part - 1] = r;   /* part <= nlisted: meta_s3.c */
		r->tracks[r->ntracks++] = t;
		break;
	}
	case META_COMPOSITE:
	case META_ETAG:
		bind_composite(p, r, size_known, size);
		break;
	}
}

static void start_tracks(struct verify_plan *p)
{
	p->reps = xmemalign(64, ALGO_COUNT * sizeof *p->reps);
	for (unsigned i = 0; i < ALGO_COUNT; i++)
		if (p->chosen[i])
			hash_init(&p->reps[p->nreps++], &algos[i], &p->choices[i].dispatch);
	for (unsigned i = 0; i < p->nlayouts; i++) {
		for (unsigned k = 0; k < p->layouts[i]->ntracks; k++) {
			struct track *t = p->layouts[i]->tracks[k];
			const struct dispatch *d = &p->choices[t->algo - algos].dispatch;
			hash_init(&t->part, t->algo, d);
			hash_init(&t->composite, t->algo, d);
		}
	}
}

bool verify_plan_build(struct verify_plan *p, const struct object_meta *m, bool size_known,
		       uint64_t size, const char *impl_name)
{
	memset(p, 0, sizeof *p);
	p->meta = m;
	p->results = xcalloc(m->nchecks ? m->nchecks : 1, sizeof *p->results);
	for (size_t i = 0; i < m->nchecks; i++) {
		p->results[i].check = &m->checks[i];
		bind(p, &p->results[i], size_known, size);
	}
	if (!select_for_meta(p->choices, p->chosen, impl_name))
		return false;
	start_tracks(p);
	return true;
}

void verify_plan_free(struct verify_plan *p)
{
	for (unsigned i = 0; i < p->nlayouts; i++) {
		for (unsigned k = 0; k < p->layouts[i]->ntracks; k++) {
			free(p->layouts[i]->tracks[k]->part_checks);
			free(p->layouts[i]->tracks[k]);
		}
		free(p->layouts[i]);
	}
	free(p->results);
	free(p->reps);
	memset(p, 0, sizeof *p);
}
