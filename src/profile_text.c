/* SPDX-License-Identifier: MIT */
/* profile_text.c - the profile file format (src/profile.h): text parsed
 * into a struct cpu_profile, and one written back as text that parses to
 * the same. Pure: no files opened, no environment read; finding and
 * loading a file, and choosing the profile in force, are profile.c's. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"
#include "version.h"

#define LINE_MAX_BYTES 256
/* The longest line: "row FAMILY NAME CALL BYTE from LEN CALL2 BYTE2". */
#define MAX_TOKENS 9

struct tokens {
	unsigned n;
	struct { const char *s; size_t len; } t[MAX_TOKENS];
	const char *rest;      /* the line after the first token */
	size_t rest_len;
};

static void split(const char *line, size_t len, struct tokens *tk)
{
	size_t i = 0;

	tk->n = 0;
	tk->rest = line + len;
	tk->rest_len = 0;
	while (i < len && tk->n < MAX_TOKENS) {
		while (i < len && (line[i] == ' ' || line[i] == '\t'))
			i++;
		if (i == len)
			break;
		size_t start = i;
		while (i < len && line[i] != ' ' && line[i] != '\t')
			i++;
		if (tk->n == 1) {
			tk->rest = line + start;
			tk->rest_len = len - start;
		}
		tk->t[tk->n].s = line + start;
		tk->t[tk->n++].len = i - start;
	}
	/* More tokens than any line has: make the count say so. */
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i < len)
		tk->n = MAX_TOKENS + 1;
}

static bool token_is(const struct tokens *tk, unsigned i, const char *word)
{
	return i < tk->n && tk->t[i].len == strlen(word) && memcmp(tk->t[i].s, word, tk->t[i].len) == 0;
}

/* A token as a C string (tokens are at most LINE_MAX_BYTES long). */
static void token_copy(const struct tokens *tk, unsigned i, char *buf, size_t size)
{
	size_t n = tk->t[i].len < size - 1 ? tk->t[i].len : size - 1;
	memcpy(buf, tk->t[i].s, n);
	buf[n] = '\0';
}

static bool parse_unsigned(const struct tokens *tk, unsigned i, unsigned max, unsigned *out)
{
	char buf[LINE_MAX_BYTES + 1], *end;

	token_copy(tk, i, buf, sizeof buf);
	errno = 0;
	if (buf[0] < '0' || buf[0] > '9')
		return false;
	unsigned long v = strtoul(buf, &end, 0);
	if (errno || *end || v > max)
		return false;
	*out = (unsigned)v;
	return true;
}

/* A plain decimal ("0.877178", "37.7555": what profile_write prints) into
 * *out without strtod, which took 40% of a run's reading of its profile
 * (about 130 figures): a mantissa up to 2^53 is exact in a double, as is
 * 10^k for k <= 22, and IEEE division rounds correctly, so m / 10^k is
 * the double strtod gives. false for anything else, which strtod takes. */
static bool plain_decimal(const char *s, double *out)
{
	static const double pow10[] = { 1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
					1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
					1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };
	uint64_t m = 0;
	unsigned digits = 0, frac = 0;
	bool point = false;

	for (; *s; s++) {
		if (*s == '.' && !point) {
			point = true;
			continue;
		}
		if (*s < '0' || *s > '9')
			return false;
		m = m * 10 + (uint64_t)(*s - '0');
		if (m > (UINT64_C(1) << 53))
			return false;
		digits++;
		frac += point;
	}
	if (!digits || frac >= sizeof pow10 / sizeof pow10[0])
		return false;
	*out = (double)m / pow10[frac];
	return true;
}

/* A cost in ns: finite, >= 0 (> 0 when positive is set), below 1e9. */
static bool cost_from_text(const char *s, bool positive, double *out)
{
	char *end;
	double v;

	if (!plain_decimal(s, &v)) {
		/* An exponent (1.5e-3): decimal only, no sign before the
		 * digits, so no hex, inf, nan or -0 that strtod would take. */
		if (((*s < '0' || *s > '9') && *s != '.') || s[strspn(s, "0123456789.eE+-")] != '\0')
			return false;
		errno = 0;
		v = strtod(s, &end);
		/* ERANGE on an underflow (1e-320) leaves a tiny cost: kept */
		if ((errno && !(errno == ERANGE && v < 1)) || *end)
			return false;
	}
	if (!isfinite(v) || v < 0 || v >= 1e9 || (positive && v <= 0))
		return false;
	*out = v;
	return true;
}

static bool parse_cost(const struct tokens *tk, unsigned i, bool positive, double *out)
{
	char buf[LINE_MAX_BYTES + 1];

	token_copy(tk, i, buf, sizeof buf);
	return cost_from_text(buf, positive, out);
}

/* A length in bytes: decimal digits only (no sign, no 0x), 1 to
 * PROFILE_MAX_FROM_LEN. */
