#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Hostile checksum lists for --check: enormous lines, NUL bytes, CR and
# CRLF endings, bad escapes, digests of the wrong length, a million lines.
# coreutils 9.1 and simdsum must agree on every byte of output, the
# messages and the exit status.

load helpers

# h: the SHA-256 of the file "a" ("abc").
setup_a() {
	printf 'abc' > a
	h=$(sha256sum a | cut -c1-64)
}

@test "lines of 1 MiB: a name, a digest, garbage" {
	setup_a
	long=$(head -c $((1024 * 1024)) /dev/zero | tr '\0' n)
	printf '%s  %s\n' "$h" "$long" > longname.list
	same_as sha256sum -c longname.list
	same_as sha256sum -c -w --ignore-missing longname.list
	printf '%s%s  a\n' "$h" "$long" | tr n 0 > longdigest.list
	same_as sha256sum -c -w longdigest.list
	printf '%s\n%s  a\n' "$long" "$h" > garbage.list
	same_as sha256sum -c -w garbage.list
	printf 'SHA256 (%s) = %s\n' "$long" "$h" > longtag.list
	same_as sha256sum -c -w longtag.list
	# Without a final newline.
	printf '%s  %s' "$h" "$long" > noeol.list
	same_as sha256sum -c noeol.list
}

# stdout and exit status of coreutils' sha256sum and simdsum's on LIST.
same_stdout_rc() {
	local ref=0 our=0
	sha256sum "$@" > "$T/ref.out" 2>/dev/null || ref=$?
	"$LINKS/sha256sum" "$@" > "$T/our.out" 2>"$T/our.err" || our=$?
	cmp -s "$T/ref.out" "$T/our.out" && [ "$ref" -eq "$our" ] ||
		{ echo "sha256sum $*: rc $ref vs $our"; diff "$T/ref.out" "$T/our.out"; false; }
}

@test "NUL bytes in names, digests and between lines: stdout and status as coreutils 9.1" {
	# coreutils 9.1 reads names and digests as C strings, so "HEX  a\0b"
	# checks "a"; simdsum checks the same file and says so on stderr, and
	# --strict counts the line against the list (see the man page).
	setup_a
	{
		printf '%s  a\0b\n' "$h"          # 1: name cut: a
		printf '%s\0 a\n' "$h"            # 2: digest not followed by a blank
		printf '\0%s  a\n' "$h"           # 3: NUL first
		printf '%s  a\n\0\n' "$h"         # 4, 5: a line that is one NUL
		printf 'SHA256 (a\0) = %s\n' "$h" # 6: tagged name cut
		printf 'SHA256 (a) = %s\0\n' "$h" # 7: tagged digest cut
		printf '\\%s  a\\\0\n' "$h"       # 8: escaped name with a NUL
		printf '%s  \0a\n' "$h"           # 9: name cut to ''
		printf '%s  a\n' "$h"             # 10
	} > nul.list
	for flags in "" -w --quiet --status; do
		same_stdout_rc -c $flags nul.list
	done
	run --separate-stderr "$LINKS/sha256sum" -c nul.list
	for n in 1 6 7 9; do
		[[ "$stderr" == *"nul.list: $n: NUL byte in checksum line: what follows it is ignored"* ]] ||
			{ echo "line $n: $stderr"; false; }
	done
	[[ "$stderr" != *"nul.list: 2: NUL"* ]]
	# --strict: the same stdout, and the cut lines fail the list.
	sha256sum -c --strict nul.list > ref.out 2>/dev/null || true
	run --separate-stderr "$LINKS/sha256sum" -c --strict nul.list
	[ "$status" -eq 1 ]
	[ "$output" = "$(cat ref.out)" ]
	# Each line on its own, each placement with and without --strict.
	split -l 1 nul.list one.
	for f in one.*; do
		same_stdout_rc -c "$f"
		same_stdout_rc -c -w "$f"
		run "$LINKS/sha256sum" -c --strict "$f"
		if grep -q "NUL byte" <("$LINKS/sha256sum" -c "$f" 2>&1); then
			[ "$status" -eq 1 ] || { echo "$f: $output"; false; }
		fi
	done
	head -c 100 /dev/zero > zeros.list
	run "$SIMDSUM" -c zeros.list
	[ "$status" -eq 1 ]
}

