/* SPDX-License-Identifier: MIT */
/* update_list.c - reading a checksum list whole and cutting it into
 * records that can be written back byte for byte, the checksum lines
 * among them parsed and their names indexed. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_mode.h"
#include "name_hash.h"
#include "update_list.h"
#include "xalloc.h"

/* The whole file into l->data; 0 or an errno. */
static int read_whole(struct update_list *l, int fd)
{
	size_t cap = l->st.st_size > 0 ? (size_t)l->st.st_size + 1 : 4096;

	l->data = xmalloc(cap);
	for (;;) {
		if (l->size == cap)
			l->data = xnrealloc(l->data, cap *= 2, 1);
		ssize_t n = read(fd, l->data + l->size, cap - l->size);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno;
		if (n == 0)
			return 0;
		l->size += (size_t)n;
	}
}

/* The parser for list lines: the options' rules, except that lines of
 * every algorithm count (a tagged line of any, an untagged line of the
 * algorithm its length names), since the list's own format is sought. */
static void list_parser(struct check_parser *p, const struct options *opt)
{
	check_parser_from_options(p, opt);
	p->by_length = true;
	p->other_tags_malformed = false;
}

/* Parses bytes[0..len) (a copy: the parser writes into it). A line of a
 * newline list cut by a NUL names what comes before the NUL, as --check
 * reads it (and coreutils): that name is listed. */
static enum check_line_kind parse_copy(struct check_parser *p, const char *bytes, size_t len,
				       char **scratch, size_t *cap, struct check_line *out)
{
	if (len + 1 > *cap)
		*scratch = xrealloc(*scratch, *cap = len + 1);
	memcpy(*scratch, bytes, len);
	(*scratch)[len] = '\0';
	return check_parse_line(p, *scratch, len, out);
}

/* How many of the list's first max records, cut at delim, are checksum
 * lines. */
static size_t count_lines(const struct update_list *l, const struct options *opt, char delim,
			  size_t max)
{
	struct check_parser p;
	struct check_line line;
	char *scratch = NULL;
	size_t cap = 0, ok = 0, at = 0;

	list_parser(&p, opt);
	p.nul_records = delim == '\0';
	for (size_t n = 0; n < max && at < l->size; n++) {
		const char *end = memchr(l->data + at, delim, l->size - at);
		size_t len = end ? (size_t)(end - (l->data + at)) + 1 : l->size - at;
		/* a line keeps its newline for the parser, a record drops its NUL */
		size_t parsed = delim == '\0' && end ? len - 1 : len;
		ok += parse_copy(&p, l->data + at, parsed, &scratch, &cap, &line) == CHECK_LINE_OK;
		at += len;
	}
	free(scratch);
	return ok;
}

/* NUL-separated when it holds a NUL and more of its first records are
 * checksum lines cut at NULs than at newlines: a NUL inside a newline
 * list's line, or a newline inside a -z list's name, spoils one record
 * of the wrong reading, not the whole list. A tie goes to the delimiter
 * that ends the list, then to -z's word; an empty list takes -z's word. */
#define SNIFF_RECORDS 1000
static char find_delim(const struct update_list *l, const struct options *opt)
{
	if (!l->size)
		return opt->delim;
	if (!memchr(l->data, '\0', l->size))
		return '\n';
	size_t nul = count_lines(l, opt, '\0', SNIFF_RECORDS);
	size_t nl = count_lines(l, opt, '\n', SNIFF_RECORDS);
	if (nul != nl)
		return nul > nl ? '\0' : '\n';
	char last = l->data[l->size - 1];
	return last == '\0' || last == '\n' ? last : opt->delim;
}

