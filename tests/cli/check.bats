#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# --check against coreutils 9.1: every flag, missing files, mismatches,
# malformed lines, escaped names, lists on stdin.

load helpers

setup_lists() {
	make_files
	sha256sum "${FILES[@]}" > good.list
	sha256sum --tag "${FILES[@]}" > tagged.list
	sed '1s/^./0/; 3s/^\(.\)./\10/' good.list > bad.list
	{ cat good.list; echo "$(sha256sum plain | cut -c1-64)  missing-file"; } > missing.list
	{ head -2 good.list; echo "garbage line"; echo; echo "# comment"; tail -2 good.list; } > malformed.list
}

@test "a clean list, tagged and untagged" {
	setup_lists
	same_as sha256sum -c good.list
	same_as sha256sum -c tagged.list
	same_as sha256sum --check good.list tagged.list
}

@test "mismatches, --quiet, --status" {
	setup_lists
	for flags in "" --quiet --status "--quiet --strict" "-w --status" "--status -w"; do
		same_as sha256sum -c $flags bad.list
	done
}

@test "missing files, --ignore-missing" {
	setup_lists
	for flags in "" --ignore-missing "--ignore-missing --quiet" "--ignore-missing --status"; do
		same_as sha256sum -c $flags missing.list
	done
	echo "$(sha256sum plain | cut -c1-64)  nothing-here" > only-missing.list
	same_as sha256sum -c --ignore-missing only-missing.list
	same_as sha256sum -c --ignore-missing --status only-missing.list
}

@test "malformed lines, -w, --strict" {
	setup_lists
	for flags in "" -w --strict "-w --strict" --quiet --status "--status --strict"; do
		same_as sha256sum -c $flags malformed.list
	done
}

@test "empty list and lists without any valid line" {
	: > empty.list
	printf 'nothing\nuseful\n' > junk.list
	same_as sha256sum -c empty.list
	same_as sha256sum -c junk.list
	same_as sha256sum -c --status junk.list
}

@test "missing and unreadable lists" {
	setup_lists
	mkdir dir
	same_as sha256sum -c no-such.list good.list
	same_as sha256sum -c dir
}

@test "lists from standard input, '-' in a list from stdin" {
	setup_lists
	STDIN=good.list same_as sha256sum -c
	STDIN=good.list same_as sha256sum -c -
	echo "$(sha256sum plain | cut -c1-64)  -" > dash.list
	STDIN=dash.list same_as sha256sum -c
	same_as sha256sum -c dash.list
}

@test "every algorithm checks its own lists" {
	make_files
	for prog in sha1sum sha224sum sha384sum sha512sum md5sum; do
		$prog "${FILES[@]}" > l
		$prog --tag "${FILES[@]}" > t
		same_as $prog -c l
		same_as $prog -c t
	done
}

@test "CRLF lines, leading blanks, uppercase hex, openssl-style tags" {
	printf 'abc' > a
	h=$(sha256sum a | cut -c1-64)
	H=$(echo "$h" | tr a-f A-F)
	printf '%s  a\r\n' "$h" > crlf.list
	printf ' \t%s  a\n' "$h" > blanks.list
	printf '%s  a\n' "$H" > upper.list
	printf 'SHA256(a)= %s\n' "$h" > openssl.list
	printf 'SHA256 (a)=%s\n' "$h" >> openssl.list
	for l in crlf.list blanks.list upper.list openssl.list; do
		same_as sha256sum -c $l
	done
}

@test "reversed BSD form (one blank) and mixing it with the GNU form" {
	printf 'abc' > a
	printf 'def' > ' b'
	h=$(sha256sum a | cut -c1-64)
	hb=$(sha256sum ' b' | cut -c1-64)
	printf '%s a\n%s  b\n' "$h" "$hb" > rev.list
	printf '%s  a\n%s  b\n' "$h" "$hb" > gnu.list
	same_as sha256sum -c rev.list
	same_as sha256sum -c gnu.list
	same_as sha256sum -c -w rev.list gnu.list
}

@test "mixed-algorithm tagged lists (simdsum extension)" {
	printf 'abc' > a
	printf '123456789' > n
	{ sha1sum --tag a; sha512sum --tag n; sha256sum --tag a; echo "CRC32C (n) = e3069283"; } > mixed.list
	run "$SIMDSUM" -c mixed.list
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'a: OK\nn: OK\na: OK\nn: OK')" ]
	echo "CRC32C (n) = e3069284" >> mixed.list
	run --separate-stderr "$SIMDSUM" -c mixed.list
	[ "$status" -eq 1 ]
	[ "${lines[4]}" = "n: FAILED" ]
}

@test "as simdsum without -a, an untagged line of one algorithm's length is that algorithm" {
	printf '123456789' > n
	{
		"$SIMDSUM" -a sha256 n
		"$SIMDSUM" -a sha1 n
		"$SIMDSUM" -a sha512 --base64 n
		"$SIMDSUM" -a sha224 n
		"$SIMDSUM" -a crc32 n       # 8 digits: CRC-32 or CRC-32C, so -a must say
		"$SIMDSUM" -a crc64nvme n   # 16: CRC-64/NVME, XXH64 or XXH3
		"$SIMDSUM" -a md5 n         # 32: MD5 or XXH128
	} > mixed.list
	run --separate-stderr "$SIMDSUM" -c mixed.list
	[ "$status" -eq 0 ]   # improperly formatted lines fail only with --strict
	[ "$output" = "n: OK
n: OK
n: OK
n: OK" ]
	[ "$stderr" = "$SAYS: WARNING: 3 lines are improperly formatted" ]
	# a wrong digest of such a length is FAILED, not malformed
	sed '1s/^1/2/' mixed.list > bad.list   # SHA-256 of 123456789: 15e2b0d3...
	run "$SIMDSUM" -c bad.list
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == "n: FAILED" ]]
	# -a, and the sha*sum names, keep to their own algorithm as coreutils does
	run --separate-stderr "$SIMDSUM" -a sha1 -c mixed.list
	[ "$output" = "n: OK" ]
	run --separate-stderr as_named md5sum -c mixed.list
	[ "$output" = "n: OK" ]
	[ "$stderr" = "md5sum: WARNING: 6 lines are improperly formatted" ]
}

