/* SPDX-License-Identifier: MIT */
/* io_choice.h - read() or mmap() for large files in the page cache: the
 * cost profile's preference, else measured once in the run, on the first
 * such file, while it is hashed. Layer: input (reads profile.h). */
#ifndef SIMDSUM_IO_CHOICE_H
#define SIMDSUM_IO_CHOICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Files at least this large whose data is in the page cache are read the
 * chosen way; smaller ones keep their plain read(), often a single call,
 * where a mapping's fixed costs (mmap, munmap and its TLB flush on every
 * CPU running a worker) weigh most and the gain is a few milliseconds at
 * most. Four times the bytes the measurement takes, so that what it
 * decides still has most of the file to pay off on. */
#define IO_CHOICE_MIN_SIZE (64u << 20)

/* The measurement: IO_CHOICE_ROUNDS rounds of IO_CHOICE_SLICE bytes by
 * read(), then the next IO_CHOICE_SLICE bytes from a mapping, every byte
 * hashed in order. A slice takes 0.2 to 1 ms from the page cache, about
 * what a preemption or a hypervisor's interrupt costs, so each method is
 * judged by its fastest slice, not by one long window. A multiple of the
 * page size, so that the mapping starts on a page. */
#define IO_CHOICE_SLICE (2u << 20)
#define IO_CHOICE_ROUNDS 4

/* mmap() must be this much faster (its time x 1.10 at most read()'s) to
 * be chosen, here and by --tune. read() is the safe side: it works on
 * every file system, a file that shrinks gives a short read instead of a
 * SIGBUS, and it neither grows the page tables nor flushes TLBs (munmap
 * interrupts every CPU running one of the workers, which one thread's
 * slices never see). Two near-equal figures are noise on a shared VM; a
 * wrong read() costs that little, a wrong mmap() up to 5 times. */
#define IO_CHOICE_MMAP_MARGIN 1.10

enum io_method {
	IO_METHOD_OPEN,    /* not decided: the next large cached file measures */
	IO_METHOD_READ,
	IO_METHOD_MMAP,
};

/* The method in force for large cached files; the first call takes it
 * from the profile (IO_METHOD_OPEN when that says measure). Thread-safe. */
enum io_method io_choice_get(void);

/* What one file's measurement saw. */
struct io_measure {
	uint64_t read_bytes, mmap_bytes;
	uint64_t read_ns, mmap_ns;            /* all slices of each method */
	uint64_t read_best_ns, mmap_best_ns;  /* the fastest slice of each */
};

/* Adds one slice of bytes that took ns to m. */
void io_measure_add(struct io_measure *m, enum io_method method, uint64_t bytes, uint64_t ns);

/* Settles the method m shows to be faster for the whole process, unless
 * another thread settled it first (two workers measuring at once: the
 * first to finish decides). Returns the method in force either way; sets
 * *decided when this call settled it. SIMDSUM_TEST_IO_WINNER=read|mmap
 * forces the outcome, for tests. */
enum io_method io_choice_settle(const struct io_measure *m, bool *decided);

/* --debug's line for the file that decided: "io: read() 8 MiB in 1.23
 * ms, mmap 8 MiB in 0.80 ms (...): mmap from now on". */
void io_choice_format(const struct io_measure *m, enum io_method won, char *buf, size_t size);

/* The state as --debug may print it: "measure on the first large cached
 * file (64 MiB or more)", "mmap (measured)", "read() (profile)". */
const char *io_choice_describe(void);

/* CLOCK_MONOTONIC, in nanoseconds. */
uint64_t io_choice_now_ns(void);

#endif
