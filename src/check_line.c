/* SPDX-License-Identifier: MIT */
/* check_line.c - the checksum-list line parser, following coreutils 9.1:
 *   [ws][\]HEX(ws)( |*)NAME          GNU form ('\' = NAME is escaped)
 *   [ws][\]HEX(ws)NAME               "reversed" BSD form (single blank)
 *   [ws][\]TAG[ ](NAME)[ws]=[ws]HEX  BSD tag form, TAG of any algorithm
 *   [ws][\]XXH3_HEX(ws)( |*)NAME     xxhsum 0.8.2's GNU form of XXH3
 *   [ws][\]XXH64_LE (NAME) = HEX     xxhsum --little-endian (XXH3_LE,
 *                                    XXH128_LE): the digest's bytes
 *                                    reversed, put back in place
 *   NAME HEX                         SFV (cksfv, rhash --sfv): CRC-32 in
 *                                    8 hex digits after the last space,
 *                                    ';' starts a comment; read where a
 *                                    CRC-32 line may be (check_parser.sfv)
 *                                    and no other form reads the line
 *                                    (see sfv_wins)
 * Anything else is malformed. A NUL byte ends an unescaped name, as
 * coreutils reads its lines as C strings ("HEX  a\0b" names "a"); the
 * caller is told, so the cut is never silent. */
#include <stdlib.h>
#include <string.h>

#include "base64.h"
#include "bytes.h"
#include "check_line.h"
#include "escape.h"

#define IS_BLANK(c) ((c) == ' ' || (c) == '\t')

void check_parser_init(struct check_parser *p, const struct algo *untagged_algo)
{
	p->untagged_algo = untagged_algo;
	p->by_length = false;
	p->sfv = untagged_algo->family == FAMILY_CRC32;
	p->other_tags_malformed = false;
	p->bsd_reversed = -1;
	p->nul_records = false;
	p->sfv_list = false;
}

void check_parser_start_list(struct check_parser *p)
{
	p->sfv_list = false;
}

static bool is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static bool all_hex(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!is_hex(s[i]))
			return false;
	return true;
}

/* The digest in hex (2 characters a byte) or in canonical padded base64.
 * Base64 of a digest ends in '=', so never looks like hex, except
 * SHA-384's: its 48 bytes take 64 characters, the length of a SHA-256 in
 * hex. In an untagged line a string of hex digits is therefore read as
 * hex only: a SHA-256 line is no SHA-384, as coreutils' sha384sum reads
 * it, and --update can tell a SHA-256 list by its length. A tagged line
 * names its algorithm, so there a string of the base64 length is base64
 * whatever its characters. (An untagged base64 SHA-384 made of hex digits
 * alone comes once in 10^29.) */
static bool valid_digest(const char *s, size_t len, const struct algo *algo, bool tagged)
{
	uint8_t raw[ALGO_MAX_DIGEST];
	bool hex = all_hex(s, len);

	if (hex && len == 2 * (size_t)algo->digest_size)
		return true;
	if (hex && !tagged)
		return false;
	return base64_decode_exact(s, len, raw, algo->digest_size);
}

/* The tag at s, if it is one: the whole word before ' ' or '(' (a base64
 * digest that begins with a tag's letters, "MD5lL7X...=", is no tag).
 * *le: an xxHash tag with xxhsum --little-endian's "_LE". */
static const struct algo *tag_at(const char *s, size_t *taglen, bool *le)
{
	size_t n = strcspn(s, " (");

	*le = false;
	if (s[n] == '\0')
		return NULL;
	*taglen = n;
	const struct algo *a = algo_by_tag(s, n);
	if (a || n < 4 || memcmp(s + n - 3, "_LE", 3) != 0)
		return a;
	a = algo_by_tag(s, n - 3);
	*le = a && (a->family == FAMILY_XXH64 || a->family == FAMILY_XXH3);
	return *le ? a : NULL;
}

/* A little-endian digest in hex turned big-endian, in place. */
static bool reverse_hex(char *s, size_t len, const struct algo *algo)
{
	if (len != 2 * (size_t)algo->digest_size || !all_hex(s, len))
		return false;
	for (size_t i = 0, j = len - 2; i < j; i += 2, j -= 2) {
		char a = s[i], b = s[i + 1];
		s[i] = s[j];
		s[i + 1] = s[j + 1];
		s[j] = a;
		s[j + 1] = b;
	}
	return true;
}

