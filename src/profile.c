/* SPDX-License-Identifier: MIT */
/* profile.c - finding, loading and checking a saved cost profile, and
 * choosing the profile in force. The file format (parsing and writing)
 * is profile_text.c's; the built-in figures live in profile_builtin.c
 * (made profiles by profile_table.c); what is done with them, in
 * cost_model.c. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "profile.h"
#include "quote.h"
#include "version.h"

/* A profile file larger than this is not one. */
#define PROFILE_MAX_BYTES (64 * 1024)

const struct row_cost *profile_cost(const struct cpu_profile *p, const struct impl *row)
{
	for (unsigned i = 0; i < p->nrows; i++)
		if (p->rows[i].impl == row)
			return &p->rows[i];
	return NULL;
}

bool profile_matches(const struct cpu_profile *p, const struct cpu_signature *sig)
{
	if (!p->nranges || strcmp(p->vendor, sig->vendor) != 0 || p->family != sig->family)
		return false;
	for (unsigned i = 0; i < p->nranges; i++)
		if (sig->model >= p->model[i].lo && sig->model <= p->model[i].hi)
			return true;
	return false;
}

void profile_merge_missing(struct cpu_profile *p, const struct cpu_profile *base)
{
	for (unsigned i = 0; i < base->nrows && p->nrows < PROFILE_MAX_ROWS; i++)
		if (!profile_cost(p, base->rows[i].impl))
			p->rows[p->nrows++] = base->rows[i];
}

int profile_path(char *buf, size_t size)
{
	const char *env = getenv("SIMDSUM_PROFILE");
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");
	int n;

	if (env)
		n = snprintf(buf, size, "%s", env);
	else if (xdg && xdg[0] == '/')
		n = snprintf(buf, size, "%s/simdsum/profile", xdg);
	else if (home && home[0])
		n = snprintf(buf, size, "%s/.config/simdsum/profile", home);
	else
		return ENOENT;
	return n >= 0 && (size_t)n < size ? 0 : ENAMETOOLONG;
}

/* Where a profile came from, as --debug and --list-impls show it: the
 * path, quoted as in messages, its last bytes where it is too long. */
static void set_origin(struct cpu_profile *out, const char *path)
{
	const char *shown = quote_name(path);
	size_t len = strlen(shown), room = sizeof out->origin - 1;

	if (len <= room)
		memcpy(out->origin, shown, len + 1);
	else
		snprintf(out->origin, sizeof out->origin, "...%s", shown + len - (room - 3));
}

/* Reads the profile in the file at path into *out; false with err set
 * (and *absent when the file simply is not there), *out then undefined. */
static bool load_file(const char *path, struct cpu_profile *out, bool *absent, char *err,
		      size_t errsize)
{
	char *text = NULL;
	size_t len = 0;
	bool ok = false;

	*absent = false;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		/* Nothing there, or nothing this user may read (HOME pointing
		 * at another user's home): not a profile of this user's. */
		*absent = errno == ENOENT || errno == ENOTDIR || errno == EACCES;
		snprintf(err, errsize, "%s", strerror(errno));
		return false;
	}
	/* O_NONBLOCK kept open() from waiting for a FIFO's writer; the reads
	 * wait for what a pipe (SIMDSUM_PROFILE=<(...)) has yet to write. */
	int flags = fcntl(fd, F_GETFL);
	if (flags != -1)
		fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	/* Room for the file's size and one byte more, which only a file
	 * that grew fills (a profile is a few KiB: a buffer of the largest
	 * size would cost the run a page fault or two, about 12 us each on
	 * the Zen 5 VM). Other files, or a size unknown or 0 (as /proc
	 * says of its files): the largest. */
	struct stat st, in;
	size_t cap = PROFILE_MAX_BYTES + 1;
	bool have_st = fstat(fd, &st) == 0;
	/* Standard input's own pipe or device (SIMDSUM_PROFILE=/dev/stdin):
	 * reading it here would take the bytes "-" is to hash. (A regular
	 * file opened again has an offset of its own.) */
	if (have_st && !S_ISREG(st.st_mode) && fstat(STDIN_FILENO, &in) == 0 &&
	    st.st_dev == in.st_dev && st.st_ino == in.st_ino) {
		snprintf(err, errsize, "it is standard input, which is not read for a profile");
		goto done;
	}
	if (have_st && S_ISREG(st.st_mode) && st.st_size > 0 && st.st_size < PROFILE_MAX_BYTES)
		cap = (size_t)st.st_size + 1;
	text = malloc(cap);
	if (!text) {
		snprintf(err, errsize, "%s", strerror(ENOMEM));
		goto done;
	}
	for (;;) {
		ssize_t n = read(fd, text + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(err, errsize, "%s", strerror(errno));
			goto done;
		}
		if (n == 0)
			break;
		len += (size_t)n;
		if (len == cap) {
			if (cap > PROFILE_MAX_BYTES)
				snprintf(err, errsize, "larger than %d bytes", PROFILE_MAX_BYTES);
			else
				snprintf(err, errsize, "it grew while it was read");
			goto done;
		}
	}
	ok = profile_parse(text, len, out, err, errsize);
	if (ok)
		set_origin(out, path);
