#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Everyday workflows: -r, file lists, --progress, --json, several algorithms
# in one read, --debug, shell completion.

load helpers

make_tree() {
	mkdir -p t/b/deep t/a t/c
	printf 1 > t/z.txt
	printf 2 > t/a/one
	printf 3 > 't/a/with space'
	printf 4 > t/b/deep/file
	printf 5 > t/b/-dash
	printf 6 > $'t/c/new\nline'
	printf 7 > t/a-b
	ln -s ../z.txt t/c/link-to-file
	ln -s .. t/b/deep/loop
	ln -s nowhere t/c/dangling
	mkfifo t/c/fifo
}

@test "-r walks in sorted, deterministic order, names relative to the argument" {
	make_tree
	run "$SIMDSUM" -r t
	[ "$status" -eq 0 ]
	names=$(printf '%s\n' "$output" | sed 's/^\\//; s/^[0-9a-f]*  //')
	expected=$(printf '%s\n' t/a/one 't/a/with space' t/a-b t/b/-dash t/b/deep/file 't/c/new\nline' t/z.txt)
	[ "$names" = "$expected" ]
	# the same with a trailing slash, and identical run to run
	[ "$("$SIMDSUM" -r t/ | sed 's#t/#t/#')" = "$("$SIMDSUM" -r t/)" ]
	[[ "$("$SIMDSUM" -r t/)" == *"  t/a/one"* ]]
	cmp <("$SIMDSUM" -r t) <("$SIMDSUM" -r -j4 t)
}

@test "-r digests equal sha256sum of the same files" {
	make_tree
	"$SIMDSUM" -r t > ours
	sha256sum t/a/one 't/a/with space' t/a-b t/b/-dash t/b/deep/file $'t/c/new\nline' t/z.txt | cmp - ours
}

@test "-L follows links, detects the loop, reports the dangling link" {
	make_tree
	run --separate-stderr "$SIMDSUM" -r -L t
	[ "$status" -eq 1 ]
	[[ "$output" == *"  t/c/link-to-file"* ]]
	[[ "$stderr" == *"t/b/deep/loop: File system loop detected"* ]]
	[[ "$stderr" == *"t/c/dangling: No such file or directory"* ]]
}

@test "-r, --audit: a bind mount of a directory inside itself is a file system loop, not a link" {
	unshare -m true 2>/dev/null || skip "no mount namespace here (it needs root)"
	mkdir -p b/inner
	printf x > b/f
	"$SIMDSUM" b/f > list
	for args in "-r b" "-j2 -r b" "--audit=b -c list"; do
		run --separate-stderr unshare -m sh -c 'mount --bind "$1" "$1/inner" && shift && exec "$@"' \
			sh b "$SIMDSUM" $args
		[ "$status" -eq 1 ]
		[[ "$stderr" == *"simdsum: b/inner: File system loop detected" || \
		   "$stderr" == *"simdsum: b/inner: File system loop detected"$'\n'*"1 unlisted file could not be read" ]]
		[[ "$stderr" != *"symbolic links"* ]]
		[[ "$output" == *"b/f"* ]]
	done
}

@test "-r -L: every link of a loop of links is reported as a loop, as the kernel says" {
	mkdir l
	printf x > l/file
	ln -s two l/one && ln -s one l/two          # two links naming each other
	ln -s self l/self                           # one naming itself
	ln -s q l/p && ln -s r l/q && ln -s p l/r   # three
	for j in 1 2; do
		run --separate-stderr "$SIMDSUM" -j$j -r -L l
		[ "$status" -eq 1 ]
		[ "$output" = "$(sha256sum l/file)" ]
		for n in one two self p q r; do
			[[ "$stderr" == *"$SAYS: l/$n: Too many levels of symbolic links"* ]] ||
				{ echo "l/$n: $stderr"; false; }
		done
		[ "$(grep -c . <<< "$stderr")" -eq 6 ]
	done
	# as operands, with and without -r, like sha256sum
	run --separate-stderr "$SIMDSUM" -r -L l/one l/self
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: l/one: Too many levels of symbolic links
$SAYS: l/self: Too many levels of symbolic links" ]
	same_as sha256sum l/one l/two l/file
}

@test "without -r a directory is an error, as in coreutils" {
	make_tree
	same_as sha256sum t t/z.txt
	run "$SIMDSUM" -L t
	[ "$status" -eq 1 ]
}