/* "NAME) = HEX" after the '(' of a tagged line. The name ends at the
 * last ')' of the line, so names may contain parentheses. */
static bool parse_tagged(char *s, size_t len, bool escaped, const struct algo *algo, bool le,
			 struct check_line *out)
{
	if (len == 0)
		return false;
	size_t close = len - 1;
	while (close && s[close] != ')')
		close--;
	if (s[close] != ')')
		return false;
	out->nul_cut = false;
	if (escaped) {
		if (!unescape_name(s, close))
			return false;
	} else {
		out->nul_cut = memchr(s, '\0', close) != NULL;
		s[close] = '\0';
	}
	size_t i = close + 1;
	while (i < len && IS_BLANK(s[i]))
		i++;
	if (i >= len || s[i] != '=')
		return false;
	i++;
	while (i < len && IS_BLANK(s[i]))
		i++;
	size_t dlen = strnlen(s + i, len - i);   /* the digest, too, is a C string */
	out->nul_cut |= dlen < len - i;
	if (le ? !reverse_hex(s + i, dlen, algo) : !valid_digest(s + i, dlen, algo, true))
		return false;
	out->algo = algo;
	out->digest = s + i;
	out->digest_len = dlen;
	out->binary = false;
	out->name = s;
	return true;
}

/* The one algorithm whose digests (hex or base64) can be this string, or
 * NULL when none or several can (8 hex digits: CRC-32 or CRC-32C). */
static const struct algo *only_algo_of(const char *s, size_t len)
{
	const struct algo *found = NULL;

	for (const struct algo *a = algos; a->name; a++) {
		if (!valid_digest(s, len, a, false))
			continue;
		if (found)
			return NULL;
		found = a;
	}
	return found;
}

/* forced: the algorithm a prefix named (XXH3_), else NULL. */
static bool parse_untagged(struct check_parser *p, char *s, size_t len, bool escaped,
			   const struct algo *forced, struct check_line *out)
{
	const struct algo *algo = forced ? forced : p->untagged_algo;

	/* The digest runs to the first blank. */
	size_t dlen = 0;
	while (dlen < len && !IS_BLANK(s[dlen]))
		dlen++;
	/* Shortest line: the digest, one blank, a one-byte name; coreutils
	 * asks for one more when what follows the escape is a backslash. */
	if (len < dlen + 2 + (s[0] == '\\'))
		return false;
	if (!valid_digest(s, dlen, algo, false) &&
	    !(!forced && p->by_length && (algo = only_algo_of(s, dlen))))
		return false;
	size_t i = dlen + 1;

	/* "HEX NAME" (one blank) is the reversed BSD form; a list may use it
	 * or the GNU form, never both, so that a name with a leading space
	 * or '*' cannot be misread. */
	if (len - i == 1 || (s[i] != ' ' && s[i] != '*')) {
		if (p->bsd_reversed == 0)
			return false;
		p->bsd_reversed = 1;
		out->binary = false;
	} else if (p->bsd_reversed != 1) {
		p->bsd_reversed = 0;
		out->binary = s[i++] == '*';
	} else {
		out->binary = false;
	}

	char *name = s + i;
	size_t namelen = len - i;
	out->nul_cut = false;
	if (escaped) {
		if (!unescape_name(name, namelen))
			return false;
	} else {
		out->nul_cut = memchr(name, '\0', namelen) != NULL;
	}
	name[namelen] = '\0';
	out->algo = algo;
	out->digest = s;
	out->digest_len = dlen;
	out->name = name;
	return true;
}

#define SFV_HEX 8   /* the CRC-32 after the line's last space */

static bool sfv_shaped(const char *line, size_t len)
{
	return len >= SFV_HEX + 2 && line[len - SFV_HEX - 1] == ' ' &&
	       all_hex(line + len - SFV_HEX, SFV_HEX);
}

bool check_line_sfv_shaped(const char *line, size_t len)
{
	return sfv_shaped(line, len);
}

static bool is_tag_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
	       c == '-' || c == '_';
}

/* "WORD (": a tag, then the name's parenthesis. */
static bool begins_with_tag(const char *line, size_t n)
{
	size_t w = 0;

	while (w < n && is_tag_char(line[w]))
		w++;
	return w && w + 1 < n && line[w] == ' ' && line[w + 1] == '(';
}

