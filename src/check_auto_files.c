/* SPDX-License-Identifier: MIT */
/* check_auto_files.c - the temporary files --check-auto hashes: made
 * once, cached, and removed however the run ends. */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "check_auto_cell.h"
#include "diag.h"
#include "write_full.h"
#include "xalloc.h"

#define WRITE_CHUNK (1 << 20)

/* The directory to remove at exit, "" once removed. */
static char tmp_root[PATH_MAX];
static volatile sig_atomic_t stop_signal;

static void note_signal(int sig)
{
	stop_signal = sig;
}

bool ca_interrupted(void)
{
	return stop_signal != 0;
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	remove(path);
	return 0;   /* remove what can be removed */
}

void ca_tmp_remove(const char *path)
{
	nftw(path, remove_entry, 32, FTW_DEPTH | FTW_PHYS);
}

/* At exit (a fatal error, memory exhausted) the files go too. */
static void remove_at_exit(void)
{
	if (tmp_root[0])
		ca_tmp_remove(tmp_root);
	tmp_root[0] = '\0';
}

/* Ctrl-C and its kind are noted, so that the run stops between two
 * timings, removes its files and then dies of the signal. One that was
 * ignored when simdsum started (nohup, a background job) stays so. */
static void catch_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa, old;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = note_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
}

bool ca_tmp_open(char *root, size_t size)
{
	static bool registered;
	const char *dir = getenv("TMPDIR");

	if (!dir || !*dir)
		dir = "/tmp";
	if ((size_t)snprintf(root, size, "%s/simdsum-check-auto.XXXXXX", dir) >= size) {
		diag_error(0, "check-auto: TMPDIR is too long");
		return false;
	}
	if (!mkdtemp(root)) {
		diag_error(errno, "check-auto: cannot make a directory in %s", dir);
		return false;
	}
	snprintf(tmp_root, sizeof tmp_root, "%s", root);
	if (!registered)
		atexit(remove_at_exit);
	registered = true;
	catch_signals();
	return true;
}

void ca_tmp_close(const char *root)
{
	(void)root;   /* the one ca_tmp_open made */
	remove_at_exit();
	int sig = stop_signal;
	if (sig) {
		signal(sig, SIG_DFL);
		raise(sig);
	}
}

char *ca_path(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *path = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(path, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return path;
}

void ca_paths_free(char **paths, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
}

bool ca_tmp_mkdir(const char *path)
{
	if (mkdir(path, 0700) == 0)
		return true;
	diag_error(errno, "check-auto: %s", path);
	return false;
}

/* xorshift64*: varied bytes, so that no file is constant, at memory
 * speed. */
static void fill(uint64_t *w, size_t nwords, uint64_t *state)
{
	uint64_t x = *state;

	for (size_t i = 0; i < nwords; i++) {
		x ^= x >> 12;
		x ^= x << 25;
		x ^= x >> 27;
		w[i] = x * 0x2545f4914f6cdd1dull;
	}
	*state = x;
}

static bool write_content(int fd, uint64_t size, uint64_t seed, uint64_t *buf)
{
	uint64_t state = seed * 0x9e3779b97f4a7c15ull + 1;

	while (size && !ca_interrupted()) {
		size_t len = size < WRITE_CHUNK ? (size_t)size : WRITE_CHUNK;
		fill(buf, (len + 7) / 8, &state);
		if (write_full(fd, buf, len) != 0)
			return false;
		size -= len;
	}
	return true;
}

bool ca_tmp_file(const char *path, uint64_t size, uint64_t seed)
{
	static uint64_t *buf;   /* one chunk, kept for the next file */

	if (!buf)
		buf = xmemalign(64, WRITE_CHUNK);
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	bool ok = fd >= 0 && write_content(fd, size, seed, buf);
	int err = errno;
	if (fd >= 0 && close(fd) != 0 && ok) {
		ok = false;
		err = errno;
	}
	if (!ok)
		diag_error(err, "check-auto: %s", path);
	return ok;
}

static bool read_once(const char *path, uint8_t *buf)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = 0;

	if (fd < 0)
		return false;
	while ((n = read(fd, buf, WRITE_CHUNK)) > 0 || (n < 0 && errno == EINTR))
		;
	int err = errno;
	close(fd);
	errno = err;
	return n == 0;
}

/* Only the file system of the files: others' dirty data is not ours to
 * wait for. */
static void write_back(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		syncfs(fd);
		close(fd);
	}
}

bool ca_tmp_cache(char *const *paths, unsigned npaths)
{
	uint8_t *buf = xmemalign(64, WRITE_CHUNK);
	bool ok = true;

	if (npaths)
		write_back(paths[0]);
	for (unsigned i = 0; i < npaths && ok && !ca_interrupted(); i++)
		if (!read_once(paths[i], buf)) {
			diag_error(errno, "check-auto: %s", paths[i]);
			ok = false;
		}
	free(buf);
	return ok && !ca_interrupted();
}

/* MemAvailable from /proc/meminfo (what the page cache can hold without
 * pushing much else out), else the free pages. */
static uint64_t memory_available(void)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[128];
	unsigned long long kib;

	while (f && fgets(line, sizeof line, f))
		if (sscanf(line, "MemAvailable: %llu kB", &kib) == 1) {
			fclose(f);
			return (uint64_t)kib * 1024;
		}
	if (f)
		fclose(f);
	long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	return pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : 0;
}

uint64_t ca_tmp_room(const char *path)
{
	struct statvfs fs;
	uint64_t mem = memory_available();

	if (statvfs(path, &fs) != 0)
		return mem;
	uint64_t disk = (uint64_t)fs.f_bavail * fs.f_frsize;
	return disk < mem ? disk : mem;
}
