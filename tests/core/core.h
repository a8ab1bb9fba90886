/* SPDX-License-Identifier: MIT */
/* core.h - the test bodies that every test program runs, and what they
 * share. Two runners call them: the cmocka suites in tests/unit (one
 * cmocka test per registry row and body) and tests/cross/cross_test.c,
 * the framework-free runner that make check-cross runs under qemu-user,
 * where no cmocka, OpenSSL or ISA-L is installed. So a check written
 * here once runs natively, under the sanitizers, under valgrind, and on
 * aarch64 and big-endian s390x.
 *
 * A body checks one thing and counts into a struct tc; it never stops at
 * the first failure and never skips on its own: the runner decides what
 * a row it cannot run means (cmocka: [  SKIPPED ]; the cross runner: a
 * "skipped" count). No body depends on anything but src/ and libc. */
#ifndef SIMDSUM_TEST_CORE_H
#define SIMDSUM_TEST_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "algo.h"
#include "hash.h"
#include "impl.h"

/* --- counting ---------------------------------------------------------- */

struct tc {
	unsigned long checks, failures;
	char first[256];    /* the first failure's message */
	bool print_each;    /* also print every failure to stderr as it happens */
};

/* Counts one check; when !ok, a failure described by fmt. */
void tc_expect(struct tc *t, bool ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* --- shared helpers ---------------------------------------------------- */

/* Deterministic pseudo-random numbers (xoshiro-style), seeded from
 * SIMDSUM_TEST_SEED or a fixed default; the seed is printed once so a
 * failure can be replayed. */
uint64_t test_rand(void);
uint64_t test_rand_below(uint64_t n);
/* A length in [0, max], biased towards small values and block edges. */
size_t test_rand_len(size_t max);
void test_fill_random(uint8_t *p, size_t n);

/* Decodes hex into out; returns the byte count. */
size_t test_unhex(const char *hex, uint8_t *out, size_t cap);

/* Path of a vector file under the shared vectors directory
 * (SIMDSUM_VECTORS, else the one compiled in). */
const char *test_vector_path(const char *relative);

/* A buffer of len bytes between two unmapped pages, flush against one:
 * its last byte just before the page after it (GUARD_AFTER: a read past
 * the end faults) or its first byte just after the page before it
 * (GUARD_BEFORE: a read before the start faults). Free with
 * test_guarded_free. Exits the program (status 2) when the system has no
 * memory for it. */
enum guard_side { GUARD_AFTER, GUARD_BEFORE };
uint8_t *test_guarded_alloc(size_t len, enum guard_side side);
void test_guarded_free(uint8_t *p, size_t len);

/* The first algorithm of a family (sha1, sha224, sha384, crc32c...). */
const char *family_name(enum family family);
const struct algo *family_algo(enum family family);

/* Hashes data[0..len) with algo through impl in the given update sizes
 * (splits[] summing to len, or one update when nsplits is 0). */
void test_hash(const struct algo *algo, const struct impl *impl, const uint8_t *data, size_t len,
	       const size_t *splits, size_t nsplits, uint8_t *digest);

/* --- bodies: known answers (core_vectors.c) ------------------------------ */

/* Whether the NIST CAVP files cover the row's family (the SHA families). */
bool tc_has_nist(enum family family);
/* ShortMsg and LongMsg of every algorithm of the row's family, each in one
 * update and split (at every position up to 300 bytes, else 40 random
 * cuts), and the Monte Carlo chain. */
void tc_nist(struct tc *t, const struct impl *impl);
/* ../shared/vectors/crc32c.txt through a CRC-32C row: seeded lines in the
 * raw register form, the others as the CRC, in one update and split. */
void tc_crc32c_vectors(struct tc *t, const struct impl *impl);

/* --- bodies: every row against generic (core_differential.c) ------------- */

/* Lengths 0..1100 (4200 for CRCs) one-shot, each flush against a guard
 * page after its end (at every alignment in turn, as the length grows)
 * and just after one before its start; for the CRCs then lengths into
 * their long paths, to 64 KiB and over 2 MiB, the same two ways. */
void tc_all_lengths(struct tc *t, const struct impl *impl);
/* Random lengths up to 1 MiB (8 MiB for CRCs) at random alignments, cut
 * into random update sizes. */
void tc_random_splits(struct tc *t, const struct impl *impl);
/* A 300-byte buffer at every split into two updates, a 140-byte one at
 * every pair of splits into three. */
void tc_every_split(struct tc *t, const struct impl *impl);
/* auto's dispatch (switching rows by call length inside one computation)
 * on random lengths and splits. */
void tc_auto_ladder(struct tc *t, enum family family);
/* A multi-buffer row: each lane its own random message and state, every
 * block count 1..40 and random larger ones; every message, and the
 * scratch that idle lanes share, in a mapping of its own between guard
 * pages, flush against the one after it, flush against the one before
 * it, or unaligned, in turn from call to call. */
void tc_lanes(struct tc *t, const struct impl *impl);

/* --- bodies: the CRC models (core_crc.c) ---------------------------------- */

/* Each CRC's slicing tables against a bit loop with the catalogue's
 * polynomial written in the test, its check value, and crc_combine
 * against the CRC of the joined message on random splits. */
void tc_crc_models(struct tc *t);

#endif
