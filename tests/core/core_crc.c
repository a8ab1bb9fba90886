/* SPDX-License-Identifier: MIT */
/* core_crc.c - the CRC models (src/crc_model.c) on this host's byte
 * order: tables against a bit loop written here from the catalogue, the
 * check values, and combination through crc_combine. */
#include <stdlib.h>

#include "core.h"
#include "crc_model.h"

/* The catalogue's parameters, written here rather than read from src/. */
static const struct {
	enum family family;
	struct crc_model *model;
	uint64_t poly;    /* reflected */
	uint64_t check;   /* of "123456789" */
} crcs[] = {
	{ FAMILY_CRC32C, &crc_model_crc32c, 0x82f63b78u, 0xe3069283u },
	{ FAMILY_CRC32, &crc_model_crc32, 0xedb88320u, 0xcbf43926u },
	{ FAMILY_CRC64NVME, &crc_model_crc64nvme, 0x9a6c9329ac4bc9b5ull, 0xae8b14860a799888ull },
};

static uint64_t bit_loop(uint64_t poly, uint64_t crc, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		crc ^= p[i];
		for (int bit = 0; bit < 8; bit++)
			crc = (crc >> 1) ^ (poly & (0 - (crc & 1)));
	}
	return crc;
}

/* Byte b, then k zero bytes: each entry of the slicing tables. */
static void tables(struct tc *t, unsigned c)
{
	uint8_t buf[8] = { 0 };

	for (unsigned b = 0; b < 256; b++)
		for (unsigned k = 0; k < 8; k++) {
			buf[0] = (uint8_t)b;
			tc_expect(t, crc_model_update(crcs[c].model, 0, buf, k + 1) ==
					     bit_loop(crcs[c].poly, 0, buf, k + 1),
				  "%s: table entry byte %u, %u zeros", crcs[c].model->name, b, k);
		}
}

static void combine(struct tc *t, unsigned c, const uint8_t *buf, size_t max)
{
	struct crc_model *cm = crcs[c].model;
	uint64_t ones = crc_model_mask(cm);

	for (int iter = 0; iter < 300; iter++) {
		size_t len = test_rand_len(max), cut = len ? test_rand_below(len + 1) : 0;
		uint64_t reg = test_rand() & ones;
		tc_expect(t, crc_model_update(cm, reg, buf, len) == crc_model_bitwise(cm, reg, buf, len),
			  "%s: %zu bytes against the bitwise reference", cm->name, len);
		uint64_t whole = ~crc_model_update(cm, ones, buf, len) & ones;
		uint64_t a = ~crc_model_update(cm, ones, buf, cut) & ones;
		uint64_t b = ~crc_model_update(cm, ones, buf + cut, len - cut) & ones;
		tc_expect(t, crc_combine(crcs[c].family, a, b, len - cut) == whole,
			  "%s: combine %zu + %zu", cm->name, cut, len - cut);
	}
}

void tc_crc_models(struct tc *t)
{
	size_t max = 70000;
	uint8_t *buf = malloc(max);

	tc_expect(t, buf != NULL, "out of memory");
	if (!buf)
		return;
	test_fill_random(buf, max);
	for (unsigned c = 0; c < sizeof crcs / sizeof crcs[0]; c++) {
		struct crc_model *cm = crcs[c].model;
		uint64_t ones = crc_model_mask(cm);
		uint64_t check = ~crc_model_update(cm, ones, (const uint8_t *)"123456789", 9) & ones;
		tc_expect(t, check == crcs[c].check && cm->check == crcs[c].check,
			  "%s: check value %llx", cm->name, (unsigned long long)check);
		tables(t, c);
		combine(t, c, buf, max);
	}
	/* A new CRC family must be added above. */
	for (int f = 0; f < FAMILY_COUNT; f++) {
		bool listed = false;
		for (unsigned c = 0; c < sizeof crcs / sizeof crcs[0]; c++)
			listed |= crcs[c].family == (enum family)f;
		tc_expect(t, listed || !family_is_crc((enum family)f), "%s: no parameters in %s",
			  family_name((enum family)f), __FILE__);
	}
	free(buf);
}