/* "WORD (NAME) = HEX": a tagged line, of an algorithm simdsum may not
 * know (xxhsum's XXH32, rhash's own tags), is no SFV line of the name
 * "WORD (NAME) =". Nor is "WORD (NAME) WORDS = HEX", as --parts prints
 * ("CRC32C (f) part 1 of 3, offset 0, length 4 = HEX"). */
static bool tagged_shaped(const char *line, size_t namelen)
{
	size_t i = namelen;

	while (i && IS_BLANK(line[i - 1]))
		i--;
	if (!i || line[i - 1] != '=')
		return false;
	i--;
	while (i && IS_BLANK(line[i - 1]))
		i--;
	if (i && line[i - 1] == ')' && memchr(line, '(', i) != NULL)
		return true;
	return begins_with_tag(line, i) && memchr(line, ')', i) != NULL;
}

/* "NAME HEX" (a line sfv_shaped): no escapes, SFV has none. */
static void parse_sfv(char *line, size_t len, struct check_line *out)
{
	size_t namelen = len - SFV_HEX - 1;

	line[namelen] = '\0';
	out->algo = algo_by_tag("CRC32", 5);
	out->digest = line + namelen + 1;
	out->digest_len = SFV_HEX;
	out->binary = false;
	out->name = line;
	out->nul_cut = memchr(line, '\0', namelen) != NULL;
	out->sfv = true;
}

static enum check_line_kind parse_other_forms(struct check_parser *p, char *line, size_t len,
					      struct check_line *out);

/* Whether an algorithm's digest can be the len bytes at s. */
static bool some_digest(const char *s, size_t len)
{
	for (const struct algo *a = algos; a->name; a++)
		if (valid_digest(s, len, a, false))
			return true;
	return false;
}

/* "HEX  NAME" or "HEX *NAME", HEX a digest of any algorithm (escaped
 * or not): a GNU line, of another algorithm if no form reads it. */
static bool begins_like_gnu(const char *line)
{
	const char *s = line + (line[0] == '\\');
	size_t n = strcspn(s, " \t");

	return some_digest(s, n) && IS_BLANK(s[n]) && (s[n + 1] == ' ' || s[n + 1] == '*');
}

/* A line that begins with a blank or a digest (escaped or not) is
 * another form's, of another algorithm or gone wrong ("HEX  NAME" of a
 * SHA-256 list checked with -a crc32), unless the list said it is SFV. */
static bool begins_like_other_forms(const char *line)
{
	const char *s = line + (line[0] == '\\');

	return IS_BLANK(line[0]) || some_digest(s, strcspn(s, " \t"));
}

/* Whether an SFV-shaped line is SFV: when no other form reads it and it
 * does not begin like one; and in a list that has said it is SFV (a ';'
 * comment line, which cksfv and rhash --sfv write first) also when it
 * begins with a digest and one blank, or reads only as a reversed BSD
 * line, as for a file named by a digest:
 * "d41d8cd98f00b204e9800998ecf8427e 3E3E8B10" is then that file's
 * CRC-32, not a reversed BSD line of the file "3E3E8B10". A tagged or a
 * GNU reading ("HEX  NAME 20240101", as Windows tools write under a ';'
 * header too) always wins. The trial reads a copy, with a copy of the
 * state (a reversed BSD reading would decide the list's form). */
static bool sfv_wins(const struct check_parser *p, const char *line, size_t len)
{
	char copy[4096 + 2 * SFV_HEX];
	struct check_parser trial = *p;
	struct check_line out;

	if (tagged_shaped(line, len - SFV_HEX - 1))
		return false;
	/* Longer: a name past PATH_MAX, of a list no tool wrote as SFV. */
	if (len >= sizeof copy)
		return false;
	memcpy(copy, line, len + 1);
	if (parse_other_forms(&trial, copy, len, &out) != CHECK_LINE_OK)
		return !begins_like_gnu(line) && (p->sfv_list || !begins_like_other_forms(line));
	/* read untagged with one blank: the reversed BSD form */
	bool reversed = out.name > out.digest && trial.bsd_reversed == 1;
	return reversed && p->sfv_list;
}

