/* SPDX-License-Identifier: MIT */
/* parts_mode.c - multipart-upload checksums: per-part digests, the composite
 * "checksum of checksums" with its -N suffix (Amazon S3), the multipart
 * ETag of MD5 (the MD5 of the parts' MD5s, in hex, with the same suffix),
 * and the full-object CRC of each CRC (S3's full-object type, Google
 * Cloud Storage's crc32c), all from one read of each file. CRC-64/NVME
 * has no composite: S3 offers it as a full-object checksum only; nor has
 * the xxHash family (per-part lines only).
 *
 * Memory does not grow with the number of parts: each part's line is
 * printed when the part ends, the composite is a running hash over the
 * part digests and the full-object CRC a running combination, so
 * `--parts=1 /dev/zero` runs in the same few kilobytes forever. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base64.h"
#include "bytes.h"
#include "diag.h"
#include "input.h"
#include "job.h"
#include "output.h"
#include "output_parts.h"
#include "parts_lanes.h"
#include "parts_mode.h"
#include "parts_split.h"
#include "progress.h"
#include "quote.h"
#include "reader.h"
#include "sink.h"

struct part_state {
	const struct options *opt;
	const char *name;
	uint64_t part_size;
	uint64_t count;                  /* parts the size gives; 0: unknown */
	uint64_t in_part;                /* bytes of the current part so far */
	uint64_t offset;                 /* where the current part starts */
	uint64_t nparts;                 /* parts ended */
	struct hash_ctx part[MAX_ALGOS]; /* the current part */
	struct hash_ctx composite[MAX_ALGOS];
	uint64_t full_crc[MAX_ALGOS];    /* standard CRC of the parts so far */
	struct hash_ctx check[MAX_ALGOS];/* --cross-check: generic's, beside part */
	int disagree;                    /* -1, or the algorithm generic disputes */
	const struct impl *disputed;     /* ... and the row that computed it */
};

static void start_part(struct part_state *s)
{
	for (unsigned i = 0; i < s->opt->nalgos; i++) {
		const struct algo *a = s->opt->algos[i].algo;
		hash_init(&s->part[i], a, &s->opt->algos[i].dispatch);
		if (s->opt->cross_check)
			hash_init(&s->check[i], a, job_generic_dispatch(a->family));
	}
	s->in_part = 0;
}

/* A part ended with these digests: its lines, and what the whole file's
 * values need of it. */
static void part_done(void *arg, uint64_t length, uint8_t digests[][ALGO_MAX_DIGEST])
{
	struct part_state *s = arg;

	s->in_part = length;
	for (unsigned i = 0; i < s->opt->nalgos; i++) {
		const struct algo *a = s->opt->algos[i].algo;
		const uint8_t *d = digests[i];
		hash_update(&s->composite[i], d, a->digest_size);
		if (family_is_crc(a->family)) {
			uint64_t crc = crc_load_digest(a->family, d);
			s->full_crc[i] = s->nparts ? crc_combine(a->family, s->full_crc[i], crc,
								 s->in_part)
						   : crc;
		}
		struct part_record rec = {
			.name = s->name, .algo = a, .number = s->nparts + 1, .count = s->count,
			.offset = s->offset, .length = s->in_part, .digest = d,
		};
		output_part(s->opt, &rec);
	}
	s->nparts++;
	s->offset += s->in_part;
	s->in_part = 0;
}

static void end_part(struct part_state *s)
{
	uint8_t digests[MAX_ALGOS][ALGO_MAX_DIGEST], generic[ALGO_MAX_DIGEST];

	for (unsigned i = 0; i < s->opt->nalgos; i++) {
		hash_final(&s->part[i], digests[i]);
		if (!s->opt->cross_check)
			continue;
		hash_final(&s->check[i], generic);
		if (s->disagree < 0 &&
		    memcmp(digests[i], generic, s->opt->algos[i].algo->digest_size) != 0) {
			s->disagree = (int)i;
			s->disputed = s->part[i].used;
		}
	}
	/* After a disagreement no digest is printed: the file is an error. */
	if (s->disagree < 0)
		part_done(s, s->in_part, digests);
	start_part(s);
}

/* Splits n bytes at p across the parts they belong to (a sink's feed). */
static void feed_parts(void *arg, const uint8_t *p, size_t n)
{
	struct part_state *s = arg;

	while (n) {
		uint64_t room = s->part_size - s->in_part;
		size_t take = n < room ? n : (size_t)room;
		for (unsigned i = 0; i < s->opt->nalgos; i++) {
			hash_update(&s->part[i], p, take);
			if (s->opt->cross_check)
				hash_update(&s->check[i], p, take);
		}
		s->in_part += take;
		p += take;
		n -= take;
		if (s->in_part == s->part_size)
			end_part(s);
	}
}

/* What a multipart upload reports of its parts' digests as a whole. */
enum composite_form {
	COMPOSITE_NONE,    /* CRC-64/NVME (full-object only), the xxHash family */
	COMPOSITE_BASE64,  /* S3's composite checksum: base64 "-N" */
	COMPOSITE_ETAG,    /* MD5: the multipart ETag, hex "-N" */
};

