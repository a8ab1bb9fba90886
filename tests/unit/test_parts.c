/* SPDX-License-Identifier: MIT */
/* test_parts.c - unit tests of the pure parts: the checksum-line parser,
 * name escaping and quoting, CRC tables and combination, the ranges a
 * CRC is split into, auto's ladder. */
#include <stdlib.h>
#include <string.h>

#include "cost_model.h"
#include "check_line.h"
#include "crc_ranges.h"
#include "escape.h"
#include "quote.h"
#include "testlib.h"

#define H64 "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

static enum check_line_kind parse(struct check_parser *p, const char *text, struct check_line *out,
				  char *buf)
{
	size_t len = strlen(text);
	memcpy(buf, text, len + 1);
	return check_parse_line(p, buf, len, out);
}

static void test_parser_forms(void **state)
{
	(void)state;
	struct check_parser p;
	struct check_line e;
	char buf[512];

	check_parser_init(&p, algo_by_name("sha256"));
	assert_int_equal(parse(&p, H64 "  a b\n", &e, buf), CHECK_LINE_OK);
	assert_string_equal(e.name, "a b");
	assert_false(e.binary);
	assert_string_equal(e.algo->name, "sha256");
	assert_int_equal(parse(&p, H64 " *bin\r\n", &e, buf), CHECK_LINE_OK);
	assert_string_equal(e.name, "bin");
	assert_true(e.binary);
	assert_int_equal(parse(&p, " \t" H64 "\tx", &e, buf), CHECK_LINE_MALFORMED);
	assert_int_equal(parse(&p, "\\" H64 "  a\\nb\\\\c", &e, buf), CHECK_LINE_OK);
	assert_string_equal(e.name, "a\nb\\c");
	assert_int_equal(parse(&p, "\\" H64 "  bad\\x", &e, buf), CHECK_LINE_MALFORMED);
	assert_int_equal(parse(&p, "\\" H64 "  trailing\\", &e, buf), CHECK_LINE_MALFORMED);
	assert_int_equal(parse(&p, "# comment", &e, buf), CHECK_LINE_SKIP);
	assert_int_equal(parse(&p, "\r\n", &e, buf), CHECK_LINE_SKIP);
	assert_int_equal(parse(&p, H64 "0  a", &e, buf), CHECK_LINE_MALFORMED);
	assert_int_equal(parse(&p, "g" "a7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  a", &e, buf),
			 CHECK_LINE_MALFORMED);
	assert_int_equal(parse(&p, H64 "  ", &e, buf), CHECK_LINE_MALFORMED);
	/* Tagged lines of any algorithm; names end at the last ')'. */
	assert_int_equal(parse(&p, "SHA256 (x (1).txt) = " H64, &e, buf), CHECK_LINE_OK);
	assert_string_equal(e.name, "x (1).txt");
	assert_int_equal(parse(&p, "SHA1(f)= a9993e364706816aba3e25717850c26c9cd0d89d", &e, buf),
			 CHECK_LINE_OK);
	assert_string_equal(e.algo->name, "sha1");
	assert_int_equal(parse(&p, "CRC32C (f) = e3069283", &e, buf), CHECK_LINE_OK);
	assert_string_equal(e.algo->name, "crc32c");
	assert_int_equal(parse(&p, "CRC32C (f) = e306928", &e, buf), CHECK_LINE_MALFORMED);
	assert_int_equal(parse(&p, "SHA256 (f) = " H64 "00", &e, buf), CHECK_LINE_MALFORMED);
	assert_int_equal(parse(&p, "SHA2567 (f) = " H64, &e, buf), CHECK_LINE_MALFORMED);
	assert_int_equal(parse(&p, "MD5 (f) = d41d8cd98f00b204e9800998ecf8427e", &e, buf),
			 CHECK_LINE_OK);
	assert_string_equal(e.algo->name, "md5");
	assert_int_equal(parse(&p, "MD4 (f) = 31d6cfe0d16ae931b73c59d7e0c089c0", &e, buf),
			 CHECK_LINE_MALFORMED);
}

