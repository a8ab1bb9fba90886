# SPDX-License-Identifier: MIT
# tests/isa/isa.mk - make check-isa (included by tests/tests.mk): every
# instruction each registry row can reach needs only the CPU features its
# .needs names, read from the assembled objects (objdump), so that the
# rows qemu-user cannot emulate (SHA-NI, AVX-512, VPCLMULQDQ, GFNI, VAES)
# are held too; check-cpu-models runs the others. And the other way: every
# feature a row names is one its code needs. The checker's own test goes
# first: its instruction table through this assembler, a kernel with an
# instruction added that its row's needs do not name, and rows naming a
# feature their code does not use.

ISA_ROWS = $(BUILD)/tests/isa_rows
ASM_OBJ = $(ASM_SRC:asm/%.S=$(BUILD)/asm/%.o)

$(ISA_ROWS): tests/isa/isa_rows.c $(LIB) | $(BUILD)
	$(CC) $(ALL_CPPFLAGS) $(ASM_DEFS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(LIBS)

test-programs: $(ISA_ROWS)

ifeq ($(ENABLE_ASM),yes)
check-isa: $(ISA_ROWS) $(ASM_OBJ)
	ISA_AS="$(CC) $(ALL_CPPFLAGS) $(ASM_DEFS) -Iasm $(CFLAGS)" \
		python3 tests/isa/test_check_isa.py $(ISA_ROWS) $(ASM_OBJ)
	python3 tests/isa/check_isa.py $(ISA_ROWS) $(ASM_OBJ)
else
check-isa:
	@echo "check-isa: x86-64 asm builds only (ENABLE_ASM=$(ENABLE_ASM))"
endif

.PHONY: check-isa
