# SPDX-License-Identifier: MIT
# Makefile - builds ./simdsum and runs its tests (GNU make).
#
#   make                 build ./simdsum
#   make check           build and run every test (unit, CLI, man page)
#   make install         install under $(DESTDIR)$(PREFIX)
#   make CC=clang        any C99 compiler with GNU extensions
#   make ENABLE_ASM=no   portable C only (what non-x86 builds get anyway)
#
# ./configure (from configure.ac) may write config.mk with the same
# variables; without it, the defaults below and the assembler probes apply.

-include config.mk

CC ?= cc
PKG_CONFIG ?= pkg-config
CFLAGS ?= -O2 -g
CPPFLAGS ?=
LDFLAGS ?=
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions
# The sha*sum/crc32c names are installed as links named
# $(ALIAS_PREFIX)sha256sum in $(ALIAS_DIR): by default simd-sha256sum next
# to simdsum, so the system's coreutils are not shadowed. For drop-in
# names, e.g. ALIAS_PREFIX= ALIAS_DIR=$(PREFIX)/libexec/simdsum, then put
# that directory first on PATH.
ALIAS_PREFIX ?= simd-
ALIAS_DIR ?= $(BINDIR)
ALIASES = sha1sum sha224sum sha256sum sha384sum sha512sum md5sum crc32c

WARNINGS = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	   -Wformat=2 -Wvla
ALL_CPPFLAGS = -Isrc -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 $(CPPFLAGS)
ALL_CFLAGS = -std=gnu11 $(WARNINGS) $(CFLAGS)
# Symbols bound at start: lazy binding saved the vector registers on the
# stack at each first call (3 KiB with AVX-512), deep in a small "ulimit -s".
ALL_LDFLAGS = -Wl,-z,relro -Wl,-z,now $(LDFLAGS)

# --- target architecture and assembler support -------------------------
TARGET_MACHINE := $(shell $(CC) -dumpmachine 2>/dev/null)
ifneq ($(filter x86_64-%,$(TARGET_MACHINE)),)
IS_X86_64 = yes
endif
ENABLE_ASM ?= $(if $(IS_X86_64),yes,no)

comma := ,
# Probes assemble one representative instruction; a missing mnemonic drops
# the kernels that need it (and their registry rows) instead of failing.
# SSSE3, AVX and AVX2 need none: binutils has known them since 2.22 (2011).
as_probe = $(shell printf '%s\n' '$(1)' | $(CC) -c -x assembler -o /dev/null - >/dev/null 2>&1 && echo 1 || echo 0)
ifeq ($(ENABLE_ASM),yes)
ifndef HAVE_AS_SHA
HAVE_AS_SHA := $(call as_probe,sha256rnds2 %xmm0$(comma) %xmm1$(comma) %xmm2)
endif
ifndef HAVE_AS_AVX512
HAVE_AS_AVX512 := $(call as_probe,vprorq $$7$(comma) %zmm0$(comma) %zmm1{%k1})
endif
ifndef HAVE_AS_VPCLMULQDQ
HAVE_AS_VPCLMULQDQ := $(call as_probe,vpclmulqdq $$0x11$(comma) %zmm0$(comma) %zmm1$(comma) %zmm2)
endif
ASM_DEFS = -DSIMDSUM_ASM_X86=1 -DHAVE_AS_SHA=$(HAVE_AS_SHA) \
	   -DHAVE_AS_AVX512=$(HAVE_AS_AVX512) -DHAVE_AS_VPCLMULQDQ=$(HAVE_AS_VPCLMULQDQ)
