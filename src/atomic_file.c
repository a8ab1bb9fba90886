/* SPDX-License-Identifier: MIT */
/* atomic_file.c - writing a temporary file beside the target, then
 * renaming it over the target: the rename is the only moment the target
 * changes. Temporary files never outlive the run: errors unlink them, a
 * signal handler does on SIGINT, SIGTERM and SIGHUP, and those of a run
 * killed outright are removed by the next (atomic_clean_stale). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "atomic_file.h"
#include "diag.h"
#include "quote.h"
#include "timespec_same.h"
#include "write_full.h"
#include "xalloc.h"

/* --- names ---------------------------------------------------------------- */

char *atomic_dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	char *dir = xstrdup(path);
	dir[slash - path] = '\0';
	return dir;
}

static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* ".name.simdsum-tmp." for target, the name cut to ATOMIC_BASE_MAX. */
static void tmp_prefix(const char *target, char *out, size_t size)
{
	snprintf(out, size, ".%.*s" ATOMIC_TMP_TAG, ATOMIC_BASE_MAX, base_of(target));
}

/* "PID.XXXXXX", the rest of a temporary file's name (create_tmp). */
static bool is_tmp_tail(const char *rest)
{
	const char *p = rest;

	while (*p >= '0' && *p <= '9')
		p++;
	if (p == rest || *p++ != '.')
		return false;
	for (int i = 0; i < 6; i++, p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
			return false;
	return *p == '\0';
}

static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

bool atomic_is_tmp_of(const char *path, const char *target)
{
	char prefix[ATOMIC_BASE_MAX + 32];
	const char *name = base_of(path);

	tmp_prefix(target, prefix, sizeof prefix);
	size_t plen = strlen(prefix);
	if (strncmp(name, prefix, plen) != 0 || !is_tmp_tail(name + plen))
		return false;
	/* Only a name of that form (rare) pays for the two stats. */
	char *dir = atomic_dir_of(path), *target_dir = atomic_dir_of(target);
	bool beside = same_file(dir, target_dir);
	free(dir);
	free(target_dir);
	return beside;
}

/* The next link of a chain: what link (at path) points to, relative to
 * path's directory. NULL with errno set. */
static char *follow(const char *path)
{
	char to[PATH_MAX];
	ssize_t n = readlink(path, to, sizeof to - 1);

	if (n < 0)
		return NULL;
	to[n] = '\0';
	if (to[0] == '/' || !strchr(path, '/'))
		return xstrdup(to);
	size_t dlen = (size_t)(base_of(path) - path);
	char *next = xmalloc(dlen + (size_t)n + 1);
	memcpy(next, path, dlen);
	memcpy(next + dlen, to, (size_t)n + 1);
	return next;
}

char *atomic_resolve(const char *path)
{
	char *p = xstrdup(path);
	struct stat st;

	for (int hops = 0; hops < 40; hops++) {
		if (lstat(p, &st) != 0)
			return errno == ENOENT ? p : (free(p), NULL);
		if (!S_ISLNK(st.st_mode))
			return p;
		char *next = follow(p);
		free(p);
		if (!next)
			return NULL;
		p = next;
	}
	free(p);
	errno = ELOOP;
	return NULL;
}

/* --- stale temporary files ------------------------------------------------ */

/* Whether process pid has ended but is not yet reaped (a zombie, which
 * kill(pid, 0) still finds: its parent died too, and no init reaps it). */
static bool is_zombie(long pid)
{
	char path[64], stat[256];
	snprintf(path, sizeof path, "/proc/%ld/stat", pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, stat, sizeof stat - 1);

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return false;
	stat[n] = '\0';
	const char *paren = strrchr(stat, ')');   /* "PID (comm) S ..." */
	return paren && paren[1] == ' ' && paren[2] == 'Z';
}

/* Whether name (after the prefix) is "PID.XXXXXX" of a process that is
 * gone (or a zombie). A live PID, or one of another user's (EPERM), is
 * kept. */
static bool pid_gone(const char *rest)
{
	char *end;
	long pid = strtol(rest, &end, 10);

	if (end == rest || *end != '.' || pid <= 0 || pid == (long)getpid())
		return false;
	if (kill((pid_t)pid, 0) == -1)
		return errno == ESRCH;
	return is_zombie(pid);
}

/* Removes name (in dir) unless a run holds its lock. A PID says nothing
 * of a run in another PID namespace (a container sharing the directory)
 * or on another host: there the number may be free here while the run
 * writes its file; the lock, held from its creation to its rename, is
 * seen across both. A file that cannot be opened to try the lock is
 * kept; where the file system has no locks, the PID alone decides. */
static void remove_unless_locked(DIR *d, const char *name)
{
	int fd = openat(dirfd(d), name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat held, now;

	if (fd < 0)
		return;
	if (flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK) {
		close(fd);
		return;
	}
	/* Still the file this descriptor locked, not one renamed there since. */
	if (fstat(fd, &held) == 0 && fstatat(dirfd(d), name, &now, AT_SYMLINK_NOFOLLOW) == 0 &&
	    held.st_dev == now.st_dev && held.st_ino == now.st_ino)
		unlinkat(dirfd(d), name, 0);
	close(fd);
}

void atomic_clean_stale(const char *target)
{
	char prefix[ATOMIC_BASE_MAX + 32];
	char *dir = atomic_dir_of(target);
	DIR *d = opendir(dir);
	struct dirent *e;

	tmp_prefix(target, prefix, sizeof prefix);
	size_t plen = strlen(prefix);
	while (d && (e = readdir(d)))
		if (strncmp(e->d_name, prefix, plen) == 0 && pid_gone(e->d_name + plen))
			remove_unless_locked(d, e->d_name);
	if (d)
		closedir(d);
	free(dir);
}

/* --- the signal handler --------------------------------------------------- */

static const int cleanup_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define NSIGNALS (sizeof cleanup_signals / sizeof cleanup_signals[0])

static char sig_path[PATH_MAX + ATOMIC_BASE_MAX + 64];
static volatile sig_atomic_t sig_armed;
static struct sigaction saved[NSIGNALS];
static struct sigaction saved_xfsz;

/* Async-signal-safe: unlink, restore the default action, raise again (it
 * is delivered once this returns, and ends the process as it would have). */
static void on_signal(int sig)
{
	int saved_errno = errno;

	if (sig_armed)
		unlink(sig_path);
	sig_armed = 0;
	signal(sig, SIG_DFL);
	raise(sig);
	errno = saved_errno;
}

static void block_signals(bool block)
{
	sigset_t set;

	sigemptyset(&set);
	for (size_t i = 0; i < NSIGNALS; i++)
		sigaddset(&set, cleanup_signals[i]);
	sigprocmask(block ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

/* Signals the process ignores (nohup, a background job's SIGINT) stay
 * ignored. */
static void install_handler(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < NSIGNALS; i++) {
		sigaction(cleanup_signals[i], NULL, &saved[i]);
		if (saved[i].sa_handler != SIG_IGN)
			sigaction(cleanup_signals[i], &sa, NULL);
	}
	/* Past a file-size limit (ulimit -f) a write fails with EFBIG, which
	 * is reported and the temporary file removed, instead of SIGXFSZ
	 * ending the process and leaving it. */
	sa.sa_handler = SIG_IGN;
	sigaction(SIGXFSZ, &sa, &saved_xfsz);
}

static void restore_handlers(void)
{
	for (size_t i = 0; i < NSIGNALS; i++)
		sigaction(cleanup_signals[i], &saved[i], NULL);
	sigaction(SIGXFSZ, &saved_xfsz, NULL);
}

/* Lets go of the temporary file's lock (lock_tmp), once its name is gone. */
static void unlock_tmp(struct atomic_file *af)
{
	if (af->lock_fd >= 0)
		close(af->lock_fd);
	af->lock_fd = -1;
}

/* Forgets the temporary file (removed or renamed): signals blocked. */
static void disarm(struct atomic_file *af)
{
	unlock_tmp(af);
	sig_armed = 0;
	free(af->tmp);
	af->tmp = NULL;
	restore_handlers();
}

/* --- creating ---------------------------------------------------------- */

/* Six letters, different for each try. */
static void random_suffix(char *out)
{
	static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	static unsigned long long state;
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	state ^= (unsigned long long)ts.tv_nsec * 0x9e3779b97f4a7c15ULL ^ (unsigned long long)getpid();
	for (int i = 0; i < 6; i++) {
		state = state * 6364136223846793005ULL + 1442695040888963407ULL;
		out[i] = letters[(state >> 33) % (sizeof letters - 1)];
	}
	out[6] = '\0';
}

/* Takes the new temporary file's lock, which tells a cleaner in another
 * PID namespace that this run is alive (atomic_clean_stale), on a
 * descriptor of its own: the writing one is closed before the rename to
 * see close()'s error. false, the file disarmed and closed, when a
 * cleaner that saw the name took the lock first (a run elsewhere whose
 * PID it shares, killed); it removes the file. */
static bool lock_tmp(struct atomic_file *af, int fd)
{
	af->lock_fd = -1;
	if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno == EWOULDBLOCK) {
			block_signals(true);
			sig_armed = 0;
			block_signals(false);
			close(fd);
			return false;
		}
		return true;   /* no locks on this file system: the PID alone tells */
	}
	af->lock_fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);   /* -1: released at the close */
	return true;
}