@test "--files-from: names with spaces, leading dashes, escaped newlines" {
	make_tree
	printf '%s\n' t/z.txt 't/a/with space' t/b/-dash '\t/c/new\nline' > names
	run "$SIMDSUM" --files-from=names
	[ "$status" -eq 0 ]
	[ "$output" = "$(sha256sum t/z.txt 't/a/with space' t/b/-dash $'t/c/new\nline')" ]
	run "$SIMDSUM" --files-from=- < names
	[ "$output" = "$(sha256sum t/z.txt 't/a/with space' t/b/-dash $'t/c/new\nline')" ]
}

@test "--files0-from reads find -print0, including stdin" {
	make_tree
	find t -type f -print0 | sort -z > names0
	run bash -c "'$SIMDSUM' --files0-from=- < names0"
	[ "$status" -eq 0 ]
	expected=$(tr '\0' '\n' < names0 | sed -n 'p' > /dev/null; xargs -0 sha256sum < names0)
	[ "$output" = "$expected" ]
	run --separate-stderr "$SIMDSUM" --files0-from=names0 extra
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"file operands cannot be combined with --files0-from"* ]]
	# both kinds of list: the later would change how the other is cut
	run --separate-stderr "$SIMDSUM" --files-from=names0 --files0-from=names0
	[ "$status" -eq 1 ]
	[ "${stderr%%$'\n'*}" = "$SAYS: --files-from and --files0-from cannot be combined" ]
	run --separate-stderr "$SIMDSUM" --files0-from=no-such-list
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"no-such-list"* ]]
}

