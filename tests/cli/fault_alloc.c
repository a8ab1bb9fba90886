/* SPDX-License-Identifier: MIT */
/* fault_alloc.c - the allocation half of the fault shim (linked into
 * fault_shim.so with fault_shim.c): makes malloc and its relatives fail
 * on purpose, so the CLI tests reach every out-of-memory path.
 *
 * SIMDSUM_FAIL_ALLOC selects the failures (comma list):
 *   nth=N        the N-th allocation call (from 1, counting all threads)
 *                fails
 *   every=M      every M-th call fails (M, 2M, 3M...)
 *   above=BYTES  every request for more than BYTES fails
 * Calls are malloc, calloc, realloc (not to size 0), posix_memalign,
 * aligned_alloc, memalign and valloc, those glibc makes inside getline,
 * fopen or pthread_create included. Counting starts when the shim is
 * initialized (after ld.so and libc have set themselves up), so a
 * program's count does not depend on what the loader does first. A
 * failure returns NULL (or ENOMEM) with errno ENOMEM.
 * SIMDSUM_FAULT_LOG=FILE gets a line per failure injected: "alloc N FUNC
 * BYTES" (N the call's number).
 *
 * The real functions come from dlsym(RTLD_NEXT): libc's, or a
 * sanitizer's. dlsym may itself allocate before they are known; that is
 * served from a static arena, whose blocks free() ignores. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static void (*real_free)(void *);
static int (*real_posix_memalign)(void **, size_t, size_t);
static void *(*real_aligned_alloc)(size_t, size_t);
static void *(*real_memalign)(size_t, size_t);
static void *(*real_valloc)(size_t);

/* --- before the real functions are known -------------------------------- */

static _Alignas(64) unsigned char arena[16384];
static size_t arena_used;
static int resolving;

static int in_arena(const void *p)
{
	return (const unsigned char *)p >= arena && (const unsigned char *)p < arena + sizeof arena;
}

static void *arena_alloc(size_t size)
{
	size_t at = (arena_used + 15) & ~(size_t)15;
	if (size > sizeof arena - at)
		return NULL;
	arena_used = at + size;
	return arena + at;   /* zeroed: static, never reused */
}

static void resolve(void)
{
	if (real_malloc || resolving)
		return;
	resolving = 1;
	real_calloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "calloc");
	real_realloc = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "realloc");
	real_free = (void (*)(void *))dlsym(RTLD_NEXT, "free");
	real_posix_memalign = (int (*)(void **, size_t, size_t))dlsym(RTLD_NEXT, "posix_memalign");
	real_aligned_alloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "aligned_alloc");
	real_memalign = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "memalign");
	real_valloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "valloc");
	/* Last: a non-NULL real_malloc means all are known. */
	__atomic_store_n(&real_malloc, (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc"),
			 __ATOMIC_RELEASE);
	resolving = 0;
}

/* Whether the arena must serve this call (dlsym is running). */
static int bootstrapping(void)
{
	resolve();
	return !real_malloc;
}

/* --- which calls fail --------------------------------------------------- */

static unsigned long fail_nth, fail_every, calls;
static unsigned long long fail_above;
static int configured;

static unsigned long long item(const char *spec, const char *name)
{
	size_t n = strlen(name);
	while (spec && *spec) {
		size_t len = strcspn(spec, ",");
		if (len > n && strncmp(spec, name, n) == 0)
			return strtoull(spec + n, NULL, 0);
		spec += len;
		if (*spec == ',')
			spec++;
	}
	return 0;
}

/* Run once libc is up (getenv, strtoull): before, nothing fails. */
__attribute__((constructor)) static void configure(void)
{
	const char *spec = getenv("SIMDSUM_FAIL_ALLOC");

	resolve();
	fail_nth = (unsigned long)item(spec, "nth=");
	fail_every = (unsigned long)item(spec, "every=");
	fail_above = item(spec, "above=");
	__atomic_store_n(&configured, spec && *spec, __ATOMIC_RELEASE);
}

/* write(2) only: no stdio, which would allocate. */
static void log_failure(unsigned long nth, const char *func, size_t size)
{
	const char *log = getenv("SIMDSUM_FAULT_LOG");
	char line[128];
	if (!log)
		return;
	int out = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (out < 0)
		return;
	int n = snprintf(line, sizeof line, "alloc %lu %s %zu\n", nth, func, size);
	if (n > 0 && write(out, line, (size_t)n) != n)
		n = 0;   /* nothing to do about it */
	close(out);
}

/* Counts one call; whether it is to fail. */
static int should_fail(const char *func, size_t size)
{
	if (!__atomic_load_n(&configured, __ATOMIC_ACQUIRE))
		return 0;
	unsigned long nth = __atomic_add_fetch(&calls, 1, __ATOMIC_RELAXED);
	int fail = nth == fail_nth || (fail_every && nth % fail_every == 0) ||
		   (fail_above && size > fail_above);
	if (fail)
		log_failure(nth, func, size);
	return fail;
}

/* --- the interposed functions ------------------------------------------- */

void *malloc(size_t size)
{
	if (bootstrapping())
		return arena_alloc(size);
	if (should_fail("malloc", size)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_malloc(size);
}

void *calloc(size_t n, size_t size)
{
	if (bootstrapping())
		return size && n > SIZE_MAX / size ? NULL : arena_alloc(n * size);
	if (should_fail("calloc", size && n > SIZE_MAX / size ? SIZE_MAX : n * size)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_calloc(n, size);
}

void free(void *p)
{
	if (!p || in_arena(p))
		return;
	resolve();
	if (real_free)
		real_free(p);
}

void *realloc(void *p, size_t size)
{
	if (bootstrapping() || in_arena(p)) {
		/* An arena block: a fresh one, with as much as fits copied. */
		void *q = malloc(size);
		if (q && p) {
			size_t left = (size_t)(arena + sizeof arena - (unsigned char *)p);
			memcpy(q, p, left < size ? left : size);
		}
		return q;
	}
	if (size && should_fail("realloc", size)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_realloc(p, size);
}

int posix_memalign(void **out, size_t align, size_t size)
{
	resolve();
	if (should_fail("posix_memalign", size))
		return ENOMEM;
	return real_posix_memalign(out, align, size);
}

void *aligned_alloc(size_t align, size_t size)
{
	resolve();
	if (should_fail("aligned_alloc", size)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_aligned_alloc(align, size);
}

void *memalign(size_t align, size_t size)
{
	resolve();
	if (should_fail("memalign", size)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_memalign(align, size);
}

void *valloc(size_t size)
{
	resolve();
	if (should_fail("valloc", size)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_valloc(size);
}
