/* SPDX-License-Identifier: MIT */
/* tune_save.c - --tune=save: the profile written so that a reader sees
 * the old file or the new one, never a part, through atomic_file.h (a
 * temporary file beside it, synced, renamed over it, the directory
 * synced; removed on SIGINT, SIGTERM and SIGHUP, and by the next run if
 * the process was killed). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "diag.h"
#include "quote.h"
#include "tune.h"
#include "xalloc.h"

/* mkdir -p dir (mode 0755 before the umask); false with errno set. */
static bool make_dirs(const char *dir)
{
	char *p = xstrdup(dir);
	bool ok = true;

	for (char *s = p + 1; ok; s++) {
		bool last = *s == '\0';
		if (*s != '/' && !last)
			continue;
		*s = '\0';
		struct stat st;
		if (mkdir(p, 0755) != 0 && errno != EEXIST) {
			int err = errno;
			/* Some file systems say EACCES or EROFS before EEXIST. */
			ok = stat(p, &st) == 0 && S_ISDIR(st.st_mode);
			errno = err;
		}
		if (last)
			break;
		*s = '/';
	}
	free(p);
	return ok;
}


/* The file a profile saved to path goes to (a symbolic link's target),
 * when it is absent or a regular file; NULL, reported, otherwise: a
 * device or FIFO there is no profile, and would be replaced by one. */
static char *save_target(const char *path)
{
	char *target = atomic_resolve(path);
	struct stat st;

	if (!target) {
		diag_error(errno, "cannot save profile to %s", quote_name(path));
		return NULL;
	}
	if (lstat(target, &st) == 0 && !S_ISREG(st.st_mode)) {
		if (S_ISDIR(st.st_mode))
			diag_error(EISDIR, "cannot save profile to %s", quote_name(path));
		else
			diag_error(0, "%s: not a regular file: not updated", quote_name(path));
		free(target);
		return NULL;
	}
	return target;
}

bool tune_save_possible(const char *path)
{
	char *target = save_target(path);

	free(target);
	return target != NULL;
}

bool tune_save(const char *path, const char *text, size_t len)
{
	/* A profile that is a symbolic link (to one kept with dotfiles)
	 * stays one: the file it names is replaced, in its directory, which
	 * is made if missing. */
	char *target = save_target(path);
	if (!target)
		return false;
	char *dir = atomic_dir_of(target);
	bool made = make_dirs(dir);
	free(dir);
	if (!made) {
		diag_error(errno, "cannot save profile to %s", quote_name(path));
		free(target);
		return false;
	}
	atomic_clean_stale(target);
	struct stat old;
	bool exists = stat(target, &old) == 0 && S_ISREG(old.st_mode);
	struct atomic_file *af = xmalloc(sizeof *af);
	bool ok = atomic_open(af, target, path, "profile");
	if (ok) {
		atomic_write(af, text, len);
		ok = atomic_commit(af, exists ? &old : NULL);
	}
	if (ok)
		diag_error(0, "profile saved to %s", quote_name(path));
	free(af);
	free(target);
	return ok;
}
