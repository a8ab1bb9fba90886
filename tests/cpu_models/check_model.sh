#!/bin/sh
# SPDX-License-Identifier: MIT
# check_model.sh - what simdsum says and does on one emulated CPU model
# (make check-cpu-models runs it once per model):
#
#   tests/cpu_models/check_model.sh MODEL "FEATURES"
#
# SIMDSUM is tests/cpu_models/qemu/simdsum, with CPU_MODEL=MODEL and
# CPU_MODEL_SIMDSUM set. FEATURES: what simdsum must detect on MODEL, as
# its "CPU features:" line names them (from the model's specification,
# not from simdsum). Then:
#   1. --list-impls shows exactly FEATURES; no row is supported whose name
#      implies a feature MODEL lacks (avx2 needs avx2, shani sha...), and
#      no row is refused for a feature MODEL has;
#   2. --selftest passes: ok for every supported row, skipped for the rest;
#   3. forcing a refused row with --impl exits 1 with "cannot run here"
#      (not 132, SIGILL: simdsum never runs a kernel the CPU lacks);
#   4. auto, one file at a time and many files (multi-buffer lanes), gives
#      generic's digests for every algorithm.
set -eu
model=$1 features=$2
: "${SIMDSUM:?}"
fail=0
bad() {
	echo "check-cpu-models: $model: $*" >&2
	fail=1
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

has() {
	case " $features " in *" $1 "*) return 0 ;; esac
	return 1
}

# The features a row's name promises to need at least. A row without a
# rule fails: a new implementation gets one here.
needs_of() {
	case $1 in
	generic | x86_64 | libxxhash) echo "" ;;
	ssse3) echo ssse3 ;;
	sse42) echo sse4.2 ;;
	pclmul) echo pclmulqdq ;;
	avx) echo avx ;;
	avx2 | avx2x*) echo avx avx2 ;;
	shani*) echo sha ;;
	avx512*) echo avx512f ;;
	vpclmul | hybrid) echo avx512f vpclmulqdq ;;
	avx2blend | vpclmul256) echo avx2 vpclmulqdq ;;
	*) return 1 ;;
	esac
}

# 1. --list-impls, printed for the log.
"$SIMDSUM" --list-impls > "$tmp/list"
cat "$tmp/list"
sorted() { tr ' ' '\n' | grep . | sort | paste -s -d ' ' -; }
detected=$(sed -n 's/^CPU features: //p' "$tmp/list" | sorted)
expected=$(echo "$features" | sorted)
[ "$detected" = "$expected" ] || bad "CPU features: '$detected', expected '$expected'"

# One line per row: ALG ROW supported|unsupported MISSING (ALG: the family's
# first algorithm, for --impl; MISSING comma-separated, or -).
awk '/^[^ ].*:$/ { alg = $1; sub(/[:,]$/, "", alg); next }
     alg != "" && NF >= 2 {
	missing = "-"
	if (match($0, /missing: [^)]*/)) missing = substr($0, RSTART + 9, RLENGTH - 9)
	print alg, $1, $2, missing
     }' "$tmp/list" > "$tmp/rows"
[ -s "$tmp/rows" ] || bad "--list-impls lists no implementations"
while read -r alg row status missing; do
	if ! needs=$(needs_of "$row"); then
		bad "$alg/$row: no rule in needs_of (tests/cpu_models/check_model.sh)"
		continue
	fi
	case $status in
	supported)
		for f in $needs; do
			has "$f" || bad "$alg/$row is supported, but $model lacks $f"
		done ;;
	unsupported)
		[ "$missing" != - ] || bad "$alg/$row is unsupported without naming what is missing"
		for f in $(echo "$missing" | tr ',' ' '); do
			! has "$f" || bad "$alg/$row is refused for $f, which $model has"
		done ;;
	*) bad "$alg/$row: status '$status'" ;;
	esac
done < "$tmp/rows"

# 2. --selftest: exit 0, and its rows, in the same order, ok where
# --list-impls says supported and skipped where it says unsupported.
rc=0
"$SIMDSUM" --selftest > "$tmp/selftest" || rc=$?
cat "$tmp/selftest"
if [ $rc -ne 0 ]; then
	bad "--selftest exits $rc$( [ $rc -ne 132 ] || echo ' (SIGILL)')"
else
	awk '{ print $2, ($3 == "supported" ? "ok" : "skipped") }' "$tmp/rows" > "$tmp/want"
	awk 'NF >= 3 && $3 ~ /^(ok|skipped:|FAILED)/ { s = $3; sub(/:$/, "", s); print $2, s }' \
		"$tmp/selftest" > "$tmp/got"
	diff "$tmp/want" "$tmp/got" > "$tmp/diff" ||
		bad "--selftest rows (right) differ from --list-impls (left): $(cat "$tmp/diff")"
fi

# 3. Every refused row, forced: exit status 1 and a message, no signal.
refused=0
while read -r alg row status missing; do
	[ "$status" = unsupported ] || continue
	rc=0
	"$SIMDSUM" -a "$alg" --impl="$row" < /dev/null > /dev/null 2> "$tmp/err" || rc=$?
	if [ "$rc" -eq 1 ] && grep -q "cannot run here" "$tmp/err"; then
		refused=$((refused + 1))
	else
		bad "--impl=$row -a $alg: exit $rc ($(cat "$tmp/err")), expected 1 and 'cannot run here'"
	fi
done < "$tmp/rows"
echo "$model: $refused refused rows forced: exit 1, 'cannot run here'"

# 4. auto against generic: sizes around the block edges and the lengths
# where auto changes kernel, many files at once (lanes) and one at a time.
mkdir "$tmp/f"
for n in 0 1 3 55 56 63 64 111 112 127 128 511 512 4095 4096 65537 1000003; do
	head -c "$n" /dev/urandom > "$tmp/f/b$n"
done
# differs: ALG HOW, after a run into auto.out with exit status rc.
differs() {
	if [ $rc -ne 0 ]; then
		bad "$1: auto, $2: exit $rc$( [ $rc -ne 132 ] || echo ' (SIGILL)')"
	elif ! cmp -s "$tmp/auto.out" "$tmp/generic.out"; then
		bad "$1: auto, $2: digests other than generic's"
	else
		return 1
	fi
}
for alg in sha1 sha224 sha256 sha384 sha512 md5 crc32c; do
	"$SIMDSUM" -a $alg --impl=generic "$tmp"/f/* > "$tmp/generic.out"
	rc=0
	"$SIMDSUM" -a $alg "$tmp"/f/* > "$tmp/auto.out" || rc=$?
	differs $alg "all files in one run" && continue
	for f in "$tmp"/f/*; do
		"$SIMDSUM" -a $alg "$f" || { rc=$?; break; }
	done > "$tmp/auto.out"
	differs $alg "one file per run" || :
done

[ $fail -eq 0 ] || exit 1
echo "check-cpu-models: $model: ok (auto gives generic's digests for every algorithm)"
