/* SPDX-License-Identifier: MIT */
/* output.h - what simdsum writes on standard output, in each style.
 * Layer: output. */
#ifndef SIMDSUM_OUTPUT_H
#define SIMDSUM_OUTPUT_H

#include <stdint.h>
#include <stdio.h>

#include "options.h"

enum check_status {
	CHECK_OK,
	CHECK_FAILED,       /* computed checksum did NOT match */
	CHECK_UNREADABLE,   /* FAILED open or read */
	CHECK_MALFORMED,    /* improperly formatted line */
};

struct check_counts {
	unsigned long long ok, failed, unreadable, malformed;
};

/* One file's digest for one algorithm. */
struct digest_record {
	const char *name;
	const struct algo *algo;
	const uint8_t *digest;        /* raw, algo->digest_size bytes */
	uint64_t size;                /* bytes hashed (JSON) */
	const struct impl *impl;      /* what computed it (JSON); NULL: none (no impl key) */
};

/* A GNU or BSD-tag line (-z: NUL ended), or a JSON object with the size
 * and the implementation used. */
void output_digest(const struct options *opt, const struct digest_record *r);

/* The GNU or BSD-tag line output_digest writes (opt->style OUTPUT_TAG,
 * else GNU; XXH3 always tagged), written to out instead of stdout, with
 * no lock: for lists written to a file (--update). */
void output_line_to(FILE *out, const struct options *opt, const char *name,
		    const struct algo *algo, const uint8_t *digest);

/* The GNU line with prefix before the digest, whatever the algorithm
 * (xxhsum 0.8.2's "XXH3_HEX  NAME"). */
void output_gnu_line_to(FILE *out, const struct options *opt, const char *name,
			const char *prefix, const struct algo *algo, const uint8_t *digest);

/* The BSD-tag line of xxhsum --little-endian: "XXH64_LE (NAME) = HEX",
 * the digest's bytes reversed. */
void output_le_tag_line_to(FILE *out, const struct options *opt, const char *name,
			   const struct algo *algo, const uint8_t *digest);

/* An SFV line: "NAME HEX", the digest in capitals as cksfv and rhash
 * write it (the name must hold no line end: SFV has no escapes). */
void output_sfv_line_to(FILE *out, const char *name, const struct algo *algo,
			const uint8_t *digest);

/* A line of a --files-from list that names no file (its message is on
 * stderr as "LIST:N: reason"): nothing in text, in JSON
 * {"list":LIST,"line":N,"error":reason}. */
void output_listed_name_error(const struct options *opt, const char *list,
			      unsigned long long lineno, const char *message);

/* A file that could not be hashed. Text styles print nothing here (the
 * message goes to stderr); JSON prints an error object. */
void output_file_error(const struct options *opt, const char *name, const char *message);

/* One line of a list, verified. */
struct check_record {
	const char *list;             /* as given, "-": standard input */
	unsigned long long lineno;
	const char *name;             /* NULL for a malformed line */
	const struct algo *algo;      /* NULL for a malformed line */
	enum check_status status;
	const char *message;          /* CHECK_UNREADABLE: why */
	bool nul_cut;                 /* read up to a NUL in the line */
};

/* "NAME: OK", or a JSON object. Malformed lines print only in JSON (text
 * warns on stderr with -w). */
void output_check(const struct options *opt, const struct check_record *r);

/* The end of a list (JSON only: the counts, and "error" when error is
 * not NULL: the list's reason to fail that no count says). */
void output_check_summary(const struct options *opt, const char *list,
			  const struct check_counts *counts, const char *error);

/* A list (of --check, --audit) that could not be opened or read to its
 * end: text styles print nothing here (the message goes to stderr); JSON
 * prints the list and the error, in place of the summary. */
void output_list_error(const struct options *opt, const char *list, const char *message);

/* An algorithm's digest bytes in the order they are printed and
 * checked: as computed (a CRC most significant byte first), or a CRC
 * reversed under --byte-order=little. */
void digest_in_order(const struct options *opt, const struct algo *algo, const uint8_t *digest,
		     uint8_t *out);

/* The digest as printed: lower-case hex, or base64 with --base64, of
 * digest_in_order's bytes. out needs 2 * ALGO_MAX_DIGEST + 1 bytes. */
void digest_text(const struct options *opt, const struct algo *algo, const uint8_t *digest,
		 char *out);

/* Lower-case hex of len bytes into out (2 * len + 1 bytes). */
void hex_encode(const uint8_t *bytes, size_t len, char *out);

/* Sets stdout's buffering (before anything is written to it): lines are
 * written whole (see output.c). */
void output_init(bool stdout_closed);

/* Around every record another module (output_parts.c) writes to stdout:
 * the line lock of diag.h, which also keeps a --progress line out of the
 * way. */
void output_begin(void);
void output_end(void);

/* Flushes and closes standard output; on a write error reports it in
 * coreutils' form ("write error") and returns false. Also false when a
 * write to standard error failed. */
bool output_close_stdout(void);

#endif