@test "CR and CRLF endings, lone CRs, escaped CRs" {
	setup_a
	printf 'x' > $'a\r'
	printf '%s  a\r\n' "$h" > crlf.list
	same_as sha256sum -c crlf.list
	printf '%s  a\r\r\n' "$h" > crcr.list
	same_as sha256sum -c -w crcr.list
	printf '%s  a\r' "$h" > cr-noeol.list
	same_as sha256sum -c cr-noeol.list
	printf '%s  a\r%s  a\n' "$h" "$h" > lone-cr.list
	same_as sha256sum -c -w lone-cr.list
	printf '\\%s  a\\r\r\n' "$(sha256sum $'a\r' | cut -c2-65)" > escaped-cr.list
	same_as sha256sum -c escaped-cr.list
	printf 'SHA256 (a) = %s\r\n' "$h" > tag-crlf.list
	same_as sha256sum -c tag-crlf.list
	printf '\r\n\r\n%s  a\r\n' "$h" > blank-crlf.list
	same_as sha256sum -c -w blank-crlf.list
}

@test "invalid escapes" {
	setup_a
	for name in 'a\' 'a\x' 'a\0' 'a\t' 'a\\\' 'a\N' 'a\R' '\' '\\\\' 'a\n\q'; do
		printf '\\%s  %s\n' "$h" "$name" > esc.list
		same_as sha256sum -c -w esc.list
		printf '\\SHA256 (%s) = %s\n' "$name" "$h" > esc-tag.list
		same_as sha256sum -c -w esc-tag.list
	done
}

@test "digests of the wrong length, for every algorithm" {
	setup_a
	for prog in sha1sum sha224sum sha256sum sha384sum sha512sum md5sum; do
		d=$($prog a | cut -d' ' -f1)
		# simdsum also reads base64 digests (told apart by length): a
		# hex digest of that length would be read as base64, unlike in
		# coreutils 9.1, so other algorithms' digests of the length of
		# this one's base64 form are left out (SHA-256's for SHA-384).
		b64len=$(( (${#d} / 2 + 2) / 3 * 4 ))
		{
			printf '%s  a\n' "${d:1}"
			printf '%s0  a\n' "$d"
			printf '%s%s  a\n' "$d" "$d"
			printf '%s  a\n' "${d:0:8}"
			# Another algorithm's digest length.
			for other in sha1sum sha256sum sha512sum; do
				o=$($other a | cut -d' ' -f1)
				[ ${#o} -eq $b64len ] || printf '%s  a\n' "$o"
			done
		} > wrong.list
		same_as $prog -c -w wrong.list
		same_as $prog -c --strict wrong.list
		tag=$($prog --tag a | cut -d' ' -f1)
		printf '%s (a) = %s\n' "$tag" "${d:1}" "$tag" "${d}00" > wrong-tag.list
		same_as $prog -c -w wrong-tag.list
	done
	# crc32c: no coreutils counterpart; wrong lengths are malformed.
	c=$("$SIMDSUM" -a crc32c a | cut -c1-8)
	printf '%s  a\n%s0  a\n%s  a\n' "${c:1}" "$c" "$c" > crc.list
	run --separate-stderr "$SIMDSUM" -a crc32c -c -w crc.list
	[ "$status" -eq 0 ]
	[ "$output" = "a: OK" ]
	[ "${#stderr_lines[@]}" -eq 3 ]
}

@test "a million lines" {
	[ -z "${SIMDSUM_SKIP_SLOW:-}" ] || skip "SIMDSUM_SKIP_SLOW is set"
	setup_a
	printf 'abd' > b
	hb=$(sha256sum b | cut -c1-64)
	# Good lines, a few bad ones, malformed ones and comments, spread
	# through the list.
	awk -v h="$h" -v hb="$hb" 'BEGIN {
		for (i = 0; i < 1000000; i++) {
			if (i % 100000 == 7) print h "  b"
			else if (i % 250000 == 3) print "garbage " i
			else if (i % 333333 == 1) print "# comment"
			else if (i % 2) print h "  a"
			else print "SHA256 (b) = " hb
		}
	}' > million.list
	[ "$(wc -l < million.list)" -eq 1000000 ]
	same_as sha256sum -c --quiet -w million.list
}
