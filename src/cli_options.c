/* SPDX-License-Identifier: MIT */
/* cli_options.c - reading argv into a struct command_line: the program's
 * name, getopt_long's table and what each option sets. Nothing here
 * decides how options combine (cli_rules.c). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "diag.h"
#include "quote.h"
#include "size_arg.h"
#include "xalloc.h"

/* Program names that select an algorithm, also with a prefix such as
 * "simd-" (see the Makefile's ALIAS_PREFIX). */
static const struct {
	const char *stem;
	const char *algo;
} program_aliases[] = {
	{ "sha1sum", "sha1" },     { "sha224sum", "sha224" }, { "sha256sum", "sha256" },
	{ "sha384sum", "sha384" }, { "sha512sum", "sha512" }, { "md5sum", "md5" },
	{ "crc32c", "crc32c" },
};

#define DEFAULT_ALGO "sha256"

/* The algorithm a sha*sum/md5sum/crc32c name gives, or NULL for any other name. */
static const char *algo_from_program_name(const char *name)
{
	size_t len = strlen(name);

	for (size_t i = 0; i < sizeof program_aliases / sizeof program_aliases[0]; i++) {
		size_t n = strlen(program_aliases[i].stem);
		if (len < n || strcmp(name + len - n, program_aliases[i].stem) != 0)
			continue;
		/* The stem must be the whole name or follow a separator, so
		 * "simd-sha1sum" and "/usr/bin/sha1sum" count and "xsha1sum"
		 * does not. */
		if (len == n || strchr("-_./", name[len - n - 1]))
			return program_aliases[i].algo;
	}
	return NULL;
}

enum {
	OPT_IGNORE_MISSING = 256,
	OPT_QUIET,
	OPT_STATUS,
	OPT_STRICT,
	OPT_TAG,
	OPT_IMPL,
	OPT_LIST_IMPLS,
	OPT_IO,
	OPT_SELFTEST,
	OPT_HELP,
	OPT_VERSION,
	OPT_JSON,
	OPT_BASE64,
	OPT_BYTE_ORDER,
	OPT_DEBUG,
	OPT_PROGRESS,
	OPT_FILES_FROM,
	OPT_FILES0_FROM,
	OPT_PARTS,
	OPT_COMBINE,
	OPT_CROSS_CHECK,
	OPT_BENCHMARK,
	OPT_BENCHMARK_TIME,
	OPT_FORMAT,
	OPT_CHECK_AUTO,
	OPT_TUNE,
	OPT_VERIFY_OBJECT,
	OPT_AUDIT,
	OPT_IGNORE_NEW,
	OPT_UPDATE,
	OPT_UPDATE_CHANGED,
};

static const struct option long_options[] = {
	{ "algorithm", required_argument, NULL, 'a' },
	{ "binary", no_argument, NULL, 'b' },
	{ "check", no_argument, NULL, 'c' },
	{ "text", no_argument, NULL, 't' },
	{ "warn", no_argument, NULL, 'w' },
	{ "zero", no_argument, NULL, 'z' },
	{ "tag", no_argument, NULL, OPT_TAG },
	{ "ignore-missing", no_argument, NULL, OPT_IGNORE_MISSING },
	{ "quiet", no_argument, NULL, OPT_QUIET },
	{ "status", no_argument, NULL, OPT_STATUS },
	{ "strict", no_argument, NULL, OPT_STRICT },
	{ "impl", required_argument, NULL, OPT_IMPL },
	{ "list-impls", optional_argument, NULL, OPT_LIST_IMPLS },
	{ "io", required_argument, NULL, OPT_IO },
	{ "selftest", no_argument, NULL, OPT_SELFTEST },
	{ "jobs", required_argument, NULL, 'j' },
	{ "recursive", no_argument, NULL, 'r' },
	{ "dereference", no_argument, NULL, 'L' },
	{ "files-from", required_argument, NULL, OPT_FILES_FROM },
	{ "files0-from", required_argument, NULL, OPT_FILES0_FROM },
	{ "progress", optional_argument, NULL, OPT_PROGRESS },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "base64", no_argument, NULL, OPT_BASE64 },
	{ "byte-order", required_argument, NULL, OPT_BYTE_ORDER },
	{ "debug", no_argument, NULL, OPT_DEBUG },
	{ "parts", required_argument, NULL, OPT_PARTS },
	{ "combine", no_argument, NULL, OPT_COMBINE },
	{ "verify-object", required_argument, NULL, OPT_VERIFY_OBJECT },
	{ "audit", optional_argument, NULL, OPT_AUDIT },
	{ "ignore-new", no_argument, NULL, OPT_IGNORE_NEW },
	{ "update", required_argument, NULL, OPT_UPDATE },
	{ "update-changed", no_argument, NULL, OPT_UPDATE_CHANGED },
	{ "cross-check", no_argument, NULL, OPT_CROSS_CHECK },
	{ "benchmark", no_argument, NULL, OPT_BENCHMARK },
	{ "benchmark-time", required_argument, NULL, OPT_BENCHMARK_TIME },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "check-auto", no_argument, NULL, OPT_CHECK_AUTO },
	{ "tune", optional_argument, NULL, OPT_TUNE },
	{ "help", no_argument, NULL, OPT_HELP },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

