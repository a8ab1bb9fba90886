#!/bin/sh
# SPDX-License-Identifier: MIT
# check_elf.sh - what readelf says about a -fcf-protection build (make
# check-elf): every object carries the IBT and SHSTK properties, so does
# simdsum's code linked together, and so does the binary unless the C
# library's start files lack them; no text relocations; a PIE with a
# non-executable stack; no libm.
#
#   tests/elf/check_elf.sh BUILD_DIR BINARY CC
set -eu
build=$1 bin=$2 cc=$3
fail=0
bad() {
	echo "check-elf: $*" >&2
	fail=1
}
has_cet() {
	readelf -n "$1" 2>/dev/null | grep -q 'x86 feature: IBT, SHSTK'
}

# 1. Every object: the C ones get the note from the compiler, the asm ones
# from asm/asm.h.
nobj=0
for o in "$build"/*.o "$build"/asm/*.o; do
	[ -e "$o" ] || continue
	nobj=$((nobj + 1))
	has_cet "$o" || bad "$o: no IBT/SHSTK property note"
	# No absolute relocations in code: in a PIE they would be text
	# relocations (or a link error).
	if readelf -rW "$o" | awk '/^Relocation section/ { text = ($3 ~ /\.rela\.text/) } text && / R_X86_64_(32S?|64) /' | grep -q .; then
		bad "$o: absolute relocations in .text"
	fi
done
[ "$nobj" -gt 0 ] || bad "no objects in $build"
echo "check-elf: $nobj objects checked: IBT/SHSTK notes, no absolute relocations in code"

# 2. simdsum's code linked into one object: the link keeps a property
# only when every input has it.
"$cc" -r -nostdlib -o "$build/all-code.o" "$build"/*.o "$build"/asm/*.o
if has_cet "$build/all-code.o"; then
	echo "check-elf: all of simdsum's code linked together: IBT, SHSTK"
else
	bad "simdsum's code linked together lost IBT/SHSTK"
fi
rm -f "$build/all-code.o"

# 3. The binary has them when the start files the compiler links (and the
# static archives) have them too (Debian 12's glibc is built without CET: its crti.o lacks them).
missing=
for f in Scrt1.o crti.o crtbeginS.o crtendS.o crtn.o; do
	path=$("$cc" -print-file-name=$f)
	[ -e "$path" ] || continue
	has_cet "$path" || missing="$missing $path"
done
# And libcpuid's static archive, where it is linked (the Makefile's
# default when it is installed): Debian 12 builds it without the notes.
if ! readelf -dW "$bin" | grep -q 'NEEDED.*libcpuid'; then
	archive=$(pkg-config --variable=libdir libcpuid 2>/dev/null)/libcpuid.a
	if [ -e "$archive" ] && ! has_cet "$archive"; then
		missing="$missing $archive"
	fi
fi
if has_cet "$bin"; then
	echo "check-elf: $bin: IBT, SHSTK"
elif [ -n "$missing" ]; then
	echo "check-elf: $bin: no IBT/SHSTK, because these inputs (the C library's start files, static archives) lack them:$missing"
else
	bad "$bin: no IBT/SHSTK although every input has them"
fi

# 4. No text relocations, a PIE, and no executable stack.
if readelf -dW "$bin" | grep -q TEXTREL; then
	bad "$bin: TEXTREL in the dynamic section"
fi
readelf -hW "$bin" | grep -q 'Type:.*DYN' || bad "$bin: not a PIE"
readelf -lW "$bin" | grep GNU_STACK | grep -q 'RW ' || bad "$bin: executable stack"
echo "check-elf: $bin: no TEXTREL, PIE, non-executable stack"

# 5. No libm: every start maps and relocates each shared object the
# binary needs, and nothing simdsum runs needs libm (LIBS in the Makefile
# links it only as needed).
if readelf -dW "$bin" | grep -q 'NEEDED.*libm\.so'; then
	bad "$bin: needs libm; the functions it calls there: $(nm -D --undefined-only "$bin" |
		awk '{ print $2 }' | grep -E '^(ceil|floor|round|fmin|fmax|exp|log|pow|sqrt)' | tr '\n' ' ')"
fi
echo "check-elf: $bin: needs $(readelf -dW "$bin" | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p' | tr '\n' ' ')"
exit $fail
