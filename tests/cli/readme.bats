#!/usr/bin/env bats
# The README's commands are what CI runs, and the docs cover every option.

load helpers

@test ".ci/run runs the README's test command verbatim" {
	cmd=$(grep -F 'make check' "$ROOT/README.md" | grep -F 'apt-get install' | sed 's/^ *//')
	[ -n "$cmd" ]
	grep -qxF "$cmd" "$ROOT/.ci/run"
}

@test "every long option is in --help, the man page and the README" {
	opts=$(grep -E '_argument, NULL' "$ROOT/src/main.c" | sed 's/.*{ "\([a-z0-9-]*\)".*/\1/')
	[ -n "$opts" ]
	help=$("$SIMDSUM" --help)
	for o in $opts; do
		[[ "$help" == *"--$o"* ]] || { echo "--help lacks --$o"; false; }
		grep -q -- "\\\\-\\\\-${o//-/\\\\-}" "$ROOT/man/simdsum.1" || { echo "man page lacks --$o"; false; }
		grep -q -- "--$o" "$ROOT/README.md" || { echo "README lacks --$o"; false; }
	done
}