/* The long options of coreutils 9.1's sha*sum and md5sum. An abbreviation
 * unique among them is unique here too, though simdsum's own options
 * share its prefix: "--chec" is --check (not --check-auto), "--ver"
 * --version, "--b" --binary, "--ignore" --ignore-missing, as there. */
static const char *const coreutils_options[] = {
	"binary", "check", "help", "ignore-missing", "quiet", "status", "strict",
	"tag", "text", "version", "warn", "zero",
};
#define N_COREUTILS (sizeof coreutils_options / sizeof *coreutils_options)
#define N_OPTIONS (sizeof long_options / sizeof *long_options - 1)

static size_t prefixed(const char *const *names, size_t n, const char *prefix, size_t len)
{
	size_t count = 0;
	for (size_t i = 0; i < n; i++)
		count += strncmp(names[i], prefix, len) == 0;
	return count;
}

/* Whether an argument is "--NAME" or "--NAME=..." with a NAME no option
 * has whole: only then can it be an abbreviation. */
static bool may_abbreviate(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (a[0] != '-' || a[1] != '-' || !a[2])
			continue;
		size_t len = strcspn(a + 2, "=");
		const struct option *o = long_options;
		while (o->name && !(strncmp(o->name, a + 2, len) == 0 && !o->name[len]))
			o++;
		if (!o->name)
			return true;
	}
	return false;
}

/* getopt_long's table: long_options, then each such abbreviation as an
 * option of its own (an exact name wins over the prefixes it shares).
 * Built only when an argument may need it: it takes some 2,700 string
 * comparisons, a fifth of the instructions of a run on a 6-byte file.
 * An abbreviation takes an optional argument, so that "--chec=x" comes
 * back to say, as coreutils does, that --check takes none: getopt would
 * name "--chec". abbreviated[i]: the whole name of table[i]'s option. */
#define TABLE_SIZE (N_OPTIONS + 128 + 1)
static const char *abbreviated[TABLE_SIZE];

static const struct option *getopt_table(int argc, char **argv)
{
	static struct option table[TABLE_SIZE];
	static const char *names[N_OPTIONS];
	static char text[1024];
	size_t n = 0, used = 0;

	if (table[0].name)
		return table;
	if (!may_abbreviate(argc, argv))
		return long_options;
	for (size_t i = 0; i < N_OPTIONS; i++) {
		table[n++] = long_options[i];
		names[i] = long_options[i].name;
	}
	for (size_t c = 0; c < N_COREUTILS; c++) {
		const char *full = coreutils_options[c];
		const struct option *o = long_options;
		while (strcmp(o->name, full) != 0)
			o++;
		for (size_t len = 1; len < strlen(full); len++) {
			if (prefixed(coreutils_options, N_COREUTILS, full, len) != 1 ||
			    prefixed(names, N_OPTIONS, full, len) == 1 ||
			    n == sizeof table / sizeof *table - 1 || used + len + 1 > sizeof text)
				continue;
			memcpy(text + used, full, len);
			text[used + len] = '\0';
			table[n] = *o;
			table[n].has_arg = optional_argument;
			abbreviated[n] = o->name;
			table[n++].name = text + used;
			used += len + 1;
		}
	}
	return table;
}

/* Splits a comma list of algorithm names into opt->algos. */
void cli_parse_algorithms(struct options *opt, const char *arg)
{
	char *copy = xstrdup(arg);
	char *rest = copy;

	opt->nalgos = 0;
	/* strsep, not strtok: "sha1,,md5" and "sha1," name an empty one */
	for (char *tok = strsep(&rest, ","); tok; tok = strsep(&rest, ",")) {
		const struct algo *a = algo_by_name(tok);
		if (!a)
			diag_usage_error("invalid algorithm %s; valid: sha1, sha224, sha256, sha384, "
					 "sha512, md5, xxh64, xxh3, xxh128, crc32c, crc32, crc64nvme",
					 quote_arg(tok));
		for (unsigned i = 0; i < opt->nalgos; i++)
			if (opt->algos[i].algo == a)
				diag_usage_error("algorithm %s given twice", quote_arg(tok));
		if (opt->nalgos == MAX_ALGOS)
			diag_usage_error("too many algorithms");
		opt->algos[opt->nalgos++].algo = a;
	}
	free(copy);
	if (opt->nalgos == 0)
		diag_usage_error("invalid algorithm %s", quote_arg(arg));
}

