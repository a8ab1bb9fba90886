#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The xxHash family (libxxhash) against xxhsum 0.8, the reference tool:
# its untagged -H1/-H2 lines, its always-tagged XXH3 lines, --tag, and
# --check of the lists it writes (--little-endian's included, and 0.8.2's
# "XXH3_HEX  NAME"); --base64 of the canonical bytes.

load helpers

setup_file() {
	command -v xxhsum >/dev/null || skip "xxhsum (Debian package xxhash) is not installed"
}

# Names without a backslash or a newline: xxhsum 0.8.1 writes those raw,
# simdsum escapes them as coreutils does (its lines stay parseable).
plain_files() {
	: > empty
	printf abc > 'with space'
	head -c 300001 /dev/urandom > odd
	head -c 64 /dev/urandom > -dash
	FILES=(empty 'with space' odd ./-dash)
}

@test "output equals xxhsum's: -H1, -H2, -H3, --tag" {
	plain_files
	[ "$("$SIMDSUM" -a xxh64 "${FILES[@]}")" = "$(xxhsum -H1 "${FILES[@]}")" ]
	[ "$("$SIMDSUM" -a xxh128 "${FILES[@]}")" = "$(xxhsum -H2 "${FILES[@]}")" ]
	[ "$("$SIMDSUM" -a xxh3 "${FILES[@]}")" = "$(xxhsum -H3 "${FILES[@]}")" ]
	for pair in "xxh64 1" "xxh128 2" "xxh3 3"; do
		[ "$("$SIMDSUM" -a ${pair% *} --tag "${FILES[@]}")" = "$(xxhsum --tag -H${pair#* } "${FILES[@]}")" ]
	done
}

@test "every length 0..300 and a large file, streamed through simdsum's buffers" {
	head -c 5000001 /dev/urandom > large
	for n in $(seq 0 300) 1023 1024 1025 262144 262145; do
		head -c $n large > "len$n"
	done
	for pair in "xxh64 1" "xxh128 2" "xxh3 3"; do
		alg=${pair% *} h=${pair#* }
		for io in read mmap; do
			[ "$("$SIMDSUM" -a $alg --io=$io len* large)" = "$(xxhsum -H$h len* large)" ]
		done
		# pieces of a pipe
		[ "$(cat large | "$SIMDSUM" -a $alg | cut -d' ' -f1)" = "$(xxhsum -H$h large | cut -d' ' -f1)" ]
	done
}

@test "--check reads xxhsum's lists: untagged with -a, tagged without" {
	plain_files
	xxhsum -H1 "${FILES[@]}" > h1.list
	xxhsum -H2 "${FILES[@]}" > h2.list
	xxhsum -H3 "${FILES[@]}" > h3.list
	xxhsum --tag -H1 "${FILES[@]}" > t1.list
	"$SIMDSUM" -a xxh64 -c h1.list > out
	[ "$(xxhsum -c h1.list)" = "$(cat out)" ]
	"$SIMDSUM" -a xxh128 -c h2.list > out
	[ "$(xxhsum -c h2.list)" = "$(cat out)" ]
	for l in h3.list t1.list; do
		"$SIMDSUM" -c $l > out
		[ "$(xxhsum -c $l)" = "$(cat out)" ]
	done
	# A changed file fails in both.
	echo x >> odd
	run "$SIMDSUM" -c t1.list
	[ "$status" -eq 1 ]
	[[ "$output" == *"odd: FAILED"* ]]
}

@test "--check and --update read xxhsum --little-endian's tagged lists and write their lines" {
	plain_files
	for h in 1 2 3; do
		xxhsum -H$h --tag --little-endian "${FILES[@]}" > le$h.list
		run "$SIMDSUM" -c le$h.list
		[ "$status" -eq 0 ] || { echo "-H$h: $output"; false; }
		[ "$output" = "$(xxhsum -c le$h.list)" ]
	done
	# the bytes are reversed, not read as they stand: a changed file fails
	cp odd odd.kept
	echo x >> odd
	run "$SIMDSUM" -c le2.list
	[ "$status" -eq 1 ]
	[[ "$output" == *"odd: FAILED"* ]]
	mv odd.kept odd
	# a new line is in the list's form, which xxhsum reads back
	printf 'new' > new
	for h in 1 3; do
		"$SIMDSUM" --update=le$h.list new
		xxhsum -H$h --tag --little-endian new | cmp - <(tail -n 1 le$h.list)
		xxhsum -c le$h.list > /dev/null
	done
}

@test "--check, --audit and --update read xxhsum 0.8.2's untagged XXH3 lines (XXH3_HEX  NAME)" {
	plain_files
	printf 'a\\b' > 'back\slash'
	# xxhsum 0.8.1 (Debian 12) writes XXH3 tagged; 0.8.2 and later write
	# "XXH3_" and the digest, escaping a name before the prefix
	for f in "${FILES[@]}" 'back\slash'; do
		d=$(xxhsum -H3 "$f" | sed 's/.* = //')
		case $f in *\\*) printf '\\XXH3_%s  %s\n' "$d" "${f//\\/\\\\}" ;;
			   *) printf 'XXH3_%s  %s\n' "$d" "$f" ;; esac
	done > x3.list
	run --separate-stderr "$SIMDSUM" -c x3.list
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s: OK\n' "${FILES[@]}"; echo 'back\slash: OK')" ] ||
		{ echo "$output"; false; }
	run --separate-stderr "$SIMDSUM" -a xxh3 -c x3.list
	[ "$status" -eq 0 ]
	# it names XXH3 as a tag does: another algorithm's -c does not read it
	run --separate-stderr "$SIMDSUM" -a xxh64 -c x3.list
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"no properly formatted checksum lines found"* ]]
	run --separate-stderr "$SIMDSUM" -c x3.list --audit --ignore-new
	[ "$status" -eq 0 ]
	echo x >> odd
	run --separate-stderr "$SIMDSUM" -c x3.list
	[ "$status" -eq 1 ]
	[[ "$output" == *"odd: FAILED"* ]]
	# new lines in the same form (unprefixed, XXH3 would read as XXH64)
	printf 'new' > new
	"$SIMDSUM" --update=x3.list new
	[ "$(tail -n 1 x3.list)" = "XXH3_$(xxhsum -H3 new | sed 's/.* = //')  new" ]
}

