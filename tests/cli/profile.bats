#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Cost profile files (SIMDSUM_PROFILE, $XDG_CONFIG_HOME/simdsum/profile):
# a good one changes auto's choices and never a digest; a bad one of any
# kind gives one warning and the built-in profile.

load helpers

SIG=TestVendor:0x7:0x42

# A profile for the test signature in which generic is cheapest.
good_profile() {
	cat <<-END
	simdsum-profile 1
	name generic-first
	cpu TestVendor 0x7 0x42
	version $("$SIMDSUM" --version | sed -n '1s/^simdsum //p')
	io read
	row sha256 generic 1 0.001
	row crc32c generic 1 0.001
	END
}

digests() {
	"$SIMDSUM" -a sha256,crc32c data data2
}

setup_data() {
	head -c 100000 /dev/urandom > data
	head -c 7777 /dev/urandom > data2
	WANT=$(SIMDSUM_PROFILE= digests)
	[ -n "$WANT" ]
}

# The run used the built-in profile after exactly one warning line.
refused() {
	run -0 --separate-stderr env SIMDSUM_CPU_SIGNATURE=$SIG SIMDSUM_PROFILE="$1" \
		"$SIMDSUM" --debug -a sha256,crc32c data data2
	[ "$output" = "$WANT" ]
	local warnings
	warnings=$(grep -c "^$SAYS: warning: profile $1: " <<< "$stderr")
	[ "$warnings" -eq 1 ]
	grep -q "using the built-in profile" <<< "$stderr"
	grep -q "^$SAYS: cost profile: default (built-in)" <<< "$stderr"
}

@test "a good profile is used: --debug and --list-impls say so, digests unchanged" {
	setup_data
	good_profile > p
	run -0 --separate-stderr env SIMDSUM_CPU_SIGNATURE=$SIG SIMDSUM_PROFILE=p \
		"$SIMDSUM" --debug -a sha256,crc32c data data2
	[ "$output" = "$WANT" ]
	grep -q "^$SAYS: cost profile: generic-first (p)" <<< "$stderr"
	grep -q "^$SAYS: sha256: auto: generic" <<< "$stderr"
	grep -q "^$SAYS: crc32c: auto: generic" <<< "$stderr"
	[[ "$stderr" != *warning* ]]
	run -0 env SIMDSUM_CPU_SIGNATURE=$SIG SIMDSUM_PROFILE=p "$SIMDSUM" --list-impls
	grep -q "^Cost profile: generic-first (p)" <<< "$output"
	# without lanes worth having, many files still hash right
	for i in 1 2 3 4 5; do head -c $((i * 9000)) /dev/urandom > m$i; done
	run -0 env SIMDSUM_CPU_SIGNATURE=$SIG SIMDSUM_PROFILE=p "$SIMDSUM" -j1 m1 m2 m3 m4 m5
	[ "$output" = "$(sha256sum m1 m2 m3 m4 m5)" ]
}

