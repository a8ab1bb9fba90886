/* SPDX-License-Identifier: MIT */
/* atomic_file.h - replacing a file all at once: the new content goes to a
 * temporary file beside it, which is synced and renamed over the old one,
 * so that a reader, an error or a crash at any point sees either the old
 * file whole or the new one whole.
 * Layer: platform. */
#ifndef SIMDSUM_ATOMIC_FILE_H
#define SIMDSUM_ATOMIC_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

/* The temporary file of a target "dir/name" is
 * "dir/.name.simdsum-tmp.PID.XXXXXX" (name cut to ATOMIC_BASE_MAX bytes). */
#define ATOMIC_TMP_TAG ".simdsum-tmp."
#define ATOMIC_BASE_MAX 200

struct atomic_file {
	const char *shown;     /* the name in messages (as the user gave it) */
	const char *noun;      /* what it holds, in messages: "list" */
	char *target;          /* the file replaced: symbolic links resolved */
	char *tmp;             /* the temporary file; NULL once gone */
	int fd;
	int lock_fd;           /* holds the temporary file's flock(2) until the rename */
	char buf[65536];
	size_t used;
	int err;               /* the first write error (then nothing more) */
	bool guard;            /* atomic_expect was called: */
	bool expect_exists;    /* ... the target must still be there, */
	struct stat expect;    /* ... and still this file */
	bool set_mtime;        /* atomic_set_mtime was called: */
	struct timespec mtime; /* ... the new file's modification time */
};

/* The directory part of path ("." for a bare name, "/" for "/name"), in a
 * new string. */
char *atomic_dir_of(const char *path);

/* The file a write to path would replace: path with its symbolic links
 * followed (a dangling link: the file it names). Returns a new string, or
 * NULL with errno set (ELOOP for a loop). */
char *atomic_resolve(const char *path);

/* Whether path names a temporary file of target's: its name of that
 * form, in target's directory. */
bool atomic_is_tmp_of(const char *path, const char *target);

/* Removes target's temporary files left by runs that no longer exist
 * (killed before they could clean up): their PID is not a live process,
 * and no process holds the file's lock (a run in another PID namespace,
 * or on another host of a network file system, does). */
void atomic_clean_stale(const char *target);

/* Creates the temporary file for target (resolved, see atomic_resolve),
 * and from then on until commit or abort, SIGINT, SIGTERM and SIGHUP
 * remove it before they end the process. noun says what the file holds
 * ("list", "profile") in messages. Reports failure. */
bool atomic_open(struct atomic_file *af, const char *target, const char *shown,
		 const char *noun);

/* Appends len bytes (buffered); errors are kept for atomic_commit. */
void atomic_write(struct atomic_file *af, const void *data, size_t len);

/* Makes atomic_commit replace the target only if it is still the file st
 * describes (device, inode, size, modification and change times), or, st
 * NULL, still absent. Checked just before the rename, after the writes
 * and the sync, so that what another process (another --update) put
 * there meanwhile is not lost. Call after atomic_open. */
void atomic_expect(struct atomic_file *af, const struct stat *st);

/* Gives the new file the modification time t instead of the time of its
 * last write. Call after atomic_open. */
void atomic_set_mtime(struct atomic_file *af, const struct timespec *t);

/* Writes out the rest, gives the file old's owner and mode (old NULL: a
 * new file, 0666 less the umask), syncs it, renames it over the target and
 * syncs the directory. On failure the target is untouched (unless only
 * the directory sync failed) and the temporary file removed; the error is
 * reported. */
bool atomic_commit(struct atomic_file *af, const struct stat *old);

#endif
