/* SPDX-License-Identifier: MIT */
/* main.c - simdsum's command line: options, their combinations, modes. */
#include <getopt.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_mode.h"
#include "audit_mode.h"
#include "check_mode.h"
#include "combine_mode.h"
#include "debug.h"
#include "diag.h"
#include "engine.h"
#include "hash_mode.h"
#include "list_impls.h"
#include "options.h"
#include "output.h"
#include "parts_mode.h"
#include "progress.h"
#include "reader.h"
#include "select.h"
#include "selftest.h"
#include "size_arg.h"
#include "tune.h"
#include "update_mode.h"
#include "verify_mode.h"
#include "version.h"
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
		 * "simd-sha1sum" counts and "xsha1sum" does not. */
		if (len == n || strchr("-_.", name[len - n - 1]))
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

static void usage(const char *default_algo)
{
	printf("Usage: %s [OPTION]... [FILE]...\n", program_name);
	printf("Print or check checksums (default algorithm: %s), using the fastest\n"
	       "implementation this CPU supports.\n\n",
	       default_algo);
	fputs("With no FILE, or when FILE is -, read standard input.\n\n"
	      "  -a, --algorithm=ALG   sha1, sha224, sha256, sha384, sha512, md5, xxh64,\n"
	      "                          xxh3, xxh128, crc32c, crc32 or crc64nvme; a comma\n"
	      "                          list computes\n"
	      "                          several in one read\n"
	      "  -b, --binary          read in binary mode ('*' before the name)\n"
	      "  -c, --check           read checksums from the FILEs and check them\n"
	      "      --tag             create a BSD-style checksum\n"
	      "      --json            one JSON object per line: name, algorithm, digest,\n"
	      "                          size, implementation (and for --check results)\n"
	      "      --base64          print digests in base64, not hex\n"
	      "      --byte-order=ORD  CRC bytes big (the default, as S3 and GCS show\n"
	      "                          them) or little (Azure's CRC64 header)\n"
	      "      --parts=SIZE      digests of each SIZE-byte part (5MiB, 8M, 1G), the\n"
	      "                          S3 composite (base64, -N) and for a CRC the\n"
	      "                          full-object CRC, from one read\n"
	      "      --combine         read 'CRC LENGTH' lines and print the CRC of the\n"
	      "                          parts joined (-a crc32c, crc32 or crc64nvme)\n"
	      "      --verify-object=META  check FILE against the JSON an object store\n"
	      "                          prints for it (aws s3api head-object or\n"
	      "                          get-object-attributes, gcloud storage objects\n"
	      "                          describe, az storage blob show): size, ETag,\n"
	      "                          every checksum, composite and part, one read\n"
	      "  -t, --text            read in text mode (default)\n"
	      "  -z, --zero            end each output line with NUL, not newline,\n"
	      "                          and disable file name escaping\n"
	      "\n"
	      "Which files:\n"
	      "  -r, --recursive       hash the files under directories, sorted by name\n"
	      "  -L, --dereference     with -r, follow symbolic links (loops are detected)\n"
	      "      --files-from=F    read the names to hash from F, one per line\n"
	      "      --files0-from=F   ... NUL-separated (find -print0); - is stdin\n"
	      "\n"
	      "The following five options are useful only when verifying checksums\n"
	      "(--quiet and --status also with --verify-object):\n"
	      "      --ignore-missing  don't fail or report status for missing files\n"
	      "      --quiet           don't print OK for each successfully verified file\n"
	      "      --status          don't output anything, status code shows success\n"
	      "      --strict          exit non-zero for improperly formatted checksum lines\n"
	      "  -w, --warn            warn about improperly formatted checksum lines\n"
	      "\n"
	      "Trees and their lists:\n"
	      "      --audit[=DIR]     with -c, also walk DIR (default .) and report files\n"
	      "                          missing, new or moved, beside OK and CHANGED\n"
	      "      --ignore-new      with --audit, files not in the list are no error\n"
	      "      --update=LIST     append to LIST the files (-r: trees) it lacks, in\n"
	      "                          its own format; LIST is replaced atomically\n"
	      "      --update-changed  with --update, also rehash listed files newer than\n"
	      "                          LIST and rewrite their lines in place\n"
	      "\n"
	      "Implementation and input:\n"
	      "      --impl=NAME       force an implementation (generic, ssse3, avx, avx2,\n"
	      "                          shani, avx512, sse42, pclmul, vpclmul...; auto)\n"
	      "      --list-impls[=names]  list the implementations and what this CPU runs\n"
	      "                          (=names: just the names for -a's algorithm)\n"
	      "      --debug           say on stderr which implementation runs and why\n"
	      "      --cross-check     also hash with generic; any disagreement is an error\n"
	      "      --progress[=WHEN] show bytes done, rate and ETA on stderr: auto (when\n"
	      "                          stderr is a terminal, the default), always or never\n"
	      "      --io=MODE         how to read regular files: auto, read or mmap\n"
	      "      --selftest        run known answers through every implementation\n"
	      "                          this CPU supports; exit 1 if any fails\n"
	      "  -j, --jobs=N          hash with N threads (default: the CPUs available,\n"
	      "                          or 1 for uncached files on a rotational disk)\n"
	      "\n"
	      "Benchmark:\n"
	      "      --benchmark       time each implementation this CPU runs (of the -a\n"
	      "                          algorithms, else all; of --impl and auto, if\n"
	      "                          given) in the kernel's tcrypt rows, and exit\n"
	      "      --benchmark-time=MS  CPU milliseconds per timed run (default 20, less\n"
	      "                          where that keeps a large run under a minute)\n"
	      "      --format=FORMAT   table (default), csv or json\n"
	      "      --check-auto      with --benchmark: race auto against every forced\n"
	      "                          choice here; exit 1 if auto is >3% slower\n"
	      "      --tune[=save]     measure this machine's profile (about 5 s) and\n"
	      "                          print it; =save: store it for auto to use\n"
	      "\n"
	      "      --help            display this help and exit\n"
	      "      --version         output version information and exit\n"
	      "\n"
	      "The environment variable SIMDSUM_IMPL is read like --impl (the option\n"
	      "wins). See simdsum(1) for the details.\n",
	      stdout);
}

