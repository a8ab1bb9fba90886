/* SPDX-License-Identifier: MIT */
/* update_format.c - telling a list's format from its lines, and writing
 * lines in it (through output.c's formatter, so they are those hash mode
 * prints). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_line.h"
#include "diag.h"
#include "output.h"
#include "quote.h"
#include "update_format.h"
#include "xalloc.h"

/* The one algorithm of the checksum lines that are (tagged) or are not
 * tagged; NULL when there are none or several. *any: whether any is. */
static const struct algo *only_algo(const struct update_list *l, bool tagged, bool *any)
{
	const struct algo *found = NULL;
	bool several = false;

	*any = false;
	for (size_t i = 0; i < l->nrec; i++) {
		const struct list_record *r = &l->rec[i];
		if (!r->algo || r->tagged != tagged)
			continue;
		*any = true;
		several |= found && found != r->algo;
		found = r->algo;
	}
	return several ? NULL : found;
}

static const struct list_record *first_line(const struct update_list *l)
{
	for (size_t i = 0; i < l->nrec; i++)
		if (l->rec[i].algo)
			return &l->rec[i];
	return NULL;
}

static void from_options(const struct options *opt, char delim, struct list_format *f)
{
	f->algo = opt->algos[0].algo;
	f->style = opt->style == OUTPUT_TAG ? OUTPUT_TAG : OUTPUT_GNU;
	f->binary = opt->binary;
	f->base64 = opt->base64;
	f->reversed = false;
	f->crlf = false;
	f->xxh3_prefix = f->little_endian = f->sfv = f->sfv_list = false;
	f->delim = delim;
}

/* The algorithm for new lines of a list whose first line is r. */
static bool pick_algo(const struct update_list *l, const struct options *opt, const char *shown,
		      struct list_format *f)
{
	bool explicit = !opt->untagged_by_length, any_untagged, any_tagged;
	const struct algo *untagged = only_algo(l, false, &any_untagged);
	const struct algo *tagged = only_algo(l, true, &any_tagged);

	if (f->style == OUTPUT_GNU && untagged) {
		if (explicit && untagged != opt->algos[0].algo) {
			diag_error(0, "%s: the list holds %s digests, not %s: not updated",
				   quote_name(shown), untagged->tag, opt->algos[0].algo->tag);
			return false;
		}
		f->algo = untagged;
	} else if (f->style == OUTPUT_TAG && !explicit && tagged &&
		   (!any_untagged || untagged == tagged)) {
		f->algo = tagged;
	}
	return true;
}

/* The algorithms a list's digests could be of, when more than one can:
 * "MD5 or XXH128", "XXH64, XXH3 or CRC64NVME". 0 when not ambiguous. */
#define MAX_FITS 4
static size_t ambiguous_fits(const struct update_list *l, const struct algo **fits, char *text,
			     size_t size)
{
	size_t n = update_list_ambiguous(l, fits, MAX_FITS), used = 0;

	if (n < 2)
		return 0;
	for (size_t i = 0; i < n && used < size; i++) {
		const char *sep = i == 0 ? "" : i + 1 < n ? ", " : " or ";
		int w = snprintf(text + used, size - used, "%s%s", sep, fits[i]->tag);
		used += w > 0 ? (size_t)w : 0;
	}
	return n;
}

/* A list whose lines are checksums of a length several algorithms share:
 * an error when nothing says which (adding lines of one would be a
 * guess), or when -a names none of them (its lines would not be of the
 * list's algorithm). */
static bool ambiguous(const struct update_list *l, const struct options *opt, const char *shown)
{
	const struct algo *fits[MAX_FITS];
	const struct algo *want = opt->algos[0].algo;
	char text[80];
	size_t n = ambiguous_fits(l, fits, text, sizeof text);

	if (n == 0)
		return false;
	if (opt->untagged_by_length) {
		diag_error(0, "%s: its digests could be %s: name the algorithm with -a",
			   quote_name(shown), text);
		return true;
	}
	for (size_t i = 0; i < n; i++)
		if (fits[i] == want)
			return false;
	diag_error(0, "%s: the list holds %s digests, not %s: not updated", quote_name(shown), text,
		   want->tag);
	return true;
}

bool update_format_of(const struct update_list *l, const struct options *opt,
		      const char *shown, struct list_format *f)
{
	const struct list_record *r = first_line(l);

	if (!r) {
		/* the list's own delimiter where it has records (comments,
		 * lines no algorithm reads): new records must not end in
		 * another */
		from_options(opt, l->delim, f);
		/* SFV comments only (rhash --sfv of an empty directory): the
		 * list said what its lines are. (It can, read without -a or
		 * with -a crc32 only.) */
		if (l->sfv_list) {
			f->algo = algo_by_tag("CRC32", 5);
			f->style = OUTPUT_GNU;
			f->sfv = f->sfv_list = true;
		}
		return !ambiguous(l, opt, shown);
	}
	from_options(opt, l->delim, f);
	f->style = r->tagged ? OUTPUT_TAG : OUTPUT_GNU;
	f->binary = !r->tagged && r->binary;
	f->base64 = r->base64;
	f->reversed = l->reversed;
	f->crlf = r->crlf;
	f->xxh3_prefix = r->xxh3_prefix;
	f->little_endian = r->little_endian;
	f->sfv = r->sfv;
	f->sfv_list = l->sfv_list;
	return pick_algo(l, opt, shown, f);
}

