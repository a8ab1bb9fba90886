#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The README's commands are what CI runs, and the docs cover every option.

load helpers

@test ".ci/run runs the README's test command verbatim" {
	cmd=$(grep -F 'make check' "$ROOT/README.md" | grep -F 'apt-get install' | sed 's/^ *//')
	[ -n "$cmd" ]
	grep -qxF "$cmd" "$ROOT/.ci/run"
}

@test "every long option is in --help, the man page and the README" {
	opts=$(grep -E '_argument, NULL' "$ROOT/src/cli_options.c" | sed 's/.*{ "\([a-z0-9-]*\)".*/\1/')
	[ -n "$opts" ]
	help=$("$SIMDSUM" --help)
	for o in $opts; do
		[[ "$help" == *"--$o"* ]] || { echo "--help lacks --$o"; false; }
		grep -q -- "\\\\-\\\\-${o//-/\\\\-}" "$ROOT/man/simdsum.1" || { echo "man page lacks --$o"; false; }
		grep -q -- "--$o" "$ROOT/README.md" || { echo "README lacks --$o"; false; }
	done
}

@test "the man page, rendered: every option heads its own paragraph, every example too" {
	command -v mandoc > /dev/null || skip "mandoc is not installed"
	page=$(mandoc -T ascii "$ROOT/man/simdsum.1" | col -b)
	opts=$(grep -E '_argument, NULL' "$ROOT/src/cli_options.c" | sed 's/.*{ "\([a-z0-9-]*\)".*/\1/')
	options=$(sed -n '/^OPTIONS$/,/^[A-Z]/p' <<< "$page")
	for o in $opts; do
		grep -qE "^       (-[a-zA-Z], )?--$o([=[ ,]|\$)" <<< "$options" ||
			{ echo "--$o does not start a paragraph of OPTIONS"; false; }
	done
	# Every option value --help names (--progress=never, --io=mmap ...) is in the page.
	for w in never always auto read mmap table csv json names; do
		grep -qw -- "$w" <<< "$options" || { echo "OPTIONS never says $w"; false; }
	done
	# An example is a line of its own, starting with a command.
	examples=$(sed -n '/^EXAMPLES$/,/^[A-Z]/p' <<< "$page")
	grep -cE '^       (simdsum|sha256sum) ' <<< "$examples" > n
	[ "$(cat n)" -eq "$(grep -c '^\.B .*simdsum\|^\.B sha256sum' <<< "$(sed -n '/^\.SH EXAMPLES/,/^\.SH SEE/p' "$ROOT/man/simdsum.1")")" ]
	! grep -qE '[^ ].* (simdsum|sha256sum) -' <<< "$examples" || { echo "an example runs into the text"; false; }
}