@test "untagged lines of an ambiguous length use -a or the program name, never a guess" {
	printf '123456789' > n
	echo "e3069283  n" > crc.list
	run "$LINKS/crc32c" -c crc.list
	[ "$status" -eq 0 ]
	[ "$output" = "n: OK" ]
	run "$SIMDSUM" -a crc32c -c crc.list
	[ "$status" -eq 0 ]
	run --separate-stderr "$SIMDSUM" -c -w crc.list
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: crc.list: 1: improperly formatted SHA256 checksum line
$SAYS: crc.list: no properly formatted checksum lines found" ]
}

@test "an untagged base64 digest that begins with a tag's letters is no tag" {
	# SHA-256 of "8342" in base64 begins with "MD5".
	printf 8342 > m
	"$SIMDSUM" --base64 m > list
	[[ "$(cat list)" == MD5* ]]
	run "$SIMDSUM" -c list
	[ "$status" -eq 0 ]
	[ "$output" = "m: OK" ]
	# the tags themselves, each a whole word, with and without a blank
	for a in crc32 crc32c sha1 sha256; do
		"$SIMDSUM" -a $a --tag m > list
		run "$SIMDSUM" -c list
		[ "$status" -eq 0 ] || { echo "$a: $output"; false; }
		sed 's/ (/(/' list > list2
		run "$SIMDSUM" -c list2
		[ "$status" -eq 0 ] || { echo "$a without blank: $output"; false; }
	done
}

@test "--json: a list without a well-formed line still ends with its summary, and says why it fails" {
	printf 'zzz\n\nyyy\n' > junk.list
	run --separate-stderr "$SIMDSUM" -c --json junk.list
	[ "$status" -eq 1 ]
	[ "$output" = '{"list":"junk.list","line":1,"status":"malformed"}
{"list":"junk.list","line":3,"status":"malformed"}
{"list":"junk.list","summary":{"ok":0,"failed":0,"unreadable":0,"malformed":2},"error":"no properly formatted checksum lines found"}' ]
	[ "$stderr" = "$SAYS: junk.list: no properly formatted checksum lines found" ]
	: > empty.list
	run --separate-stderr "$SIMDSUM" -c --json empty.list
	[ "$status" -eq 1 ]
	[ "$output" = '{"list":"empty.list","summary":{"ok":0,"failed":0,"unreadable":0,"malformed":0},"error":"no properly formatted checksum lines found"}' ]
	run --separate-stderr "$SIMDSUM" -c --json --status junk.list
	[ "$status" -eq 1 ]
	[ -z "$output" ]
}

@test "--json: a list that cannot be read gets an error object in place of its summary" {
	printf 'abc' > a
	"$SIMDSUM" a > good.list
	mkdir dir
	run --separate-stderr "$SIMDSUM" -c --json no-such.list dir good.list
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = '{"list":"no-such.list","error":"No such file or directory"}' ]
	[ "${lines[1]}" = '{"list":"dir","error":"read error"}' ]
	[ "${lines[3]}" = '{"list":"good.list","summary":{"ok":1,"failed":0,"unreadable":0,"malformed":0}}' ]
	[ "${stderr_lines[0]}" = "$SAYS: no-such.list: No such file or directory" ]
	[ "${stderr_lines[1]}" = "$SAYS: dir: read error" ]
	run --separate-stderr env LD_PRELOAD="$FAULT_SHIM" SIMDSUM_FAULT=eio=good.list \
		"$SIMDSUM" -c --json good.list
	[ "$output" = '{"list":"good.list","error":"read error"}' ]
	run --separate-stderr "$SIMDSUM" -c --json --status no-such.list
	[ -z "$output" ]
}

@test "--json: a line read up to a NUL says so (--strict fails the list for it)" {
	printf 'abc' > f1
	printf '%s  f1\0junk\n' "$(sha256sum f1 | cut -c1-64)" > nul.list
	run --separate-stderr "$SIMDSUM" -c --json --strict nul.list
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = '{"list":"nul.list","line":1,"name":"f1","algorithm":"sha256","status":"ok","nul_cut":true}' ]
	run --separate-stderr "$SIMDSUM" -c --json --strict --audit --ignore-new nul.list
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = '{"list":"nul.list","line":1,"name":"f1","algorithm":"sha256","status":"ok","nul_cut":true}' ]
	"$SIMDSUM" f1 > plain.list
	run --separate-stderr "$SIMDSUM" -c --json plain.list
	[[ "${lines[0]}" != *nul_cut* ]]
}

@test "--json: a list read from standard input is \"-\", as hash mode names it" {
	printf 'abc' > a
	"$SIMDSUM" a > good.list
	run --separate-stderr bash -c "'$SIMDSUM' -c --json < good.list"
	[ "$output" = '{"list":"-","line":1,"name":"a","algorithm":"sha256","status":"ok"}
{"list":"-","summary":{"ok":1,"failed":0,"unreadable":0,"malformed":0}}' ]
	run --separate-stderr bash -c "printf 'zzz\n' | '$SIMDSUM' -c --json -"
	[ "${lines[0]}" = '{"list":"-","line":1,"status":"malformed"}' ]
	[ "$stderr" = "$SAYS: 'standard input': no properly formatted checksum lines found" ]
}