static enum composite_form composite_form_of(const struct algo *a)
{
	if (a->family == FAMILY_MD5)
		return COMPOSITE_ETAG;
	if (a->family == FAMILY_CRC64NVME || family_desc(a->family)->kind == KIND_STREAM)
		return COMPOSITE_NONE;
	return COMPOSITE_BASE64;
}

static void print_summaries(struct part_state *s, uint64_t size)
{
	for (unsigned i = 0; i < s->opt->nalgos; i++) {
		const struct algo *a = s->opt->algos[i].algo;
		enum composite_form form = composite_form_of(a);
		uint8_t raw[ALGO_MAX_DIGEST];
		char composite[2 * ALGO_MAX_DIGEST + 24], full[2 * ALGO_MAX_DIGEST + 1];
		hash_final(&s->composite[i], raw);
		if (form == COMPOSITE_ETAG)   /* lowercase hex whatever --base64 says, as S3 shows it */
			hex_encode(raw, a->digest_size, composite);
		else
			base64_encode(raw, a->digest_size, composite);
		snprintf(composite + strlen(composite), 24, "-%llu", (unsigned long long)s->nparts);
		bool crc = family_is_crc(a->family);
		if (crc) {
			crc_store_digest(a->family, raw, s->full_crc[i]);
			digest_text(s->opt, a, raw, full);
		}
		struct parts_summary sum = {
			.name = s->name, .algo = a, .nparts = s->nparts, .size = size,
			.composite = form == COMPOSITE_BASE64 ? composite : NULL,
			.etag = form == COMPOSITE_ETAG ? composite : NULL,
			.full = crc ? full : NULL,
		};
		output_parts_summary(s->opt, &sum);
	}
}

/* The number of parts a file of this size is cut into (an empty file is
 * one empty part). */
static uint64_t part_count(uint64_t size, uint64_t part_size)
{
	return size ? size / part_size + (size % part_size != 0) : 1;
}

static void report(const struct options *opt, const char *name, const struct file_outcome *o)
{
	diag_error(0, "%s: %s", quote_name(name), file_outcome_message(o));
	output_file_error(opt, name, file_outcome_message(o));
}

static bool parts_file(const struct options *opt, uint64_t part_size, const char *name,
		       struct read_buffer *buf)
{
	/* One file at a time, on the main thread; 26 KiB of contexts would
	 * overflow a small "ulimit -s" (see thread_start.h). */
	static struct part_state s;
	struct file_reader r;

	memset(&s, 0, sizeof s);
	s.opt = opt;
	s.name = name;
	s.part_size = part_size;
	s.disagree = -1;

	if (!reader_open(&r, name, NULL)) {
		report(opt, name, &r.outcome);
		return false;
	}
	/* Part lines say "part K of N" when the size tells N in advance. A
	 * file that then changes is reported after the lines already out. */
	int64_t left = reader_length_left(&r);
	if (left >= 0)
		s.count = part_count((uint64_t)left, part_size);
	for (unsigned i = 0; i < opt->nalgos; i++)
		hash_init(&s.composite[i], opt->algos[i].algo, &opt->algos[i].dispatch);
	struct file_outcome o;
	/* --cross-check feeds generic beside each part, in the one stream
	 * the lanes and the split CRCs do not have. */
	if (!opt->cross_check && parts_lanes_wanted(opt, &r, part_size)) {
		/* Many whole parts: through the multi-buffer kernels. */
		o = parts_lanes_run(opt, &r, part_size, part_done, &s);
	} else if (!opt->cross_check && parts_split_wanted(opt, &r, part_size)) {
		/* Only CRCs, and -j threads: ranges of parts on each. */
		o = parts_split_run(opt, &r, part_size, part_done, &s, buf);
	} else {
		/* Read as a plain run would (mapped, when that is faster here). */
		start_part(&s);
		struct input_sink sink = { .ctxs = s.part, .nctx = opt->nalgos, .feed = feed_parts,
					   .arg = &s };
		o = input_feed_opened(&r, &sink, opt->io, buf);
		/* The tail, or the single (empty) part of an empty file. A file
		 * that failed or changed gets no more lines, only its error: the
		 * last part may hold a mapped read cut short (SIGBUS). */
		if (o.status == FILE_OK && (s.in_part || s.nparts == 0))
			end_part(&s);
	}
	if (o.status != FILE_OK) {
		report(opt, name, &o);
		return false;
	}
	if (s.disagree >= 0) {
		char why[128];
		job_disagreement(opt->algos[s.disagree].algo, s.disputed, why, sizeof why);
		diag_error(0, "%s: %s", quote_name(name), why);
		output_file_error(opt, name, why);
		return false;
	}
	print_summaries(&s, o.size);
	return true;
}

bool parts_mode_run(const struct options *opt, uint64_t part_size, char *const *files, int nfiles)
{
	static char *const stdin_only[] = { "-" };
	struct read_buffer *buf = input_buffer_new();
	bool ok = true;

	if (nfiles == 0) {
		files = stdin_only;
		nfiles = 1;
	}
	for (int i = 0; i < nfiles; i++)   /* --progress: the whole run's total */
		progress_add_file(files[i], NULL);
	for (int i = 0; i < nfiles; i++)
		ok &= parts_file(opt, part_size, files[i], buf);
	read_buffer_free(buf);
	return ok;
}
