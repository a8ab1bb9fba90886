/* SPDX-License-Identifier: MIT */
/* profile.h - what each registry row costs on a CPU: the data every
 * automatic choice is derived from (src/cost_model.c holds the rules).
 * Layer: registry (below the engine; reads cpu.h and impl.h only).
 *
 * A profile is text, one fact per line; the built-in ones (profile.c) and
 * a file saved by --tune share the format and the parser:
 *
 *   simdsum-profile 1
 *   name AMD Zen 3
 *   cpu AuthenticAMD 0x19 0x00-0x0f,0x20-0x5f
 *   version 0.1.0            (files only: the simdsum that measured it)
 *   io read|mmap|measure     (large cached files; measure: decide in the run)
 *   row sha256 shani 95.3 0.6391
 *   row sha256 shanix2 0 0.3312
 *   row crc32c avx2blend 2.83 0.0419 from 430 11.7 0.0213
 *
 * "row FAMILY NAME CALL_NS BYTE_NS": a single-stream row costs about
 * CALL_NS + BYTE_NS x len nanoseconds for a call of len bytes; for a
 * multi-buffer row BYTE_NS is per byte of all its lanes together with
 * every lane busy (CALL_NS unused, 0). A single-stream row whose cost is
 * not one line in len (a kernel that runs other code on short calls) may
 * add "from LEN CALL_NS2 BYTE_NS2": calls of LEN bytes or more then cost
 * CALL_NS2 + BYTE_NS2 x len instead (LEN a decimal integer, 1 to
 * 999999999; the figures as the first pair's). Lines starting with '#'
 * and blank lines are ignored. */
#ifndef SIMDSUM_PROFILE_H
#define SIMDSUM_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "impl.h"

enum io_pref {
	IO_PREF_MEASURE,   /* no figure: the first large cached file decides */
	IO_PREF_READ,
	IO_PREF_MMAP,
};

/* A row's cost (cost_model_call_ns evaluates it). from_len 0: one line,
 * call_ns + byte_ns x len, at every length; else that line below
 * from_len bytes and call2_ns + byte2_ns x len from there on. */
struct row_cost {
	const struct impl *impl;
	double call_ns;
	double byte_ns;
	size_t from_len;
	double call2_ns;
	double byte2_ns;
};

#define PROFILE_MAX_ROWS 64
#define PROFILE_MAX_MODEL_RANGES 8

struct cpu_profile {
	char name[64];           /* "AMD Zen 4", "default", "tuned" */
	char origin[256];        /* "built-in", or the file it came from */
	char vendor[13];
	unsigned family;
	unsigned nranges;
	struct { unsigned lo, hi; } model[PROFILE_MAX_MODEL_RANGES];
	char version[32];        /* files only */
	enum io_pref io;
	unsigned nrows;
	struct row_cost rows[PROFILE_MAX_ROWS];
};

/* The profile in force, decided once (thread-safe): the file named by
 * SIMDSUM_PROFILE, else $XDG_CONFIG_HOME/simdsum/profile (~/.config/...)
 * when it exists, is valid and matches this CPU and simdsum version; else
 * the built-in profile for this CPU; else the default. A file that is
 * present but unusable gets one warning on stderr. Rows a file or a
 * built-in profile lacks take the default profile's figures, so every
 * row always has a cost. */
const struct cpu_profile *profile_get(void);

/* The cost of row in p, or NULL. */
const struct row_cost *profile_cost(const struct cpu_profile *p, const struct impl *row);

/* Parses text (not NUL-terminated) into out. On failure returns false
 * with a short reason in err ("line 4: unknown row 'sha256 foo'"). Row
 * names must exist in this build's registry; figures must be finite,
 * >= 0 and < 1e9 ns. Never reads past len. */
bool profile_parse(const char *text, size_t len, struct cpu_profile *out, char *err,
		   size_t errsize);

/* profile_parse for the built-in texts: rows of kernels this build does
 * not have (no assembler, another architecture) are skipped. */
bool profile_parse_builtin(const char *text, size_t len, struct cpu_profile *out, char *err,
			   size_t errsize);

/* Whether p is for the CPU sig. */
bool profile_matches(const struct cpu_profile *p, const struct cpu_signature *sig);

/* Writes p in the file format (with sig as its one model and this
 * simdsum's version when sig is not NULL). */
void profile_write(const struct cpu_profile *p, const struct cpu_signature *sig, FILE *f);

/* Where a saved profile is looked for: SIMDSUM_PROFILE, else
 * $XDG_CONFIG_HOME/simdsum/profile, else $HOME/.config/simdsum/profile.
 * false when none can be named (no HOME). */
bool profile_path(char *buf, size_t size);

/* The built-in profiles (for tests, --tune and --list-impls); the last
 * one is the default. */
unsigned profile_builtin_count(void);
const struct cpu_profile *profile_builtin(unsigned i);
const struct cpu_profile *profile_default(void);

/* Whether built-in profile i is for sig (without parsing its rows). */
bool profile_builtin_matches(unsigned i, const struct cpu_signature *sig);

/* Fills rows p lacks from base. */
void profile_merge_missing(struct cpu_profile *p, const struct cpu_profile *base);

#endif
