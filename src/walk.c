/* SPDX-License-Identifier: MIT */
/* walk.c - sorted, deterministic directory walks: each directory read
 * whole (getdents64), its names sorted, then visited depth first, with full
 * paths (the rules of fts(3) with FTS_NOCHDIR, FTS_COMFOLLOW and
 * FTS_PHYSICAL or FTS_LOGICAL). Not fts itself: glibc's fts_open uses a
 * NULL when an allocation fails, and its readdir errors go unreported. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outcome.h"
#include "walk.h"
#include "xalloc.h"

struct walk {
	bool dereference;
	walk_fn fn;
	void *ctx;
	char *path;          /* the entry at hand, "root/sub/name" */
	size_t cap;
	struct dirent64 *entries;   /* getdents64's, one directory at a time */
};

#define WALK_ENTRIES_BYTES 32768

/* A directory being walked, and those above it (loops). */
struct dir_id {
	dev_t dev;
	ino_t ino;
	const struct dir_id *up;
};

/* One directory's names: NUL-terminated in one pool, sorted pointers. */
struct names {
	char *pool;
	size_t used, cap;
	size_t *at;          /* offsets into pool */
	char **sorted;
	size_t n, ncap;
};

static bool grow(void **p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return true;
	size_t cap2 = *cap ? *cap : 64;
	while (cap2 < need) {
		if (cap2 > SIZE_MAX / 2 / size)
			return false;
		cap2 *= 2;
	}
	void *q = realloc(*p, cap2 * size);
	if (!q)
		return false;
	*p = q;
	*cap = cap2;
	return true;
}

static bool add_name(struct names *s, const char *name)
{
	size_t len = strlen(name) + 1;
	if (!grow((void **)&s->pool, &s->cap, s->used + len, 1) ||
	    !grow((void **)&s->at, &s->ncap, s->n + 1, sizeof *s->at))
		return false;
	memcpy(s->pool + s->used, name, len);
	s->at[s->n++] = s->used;
	s->used += len;
	return true;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void names_free(struct names *s)
{
	free(s->pool);
	free(s->at);
	free(s->sorted);
}

/* Reads the directory open at fd into s, sorted (fd stays open). Returns
 * 0 or an errno: a failure to read it, or ENOMEM (that directory fails,
 * the walk goes on). getdents64 on fd itself: fdopendir would need a
 * copy of fd (dup, fcntl, fstat, close: five calls a directory). */
static int read_dir(struct walk *w, int fd, struct names *s)
{
	int err = 0;

	memset(s, 0, sizeof *s);
	for (;;) {
		ssize_t got = getdents64(fd, w->entries, WALK_ENTRIES_BYTES);
		if (got <= 0) {
			err = got < 0 ? errno : 0;
			break;
		}
		for (ssize_t at = 0; at < got && !err;) {
			const struct dirent64 *e =
				(const struct dirent64 *)((const char *)w->entries + at);
			at += e->d_reclen;
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			if (!add_name(s, e->d_name))
				err = ENOMEM;
		}
		if (err)
			break;
	}
	if (!err && s->n && !(s->sorted = malloc(s->n * sizeof *s->sorted)))
		err = ENOMEM;
	if (err) {
		names_free(s);
		return err;
	}
	for (size_t i = 0; i < s->n; i++)
		s->sorted[i] = s->pool + s->at[i];
	if (s->n > 1)   /* an empty directory has no array to sort */
		qsort(s->sorted, s->n, sizeof *s->sorted, by_name);
	return 0;
}

/* w->path becomes its first len bytes, "/" and name (one trailing slash
 * of the directory is not doubled, as fts does). Returns the length. */
static size_t set_path(struct walk *w, size_t len, const char *name)
{
	if (len && w->path[len - 1] == '/')
		len--;
	size_t n = strlen(name);
	if (len + n + 2 > w->cap) {
		w->cap = len + n + 2 > 2 * w->cap ? len + n + 2 : 2 * w->cap;
		w->path = xrealloc(w->path, w->cap);
	}
	w->path[len] = '/';
	memcpy(w->path + len + 1, name, n + 1);
	return len + 1 + n;
}

static bool is_loop(const struct stat *st, const struct dir_id *up)
{
	for (; up; up = up->up)
		if (up->dev == st->st_dev && up->ino == st->st_ino)
			return true;
	return false;
}

/* Opens the directory at w->path, which must still be the one id names.
 * Paths are opened whole, and an entry stat'ed in its directory may since
 * have become a link or another directory (or one above it may have): a
 * path that no longer leads to the directory met is not walked, as it
 * could lead out of the tree. Returns a descriptor, or -1 with errno
 * (ENOENT for such a path: the directory met is gone from it). */
static int open_dir(const struct walk *w, const struct dir_id *id, bool follow)
{
	struct stat st;
	int fd = open(w->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW));

	if (fd < 0) {
		if (!follow && (errno == ELOOP || errno == ENOTDIR))
			errno = ENOENT;   /* a link or a file now */
		return -1;
	}
	int err = fstat(fd, &st) != 0 ? errno
		  : st.st_dev != id->dev || st.st_ino != id->ino ? ENOENT : 0;
	if (err) {
		close(fd);
		errno = err;
		return -1;
	}
	return fd;
}