static enum io_mode parse_io(const char *arg)
{
	if (strcmp(arg, "auto") == 0)
		return IO_AUTO;
	if (strcmp(arg, "read") == 0)
		return IO_READ;
	if (strcmp(arg, "mmap") == 0)
		return IO_MMAP;
	diag_usage_error("invalid --io %s; valid: auto, read, mmap", quote_arg(arg));
}

/* --byte-order: true for little (Azure's x-ms-content-crc64). */
static bool parse_byte_order(const char *arg)
{
	if (strcmp(arg, "big") == 0)
		return false;
	if (strcmp(arg, "little") == 0)
		return true;
	diag_usage_error("invalid --byte-order %s; valid: big, little", quote_arg(arg));
}

static int parse_progress(const char *arg)
{
	if (!arg || strcmp(arg, "auto") == 0)
		return 1;
	if (strcmp(arg, "always") == 0)
		return 2;
	if (strcmp(arg, "never") == 0)
		return 0;
	diag_usage_error("invalid --progress %s; valid: auto, always, never", quote_arg(arg));
}

static unsigned parse_jobs(const char *arg)
{
	char *end;
	unsigned long n = strtoul(arg, &end, 10);

	if (*arg < '0' || *arg > '9' || *end || n < 1 || n > 1024)
		diag_usage_error("invalid number of jobs %s (1 to 1024)", quote_arg(arg));
	return (unsigned)n;
}

/* Output: what a line looks like. */
static bool output_option(struct command_line *cl, int c, const char *arg)
{
	struct options *opt = &cl->opt;

	switch (c) {
	case 'b':
		cl->binary = 1;
		return true;
	case 't':
		cl->binary = 0;
		return true;
	case 'z':
		cl->zero = true;
		return true;
	case OPT_TAG:
		cl->tag = true;
		cl->binary = 1;
		return true;
	case OPT_JSON:
		opt->style = OUTPUT_JSON;
		return true;
	case OPT_BASE64:
		opt->base64 = true;
		cl->notation_given = true;
		return true;
	case OPT_BYTE_ORDER:
		opt->crc_little = parse_byte_order(arg);
		cl->notation_given = true;
		return true;
	case OPT_DEBUG:
		opt->debug = true;
		diag_debug_enabled = true;
		return true;
	case OPT_PROGRESS:
		cl->progress = parse_progress(arg);
		return true;
	}
	return false;
}

/* --check and its companions; --status, --warn and --quiet override one
 * another, as in coreutils. */
static bool check_option(struct command_line *cl, int c, const char *arg)
{
	struct options *opt = &cl->opt;

	switch (c) {
	case 'c':
		opt->check = true;
		return true;
	case 'w':
	case OPT_STATUS:
	case OPT_QUIET:
		opt->warn = c == 'w';
		opt->status_only = c == OPT_STATUS;
		opt->quiet = c == OPT_QUIET;
		return true;
	case OPT_IGNORE_MISSING:
		opt->ignore_missing = true;
		return true;
	case OPT_STRICT:
		opt->strict = true;
		return true;
	case OPT_AUDIT:
		if (arg && !arg[0])
			diag_usage_error("invalid --audit ''; a directory, or --audit alone for .");
		opt->audit = true;
		opt->audit_dir = arg;
		return true;
	case OPT_IGNORE_NEW:
		opt->ignore_new = true;
		return true;
	case OPT_UPDATE:
		if (!arg[0])
			diag_usage_error("invalid --update ''; the list's file name is needed");
		/* "-" is standard input everywhere else, and a stream cannot be
		 * replaced: refused, rather than a file named "-" made. */
		if (strcmp(arg, "-") == 0)
			diag_usage_error("invalid --update '-'; a list file is replaced, not standard "
					 "input (./- names a file '-')");
		opt->update_list = arg;
		return true;
	case OPT_UPDATE_CHANGED:
		opt->update_changed = true;
		return true;
	}
	return false;
}

