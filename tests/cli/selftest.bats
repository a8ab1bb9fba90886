#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# --selftest: one line per implementation, ok / FAILED / skipped with the
# missing features, exit status 1 on any failure.

load helpers

@test "--selftest passes and lists every implementation" {
	run "$SIMDSUM" --selftest
	[ "$status" -eq 0 ]
	rows=$("$SIMDSUM" --list-impls | grep -c '^  [a-z0-9]')
	# one line per row, then the summary
	[ "${#lines[@]}" -eq $((rows + 1)) ]
	[[ "${lines[-1]}" == *" ok, 0 FAILED, "* ]]
	for impl in $("$SIMDSUM" --list-impls | awk '/^  / && $2 == "supported" { print $1 }'); do
		[[ "$output" == *" $impl "*ok* ]] || { echo "no ok line for $impl"; false; }
	done
	! [[ "$output" == *FAILED:* ]]
}

@test "--selftest skips, naming the features, what the CPU lacks" {
	run env SIMDSUM_CPU_DISABLE=all "$SIMDSUM" --selftest
	[ "$status" -eq 0 ]
	# Only the rows that need no extension run: each family's generic,
	# MD5's baseline x86-64 code, the xxHash library.
	[ "$(printf '%s\n' "$output" | grep -c ' generic    ok ')" -eq 7 ]
	while IFS= read -r line; do
		case "$line" in
		*" generic "* | *" x86_64 "* | *" libxxhash "* | *" ok, 0 FAILED, "*) ;;
		*) [[ "$line" == *" skipped: missing "* ]] || { echo "$line"; false; } ;;
		esac
	done <<< "$output"
}

@test "--version mentions --selftest" {
	run "$SIMDSUM" --version
	[ "$status" -eq 0 ]
	[[ "$output" == *"--selftest"* ]]
}
