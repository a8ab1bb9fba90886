/* SPDX-License-Identifier: MIT */
/* main.c - simdsum's entry: the command line read (cli_*.c), the mode it
 * names run, the exit status from its verdict and from stdout's close. */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>

#include "audit_mode.h"
#include "check_mode.h"
#include "cli.h"
#include "combine_mode.h"
#include "debug.h"
#include "diag.h"
#include "hash_mode.h"
#include "io_choice.h"
#include "jobs_default.h"
#include "list_impls.h"
#include "output.h"
#include "parts_mode.h"
#include "progress.h"
#include "reader.h"
#include "select.h"
#include "selftest.h"
#include "tune.h"
#include "update_mode.h"
#include "verify_mode.h"

static void start_up(char **argv)
{
	/* Only character classes matter (quoting names in messages); loading
	 * every category costs a dozen file opens at start-up. */
	bool stdout_closed = reader_reserve_standard_fds();
	setlocale(LC_CTYPE, "");
	output_init(stdout_closed);   /* whole lines: parallel writers never tear one */
	diag_set_program_name(argv[0]);
	argv[0] = (char *)program_name;   /* getopt's messages use argv[0] */
}

/* The modes that need no transforms chosen and no files opened. */
static bool run_at_once(const struct command_line *cl)
{
	switch (cl->mode) {
	case MODE_HELP:
		cli_usage(cl->default_algo);
		return true;
	case MODE_VERSION:
		cli_version();
		return true;
	case MODE_SELFTEST:
		return selftest_run();
	case MODE_TUNE:
		return tune_run(cl->tune_save);
	case MODE_LIST_IMPLS:
		if (cl->list_names)
			list_impls_names(cl->opt.algos[0].algo->family);
		else
			list_impls_print();
		return true;
	default:   /* MODE_BENCHMARK: it chooses as it measures */
		return bench_mode_run(&cl->bench, &cl->opt, cl->noperands);
	}
}

/* The modes that hash files: the transforms chosen once (src/select.c;
 * --verify-object's META names its own), -j, --debug, --progress. */
static bool run_hashing(struct command_line *cl)
{
	struct options *opt = &cl->opt;
	char *const *names = cl->operands;
	int n = cl->noperands;
	bool verify = cl->mode == MODE_VERIFY_OBJECT;
	bool lists = cl->mode == MODE_CHECK || cl->mode == MODE_AUDIT || cl->mode == MODE_UPDATE;

	/* A list of any algorithm (-c without -a) takes --impl where a family
	 * has the row: sha256's choice is auto when only others have it. */
	for (unsigned i = 0; i < opt->nalgos && !verify; i++)
		if (!select_impl(&opt->algos[i],
				 !lists || select_list_forces(opt, opt->algos[i].algo) ? opt->impl_name
										 : NULL))
			return false;
	/* Auto's I/O may take its method from the profile: read it here, so
	 * that a warning about the file comes first whatever -j (a forced
	 * --impl or the xxHash family do not need it to choose a row, and a
	 * worker would otherwise read it at its first large file). */
	if (io_mode_is_auto(opt->io))
		(void)io_choice_get();
	/* -j's default samples the files read: the operands, or the names
	 * --check's list gives. */
	if (!opt->jobs && !verify && cl->mode == MODE_CHECK)
		opt->jobs = check_default_jobs(opt, names, n);
	else if (!opt->jobs && !verify)   /* which reads one file, once */
		opt->jobs = jobs_default(names, n, cl->mode == MODE_HASH);
	opt->jobs = jobs_within_descriptors(opt->jobs);
	if (opt->debug && !verify)
		debug_report(opt, lists);
	if (cl->progress)
		progress_start(cl->progress == 2);
	bool ok;
	switch (cl->mode) {
	case MODE_VERIFY_OBJECT:
		ok = verify_mode_run(opt, opt->verify_object, n ? names[0] : "-");
		break;
	case MODE_COMBINE:
		ok = combine_mode_run(opt, names, n);
		break;
	case MODE_PARTS:
		ok = parts_mode_run(opt, cl->part_size, names, n);
		break;
	case MODE_UPDATE:
		ok = update_mode_run(opt, names, n);
		break;
	case MODE_AUDIT:
		ok = audit_mode_run(opt, names, n);
		break;
	case MODE_CHECK:
		ok = check_mode_run(opt, names, n);
		break;
	default:
		ok = hash_mode_run(opt, names, n);
		break;
	}
	progress_stop();
	return reader_close_stdin() && ok;
}

int main(int argc, char **argv)
{
	static struct command_line cl;   /* 3 KiB: off a small "ulimit -s" */

	start_up(argv);
	cli_parse(&cl, argc, argv);
	if (cl.mode != MODE_HELP && cl.mode != MODE_VERSION)   /* they take no rules */
		cli_settle(&cl);
	bool ok = cl.mode < MODE_VERIFY_OBJECT ? run_at_once(&cl) : run_hashing(&cl);
	return output_close_stdout() && ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
