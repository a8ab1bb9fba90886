/* SPDX-License-Identifier: MIT */
/* audit_index.c - matching the list's names with the walked files (both
 * sorted by normalised name, each walked file looked up: O(n log n); only
 * the unlisted files are kept) and pairing missing entries with new
 * files of the same digest. */
#include <stdlib.h>
#include <string.h>

#include "audit_index.h"
#include "xalloc.h"

/* Whether s needs no rewriting past its leading "./": no "//", no "/./"
 * and no trailing "/.". */
static bool clean_tail(const char *s)
{
	for (const char *p = s; (p = strchr(p, '/')); p++) {
		if (p[1] == '/')
			return false;
		if (p[1] == '.' && (p[2] == '/' || p[2] == '\0'))
			return false;
	}
	return true;
}

/* s rewritten component by component into out (strlen(s) + 1 bytes). A
 * name ending in "/" or "/." keeps one "/": it names a directory, and
 * must not match the walked file of the name without it ("c/." is not
 * the file c). */
static const char *rebuild(char *out, const char *s)
{
	char *o = out;
	const char *p = s;
	size_t n = strlen(s);
	bool dir = (n >= 1 && s[n - 1] == '/') || (n >= 2 && s[n - 2] == '/' && s[n - 1] == '.');

	if (*p == '/')
		*o++ = *p++;
	while (*p) {
		while (*p == '/')
			p++;
		if (p[0] == '.' && (p[1] == '/' || p[1] == '\0')) {
			p++;
			continue;
		}
		if (!*p)
			break;
		if (o > out && o[-1] != '/')
			*o++ = '/';
		size_t len = strcspn(p, "/");
		memcpy(o, p, len);
		o += len;
		p += len;
	}
	if (dir && o > out && o[-1] != '/')
		*o++ = '/';
	*o = '\0';
	return out;
}

/* s past its leading "./" components. */
static const char *skip_dots(const char *s)
{
	while (s[0] == '.' && s[1] == '/') {
		s += 2;
		while (*s == '/')
			s++;
	}
	return s;
}

const char *audit_key(struct audit_arena *a, const char *s)
{
	s = skip_dots(s);
	return clean_tail(s) ? s : rebuild(audit_arena_alloc(a, strlen(s) + 1), s);
}

/* The same in ix's scratch buffer, valid until the next call. */
static const char *scratch_key(struct audit_index *ix, const char *s)
{
	s = skip_dots(s);
	if (clean_tail(s))
		return s;
	size_t need = strlen(s) + 1;
	if (need > ix->scratch_cap) {
		ix->scratch = xrealloc(ix->scratch, need);
		ix->scratch_cap = need;
	}
	return rebuild(ix->scratch, s);
}

struct audit_entry *audit_index_add_entry(struct audit_index *ix)
{
	if (ix->nentries == ix->entries_cap) {
		ix->entries_cap = ix->entries_cap ? 2 * ix->entries_cap : 1024;
		ix->entries = xnrealloc(ix->entries, ix->entries_cap, sizeof *ix->entries);
	}
	struct audit_entry *e = &ix->entries[ix->nentries++];
	memset(e, 0, sizeof *e);
	return e;
}

static int entry_by_key(const void *a, const void *b)
{
	const struct audit_entry *x = *(struct audit_entry *const *)a;
	const struct audit_entry *y = *(struct audit_entry *const *)b;

	return strcmp(x->key, y->key);
}

void audit_index_sort_entries(struct audit_index *ix)
{
	struct audit_entry **v = xnrealloc(NULL, ix->nentries ? ix->nentries : 1, sizeof *v);
	size_t n = 0;

	for (size_t i = 0; i < ix->nentries; i++)
		if (ix->entries[i].state == ENTRY_UNSEEN)
			v[n++] = &ix->entries[i];
	if (n > 1)
		qsort(v, n, sizeof *v, entry_by_key);
	ix->by_key = v;
	ix->nby_key = n;
}

