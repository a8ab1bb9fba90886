#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The licence is stated where a packager or a reuser looks: LICENSE, an
# SPDX line at the top of every source file, --version, the man page and
# the README.

load helpers

@test "LICENSE is the MIT licence; --version, the man page and the README name it" {
	grep -q '^MIT License' "$ROOT/LICENSE"
	grep -q 'Permission is hereby granted, free of charge' "$ROOT/LICENSE"
	"$SIMDSUM" --version | grep -q 'License: MIT'
	grep -q 'MIT' <(sed -n '/^\.SH COPYRIGHT/,/^\.SH/p' "$ROOT/man/simdsum.1")
	grep -q '^## Licence' "$ROOT/README.md"
}

@test "every source file starts with an SPDX-License-Identifier line" {
	cd "$ROOT"
	command -v git >/dev/null && [ -d .git ] || skip "not a git checkout"
	missing=$(git ls-files | grep -v '^tests/fuzz/corpus/' |
		grep -E '\.(c|h|S|inc|py|sh|bats|bash|mk|1)$|^(Makefile|configure\.ac|\.ci/run|debian/rules|src/completion/_simdsum)$' |
		while read -r f; do
			head -3 "$f" | grep -q 'SPDX-License-Identifier: MIT' || echo "$f"
		done)
	[ -z "$missing" ] || { echo "no SPDX line: $missing"; false; }
}
