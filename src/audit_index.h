/* SPDX-License-Identifier: MIT */
/* audit_index.h - the two name sets of an audit (the list's entries, the
 * unlisted files walked under DIR), matched by sorted name, and the table of
 * missing digests that pairs moved files.
 * Layer: mode. */
#ifndef SIMDSUM_AUDIT_INDEX_H
#define SIMDSUM_AUDIT_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "algo.h"
#include "audit_arena.h"
#include "reader.h"

enum entry_state {
	ENTRY_MALFORMED,   /* improperly formatted line */
	ENTRY_UNSEEN,      /* not met in the walk: on disk or not, stat tells */
	ENTRY_WALKED,      /* a file the walk found */
	ENTRY_PRESENT,     /* not walked, but the name exists: hashed */
	ENTRY_MISSING,     /* the name does not exist */
	ENTRY_MOVED,       /* missing, its digest found in a new file */
	ENTRY_SELF,        /* the list itself: never audited */
};

/* One line of the list. */
struct audit_entry {
	const char *name;           /* as listed (unescaped); NULL if malformed */
	const char *key;            /* name normalised for matching */
	const uint8_t *digest;      /* raw, as printed, algo's digest_size */
	unsigned long long lineno;
	uint32_t moved_to;          /* ENTRY_MOVED: index into files */
	uint8_t algo;               /* index into algos */
	uint8_t state;              /* enum entry_state */
	bool nul_cut;               /* its line was read up to a NUL */
	struct walked_file walked;  /* ENTRY_WALKED: the file the walk met */
};

enum file_state {
	FILE_UNLISTED,     /* new, unless a move or the list itself */
	FILE_MOVED_HERE,   /* a missing entry's digest */
	FILE_IS_LIST,      /* the list itself */
	FILE_UNREADABLE,   /* hashed to look for moves, and failed */
};

/* One regular file under DIR that no entry names, in the walk's order
 * (-r's). */
struct audit_file {
	const char *path;           /* as -r prints it */
	uint8_t state;              /* enum file_state */
	struct walked_file walked;  /* the file the walk met */
};

struct audit_index {
	struct audit_arena arena;
	struct audit_entry *entries;   /* list order */
	size_t nentries, entries_cap;
	struct audit_entry **by_key;   /* during the walk */
	size_t nby_key;
	char *scratch;                 /* a walked name's key, when rebuilt */
	size_t scratch_cap;
	struct audit_file *files;      /* unlisted, in the walk's order */
	size_t nfiles, files_cap;
	struct audit_entry **missing;  /* by algorithm, digest, line */
	size_t nmissing;
};

/* s normalised: "./" components and repeated slashes dropped ("./a//b"
 * is "a/b"; "/x" stays absolute). Points into s when that is enough,
 * else into the arena. */
const char *audit_key(struct audit_arena *a, const char *s);

/* A new zeroed entry at the end of the list order. */
struct audit_entry *audit_index_add_entry(struct audit_index *ix);

/* Before the walk: the well-formed entries sorted by key. */
void audit_index_sort_entries(struct audit_index *ix);

/* Whether some well-formed entry names path (during the walk). */
bool audit_index_lists(struct audit_index *ix, const char *path);

/* A file the walk found: the entries of its name become ENTRY_WALKED
 * (ENTRY_SELF when it is the list); when there are none it is kept (path
 * copied) as FILE_UNLISTED (FILE_IS_LIST). Either keeps walked, so that
 * the file later hashed is the one met, not what replaced it since. */
void audit_index_walked(struct audit_index *ix, const char *path, bool is_list,
			const struct walked_file *walked);

/* After the walk: the sorted entries freed. */
void audit_index_walk_done(struct audit_index *ix);

/* Builds the table of ENTRY_MISSING entries; returns how many. */
size_t audit_index_missing_table(struct audit_index *ix);

/* Whether some entry of the missing table uses algo. */
bool audit_index_missing_uses(const struct audit_index *ix, const struct algo *algo);

/* The first missing entry (in list order) of algo with this digest that
 * is not paired yet; NULL if none. */
struct audit_entry *audit_index_first_missing(struct audit_index *ix, const struct algo *algo,
					      const uint8_t *digest);

/* Pairs missing entry e with files[file]: e becomes ENTRY_MOVED. */
void audit_index_pair(struct audit_entry *e, size_t file);

void audit_index_free(struct audit_index *ix);

#endif