ASM_SRC = $(wildcard asm/*.S)
else
ASM_DEFS = -DSIMDSUM_ASM_X86=0
ASM_SRC =
endif
# libcpuid is only needed (and only used) on x86. Its static archive is
# linked where it is installed (Debian's libcpuid-dev ships it): as a
# shared object it is mapped and relocated at every start (its TLS block,
# 53 symbols bound at load, 25 KiB of .bss), which cost 4% of a run on a
# 100-byte file on the Zen 5 VM (median of 800 paired runs: 0.958).
# LIBCPUID_STATIC=no links the shared library; =yes also links libxxhash
# statically (a binary for a machine without the libraries).
LIBCPUID_STATIC ?= auto
ifeq ($(IS_X86_64),yes)
CPUID_CFLAGS ?= $(shell $(PKG_CONFIG) --cflags libcpuid 2>/dev/null)
CPUID_ARCHIVE := $(shell $(PKG_CONFIG) --variable=libdir libcpuid 2>/dev/null)/libcpuid.a
ifeq ($(LIBCPUID_STATIC)$(wildcard $(CPUID_ARCHIVE)),auto$(CPUID_ARCHIVE))
CPUID_LIBS ?= $(CPUID_ARCHIVE)
else ifeq ($(LIBCPUID_STATIC),yes)
CPUID_LIBS ?= $(CPUID_ARCHIVE)
else
CPUID_LIBS ?= $(shell $(PKG_CONFIG) --libs libcpuid 2>/dev/null || echo -lcpuid)
endif
endif

# xxHash: Debian's libxxhash (the reference implementation), linked, with
# its x86-64 dispatch header where the library has one. XXHASH_INLINE=yes
# (the cross builds, which have no library for their target) compiles the
# same implementation from the library's header, copied into the build
# directory. LIBCPUID_STATIC=yes links this one statically too (its
# archive lacks the x86 dispatch, so by default the library is shared).
XXHASH_INLINE ?= no
XXHASH_HEADER ?= /usr/include/xxhash.h
ifeq ($(XXHASH_INLINE),yes)
XXHASH_DEFS = -DSIMDSUM_XXH_INLINE=1 -I$(BUILD)/xxhash
XXHASH_LIBS =
else
ifeq ($(LIBCPUID_STATIC),yes)
XXHASH_LIBS ?= $(shell $(PKG_CONFIG) --variable=libdir libxxhash 2>/dev/null)/libxxhash.a
else
XXHASH_LIBS ?= $(shell $(PKG_CONFIG) --libs libxxhash 2>/dev/null || echo -lxxhash)
endif
# The dispatch entry points, where the library links them: Debian's shared
# library has them, its static archive does not (then the archive's
# portable build serves).
XXHASH_DEFS := $(shell $(PKG_CONFIG) --cflags libxxhash 2>/dev/null) \
	$(if $(and $(filter yes,$(IS_X86_64)),$(shell printf '\043include <xxh_x86dispatch.h>\nint main(void) { return (int)XXH3_64bits_dispatch("", 0); }\n' | \
		$(CC) -x c - -o /dev/null $(XXHASH_LIBS) >/dev/null 2>&1 && echo yes)),-DSIMDSUM_XXH_DISPATCH=1)
endif

# --- sources ------------------------------------------------------------
BUILD = build
LIB_SRC = $(filter-out src/main.c,$(wildcard src/*.c))
LIB_OBJ = $(LIB_SRC:src/%.c=$(BUILD)/%.o) $(ASM_SRC:asm/%.S=$(BUILD)/asm/%.o)
LIB = $(BUILD)/libsimdsum.a
# libm only as needed: the code that starts every run uses none of it, and
# each shared object is mapped and relocated at every start (libm was
# 0.15-0.2 ms of a 4 ms run on a small file on the Zen 5 VM); make
# check-elf sees that it stays out.
LIBS = $(CPUID_LIBS) $(XXHASH_LIBS) -lpthread -Wl,--as-needed -lm -Wl,--no-as-needed

# The binary; a sanitizer or cross build puts it under its own BUILD.
SIMDSUM_BIN ?= simdsum

all: $(SIMDSUM_BIN)

$(SIMDSUM_BIN): $(BUILD)/main.o $(LIB)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ $(LIBS)

$(LIB): $(LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/%.o: src/%.c | $(BUILD)
	$(CC) $(ALL_CPPFLAGS) $(ASM_DEFS) $(CPUID_CFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

# The benchmark's header names the flags; only build_info.c is given them,
# as a C string (backslashes, double quotes escaped; single quotes closed
# and reopened for the shell).
c_string = $(subst ','\'',$(subst ",\",$(subst \,\\,$(1))))
$(BUILD)/build_info.o: ALL_CPPFLAGS += -DSIMDSUM_CFLAGS='"$(call c_string,$(strip $(CFLAGS)))"'

# Only the xxHash rows see the library's headers.
$(BUILD)/impl_xxhash.o: ALL_CPPFLAGS += $(XXHASH_DEFS)
ifeq ($(XXHASH_INLINE),yes)
$(BUILD)/impl_xxhash.o: $(BUILD)/xxhash/xxhash.h
$(BUILD)/xxhash/xxhash.h: $(XXHASH_HEADER) | $(BUILD)
	mkdir -p $(BUILD)/xxhash
	cp $< $@
endif

$(BUILD)/asm/%.o: asm/%.S | $(BUILD)
	$(CC) $(ALL_CPPFLAGS) $(ASM_DEFS) -Iasm $(CFLAGS) -Wa,--noexecstack -MMD -MP -c -o $@ $<

$(BUILD):
	mkdir -p $(BUILD)/asm $(BUILD)/tests

-include $(wildcard $(BUILD)/*.d $(BUILD)/asm/*.d $(BUILD)/tests/*.d)

# --- tests --------------------------------------------------------------
include tests/tests.mk

# --- benchmarks (not installed) -------------------------------------------
include bench/bench.mk

# --- install ------------------------------------------------------------
install: $(SIMDSUM_BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(ALIAS_DIR)
	install -m 755 $(SIMDSUM_BIN) $(DESTDIR)$(BINDIR)/simdsum
	install -m 644 man/simdsum.1 $(DESTDIR)$(MANDIR)/man1/simdsum.1
	install -d $(DESTDIR)$(BASH_COMPLETION_DIR) $(DESTDIR)$(ZSH_COMPLETION_DIR)
	install -m 644 src/completion/simdsum.bash $(DESTDIR)$(BASH_COMPLETION_DIR)/simdsum
	install -m 644 src/completion/_simdsum $(DESTDIR)$(ZSH_COMPLETION_DIR)/_simdsum
	for name in $(ALIASES); do \
		ln -sf $(BINDIR)/simdsum $(DESTDIR)$(ALIAS_DIR)/$(ALIAS_PREFIX)$$name || exit 1; \
		ln -sf simdsum $(DESTDIR)$(BASH_COMPLETION_DIR)/$(ALIAS_PREFIX)$$name || exit 1; \
	done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/simdsum $(DESTDIR)$(MANDIR)/man1/simdsum.1
	rm -f $(DESTDIR)$(BASH_COMPLETION_DIR)/simdsum $(DESTDIR)$(ZSH_COMPLETION_DIR)/_simdsum
	for name in $(ALIASES); do \
		rm -f $(DESTDIR)$(ALIAS_DIR)/$(ALIAS_PREFIX)$$name \
		      $(DESTDIR)$(BASH_COMPLETION_DIR)/$(ALIAS_PREFIX)$$name; \
	done

clean:
	rm -rf build build-* simdsum

distclean: clean
	rm -rf config.mk config.log config.status autom4te.cache configure

.PHONY: all install uninstall clean distclean
