/* SPDX-License-Identifier: MIT */
/* quote.c - shell-style quoting of names in diagnostics (coreutils' quotef). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

#include "diag.h"
#include "quote.h"
#include "xalloc.h"

/* Characters that make a shell treat the name specially, plus ':'. A
 * brace counts only as the whole name ("{" and "}" alone are reserved
 * words), as in coreutils' quoting (gnulib's quotearg). */
static bool is_shell_special(unsigned char c, size_t pos, size_t len)
{
	if (c == '{' || c == '}')
		return len == 1;
	if (c == '#' || c == '~')
		return pos == 0;
	return strchr(" !\"$&'()*:;<=>?[\\^`|", c) != NULL && c != '\0';
}

/* Characters that may appear inside "..." without any escaping, so a name
 * holding a single quote can be shown as "it's" instead of 'it'\''s'. */
static bool is_double_quote_safe(unsigned char c, size_t pos)
{
	if (c == '#' || c == '~')
		return pos == 0;
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       strchr("%+,-./:]_@ '", c) != NULL;
}

/* Length of the printable character at s (1 for ASCII, more for a valid
 * printable multibyte character in the current locale), or 0 when the
 * byte must be shown as an escape. */
static size_t printable_len(const char *s, size_t left)
{
	unsigned char c = (unsigned char)*s;

	if (c < 0x80)
		return (c >= 0x20 && c < 0x7f) ? 1 : 0;
	mbstate_t st;
	memset(&st, 0, sizeof st);
	wchar_t wc;
	size_t n = mbrtowc(&wc, s, left, &st);
	if (n == (size_t)-1 || n == (size_t)-2 || n == 0 || !iswprint((wint_t)wc))
		return 0;
	return n;
}

struct sbuf {
	char *p;
	size_t len, cap;
};

static void put(struct sbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		while (b->len + n + 1 > cap)
			cap *= 2;
		b->p = xrealloc(b->p, cap);
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

static void puts_(struct sbuf *b, const char *s)
{
	put(b, s, strlen(s));
}

static void put_escape(struct sbuf *b, unsigned char c)
{
	static const char letters[] = "abtnvfr";   /* \a=7 ... \r=13 */
	char tmp[8];

	if (c >= 7 && c <= 13)
		snprintf(tmp, sizeof tmp, "\\%c", letters[c - 7]);
	else
		snprintf(tmp, sizeof tmp, "\\%03o", c);
	puts_(b, tmp);
}

/* The len bytes at name, quoted when they need it or always is set. */
static const char *quote_bytes(const char *name, size_t len, bool always)
{
	static struct sbuf ring[4];
	static unsigned next;
	struct sbuf *b = &ring[next++ % 4];
	bool needs_quotes = always || len == 0, has_quote = false, double_ok = true,
	     ends_escaped = false;

	b->len = 0;
	for (size_t i = 0; i < len;) {
		size_t n = printable_len(name + i, len - i);
		ends_escaped = n == 0;   /* of the last character, once the loop ends */
		if (n == 0) {
			needs_quotes = true;
			double_ok = false;
			i++;
			continue;
		}
		unsigned char c = (unsigned char)name[i];
		if (n == 1) {
			if (is_shell_special(c, i, len))
				needs_quotes = true;
			if (c == '\'')
				has_quote = true;
			if (!is_double_quote_safe(c, i))
				double_ok = false;
		}
		i += n;
	}

	if (!needs_quotes) {
		put(b, name, len);
		return b->p;
	}
	if (has_quote && double_ok) {
		puts_(b, "\"");
		put(b, name, len);
		puts_(b, "\"");
		return b->p;
	}

	/* coreutils 9.1 (gnulib's quotearg) writes a name holding a single
	 * quote after a first scan of it, and starts writing in the state the
	 * scan ended in: when the last character was escaped, as if a $'...'
	 * were open. Its first character then closes that with '' ('''a...),
	 * or, escaped itself, comes without its $' ('\001''a'\'''$'\001',
	 * which no shell reads back as the name). simdsum writes the same. */
	bool in_escape = has_quote && ends_escaped;
	puts_(b, "'");
	for (size_t i = 0; i < len;) {
		size_t n = printable_len(name + i, len - i);
		if (n == 0) {
			if (!in_escape)
				puts_(b, "'$'");
			in_escape = true;
			put_escape(b, (unsigned char)name[i]);
			i++;
			continue;
		}
		if (in_escape) {
			/* Close $'...'; a quote needs no reopening first. */
			puts_(b, n == 1 && name[i] == '\'' ? "'\\''" : "''");
			in_escape = false;
			if (n == 1 && name[i] == '\'') {
				i++;
				continue;
			}
		}
		if (n == 1 && name[i] == '\'')
			puts_(b, "'\\''");
		else
			put(b, name + i, n);
		i += n;
	}
	puts_(b, "'");
	return b->p;
}

const char *quote_name(const char *name)
{
	return quote_bytes(name, strlen(name), false);
}

const char *quote_value(const char *value, size_t len)
{
	return quote_bytes(value, len, true);
}

void quote_file_error(const char *name, int errnum)
{
	diag_error(errnum, "%s", quote_name(name));
}

const char *quote_arg(const char *arg)
{
	return quote_value(arg, strlen(arg));
}