@test "a row of two segments: auto leaves it at its knee, digests unchanged" {
	setup_data
	# generic: cheapest below 4096 bytes, dearest from there on
	good_profile | sed 's/^row crc32c generic .*/row crc32c generic 1 0.001 from 4096 1000000 1/' > p
	run -0 --separate-stderr env SIMDSUM_CPU_SIGNATURE=$SIG SIMDSUM_PROFILE=p \
		"$SIMDSUM" --debug -a sha256,crc32c data data2
	[ "$output" = "$WANT" ]
	[[ "$stderr" != *warning* ]]
	local others
	others=$("$SIMDSUM" --list-impls | awk '/^[^ ].*:$/ { f = ($1 == "crc32c:") }
		f && $2 == "supported" && $1 != "generic" { print $1 }')
	if [ -z "$others" ]; then   # a build or CPU without another CRC-32C row
		grep -q "^$SAYS: crc32c: auto: generic (portable C) for every length" <<< "$stderr"
		return
	fi
	grep -q "^$SAYS: crc32c: auto: .* for calls of 4096 bytes or more; generic (portable C) for shorter calls$" <<< "$stderr"
	run -0 env SIMDSUM_CPU_SIGNATURE=$SIG SIMDSUM_PROFILE=p "$SIMDSUM" --list-impls
	grep -q "^  generic .*\[auto for shorter calls\]" <<< "$output"
}

@test "the XDG location is read, and SIMDSUM_PROFILE= (empty) skips it" {
	setup_data
	mkdir -p cfg/simdsum
	good_profile > cfg/simdsum/profile
	run -0 --separate-stderr env -u SIMDSUM_PROFILE XDG_CONFIG_HOME="$PWD/cfg" \
		SIMDSUM_CPU_SIGNATURE=$SIG "$SIMDSUM" --debug data
	grep -q "cost profile: generic-first ($PWD/cfg/simdsum/profile)" <<< "$stderr"
	run -0 --separate-stderr env SIMDSUM_PROFILE= XDG_CONFIG_HOME="$PWD/cfg" \
		SIMDSUM_CPU_SIGNATURE=$SIG "$SIMDSUM" --debug data
	grep -q "cost profile: default (built-in)" <<< "$stderr"
	[[ "$stderr" != *warning* ]]
}

@test "no profile file where none was asked for: silent" {
	setup_data
	run -0 --separate-stderr env -u SIMDSUM_PROFILE XDG_CONFIG_HOME="$PWD/nothing" \
		"$SIMDSUM" data
	no_stderr
}

@test "a missing, empty or unreadable named profile: one warning, built-in profile" {
	setup_data
	refused "$PWD/does-not-exist"
	: > empty
	refused empty
	mkdir dir
	refused dir
	printf 'garbage\n' > junk
	refused junk
	head -c 1000 /dev/urandom > binary
	refused binary
	# Read to the end whatever its size says: /proc's files say 0.
	refused /proc/self/status
	grep -q "warning: profile /proc/self/status: line 1: " <<< "$stderr"
	# A name with a newline: quoted, the warning on one line.
	printf 'garbage\n' > $'two\nlines'
	run -0 --separate-stderr env SIMDSUM_CPU_SIGNATURE=$SIG SIMDSUM_PROFILE=$'two\nlines' \
		"$SIMDSUM" -a sha256 data
	[ "$stderr" = "$SAYS: warning: profile 'two'\$'\\n''lines': line 1: not a simdsum profile (no 'simdsum-profile 1' line); using the built-in profile (default)" ] ||
		{ echo "$stderr"; false; }
}

@test "a broken profile's warning comes first, the same with any -j, for xxHash and a forced row too" {
	setup_data
	printf 'garbage\n' > junk
	for args in "-a xxh3" "-a sha256 --impl=generic"; do
		run --separate-stderr env SIMDSUM_PROFILE=junk "$SIMDSUM" -j1 $args data missing data2
		[ "$status" -eq 1 ]
		local out1=$output err1=$stderr
		[[ "${stderr_lines[0]}" == "$SAYS: warning: profile junk: "* ]] || { echo "$stderr"; false; }
		run --separate-stderr env SIMDSUM_PROFILE=junk "$SIMDSUM" -j2 $args data missing data2
		[ "$output" = "$out1" ]
		[ "$stderr" = "$err1" ] || { echo "-j1: $err1"; echo "-j2: $stderr"; false; }
	done
}

@test "a profile whose path is long (270 bytes) is read like any other" {
	setup_data
	d=$PWD/$(printf 'd%.0s' {1..120})/$(printf 'e%.0s' {1..120})
	mkdir -p "$d"
	good_profile > "$d/profile"
	run -0 --separate-stderr env SIMDSUM_CPU_SIGNATURE=$SIG SIMDSUM_PROFILE="$d/profile" \
		"$SIMDSUM" --debug -a sha256,crc32c data data2
	[ "$output" = "$WANT" ]
	[[ "$stderr" != *warning* ]]
	grep -q "^$SAYS: cost profile: generic-first (\.\.\..*eeee/profile)$" <<< "$stderr"
}

@test "a profile of 64 KiB is read, one byte more is refused" {
	setup_data
	# (2000 lines of 34 bytes: past 65537 bytes in one write, not a
	# process per line)
	{ good_profile; yes '# padding padding padding padding' | head -n 2000; } > big
	[ "$(wc -c < big)" -ge 65537 ]
	{ head -c 65535 big; echo; } > at-limit   # a comment cut short, then its newline
	run -0 --separate-stderr env SIMDSUM_CPU_SIGNATURE=$SIG SIMDSUM_PROFILE=at-limit \
		"$SIMDSUM" --debug -a sha256,crc32c data data2
	[ -z "$(grep warning <<< "$stderr")" ]
	grep -q "cost profile: generic-first (at-limit)" <<< "$stderr"
	{ head -c 65536 big; echo; } > over
	refused over
	grep -q "warning: profile over: larger than 65536 bytes" <<< "$stderr"
}

@test "another CPU, another version, a row this CPU lacks: refused" {
	setup_data
	good_profile | sed 's/^cpu .*/cpu TestVendor 0x7 0x43/' > other-cpu
	refused other-cpu
	good_profile | sed 's/^version .*/version 0.0.1/' > other-version
	refused other-version
	good_profile | grep -v '^version' > no-version
	refused no-version
	good_profile > lacks
	echo 'row sha256 avx2 1 0.5' >> lacks
	run -0 --separate-stderr env SIMDSUM_CPU_DISABLE=avx2 SIMDSUM_CPU_SIGNATURE=$SIG \
		SIMDSUM_PROFILE=lacks "$SIMDSUM" --debug -a sha256,crc32c data data2
	[ "$output" = "$WANT" ]
	# (a build without the assembler has no such row at all)
	grep -qE "warning: profile lacks: (row sha256 avx2 cannot run on this CPU|line [0-9]+: unknown row 'sha256 avx2')" <<< "$stderr"
}

@test "hostile figures and names: refused" {
	setup_data
	for row in 'row sha256 generic nan 1' 'row sha256 generic 1 -1' 'row sha256 generic 1 0' \
		   'row sha256 generic 1e999 1' 'row sha256 generic 1 99999999999' \
		   'row sha256 nosuch 1 1' 'row md4 generic 1 1' 'row sha256 generic 1' \
		   'row sha256 generic 1 1 1' 'row sha256 generic 0x1p3 1junk' \
		   'row crc32 generic 1 1 from 0 1 1' 'row crc32 generic 1 1 from 0x40 1 1' \
		   'row crc32 generic 1 1 from 64 1 0' 'row crc32 generic 1 1 from 64 nan 1' \
		   'row crc32 generic 1 1 from 64 1' 'row crc32 generic 1 1 upto 64 1 1'; do
		good_profile > bad
		echo "$row" >> bad
		refused bad
	done
	good_profile > dup
	echo 'row sha256 generic 2 2' >> dup
	refused dup
	{ good_profile; head -c 70000 /dev/zero | tr '\0' '#'; } > huge
	refused huge
	{ good_profile; printf 'name %0300d\n' 0; } > longline
	refused longline
	grep -q ": line 8: longer than 256 bytes;" <<< "$stderr"
	# Numbers strtod takes that are no decimal cost: hex, a sign, inf.
	for cost in 0x10 -0 +1 -1e-3 inf 1e5x .e1; do
		good_profile | sed "s/^row sha256 generic 1 /row sha256 generic $cost /" > bad
		refused bad
		grep -q "costs must be numbers" <<< "$stderr"
	done
	# Decimal ones are taken, a subnormal one too.
	for cost in 1e-320 1.5E2 .5 2.5e+1; do
		good_profile | sed "s/^row sha256 generic 1 0.001/row sha256 generic 1 $cost/" > ok
		run -0 --separate-stderr env SIMDSUM_CPU_SIGNATURE=$SIG SIMDSUM_PROFILE=ok \
			"$SIMDSUM" --debug -a sha256,crc32c data data2
		[ "$output" = "$WANT" ]
		[[ "$stderr" != *warning* ]] || { echo "$cost: $stderr"; false; }
	done
	# Each refusal says why.
	good_profile | grep -v '^cpu' > nocpu
	refused nocpu
	grep -q "warning: profile nocpu: no cpu line;" <<< "$stderr"
	printf '# only a comment\n' > comments
	refused comments
	grep -q "not a simdsum profile (no 'simdsum-profile 1' line)" <<< "$stderr"
}

@test "a profile read from a pipe is read to its end" {
	setup_data
	good_profile > p
	for i in 1 2 3; do
		run -0 --separate-stderr env SIMDSUM_CPU_SIGNATURE=$SIG bash -c \
			'SIMDSUM_PROFILE=<(sleep 0.2; cat p) "$1" --debug -a sha256,crc32c data data2' sh "$SIMDSUM"
		[ "$output" = "$WANT" ]
		[[ "$stderr" != *warning* ]] || { echo "$stderr"; false; }
		grep -q "^$SAYS: cost profile: generic-first (/dev/fd/" <<< "$stderr"
	done
}

@test "a profile that is standard input's pipe is not read: \"-\" hashes its bytes" {
	good_profile > p
	run --separate-stderr bash -c 'printf "hello\n" | SIMDSUM_CPU_SIGNATURE=$2 SIMDSUM_PROFILE=/dev/stdin "$1" -' \
		sh "$SIMDSUM" "$SIG"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'hello\n' | sha256sum)" ]
	[[ "$stderr" == "$SAYS: warning: profile /dev/stdin: it is standard input, which is not read for a profile; using the built-in profile ("*")" ]]
	# a regular file on standard input has an offset of its own: read
	printf 'hello\n' > data
	run -0 --separate-stderr bash -c 'SIMDSUM_CPU_SIGNATURE=$2 SIMDSUM_PROFILE=p "$1" - < data' sh "$SIMDSUM" "$SIG"
	[ "$output" = "$(sha256sum < data)" ]
	[[ "$stderr" != *warning* ]] || { echo "$stderr"; false; }
}

@test "a profile truncated at every byte: digests never change, one warning unless cut at a line's end" {
	[ -z "${SIMDSUM_SKIP_SLOW:-}" ] || skip "a run per byte: minutes under valgrind"
	setup_data
	good_profile > whole
	local size
	size=$(wc -c < whole)
	for ((n = 0; n < size; n++)); do
		head -c $n whole > cut
		run -0 --separate-stderr env SIMDSUM_CPU_SIGNATURE=$SIG SIMDSUM_PROFILE=cut \
			"$SIMDSUM" -a sha256,crc32c data data2
		[ "$output" = "$WANT" ] || { echo "cut at $n"; false; }
		[ "$(grep -c . <<< "$stderr")" -le 1 ] || { echo "cut at $n: $stderr"; false; }
		# Cut inside a line (a row's figure may have lost digits): refused.
		if [ "$n" -gt 0 ] && [ "$(tail -c 1 cut | od -An -c | tr -d ' ')" != '\n' ]; then
			[[ "$stderr" == *"warning: profile cut: cut short: its last line has no newline;"* ]] ||
				{ echo "cut at $n: $stderr"; false; }
		fi
	done
}