/* Once a GNU-form line was seen, single-blank lines are malformed, and
 * the other way round. */
static void test_parser_reversed(void **state)
{
	(void)state;
	struct check_parser p;
	struct check_line e;
	char buf[512];

	check_parser_init(&p, algo_by_name("sha256"));
	assert_int_equal(parse(&p, H64 " name", &e, buf), CHECK_LINE_OK);
	assert_string_equal(e.name, "name");
	assert_int_equal(parse(&p, H64 "  other", &e, buf), CHECK_LINE_OK);
	assert_string_equal(e.name, " other");
	check_parser_init(&p, algo_by_name("sha256"));
	assert_int_equal(parse(&p, H64 "  name", &e, buf), CHECK_LINE_OK);
	assert_int_equal(parse(&p, H64 " other", &e, buf), CHECK_LINE_MALFORMED);
}

/* A NUL ends a name or a tagged digest, as coreutils 9.1 reads them (C
 * strings), and the caller is told; in an escaped name, or where the digest
 * needs a blank after it, the line is malformed. */
static void test_parser_nul(void **state)
{
	(void)state;
	struct check_parser p;
	struct check_line e;
	char cut[] = H64 "  na\0me";
	char tagged[] = "SHA256 (f) = " H64 "\0x";
	char plain[] = H64 "  name";
	char escaped[] = "\\" H64 "  na\0me";
	char digest[] = H64 "\0 name";

	check_parser_init(&p, algo_by_name("sha256"));
	assert_int_equal(check_parse_line(&p, cut, sizeof cut - 1, &e), CHECK_LINE_OK);
	assert_string_equal(e.name, "na");
	assert_true(e.nul_cut);
	assert_int_equal(check_parse_line(&p, tagged, sizeof tagged - 1, &e), CHECK_LINE_OK);
	assert_int_equal(e.digest_len, 64);
	assert_true(e.nul_cut);
	assert_int_equal(check_parse_line(&p, plain, sizeof plain - 1, &e), CHECK_LINE_OK);
	assert_false(e.nul_cut);
	assert_int_equal(check_parse_line(&p, escaped, sizeof escaped - 1, &e), CHECK_LINE_MALFORMED);
	assert_int_equal(check_parse_line(&p, digest, sizeof digest - 1, &e), CHECK_LINE_MALFORMED);
}

static void test_digest_match(void **state)
{
	(void)state;
	uint8_t raw[2] = { 0xab, 0x0f };
	assert_true(check_digest_matches("ab0f", 4, raw, 2));
	assert_true(check_digest_matches("AB0F", 4, raw, 2));
	assert_false(check_digest_matches("ab0e", 4, raw, 2));
	assert_false(check_digest_matches("ab0", 3, raw, 2));
}

static void test_escaping(void **state)
{
	(void)state;
	char s[] = "a\\\\b\\nc";
	assert_true(name_needs_escape("a\\b"));
	assert_true(name_needs_escape("a\nb"));
	assert_true(name_needs_escape("a\rb"));
	assert_false(name_needs_escape("a b"));
	assert_true(unescape_name(s, strlen(s)));
	assert_string_equal(s, "a\\b\nc");
}

static void test_quoting(void **state)
{
	(void)state;
	assert_string_equal(quote_name("plain.txt"), "plain.txt");
	assert_string_equal(quote_name("a b"), "'a b'");
	assert_string_equal(quote_name("it's"), "\"it's\"");
	assert_string_equal(quote_name("it's$"), "'it'\\''s$'");
	assert_string_equal(quote_name("a\tb"), "'a'$'\\t''b'");
	assert_string_equal(quote_name(""), "''");
	assert_string_equal(quote_name("~x"), "'~x'");
	assert_string_equal(quote_name("x~"), "x~");
	assert_string_equal(quote_name("a:b"), "'a:b'");
}

/* Every CRC model: tables against a bit loop, check values, combination
 * on random splits (tests/core/core_crc.c, which the cross runner runs
 * too). */