#define PROFILE_MAX_FROM_LEN 999999999u
static bool parse_length(const struct tokens *tk, unsigned i, size_t *out)
{
	char buf[LINE_MAX_BYTES + 1];
	unsigned long v = 0;

	token_copy(tk, i, buf, sizeof buf);
	if (!buf[0])
		return false;
	for (const char *s = buf; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		v = v * 10 + (unsigned long)(*s - '0');
		if (v > PROFILE_MAX_FROM_LEN)
			return false;
	}
	if (v == 0)
		return false;
	*out = v;
	return true;
}

/* "0x10-0x1f,0x60" */
static bool parse_models(const char *s, size_t len, struct cpu_profile *out)
{
	char buf[LINE_MAX_BYTES + 1];
	char *save = NULL;

	if (len >= sizeof buf)
		return false;
	memcpy(buf, s, len);
	buf[len] = '\0';
	out->nranges = 0;
	for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char *end;
		if (out->nranges == PROFILE_MAX_MODEL_RANGES || *tok < '0' || *tok > '9')
			return false;
		errno = 0;
		unsigned long lo = strtoul(tok, &end, 0), hi = lo;
		if (*end == '-') {
			if (end[1] < '0' || end[1] > '9')
				return false;
			hi = strtoul(end + 1, &end, 0);
		}
		if (errno || *end || lo > hi || hi > 0xffff)
			return false;
		out->model[out->nranges].lo = (unsigned)lo;
		out->model[out->nranges++].hi = (unsigned)hi;
	}
	return out->nranges > 0;
}

static bool printable(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] < 0x20 || s[i] > 0x7e)
			return false;
	return true;
}

/* The optional "from LEN CALL_NS2 BYTE_NS2" after a row's first pair
 * (tokens 5 to 8), into c; c->from_len stays 0 without one. */
static bool parse_segment(const struct tokens *tk, struct row_cost *c, char *err, size_t errsize)
{
	const char *row = family_desc(c->impl->family)->name;

	c->from_len = 0;
	c->call2_ns = c->byte2_ns = 0;
	if (tk->n == 5)
		return true;
	if (impl_is_multibuffer(c->impl)) {
		snprintf(err, errsize, "row %s %s: a multi-buffer row has one cost", row, c->impl->name);
		return false;
	}
	if (!parse_length(tk, 6, &c->from_len) || !parse_cost(tk, 7, false, &c->call2_ns) ||
	    !parse_cost(tk, 8, true, &c->byte2_ns)) {
		snprintf(err, errsize,
			 "row %s %s: from needs a length 1 to %u, 0 <= call < 1e9, 0 < byte < 1e9",
			 row, c->impl->name, PROFILE_MAX_FROM_LEN);
		c->from_len = 0;
		return false;
	}
	return true;
}

static bool parse_row(const struct tokens *tk, struct cpu_profile *out, char *err, size_t errsize)
{
	enum family family;
	char name[LINE_MAX_BYTES + 1];
	struct row_cost c;

	if (tk->n != 5 && !(tk->n == 9 && token_is(tk, 5, "from"))) {
		snprintf(err, errsize, "a row needs FAMILY NAME CALL_NS BYTE_NS [from LEN CALL_NS BYTE_NS]");
		return false;
	}
	token_copy(tk, 2, name, sizeof name);
	if (!family_by_name(tk->t[1].s, tk->t[1].len, &family) || !(c.impl = impl_find(family, name))) {
		snprintf(err, errsize, "unknown row '%.*s %.40s'", (int)(tk->t[1].len > 20 ? 20 : tk->t[1].len),
			 tk->t[1].s, name);
		return false;
	}
	if (!parse_cost(tk, 3, false, &c.call_ns) || !parse_cost(tk, 4, true, &c.byte_ns)) {
		snprintf(err, errsize, "row %s %s: costs must be numbers, 0 <= call < 1e9, 0 < byte < 1e9",
			 family_desc(family)->name, c.impl->name);
		return false;
	}
	if (!parse_segment(tk, &c, err, errsize))
		return false;
	if (profile_cost(out, c.impl)) {
		snprintf(err, errsize, "row %s %s given twice", family_desc(family)->name, c.impl->name);
		return false;
	}
	if (out->nrows == PROFILE_MAX_ROWS) {
		snprintf(err, errsize, "too many rows");
		return false;
	}
	out->rows[out->nrows++] = c;
	return true;
}