@test "untagged 16 and 32 hex digits are ambiguous without -a (XXH64 or CRC-64/NVME; XXH128 or MD5)" {
	printf abc > a
	xxhsum -H1 a > h1.list
	xxhsum -H2 a > h2.list
	for l in h1.list h2.list; do
		run "$SIMDSUM" -c $l
		[ "$status" -eq 1 ]
		[[ "$output" == *"no properly formatted checksum lines found"* ]]
	done
	run "$SIMDSUM" -a xxh64 -c h1.list
	[ "$output" = "a: OK" ]
	run "$SIMDSUM" -a xxh128 -c h2.list
	[ "$output" = "a: OK" ]
}

@test "--base64 is of the canonical (big-endian) bytes; --json names the algorithm" {
	printf abc > a
	[ "$("$SIMDSUM" -a xxh64 --base64 a)" = "$(printf 44bc2cf5ad770999 | xxd -r -p | base64)  a" ]
	[ "$("$SIMDSUM" -a xxh3 --base64 a)" = "XXH3 (a) = $(printf 78af5f94892f3950 | xxd -r -p | base64)" ]
	[ "$("$SIMDSUM" -a xxh128 --json a | jq -r .algorithm)" = xxh128 ]
	[ "$("$SIMDSUM" -a xxh64,xxh3,xxh128 a | cut -d' ' -f1 | tr '\n' ' ')" = "44bc2cf5ad770999 XXH3 06b05ab6733a618578af5f94892f3950 " ]
}

@test "--list-impls names the library and its version; --impl=libxxhash" {
	run "$SIMDSUM" --list-impls
	[[ "$output" == *"xxh3, xxh128:"* ]]
	[[ "$output" == *"libxxhash  supported (libxxhash 0."* ]]
	printf abc > a
	[ "$("$SIMDSUM" -a xxh64 --impl=libxxhash a)" = "44bc2cf5ad770999  a" ]
}
