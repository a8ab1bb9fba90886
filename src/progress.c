/* SPDX-License-Identifier: MIT */
/* progress.c - one updating line: bytes done / total, rate, ETA. It goes to
 * standard error only, is erased before any other message reaches the
 * terminal, and is never drawn when stderr is not a terminal unless
 * --progress=always asks. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "progress.h"
#include "thread_start.h"

bool progress_on;
uint64_t progress_done_bytes;
static uint64_t total_bytes;
static bool total_unknown;
static pthread_t thread;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;
static bool stopping, drawn, held;

/* Between redraws: 250 ms, or SIMDSUM_PROGRESS_TICK_MS (tests). */
static long tick_ns(void)
{
	const char *env = getenv("SIMDSUM_PROGRESS_TICK_MS");
	long ms = env && *env ? strtol(env, NULL, 10) : 250;
	return (ms < 1 ? 1 : ms > 10000 ? 10000 : ms) * 1000 * 1000;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void human(double bytes, char *buf, size_t size)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	int u = 0;
	while (bytes >= 1024 && u < 6) {
		bytes /= 1024;
		u++;
	}
	snprintf(buf, size, u ? "%.1f %s" : "%.0f %s", bytes, units[u]);
}

/* Called with mu held. */
static void draw(double started, double *rate, uint64_t *last_done, double *last_t)
{
	uint64_t done = __atomic_load_n(&progress_done_bytes, __ATOMIC_RELAXED);
	uint64_t total = __atomic_load_n(&total_bytes, __ATOMIC_RELAXED);
	bool known = !__atomic_load_n(&total_unknown, __ATOMIC_RELAXED);
	double t = now();

	if (done == 0 && total == 0 && known)
		return;   /* nothing queued yet: "0 B / 0 B" would say nothing */
	char d[32], tot[32], r[32], line[160];

	/* Exponential smoothing keeps the rate readable on noisy I/O. */
	double inst = t > *last_t ? (double)(done - *last_done) / (t - *last_t) : 0;
	*rate = *rate > 0 ? 0.7 * *rate + 0.3 * inst : inst;
	*last_done = done;
	*last_t = t;
	if (total < done)
		total = done;
	human((double)done, d, sizeof d);
	human((double)total, tot, sizeof tot);
	human(*rate, r, sizeof r);
	int n = known ? snprintf(line, sizeof line, "\r%s / %s", d, tot)
		      : snprintf(line, sizeof line, "\r%s", d);
	if (known && total)
		n += snprintf(line + n, sizeof line - (size_t)n, "  %3.0f%%", 100.0 * (double)done / (double)total);
	n += snprintf(line + n, sizeof line - (size_t)n, "  %s/s", r);
	if (known && *rate > 0 && total > done) {
		unsigned long eta = (unsigned long)((double)(total - done) / *rate);
		n += snprintf(line + n, sizeof line - (size_t)n, "  ETA %lu:%02lu:%02lu", eta / 3600,
			      eta / 60 % 60, eta % 60);
	}
	(void)started;
	/* Cut to the terminal's width, read at each draw (it may be resized):
	 * a line that wrapped was redrawn on its last row only, and the rows
	 * above it piled up. */
	struct winsize ws;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && n > ws.ws_col)
		n = ws.ws_col;   /* '\r' and ws_col - 1 columns */
	snprintf(line + n, sizeof line - (size_t)n, "\033[K");
	if (write(STDERR_FILENO, line, strlen(line)) > 0)
		drawn = true;
}

static void *run(void *arg)
{
	(void)arg;
	double started = now(), rate = 0, last_t = started;
	uint64_t last_done = 0;
	long tick = tick_ns();
	struct timespec until;

	pthread_mutex_lock(&mu);
	while (!stopping) {
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += tick;
		if (until.tv_nsec >= 1000000000) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000;
		}
		pthread_cond_timedwait(&wake, &mu, &until);
		if (!stopping && !held)
			draw(started, &rate, &last_done, &last_t);
	}
	pthread_mutex_unlock(&mu);
	return NULL;
}

/* Standard error is the file standard output goes to, not a terminal
 * ("> out 2>&1"): the records would mix into the output lines. */
static bool stderr_is_stdout_file(void)
{
	struct stat out, err;

	return fstat(STDOUT_FILENO, &out) == 0 && fstat(STDERR_FILENO, &err) == 0 &&
	       out.st_dev == err.st_dev && out.st_ino == err.st_ino && !isatty(STDERR_FILENO);
}

void progress_start(bool force)
{
	if (!isatty(STDERR_FILENO) && (!force || stderr_is_stdout_file()))
		return;
	progress_on = true;
	if (!thread_start(&thread, run, NULL))
		progress_on = false;
}

void progress_add_unknown(void)
{
	__atomic_store_n(&total_unknown, true, __ATOMIC_RELAXED);
}

void progress_add_total(uint64_t bytes)
{
	/* Saturates: eight sparse files of 8000 PiB wrapped round. */
	uint64_t old = __atomic_load_n(&total_bytes, __ATOMIC_RELAXED), sum;
	do
		sum = old + bytes < old ? UINT64_MAX : old + bytes;
	while (!__atomic_compare_exchange_n(&total_bytes, &old, sum, true, __ATOMIC_RELAXED,
					    __ATOMIC_RELAXED));
}

void progress_add_file(const char *name, const struct stat *known)
{
	struct stat st;

	if (!progress_on)
		return;
	if (!known && strcmp(name, "-") != 0) {
		if (stat(name, &st) != 0)
			return;   /* it will not be read */
		known = &st;
	}
	if (known && S_ISREG(known->st_mode))
		progress_add_total((uint64_t)known->st_size);
	else if (!known || !S_ISDIR(known->st_mode))   /* a directory is walked, or an error */
		progress_add_unknown();
}

/* Called with mu held. */
static void erase(void)
{
	static const char text[] = "\r\033[K";

	if (drawn && write(STDERR_FILENO, text, sizeof text - 1) > 0)
		drawn = false;
}

void progress_clear(void)
{
	if (!progress_on)
		return;
	pthread_mutex_lock(&mu);
	erase();
	pthread_mutex_unlock(&mu);
}

void progress_hold(void)
{
	if (!progress_on)
		return;
	pthread_mutex_lock(&mu);
	erase();
	held = true;
	pthread_mutex_unlock(&mu);
}

void progress_release(void)
{
	if (!progress_on)
		return;
	pthread_mutex_lock(&mu);
	held = false;
	pthread_mutex_unlock(&mu);
}

void progress_stop(void)
{
	if (!progress_on)
		return;
	pthread_mutex_lock(&mu);
	stopping = true;
	pthread_cond_signal(&wake);
	pthread_mutex_unlock(&mu);
	pthread_join(thread, NULL);
	progress_clear();
	progress_on = false;
}