enum check_line_kind check_parse_line(struct check_parser *p, char *line, size_t len,
				      struct check_line *out)
{
	if (len && line[0] == '#')
		return CHECK_LINE_SKIP;
	if (len && line[len - 1] == '\n' && !p->nul_records)
		len--;
	if (len && line[len - 1] == '\r' && !p->nul_records)
		len--;
	if (len == 0)
		return CHECK_LINE_SKIP;
	line[len] = '\0';
	out->sfv = out->xxh3_prefix = out->little_endian = false;
	if (p->sfv && line[0] == ';') {
		p->sfv_list = true;
		return CHECK_LINE_SKIP;   /* an SFV comment */
	}
	if (p->sfv && sfv_shaped(line, len) && sfv_wins(p, line, len)) {
		parse_sfv(line, len, out);
		return CHECK_LINE_OK;
	}
	return parse_other_forms(p, line, len, out);
}

/* Every form but SFV's, of line[0..len) (ended, not empty). */
static enum check_line_kind parse_other_forms(struct check_parser *p, char *line, size_t len,
					      struct check_line *out)
{
	size_t i = 0;
	while (i < len && IS_BLANK(line[i]))
		i++;
	bool escaped = false;
	if (i < len && line[i] == '\\') {
		escaped = true;
		i++;
	}

	/* xxhsum 0.8.2 and later write XXH3 untagged after a prefix that
	 * names it, its digests having XXH64's length: "XXH3_HEX  NAME". */
	const struct algo *prefixed = NULL;
	if (strncmp(line + i, XXH3_GNU_PREFIX, strlen(XXH3_GNU_PREFIX)) == 0 &&
	    is_hex(line[i + strlen(XXH3_GNU_PREFIX)]))   /* not the tag XXH3_LE */
		prefixed = algo_by_tag("XXH3", 4);
	out->xxh3_prefix = prefixed != NULL;
	if (prefixed && p->other_tags_malformed && prefixed != p->untagged_algo)
		return CHECK_LINE_MALFORMED;
	if (prefixed)
		return parse_untagged(p, line + i + strlen(XXH3_GNU_PREFIX),
				      len - i - strlen(XXH3_GNU_PREFIX), escaped, prefixed, out)
			       ? CHECK_LINE_OK
			       : CHECK_LINE_MALFORMED;

	size_t taglen;
	bool le;
	const struct algo *tagged = tag_at(line + i, &taglen, &le);
	bool ok;
	/* coreutils' sha256sum knows one tag: "SHA1 (f) = ..." is not hex. */
	if (tagged && p->other_tags_malformed && tagged != p->untagged_algo)
		return CHECK_LINE_MALFORMED;
	if (tagged) {
		i += taglen;
		if (line[i] == ' ')
			i++;
		ok = line[i] == '(' && parse_tagged(line + i + 1, len - i - 1, escaped, tagged, le, out);
		out->little_endian = le;
	} else {
		ok = parse_untagged(p, line + i, len - i, escaped, NULL, out);
	}
	return ok ? CHECK_LINE_OK : CHECK_LINE_MALFORMED;
}

bool check_sfv_reads_back(const char *name, bool sfv_list)
{
	static const char crc[] = " 00000000";
	size_t namelen = strlen(name);
	char *line = malloc(namelen + sizeof crc);
	struct check_parser p;
	struct check_line out;

	/* a line end cuts the line; rhash trims the blanks around a name */
	if (!line || !namelen || strpbrk(name, "\n\r") || IS_BLANK(name[0]) ||
	    IS_BLANK(name[namelen - 1])) {
		free(line);
		return false;   /* the tagged line then, which always reads back */
	}
	memcpy(line, name, namelen);
	memcpy(line + namelen, crc, sizeof crc);
	check_parser_init(&p, algo_by_tag("CRC32", 5));
	p.by_length = true;
	p.sfv = true;
	p.sfv_list = sfv_list;
	bool back = check_parse_line(&p, line, namelen + sizeof crc - 1, &out) == CHECK_LINE_OK &&
		    out.sfv && strcmp(out.name, name) == 0;
	free(line);
	return back;
}

bool check_digest_matches(const char *digest, size_t digest_len, const uint8_t *raw,
			  size_t raw_len)
{
	if (digest_len != 2 * raw_len || !all_hex(digest, digest_len)) {
		uint8_t decoded[ALGO_MAX_DIGEST];
		return raw_len <= sizeof decoded &&
		       base64_decode_exact(digest, digest_len, decoded, raw_len) &&
		       memcmp(decoded, raw, raw_len) == 0;
	}
	for (size_t i = 0; i < raw_len; i++)
		if (hex_digit_value((unsigned char)digest[2 * i]) != raw[i] >> 4 ||
		    hex_digit_value((unsigned char)digest[2 * i + 1]) != (raw[i] & 15))
			return false;
	return true;
}
