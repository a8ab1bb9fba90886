/* SPDX-License-Identifier: MIT */
/* verify_plan.h - what --verify-object computes over one read of a file:
 * every checksum META carries, each as computations ("tracks") over a
 * cutting of the bytes into parts ("layouts": the whole file, the parts
 * ObjectParts lists, or a part size common clients use), all fed from
 * one input_sink. Layer: engine (drives hash.h; no output). */
#ifndef SIMDSUM_VERIFY_PLAN_H
#define SIMDSUM_VERIFY_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "hash.h"
#include "object_meta.h"
#include "options.h"

enum layout_kind {
	LAYOUT_WHOLE,    /* one part: the whole file */
	LAYOUT_FIXED,    /* parts of part_size bytes, the last shorter */
	LAYOUT_LISTED,   /* ObjectParts' sizes, then the rest as one part */
};

struct track;

struct layout {
	enum layout_kind kind;
	uint64_t part_size;         /* FIXED */
	const uint64_t *sizes;      /* LISTED */
	size_t nsizes;
	uint64_t nparts;            /* parts ended so far */
	uint64_t in_part;           /* bytes in the current part */
	struct track *tracks[ALGO_COUNT];
	unsigned ntracks;
};

/* One algorithm over one layout: each part's digest, and the running
 * hash of the parts' digests when a composite or ETag wants it. */
struct track {
	struct hash_ctx part;
	struct hash_ctx composite;
	const struct algo *algo;
	struct layout *layout;
	bool composite_wanted;
	uint8_t last[ALGO_MAX_DIGEST];       /* the last part's digest (WHOLE: the file's) */
	uint8_t combined[ALGO_MAX_DIGEST];   /* the composite, once finished */
	struct verify_result **part_checks;  /* LISTED: by part index, or NULL */
};

/* Candidate part sizes tried for one composite: the common clients'
 * seven, two derived from the size and the count, one from a partial
 * listing. */
#define VERIFY_MAX_CANDIDATES 10

enum verify_status { VERIFY_PENDING, VERIFY_OK, VERIFY_FAILED };

struct verify_result {
	const struct meta_check *check;
	enum verify_status status;
	struct track *tracks[VERIFY_MAX_CANDIDATES];   /* where its value comes from */
	unsigned ntracks;
	const struct track *matched;                   /* the candidate that matched */
	struct track *whole;     /* or_whole: the whole file's value, tried too */
	bool matched_whole;      /* ... and it matched */
	uint8_t got[ALGO_MAX_DIGEST];                  /* PART: the part's digest */
	bool have_got;
	bool size_unknown;   /* a composite cut without a size (a pipe; none in META) */
	bool part_listed;    /* its cuttings had to give the parts listed */
};

/* The whole file, the listing, and the candidates of a few part counts
 * (one, in any META a store prints; further cuttings are not tried). */
#define VERIFY_MAX_LAYOUTS (3 * VERIFY_MAX_CANDIDATES + 2)

struct verify_plan {
	const struct object_meta *meta;
	struct layout *layouts[VERIFY_MAX_LAYOUTS];
	unsigned nlayouts;
	struct verify_result *results;               /* one per meta check, in order */
	struct algo_choice choices[ALGO_COUNT];      /* by index in algos[] */
	bool chosen[ALGO_COUNT];
	struct hash_ctx *reps;                       /* one per algorithm used, for the reader */
	unsigned nreps;
};

/* Binds every check of m to its tracks. size: the object's size when
 * known (META's, else the file's), for the candidate part sizes; a
 * composite with no listed parts and no size has no candidates. The
 * transforms follow impl_name for each family that has a row of that
 * name (auto for the others); a name no family has, or one this CPU
 * cannot run, is reported and false returned. */
bool verify_plan_build(struct verify_plan *p, const struct object_meta *m, bool size_known,
		       uint64_t size, const char *impl_name);

/* An input_sink feed: the next n bytes of the file. */
void verify_plan_feed(void *plan, const uint8_t *data, size_t n);

/* After the last byte: ends the last parts and decides every result. */
void verify_plan_finish(struct verify_plan *p);

void verify_plan_free(struct verify_plan *p);

#endif
