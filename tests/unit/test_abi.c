/* SPDX-License-Identifier: MIT */
/* test_abi.c - every assembly transform called through a trampoline that
 * checks the System V contract: rbx, rbp, r12-r15 and rsp preserved, the
 * direction flag clear, MXCSR's control bits and the x87 control word
 * unchanged, and no dirty upper ymm/zmm state left behind (vzeroupper
 * done, by the block transforms of AVX rows even after a caller that
 * left it dirty), with unaligned inputs of one and of many blocks, and
 * for the CRCs every length to 1100 bytes and some that reach their
 * long paths. */
#if SIMDSUM_ASM_X86
#include <cpuid.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"

/* Only a build with the x86-64 assembly has transforms to check, and the
 * trampoline (abi_tramp.S) to check them with. */
#if SIMDSUM_ASM_X86

uint64_t abi_call(void *fn, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t report[3]);

/* XINUSE bits: 2 = upper halves of ymm0-15, 5 = opmask, 6 = upper halves
 * of zmm0-15, 7 = zmm16-31. Dirty upper halves of registers 0-15 slow
 * the SSE code that follows (what vzeroupper is for); vzeroupper does not
 * touch zmm16-31, which glibc's own EVEX string functions leave in use,
 * and which cost nothing. */
#define XINUSE_DIRTY_VECTOR ((1u << 2) | (1u << 6))

static int have_xinuse(void)
{
	unsigned a, b, c, d;
	if (!__get_cpuid_count(1, 0, &a, &b, &c, &d) || !(c & (1u << 27)))
		return 0;   /* no OSXSAVE */
	if (!__get_cpuid_count(0xd, 1, &a, &b, &c, &d))
		return 0;
	return (a >> 2) & 1;
}

static void check_report(const char *name, const uint64_t report[3], int xinuse)
{
	static const char *const regs[] = { "rbx", "rbp", "r12", "r13", "r14", "r15", "rsp", "DF",
					    "MXCSR", "x87 control word" };
	for (int i = 0; i < 10; i++)
		if (report[0] & (1u << i))
			fail_msg("%s: %s not preserved", name, regs[i]);
	if (xinuse && (report[2] & XINUSE_DIRTY_VECTOR))
		fail_msg("%s: upper vector state left dirty (XINUSE %#llx): vzeroupper missing?", name,
			 (unsigned long long)report[2]);
}

/* The upper halves of ymm15 made nonzero, as AVX code that skipped
 * vzeroupper leaves them (XINUSE bit 2 set). */
static void dirty_upper_state(void)
{
	__asm__ volatile("vpcmpeqd %%xmm15, %%xmm15, %%xmm15\n\t"
			 "vinsertf128 $1, %%xmm15, %%ymm15, %%ymm15" ::: "xmm15");
}

/* Each call starts from a known upper state: clean, so that one row's
 * failure does not show as the next row's, or dirty for the block
 * transforms of rows that need AVX. Those always run VEX code, and
 * return with the upper state clean whatever the caller left (the xmm
 * ones too, as every sibling of theirs does); a CRC row's short inputs
 * may run no VEX instruction at all, and then have nothing to clean. */
static void set_upper_state(const struct impl *k)
{
	if (!(cpu_features_raw() & CPUF(AVX)))
		return;
	__asm__ volatile("vzeroupper");
	if (!family_is_crc(k->family) && (k->needs & CPUF(AVX)))
		dirty_upper_state();
}

/* Every length to 1100 bytes, then lengths that reach the long paths:
 * each CRC row branches on the length (avx2blend: its crc32 chain under
 * 80 bytes, crc32c_sse42 from 80, fold-only from 128, a head before its
 * blocks from 384; hybrid: superblocks of 512, 1024, 2048 and 4096
 * bytes; blocks of 12288 bytes and the merges between them), and any
 * path may be the one that forgets a register. */
static const size_t crc_long_lengths[] = { 2048 + 77, 4095, 4096, 8192 + 17, 12288 * 2 + 5, 70000 };
#define CRC_SHORT_MAX 1100
#define CRC_LENGTHS (CRC_SHORT_MAX + 1 + sizeof crc_long_lengths / sizeof crc_long_lengths[0])
#define CRC_BUF_MAX 70000

static size_t crc_length(size_t i)
{
	return i <= CRC_SHORT_MAX ? i : crc_long_lengths[i - CRC_SHORT_MAX - 1];
}

