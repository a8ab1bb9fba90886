/* SPDX-License-Identifier: MIT */
/* check_auto_spawn.c - timing runs of this simdsum binary as a user runs
 * it: spawned, its stdout on /dev/null, wall-clock from spawn to exit. */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_auto_cell.h"
#include "cycles.h"
#include "diag.h"
#include "profile.h"
#include "xalloc.h"

extern char **environ;

/* The running binary, even if its file has been replaced since (a
 * rebuild): /proc/self/exe opened once, and run through its descriptor.
 * Opened, not read as a link, so that under valgrind (which redirects
 * that open to its client) the runs are of simdsum, not of valgrind. The
 * descriptor is close-on-exec: the kernel opens the binary before it
 * closes those. */
static const char *self_exe(void)
{
	static char path[32];

	if (path[0])
		return path;
	int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return "/proc/self/exe";   /* the error comes with the spawn */
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	return path;
}

/* The environment minus SIMDSUM_IMPL, which would force an
 * implementation on every run, auto's included. Where this run fell back
 * on the built-in profile (a file it could not use has had its warning),
 * SIMDSUM_PROFILE= (empty) gives the runs that profile too, without
 * the warning once a run. Made on first use. */
static char **child_environment(void)
{
	static char **env;
	size_t n = 0, k = 0;

	if (env)
		return env;
	bool builtin = !profile_from_file();
	while (environ[n])
		n++;
	env = xnrealloc(NULL, n + 2, sizeof *env);
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], "SIMDSUM_IMPL=", 13) != 0 &&
		    !(builtin && strncmp(environ[i], "SIMDSUM_PROFILE=", 16) == 0))
			env[k++] = environ[i];
	if (builtin)
		env[k++] = (char *)"SIMDSUM_PROFILE=";
	env[k] = NULL;
	return env;
}

/* "simdsum", the command's arguments, the column's, the operands. */
static char **command_argv(const struct ca_command *cmd, unsigned col)
{
	char **argv = xnrealloc(NULL, cmd->nargs + cmd->noperands + 3, sizeof *argv);
	unsigned n = 0;

	argv[n++] = (char *)"simdsum";
	for (unsigned i = 0; i < cmd->nargs; i++)
		argv[n++] = (char *)cmd->args[i];
	if (cmd->col_arg[col])
		argv[n++] = (char *)cmd->col_arg[col];
	for (unsigned i = 0; i < cmd->noperands; i++)
		argv[n++] = cmd->operands[i];
	argv[n] = NULL;
	return argv;
}

/* "simdsum -a sha256 -j1 --impl=avx2x8 (8 operands)", for messages. */
static void describe(const struct ca_command *cmd, unsigned col, char *buf, size_t size)
{
	int n = snprintf(buf, size, "simdsum");

	for (unsigned i = 0; i < cmd->nargs && n >= 0 && (size_t)n < size; i++)
		n += snprintf(buf + n, size - (size_t)n, " %s", cmd->args[i]);
	if (cmd->col_arg[col] && n >= 0 && (size_t)n < size)
		n += snprintf(buf + n, size - (size_t)n, " %s", cmd->col_arg[col]);
	if (n >= 0 && (size_t)n < size)
		snprintf(buf + n, size - (size_t)n, " (%u operands)", cmd->noperands);
}

/* Waits for pid, through signals; false if waitpid itself fails. */
static bool wait_child(pid_t pid, int *status)
{
	while (waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			return false;
	return true;
}

static bool spawn_and_wait(char **argv, int *status)
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int err;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
	err = posix_spawn(&pid, self_exe(), &fa, NULL, argv, child_environment());
	posix_spawn_file_actions_destroy(&fa);
	if (err) {
		errno = err;
		return false;
	}
	return wait_child(pid, status);
}

/* Reports a run that did not exit with status 0. */
static void report_failure(const struct ca_command *cmd, unsigned col, int status, int err)
{
	char what[256];

	describe(cmd, col, what, sizeof what);
	ca_progress_done();
	if (err)
		diag_error(err, "check-auto: cannot run %s", what);
	else if (WIFSIGNALED(status))
		diag_error(0, "check-auto: %s was killed by signal %d", what, WTERMSIG(status));
	else
		diag_error(0, "check-auto: %s failed with exit status %d", what, WEXITSTATUS(status));
}

bool ca_spawn_time(void *command, unsigned col, double *ns)
{
	const struct ca_command *cmd = command;
	char **argv = command_argv(cmd, col);
	int status = 0;

	uint64_t t0 = cycles_clock_ns();
	bool spawned = spawn_and_wait(argv, &status);
	uint64_t t1 = cycles_clock_ns();
	int err = spawned ? 0 : errno;
	free(argv);
	*ns = (double)(t1 - t0);
	if (spawned && WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return true;
	/* A run Ctrl-C killed is not simdsum's failure: the caller stops. */
	if (!ca_interrupted())
		report_failure(cmd, col, status, err);
	return false;
}
