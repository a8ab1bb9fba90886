/* parts_mode.c - multipart-upload checksums: per-part digests, the composite
 * "checksum of checksums" with its -N suffix (Amazon S3), and the
 * full-object CRC-32C (S3's full-object type, Google Cloud Storage's
 * crc32c), all from one read of each file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base64.h"
#include "bytes.h"
#include "crc32c.h"
#include "diag.h"
#include "escape.h"
#include "json.h"
#include "output.h"
#include "parts_mode.h"
#include "quote.h"
#include "reader.h"

struct part_state {
	uint64_t part_size;
	uint64_t in_part;                /* bytes of the current part so far */
	uint64_t nparts;
	struct hash_ctx part[MAX_ALGOS]; /* the current part */
	struct hash_ctx composite[MAX_ALGOS];
	uint32_t full_crc;               /* standard CRC of the parts so far */
	uint8_t *digests;                /* nparts x nalgos raw digests */
	uint64_t *lengths;
	size_t cap;
};

static void start_part(const struct options *opt, struct part_state *s)
{
	for (unsigned i = 0; i < opt->nalgos; i++)
		hash_init(&s->part[i], opt->algos[i].algo, &opt->algos[i].dispatch);
	s->in_part = 0;
}

static void end_part(const struct options *opt, struct part_state *s)
{
	if (s->nparts == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->digests = realloc(s->digests, s->cap * MAX_ALGOS * ALGO_MAX_DIGEST);
		s->lengths = realloc(s->lengths, s->cap * sizeof *s->lengths);
		if (!s->digests || !s->lengths)
			abort();
	}
	for (unsigned i = 0; i < opt->nalgos; i++) {
		const struct algo *a = opt->algos[i].algo;
		uint8_t *d = s->digests + (s->nparts * MAX_ALGOS + i) * ALGO_MAX_DIGEST;
		hash_final(&s->part[i], d);
		hash_update(&s->composite[i], d, a->digest_size);
		if (a->family == FAMILY_CRC32C)
			s->full_crc = s->nparts ? crc32c_combine(s->full_crc, load_be32(d), s->in_part)
						: load_be32(d);
	}
	s->lengths[s->nparts++] = s->in_part;
	start_part(opt, s);
}

/* "TAG (NAME) " with the name escaped as in tag lines. */
static void put_prefix(const struct options *opt, const char *name, const struct algo *a)
{
	bool escape = name_needs_escape(name);
	if (escape)
		putchar('\\');
	printf("%s (", a->tag);
	if (escape)
		write_escaped_name(stdout, name);
	else
		fputs(name, stdout);
	(void)opt;
	fputs(") ", stdout);
}

static void print_text(const struct options *opt, const char *name, const struct part_state *s,
		       unsigned i, const char *composite, const char *full)
{
	const struct algo *a = opt->algos[i].algo;
	char text[2 * ALGO_MAX_DIGEST + 1];
	uint64_t offset = 0;

	for (uint64_t p = 0; p < s->nparts; p++) {
		digest_text(opt, s->digests + (p * MAX_ALGOS + i) * ALGO_MAX_DIGEST, a->digest_size,
			    text);
		put_prefix(opt, name, a);
		printf("part %llu of %llu, offset %llu, length %llu = %s\n",
		       (unsigned long long)p + 1, (unsigned long long)s->nparts,
		       (unsigned long long)offset, (unsigned long long)s->lengths[p], text);
		offset += s->lengths[p];
	}
	put_prefix(opt, name, a);
	printf("composite of %llu parts = %s\n", (unsigned long long)s->nparts, composite);
	if (full) {
		put_prefix(opt, name, a);
		printf("full object = %s\n", full);
	}
}

