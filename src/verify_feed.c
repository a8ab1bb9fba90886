/* SPDX-License-Identifier: MIT */
/* verify_feed.c - running a verify plan over the file's bytes: each
 * layout cuts them into its parts and every track of the layout hashes
 * each part (and, for a composite, the part's digest); at the end each
 * result is decided from its tracks. Layer: engine. */
#include <string.h>

#include "verify_plan.h"

/* Bytes the current part still takes (UINT64_MAX: the part has no end). */
static uint64_t room(const struct layout *l)
{
	switch (l->kind) {
	case LAYOUT_FIXED:
		return l->part_size - l->in_part;
	case LAYOUT_LISTED:
		if (l->nparts < l->nsizes)
			return l->sizes[l->nparts] - l->in_part;
		return UINT64_MAX;
	case LAYOUT_WHOLE:
		break;
	}
	return UINT64_MAX;
}

/* A listed part's own check, decided as the part ends. */
static void check_part(struct track *t, uint64_t index, const uint8_t *digest)
{
	if (!t->part_checks || index >= t->layout->nsizes || !t->part_checks[index])
		return;
	struct verify_result *r = t->part_checks[index];
	unsigned n = t->algo->digest_size;
	memcpy(r->got, digest, n);
	r->have_got = true;
	r->status = memcmp(digest, r->check->want, n) == 0 ? VERIFY_OK : VERIFY_FAILED;
	if (r->status == VERIFY_OK)
		r->matched = t;
}

static void end_part(struct layout *l)
{
	for (unsigned i = 0; i < l->ntracks; i++) {
		struct track *t = l->tracks[i];
		hash_final(&t->part, t->last);
		if (t->composite_wanted)
			hash_update(&t->composite, t->last, t->algo->digest_size);
		check_part(t, l->nparts, t->last);
		hash_init(&t->part, t->algo, t->part.dispatch);
	}
	l->nparts++;
	l->in_part = 0;
}

/* Parts that end exactly here end now, so an empty listed part is one
 * part as well; the bytes go to the tracks a part at a time. */
static void layout_feed(struct layout *l, const uint8_t *data, size_t n)
{
	for (;;) {
		uint64_t left = room(l);
		if (left == 0) {
			end_part(l);
			continue;
		}
		if (n == 0)
			return;
		size_t take = n < left ? n : (size_t)left;
		for (unsigned i = 0; i < l->ntracks; i++)
			hash_update(&l->tracks[i]->part, data, take);
		l->in_part += take;
		data += take;
		n -= take;
	}
}

void verify_plan_feed(void *plan, const uint8_t *data, size_t n)
{
	struct verify_plan *p = plan;

	for (unsigned i = 0; i < p->nlayouts; i++)
		layout_feed(p->layouts[i], data, n);
}

/* A composite's candidates: the first whose cutting gave N parts and
 * whose composite is the one expected; else, for a CRC that may be
 * either (meta_check's or_whole), the whole file's value. */
static void decide_composite(struct verify_result *r)
{
	unsigned n = r->check->algo->digest_size;

	r->status = VERIFY_FAILED;
	for (unsigned i = 0; i < r->ntracks; i++) {
		const struct track *t = r->tracks[i];
		if (t->layout->nparts == r->check->nparts &&
		    memcmp(t->combined, r->check->want, n) == 0) {
			r->status = VERIFY_OK;
			r->matched = t;
			return;
		}
	}
	if (r->whole && memcmp(r->whole->last, r->check->want, n) == 0) {
		r->status = VERIFY_OK;
		r->matched = r->whole;
		r->matched_whole = true;
	}
}

static void decide(struct verify_result *r)
{
	const struct meta_check *c = r->check;

	switch (c->kind) {
	case META_FULL:
		r->status = memcmp(r->tracks[0]->last, c->want, c->algo->digest_size) == 0
				    ? VERIFY_OK
				    : VERIFY_FAILED;
		if (r->status == VERIFY_OK)
			r->matched = r->tracks[0];
		break;
	case META_PART:
		if (r->status == VERIFY_PENDING)   /* the file ended before the part */
			r->status = VERIFY_FAILED;
		break;
	case META_COMPOSITE:
	case META_ETAG:
		decide_composite(r);
		break;
	}
}

void verify_plan_finish(struct verify_plan *p)
{
	for (unsigned i = 0; i < p->nlayouts; i++) {
		struct layout *l = p->layouts[i];
		layout_feed(l, NULL, 0);
		/* The tail, or the one (empty) part of an empty file. */
		if (l->in_part || l->nparts == 0)
			end_part(l);
		for (unsigned k = 0; k < l->ntracks; k++)
			if (l->tracks[k]->composite_wanted)
				hash_final(&l->tracks[k]->composite, l->tracks[k]->combined);
	}
	for (size_t i = 0; i < p->meta->nchecks; i++)
		decide(&p->results[i]);
}