/* The directories of the first WALK_MAX_DESCRIPTORS levels stay open
 * while a subdirectory is walked: closing and reopening (and checking)
 * one after each subdirectory cost three calls a directory. Deeper ones
 * are reopened, so a walk holds at most that many descriptors however
 * deep the tree. */

/* Walks the directory at w->path (len bytes), the one id names, depth
 * levels below the root. Its entries are stat'ed in it (fstatat), not by
 * path. */
static void walk_dir(struct walk *w, size_t len, const struct dir_id *id, bool follow,
		     unsigned depth)
{
	int flags = w->dereference ? 0 : AT_SYMLINK_NOFOLLOW;
	struct names s = { 0 };
	int fd = open_dir(w, id, follow);
	int err = fd < 0 ? errno : read_dir(w, fd, &s);

	if (err) {
		if (fd >= 0)
			close(fd);
		w->fn(w->ctx, w->path, NULL, err);
		return;
	}
	for (size_t i = 0; i < s.n; i++) {
		size_t sub = set_path(w, len, s.sorted[i]);
		struct stat st;
		/* With -L a dangling link fails with ENOENT, as fts reports it. */
		if (fstatat(fd, s.sorted[i], &st, flags) != 0) {
			w->fn(w->ctx, w->path, NULL, errno);
			continue;
		}
		if (S_ISREG(st.st_mode))
			w->fn(w->ctx, w->path, &st, 0);
		if (!S_ISDIR(st.st_mode))
			continue;   /* links not followed, FIFOs, sockets, devices */
		if (is_loop(&st, id)) {
			w->fn(w->ctx, w->path, NULL, ERR_FS_LOOP);
			continue;
		}
		struct dir_id child = { st.st_dev, st.st_ino, id };
		bool held = depth + 1 < WALK_MAX_DESCRIPTORS;
		if (!held)
			close(fd);
		walk_dir(w, sub, &child, w->dereference, depth + 1);
		w->path[len] = '\0';
		if (!held && (fd = open_dir(w, id, follow)) < 0) {
			w->fn(w->ctx, w->path, NULL, errno);
			break;
		}
	}
	if (fd >= 0)
		close(fd);
	names_free(&s);
}

void walk_tree(const char *root, bool dereference, walk_fn fn, void *ctx)
{
	struct walk w = { dereference, fn, ctx, NULL, 0, xmalloc(WALK_ENTRIES_BYTES) };
	size_t len = strlen(root);
	struct stat st;

	w.cap = len + 256;
	w.path = xmalloc(w.cap);
	memcpy(w.path, root, len + 1);
	/* The root is followed even when it is a link: naming it asks to. */
	if (stat(root, &st) != 0) {
		fn(ctx, root, NULL, errno);
	} else if (S_ISREG(st.st_mode)) {
		fn(ctx, root, &st, 0);
	} else if (S_ISDIR(st.st_mode)) {
		struct dir_id id = { st.st_dev, st.st_ino, NULL };
		walk_dir(&w, len, &id, true, 0);
	} else {
		fn(ctx, root, NULL, ENOTDIR);   /* --audit=FIFO, or a race */
	}
	free(w.path);
	free(w.entries);
}