done:
	free(text);
	close(fd);
	return ok;
}

/* Whether a file's profile may be used here: measured on this CPU by
 * this simdsum, and naming only rows this CPU runs. */
static bool usable_here(const struct cpu_profile *p, const struct cpu_signature *sig, char *err,
			size_t errsize)
{
	if (!p->nranges) {
		snprintf(err, errsize, "no cpu line");
		return false;
	}
	if (!profile_matches(p, sig)) {
		snprintf(err, errsize, "measured on another CPU");
		return false;
	}
	if (strcmp(p->version, SIMDSUM_VERSION) != 0) {
		snprintf(err, errsize, "from simdsum %s, not %s", p->version[0] ? p->version : "(none)",
			 SIMDSUM_VERSION);
		return false;
	}
	for (unsigned i = 0; i < p->nrows; i++)
		if (impl_missing(p->rows[i].impl)) {
			snprintf(err, errsize, "row %s %s cannot run on this CPU",
				 family_desc(p->rows[i].impl->family)->name, p->rows[i].impl->name);
			return false;
		}
	return true;
}

static struct cpu_profile in_force;
static bool in_force_from_file;

/* The first built-in profile for sig; the default (the last) if none. */
static unsigned builtin_for(const struct cpu_signature *sig)
{
	unsigned n = profile_builtin_count();

	for (unsigned i = 0; i + 1 < n; i++)
		if (profile_builtin_matches(i, sig))
			return i;
	return n - 1;
}

/* Made straight into in_force, with no other copy of a profile: a run
 * pays for this before its first file, and each 4 KiB page first
 * touched costs a fault (about 12 us on the Zen 5 VM). */
static void choose(void)
{
	static char path[PATH_MAX];   /* once a run, and off a small stack */
	struct cpu_signature sig;
	char err[200];
	bool absent = true, from_file = false;

	cpu_signature_get(&sig);
	unsigned base = builtin_for(&sig);
	/* SIMDSUM_PROFILE= (empty) asks for the built-in profile. */
	int where = profile_path(path, sizeof path);
	bool named = where == 0 && path[0];
	if (named)
		from_file = load_file(path, &in_force, &absent, err, sizeof err) &&
			    usable_here(&in_force, &sig, err, sizeof err);
	in_force_from_file = from_file;
	if (from_file) {
		profile_builtin_merge(base, &in_force);
	} else {
		profile_builtin_make(base, &in_force);
		if (where == ENAMETOOLONG)
			diag_error(0, "warning: profile: %s; using the built-in profile (%s)",
				   strerror(where), in_force.name);
		else if (named && (!absent || getenv("SIMDSUM_PROFILE")))
			diag_error(0, "warning: profile %s: %s; using the built-in profile (%s)",
				   quote_name(path), err, in_force.name);
	}
	profile_builtin_merge(profile_builtin_count() - 1, &in_force);
}

const struct cpu_profile *profile_get(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, choose);
	return &in_force;
}

bool profile_from_file(void)
{
	profile_get();
	return in_force_from_file;
}
