/* SPDX-License-Identifier: MIT */
/* tune_save.c - --tune=save: the profile written so that a reader sees
 * the old file or the new one, never a part: a temporary file in the
 * same directory (rename only replaces within a file system), fsync'ed,
 * renamed over the target, then the directory fsync'ed so that the
 * rename itself survives a crash. */
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

bool tune_write_all(int fd, const void *data, size_t len)
{
	const char *p = data;

	while (len) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = ENOSPC;
			return false;
		}
		p += n;
		len -= (size_t)n;
	}
	return true;
}

/* The mode a newly created file gets (mkstemp makes 0600; a profile is
 * no secret). Single-threaded here, so reading the umask is safe. */
static mode_t file_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0644 & ~mask;
}

/* The text into a new temporary file in dir, synced; its name in tmp.
 * false with errno set, nothing left behind. */
static bool write_temp(const char *path, const char *text, size_t len, char *tmp, size_t tmpsize)
{
	if ((size_t)snprintf(tmp, tmpsize, "%s.XXXXXX", path) >= tmpsize) {
		errno = ENAMETOOLONG;
		return false;
	}
	int fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0)
		return false;
	bool ok = fchmod(fd, file_mode()) == 0 && tune_write_all(fd, text, len) && fsync(fd) == 0;
	int err = errno;
	if (close(fd) != 0 && ok) {
		ok = false;
		err = errno;
	}
	if (!ok) {
		unlink(tmp);
		errno = err;
	}
	return ok;
}

/* fsync of a directory; file systems that cannot sync one (EINVAL) have
 * nothing to sync. */
static bool sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return false;
	bool ok = fsync(fd) == 0 || errno == EINVAL;
	int err = errno;
	close(fd);
	errno = err;
	return ok;
}

bool tune_save(const char *path, const char *text, size_t len)
{
	char *dir = atomic_dir_of(path);
	size_t tmpsize = strlen(path) + sizeof ".XXXXXX";
	char *tmp = xmalloc(tmpsize);
	bool ok = make_dirs(dir) && write_temp(path, text, len, tmp, tmpsize);

	if (ok && rename(tmp, path) != 0) {
		int err = errno;
		unlink(tmp);
		errno = err;
		ok = false;
	}
	ok = ok && sync_dir(dir);
	if (ok)
		diag_error(0, "profile saved to %s", quote_name(path));
	else
		diag_error(errno, "cannot save profile to %s", quote_name(path));
	free(tmp);
	free(dir);
	return ok;
}
