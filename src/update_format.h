/* SPDX-License-Identifier: MIT */
/* update_format.h - the format of the lines --update adds: the list's own.
 * Layer: mode. */
#ifndef SIMDSUM_UPDATE_FORMAT_H
#define SIMDSUM_UPDATE_FORMAT_H

#include <stdio.h>

#include "update_list.h"

struct list_format {
	const struct algo *algo;
	enum output_style style;  /* OUTPUT_GNU or OUTPUT_TAG */
	bool binary, base64, reversed, crlf;
	bool xxh3_prefix;         /* XXH3 untagged, as xxhsum 0.8.2 writes it */
	bool little_endian;       /* xxHash tagged "_LE", its bytes reversed */
	bool sfv;                 /* "NAME HEX", CRC-32 in capitals */
	bool sfv_list;            /* the list has an SFV comment line */
	char delim;
};

/* The format of new lines for list l: the style, indicator and digest
 * encoding of its first checksum line, its delimiter; the algorithm its
 * untagged lines name (all of one algorithm), or for a tagged list that of
 * its lines when they have one and -a was not given, else -a's. A list
 * without checksum lines takes the options'. Returns false, reported,
 * when -a (or the program's name) contradicts the algorithm of an
 * untagged list, or when its lines' digest length is two algorithms'
 * and nothing says which. */
bool update_format_of(const struct update_list *l, const struct options *opt,
		      const char *shown, struct list_format *f);

/* The format of the existing record r, for its rewrite (list: the
 * list's own, for what r's line does not say). */
void update_format_of_record(const struct update_list *l, const struct list_record *r,
			     const struct list_format *list, struct list_format *f);

/* Writes name's line in format f (scratch: a copy of the options, which
 * this sets). */
void update_format_line(FILE *out, const struct list_format *f, struct options *scratch,
			const char *name, const uint8_t *digest);

#endif
