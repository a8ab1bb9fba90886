/* SPDX-License-Identifier: MIT */
/* cli.h - the command line, parsed once into what to do: one mode and the
 * options every mode reads. Layer: cli (the top; main.c runs the mode). */
#ifndef SIMDSUM_CLI_H
#define SIMDSUM_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "bench_mode.h"
#include "options.h"

enum mode {
	/* answered while the command line is read (the first one wins) */
	MODE_HELP,
	MODE_VERSION,
	/* answered after it: the first of these two given, then the others */
	MODE_SELFTEST,
	MODE_TUNE,
	MODE_LIST_IMPLS,
	MODE_BENCHMARK,
	/* from here on, the modes that hash files (main.c) */
	MODE_VERIFY_OBJECT,
	MODE_COMBINE,
	MODE_PARTS,
	MODE_UPDATE,
	MODE_AUDIT,
	MODE_CHECK,
	MODE_HASH,
};

struct command_line {
	enum mode mode;
	struct options opt;
	struct bench_options bench;
	char *const *operands;
	int noperands;

	/* as given; cli_settle turns them into opt */
	int binary;                /* -1 unset, 0 --text, 1 --binary (coreutils' tri-state) */
	bool zero, tag;
	bool algo_given;           /* -a */
	bool notation_given;       /* --base64 or --byte-order */
	bool alias;                /* the program's name gave the algorithm */
	const char *default_algo;  /* ... or sha256 */
	bool list_impls, list_names;
	bool tune_save;            /* --tune=save */
	bool combine;
	uint64_t part_size;        /* --parts, 0 without */
	int progress;              /* 0 off, 1 when stderr is a terminal, 2 always */
};

/* Reads argv (argv[0] names the program: sha256sum, simd-md5sum...). Stops
 * at the first --help or --version, which is the mode; the first --selftest
 * or --tune is the mode, the rest still read. Usage errors exit with
 * coreutils' message. */
void cli_parse(struct command_line *cl, int argc, char **argv);

/* Rejects the combinations that make no sense, each with its own message
 * (cli_rules.c), then decides the mode and the options that follow from
 * the ones given. */
void cli_settle(struct command_line *cl);

/* Sets opt's algorithms from a comma list ("sha256,crc32c"); a usage
 * error for an unknown or repeated name. */
void cli_parse_algorithms(struct options *opt, const char *arg);

void cli_usage(const char *default_algo);
void cli_version(void);

#endif