static void version(void)
{
	printf("simdsum %s\n", SIMDSUM_VERSION);
	puts("SHA-1, SHA-2, MD5, CRC-32C, CRC-32 and CRC-64/NVME checksums with SIMD\n"
	     "transforms chosen at run time.\n"
	     "See 'simdsum --list-impls' for the implementations this CPU runs, and\n"
	     "'simdsum --selftest' to check each of them against known answers.\n"
	     "Copyright (c) 2026 The simdsum authors. License: MIT (see LICENSE).\n"
	     "This is free software: you are free to change and redistribute it.\n"
	     "There is NO WARRANTY, to the extent permitted by law.");
}

/* Splits a comma list of algorithm names into opt->algos. */
static void parse_algorithms(struct options *opt, const char *arg)
{
	char *copy = xstrdup(arg);
	char *save = NULL;

	opt->nalgos = 0;
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		const struct algo *a = algo_by_name(tok);
		if (!a)
			diag_usage_error("invalid algorithm '%s'; valid: sha1, sha224, sha256, sha384, "
					 "sha512, md5, xxh64, xxh3, xxh128, crc32c, crc32, crc64nvme",
					 tok);
		for (unsigned i = 0; i < opt->nalgos; i++)
			if (opt->algos[i].algo == a)
				diag_usage_error("algorithm '%s' given twice", tok);
		if (opt->nalgos == MAX_ALGOS)
			diag_usage_error("too many algorithms");
		opt->algos[opt->nalgos++].algo = a;
	}
	free(copy);
	if (opt->nalgos == 0)
		diag_usage_error("invalid algorithm '%s'", arg);
}

static enum io_mode parse_io(const char *arg)
{
	if (strcmp(arg, "auto") == 0)
		return IO_AUTO;
	if (strcmp(arg, "read") == 0)
		return IO_READ;
	if (strcmp(arg, "mmap") == 0)
		return IO_MMAP;
	diag_usage_error("invalid --io '%s'; valid: auto, read, mmap", arg);
}

/* --byte-order: true for little (Azure's x-ms-content-crc64). */
static bool parse_byte_order(const char *arg)
{
	if (strcmp(arg, "big") == 0)
		return false;
	if (strcmp(arg, "little") == 0)
		return true;
	diag_usage_error("invalid --byte-order '%s'; valid: big, little", arg);
}

static int parse_progress(const char *arg)
{
	if (!arg || strcmp(arg, "auto") == 0)
		return 1;
	if (strcmp(arg, "always") == 0)
		return 2;
	if (strcmp(arg, "never") == 0)
		return 0;
	diag_usage_error("invalid --progress '%s'; valid: auto, always, never", arg);
}

