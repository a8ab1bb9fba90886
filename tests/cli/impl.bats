#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# --impl, SIMDSUM_IMPL and --list-impls.

load helpers

@test "--list-impls names the CPU and every family" {
	run "$SIMDSUM" --list-impls
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "CPU: "* ]]
	[[ "$output" == *"sha1:"* ]]
	[[ "$output" == *"sha224, sha256:"* ]]
	[[ "$output" == *"sha384, sha512:"* ]]
	[[ "$output" == *"crc32c:"* ]]
	for h in "sha1:" "sha224, sha256:" "sha384, sha512:" "crc32c:"; do
		"$SIMDSUM" --list-impls | awk -v h="$h" '
			/^[^ ].*:$/ { in_h = ($0 == h); next }
			in_h && /\[auto/ { found = 1 }
			END { exit !found }'
	done
}

@test "an unknown implementation lists the valid names" {
	run --separate-stderr "$SIMDSUM" --impl=turbo /dev/null
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ "$stderr" == "$SAYS: unknown implementation 'turbo' for sha256; valid: auto, "*generic* ]]
}

@test "SIMDSUM_IMPL is read, and --impl wins over it" {
	printf 'abc' > f
	run --separate-stderr env SIMDSUM_IMPL=turbo "$SIMDSUM" f
	[ "$status" -eq 1 ]
	run env SIMDSUM_IMPL=turbo "$SIMDSUM" --impl=generic f
	[ "$status" -eq 0 ]
	[ "$output" = "$(sha256sum f)" ]
}

@test "an implementation this CPU cannot run is an error naming the missing features" {
	printf 'abc' > f
	# Remove every feature, then ask for each accelerated row by name.
	for alg in sha1 sha256 sha512 crc32c crc32 crc64nvme; do
		for impl in $("$SIMDSUM" --list-impls | awk '/^  / && $1 != "generic" { print $1 }' | sort -u); do
			run --separate-stderr env SIMDSUM_CPU_DISABLE=all "$SIMDSUM" -a $alg --impl=$impl f
			[ "$status" -eq 1 ]
			[ -z "$output" ]
			[[ "$stderr" == *"unknown implementation"* || "$stderr" == *"cannot run here: this CPU/OS lacks"* ]]
		done
	done
}

@test "SIMDSUM_CPU_DISABLE=all leaves generic as auto (MD5: its baseline x86-64 code; xxHash: the library)" {
	run env SIMDSUM_CPU_DISABLE=all "$SIMDSUM" --list-impls
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | grep -c '\[auto\]')" -eq 9 ]
	# "FAMILY ROW" for each auto row: generic, or a row that needs nothing
	echo "$output" | awk '/^[^ ].*:$/ { h = $0; next } /\[auto\]/ { print h "|" $1 }' |
		while IFS='|' read -r fam row; do
			[ "$row" = generic ] || [ "$fam $row" = "md5: x86_64" ] || [ "$row" = libxxhash ]
		done
}

@test "SIMDSUM_CPU_DISABLE also takes away the features built on those it names (sse2: every row that needs one)" {
	run -0 "$SIMDSUM" --list-impls
	local have f deps want got
	have=" $(sed -n 's/^CPU features: //p' <<< "$output") "
	# every x86-64 CPU has SSE2; elsewhere there is nothing to take away
	[[ "$have" == *" sse2 "* ]] || skip "no x86 features here (CPU features:$have)"
	# sse2 leaves the rows that "all" leaves: those that need nothing
	run -0 env SIMDSUM_CPU_DISABLE=all "$SIMDSUM" --list-impls
	local all_rows=$(awk '/^[^ ].*:$/ { h = $0 } /^  / && $2 == "supported" { print h, $1 }' <<< "$output")
	run -0 env SIMDSUM_CPU_DISABLE=sse2 "$SIMDSUM" --list-impls
	local sse2_rows=$(awk '/^[^ ].*:$/ { h = $0 } /^  / && $2 == "supported" { print h, $1 }' <<< "$output")
	[ "$sse2_rows" = "$all_rows" ]
	# each feature, then exactly those built on it, of the ones this CPU has
	while read -r f deps; do
		run -0 env SIMDSUM_CPU_DISABLE=$f "$SIMDSUM" --list-impls
		got=$(sed -n 's/^Disabled by SIMDSUM_CPU_DISABLE: //p' <<< "$output" | tr ' ' '\n' | sort)
		want=$(for d in $f $deps; do [[ "$have" != *" $d "* ]] || echo $d; done | sort)
		[ "$got" = "$want" ] || { echo "SIMDSUM_CPU_DISABLE=$f took:" $got "; want:" $want; return 1; }
	done <<-EOF
	sse2 ssse3 sse4.1 sse4.2 pclmulqdq sha gfni avx avx2 vaes vpclmulqdq avx512f avx512dq avx512bw avx512vl
	ssse3 sse4.1 sse4.2 avx avx2 vaes vpclmulqdq avx512f avx512dq avx512bw avx512vl
	sse4.1 sse4.2 avx avx2 vaes vpclmulqdq avx512f avx512dq avx512bw avx512vl
	sse4.2 avx avx2 vaes vpclmulqdq avx512f avx512dq avx512bw avx512vl
	avx avx2 vaes vpclmulqdq avx512f avx512dq avx512bw avx512vl
	avx2 avx512f avx512dq avx512bw avx512vl
	avx512f avx512dq avx512bw avx512vl
	pclmulqdq vpclmulqdq
	avx512bw
	sha
	bmi2
	EOF
}

