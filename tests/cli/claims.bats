#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# What the documents say can be checked by a script is checked: every
# implementation this build has is named in the man page and the README,
# and every file a comment or a document cites exists.

load helpers

@test "every registry row is named in the man page and the README" {
	rows=$("$SIMDSUM" --list-impls | awk '/^  / { print $1 }' | sort -u)
	[ -n "$rows" ]
	for r in $rows; do
		grep -qE "^\.BR? $r( |$)|\\\\fB$r\\\\f" "$ROOT/man/simdsum.1" || { echo "man page lacks $r"; false; }
		grep -qF "\`$r\`" "$ROOT/README.md" || { echo "README lacks $r"; false; }
	done
}

@test "every file a source comment or a document cites exists" {
	cd "$ROOT"
	command -v git >/dev/null && [ -d .git ] || skip "not a git checkout"
	# Paths under the tree's directories with a source or document
	# extension (plots, which runs make, are not looked for).
	missing=$(git ls-files | grep -v '^tests/fuzz/corpus/' | xargs grep -ohE \
		'\b(src|asm|tests|bench|man|debian)/[A-Za-z0-9_./-]+\.(c|h|S|inc|py|sh|bats|mk|md|1|supp)\b' |
		sort -u | while read -r p; do [ -e "$p" ] || echo "$p"; done)
	[ -z "$missing" ] || { echo "cited but missing: $missing"; false; }
}

@test "the include-graph check finds an upward edge and a cycle (tests/layers/check_layers.py)" {
	command -v python3 > /dev/null || skip "no python3"
	run python3 "$ROOT/tests/layers/check_layers.py" "$ROOT/src"
	[ "$status" -eq 0 ]
	[[ "$output" == *"no cycle, no upward edge"* ]]
	mkdir s
	printf '/* low.h - x.\n * Layer: platform. */\n#include "high.h"\n' > s/low.h
	printf '/* high.h - y.\n * Layer: engine. */\n#include "low.h"\n' > s/high.h
	printf '/* bare.h - z. */\n' > s/bare.h
	run python3 "$ROOT/tests/layers/check_layers.py" s
	[ "$status" -eq 1 ]
	[[ "$output" == *"low.h (platform) includes high.h (engine): an upward edge"* ]]
	[[ "$output" == *"a cycle: high -> low -> high"* ]]
	[[ "$output" == *"bare.h: no 'Layer: "* ]]
}

@test "every SIMDSUM_ variable the source reads is in the man page's ENVIRONMENT" {
	vars=$(grep -ohE 'getenv\("SIMDSUM_[A-Z0-9_]+"\)' "$ROOT"/src/*.c | sed 's/getenv("\(.*\)")/\1/' | sort -u)
	[ -n "$vars" ]
	env_section=$(sed -n '/^\.SH ENVIRONMENT/,/^\.SH /p' "$ROOT/man/simdsum.1")
	for v in $vars; do
		grep -qxF ".B $v" <<< "$env_section" || { echo "ENVIRONMENT lacks $v"; false; }
	done
}

@test "the man page: no alternating-font macro runs plain words together" {
	# .BR, .IR, .BI ... join their arguments with no space between
	# them: ".BR xxh3 ): a call of" rendered "xxh3):acallof". Two bare
	# lowercase words among the arguments after the first are prose that
	# lost its spaces (".IR FILE s" and ".BI Checksum ALGORITHM" join on
	# purpose, and have none).
	bad=$(awk '/^\.(BR|RB|BI|IB|IR|RI) / {
		line = $0
		gsub(/"[^"]*"/, "Q")   # a quoted argument keeps its spaces
		n = 0
		for (i = 3; i <= NF; i++) if ($i ~ /^[a-z]+$/) n++
		if (n >= 2) print FNR ": " line
	}' "$ROOT/man/simdsum.1")
	[ -z "$bad" ] || { echo "words run together: $bad"; false; }
}