/* One line (without its newline); false with err set when it is wrong. */
static bool parse_line(const char *line, size_t len, bool *seen_magic, struct cpu_profile *out,
		       char *err, size_t errsize)
{
	struct tokens tk;

	if (len > LINE_MAX_BYTES) {
		snprintf(err, errsize, "longer than %d bytes", LINE_MAX_BYTES);
		return false;
	}
	if (!printable(line, len)) {
		snprintf(err, errsize, "not a line of text");
		return false;
	}
	split(line, len, &tk);
	if (tk.n == 0 || tk.t[0].s[0] == '#')
		return true;
	if (!*seen_magic) {
		if (tk.n != 2 || !token_is(&tk, 0, "simdsum-profile") || !token_is(&tk, 1, "1")) {
			snprintf(err, errsize, "not a simdsum profile (no 'simdsum-profile 1' line)");
			return false;
		}
		*seen_magic = true;
		return true;
	}
	if (token_is(&tk, 0, "row"))
		return parse_row(&tk, out, err, errsize);
	if (token_is(&tk, 0, "name") && tk.n >= 2 && tk.rest_len < sizeof out->name) {
		memcpy(out->name, tk.rest, tk.rest_len);
		out->name[tk.rest_len] = '\0';
		return true;
	}
	if (token_is(&tk, 0, "version") && tk.n == 2 && tk.t[1].len < sizeof out->version) {
		token_copy(&tk, 1, out->version, sizeof out->version);
		return true;
	}
	if (token_is(&tk, 0, "io") && tk.n == 2) {
		if (token_is(&tk, 1, "read") || token_is(&tk, 1, "mmap") || token_is(&tk, 1, "measure")) {
			out->io = token_is(&tk, 1, "read")   ? IO_PREF_READ
				  : token_is(&tk, 1, "mmap") ? IO_PREF_MMAP
							     : IO_PREF_MEASURE;
			return true;
		}
	}
	if (token_is(&tk, 0, "cpu") && tk.n == 4 && tk.t[1].len < sizeof out->vendor) {
		token_copy(&tk, 1, out->vendor, sizeof out->vendor);
		if (parse_unsigned(&tk, 2, 0xffff, &out->family) &&
		    parse_models(tk.t[3].s, tk.t[3].len, out))
			return true;
	}
	snprintf(err, errsize, "cannot read '%.*s'", (int)(tk.t[0].len > 20 ? 20 : tk.t[0].len),
		 tk.t[0].s);
	return false;
}

bool profile_parse(const char *text, size_t len, struct cpu_profile *out, char *err,
		   size_t errsize)
{
	bool seen_magic = false;
	size_t pos = 0;
	unsigned lineno = 0;
	char why[160];

	memset(out, 0, sizeof *out);
	/* --tune=save writes whole files, ending in a newline; a file that
	 * does not was cut short (a copy that stopped, an editor's buffer),
	 * and its last row may have lost digits. */
	if (len && text[len - 1] != '\n') {
		snprintf(err, errsize, "cut short: its last line has no newline");
		return false;
	}
	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - text) : len;
		lineno++;
		if (!parse_line(text + pos, end - pos, &seen_magic, out, why, sizeof why)) {
			snprintf(err, errsize, "line %u: %s", lineno, why);
			return false;
		}
		pos = end + 1;
	}
	if (!seen_magic) {
		snprintf(err, errsize, "not a simdsum profile (%s)",
			 len ? "no 'simdsum-profile 1' line" : "empty");
		return false;
	}
	if (!out->name[0])
		snprintf(out->name, sizeof out->name, "unnamed");
	return true;
}

/* A cost as the parser takes it back: %.6g, unless that falls outside
 * the bounds (999999999 prints as 1e+09, which is not below 1e9; a value
 * just above DBL_MIN as one below it, which strtod calls an underflow),
 * then more digits, up to the 17 that give the double itself back. */
static void cost_text(double v, bool positive, char *buf, size_t size)
{
	double back;

	for (int digits = 6; digits < 17; digits++) {
		snprintf(buf, size, "%.*g", digits, v);
		if (cost_from_text(buf, positive, &back))
			return;
	}
	snprintf(buf, size, "%.17g", v);
}

static void write_row(const struct row_cost *c, FILE *f)
{
	char call[32], byte[32];

	cost_text(c->call_ns, false, call, sizeof call);
	cost_text(c->byte_ns, true, byte, sizeof byte);
	fprintf(f, "row %s %s %s %s", family_desc(c->impl->family)->name, c->impl->name, call, byte);
	if (c->from_len) {
		cost_text(c->call2_ns, false, call, sizeof call);
		cost_text(c->byte2_ns, true, byte, sizeof byte);
		fprintf(f, " from %zu %s %s", c->from_len, call, byte);
	}
	fputc('\n', f);
}

void profile_write(const struct cpu_profile *p, const struct cpu_signature *sig, FILE *f)
{
	static const char *const io_names[] = { "measure", "read", "mmap" };

	fprintf(f, "simdsum-profile 1\nname %s\n", p->name);
	if (sig) {
		fprintf(f, "cpu %s 0x%x 0x%x\nversion %s\n", sig->vendor, sig->family, sig->model,
			SIMDSUM_VERSION);
	} else if (p->nranges) {
		fprintf(f, "cpu %s 0x%x ", p->vendor, p->family);
		for (unsigned i = 0; i < p->nranges; i++)
			fprintf(f, i ? ",0x%x-0x%x" : "0x%x-0x%x", p->model[i].lo, p->model[i].hi);
		fputc('\n', f);
	}
	fprintf(f, "io %s\n", io_names[p->io]);
	/* In registry order, whatever order the rows were found in. */
	for (int fam = 0; fam < FAMILY_COUNT; fam++)
		for (const struct impl *i = impl_table((enum family)fam); i->name; i++) {
			const struct row_cost *c = profile_cost(p, i);
			if (c)
				write_row(c, f);
		}
}
