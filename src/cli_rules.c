/* SPDX-License-Identifier: MIT */
/* cli_rules.c - which options go together: every combination simdsum
 * rejects, each with its own message (coreutils' where coreutils has the
 * rule), and the mode and settings that follow from what was given. */
#include <string.h>

#include "cli.h"
#include "diag.h"

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
	/* --verify-object verifies too, but these three are about a list's
	 * lines: check_verify_object refuses them in its own words. */
	if (opt->ignore_missing && !opt->check && !opt->verify_object)
		diag_usage_error("the --ignore-missing option is meaningful only when verifying "
				 "checksums");
	if (opt->status_only && !opt->check && !opt->verify_object)
		diag_usage_error("the --status option is meaningful only when verifying checksums");
	if (opt->warn && !opt->check && !opt->verify_object)
		diag_usage_error("the --warn option is meaningful only when verifying checksums");
	if (opt->quiet && !opt->check && !opt->verify_object)
		diag_usage_error("the --quiet option is meaningful only when verifying checksums");
	if (opt->strict && !opt->check && !opt->verify_object)
		diag_usage_error("the --strict option is meaningful only when verifying checksums");
	if (opt->check && opt->nalgos > 1)
		diag_usage_error("--check takes a single --algorithm");
	/* --audit's -z says how its list is cut, not how lines are written */
	if (opt->style == OUTPUT_JSON && (tag || (zero && !opt->audit)))
		diag_usage_error("--json cannot be combined with --%s", tag ? "tag" : "zero");
	if (opt->files_from && noperands > 0)
		diag_usage_error("file operands cannot be combined with --files%s-from",
				 opt->files_nul ? "0" : "");
	if (opt->files_from && opt->check)
		diag_usage_error("--files-from and --files0-from name files to hash, not lists to "
				 "check");
	if (opt->dereference && !opt->recursive && !opt->audit)
		diag_usage_error("--dereference (-L) applies only with --recursive (-r) or --audit");
	if (opt->recursive && opt->check)
		diag_usage_error("--recursive applies only when hashing");
	check_tree_modes(opt, noperands);
}

/* --verify-object takes its algorithms, and its notation, from META. */
static void check_verify_object(const struct options *opt, bool algo_given, bool notation_given,
				bool other_mode, int binary, bool zero, bool tag,
				char *const *operands, int noperands)
{
	if (!opt->verify_object)
		return;
	if (other_mode || opt->check || opt->update_list || opt->recursive || opt->files_from)
		diag_usage_error("--verify-object cannot be combined with --check, --update, "
				 "--parts, --combine, --benchmark, -r or --files-from");
	if (algo_given || binary >= 0 || zero || tag)
		diag_usage_error("--verify-object takes the algorithms from META: -a, -b, -t, "
				 "-z and --tag do not apply");
	if (opt->ignore_missing || opt->warn || opt->strict)
		diag_usage_error("--verify-object reads META, not a list of lines: --ignore-missing, "
				 "--strict and --warn do not apply");
	if (notation_given)
		diag_usage_error("--verify-object reads each value in META's own notation: "
				 "--base64 and --byte-order do not apply");
	if (noperands > 1)
		diag_usage_error("--verify-object checks one FILE, not %d", noperands);
	if (strcmp(opt->verify_object, "-") == 0 &&
	    (noperands == 0 || strcmp(operands[0], "-") == 0))
		diag_usage_error("META is standard input: name the FILE to check");
}

/* --parts and --combine, the two modes of one file's pieces. */
static void check_pieces(struct command_line *cl)
{
	const struct options *opt = &cl->opt;
	const char *mode = cl->combine ? "combine" : "parts";

	if ((cl->part_size || cl->combine) &&
	    (opt->update_list || opt->check || opt->recursive || opt->files_from || cl->zero))
		diag_usage_error("--%s cannot be combined with --check, --update, -r, "
				 "--files-from or -z",
				 mode);
	if (cl->part_size && cl->combine)
		diag_usage_error("--parts and --combine are separate modes");
}

/* --cross-check runs in the jobs of hashing, --check, --audit, --update
 * and --parts. --verify-object hashes through a plan of its own, which has
 * no generic twin, and --combine hashes nothing: refused, so that no one
 * takes their output for cross-checked. */
static void check_cross_check(const struct command_line *cl)
{
	const char *mode = cl->opt.verify_object ? "verify-object" : cl->combine ? "combine" : NULL;

	if (cl->opt.cross_check && mode && !cl->bench.enabled)
		diag_usage_error("the --cross-check option is not supported with --%s", mode);
}

