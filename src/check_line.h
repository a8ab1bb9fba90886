/* SPDX-License-Identifier: MIT */
/* check_line.h - parsing one line of a checksum list (pure: no I/O).
 * Layer: parsing. */
#ifndef SIMDSUM_CHECK_LINE_H
#define SIMDSUM_CHECK_LINE_H

#include <stdbool.h>
#include <stddef.h>

#include "algo.h"

/* What xxhsum 0.8.2 and later put before an XXH3 digest in the GNU form. */
#define XXH3_GNU_PREFIX "XXH3_"

/* What a list none of whose lines parses is (coreutils' words): the
 * message on stderr, and with --json the list summary's "error". */
#define NO_CHECKSUM_LINES "no properly formatted checksum lines found"

enum check_line_kind {
	CHECK_LINE_SKIP,       /* comment ('#' first) or empty line */
	CHECK_LINE_OK,         /* a well-formed line: fields below are set */
	CHECK_LINE_MALFORMED,  /* "improperly formatted" */
};

struct check_line {
	const struct algo *algo;
	const char *digest;    /* the hex digits, inside the line */
	size_t digest_len;
	bool binary;           /* '*' indicator */
	bool xxh3_prefix;      /* untagged, after XXH3_GNU_PREFIX */
	bool little_endian;    /* an xxHash tag with "_LE": the digest was
	                        * reversed in place, and is big-endian now */
	bool sfv;              /* "NAME HEX" of an SFV file (CRC-32) */
	const char *name;      /* unescaped, NUL-terminated, inside the line */
	bool nul_cut;          /* the line held a NUL byte and what follows it
	                        * was ignored, as coreutils 9.1 reads names and
	                        * digests as C strings */
};

/* State that lasts across all lines of all lists, as in coreutils: once
 * a list uses two spaces or '*' after the digest, lines with a single
 * space are rejected, and the other way round (but sfv_list). */
struct check_parser {
	const struct algo *untagged_algo;   /* algorithm of lines without a tag */
	bool by_length;                     /* ... or the one algorithm whose
	                                     * digests have the line's length */
	bool other_tags_malformed;          /* a tagged line of an algorithm
	                                     * other than untagged_algo is
	                                     * improperly formatted (sha256sum,
	                                     * -a: coreutils' rule) */
	int bsd_reversed;                   /* -1 undecided, 0 GNU, 1 reversed */
	bool nul_records;                   /* records of a -z list, passed
	                                     * without their NUL: a "\r" or
	                                     * "\n" at the end is the name's */
	bool sfv;                           /* SFV lines are read: simdsum
	                                     * without -a, or -a crc32 (never
	                                     * under a sha*sum name) */
	bool sfv_list;                      /* this list had an SFV comment
	                                     * (';'): its lines that read both
	                                     * as SFV and as reversed BSD
	                                     * lines are SFV */
};

void check_parser_init(struct check_parser *p, const struct algo *untagged_algo);

/* Before each list read with p: what a list says of its own form
 * (sfv_list) holds for that list only. */
void check_parser_start_list(struct check_parser *p);

/* Parses the line at line[0..len) (with or without its '\n'). The line
 * is modified in place: names are unescaped and terminated. */
enum check_line_kind check_parse_line(struct check_parser *p, char *line, size_t len,
				      struct check_line *out);

/* Whether the SFV line of name ("NAME HEX") reads back as SFV naming
 * name, here and (for names rhash can hold: no '\\', no first '*') in
 * rhash, in a newline list that has said it is SFV (sfv_list) or not: a
 * name that holds a line end, begins with ';' or '#' or like another
 * form, or begins or ends with a blank, does not. */
bool check_sfv_reads_back(const char *name, bool sfv_list);

/* Whether line[0..len) (no line end) is shaped like SFV's "NAME HEX": in
 * a list that has said it is SFV, a reversed BSD line ("HEX NAME") so
 * shaped reads as SFV. */
bool check_line_sfv_shaped(const char *line, size_t len);

/* Whether digest (hex, any case, digest_len characters) equals the raw
 * digest bytes. */
bool check_digest_matches(const char *digest, size_t digest_len, const uint8_t *raw,
			  size_t raw_len);

#endif