void update_format_of_record(const struct update_list *l, const struct list_record *r,
			     const struct list_format *list, struct list_format *f)
{
	/* The last line without its delimiter gets the list's, with a CR as
	 * lines added after it get one. */
	bool unended = r->start + r->len == l->size &&
		       (r->len == 0 || l->data[r->start + r->len - 1] != l->delim);

	f->algo = r->algo;
	f->style = r->tagged ? OUTPUT_TAG : OUTPUT_GNU;
	f->binary = r->binary;
	f->base64 = r->base64;
	f->reversed = l->reversed && !r->tagged;
	f->crlf = unended ? list->crlf : r->crlf;
	f->xxh3_prefix = r->xxh3_prefix;
	f->little_endian = r->little_endian;
	f->sfv = r->sfv;
	f->sfv_list = l->sfv_list;
	f->delim = l->delim;
}

/* The line as output.c writes it, into a new buffer (*buf, *len). */
static void format_line(const struct list_format *f, struct options *scratch, const char *name,
			const uint8_t *digest, char **buf, size_t *len)
{
	FILE *line = xopen_memstream(buf, len);

	scratch->style = f->style;
	scratch->binary = f->binary;
	scratch->base64 = f->base64;
	scratch->delim = f->delim;
	bool crc32 = f->algo->family == FAMILY_CRC32;
	bool xxhash = f->algo->family == FAMILY_XXH64 || f->algo->family == FAMILY_XXH3;

	/* The forms of other tools' lists, kept for their new lines:
	 * xxhsum 0.8.2's "XXH3_HEX  NAME" (untagged and unprefixed, XXH3
	 * would read as XXH64); SFV's "NAME HEX", which has no escapes, so a
	 * name whose SFV line would not read back (a line end in it, a
	 * leading ';', a digest for a name) gets the tagged line (8 untagged
	 * digits could be CRC-32C); xxhsum --little-endian's
	 * "XXH64_LE (NAME) = HEX". */
	if (f->xxh3_prefix && f->style == OUTPUT_GNU && f->algo->family == FAMILY_XXH3) {
		output_gnu_line_to(line, scratch, name, XXH3_GNU_PREFIX, f->algo, digest);
	} else if (f->sfv && crc32 && !f->base64 && f->delim == '\n' &&
		   check_sfv_reads_back(name, f->sfv_list)) {
		output_sfv_line_to(line, name, f->algo, digest);
	} else if (f->sfv && crc32) {
		scratch->style = OUTPUT_TAG;
		output_line_to(line, scratch, name, f->algo, digest);
	} else if (f->little_endian && f->style == OUTPUT_TAG && !f->base64 && xxhash) {
		output_le_tag_line_to(line, scratch, name, f->algo, digest);
	} else {
		output_line_to(line, scratch, name, f->algo, digest);
	}
	xclose_memstream(line, buf);
}

/* Whether buf (len bytes, a line end last) without its byte at skip is
 * shaped like an SFV line. */
static bool reversed_like_sfv(const char *buf, size_t len, size_t skip)
{
	char *line = xmalloc(len);
	size_t n = 0;

	for (size_t i = 0; i + 1 < len; i++)
		if (i != skip)
			line[n++] = buf[i];
	if (n && line[n - 1] == '\r')
		n--;
	bool shaped = check_line_sfv_shaped(line, n);
	free(line);
	return shaped;
}

void update_format_line(FILE *out, const struct list_format *f, struct options *scratch,
			const char *name, const uint8_t *digest)
{
	size_t len, skip = (size_t)-1;
	char *buf = NULL;
	format_line(f, scratch, name, digest, &buf, &len);
	bool gnu = f->style == OUTPUT_GNU && !f->sfv && (!f->algo->always_tagged || f->xxh3_prefix);

	/* "HEX NAME": one blank, where GNU lines have two. */
	if (f->reversed && gnu && strchr(buf, ' '))
		skip = (size_t)(strchr(buf, ' ') - buf) + 1;
	/* Under a ';' line a reversed line ending like "NAME HEX" is read as
	 * SFV ("HEX v 20240101", "HEX CAFEBABE"): the tagged line instead,
	 * which reads back, or it would be added again on every run. */
	if (skip != (size_t)-1 && f->sfv_list && reversed_like_sfv(buf, len, skip)) {
		struct list_format tagged = *f;
		tagged.style = OUTPUT_TAG;
		tagged.reversed = false;
		free(buf);
		format_line(&tagged, scratch, name, digest, &buf, &len);
		skip = (size_t)-1;
	}
	bool crlf = f->crlf && len && buf[len - 1] == '\n';
	for (size_t i = 0; i < len - crlf; i++)
		if (i != skip)
			putc(buf[i], out);
	if (crlf)
		fputs("\r\n", out);
	free(buf);
}