static void print_json(const struct options *opt, const char *name, const struct part_state *s,
		       unsigned i, const char *composite, const char *full, uint64_t size)
{
	const struct algo *a = opt->algos[i].algo;
	char text[2 * ALGO_MAX_DIGEST + 1];
	uint64_t offset = 0;

	for (uint64_t p = 0; p < s->nparts; p++) {
		digest_text(opt, s->digests + (p * MAX_ALGOS + i) * ALGO_MAX_DIGEST, a->digest_size,
			    text);
		putchar('{');
		json_write_name(stdout, "name", name);
		printf(",\"algorithm\":\"%s\",\"part\":%llu,\"offset\":%llu,\"length\":%llu,"
		       "\"digest\":\"%s\"}\n",
		       a->name, (unsigned long long)p + 1, (unsigned long long)offset,
		       (unsigned long long)s->lengths[p], text);
		offset += s->lengths[p];
	}
	putchar('{');
	json_write_name(stdout, "name", name);
	printf(",\"algorithm\":\"%s\",\"size\":%llu,\"parts\":%llu,\"composite\":\"%s\"", a->name,
	       (unsigned long long)size, (unsigned long long)s->nparts, composite);
	if (full)
		printf(",\"digest\":\"%s\"", full);
	fputs("}\n", stdout);
}

static bool parts_file(const struct options *opt, uint64_t part_size, const char *name,
		       uint8_t *buf)
{
	struct file_reader r;
	struct part_state s;
	ssize_t n;

	memset(&s, 0, sizeof s);
	s.part_size = part_size;
	if (!reader_open(&r, name)) {
		diag_error(0, "%s: %s", quote_name(name), file_outcome_message(&r.outcome));
		output_file_error(opt, name, file_outcome_message(&r.outcome));
		return false;
	}
	for (unsigned i = 0; i < opt->nalgos; i++)
		hash_init(&s.composite[i], opt->algos[i].algo, &opt->algos[i].dispatch);
	start_part(opt, &s);
	while ((n = reader_read(&r, buf, INPUT_BUFFER_SIZE)) > 0) {
		const uint8_t *p = buf;
		size_t left = (size_t)n;
		while (left) {
			uint64_t room = part_size - s.in_part;
			size_t take = left < room ? left : (size_t)room;
			for (unsigned i = 0; i < opt->nalgos; i++)
				hash_update(&s.part[i], p, take);
			s.in_part += take;
			p += take;
			left -= take;
			if (s.in_part == part_size)
				end_part(opt, &s);
		}
	}
	/* The tail, or the single (empty) part of an empty file. */
	if (s.in_part || s.nparts == 0)
		end_part(opt, &s);

	struct file_outcome o = reader_close(&r);
	bool ok = o.status == FILE_OK;
	if (!ok) {
		diag_error(0, "%s: %s", quote_name(name), file_outcome_message(&o));
		output_file_error(opt, name, file_outcome_message(&o));
	}
	for (unsigned i = 0; ok && i < opt->nalgos; i++) {
		const struct algo *a = opt->algos[i].algo;
		uint8_t raw[ALGO_MAX_DIGEST];
		char composite[BASE64_LENGTH(ALGO_MAX_DIGEST) + 24], full[2 * ALGO_MAX_DIGEST + 1];
		hash_final(&s.composite[i], raw);
		base64_encode(raw, a->digest_size, composite);
		snprintf(composite + strlen(composite), 24, "-%llu", (unsigned long long)s.nparts);
		if (a->family == FAMILY_CRC32C) {
			store_be32(raw, s.full_crc);
			digest_text(opt, raw, 4, full);
		}
		if (opt->style == OUTPUT_JSON)
			print_json(opt, name, &s, i, composite,
				   a->family == FAMILY_CRC32C ? full : NULL, o.size);
		else
			print_text(opt, name, &s, i, composite,
				   a->family == FAMILY_CRC32C ? full : NULL);
	}
	free(s.digests);
	free(s.lengths);
	return ok;
}

bool parts_mode_run(const struct options *opt, uint64_t part_size, char *const *files, int nfiles)
{
	static char *const stdin_only[] = { "-" };
	uint8_t *buf = input_buffer_new();
	bool ok = true;

	if (nfiles == 0) {
		files = stdin_only;
		nfiles = 1;
	}
	for (int i = 0; i < nfiles; i++)
		ok &= parts_file(opt, part_size, files[i], buf);
	free(buf);
	return ok;
}