/* The first entry of by_key whose key is not below key. */
static size_t lower_bound(const struct audit_index *ix, const char *key)
{
	size_t lo = 0, hi = ix->nby_key;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(ix->by_key[mid]->key, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool audit_index_lists(struct audit_index *ix, const char *path)
{
	const char *key = scratch_key(ix, path);
	size_t i = lower_bound(ix, key);

	return i < ix->nby_key && strcmp(ix->by_key[i]->key, key) == 0;
}

void audit_index_walked(struct audit_index *ix, const char *path, bool is_list,
			const struct walked_file *walked)
{
	const char *key = scratch_key(ix, path);
	size_t i = lower_bound(ix, key);
	bool listed = false;

	/* Duplicate lines of one name all match the file. */
	for (; i < ix->nby_key && strcmp(ix->by_key[i]->key, key) == 0; i++) {
		ix->by_key[i]->state = is_list ? ENTRY_SELF : ENTRY_WALKED;
		ix->by_key[i]->walked = *walked;
		listed = true;
	}
	if (listed)
		return;
	if (ix->nfiles == UINT32_MAX)
		xalloc_die();   /* moved_to could not name it */
	if (ix->nfiles == ix->files_cap) {
		ix->files_cap = ix->files_cap ? 2 * ix->files_cap : 1024;
		ix->files = xnrealloc(ix->files, ix->files_cap, sizeof *ix->files);
	}
	struct audit_file *f = &ix->files[ix->nfiles++];
	f->path = audit_arena_strndup(&ix->arena, path, strlen(path));
	f->state = is_list ? FILE_IS_LIST : FILE_UNLISTED;
	f->walked = *walked;
}

void audit_index_walk_done(struct audit_index *ix)
{
	free(ix->by_key);
	ix->by_key = NULL;
	ix->nby_key = 0;
	free(ix->scratch);
	ix->scratch = NULL;
	ix->scratch_cap = 0;
}

/* Missing entries: by algorithm, then digest, then list order. */
static int missing_order(const void *pa, const void *pb)
{
	const struct audit_entry *a = *(struct audit_entry *const *)pa;
	const struct audit_entry *b = *(struct audit_entry *const *)pb;

	if (a->algo != b->algo)
		return a->algo < b->algo ? -1 : 1;
	int c = memcmp(a->digest, b->digest, algos[a->algo].digest_size);
	if (c)
		return c;
	return a->lineno < b->lineno ? -1 : a->lineno > b->lineno;
}

size_t audit_index_missing_table(struct audit_index *ix)
{
	size_t n = 0;

	for (size_t i = 0; i < ix->nentries; i++)
		n += ix->entries[i].state == ENTRY_MISSING;
	free(ix->missing);
	ix->missing = xnrealloc(NULL, n ? n : 1, sizeof *ix->missing);
	ix->nmissing = 0;
	for (size_t i = 0; i < ix->nentries; i++)
		if (ix->entries[i].state == ENTRY_MISSING)
			ix->missing[ix->nmissing++] = &ix->entries[i];
	if (n > 1)
		qsort(ix->missing, n, sizeof *ix->missing, missing_order);
	return n;
}

bool audit_index_missing_uses(const struct audit_index *ix, const struct algo *algo)
{
	for (size_t i = 0; i < ix->nmissing; i++)
		if (&algos[ix->missing[i]->algo] == algo)
			return true;
	return false;
}

/* -1, 0, 1 as the table's entry e sorts before, with or after (a, d). */
static int key_cmp(const struct audit_entry *e, uint8_t a, const uint8_t *d)
{
	if (e->algo != a)
		return e->algo < a ? -1 : 1;
	return memcmp(e->digest, d, algos[a].digest_size);
}

struct audit_entry *audit_index_first_missing(struct audit_index *ix, const struct algo *algo,
					      const uint8_t *digest)
{
	uint8_t a = (uint8_t)(algo - algos);
	size_t lo = 0, hi = ix->nmissing;

	while (lo < hi) {   /* the first entry not before (a, digest) */
		size_t mid = lo + (hi - lo) / 2;
		if (key_cmp(ix->missing[mid], a, digest) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < ix->nmissing && key_cmp(ix->missing[lo], a, digest) == 0; lo++)
		if (ix->missing[lo]->state == ENTRY_MISSING)
			return ix->missing[lo];
	return NULL;
}

void audit_index_pair(struct audit_entry *e, size_t file)
{
	e->state = ENTRY_MOVED;
	e->moved_to = (uint32_t)file;
}

void audit_index_free(struct audit_index *ix)
{
	audit_index_walk_done(ix);
	free(ix->entries);
	free(ix->files);
	free(ix->missing);
	audit_arena_free(&ix->arena);
	memset(ix, 0, sizeof *ix);
}