@test "SIMDSUM_IMPL empty is unset; SIMDSUM_CPU_DISABLE warns once of a name it does not know" {
	printf abc > f
	run -0 --separate-stderr env SIMDSUM_IMPL= "$SIMDSUM" f
	[ "$output" = "$(sha256sum f)" ]
	no_stderr
	run -0 --separate-stderr env SIMDSUM_CPU_DISABLE=avx512,sha "$SIMDSUM" -j2 f f f
	[ "$stderr" = "$SAYS: warning: SIMDSUM_CPU_DISABLE: unknown feature 'avx512'" ]
	run -0 --separate-stderr env SIMDSUM_CPU_DISABLE=avx512f,,all "$SIMDSUM" f
	no_stderr
	# the name is the user's bytes: quoted, never raw to the terminal
	run -0 --separate-stderr env SIMDSUM_CPU_DISABLE="$(printf 'x\033[2Jy')" "$SIMDSUM" f
	[ "$stderr" = "$SAYS: warning: SIMDSUM_CPU_DISABLE: unknown feature 'x'\$'\\033''[2Jy'" ]
}

@test "-c without -a: --impl forces every family that has the row, the others run auto; --debug says so" {
	printf hello > f
	{ "$SIMDSUM" -a md5 --tag f; "$SIMDSUM" -a sha1 --tag f; "$SIMDSUM" -a crc32c --tag f; } > mixed
	# a row of md5's own, which sha256 (the default) lacks (x86_64; none
	# in a build without assembly)
	local own=
	for name in $("$SIMDSUM" -a md5 --list-impls=names); do
		"$SIMDSUM" -a sha256 --list-impls=names | grep -qx "$name" && continue
		"$SIMDSUM" -a md5 --impl="$name" f > /dev/null 2>&1 && own=$name && break
	done
	if [ -n "$own" ]; then
		run -0 --separate-stderr "$SIMDSUM" -c --impl="$own" --debug mixed
		[ "$output" = "f: OK
f: OK
f: OK" ]
		[[ "$stderr" == *"md5: forced: $own ("* ]]
		[[ "$stderr" == *"sha256: auto: "* ]]
		[[ "$stderr" != *"sha1: forced"* ]]
	fi
	# generic: every family has it
	run -0 --separate-stderr "$SIMDSUM" -c --impl=generic --debug mixed
	for a in sha256 md5 sha1 crc32c; do
		[[ "$stderr" == *"$a: forced: generic (portable C)"* ]] || { echo "$a: $stderr"; false; }
	done
	# a name no family has: refused, nothing read
	run --separate-stderr "$SIMDSUM" -c --impl=nosuch mixed
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ "$stderr" == "$SAYS: unknown implementation 'nosuch' for sha256; valid: "* ]]
	# under -a, --impl is -a's family's
	[ -n "$own" ] || return 0
	run --separate-stderr "$SIMDSUM" -a sha1 -c --impl="$own" mixed
	[ "$status" -eq 1 ]
	[[ "$stderr" == "$SAYS: unknown implementation '$own' for sha1; valid: "* ]]
}

@test "--verify-object --debug names the implementations of the checksums META gives" {
	printf hello > f
	printf '{"ContentLength": 5, "ChecksumCRC32C": "%s", "ChecksumSHA1": "%s"}' \
		"$("$SIMDSUM" -a crc32c --base64 f | cut -d' ' -f1)" \
		"$("$SIMDSUM" -a sha1 --base64 f | cut -d' ' -f1)" > m.json
	run -0 --separate-stderr "$SIMDSUM" --debug --verify-object=m.json f
	[[ "$stderr" == *"$SAYS: cost profile: "* ]]
	[[ "$stderr" == *"$SAYS: crc32c: auto: "* ]]
	[[ "$stderr" == *"$SAYS: sha1: auto: "* ]]
	[[ "$stderr" != *"sha256"* ]]
	run -0 --separate-stderr "$SIMDSUM" --debug --impl=generic --verify-object=m.json f
	[[ "$stderr" == *"$SAYS: crc32c: forced: generic (portable C) for every length"* ]]
}