/* Which files, how they are read, what computes them. */
static bool input_option(struct command_line *cl, int c, const char *arg)
{
	struct options *opt = &cl->opt;

	switch (c) {
	case 'a':
		cli_parse_algorithms(opt, arg);
		cl->algo_given = true;
		return true;
	case 'r':
		opt->recursive = true;
		return true;
	case 'L':
		opt->dereference = true;
		return true;
	case OPT_FILES_FROM:
	case OPT_FILES0_FROM:
		/* the later one would change how the other's list is cut */
		if (opt->files_from && opt->files_nul != (c == OPT_FILES0_FROM))
			diag_usage_error("--files-from and --files0-from cannot be combined");
		opt->files_from = arg;
		opt->files_nul = c == OPT_FILES0_FROM;
		return true;
	case OPT_IMPL:
		opt->impl_name = arg;
		return true;
	case OPT_IO:
		opt->io = parse_io(arg);
		return true;
	case 'j':
		opt->jobs = parse_jobs(arg);
		return true;
	case OPT_CROSS_CHECK:
		opt->cross_check = true;
		return true;
	}
	return false;
}

/* The modes other than hashing and checking, and the benchmark's knobs. */
static bool mode_option(struct command_line *cl, int c, const char *arg)
{
	switch (c) {
	case OPT_PARTS:
		if (!parse_size(arg, &cl->part_size))
			diag_usage_error("invalid part size %s (e.g. 8MiB, 5M, 1G)", quote_arg(arg));
		return true;
	case OPT_COMBINE:
		cl->combine = true;
		return true;
	case OPT_VERIFY_OBJECT:
		cl->opt.verify_object = arg;
		return true;
	case OPT_LIST_IMPLS:
		cl->list_impls = true;
		if (arg && strcmp(arg, "names") == 0)
			cl->list_names = true;
		else if (arg)
			diag_usage_error("invalid --list-impls %s; valid: names", quote_arg(arg));
		return true;
	case OPT_BENCHMARK:
		cl->bench.enabled = true;
		return true;
	case OPT_BENCHMARK_TIME:
		cl->bench.time_ms = arg;
		return true;
	case OPT_FORMAT:
		cl->bench.format = arg;
		return true;
	case OPT_CHECK_AUTO:
		cl->bench.check_auto = true;
		return true;
	/* The first of --selftest and --tune is the mode; the rest of the
	 * command line is still read, for cli_settle's rules. A --tune=save
	 * before or after a plain --tune still saves. */
	case OPT_TUNE:
		if (arg && strcmp(arg, "save") != 0)
			diag_usage_error("invalid --tune %s; valid: save", quote_arg(arg));
		if (cl->mode == MODE_HASH)
			cl->mode = MODE_TUNE;
		if (cl->mode == MODE_TUNE && arg)
			cl->tune_save = true;
		return true;
	case OPT_SELFTEST:
		if (cl->mode == MODE_HASH)
			cl->mode = MODE_SELFTEST;
		return true;
	}
	return false;
}

/* --help and --version, answered at once whatever else is given (GNU's
 * rule): the mode, or false. */
static bool immediate_option(struct command_line *cl, int c)
{
	switch (c) {
	case OPT_HELP:
		cl->mode = MODE_HELP;
		return true;
	case OPT_VERSION:
		cl->mode = MODE_VERSION;
		return true;
	}
	return false;
}

static void init_command_line(struct command_line *cl)
{
	memset(cl, 0, sizeof *cl);
	cl->mode = MODE_HASH;
	cl->binary = -1;
	cl->opt.delim = '\n';
	const char *alias_algo = algo_from_program_name(program_name);
	cl->alias = alias_algo != NULL;
	cl->default_algo = alias_algo ? alias_algo : DEFAULT_ALGO;
	cli_parse_algorithms(&cl->opt, cl->default_algo);
	/* empty is unset, as SIMDSUM_IMPL=$X with X unset gives it */
	const char *env = getenv("SIMDSUM_IMPL");
	cl->opt.impl_name = env && env[0] ? env : NULL;
}

void cli_parse(struct command_line *cl, int argc, char **argv)
{
	int c, index = -1;

	init_command_line(cl);
	const struct option *options = getopt_table(argc, argv);
	while ((c = getopt_long(argc, argv, "a:bcj:Lrtwz", options, &index)) != -1) {
		if (index >= 0 && abbreviated[index] && optarg)
			diag_usage_error("option '--%s' doesn't allow an argument", abbreviated[index]);
		index = -1;
		if (immediate_option(cl, c))
			return;
		if (!output_option(cl, c, optarg) && !check_option(cl, c, optarg) &&
		    !input_option(cl, c, optarg) && !mode_option(cl, c, optarg)) {
			fprintf(stderr, "Try '%s --help' for more information.\n", program_name);
			exit(EXIT_FAILURE);
		}
	}
	cl->operands = argv + optind;
	cl->noperands = argc - optind;
}