/* What is left to decide: the mode, and the options that follow from the
 * others (coreutils' --tag implies --binary; -z ends lines with NUL). */
static void settle_options(struct command_line *cl)
{
	struct options *opt = &cl->opt;

	if (cl->combine) {
		if (cl->algo_given && (opt->nalgos != 1 || !family_is_crc(opt->algos[0].algo->family)))
			diag_usage_error("--combine joins the values of one CRC (-a crc32c, crc32 "
					 "or crc64nvme)");
		if (!cl->algo_given)
			cli_parse_algorithms(opt, "crc32c");
	}
	if (cl->bench.enabled && (cl->part_size || cl->combine))
		diag_usage_error("the --%s option is meaningless with --benchmark",
				 cl->combine ? "combine" : "parts");
	/* As simdsum without -a, an untagged line of a length only one
	 * algorithm has is checked with that one; the sha*sum names keep
	 * coreutils' rule (their own algorithm only). */
	opt->untagged_by_length = !cl->alias && !cl->algo_given;
	if (cl->tag)
		opt->style = OUTPUT_TAG;
	opt->binary = cl->binary == 1;
	if (cl->zero)
		opt->delim = '\0';
	cl->bench.algos_given = cl->algo_given;
}

/* --byte-order=little reverses CRCs only: asked of no CRC (-a xxh64, the
 * default sha256) it would be ignored without a word. A list checked
 * without -a may hold CRC lines. */
static void check_byte_order(const struct command_line *cl)
{
	const struct options *opt = &cl->opt;

	if (!opt->crc_little || opt->verify_object || cl->bench.enabled /* refused there */ ||
	    (opt->check && opt->untagged_by_length))
		return;
	for (unsigned i = 0; i < opt->nalgos; i++)
		if (family_is_crc(opt->algos[i].algo->family))
			return;
	diag_usage_error("--byte-order applies to CRCs only (-a crc32c, crc32 or crc64nvme)");
}

static enum mode mode_of(const struct command_line *cl)
{
	const struct options *opt = &cl->opt;

	if (cl->bench.enabled)
		return MODE_BENCHMARK;
	if (opt->verify_object)
		return MODE_VERIFY_OBJECT;
	if (cl->combine)
		return MODE_COMBINE;
	if (cl->part_size)
		return MODE_PARTS;
	if (opt->update_list)
		return MODE_UPDATE;
	if (opt->check)
		return opt->audit ? MODE_AUDIT : MODE_CHECK;
	return MODE_HASH;
}

/* The modes that print text of their own refuse --json rather than
 * ignore it (--benchmark's rule, with its --format, is in bench_mode.c;
 * --help and --version ignore every option, as GNU's do). NULL: none. */
static const char *text_only_mode(const struct command_line *cl)
{
	if (cl->mode == MODE_SELFTEST)
		return "selftest";
	if (cl->mode == MODE_TUNE)
		return "tune";
	if (cl->list_impls)
		return "list-impls";
	return NULL;
}

void cli_settle(struct command_line *cl)
{
	struct options *opt = &cl->opt;
	const char *text_mode = text_only_mode(cl);

	if (text_mode && opt->style == OUTPUT_JSON)
		diag_usage_error("the --json option is meaningless with --%s", text_mode);
	if (text_mode && cl->noperands > 0)   /* as --benchmark says it */
		diag_usage_error("--%s takes no FILE operands", text_mode);
	/* These three whatever else was given. */
	if (cl->mode == MODE_SELFTEST || cl->mode == MODE_TUNE)
		return;
	if (cl->list_impls) {
		cl->mode = MODE_LIST_IMPLS;
		return;
	}
	/* -j1 is the single-threaded tool, whatever the order of -j and --io:
	 * no reading thread, but auto may still map a large cached file. */
	if (opt->jobs == 1 && opt->io == IO_AUTO)
		opt->io = IO_AUTO_ONE_THREAD;
	check_combinations(opt, cl->binary, cl->zero, cl->tag, cl->noperands);
	check_verify_object(opt, cl->algo_given, cl->notation_given,
			    cl->part_size || cl->combine || cl->bench.enabled, cl->binary, cl->zero,
			    cl->tag, cl->operands, cl->noperands);
	check_pieces(cl);
	check_cross_check(cl);
	settle_options(cl);
	check_byte_order(cl);
	cl->mode = mode_of(cl);
	if (cl->mode != MODE_BENCHMARK)
		bench_check_unused(&cl->bench);
}