static unsigned parse_jobs(const char *arg)
{
	char *end;
	unsigned long n = strtoul(arg, &end, 10);

	if (*arg < '0' || *arg > '9' || *end || n < 1 || n > 1024)
		diag_usage_error("invalid number of jobs '%s' (1 to 1024)", arg);
	return (unsigned)n;
}

/* --audit (with --check) and --update (instead of it). */
static void check_tree_modes(const struct options *opt, int noperands)
{
	if (opt->audit && !opt->check)
		diag_usage_error("the --audit option is meaningful only when verifying checksums");
	if (opt->ignore_new && !opt->audit)
		diag_usage_error("the --ignore-new option is meaningful only with --audit");
	if (opt->audit && noperands > 1)
		diag_usage_error("--audit checks one list, not %d", noperands);
	if (opt->update_changed && !opt->update_list)
		diag_usage_error("the --update-changed option is meaningful only with --update");
	if (opt->update_list && (opt->check || opt->files_from || opt->style == OUTPUT_JSON))
		diag_usage_error("--update cannot be combined with --check, --files-from or "
				 "--json");
}

/* The combinations coreutils rejects, each with its own message, and
 * simdsum's own. */
static void check_combinations(const struct options *opt, int binary, bool zero, bool tag,
			       int noperands)
{
	if (tag && binary == 0)
		diag_usage_error("--tag does not support --text mode");
	if (zero && opt->check && !opt->audit)   /* --audit reads -z lists */
		diag_usage_error("the --zero option is not supported when verifying checksums");
	if (tag && opt->check)
		diag_usage_error("the --tag option is meaningless when verifying checksums");
	if (binary >= 0 && opt->check)
		diag_usage_error("the --binary and --text options are meaningless when verifying "
				 "checksums");
	if (opt->ignore_missing && !opt->check)
		diag_usage_error("the --ignore-missing option is meaningful only when verifying "
				 "checksums");
	if (opt->status_only && !opt->check && !opt->verify_object)
		diag_usage_error("the --status option is meaningful only when verifying checksums");
	if (opt->warn && !opt->check)
		diag_usage_error("the --warn option is meaningful only when verifying checksums");
	if (opt->quiet && !opt->check && !opt->verify_object)
		diag_usage_error("the --quiet option is meaningful only when verifying checksums");
	if (opt->strict && !opt->check)
		diag_usage_error("the --strict option is meaningful only when verifying checksums");
	if (opt->check && opt->nalgos > 1)
		diag_usage_error("--check takes a single --algorithm");
	if (opt->style == OUTPUT_JSON && (tag || zero))
		diag_usage_error("--json cannot be combined with --%s", tag ? "tag" : "zero");
	if (opt->files_from && noperands > 0)
		diag_usage_error("file operands cannot be combined with --files%s-from",
				 opt->files_nul ? "0" : "");
	if (opt->files_from && opt->check)
		diag_usage_error("--files-from and --files0-from name files to hash, not lists to "
				 "check");
	if (opt->dereference && !opt->recursive)
		diag_usage_error("--dereference (-L) applies only with --recursive (-r)");
	if (opt->recursive && opt->check)
		diag_usage_error("--recursive applies only when hashing");
	check_tree_modes(opt, noperands);
}

/* --verify-object takes its algorithms, and its notation, from META. */
static void check_verify_object(const struct options *opt, bool algo_given, bool other_mode,
				int binary, bool zero, bool tag, char *const *operands,
				int noperands)
{
	if (!opt->verify_object)
		return;
	if (other_mode || opt->check || opt->update_list || opt->recursive || opt->files_from)
		diag_usage_error("--verify-object cannot be combined with --check, --update, "
				 "--parts, --combine, --benchmark, -r or --files-from");
	if (algo_given || binary >= 0 || zero || tag)
		diag_usage_error("--verify-object takes the algorithms from META: -a, -b, -t, "
				 "-z and --tag do not apply");
	if (noperands > 1)
		diag_usage_error("--verify-object checks one FILE, not %d", noperands);
	if (strcmp(opt->verify_object, "-") == 0 &&
	    (noperands == 0 || strcmp(operands[0], "-") == 0))
		diag_usage_error("META is standard input: name the FILE to check");
}

