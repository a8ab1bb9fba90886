/* SPDX-License-Identifier: MIT */
/* update_list.h - a checksum list as --update sees it: its bytes, cut
 * into records, each checksum line parsed (by check_line.c, with the rules
 * of check_parser_from_options), the names found through a hash table.
 * Layer: mode. */
#ifndef SIMDSUM_UPDATE_LIST_H
#define SIMDSUM_UPDATE_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "check_line.h"
#include "options.h"

#define NO_RECORD ((size_t)-1)

struct list_record {
	size_t start, len;        /* in data, the delimiter included */
	const struct algo *algo;  /* NULL: not a checksum line (kept as is) */
	char *name;               /* unescaped; NULL with algo */
	bool tagged, binary, base64, crlf;
	bool xxh3_prefix;         /* "XXH3_HEX  NAME" (xxhsum 0.8.2) */
	bool little_endian;       /* "XXH64_LE (NAME) = HEX" */
	bool sfv;                 /* "NAME HEX" (an SFV file's CRC-32) */
	size_t next_same;         /* the next record of the same name */
	/* --update-changed: the line that replaces it, in the run's text */
	bool malformed;           /* not a comment or an empty line either */
	bool queued, replaced;
	size_t new_start, new_len;
};

struct name_slot {
	const char *name;
	size_t first;             /* its first record, or NO_RECORD for a
	                           * name added in this run */
};

struct update_list {
	bool exists;
	struct stat st;           /* when it exists */
	char *data;
	size_t size;
	char delim;               /* '\n', or '\0' for a NUL-separated list */
	bool reversed;            /* "HEX NAME" lines (BSD md5 -r) */
	bool sfv_list;            /* an SFV comment line (';'): see
	                           * check_parser.sfv_list */
	struct list_record *rec;
	size_t nrec;
	struct name_slot *slots;  /* open addressing, a power of two */
	size_t nslots, nnames;
};

/* What update_list_load returns for a list that is neither a regular
 * file nor missing (a device, a FIFO, a socket): rename(2) would replace
 * it with one, and reading it might never end. A directory is EISDIR. */
#define UPDATE_LIST_NOT_REGULAR (-1)

/* Reads and parses the list at path (a missing one is empty: exists is
 * false). delim: the -z option's, used for an empty list. Returns 0,
 * UPDATE_LIST_NOT_REGULAR, or the errno of the failure. */
int update_list_load(struct update_list *l, const char *path, const struct options *opt);

/* The slot of name: its record chain, or an empty slot (name NULL) to
 * claim with update_list_claim. */
struct name_slot *update_list_find(struct update_list *l, const char *name);

/* Fills the empty slot s with name (kept by pointer, it must outlive the
 * list), for first (NO_RECORD: added now). */
void update_list_claim(struct update_list *l, struct name_slot *s, const char *name,
		       size_t first);

/* The algorithms (up to max, into fits) under which the first malformed
 * line of the list that any of them reads would be an untagged checksum
 * line: for a list whose digests have a length several algorithms share
 * (MD5 and XXH128; CRC-32 and CRC-32C). */
size_t update_list_ambiguous(const struct update_list *l, const struct algo **fits, size_t max);

void update_list_free(struct update_list *l);

#endif
