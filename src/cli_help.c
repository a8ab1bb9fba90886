/* SPDX-License-Identifier: MIT */
/* cli_help.c - --help and --version. */
#include <stdio.h>

#include "cli.h"
#include "diag.h"
#include "version.h"

/* The options, a section per entry (coreutils' order first), each in
 * parentheses: one string made of several literals. */
static const char *const help_sections[] = {
	("With no FILE, or when FILE is -, read standard input.\n\n"
	 "  -a, --algorithm=ALG   sha1, sha224, sha256, sha384, sha512, md5, xxh64,\n"
	 "                          xxh3, xxh128, crc32c, crc32 or crc64nvme; a comma\n"
	 "                          list computes several in one read\n"
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
	 "\n"),
	("Which files:\n"
	 "  -r, --recursive       hash the files under directories, sorted by name\n"
	 "  -L, --dereference     with -r or --audit, follow symbolic links (loops are\n"
	 "                        detected)\n"
	 "      --files-from=F    read the names to hash from F, one per line\n"
	 "      --files0-from=F   ... NUL-separated (find -print0); - is stdin\n"
	 "\n"),
	("The following five options are useful only when verifying checksums\n"
	 "(--quiet and --status also with --verify-object):\n"
	 "      --ignore-missing  don't fail or report status for missing files\n"
	 "      --quiet           don't print OK for each successfully verified file\n"
	 "      --status          don't output anything, status code shows success\n"
	 "      --strict          exit non-zero for improperly formatted checksum lines\n"
	 "  -w, --warn            warn about improperly formatted checksum lines\n"
	 "\n"),
	("Trees and their lists:\n"
	 "      --audit[=DIR]     with -c, also walk DIR (default .) and report files\n"
	 "                          missing, new or moved, beside OK and CHANGED\n"
	 "      --ignore-new      with --audit, files not in the list are no error\n"
	 "      --update=LIST     append to LIST the files (-r: trees) it lacks, in\n"
	 "                          its own format; LIST is replaced atomically\n"
	 "      --update-changed  with --update, also rehash listed files newer than\n"
	 "                          LIST and rewrite their lines in place\n"
	 "\n"),
	("Implementation and input:\n"
	 "      --impl=NAME       force an implementation (generic, ssse3, avx, avx2,\n"
	 "                          shani, avx512, sse42, pclmul, vpclmul...; auto)\n"
	 "      --list-impls[=names]  list the implementations and what this CPU runs\n"
	 "                          (=names: just the names for -a's algorithm)\n"
	 "      --debug           say on stderr which implementation runs and why\n"
	 "      --cross-check     also hash with generic; any disagreement is an error\n"
	 "      --progress[=WHEN] show bytes done, rate and ETA on stderr (none\n"
	 "                          without this option): auto (when stderr is a\n"
	 "                          terminal; --progress alone), always or never\n"
	 "      --io=MODE         how to read regular files: auto, read or mmap\n"
	 "      --selftest        run known answers through every implementation\n"
	 "                          this CPU supports; exit 1 if any fails\n"
	 "  -j, --jobs=N          hash with N threads (default: the CPUs available,\n"
	 "                          or 1 for uncached files on a rotational disk)\n"
	 "\n"),
	("Benchmark:\n"
	 "      --benchmark       time each implementation this CPU runs (of the -a\n"
	 "                          algorithms, else all; of --impl and auto, if\n"
	 "                          given) in the kernel's tcrypt rows, and exit\n"
	 "      --benchmark-time=MS  CPU milliseconds per timed run (default 20, less\n"
	 "                          where that keeps a large run under a minute)\n"
	 "      --format=FORMAT   table (default), csv or json\n"
	 "      --check-auto      with --benchmark: race auto against every forced\n"
	 "                          choice here; exit 1 if auto is >3% slower\n"
	 "      --tune[=save]     measure this machine's profile (5-15 s) and\n"
	 "                          print it; =save: store it for auto to use\n"
	 "\n"),
	("      --help            display this help and exit\n"
	 "      --version         output version information and exit\n"
	 "\n"),
	("The environment variable SIMDSUM_IMPL is read like --impl (the option\n"
	 "wins). See simdsum(1) for the details.\n")
};

void cli_usage(const char *default_algo)
{
	printf("Usage: %s [OPTION]... [FILE]...\n", program_name);
	printf("Print or check checksums (default algorithm: %s), using the fastest\n"
	       "implementation this CPU supports.\n\n",
	       default_algo);
	for (size_t i = 0; i < sizeof help_sections / sizeof help_sections[0]; i++)
		fputs(help_sections[i], stdout);
}

void cli_version(void)
{
	printf("simdsum %s\n", SIMDSUM_VERSION);
	puts("SHA-1, SHA-2, MD5, CRC-32C, CRC-32 and CRC-64/NVME checksums with SIMD\n"
	     "transforms chosen at run time, and the xxHash family through libxxhash.\n"
	     "See 'simdsum --list-impls' for the implementations this CPU runs, and\n"
	     "'simdsum --selftest' to check each of them against known answers.\n"
	     "Copyright (c) 2026 The simdsum authors. License: MIT (see LICENSE).\n"
	     "This is free software: you are free to change and redistribute it.\n"
	     "There is NO WARRANTY, to the extent permitted by law.");
}