/* Creates the temporary file at a fresh name (O_EXCL), armed for the
 * handler in the same breath, and locked. Returns the descriptor or -1
 * (errno). */
static int create_tmp(struct atomic_file *af, const char *dir)
{
	char prefix[ATOMIC_BASE_MAX + 32], suffix[8];

	tmp_prefix(af->target, prefix, sizeof prefix);
	for (int tries = 0; tries < 100; tries++) {
		random_suffix(suffix);
		int n = snprintf(sig_path, sizeof sig_path, "%s/%s%ld.%s", dir, prefix,
				 (long)getpid(), suffix);
		if (n < 0 || (size_t)n >= sizeof sig_path) {
			errno = ENAMETOOLONG;
			return -1;
		}
		block_signals(true);
		int fd = open(sig_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		int err = errno;
		sig_armed = fd >= 0;
		block_signals(false);
		if (fd >= 0 && !lock_tmp(af, fd))
			continue;   /* a cleaner's: it removes the name */
		if (fd >= 0 || err != EEXIST) {
			errno = err;
			return fd;
		}
	}
	errno = EEXIST;
	return -1;
}

bool atomic_open(struct atomic_file *af, const char *target, const char *shown,
		 const char *noun)
{
	char *dir = atomic_dir_of(target);

	memset(af, 0, sizeof *af);
	af->lock_fd = -1;
	af->shown = shown;
	af->noun = noun;
	af->target = xstrdup(target);
	install_handler();
	af->fd = create_tmp(af, dir);
	if (af->fd < 0) {
		diag_error(errno, "%s: not updated: cannot create a temporary file in %s",
			   quote_name(shown), quote_name(dir));
		restore_handlers();
		free(dir);
		free(af->target);
		return false;
	}
	free(dir);
	af->tmp = strdup(sig_path);
	if (!af->tmp) {   /* the file exists now: not left behind */
		unlink(sig_path);
		xalloc_die();
	}
	return true;
}

/* --- writing ------------------------------------------------------------ */

static void flush(struct atomic_file *af)
{
	if (!af->err && af->used)
		af->err = write_full(af->fd, af->buf, af->used);
	af->used = 0;
}

void atomic_write(struct atomic_file *af, const void *data, size_t len)
{
	if (af->err || !len)
		return;
	if (af->used + len > sizeof af->buf)
		flush(af);
	if (len >= sizeof af->buf) {
		if (!af->err)
			af->err = write_full(af->fd, data, len);
		return;
	}
	memcpy(af->buf + af->used, data, len);
	af->used += len;
}

/* Removes the temporary file (after an error elsewhere). */
static void atomic_abort(struct atomic_file *af)
{
	if (af->tmp) {
		if (af->fd >= 0)
			close(af->fd);
		block_signals(true);
		unlink(af->tmp);
		disarm(af);
		block_signals(false);
	}
	free(af->target);
	af->target = NULL;
}

/* The old file's owner (when it may be given: EPERM is no error for a
 * user who cannot) and mode, or a new file's 0666 less the umask. */
static int set_owner_mode(int fd, const struct stat *old)
{
	if (!old) {
		mode_t mask = umask(0);
		umask(mask);
		return fchmod(fd, 0666 & ~mask) == 0 ? 0 : errno;
	}
	struct stat now;
	if (fstat(fd, &now) == 0 && (now.st_uid != old->st_uid || now.st_gid != old->st_gid) &&
	    fchown(fd, old->st_uid, old->st_gid) != 0 && errno != EPERM)
		return errno;
	return fchmod(fd, old->st_mode & 07777) == 0 ? 0 : errno;
}

void atomic_expect(struct atomic_file *af, const struct stat *st)
{
	af->guard = true;
	af->expect_exists = st != NULL;
	if (st)
		af->expect = *st;
}

void atomic_set_mtime(struct atomic_file *af, const struct timespec *t)
{
	af->set_mtime = true;
	af->mtime = *t;
}

/* The steps of a commit that can fail. */
enum step { STEP_WRITE, STEP_MODE, STEP_TIME, STEP_SYNC, STEP_LOOK, STEP_CHANGED, STEP_RENAME };

/* Whether the target is as atomic_expect said it must be: 0, or -1 with
 * *step STEP_CHANGED, or the errno of a stat that failed otherwise than
 * by its absence (STEP_LOOK). */
static int as_expected(const struct atomic_file *af, enum step *step)
{
	const struct stat *old = &af->expect;
	struct stat now;
	bool exists;

	if (!af->guard)
		return 0;
	*step = STEP_LOOK;
	if (!(exists = stat(af->target, &now) == 0) && errno != ENOENT)
		return errno;
	*step = STEP_CHANGED;
	if (exists != af->expect_exists)
		return -1;
	return !exists || (now.st_dev == old->st_dev && now.st_ino == old->st_ino &&
			   now.st_size == old->st_size && timespec_same(&now.st_mtim, &old->st_mtim) &&
			   timespec_same(&now.st_ctim, &old->st_ctim))
		       ? 0
		       : -1;
}

/* "list: not updated: cannot sync the new list: Input/output error". */
static void report_step(const struct atomic_file *af, enum step step, int err)
{
	const char *shown = quote_name(af->shown);

	switch (step) {
	case STEP_WRITE:
		diag_error(err, "%s: not updated: write error", shown);
		break;
	case STEP_MODE:
		diag_error(err, "%s: not updated: cannot set the mode", shown);
		break;
	case STEP_TIME:
		diag_error(err, "%s: not updated: cannot set the modification time", shown);
		break;
	case STEP_SYNC:
		diag_error(err, "%s: not updated: cannot sync the new %s", shown, af->noun);
		break;
	case STEP_LOOK:
		diag_error(err, "%s: not updated: cannot check that it is unchanged", shown);
		break;
	case STEP_CHANGED:
		diag_error(0, "%s: changed while it was being updated: not updated", shown);
		break;
	case STEP_RENAME:
		diag_error(err, "%s: not updated: cannot rename the new %s over it", shown, af->noun);
		break;
	}
}

/* The data and the metadata on disk, then the descriptor closed. Returns
 * 0 or the errno of the step that failed, with which it was in *step. */
static int finish_tmp(struct atomic_file *af, const struct stat *old, enum step *step)
{
	int err;

	flush(af);
	*step = STEP_WRITE;
	if (af->err)
		return af->err;
	*step = STEP_MODE;
	if ((err = set_owner_mode(af->fd, old)))
		return err;
	*step = STEP_TIME;
	if (af->set_mtime &&
	    futimens(af->fd, (struct timespec[2]){ { .tv_nsec = UTIME_OMIT }, af->mtime }) != 0)
		return errno;
	*step = STEP_SYNC;
	if (fsync(af->fd) != 0)
		return errno;
	*step = STEP_WRITE;
	err = close(af->fd) == 0 ? 0 : errno;
	af->fd = -1;
	return err;
}

/* After the rename: the directory entry on disk too. Filesystems that
 * cannot sync a directory say EINVAL; that is no error. */
static bool sync_dir(struct atomic_file *af)
{
	char *dir = atomic_dir_of(af->target);
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int err = fd < 0 ? errno : fsync(fd) == 0 ? 0 : errno;

	if (fd >= 0)
		close(fd);
	if (err && err != EINVAL)
		diag_error(err, "%s: updated, but cannot sync its directory %s",
			   quote_name(af->shown), quote_name(dir));
	free(dir);
	return !err || err == EINVAL;
}

bool atomic_commit(struct atomic_file *af, const struct stat *old)
{
	enum step step;
	int err = finish_tmp(af, old, &step);

	/* The check as close to the rename as it can be: only a change in
	 * between (the same moment) is not caught. */
	if (!err)
		err = as_expected(af, &step);   /* -1: reported without an errno */
	if (!err) {
		block_signals(true);
		step = STEP_RENAME;
		err = rename(af->tmp, af->target) == 0 ? 0 : errno;
		if (!err)
			disarm(af);
		block_signals(false);
	}
	if (err) {
		report_step(af, step, err);
		atomic_abort(af);
		return false;
	}
	bool ok = sync_dir(af);
	free(af->target);
	af->target = NULL;
	return ok;
}