int main(int argc, char **argv)
{
	struct options opt;
	struct bench_options bench = { 0 };
	int binary = -1;   /* -1 unset, 0 --text, 1 --binary (coreutils' tri-state) */
	bool zero = false, list = false, list_names = false, tag = false;
	int progress = 0;  /* 0 off, 1 when stderr is a terminal, 2 always */
	uint64_t part_size = 0;
	bool combine = false, algo_given = false;
	int c;

	/* Only character classes matter (quoting names in messages); loading
	 * every category costs a dozen file opens at start-up. */
	reader_reserve_standard_fds();
	setlocale(LC_CTYPE, "");
	diag_set_program_name(argv[0]);
	argv[0] = (char *)program_name;   /* getopt's messages use argv[0] */

	memset(&opt, 0, sizeof opt);
	opt.delim = '\n';
	const char *alias_algo = algo_from_program_name(program_name);
	const char *default_algo = alias_algo ? alias_algo : DEFAULT_ALGO;
	parse_algorithms(&opt, default_algo);
	opt.impl_name = getenv("SIMDSUM_IMPL");

	while ((c = getopt_long(argc, argv, "a:bcj:Lrtwz", long_options, NULL)) != -1) {
		switch (c) {
		case 'a':
			parse_algorithms(&opt, optarg);
			algo_given = true;
			break;
		case 'b':
			binary = 1;
			break;
		case 't':
			binary = 0;
			break;
		case 'c':
			opt.check = true;
			break;
		case 'z':
			zero = true;
			break;
		case OPT_TAG:
			tag = true;
			binary = 1;
			break;
		case OPT_JSON:
			opt.style = OUTPUT_JSON;
			break;
		case OPT_BASE64:
			opt.base64 = true;
			break;
		case OPT_BYTE_ORDER:
			opt.crc_little = parse_byte_order(optarg);
			break;
		case OPT_DEBUG:
			opt.debug = true;
			diag_debug_enabled = true;
			break;
		case 'r':
			opt.recursive = true;
			break;
		case 'L':
			opt.dereference = true;
			break;
		case OPT_FILES_FROM:
		case OPT_FILES0_FROM:
			opt.files_from = optarg;
			opt.files_nul = c == OPT_FILES0_FROM;
			break;
		case OPT_PROGRESS:
			progress = parse_progress(optarg);
			break;
		case OPT_PARTS:
			if (!parse_size(optarg, &part_size))
				diag_usage_error("invalid part size '%s' (e.g. 8MiB, 5M, 1G)", optarg);
			break;
		case OPT_COMBINE:
			combine = true;
			break;
		case OPT_VERIFY_OBJECT:
			opt.verify_object = optarg;
			break;
		case OPT_CROSS_CHECK:
			opt.cross_check = true;
			break;
		case OPT_AUDIT:
			opt.audit = true;
			opt.audit_dir = optarg;
			break;
		case OPT_IGNORE_NEW:
			opt.ignore_new = true;
			break;
		case OPT_UPDATE:
			opt.update_list = optarg;
			break;
		case OPT_UPDATE_CHANGED:
			opt.update_changed = true;
			break;
		/* --status, --warn and --quiet override one another. */
		case 'w':
			opt.status_only = false;
			opt.warn = true;
			opt.quiet = false;
			break;
		case OPT_STATUS:
			opt.status_only = true;
			opt.warn = false;
			opt.quiet = false;
			break;
		case OPT_QUIET:
			opt.status_only = false;
			opt.warn = false;
			opt.quiet = true;
			break;
		case OPT_IGNORE_MISSING:
			opt.ignore_missing = true;
			break;
		case OPT_STRICT:
			opt.strict = true;
			break;
		case OPT_IMPL:
			opt.impl_name = optarg;
			break;
		case OPT_LIST_IMPLS:
			list = true;
			if (optarg && strcmp(optarg, "names") == 0)
				list_names = true;
			else if (optarg)
				diag_usage_error("invalid --list-impls '%s'; valid: names", optarg);
			break;
		case OPT_IO:
			opt.io = parse_io(optarg);
			break;
		case 'j':
			opt.jobs = parse_jobs(optarg);
			break;
		case OPT_BENCHMARK:
			bench.enabled = true;
			break;
		case OPT_BENCHMARK_TIME:
			bench.time_ms = optarg;
			break;
		case OPT_FORMAT:
			bench.format = optarg;
			break;
		case OPT_CHECK_AUTO:
			bench.check_auto = true;
			break;
		case OPT_TUNE: {
			if (optarg && strcmp(optarg, "save") != 0)
				diag_usage_error("invalid --tune '%s'; valid: save", optarg);
			bool tuned = tune_run(optarg != NULL);
			return output_close_stdout() && tuned ? EXIT_SUCCESS : EXIT_FAILURE;
		}
		case OPT_SELFTEST: {
			bool passed = selftest_run();
			return output_close_stdout() && passed ? EXIT_SUCCESS : EXIT_FAILURE;
		}
		case OPT_HELP:
			usage(default_algo);
			return output_close_stdout() ? EXIT_SUCCESS : EXIT_FAILURE;
		case OPT_VERSION:
			version();
			return output_close_stdout() ? EXIT_SUCCESS : EXIT_FAILURE;
		default:
			fprintf(stderr, "Try '%s --help' for more information.\n", program_name);
			return EXIT_FAILURE;
		}
	}

	if (list) {
		if (list_names)
			list_impls_names(opt.algos[0].algo->family);
		else
			list_impls_print();
		return output_close_stdout() ? EXIT_SUCCESS : EXIT_FAILURE;
	}

	/* -j1 is the single-threaded tool, whatever the order of -j and --io:
	 * no reading thread, but auto may still map a large cached file. */
	if (opt.jobs == 1 && opt.io == IO_AUTO)
		opt.io = IO_AUTO_ONE_THREAD;
	char *const *operands = argv + optind;
	int noperands = argc - optind;
	check_combinations(&opt, binary, zero, tag, noperands);
	check_verify_object(&opt, algo_given, part_size || combine || bench.enabled, binary, zero, tag,
			    operands, noperands);
	if ((part_size || combine) &&
	    (opt.update_list || opt.check || opt.recursive || opt.files_from || zero))
		diag_usage_error("--%s cannot be combined with --check, --update, -r, "
				 "--files-from or -z",
				 combine ? "combine" : "parts");
	if (part_size && combine)
		diag_usage_error("--parts and --combine are separate modes");
	if (combine) {
		if (algo_given && (opt.nalgos != 1 || !family_is_crc(opt.algos[0].algo->family)))
			diag_usage_error("--combine joins the values of one CRC (-a crc32c, crc32 "
					 "or crc64nvme)");
		if (!algo_given)
			parse_algorithms(&opt, "crc32c");
	}
	/* As simdsum without -a, an untagged line of a length only one
	 * algorithm has is checked with that one; the sha*sum names keep
	 * coreutils' rule (their own algorithm only). */
	opt.untagged_by_length = !alias_algo && !algo_given;
	if (tag)
		opt.style = OUTPUT_TAG;
	opt.binary = binary == 1;
	if (zero)
		opt.delim = '\0';
	if (bench.enabled) {
		if (part_size || combine)
			diag_usage_error("the --%s option is meaningless with --benchmark",
					 combine ? "combine" : "parts");
		bench.algos_given = algo_given;
		bool ok = bench_mode_run(&bench, &opt, argc - optind);
		return output_close_stdout() && ok ? EXIT_SUCCESS : EXIT_FAILURE;
	}
	bench_check_unused(&bench);
	/* The algorithms META names choose their transforms (verify_plan.c). */
	for (unsigned i = 0; i < opt.nalgos && !opt.verify_object; i++)
		if (!select_impl(&opt.algos[i], opt.impl_name))
			return EXIT_FAILURE;

	if (!opt.jobs && !opt.verify_object)   /* which reads one file, once */
		opt.jobs = engine_default_jobs(operands, noperands);
	if (opt.debug && !opt.verify_object)
		debug_report(&opt);
	if (progress)
		progress_start(progress == 2);
	bool ok;
	if (opt.verify_object)
		ok = verify_mode_run(&opt, opt.verify_object, noperands ? operands[0] : "-");
	else if (combine)
		ok = combine_mode_run(&opt, operands, noperands);
	else if (part_size)
		ok = parts_mode_run(&opt, part_size, operands, noperands);
	else if (opt.update_list)
		ok = update_mode_run(&opt, operands, noperands);
	else if (opt.check && opt.audit)
		ok = audit_mode_run(&opt, operands, noperands);
	else if (opt.check)
		ok = check_mode_run(&opt, operands, noperands);
	else
		ok = hash_mode_run(&opt, operands, noperands);
	progress_stop();
	if (!reader_close_stdin())
		ok = false;
	if (!output_close_stdout())
		ok = false;
	return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