static void test_crc_models(void **state)
{
	(void)state;
	struct tc count = { 0 };

	tc_crc_models(&count);
	test_verdict(&count);
}

/* Combination across lengths past 2^32 bytes, against the register run
 * over the same zeros (through auto's dispatch, the fastest here). */
static void test_crc_combine_past_4g(void **state)
{
	(void)state;
	const uint64_t zeros_len = ((uint64_t)1 << 32) + 12345;
	size_t chunk = 1 << 20;
	uint8_t *zeros = calloc(1, chunk);

	for (int f = FAMILY_CRC32C; f < FAMILY_COUNT; f++) {
		struct dispatch d;
		impl_select_auto((enum family)f, &d);
		uint64_t ones = crc_register_init((enum family)f);
		uint64_t head = dispatch_crc(&d, ones, "head", 4);
		uint64_t z = ones, joined = head;
		for (uint64_t done = 0; done < zeros_len;) {
			size_t n = zeros_len - done < chunk ? (size_t)(zeros_len - done) : chunk;
			z = dispatch_crc(&d, z, zeros, n);
			joined = dispatch_crc(&d, joined, zeros, n);
			done += n;
		}
		uint64_t combined = crc_combine((enum family)f, ~head & ones, ~z & ones, zeros_len);
		if (combined != (~joined & ones))
			fail_msg("%s: combine past 4 GiB differs", family_desc((enum family)f)->name);
	}
	free(zeros);
}

/* auto's ladder: tiers in falling min_len, ending with a min_len 0 row. */
static void test_auto_ladders(void **state)
{
	(void)state;
	for (int f = 0; f < FAMILY_COUNT; f++) {
		struct dispatch d;
		impl_select_auto((enum family)f, &d);
		assert_true(d.ntiers >= 1);
		assert_int_equal(d.tier[d.ntiers - 1].min_len, 0);
		for (unsigned t = 0; t < d.ntiers; t++) {
			assert_int_equal(impl_missing(d.tier[t].impl), 0);
			assert_int_equal(d.tier[t].impl->lanes, 0);
			if (t)
				assert_true(d.tier[t].min_len < d.tier[t - 1].min_len);
		}
		assert_ptr_equal(dispatch_pick(&d, 0), d.tier[d.ntiers - 1].impl);
		assert_ptr_equal(dispatch_pick(&d, (size_t)1 << 40), d.tier[0].impl);
	}
}

/* Every size near a multiple of ways MiB, and every ways to the most:
 * ways ranges of the step cover the bytes, each a whole number of MiB
 * and less than 1 MiB over an even share. (Rounded down first, sizes of
 * 64k MiB + 1..63 bytes took 65 ranges at 64 ways, and a last window of
 * fewer bytes than ways a step of 0.) */
static void test_crc_range_steps(void **state)
{
	(void)state;
	const uint64_t mib = 1u << 20;

	for (unsigned ways = 1; ways <= CRC_RANGES_MAX; ways++)
		for (uint64_t k = 0; k <= 3; k++)
			for (int64_t r = -2; r <= (int64_t)ways + 1; r++) {
				if ((int64_t)(k * ways * mib) + r <= 0)
					continue;
				uint64_t left = (uint64_t)((int64_t)(k * ways * mib) + r);
				uint64_t step = crc_ranges_step(left, ways);
				assert_true(step > 0 && step % mib == 0);
				assert_true(step * ways >= left);
				assert_true(step < (left + ways - 1) / ways + mib);
			}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parser_forms),
		cmocka_unit_test(test_parser_reversed),
		cmocka_unit_test(test_parser_nul),
		cmocka_unit_test(test_digest_match),
		cmocka_unit_test(test_escaping),
		cmocka_unit_test(test_quoting),
		cmocka_unit_test(test_crc_models),
		cmocka_unit_test(test_crc_combine_past_4g),
		cmocka_unit_test(test_crc_range_steps),
		cmocka_unit_test(test_auto_ladders),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
