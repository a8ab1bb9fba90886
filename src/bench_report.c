/* SPDX-License-Identifier: MIT */
/* bench_report.c - the benchmark's output formats: a side-by-side table
 * (like the kernel's tcrypt comparisons), CSV, and one JSON document. */
#include <stdio.h>
#include <string.h>

#include "bench.h"

/* Width of one implementation's column: MiB/s, a space, cycles/byte. */
#define CELL_WIDTH 16

/* --- table ------------------------------------------------------------- */

static void table_begin(const struct bench_meta *m)
{
	printf("simdsum %s --benchmark (rows as in the Linux kernel's tcrypt hash speed test)\n",
	       m->version);
	printf("CPU: %s\n", m->cpu);
	printf("compiler: %s\n", m->compiler);
	printf("build flags: %s\n", m->cflags);
	printf("cycles: %s\n", m->cycles);
	printf("method: one init, update..., final per operation on a cached buffer; per cell a\n"
	       "  warm-up, then %u runs of >= %u ms of this thread's CPU time, interleaved across\n"
	       "  the columns; median\n",
	       m->runs, m->run_ms);
	if (m->multi_buffer)
		printf("multi-buffer columns (--list-impls shows their lanes): a message of block bytes\n"
		       "  per lane, all hashed at once (whole blocks in one kernel call, the update size\n"
		       "  does not apply); MiB/s and c/B of all of them together\n");
	for (unsigned i = 0; i < m->nnotes; i++)
		printf("not run: %s %s: %s\n", m->notes[i].algo, m->notes[i].impl, m->notes[i].reason);
}

static void table_table_begin(const struct bench_meta *m, const struct bench_column *cols,
			      unsigned ncols)
{
	printf("\n%s: MiB/s and cycles per byte (c/B) for each implementation\n", cols[0].algo->name);
	printf("%7s %7s %5s", "block", "update", "upd");
	for (unsigned c = 0; c < ncols; c++)
		printf("  %*s", CELL_WIDTH, cols[c].name);
	printf("\n%21s", "");
	for (unsigned c = 0; c < ncols; c++)
		printf("  %8s %7s", "MiB/s", strcmp(m->cycle_source, "none") == 0 ? "" : "c/B");
	putchar('\n');
}

static void table_row(const struct bench_meta *m, const struct bench_case *bc,
		      const struct bench_column *cols, const struct bench_result *res, unsigned ncols)
{
	(void)m;
	(void)cols;
	printf("%7zu %7zu %5zu", bc->block, bc->update, bc->block / bc->update);
	for (unsigned c = 0; c < ncols; c++) {
		if (res[c].cycles_per_byte >= 0)
			printf("  %8.1f %7.2f", res[c].mib_per_s, res[c].cycles_per_byte);
		else
			printf("  %8.1f %7s", res[c].mib_per_s, "");
	}
	putchar('\n');
	fflush(stdout);   /* rows come seconds apart: show progress */
}

/* For the parts of the report a format has nothing to write for. */
static void no_table_end(void)
{
}

static void no_end(void)
{
}

/* --- CSV --------------------------------------------------------------- */

/* The header is part of the interface: scripts and bench/plot.sh read it. */
static void csv_begin(const struct bench_meta *m)
{
	(void)m;
	puts("algorithm,impl,block_bytes,update_bytes,updates,mib_per_s,cycles_per_byte,"
	     "cycle_source");
}

static void no_table_begin(const struct bench_meta *m, const struct bench_column *cols,
			   unsigned ncols)
{
	(void)m;
	(void)cols;
	(void)ncols;
}

static void csv_row(const struct bench_meta *m, const struct bench_case *bc,
		    const struct bench_column *cols, const struct bench_result *res, unsigned ncols)
{
	for (unsigned c = 0; c < ncols; c++) {
		printf("%s,%s,%zu,%zu,%zu,%.2f,", cols[c].algo->name, cols[c].name, bc->block,
		       bc->update, bc->block / bc->update, res[c].mib_per_s);
		if (res[c].cycles_per_byte >= 0)
			printf("%.4f", res[c].cycles_per_byte);
		printf(",%s\n", m->cycle_source);
	}
	fflush(stdout);
}

/* --- JSON -------------------------------------------------------------- */

/* A JSON string literal; brand strings and CFLAGS may hold anything. */
static void json_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			printf("\\%c", ch);
		else if (ch < 0x20)
			printf("\\u%04x", ch);
		else
			putchar(ch);
	}
	putchar('"');
}

static void json_field(const char *key, const char *value, const char *after)
{
	printf("  \"%s\": ", key);
	json_string(value);
	fputs(after, stdout);
}

static unsigned json_results;   /* results written so far, for the commas */

static void json_begin(const struct bench_meta *m)
{
	puts("{");
	json_field("tool", "simdsum", ",\n");
	json_field("version", m->version, ",\n");
	json_field("cpu", m->cpu, ",\n");
	json_field("compiler", m->compiler, ",\n");
	json_field("build_flags", m->cflags, ",\n");
	json_field("cycle_source", m->cycle_source, ",\n");
	json_field("cycles", m->cycles, ",\n");
	printf("  \"method\": {\"runs\": %u, \"run_ms\": %u, \"statistic\": \"median\"},\n", m->runs,
	       m->run_ms);
	printf("  \"not_run\": [");
	for (unsigned i = 0; i < m->nnotes; i++) {
		printf("%s\n    {\"algorithm\": ", i ? "," : "");
		json_string(m->notes[i].algo);
		printf(", \"impl\": ");
		json_string(m->notes[i].impl);
		printf(", \"reason\": ");
		json_string(m->notes[i].reason);
		putchar('}');
	}
	printf("%s],\n  \"results\": [", m->nnotes ? "\n  " : "");
	json_results = 0;
}

static void json_row(const struct bench_meta *m, const struct bench_case *bc,
		     const struct bench_column *cols, const struct bench_result *res, unsigned ncols)
{
	(void)m;
	for (unsigned c = 0; c < ncols; c++) {
		printf("%s\n    {\"algorithm\": \"%s\", \"impl\": ", json_results++ ? "," : "",
		       cols[c].algo->name);
		json_string(cols[c].name);
		printf(", \"lanes\": %u, \"block_bytes\": %zu, \"update_bytes\": %zu, \"updates\": %zu, "
		       "\"mib_per_s\": %.2f, \"cycles_per_byte\": ",
		       cols[c].impl && impl_is_multibuffer(cols[c].impl) ? cols[c].impl->lanes : 1,
		       bc->block, bc->update, bc->block / bc->update, res[c].mib_per_s);
		if (res[c].cycles_per_byte >= 0)
			printf("%.4f}", res[c].cycles_per_byte);
		else
			printf("null}");
	}
	fflush(stdout);
}

static void json_end(void)
{
	printf("%s]\n}\n", json_results ? "\n  " : "");
}

const struct bench_format bench_formats[] = {
	{ "table", table_begin, table_table_begin, table_row, no_table_end, no_end },
	{ "csv", csv_begin, no_table_begin, csv_row, no_table_end, no_end },
	{ "json", json_begin, no_table_begin, json_row, no_table_end, json_end },
	{ 0 },
};