static void test_crc(void **state)
{
	const struct impl_test *t = *state;
	const struct impl *k = t->impl;
	test_require_supported(k);
	int xinuse = have_xinuse();
	enum family f = k->family;
	uint8_t *buf = malloc(CRC_BUF_MAX + 64);
	char what[128];

	assert_non_null(buf);
	test_fill_random(buf, CRC_BUF_MAX + 64);
	for (size_t i = 0; i < CRC_LENGTHS; i++) {
		size_t len = crc_length(i);
		const uint8_t *p = buf + 1 + len % 63;   /* unaligned, differently each time */
		uint64_t report[3] = { 0, 0, (uint64_t)xinuse };
		/* A 32-bit register arrives with garbage above it, as the ABI
		 * allows; only the width's bits return. */
		uint64_t seed = 0x9abcdef012345678ull;
		uint64_t mask = crc_register_init(f);
		uint64_t want = impl_crc(impl_generic(f), seed & mask, p, len);
		set_upper_state(k);
		abi_call((void *)k->fn.crc32, seed, (uintptr_t)p, len, report);
		snprintf(what, sizeof what, "%s, %zu bytes", t->name, len);
		if ((report[1] & mask) != want)
			fail_msg("%s: wrong CRC", what);
		check_report(what, report, xinuse);
	}
	free(buf);
}

static void test_blocks(void **state)
{
	const struct impl_test *t = *state;
	const struct impl *k = t->impl;
	test_require_supported(k);
	int xinuse = have_xinuse();
	enum family f = k->family;
	const size_t counts[] = { 1, 2, 37 };
	uint8_t *buf = malloc(37 * 128 + 64);

	assert_non_null(buf);
	for (size_t c = 0; c < 3; c++) {
		for (size_t misalign = 1; misalign < 64; misalign += 21) {
			uint8_t *p = buf + misalign;
			uint64_t report[3] = { 0, 0, (uint64_t)xinuse };
			uint64_t st[8], ref[8];
			test_fill_random(p, 37 * 128);
			test_fill_random((uint8_t *)st, sizeof st);
			memcpy(ref, st, sizeof st);
			impl_blocks(impl_generic(f), ref, p, counts[c]);
			set_upper_state(k);
			abi_call((void *)k->fn.sha1, (uintptr_t)st, (uintptr_t)p, counts[c], report);
			assert_memory_equal(st, ref, sizeof st);
			check_report(t->name, report, xinuse);
		}
	}
	free(buf);
}

static void test_multi(void **state)
{
	const struct impl_test *t = *state;
	const struct impl *k = t->impl;
	test_require_supported(k);
	int xinuse = have_xinuse();
	uint8_t *buf = malloc(16 * (37 * 128 + 64));
	uint64_t st[16][8];
	void *states[16];
	const uint8_t *data[16];

	for (size_t n = 1; n <= 37; n += 36) {
		for (unsigned i = 0; i < k->lanes; i++) {
			states[i] = st[i];
			data[i] = buf + i * (37 * 128 + 64) + 1 + i;   /* unaligned */
		}
		uint64_t report[3] = { 0, 0, (uint64_t)xinuse };
		set_upper_state(k);
		abi_call((void *)k->fn.sha1_mb, (uintptr_t)states, (uintptr_t)data, n, report);
		check_report(t->name, report, xinuse);
	}
	free(buf);
}

#endif /* SIMDSUM_ASM_X86 */

int main(void)
{
#if SIMDSUM_ASM_X86
	static struct test_list l;

	for (int f = 0; f < FAMILY_COUNT; f++)
		for (const struct impl *i = impl_table((enum family)f); i->name; i++) {
			if (i == impl_generic((enum family)f))
				continue;   /* C code or a library: the compiler keeps the ABI */
			CMUnitTestFunction fn = test_blocks;
			if (impl_is_multibuffer(i))
				fn = test_multi;
			else if (family_is_crc((enum family)f))
				fn = test_crc;
			test_list_add(&l, (enum family)f, i, fn,
				      "callee-saved registers, DF, vzeroupper, unaligned", NULL);
		}
	if (l.n)
		return test_list_run("abi", &l);
#endif
	/* A portable build has no assembly: say so instead of passing an
	 * empty suite silently. */
	printf("# no assembly transforms in this build: ABI checks skipped\n");
	return 0;
}
