#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# --check --audit[=DIR]: a list against the tree beside it. Every class
# (OK, CHANGED, MISSING, MOVED, NEW, unreadable) alone and together, the
# flags, the list's forms, and what is read.

load helpers

# Each test runs in $T/w: bats keeps files of its own in $T (the stderr
# of "run --separate-stderr"), which a walk of $T would find.
eval "helpers_$(declare -f setup)"
setup() {
	helpers_setup
	mkdir "$T/w"
	cd "$T/w"
}

# tree: a, b, sub/c, sub/d and the list L made by "simdsum -r . > L"
# (which holds a line for L itself).
tree() {
	printf 'alpha\n' > a
	printf 'bravo\n' > b
	mkdir sub
	printf 'charlie\n' > sub/c
	printf 'delta\n' > sub/d
	"$SIMDSUM" -r . > L
}

# audit ARGS...: simdsum -c L --audit ARGS, stdout and stderr apart.
audit() {
	run --separate-stderr "$SIMDSUM" -c L --audit "$@"
}

# reads NAME: how many reads the shim logged of NAME (in the current
# directory).
reads() {
	grep -c "^read [0-9]* $(realpath .)/$1\$" "$T/.faults.log" || true
}

@test "a clean tree: every file OK, the list itself neither listed nor new" {
	tree
	audit
	[ "$status" -eq 0 ]
	[ "$output" = "./a: OK
./b: OK
./sub/c: OK
./sub/d: OK" ]
	[ "$stderr" = "" ]
}

@test "CHANGED alone" {
	tree
	printf 'x' >> b
	audit
	[ "$status" -eq 1 ]
	[ "$output" = "./a: OK
./b: CHANGED
./sub/c: OK
./sub/d: OK" ]
	[ "$stderr" = "$SAYS: WARNING: 1 computed checksum did NOT match" ]
	printf 'x' >> a
	audit
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: WARNING: 2 computed checksums did NOT match" ]
}

@test "MISSING alone, singular and plural" {
	tree
	rm sub/c
	audit
	[ "$status" -eq 1 ]
	[ "$output" = "./a: OK
./b: OK
./sub/c: MISSING
./sub/d: OK" ]
	[ "$stderr" = "$SAYS: WARNING: 1 listed file is missing" ]
	rm sub/d
	audit
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: WARNING: 2 listed files are missing" ]
}

@test "NEW alone, singular and plural" {
	tree
	printf 'echo\n' > sub/e
	audit
	[ "$status" -eq 1 ]
	[ "$output" = "./a: OK
./b: OK
./sub/c: OK
./sub/d: OK
./sub/e: NEW" ]
	[ "$stderr" = "$SAYS: WARNING: 1 file is not in the list" ]
	printf 'foxtrot\n' > f
	audit
	[ "$status" -eq 1 ]
	[ "${lines[4]}" = "./f: NEW" ]
	[ "${lines[5]}" = "./sub/e: NEW" ]
	[ "$stderr" = "$SAYS: WARNING: 2 files are not in the list" ]
}

@test "MOVED alone: reported once, in the old name's place" {
	tree
	mv a sub/a2
	audit
	[ "$status" -eq 1 ]
	[ "$output" = "./a -> ./sub/a2: MOVED
./b: OK
./sub/c: OK
./sub/d: OK" ]
	[ "$stderr" = "$SAYS: WARNING: 1 listed file was moved" ]
	mv b sub/b2
	audit
	[ "$stderr" = "$SAYS: WARNING: 2 listed files were moved" ]
}

@test "MOVED pairing: in the walk's order, each new file used once" {
	printf 'same\n' > p1
	printf 'same\n' > p2
	printf 'other\n' > q
	"$SIMDSUM" p1 p2 q > L
	mv p1 z1
	mv p2 z2
	cp z1 y0
	audit
	[ "$status" -eq 1 ]
	[ "$output" = "p1 -> ./y0: MOVED
p2 -> ./z1: MOVED
q: OK
./z2: NEW" ]
	[ "$stderr" = "$SAYS: WARNING: 2 listed files were moved
$SAYS: WARNING: 1 file is not in the list" ]
	# a new file with other content is no move
	rm y0 z1 z2
	printf 'different\n' > z3
	audit
	[ "$output" = "p1: MISSING
p2: MISSING
q: OK
./z3: NEW" ]
}

@test "every class together, and the order of the summaries" {
	tree
	printf 'x' >> a
	rm b
	mv sub/c sub/c2
	printf 'new\n' > n
	printf 'fresh\n' > sub/fresh
	printf 'garbage line\n' >> L
	audit -w
	[ "$status" -eq 1 ]
	[ "$output" = "./a: CHANGED
./b: MISSING
./sub/c -> ./sub/c2: MOVED
./sub/d: OK
./n: NEW
./sub/fresh: NEW" ]
	[ "$stderr" = "$SAYS: L: 6: improperly formatted SHA256 checksum line
$SAYS: WARNING: 1 line is improperly formatted
$SAYS: WARNING: 1 computed checksum did NOT match
$SAYS: WARNING: 1 listed file is missing
$SAYS: WARNING: 1 listed file was moved
$SAYS: WARNING: 2 files are not in the list" ]
}

@test "malformed lines fail only with --strict" {
	tree
	printf 'garbage line\n' >> L
	audit
	[ "$status" -eq 0 ]
	[ "$stderr" = "$SAYS: WARNING: 1 line is improperly formatted" ]
	audit --strict
	[ "$status" -eq 1 ]
	printf 'nothing useful\n' > junk
	run --separate-stderr "$SIMDSUM" -c junk --audit
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: junk: no properly formatted checksum lines found" ]
}

@test "--quiet drops OK lines, --status prints nothing" {
	tree
	rm b
	audit --quiet
	[ "$status" -eq 1 ]
	[ "$output" = "./b: MISSING" ]
	[ "$stderr" = "$SAYS: WARNING: 1 listed file is missing" ]
	audit --status
	[ "$status" -eq 1 ]
	[ "$output" = "" ]
	[ "$stderr" = "" ]
	printf 'b' > b
	"$SIMDSUM" -r . > L
	audit --status
	[ "$status" -eq 0 ]
	[ "$output" = "" ]
}

@test "--ignore-missing: missing not reported and no failure; moves still paired" {
	tree
	rm b
	audit --ignore-missing
	[ "$status" -eq 0 ]
	[ "$output" = "./a: OK
./sub/c: OK
./sub/d: OK" ]
	[ "$stderr" = "" ]
	mv a a2
	audit --ignore-missing
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "./a -> ./a2: MOVED" ]
	[ "$stderr" = "$SAYS: WARNING: 1 listed file was moved" ]
	rm a2 sub/c sub/d
	audit --ignore-missing
	[ "$status" -eq 1 ]
	[ "$output" = "" ]
	[ "$stderr" = "$SAYS: L: no file was verified" ]
}

@test "--ignore-new: new files not reported and no failure; moves still paired" {
	tree
	printf 'new\n' > n
	audit --ignore-new
	[ "$status" -eq 0 ]
	[ "$output" = "./a: OK
./b: OK
./sub/c: OK
./sub/d: OK" ]
	[ "$stderr" = "" ]
	mv sub/d d2
	audit --ignore-new --ignore-missing
	[ "$status" -eq 1 ]
	[ "${lines[3]}" = "./sub/d -> ./d2: MOVED" ]
	[ "${#lines[@]}" -eq 4 ]
	run --separate-stderr "$SIMDSUM" -c L --ignore-new
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"the --ignore-new option is meaningful only with --audit"* ]]
}

@test "--json: one object per file, then the counts" {
	tree
	printf 'x' >> a
	rm b
	mv sub/c c2
	printf 'new\n' > n
	audit --json
	[ "$status" -eq 1 ]
	[ "$output" = '{"list":"L","line":2,"name":"./a","algorithm":"sha256","status":"changed"}
{"list":"L","line":3,"name":"./b","algorithm":"sha256","status":"missing"}
{"list":"L","line":4,"from":"./sub/c","to":"./c2","algorithm":"sha256","status":"moved"}
{"list":"L","line":5,"name":"./sub/d","algorithm":"sha256","status":"ok"}
{"list":"L","name":"./n","status":"new"}
{"list":"L","summary":{"ok":1,"changed":1,"missing":1,"moved":1,"new":1,"unreadable":0,"malformed":0}}' ]
	audit --json --quiet
	[ "${#lines[@]}" -eq 5 ]
	audit --json --status
	[ "$output" = "" ]
}

@test "escaped names: a newline and a backslash, moved and new" {
	printf 'one\n' > $'new\nline'
	printf 'two\n' > 'back\slash'
	"$SIMDSUM" -r . > L
	audit
	[ "$status" -eq 0 ]
	[ "$output" = './back\slash: OK
\./new\nline: OK' ]
	mv $'new\nline' 'moved\name'
	printf 'three\n' > $'fresh\nname'
	audit
	[ "$status" -eq 1 ]
	[ "$output" = './back\slash: OK
\./new\nline -> ./moved\\name: MOVED
\./fresh\nname: NEW' ]
}

@test "a BSD tag list" {
	tree
	"$SIMDSUM" --tag -r . > L
	audit
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 4 ]
	mv b b2
	printf 'x' >> a
	audit
	[ "$status" -eq 1 ]
	[ "$output" = "./a: CHANGED
./b -> ./b2: MOVED
./sub/c: OK
./sub/d: OK" ]
}

@test "a mixed-algorithm tagged list: moves found with each entry's algorithm" {
	tree
	{
		"$SIMDSUM" --tag -a md5 ./a ./sub/c
		"$SIMDSUM" --tag -a sha512 ./b
		"$SIMDSUM" --tag -a crc32c ./sub/d
	} > L
	audit
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 4 ]
	mv a a2
	mv b b2
	mv sub/d d2
	audit
	[ "$status" -eq 1 ]
	[ "$output" = "./a -> ./a2: MOVED
./sub/c: OK
./b -> ./b2: MOVED
./sub/d -> ./d2: MOVED" ]
	[ "$stderr" = "$SAYS: WARNING: 3 listed files were moved" ]
	audit --json
	[ "${lines[0]}" = '{"list":"L","line":1,"from":"./a","to":"./a2","algorithm":"md5","status":"moved"}' ]
	[ "${lines[2]}" = '{"list":"L","line":3,"from":"./b","to":"./b2","algorithm":"sha512","status":"moved"}' ]
}

@test "-z: a NUL-terminated list" {
	tree
	printf 'z\n' > $'new\nline'
	"$SIMDSUM" -z -r . > L
	run --separate-stderr "$SIMDSUM" -z -c L --audit
	[ "$status" -eq 0 ]
	[ "$output" = './a: OK
./b: OK
\./new\nline: OK
./sub/c: OK
./sub/d: OK' ]
	rm sub/c
	printf 'x' >> $'new\nline'
	run --separate-stderr "$SIMDSUM" -z -c L --audit
	[ "$status" -eq 1 ]
	[ "${lines[2]}" = '\./new\nline: CHANGED' ]
	[ "${lines[3]}" = "./sub/c: MISSING" ]
	# with --json: -z says how the list is cut, not how output is written
	run --separate-stderr "$SIMDSUM" --json -z -c L --audit
	[ "$status" -eq 1 ]
	[[ "${lines[2]}" == '{"list":"L","line":4,"name":"./new\nline",'*'"status":"changed"}' ]] ||
		{ echo "${lines[2]}"; false; }
	run --separate-stderr "$SIMDSUM" --json -z f
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"--json cannot be combined with --zero"* ]]
	# a name ending in a newline or CR-LF (which a line would lose)
	printf 'n\n' > $'ends\n'
	printf 'r\n' > $'crlf\r\n'
	"$SIMDSUM" -z -r . > L
	run --separate-stderr "$SIMDSUM" -z -c L --audit
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = '\./crlf\r\n: OK' ]
	[ "${lines[3]}" = '\./ends\n: OK' ]
	# names that are nothing but "\r", "\n" or "\r\n" (the record was
	# emptied and called improperly formatted, the files NEW)
	mkdir bare && cd bare
	printf 1 > $'\r'
	printf 2 > $'\n'
	printf 3 > $'\r\n'
	sha256sum -z $'\r' $'\n' $'\r\n' > ../B
	run --separate-stderr "$SIMDSUM" -z -c ../B --audit
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 3 ]
	! [[ "$output" == *NEW* ]]
}

@test "--audit=DIR: names as 'simdsum -r DIR' prints them" {
	tree
	"$SIMDSUM" -r sub > L
	for dir in sub sub/ ./sub; do
		run --separate-stderr "$SIMDSUM" -c L --audit=$dir
		[ "$status" -eq 0 ]
		[ "$output" = "sub/c: OK
sub/d: OK" ]
	done
	# files outside DIR are neither walked nor new; listed ones are checked
	"$SIMDSUM" -r sub ./a > L
	printf 'e\n' > sub/e
	run --separate-stderr "$SIMDSUM" -c L --audit=./sub
	[ "$status" -eq 1 ]
	[ "$output" = "sub/c: OK
sub/d: OK
./a: OK
./sub/e: NEW" ]
	rm a
	run --separate-stderr "$SIMDSUM" -c L --audit=sub --ignore-new
	[ "$output" = "sub/c: OK
sub/d: OK
./a: MISSING" ]
}

@test "names without ./ (cd DIR && simdsum -r *) match the walk of ." {
	tree
	"$SIMDSUM" -r a b sub > L
	audit
	[ "$status" -eq 0 ]
	[ "$output" = "a: OK
b: OK
sub/c: OK
sub/d: OK" ]
	# and "./x//y" is "x/y"
	printf '%s\n' "$(grep ' sub/c$' L | sed 's| sub/c$| .//sub//c|')" > L
	printf 'zz\n' > sub/zz
	audit --ignore-new
	[ "$status" -eq 0 ]
	[ "$output" = ".//sub//c: OK" ]
	# but "x/." and "x/" name a directory, never the file x: both the
	# same way (x listed and gone, the file new), not MISSING beside a
	# file the walk matched to it and never reported
	for tail in / /.; do
		sed "s| .//sub//c$| sub/c$tail|" L > L2
		run --separate-stderr "$SIMDSUM" -c L2 --audit=sub --ignore-new
		[ "$status" -eq 1 ]
		[ "$output" = "sub/c$tail -> sub/c: MOVED" ] || { echo "$tail: $output"; false; }
	done
}

@test "the list inside DIR is not new, by any name, from standard input too" {
	tree
	(cd sub && "$SIMDSUM" c d > sums)
	cd sub
	run --separate-stderr "$SIMDSUM" -c sums --audit
	[ "$status" -eq 0 ]
	[ "$output" = "c: OK
d: OK" ]
	run --separate-stderr "$SIMDSUM" -c ./sums --audit
	[ "$status" -eq 0 ]
	run --separate-stderr "$SIMDSUM" -c --audit < sums
	[ "$status" -eq 0 ]
	[ "$output" = "c: OK
d: OK" ]
	cp sums copy
	run --separate-stderr "$SIMDSUM" -c sums --audit
	[ "$status" -eq 1 ]
	[ "${lines[2]}" = "./copy: NEW" ]
	# a list that names itself (simdsum -r . > L), from standard input
	rm copy
	"$SIMDSUM" -r . > L
	grep -q '  ./L$' L
	run --separate-stderr "$SIMDSUM" -c - --audit < L
	[ "$status" -eq 0 ]
	[ "$output" = "./c: OK
./d: OK
./sums: OK" ]
}

@test "-L: links below DIR followed, as simdsum -r -L lists them; skipped without" {
	tree
	printf 'echo\n' > ../outside
	ln -s ../outside link
	"$SIMDSUM" -r -L . > L
	grep -q '  ./link$' L
	audit -L
	[ "$status" -eq 0 ]
	[[ "$output" == *"./link: OK"* ]]
	# without -L the link is neither listed nor walked; with it, it is new
	"$SIMDSUM" -r . > L
	! grep -q 'link' L
	audit
	[ "$status" -eq 0 ]
	audit -L
	[ "$status" -eq 1 ]
	[ "${lines[-1]}" = "./link: NEW" ]
}

@test "unreadable files: listed, and unlisted ones read to look for moves" {
	tree
	run --separate-stderr shimmed eacces=sub/c -c L --audit
	[ "$status" -eq 1 ]
	[ "$output" = "./a: OK
./b: OK
./sub/c: FAILED open or read
./sub/d: OK" ]
	[ "$stderr" = "$SAYS: ./sub/c: Permission denied
$SAYS: WARNING: 1 listed file could not be read" ]
	rm a
	printf 'e\n' > sub/e
	run --separate-stderr shimmed eacces=sub/e -c L --audit
	[ "$status" -eq 1 ]
	[ "$output" = "./sub/e: FAILED open or read
./a: MISSING
./b: OK
./sub/c: OK
./sub/d: OK" ]
	[ "$stderr" = "$SAYS: ./sub/e: Permission denied
$SAYS: WARNING: 1 unlisted file could not be read
$SAYS: WARNING: 1 listed file is missing" ]
}

@test "a missing name is never opened; new files are read only to find moves" {
	tree
	printf 'gone\n' > gone
	"$SIMDSUM" -r . > L
	rm gone
	printf 'fresh\n' > fresh
	# opening gone would fail with EACCES: it is MISSING, so it was not opened
	run --separate-stderr shimmed eacces=gone,log-reads -c L --audit --io=read
	[ "$status" -eq 1 ]
	[ "$output" = "./a: OK
./b: OK
./gone: MISSING
./sub/c: OK
./sub/d: OK
./fresh: NEW" ]
	[ "$(reads fresh)" -ge 1 ]    # something is missing: new files are hashed
	[ "$(reads a)" -ge 1 ]
	rm "$T/.faults.log"
	"$SIMDSUM" -r . > L
	printf 'fresh2\n' > fresh2
	run --separate-stderr shimmed log-reads -c L --audit --io=read
	[ "$status" -eq 1 ]
	[ "${lines[5]}" = "./fresh2: NEW" ]
	[ "$(reads fresh2)" -eq 0 ]   # nothing missing: no new file is read
	[ "$(reads sub/d)" -ge 1 ]
}

@test "--audit without --check is a usage error" {
	tree
	run --separate-stderr "$SIMDSUM" --audit L
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"the --audit option is meaningful only when verifying checksums"* ]]
	run --separate-stderr "$SIMDSUM" -c --audit L L
	[ "$status" -eq 1 ]
	[ "$output" = "" ]
}

@test "a directory that cannot be walked fails the audit" {
	tree
	run --separate-stderr "$SIMDSUM" -c L --audit=nowhere
	[ "$status" -eq 1 ]
	[ "$output" = "nowhere: FAILED open or read
./a: OK
./b: OK
./sub/c: OK
./sub/d: OK" ]
	[ "$stderr" = "$SAYS: nowhere: No such file or directory
$SAYS: WARNING: 1 unlisted file could not be read" ]
}

@test "a listed file under a directory that is now a file is MISSING, and its move is found" {
	mkdir d
	printf 'x\n' > d/x
	printf 'y\n' > y0
	"$SIMDSUM" -r . > ../L
	rm -r d y0
	printf 'x\n' > y
	printf 'not a directory\n' > d
	run --separate-stderr "$SIMDSUM" -c ../L --audit
	[ "$status" -eq 1 ]
	[ "$output" = "./d/x -> ./y: MOVED
./y0: MISSING
./d: NEW" ]
}

@test "a mixed-algorithm list: a moved file takes the first missing line, whatever its algorithm" {
	printf 'same\n' > p
	printf 'same\n' > q
	{ "$SIMDSUM" -a md5 --tag p; "$SIMDSUM" -a sha1 --tag q; } > L
	mv p r
	rm q
	audit
	[ "$status" -eq 1 ]
	[ "$output" = "p -> ./r: MOVED
q: MISSING" ]
	# the other way round in the list
	mv r p
	printf 'same\n' > q
	{ "$SIMDSUM" -a sha1 --tag q; "$SIMDSUM" -a md5 --tag p; } > L
	mv p r
	rm q
	audit
	[ "$output" = "q -> ./r: MOVED
p: MISSING" ]
	# every algorithm in one list
	rm r
	printf 'same\n' > s
	for a in sha1 sha224 sha256 sha384 sha512 md5 xxh64 xxh3 xxh128 crc32c crc32 crc64nvme; do
		cp s "s-$a"
	done
	for a in crc64nvme crc32 crc32c xxh128 xxh3 xxh64 md5 sha512 sha384 sha256 sha224 sha1; do
		"$SIMDSUM" -a $a --tag "s-$a"
	done > L
	rm s-*
	audit
	[ "${lines[0]}" = "s-crc64nvme -> ./s: MOVED" ]
	[ "${lines[1]}" = "s-crc32: MISSING" ]
}

@test "the list's own line is skipped by whatever name the list is read: a link, a hard link, /dev/stdin" {
	tree
	ln -s L sums
	ln L ../hard
	for list in sums ../hard /dev/stdin; do
		run --separate-stderr "$SIMDSUM" -c "$list" --audit < L
		[ "$status" -eq 0 ] || { echo "$list: $output"; false; }
		[ "$output" = "./a: OK
./b: OK
./sub/c: OK
./sub/d: OK" ]
	done
}

@test "a file removed during the walk: a listed one MISSING, an unlisted one not reported" {
	tree
	printf 'echo\n' > e
	run --separate-stderr shimmed vanish=/a -c L --audit
	[ "$status" -eq 1 ]
	[ "$output" = "./a: MISSING
./b: OK
./sub/c: OK
./sub/d: OK
./e: NEW" ]
	[ "$stderr" = "$SAYS: WARNING: 1 listed file is missing
$SAYS: WARNING: 1 file is not in the list" ]
	grep -q '^vanish 0 .*/a$' "$T/.faults.log"
	printf 'alpha\n' > a
	run --separate-stderr shimmed vanish=/e -c L --audit
	[ "$status" -eq 0 ]
	no_stderr
	# DIR itself missing is an error
	run --separate-stderr "$SIMDSUM" -c L --audit=nowhere
	[ "$status" -eq 1 ]
	[[ "$output" == "nowhere: FAILED open or read"* ]]
}

@test "a file replaced after the walk met it is not read through what replaced it, listed or new" {
	tree
	mkdir ../out
	printf 'secret\n' > ../out/s
	export SIMDSUM_FAULT_LINK="$T/out/s"
	for j in 1 2; do
		# a listed file, now a link out of the tree: not followed
		run --separate-stderr shimmed link-after-stat=/sub/c -c L --audit -j$j
		[ "$status" -eq 1 ]
		[ "$output" = "./a: OK
./b: OK
./sub/c: FAILED open or read
./sub/d: OK" ]
		[ "$stderr" = "$SAYS: ./sub/c: replaced while the tree was walked
$SAYS: WARNING: 1 listed file could not be read" ]
		rm sub/c
		mv sub/c.moved sub/c
		# a new file, read to look for a move, now a FIFO: no wait for a writer
		mv a ../a.away
		printf 'e\n' > e
		run --separate-stderr timeout 20 env LD_PRELOAD="$FAULT_SHIM" \
			SIMDSUM_FAULT=fifo-after-stat=/e "$SIMDSUM" -c L --audit -j$j
		[ "$status" -eq 1 ]
		[ "$output" = "./e: FAILED open or read
./a: MISSING
./b: OK
./sub/c: OK
./sub/d: OK" ]
		[ "$stderr" = "$SAYS: ./e: replaced while the tree was walked
$SAYS: WARNING: 1 unlisted file could not be read
$SAYS: WARNING: 1 listed file is missing" ]
		rm e
		mv ../a.away a
	done
}

@test "new files and moves in -r's order: directory by directory" {
	printf 'same\n' > gone
	"$SIMDSUM" gone > L
	rm gone
	mkdir a
	printf 'same\n' > a/b
	printf 'same\n' > a-c
	audit
	[ "$output" = "gone -> ./a/b: MOVED
./a-c: NEW" ]
	[ "$("$SIMDSUM" -r . | awk '$2 != "./L" { print $2 }')" = "./a/b
./a-c" ]
}

@test "--ignore-new: an unreadable unlisted file is not reported either" {
	tree
	rm a
	printf 'e\n' > sub/e
	run --separate-stderr shimmed eacces=sub/e -c L --audit --ignore-new --ignore-missing
	[ "$status" -eq 0 ]
	[ "$output" = "./b: OK
./sub/c: OK
./sub/d: OK" ]
	no_stderr
}

@test "--audit= and --update= with an empty name, and --update=-, are usage errors" {
	tree
	run --separate-stderr "$SIMDSUM" -c L --audit=
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ "${stderr_lines[0]}" = "$SAYS: invalid --audit ''; a directory, or --audit alone for ." ]
	run --separate-stderr "$SIMDSUM" --update= a
	[ "$status" -eq 1 ]
	[ "${stderr_lines[0]}" = "$SAYS: invalid --update ''; the list's file name is needed" ]
	# "-" is standard input elsewhere: not a file named "-"
	run --separate-stderr "$SIMDSUM" --update=- a
	[ "$status" -eq 1 ]
	[ "${stderr_lines[0]}" = "$SAYS: invalid --update '-'; a list file is replaced, not standard input (./- names a file '-')" ]
	[ ! -e ./- ]
	run -0 "$SIMDSUM" --update=./- a
	[ "$(cat ./-)" = "$(sha256sum a)" ]
}

@test "--audit=DIR that is a FIFO, a device or a regular file: Not a directory" {
	tree
	mkfifo ff
	for d in ff /dev/null L; do
		run --separate-stderr "$SIMDSUM" -c L --audit=$d
		[ "$status" -eq 1 ] || { echo "$d: $status"; false; }
		[ "${lines[0]}" = "$d: FAILED open or read" ]
		[[ "$stderr" == "$SAYS: $d: Not a directory"* ]]
	done
}

@test "a list without a well-formed line: its lines and counts with --json, -w warns" {
	printf 'zzz\n\nyyy\n' > L
	audit --json
	[ "$status" -eq 1 ]
	[ "$output" = '{"list":"L","line":1,"status":"malformed"}
{"list":"L","line":3,"status":"malformed"}
{"list":"L","summary":{"ok":0,"changed":0,"missing":0,"moved":0,"new":0,"unreadable":0,"malformed":2},"error":"no properly formatted checksum lines found"}' ]
	[ "$stderr" = "$SAYS: L: no properly formatted checksum lines found" ]
	audit
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ "$stderr" = "$SAYS: L: no properly formatted checksum lines found" ]
	audit -w
	[ "${stderr_lines[0]}" = "$SAYS: L: 1: improperly formatted SHA256 checksum line" ]
	[ "${stderr_lines[2]}" = "$SAYS: L: no properly formatted checksum lines found" ]
	audit --json --status
	[ -z "$output" ]
}

@test "--json: a list that cannot be read gets an error object in place of the counts" {
	run --separate-stderr "$SIMDSUM" -c --audit --json no-such
	[ "$status" -eq 1 ]
	[ "$output" = '{"list":"no-such","error":"No such file or directory"}' ]
	[ "$stderr" = "$SAYS: no-such: No such file or directory" ]
	mkdir dir
	run --separate-stderr "$SIMDSUM" -c --audit --json dir
	[ "$output" = '{"list":"dir","error":"read error"}' ]
}

@test "--json: a list read from standard input is \"-\"" {
	tree
	run --separate-stderr bash -c "'$SIMDSUM' -c --audit --json --quiet < L"
	[ "$status" -eq 0 ]
	[ "$output" = '{"list":"-","summary":{"ok":4,"changed":0,"missing":0,"moved":0,"new":0,"unreadable":0,"malformed":0}}' ]
}

@test "--json: list, from and to that are not UTF-8 get their _base64 companions" {
	printf 'alpha\n' > $'old\xff'
	"$SIMDSUM" $'old\xff' > $'L\xfe'
	mv $'old\xff' $'new\xfd'
	run --separate-stderr "$SIMDSUM" -c $'L\xfe' --audit --json
	[ "$status" -eq 1 ]
	local r=$'\xef\xbf\xbd'   # U+FFFD
	[ "${lines[0]}" = '{"list":"L'$r'","list_base64":"TP4=","line":1,"from":"old'$r'","from_base64":"b2xk/w==","to":"./new'$r'","to_base64":"Li9uZXf9","algorithm":"sha256","status":"moved"}' ]
}

@test "-L: a dangling link is MISSING where the list names it, and unreadable where it does not, as -r -L reports it" {
	tree
	printf 'echo\n' > ../outside
	ln -s ../outside link
	"$SIMDSUM" -r -L . > L
	grep -q '  ./link$' L
	rm ../outside
	audit -L
	[ "$status" -eq 1 ]
	[[ "$output" == *"./link: MISSING"* ]]
	[[ "$stderr" != *link* ]]
	# unlisted: an error, as simdsum -r -L gives it; the other files OK
	"$SIMDSUM" -r . > L
	audit -L
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"./link: No such file or directory"* ]]
	[[ "$stderr" == *"WARNING: 1 unlisted file could not be read"* ]]
	[[ "$output" == *"OK"* ]]
	run --separate-stderr "$SIMDSUM" -r -L .
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"./link: No such file or directory"* ]]
	grep -qF 'unreadable where it does not' "$ROOT/man/simdsum.1"
}

@test "-L: a link round a loop is reported once, as its line's where listed; --ignore-new hides unlisted bad links" {
	tree
	ln -s self self
	ln -s nowhere dang
	"$SIMDSUM" -r . > L
	printf '%s  ./self\n' "$(printf x | sha256sum | cut -c1-64)" >> L
	audit -L
	[ "$status" -eq 1 ]
	[ "$(grep -c 'self: Too many levels of symbolic links' <<< "$stderr")" -eq 1 ]
	[ "$(grep -c '^./self: FAILED open or read$' <<< "$output")" -eq 1 ]
	[[ "$stderr" == *"WARNING: 1 listed file could not be read"* ]]
	[[ "$stderr" == *"./dang: No such file or directory"* ]]
	[[ "$stderr" == *"WARNING: 1 unlisted file could not be read"* ]]
	"$SIMDSUM" -r . > L
	audit -L --ignore-new
	[ "$status" -eq 0 ]
	[[ "$output$stderr" != *self* && "$output$stderr" != *dang* ]]
}

@test "the WARNING lines come in the man page's order" {
	tree
	printf 'garbage\n' >> L
	printf 'changed\n' > a
	mv b b2
	rm sub/c
	printf 'new\n' > e
	audit -w
	[ "$status" -eq 1 ]
	[ "$(grep WARNING <<< "$stderr" | sed 's/.*WARNING: [0-9]* //')" = "line is improperly formatted
computed checksum did NOT match
listed file is missing
listed file was moved
file is not in the list" ]
	grep -qF 'one line per class that is not empty, in this order:' "$ROOT/man/simdsum.1"
}

@test "-L: a link to a directory the walk could not read is a directory, reported under --ignore-new too; a directory replaced by a link during the walk is not" {
	tree
	ln -s . loop
	ln -s sub lsub
	"$SIMDSUM" -r . > L
	# round a loop: as a directory round a loop (bind mounts) is
	audit -L --ignore-new
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"./loop: File system loop detected"* ]]
	rm loop
	# a link to a directory that cannot be opened: as the directory itself
	run --separate-stderr shimmed eacces=/lsub -c L --audit -L --ignore-new
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"./lsub: Permission denied"* ]]
	run --separate-stderr shimmed eacces=/sub -c L --audit --ignore-new
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"./sub: Permission denied"* ]]
	rm lsub
	# sub replaced by a link after the walk's stat: gone from the walk, not
	# an unreadable file, with -L or without
	mkdir ../out
	export SIMDSUM_FAULT_LINK="$T/out"
	for opt in "" -L; do
		run --separate-stderr shimmed link-after-stat=/w/sub -c L --audit $opt
		grep -q '^link-after-stat 0 .*/w/sub$' "$T/.faults.log"
		[ "$status" -eq 1 ]
		[ "$output" = "./a: OK
./b: OK
./sub/c: MISSING
./sub/d: MISSING" ] || { echo "$opt: $output"; false; }
		[ "$stderr" = "$SAYS: WARNING: 2 listed files are missing" ] || { echo "$opt: $stderr"; false; }
		rm sub
		mv sub.moved sub
	done
}