static bool hex_char(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static bool is_hex_digest(const struct check_line *line)
{
	if (line->digest_len != 2 * (size_t)line->algo->digest_size)
		return false;
	for (size_t i = 0; i < line->digest_len; i++)
		if (!hex_char(line->digest[i]))
			return false;
	return true;
}

/* Fills r (start and len set) from its parse. */
static void parse_record(struct update_list *l, struct check_parser *p, struct list_record *r,
			 char **scratch, size_t *cap)
{
	struct check_line line;
	const char *bytes = l->data + r->start;
	size_t len = r->len;
	bool ended = len && bytes[len - 1] == l->delim;

	r->next_same = NO_RECORD;
	r->crlf = l->delim == '\n' && ended && len >= 2 && bytes[len - 2] == '\r';
	if (l->delim == '\0' && ended)
		len--;
	enum check_line_kind kind = parse_copy(p, bytes, len, scratch, cap, &line);
	r->malformed = kind == CHECK_LINE_MALFORMED;
	if (kind != CHECK_LINE_OK)
		return;
	r->algo = line.algo;
	r->name = xstrdup(line.name);
	r->tagged = line.digest > line.name && !line.sfv;
	r->binary = line.binary;
	r->base64 = !is_hex_digest(&line);
	r->xxh3_prefix = line.xxh3_prefix;
	r->little_endian = line.little_endian;
	r->sfv = line.sfv;
}

size_t update_list_ambiguous(const struct update_list *l, const struct algo **fits, size_t max)
{
	struct check_parser p;
	struct check_line line;
	char *scratch = NULL;
	size_t cap = 0, n = 0;

	/* The first line any algorithm reads: a comment or a line of another
	 * tool before it ("BLAKE2b (z) = 00") must not hide it. */
	for (size_t i = 0; i < l->nrec && n == 0; i++) {
		const struct list_record *r = &l->rec[i];
		if (!r->malformed)
			continue;
		size_t len = r->len;
		if (l->delim == '\0' && len && l->data[r->start + len - 1] == '\0')
			len--;
		for (const struct algo *a = algos; a->name && n < max; a++) {
			check_parser_init(&p, a);   /* this algorithm's untagged lines only */
			p.nul_records = l->delim == '\0';
			if (parse_copy(&p, l->data + r->start, len, &scratch, &cap, &line) ==
			    CHECK_LINE_OK)
				fits[n++] = a;
		}
	}
	free(scratch);
	return n;
}

/* --- the names ------------------------------------------------------------ */

struct name_slot *update_list_find(struct update_list *l, const char *name)
{
	size_t mask = l->nslots - 1;

	for (size_t i = (size_t)name_hash(name) & mask;; i = (i + 1) & mask)
		if (!l->slots[i].name || strcmp(l->slots[i].name, name) == 0)
			return &l->slots[i];
}

static void grow(struct update_list *l)
{
	struct name_slot *old = l->slots;
	size_t n = l->nslots;

	l->nslots = n ? 2 * n : 64;
	l->slots = xcalloc(l->nslots, sizeof *l->slots);
	for (size_t i = 0; i < n; i++)
		if (old[i].name)
			*update_list_find(l, old[i].name) = old[i];
	free(old);
}

void update_list_claim(struct update_list *l, struct name_slot *s, const char *name,
		       size_t first)
{
	s->name = name;
	s->first = first;
	if (++l->nnames * 2 > l->nslots)
		grow(l);
}

/* Records of one name are chained in list order. */
static void index_record(struct update_list *l, size_t i, size_t *last)
{
	struct name_slot *s = update_list_find(l, l->rec[i].name);

	if (!s->name) {
		last[i] = i;
		update_list_claim(l, s, l->rec[i].name, i);
		return;
	}
	size_t head = s->first;
	l->rec[last[head]].next_same = i;
	last[head] = i;
}

/* --- the records -------------------------------------------------------- */

static void split_records(struct update_list *l, const struct options *opt)
{
	struct check_parser p;
	char *scratch = NULL;
	size_t cap = 0, nrec = 0, at = 0;

	for (size_t i = 0; i < l->size; i++)
		nrec += l->data[i] == l->delim;
	l->rec = xcalloc(nrec + 1, sizeof *l->rec);
	list_parser(&p, opt);
	p.nul_records = l->delim == '\0';
	while (at < l->size) {
		const char *end = memchr(l->data + at, l->delim, l->size - at);
		size_t len = end ? (size_t)(end - (l->data + at)) + 1 : l->size - at;
		struct list_record *r = &l->rec[l->nrec++];
		r->start = at;
		r->len = len;
		parse_record(l, &p, r, &scratch, &cap);
		at += len;
	}
	free(scratch);
	l->reversed = p.bsd_reversed == 1;
	l->sfv_list = p.sfv_list;
}

static void index_names(struct update_list *l)
{
	size_t *last = xcalloc(l->nrec + 1, sizeof *last);

	grow(l);
	for (size_t i = 0; i < l->nrec; i++)
		if (l->rec[i].name)
			index_record(l, i, last);
	free(last);
}

int update_list_load(struct update_list *l, const char *path, const struct options *opt)
{
	/* O_NONBLOCK: a FIFO's open would wait for a writer. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	int err = 0;

	memset(l, 0, sizeof *l);
	if (fd < 0 && errno != ENOENT)
		return errno;
	if (fd >= 0) {
		l->exists = true;
		err = fstat(fd, &l->st) != 0      ? errno
		      : S_ISDIR(l->st.st_mode)    ? EISDIR
		      : !S_ISREG(l->st.st_mode)   ? UPDATE_LIST_NOT_REGULAR
						  : read_whole(l, fd);
		close(fd);
		if (err)
			return err;
	}
	l->delim = find_delim(l, opt);
	split_records(l, opt);
	index_names(l);
	return 0;
}

void update_list_free(struct update_list *l)
{
	for (size_t i = 0; i < l->nrec; i++)
		free(l->rec[i].name);
	free(l->rec);
	free(l->slots);
	free(l->data);
	memset(l, 0, sizeof *l);
}
