/* SPDX-License-Identifier: MIT */
/* isa_rows.c - prints every registry row for tests/isa/check_isa.py: its
 * family, name, needs (cpu.c's feature names) and where its function is,
 * as an offset from main's address, which the checker turns into a symbol
 * through this program's symbol table (the asm symbols are hidden, so
 * dladdr cannot name them; an offset survives PIE's load address). */
#include <stdint.h>
#include <stdio.h>

#include "cpu.h"
#include "family.h"
#include "impl.h"

int main(void)
{
	for (int f = 0; f < FAMILY_COUNT; f++) {
		const struct family_desc *d = family_desc((enum family)f);
		for (const struct impl *k = d->impls; k->name; k++) {
			char needs[256];
			cpu_features_format(k->needs, ",", needs, sizeof needs);
			/* A library's stream row points at data, not code. */
			if (d->kind == KIND_STREAM) {
				printf("%s %s %s -\n", d->name, k->name, needs[0] ? needs : "-");
				continue;
			}
			/* Every transform member of the union is a function pointer of the
			 * same representation: sha256 stands for all of them. */
			uintptr_t fn = (uintptr_t)k->fn.sha256, anchor = (uintptr_t)main;
			printf("%s %s %s %jd\n", d->name, k->name, needs[0] ? needs : "-",
			       (intmax_t)(fn - anchor));
		}
	}
	return ferror(stdout) || fclose(stdout) ? 1 : 0;
}
