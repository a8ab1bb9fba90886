#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# parity.bats - behaviours scripts rely on, compared with coreutils 9.1:
# whole lines on a shared pipe, one algorithm per sha*sum -c, the program
# name in messages.

load helpers

@test "stdout is line-buffered: parallel writers to one pipe never tear a line" {
	mkdir tmp
	for i in $(seq 1 1200); do printf '%s' "$i" > "tmp/$i"; done
	# 12 processes of 100 files each (7.5 KiB of output, more than a
	# stdio buffer), all writing to one pipe.
	ls tmp | sed 's#^#tmp/#' | xargs -n 100 -P 12 "$LINKS/sha256sum" | cat > out
	# coreutils, the same way, for the record: whole lines too
	ls tmp | sed 's#^#tmp/#' | xargs -n 100 -P 12 sha256sum | cat > ref
	[ "$(grep -Ecx '[0-9a-f]{64}  tmp/[0-9]+' ref)" -eq 1200 ]
	[ "$(wc -l < out)" -eq 1200 ]
	run grep -Evc '^[0-9a-f]{64}  tmp/[0-9]+$' out
	[ "$output" = 0 ] || { grep -Ev '^[0-9a-f]{64}  tmp/[0-9]+$' out | head -3; false; }
	sort -k2 out | cmp - <(cd tmp && sha256sum * | sed 's#  #  tmp/#' | sort -k2)
	# Into a regular file, one descriptor shared by all: whole lines too
	# (chunks of whole lines, each one write()).
	ls tmp | sed 's#^#tmp/#' | xargs -n 100 -P 12 "$LINKS/sha256sum" > file.out
	[ "$(grep -Ecx '[0-9a-f]{64}  tmp/[0-9]+' file.out)" -eq 1200 ]
	sort -k2 file.out | cmp - <(sort -k2 out)
}

@test "sha256sum -c and -a -c: a tagged line of another algorithm is improperly formatted, as in coreutils" {
	printf abc > f
	{
		sha1sum --tag f
		printf 'CRC32C (f) = %s\n' "$("$SIMDSUM" -a crc32c f | cut -c1-8)"
		md5sum --tag f
		sha256sum --tag f
	} > mixed
	same_as sha256sum -c mixed
	same_as sha256sum -c -w mixed
	same_as sha256sum -c --strict mixed
	same_as sha1sum -c -w --strict mixed
	same_as md5sum -c -w mixed
	# -a does the same; the simdsum name without -a reads every line.
	run --separate-stderr "$SIMDSUM" -a sha256 -c -w --strict mixed
	[ "$status" -eq 1 ]
	[ "$output" = "f: OK" ]
	[[ "$stderr" == *"mixed: 1: improperly formatted SHA256 checksum line"* ]]
	[[ "$stderr" == *"WARNING: 3 lines are improperly formatted"* ]]
	run --separate-stderr "$SIMDSUM" -c --strict mixed
	[ "$status" -eq 0 ]
	[ "$output" = "f: OK
f: OK
f: OK
f: OK" ]
	# which digest verified each file
	run "$SIMDSUM" -c --json mixed
	[ "$(jq -r 'select(.status) | .algorithm' <<< "$output" | tr '\n' ' ')" = "sha1 crc32c md5 sha256 " ]
	# The one way an OK may rest on a CRC alone is the crc32c name, or -a crc32c.
	run --separate-stderr "$LINKS/crc32c" -c mixed
	[ "$output" = "f: OK" ]
}

@test "messages name the program as it was invoked (argv[0]), as coreutils does" {
	mkdir -p bin
	ln -s "$SIMDSUM" bin/sha256sum
	for prog in "$PWD/bin/sha256sum" bin/sha256sum; do
		run --separate-stderr "$prog" no-such-file
		[ "$status" -eq 1 ]
		# the wrappers of the cross and valgrind runs pass a base name
		[ "$stderr" = "$prog: no-such-file: No such file or directory" ] ||
			[ "$stderr" = "sha256sum: no-such-file: No such file or directory" ]
		# the algorithm still comes from the name
		[ "$(printf abc | "$prog")" = "$(printf abc | sha256sum)" ]
	done
	cp /usr/bin/sha256sum bin/ref-sha256sum 2>/dev/null || skip "no coreutils sha256sum"
	run --separate-stderr "$PWD/bin/ref-sha256sum" no-such-file
	[ "$stderr" = "$PWD/bin/ref-sha256sum: no-such-file: No such file or directory" ]
	run --separate-stderr "$SIMDSUM" --bogus
	[ "$status" -eq 1 ]
	[[ "$stderr" == "$SAYS: unrecognized option '--bogus'"* ]]
	[[ "$stderr" == *"Try '$SAYS --help' for more information." ]]
}
