#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Hashing output is byte-identical to coreutils 9.1 for every algorithm.

load helpers

@test "GNU format, awkward names, every sha algorithm" {
	make_files
	for prog in sha1sum sha224sum sha256sum sha384sum sha512sum md5sum; do
		same_as $prog "${FILES[@]}"
	done
}

@test "--binary and --text indicators" {
	make_files
	for prog in sha1sum sha256sum sha512sum; do
		same_as $prog -b "${FILES[@]}"
		same_as $prog -t "${FILES[@]}"
		same_as $prog -b -t plain
	done
}

@test "--tag (BSD format) with escaped names" {
	make_files
	for prog in sha1sum sha224sum sha256sum sha384sum sha512sum md5sum; do
		same_as $prog --tag "${FILES[@]}"
		same_as $prog -t --tag plain
	done
}

@test "-z ends lines with NUL and never escapes" {
	make_files
	same_as sha256sum -z "${FILES[@]}"
	same_as sha1sum -z --tag "${FILES[@]}"
}

@test "-a selects the algorithm and overrides the program name" {
	make_files
	run "$SIMDSUM" -a sha512 plain
	[ "$output" = "$(sha512sum plain)" ]
	run "$LINKS/sha1sum" -a sha384 plain
	[ "$output" = "$(sha384sum plain)" ]
	run "$SIMDSUM" plain
	[ "$output" = "$(sha256sum plain)" ]
}

@test "program names with a prefix select the algorithm" {
	ln -s "$SIMDSUM" "$T/simd-sha1sum"
	ln -s "$SIMDSUM" "$T/simd-crc32c"
	printf '123456789' > check
	run "$T/simd-sha1sum" check
	[ "$output" = "$(sha1sum check)" ]
	run "$T/simd-crc32c" check
	[ "$output" = "e3069283  check" ]
}

@test "crc32c: check value, tag and empty input" {
	printf '123456789' > check
	: > empty
	run "$LINKS/crc32c" check empty
	[ "${lines[0]}" = "e3069283  check" ]
	[ "${lines[1]}" = "00000000  empty" ]
	run "$LINKS/crc32c" --tag check
	[ "$output" = "CRC32C (check) = e3069283" ]
}

@test "crc32c agrees with the RFC 3720 vectors through the CLI" {
	head -c 32 /dev/zero > zeros
	printf '\377%.0s' $(seq 1 32) > ones
	run "$LINKS/crc32c" zeros ones
	[ "${lines[0]}" = "8a9136aa  zeros" ]
	[ "${lines[1]}" = "62a8ab43  ones" ]
}

@test "large file digests match coreutils for every algorithm" {
	head -c 5000001 /dev/urandom > large
	for prog in sha1sum sha224sum sha256sum sha384sum sha512sum md5sum; do
		same_as $prog large
	done
}

@test "--json is refused by the modes that print text of their own, in either order" {
	local mode
	for mode in --list-impls --list-impls=names --selftest --tune --tune=save; do
		for args in "$mode --json" "--json $mode"; do
			run --separate-stderr "$SIMDSUM" $args
			[ "$status" -eq 1 ]
			[ -z "$output" ]
			[ "${stderr_lines[0]}" = "$SAYS: the --json option is meaningless with ${mode%%=*}" ]
		done
	done
	# --help and --version ignore every other option, as GNU's do.
	run "$SIMDSUM" --json --version
	[ "$status" -eq 0 ]
	run "$SIMDSUM" --help --json
	[ "$status" -eq 0 ]
}

@test "--combine --json: no impl key, since no implementation hashed anything" {
	run --separate-stderr bash -c "printf 'e3069283 9\n' | '$SIMDSUM' -a crc32c --combine --json"
	[ "$status" -eq 0 ]
	[ "$output" = '{"name":"-","algorithm":"crc32c","digest":"e3069283","size":9}' ]
}

@test "--combine --json: an input that gives no CRC gets hash mode's error object" {
	printf 'e3069283 9\n' > good
	printf 'e3069283 9\nzz 5\n' > badline
	run --separate-stderr "$SIMDSUM" -a crc32c --combine --json missing badline good
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 3 ]
	[ "${lines[0]}" = '{"name":"missing","error":"No such file or directory"}' ]
	[ "${lines[1]}" = "{\"name\":\"badline\",\"error\":\"2: invalid CRC 'zz' (8 hex digits or base64)\"}" ]
	[ "${lines[2]}" = '{"name":"good","algorithm":"crc32c","digest":"e3069283","size":9}' ]
	[ "${stderr_lines[0]}" = "$SAYS: missing: No such file or directory" ]
	[ "${stderr_lines[1]}" = "$SAYS: badline: 2: invalid CRC 'zz' (8 hex digits or base64)" ]
	# as hash mode writes one for a file it cannot read
	run --separate-stderr "$SIMDSUM" --json missing
	[ "$output" = '{"name":"missing","error":"No such file or directory"}' ]
}