@test "a NUL-separated list given to --check: coreutils' verdict, never a silent truncation" {
	printf a > a
	printf b > b
	sha256sum -z a b > sums0
	# coreutils 9.1 reads it as one line and checks its first record.
	run --separate-stderr "$SIMDSUM" -c sums0
	[ "$status" -eq 0 ]
	[ "$output" = "a: OK" ]
	[[ "$stderr" == *"sums0: 1: NUL byte in checksum line: what follows it is ignored"* ]]
	run --separate-stderr "$SIMDSUM" -c --strict sums0
	[ "$status" -eq 1 ]
	[ "$output" = "a: OK" ]
	# one good line and one with a NUL
	{ sha256sum a; printf '%s  b\0x\n' "$(sha256sum b | cut -c1-64)"; } > mixed
	run --separate-stderr "$SIMDSUM" -c mixed
	[ "$status" -eq 0 ]
	[ "$output" = "a: OK
b: OK" ]
	[[ "$stderr" == *"mixed: 2: NUL byte"* ]]
}

@test "--progress only on a terminal, never on stdout" {
	head -c 100000000 /dev/zero > big
	# not a terminal: nothing on stderr
	run --separate-stderr "$SIMDSUM" --progress big
	no_stderr
	[ "$output" = "$(sha256sum big)" ]
	# The line is drawn every 250 ms: big is followed by a FIFO that
	# stays open until the line shows big's MiB, so that the run lasts
	# long enough however fast the CPU (generic SHA-256 of 100 MB took
	# 310 ms on the 2.7 GHz CI VM; 50 MB, or a faster core, drew nothing).
	mkfifo held
	# progress_held ERRFILE CMD...: CMD in the background reading big and
	# the FIFO, which is closed once ERRFILE shows a line with MiB.
	progress_held() {
		local err=$1 i
		shift
		"$@" &
		exec 8> held
		for ((i = 0; i < 600; i++)); do
			grep -q 'MiB' "$err" 2>/dev/null && break
			sleep 0.1
		done
		exec 8>&-
		wait $!
	}
	want=$(sha256sum big; : | sha256sum | sed 's/-$/held/')
	# forced: the line is drawn and erased on stderr, stdout unchanged
	progress_held err.txt sh -c "'$SIMDSUM' --progress=always --impl=generic big held > out.txt 2> err.txt"
	[ "$(cat out.txt)" = "$want" ]
	grep -q 'MiB' err.txt
	grep -q $'\r' err.txt
	# on a pseudo-terminal (script(1)), auto draws it
	progress_held tty.txt script -qfec "'$SIMDSUM' --progress --impl=generic big held > out.txt" /dev/null > tty.txt
	grep -q 'MiB' tty.txt
	[ "$(cat out.txt)" = "$want" ]
	# on a narrow one, each line is cut to its width less a column (a
	# wrapped line was redrawn on its last row only: a review)
	progress_held tty.txt script -qfec "stty cols 20; '$SIMDSUM' --progress --impl=generic big held > out.txt" /dev/null > tty.txt
	grep -q 'MiB' tty.txt
	python3 -c 'import sys
drawn = [p.split(b"\x1b[K")[0] for p in open("tty.txt", "rb").read().split(b"\r")[1:]]
sys.exit(not drawn or max(map(len, drawn)) > 19)'
	[ "$(cat out.txt)" = "$want" ]
	run "$SIMDSUM" --progress=sometimes big
	[ "$status" -eq 1 ]
	# standard input has no total: the bytes done and the rate, no "/".
	# The pipe stays open until the line is drawn (every 250 ms), however
	# slowly the program starts (valgrind).
	mkfifo in
	"$SIMDSUM" --progress=always < in > out.txt 2> err.txt &
	exec 8> in
	printf abc >&8
	for ((i = 0; i < 600; i++)); do
		grep -q $'\r3 B  ' err.txt && break
		sleep 0.1
	done
	exec 8>&-
	wait $!
	[ "$(cat out.txt)" = "$(printf abc | sha256sum)" ]
	grep -q $'\r3 B  ' err.txt
	! grep -q ' / ' err.txt
}

@test "--json is valid JSON for hostile names, errors and --check" {
	make_tree
	printf x > $'bad\xffname'
	printf y > 'quote"back\slash'
	printf z > $'ctl\001\ttab'
	run --separate-stderr "$SIMDSUM" --json -a sha1,crc32c $'bad\xffname' 'quote"back\slash' \
		$'ctl\001\ttab' t/z.txt missing
	[ "$status" -eq 1 ]
	printf '%s\n' "$output" > out.json
	jq -c . out.json > /dev/null
	[ "$(jq -r 'select(.name == "t/z.txt" and .algorithm == "sha1") | .digest' out.json)" = \
		"$(sha1sum t/z.txt | cut -c1-40)" ]
	[ "$(jq -r 'select(.name == "missing") | .error' out.json)" = "No such file or directory" ]
	[ "$(jq -r 'select(.name_base64) | .name_base64' out.json | head -1 | base64 -d | od -An -c | tr -d ' ')" = \
		"bad377name" ]
	# the kernel named is one that auto uses (for a 1-byte file, its
	# lowest tier)
	impl=$(jq -r 'select(.algorithm == "crc32c") | .impl' out.json | head -1)
	"$SIMDSUM" --list-impls | awk '/^crc32c:/ {f=1} f && /\[auto/ {print "crc32c-" $1}' | grep -qx "$impl"
	[ "$(jq -r 'select(.name == "quote\"back\\slash") | .size' out.json | head -1)" = 1 ]
	# --check
	sha1sum t/z.txt t/a/one > list
	echo "0000000000000000000000000000000000000000  t/a-b" >> list
	echo garbage >> list
	run --separate-stderr "$SIMDSUM" -a sha1 --json -c list
	[ "$status" -eq 1 ]
	printf '%s\n' "$output" | jq -c . > /dev/null
	[ "$(printf '%s\n' "$output" | jq -r 'select(.line == 3) | .status')" = failed ]
	[ "$(printf '%s\n' "$output" | jq -r 'select(.line == 4) | .status')" = malformed ]
	[ "$(printf '%s\n' "$output" | jq -c 'select(.summary) | .summary')" = \
		'{"ok":2,"failed":1,"unreadable":0,"malformed":1}' ]
}

@test "-a with several algorithms equals separate runs, one read" {
	make_tree
	head -c 3000000 /dev/urandom > big
	"$SIMDSUM" -a crc32c,sha256,sha1 big t/z.txt > multi
	{
		"$SIMDSUM" -a crc32c big; "$SIMDSUM" -a sha256 big; "$SIMDSUM" -a sha1 big
		"$SIMDSUM" -a crc32c t/z.txt; "$SIMDSUM" -a sha256 t/z.txt; "$SIMDSUM" -a sha1 t/z.txt
	} | cmp - multi
	"$SIMDSUM" --tag -a sha512,sha384 t/z.txt > tagged
	[ "$(cat tagged)" = "$(sha512sum --tag t/z.txt; sha384sum --tag t/z.txt)" ]
	run "$SIMDSUM" -a sha1,sha1 t/z.txt
	[ "$status" -eq 1 ]
}

@test "--debug names the implementation --list-impls marks as auto" {
	printf abc > f
	for pair in "sha1 sha1:" "sha256 sha224, sha256:" "sha512 sha384, sha512:" "md5 md5:" "crc32c crc32c:"; do
		alg=${pair%% *}
		# --debug names the longest calls' row first: the row marked
		# "[auto]", or "[auto for calls >= N bytes]" with the largest N
		auto=$("$SIMDSUM" --list-impls | awk -v h="${pair#* }" '
			/^[^ ].*:$/ { in_h = ($0 == h); next }
			in_h && /\[auto\]/ { best = $1; n = -1 }
			in_h && /\[auto for calls >= / && n >= 0 {
				m = $0; sub(/.*>= /, "", m); m += 0
				if (m > n) { n = m; best = $1 } }
			END { print best }')
		run --separate-stderr "$SIMDSUM" --debug -a $alg f
		[ "$status" -eq 0 ]
		[[ "$stderr" == *"$alg: auto: $auto ("* ]]
	done
	# one open-ended tier a family: the others are ranges, as --debug
	# gives them ("for calls of 14-101 bytes")
	run -0 "$SIMDSUM" --list-impls
	[ -z "$(awk '/^[^ ].*:$/ { n = 0 } /\[auto for calls >= / && ++n > 1' <<< "$output")" ]
	local range
	range=$(grep -o 'auto for calls of [0-9]*-[0-9]* bytes' <<< "$output" | head -1 | cut -d' ' -f5)
	if [ -n "$range" ]; then
		run --separate-stderr "$SIMDSUM" --debug -a crc32c,crc32,crc64nvme,sha1,sha256,sha512,md5 f
		[[ "$stderr" == *"for calls of $range bytes"* ]]
	fi
	# a library's rows say what the library does
	run --separate-stderr "$SIMDSUM" --debug -a xxh3 f
	[[ "$stderr" == *"xxh3: auto: libxxhash (libxxhash "* ]]
	run --separate-stderr "$SIMDSUM" --debug --impl=generic f
	[[ "$stderr" == *"sha256: forced: generic (portable C) for every length"* ]]
	run --separate-stderr env SIMDSUM_CPU_DISABLE=all "$SIMDSUM" --debug f
	[[ "$stderr" == *"sha256: auto: generic"* ]]
}

@test "--list-impls=names lists what --impl accepts" {
	run "$SIMDSUM" -a crc32c --list-impls=names
	[ "${lines[0]}" = auto ]
	for name in "${lines[@]}"; do
		"$SIMDSUM" -a crc32c --impl=$name /dev/null > /dev/null 2>&1 ||
			"$SIMDSUM" -a crc32c --impl=$name /dev/null 2>&1 | grep -q "cannot run here"
	done
	run "$LINKS/sha1sum" --list-impls=names
	[[ "$output" == *shani* || "$output" == *generic* ]]
	[[ "$output" != *vpclmul* ]]
}

@test "bash completion: options, algorithms, --impl names for the algorithm" {
	source "$ROOT/src/completion/simdsum.bash"
	COMP_WORDS=("$SIMDSUM" --ba); COMP_CWORD=1; _simdsum
	[[ " ${COMPREPLY[*]} " == *" --base64 "* ]]
	COMP_WORDS=("$SIMDSUM" -a sh); COMP_CWORD=2; _simdsum
	[ "${COMPREPLY[*]}" = "sha1 sha224 sha256 sha384 sha512" ]
	COMP_WORDS=("$SIMDSUM" -a crc32c --impl = ""); COMP_CWORD=5; _simdsum
	[[ " ${COMPREPLY[*]} " == *" generic "* ]]
	[[ " ${COMPREPLY[*]} " == *" sse42 "* || " ${COMPREPLY[*]} " != *" shani "* ]]
	[[ " ${COMPREPLY[*]} " != *" shanix2 "* ]]
	COMP_WORDS=("$SIMDSUM" --impl=gen); COMP_CWORD=1; _simdsum
	[ "${COMPREPLY[*]}" = "generic" ]
	# the bare names only where they are simdsum: coreutils' keep theirs
	complete -p simdsum
	! complete -p sha256sum 2>/dev/null || [[ $(readlink -f "$(type -P sha256sum)") == */simdsum ]]
	mkdir -p drop-in
	ln -s "$ROOT/simdsum" drop-in/sha256sum
	PATH="$PWD/drop-in:$PATH" source "$ROOT/src/completion/simdsum.bash"
	complete -p sha256sum | grep -q -- '-F _simdsum sha256sum$'
	# every long option of the program is offered
	for o in $(grep -E '_argument, NULL' "$ROOT/src/cli_options.c" | sed 's/.*{ "\([a-z0-9-]*\)".*/\1/'); do
		grep -q -- "--$o" "$ROOT/src/completion/simdsum.bash"
		grep -q -- "--$o" "$ROOT/src/completion/_simdsum"
	done
}

# screen FILE: what a terminal shows after FILE's bytes (carriage return,
# newline, erase to the end of the line), one line per row.
screen() {
	python3 - "$1" <<'PY'
import sys
rows, cur, col = [], [], 0
data = open(sys.argv[1], 'rb').read().decode('latin1').replace('\x1b[K', '\x00')
for ch in data:
    if ch == '\r':
        col = 0
    elif ch == '\n':
        rows.append(''.join(cur)); cur, col = [], 0
    elif ch == '\x00':
        del cur[col:]
    else:
        if col < len(cur):
            cur[col] = ch
        else:
            cur.append(ch)
        col += 1
rows.append(''.join(cur))
print('\n'.join(rows))
PY
}

@test "--progress: a redraw never lands inside a message and erases it" {
	printf 'a' > a
	{ echo a; seq -f 'nofile%g' 1 20000; } > names   # a: something to show
	SIMDSUM_PROGRESS_TICK_MS=1 script -qfec "'$SIMDSUM' --progress -j1 --files-from=names" /dev/null > tty.txt || true
	grep -q 'B/s' tty.txt   # it was drawn
	[ "$(screen tty.txt | grep -c ': No such file or directory$')" -eq 20000 ]
}

@test "--progress: the total is known from the start in -c, --parts and across operands at -j1" {
	head -c 30000000 /dev/zero > z1
	cp z1 z2
	sha256sum z1 z2 > sums
	total='57.2 MiB'
	# (-c at -j2: at -j1 a list's files join the total as they are reached)
	for args in "-j2 -c sums" "-j1 z1 z2" "--parts=8MiB z1 z2"; do
		SIMDSUM_PROGRESS_TICK_MS=1 "$SIMDSUM" --progress=always --impl=generic $args > /dev/null 2> err.txt
		tr '\r' '\n' < err.txt | grep 'B/s' > records || { echo "$args: drawn nothing"; false; }
		# (a record drawn between two files' counting has nothing done yet)
		! grep -v '^0 B ' records | grep -v "/ $total " || { echo "$args: a record without the total"; false; }
	done
	# stderr the file stdout goes to: no record mixes into the lines
	SIMDSUM_PROGRESS_TICK_MS=1 "$SIMDSUM" --progress=always --impl=generic -j1 z1 z2 > out 2>&1
	[ "$(cat out)" = "$(sha256sum z1 z2)" ]
}

@test "--progress: no line without the option, on a terminal too; --progress alone is auto; the documents say so" {
	command -v script > /dev/null || skip "script (util-linux) is not installed"
	head -c 40000000 /dev/zero > big
	# Standard error a terminal (script's), redrawn every millisecond
	# while generic SHA-256 reads 40 MB.
	export SIMDSUM_PROGRESS_TICK_MS=1
	script -qec "'$SIMDSUM' --impl=generic big" /dev/null > plain.txt
	script -qec "'$SIMDSUM' --progress --impl=generic big" /dev/null > asked.txt
	! grep -q 'MiB/s' plain.txt || { echo "a line without --progress"; false; }
	grep -q 'MiB/s' asked.txt || { echo "no line with --progress on a terminal"; false; }
	# "auto (the default)" read as the default without the option; the
	# documents say that without it there is none.
	"$SIMDSUM" --help | tr -s ' \n' '  ' | grep -qF '(none without this option)' ||
		{ echo "--help does not say that there is no line without --progress"; false; }
	grep -qF 'Without the option no line is drawn' "$ROOT/man/simdsum.1"
	grep -qF 'none without the option' "$ROOT/README.md"
}
