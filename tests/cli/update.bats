#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# --update=LIST: appending the files a list lacks, in the list's own
# format, and never losing the list (atomic_file.c): faults, signals and
# SIGKILL at any moment leave the old list or the complete new one.

load helpers

# no_tmp [DIR]: no temporary file of simdsum's is left in DIR (default .).
no_tmp() {
	local left
	left=$(find "${1:-.}" -name '*.simdsum-tmp.*')
	[ -z "$left" ] || { echo "left behind: $left"; false; }
}

# abc: three small files a, b, c.
abc() {
	printf 'alpha' > a
	printf 'bravo' > b
	printf 'charlie' > c
}

@test "appends only the files the list lacks, in GNU format" {
	abc
	sha256sum a > list
	run "$SIMDSUM" --update=list a b c
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	sha256sum a b c | cmp - list
	# Nothing new: the list is not rewritten at all.
	ino=$(stat -c %i list)
	"$SIMDSUM" --update=list c a b
	[ "$(stat -c %i list)" = "$ino" ]
	sha256sum a b c | cmp - list
}

@test "a list with '*' indicators gets them" {
	abc
	sha256sum -b a > list
	"$SIMDSUM" --update=list b c
	sha256sum -b a b c | cmp - list
}

@test "a tag list gets tag lines of its algorithm" {
	abc
	sha1sum --tag a > list
	"$SIMDSUM" --update=list b c
	sha1sum --tag a b c | cmp - list
}

@test "a base64 list gets base64 digests" {
	abc
	"$SIMDSUM" --base64 a > list
	"$SIMDSUM" --update=list b c
	"$SIMDSUM" --base64 a b c | cmp - list
	"$SIMDSUM" --tag --base64 -a sha512 a > tlist
	"$SIMDSUM" --update=tlist b
	"$SIMDSUM" --tag --base64 -a sha512 a b | cmp - tlist
}

@test "a NUL-terminated list (-z) gets NUL-terminated records" {
	abc
	printf 'n\nl' > $'new\nline'
	sha256sum -z a > list
	"$SIMDSUM" --update=list b $'new\nline'
	sha256sum -z a b $'new\nline' | cmp - list
	"$SIMDSUM" -z --update=list c
	sha256sum -z a b $'new\nline' c | cmp - list
}

@test "an untagged list's algorithm is the one its digest length names" {
	abc
	sha1sum a > l1
	sha384sum a > l384
	sha512sum a > l512
	"$SIMDSUM" --update=l1 b c
	"$SIMDSUM" --update=l384 b c
	"$SIMDSUM" --update=l512 b c
	sha1sum a b c | cmp - l1
	sha384sum a b c | cmp - l384
	sha512sum a b c | cmp - l512
	# The program's own name agrees; for a length two algorithms share
	# (MD5 and XXH128), -a or the program's name says which.
	"$LINKS/sha1sum" --update=l1 a b c
	sha1sum a b c | cmp - l1
	md5sum a > l5
	"$LINKS/md5sum" --update=l5 b
	"$SIMDSUM" -a md5 --update=l5 c
	md5sum a b c | cmp - l5
}

@test "-a that contradicts an untagged list is an error, the list untouched" {
	abc
	sha1sum a > list
	cp list before
	run "$SIMDSUM" -a sha256 --update=list b
	[ "$status" -eq 1 ]
	[ "$output" = "$SAYS: list: the list holds SHA1 digests, not SHA256: not updated" ]
	cmp before list
	run as_named md5sum --update=list b
	[ "$status" -eq 1 ]
	[ "$output" = "md5sum: list: the list holds SHA1 digests, not MD5: not updated" ]
	cmp before list
}

@test "digests of a length two algorithms share: -a says which, or an error" {
	abc
	"$SIMDSUM" -a xxh128 a > list
	cp list before
	run -1 "$SIMDSUM" --update=list b
	[ "$output" = "$SAYS: list: its digests could be MD5 or XXH128: name the algorithm with -a" ]
	cmp before list
	"$SIMDSUM" -a xxh128 --update=list b
	"$SIMDSUM" -a xxh128 a b | cmp - list
	"$SIMDSUM" -c -a xxh128 list
	# -a naming none of the algorithms the length fits is refused too
	cp list before
	for alg in sha1 sha384 crc32c; do
		run -1 "$SIMDSUM" -a $alg --update=list c
		[ "$output" = "$SAYS: list: the list holds MD5 or XXH128 digests, not ${alg^^}: not updated" ]
		cmp before list
	done
	"$SIMDSUM" -a crc32 a > crcs
	run -1 "$SIMDSUM" -a sha1 --update=crcs b
	[ "$output" = "$SAYS: crcs: the list holds CRC32C or CRC32 digests, not SHA1: not updated" ]
	"$SIMDSUM" -a crc64nvme a > crc64s
	run -1 "$SIMDSUM" --update=crc64s b
	[ "$output" = "$SAYS: crc64s: its digests could be XXH64, XXH3 or CRC64NVME: name the algorithm with -a" ]
	# a line of another tool first hides nothing (only the first line
	# was looked at: SHA-256 lines went into an MD5 list)
	{ echo 'BLAKE2b (z) = 00'; md5sum a; } > mixed
	cp mixed before
	run -1 "$SIMDSUM" --update=mixed b
	[ "$output" = "$SAYS: mixed: its digests could be MD5 or XXH128: name the algorithm with -a" ]
	cmp before mixed
	{ echo 'BLAKE2b (z) = 00'; "$SIMDSUM" -a xxh64 a; } > mixed
	run -1 "$SIMDSUM" -a crc32 --update=mixed b
	[ "$output" = "$SAYS: mixed: the list holds XXH64, XXH3 or CRC64NVME digests, not CRC32: not updated" ]
}

@test "a SHA-256 list is no SHA-384 one: not updated with -a sha384, and not checked as one" {
	abc
	sha256sum a > list
	cp list before
	run -1 as_named sha384sum --update=list b
	[ "$output" = "sha384sum: list: the list holds SHA256 digests, not SHA384: not updated" ]
	cmp before list
	# as coreutils' sha384sum reads it: no SHA-384 line
	run -1 --separate-stderr as_named sha384sum -c list
	[ -z "$output" ]
	[ "$stderr" = "sha384sum: list: no properly formatted checksum lines found" ]
	# a base64 SHA-384 of the same length is read as one
	"$SIMDSUM" -a sha384 --base64 a > b64
	[ "$(cut -d' ' -f1 b64 | tr -d '\n' | wc -c)" -eq 64 ]
	"$SIMDSUM" -a sha384 -c b64
	# a tagged line names SHA-384: 64 hex digits there are base64 (a
	# digest of 48 zero bytes is 64 'A's), a mismatch, not a bad line
	printf 'SHA384 (a) = %s\n' "$(printf 'A%.0s' $(seq 64))" > tagged
	run -1 --separate-stderr "$SIMDSUM" -c tagged
	[ "$output" = "a: FAILED" ]
	# untagged, the same string is a SHA-256 in hex to sha384sum: no line
	printf '%s  a\n' "$(printf 'A%.0s' $(seq 64))" > untagged
	run -1 --separate-stderr as_named sha384sum -c untagged
	[ "$stderr" = "sha384sum: untagged: no properly formatted checksum lines found" ]
}

@test "reversed BSD lines and CRLF lines get lines like them" {
	abc
	sha256sum a | sed 's/  / /' > rev
	"$SIMDSUM" --update=rev b c
	sha256sum a b c | sed 's/  / /' | cmp - rev
	"$SIMDSUM" -c rev
	sha256sum a | sed 's/$/\r/' > crlf
	"$SIMDSUM" --update=crlf b
	sha256sum a b | sed 's/$/\r/' | cmp - crlf
}

@test "a mixed tagged list gets -a's algorithm" {
	abc
	{ sha1sum --tag a; md5sum --tag b; } > list
	cp list expected
	"$SIMDSUM" -a sha512 --update=list a b c
	sha512sum --tag c >> expected
	cmp expected list
	# Without -a: the default algorithm.
	printf 'delta' > d
	"$SIMDSUM" --update=list d
	sha256sum --tag d >> expected
	cmp expected list
}

@test "the list is a new file afterwards: another hard link keeps the old contents (as the man page says)" {
	printf a > a
	printf b > b
	"$SIMDSUM" a > list
	ln list link
	"$SIMDSUM" --update=list b
	sha256sum a b | cmp - list
	sha256sum a | cmp - link
}

@test "a missing or empty list is created as the options say" {
	abc
	"$SIMDSUM" --update=new a b
	sha256sum a b | cmp - new
	"$SIMDSUM" --tag -a md5 --update=tagged a b
	md5sum --tag a b | cmp - tagged
	"$SIMDSUM" -z -a sha1 --update=zero a b
	sha1sum -z a b | cmp - zero
	: > empty
	"$SIMDSUM" -b --update=empty a
	sha256sum -b a | cmp - empty
	[ "$(stat -c %a new)" = "$(: > ref; stat -c %a ref)" ]
}

@test "comments, malformed lines and others' lines are kept byte for byte" {
	abc
	printf '# a comment\r\n' > list
	sha256sum a >> list
	printf 'not a checksum line\n\n%s  gone\n' "$(sha256sum c | cut -c1-64)" >> list
	printf 'trailing line without newline' >> list
	cp list expected
	"$SIMDSUM" --update=list a b
	printf '\n' >> expected
	sha256sum b >> expected
	cmp expected list
}

@test "awkward names are escaped as sha256sum escapes them" {
	make_files
	sha256sum plain > list
	"$SIMDSUM" --update=list "${FILES[@]}"
	sha256sum "${FILES[@]}" | cmp - list
	# Listed names are recognised after unescaping: nothing is added twice.
	"$SIMDSUM" --update=list "${FILES[@]}"
	sha256sum "${FILES[@]}" | cmp - list
	sha256sum --tag plain > tags
	"$SIMDSUM" --update=tags "${FILES[@]}"
	sha256sum --tag "${FILES[@]}" | cmp - tags
}

@test "-r adds a tree's files as simdsum -r names them, never the list" {
	mkdir -p tree/sub/deeper tree/other
	printf 1 > tree/one
	printf 2 > tree/sub/two
	printf 3 > tree/sub/deeper/three
	printf 4 > tree/other/four
	"$SIMDSUM" -r tree > expected
	sha256sum tree/one > tree/sub/list
	"$SIMDSUM" -r --update=tree/sub/list tree
	{ sha256sum tree/one; grep -v '^.\{64\}  tree/one$' expected; } | cmp - tree/sub/list
	# Named directly, or through a link, the list is not added either.
	ln -s tree/sub/list alias
	"$SIMDSUM" --update=tree/sub/list tree/sub/list alias tree/one
	{ sha256sum tree/one; grep -v '^.\{64\}  tree/one$' expected; } | cmp - tree/sub/list
}

@test "a live run's temporary file is never added; files that only look like one are" {
	mkdir t
	printf x > t/f
	# This shell's PID is alive: the file is a run under way, kept and
	# not added.
	printf partial > ".list.simdsum-tmp.$$.abcdef"
	# Another directory's, or not of the form PID.XXXXXX: ordinary files.
	printf 1 > "t/.list.simdsum-tmp.$$.abcdef"
	printf 2 > t/.list.simdsum-tmp.notours
	printf 3 > ".list.simdsum-tmp.$$.abc"
	"$SIMDSUM" -r --update=list .
	"$SIMDSUM" -r . | grep -v -e "  ./list$" -e "  ./.list.simdsum-tmp.$$.abcdef$" \
		-e "  ./expected$" | sort > expected
	grep -v "  ./expected$" list | sort | cmp - expected
	grep -q "  ./t/.list.simdsum-tmp.$$.abcdef$" list
	[ "$(cat ".list.simdsum-tmp.$$.abcdef")" = partial ]
}

@test "--update-changed rewrites the lines of files newer than the list, in place" {
	abc
	{ sha256sum a; sha1sum --tag b; sha256sum b c; } > list
	touch -d '2001-01-01' a b c list
	printf 'BRAVO' > b
	touch -d '2002-01-01' b
	printf 'delta' > d
	# Without --update-changed a changed file is left alone.
	cp list before
	"$SIMDSUM" --update=list a b c
	cmp before list
	"$SIMDSUM" --update=list --update-changed a b c d
	{ sha256sum a; sha1sum --tag b; sha256sum b c d; } | cmp - list
	# Only among the named files.
	touch -d '2000-01-01' list
	printf 'ALPHA' > a
	cp list before
	"$SIMDSUM" --update=list --update-changed b
	{ sed -n 1p before; sha1sum --tag b; sha256sum b; sed -n '4,$p' before; } | cmp - list
}

@test "--update-changed: a file changed after it was hashed, before the list was written, is hashed again next time" {
	abc
	sha256sum a > list
	touch -d '2001-01-01' list
	printf 'ALPHA' > a
	start_slow_writer . '.list.simdsum-tmp.' --update=list --update-changed a
	# a was hashed: it changes while the new list is written.
	printf 'ALPHA2' > a
	wait $pid
	[ "$(cat list)" = "$(printf 'ALPHA' | sha256sum | sed 's/-$/a/')" ]
	# The list bears the moment its run began, so a is newer than it.
	"$SIMDSUM" --update=list --update-changed a
	sha256sum a | cmp - list
	# And a file not changed since is left alone: the list not rewritten.
	cp -p list before
	"$SIMDSUM" --update=list --update-changed a
	[ "$(stat -c %y list)" = "$(stat -c %y before)" ]
}

@test "--update-changed keeps each line's format" {
	abc
	{ sha256sum -b a; sha256sum -b b; } > list
	"$SIMDSUM" --base64 c > b64
	touch -d '2001-01-01' a b c list b64
	printf 'ALPHA' > a
	printf 'CHARLIE' > c
	"$SIMDSUM" --update=list --update-changed a b
	sha256sum -b a b | cmp - list
	"$SIMDSUM" --update=b64 --update-changed c
	"$SIMDSUM" --base64 c | cmp - b64
}

@test "a list that is a symbolic link updates its target and stays a link" {
	abc
	mkdir real
	sha256sum a > real/list
	ln -s real/list link
	ln -s link link2
	"$SIMDSUM" --update=link2 b
	[ -L link ] && [ -L link2 ]
	[ "$(readlink link)" = real/list ]
	sha256sum a b | cmp - real/list
	# A dangling link creates its target.
	ln -s real/new dangling
	"$SIMDSUM" --update=dangling c
	[ -L dangling ]
	sha256sum c | cmp - real/new
	no_tmp
}

@test "the list keeps its mode" {
	abc
	sha256sum a > list
	chmod 640 list
	"$SIMDSUM" --update=list b
	[ "$(stat -c %a list)" = 640 ]
	chmod 604 list
	"$SIMDSUM" --update=list c
	[ "$(stat -c %a list)" = 604 ]
	sha256sum a b c | cmp - list
}

@test "a read-only list is not replaced" {
	abc
	sha256sum a > list
	chmod 444 list
	cp list before
	if [ "$(id -u)" -eq 0 ]; then
		# root may write anything: the update goes through, mode kept.
		"$SIMDSUM" --update=list b
		sha256sum a b | cmp - list
		[ "$(stat -c %a list)" = 444 ]
	else
		run -1 "$SIMDSUM" --update=list b
		[ "$output" = "$SAYS: list: Permission denied" ]
		cmp before list
	fi
}

@test "an unreadable file: exit 1, the list untouched, nothing else added" {
	abc
	sha256sum a > list
	cp list before
	run -1 "$SIMDSUM" --update=list b missing c
	[ "$output" = "$SAYS: missing: No such file or directory" ]
	cmp before list
	printf 'x' > unreadable
	run -1 shimmed eio=unreadable --update=list b unreadable c
	[ "$output" = "$SAYS: unreadable: Input/output error" ]
	cmp before list
	no_tmp
}

@test "ENOSPC and EIO writing the new list, EIO syncing it: the old list stays" {
	abc
	sha256sum a > list
	cp list before
	run -1 shimmed enospc-write=.simdsum-tmp. --update=list b c
	[ "$output" = "$SAYS: list: not updated: write error: No space left on device" ]
	cmp before list
	no_tmp
	run -1 shimmed eio-write=.simdsum-tmp. --update=list b c
	[ "$output" = "$SAYS: list: not updated: write error: Input/output error" ]
	cmp before list
	no_tmp
	run -1 shimmed eio-fsync=.simdsum-tmp. --update=list b c
	[ "$output" = "$SAYS: list: not updated: cannot sync the new list: Input/output error" ]
	cmp before list
	no_tmp
	# The list cannot be looked at just before the rename: that error,
	# not "changed while it was being updated".
	run -1 shimmed eio-stat-after-sync=list --update=list b c
	[ "$output" = "$SAYS: list: not updated: cannot check that it is unchanged: Input/output error" ]
	cmp before list
	no_tmp
	[ "$(grep -c '^eio-stat-after-sync .*list' .faults.log)" -ge 1 ]
	# The faults did happen.
	[ "$(grep -c '^enospc-write .*\.list\.simdsum-tmp\.' .faults.log)" -ge 1 ]
	[ "$(grep -c '^eio-write .*\.list\.simdsum-tmp\.' .faults.log)" -ge 1 ]
	[ "$(grep -c '^eio-fsync .*\.list\.simdsum-tmp\.' .faults.log)" -ge 1 ]
	# Without faults the same run succeeds.
	"$SIMDSUM" --update=list b c
	sha256sum a b c | cmp - list
}

@test "a temporary file that cannot be created: a clear error, the list intact" {
	abc
	mkdir dir
	sha256sum a > dir/list
	cp dir/list before
	run -1 shimmed eacces=.simdsum-tmp. --update=dir/list b
	[ "$output" = "$SAYS: dir/list: not updated: cannot create a temporary file in dir: Permission denied" ]
	cmp before dir/list
	no_tmp
	if [ "$(id -u)" -ne 0 ]; then
		chmod 555 dir
		run -1 "$SIMDSUM" --update=dir/list b
		chmod 755 dir
		[[ "$output" == *"cannot create a temporary file in dir: Permission denied" ]]
		cmp before dir/list
	fi
}

# many N: files f000..f(N-1) under many/, a list of the first ten, and
# the complete list expected after the update.
many() {
	mkdir many
	for i in $(seq -w 0 $(($1 - 1))); do printf '%s' "$i" > many/f$i; done
	"$SIMDSUM" -r many > expected
	head -n 10 expected > list
	cp list old
}

# old_or_new: the list is exactly the old one or exactly the new one.
old_or_new() {
	cmp -s list old || cmp -s list expected || { echo "list is neither"; diff old list | head; false; }
}

# killed_at_moments SIG N [CHECK]: N updates of list, each sent SIG after
# 0.00 to 0.39 s; each leaves the old list or the new (and passes CHECK).
killed_at_moments() {
	for i in $(seq 1 "$2"); do
		cp old list
		timeout -s "$1" "0.0$(( i % 10 ))$((i / 10))" "$SIMDSUM" -r --update=list many || true
		old_or_new
		${3:-true}
	done
}

# start_slow_update: list is old again, and an update of it (pid $pid)
# is in the middle of writing its temporary file, slowly.
start_slow_update() {
	cp old list
	start_slow_writer . '.list.simdsum-tmp.' -r --update=list many
}

@test "SIGKILL at any moment leaves the old list or the new one; the next run cleans up" {
	many 300
	killed_at_moments KILL 40
	# Killed while the temporary file is being written.
	start_slow_update
	kill -KILL $pid
	wait $pid || true
	cmp old list
	# The next run removes what the killed ones left, and completes.
	"$SIMDSUM" -r --update=list many
	cmp expected list
	no_tmp
}

@test "a temporary file whose PID is free here but whose lock is held (a run in another PID namespace) is kept" {
	many 20
	# 2147483646 is above any pid_max: no process here has it, as a run
	# in a container sharing the directory has a PID this one lacks.
	printf 'partial' > .list.simdsum-tmp.2147483646.abcdef
	exec 9< .list.simdsum-tmp.2147483646.abcdef
	flock -x 9
	"$SIMDSUM" -r --update=list many
	cmp expected list
	[ "$(cat .list.simdsum-tmp.2147483646.abcdef)" = partial ]
	# Its run gone (the lock with it), the next update removes it.
	exec 9<&-
	cp old list
	"$SIMDSUM" -r --update=list many
	cmp expected list
	no_tmp
}

@test "a run holds its temporary file's lock until the rename" {
	many 300
	start_slow_update
	tmp=$(find . -maxdepth 1 -name ".list.simdsum-tmp.$pid.*")
	run flock -n -x "$tmp" true
	[ "$status" -ne 0 ]
	wait $pid
	cmp expected list
	no_tmp
}

# signalled SIG: the update is sent SIG while it writes its temporary file.
signalled() {
	start_slow_update
	kill -$1 $pid
	rc=0
	wait $pid || rc=$?
	[ "$rc" -eq $((128 + $2)) ] || { echo "status $rc"; false; }
	cmp old list
	no_tmp
}

@test "SIGTERM, SIGINT and SIGHUP remove the temporary file at once" {
	many 300
	signalled TERM 15
	signalled INT 2
	signalled HUP 1
	# And at any other moment: the old list or the new, no temporary file.
	killed_at_moments TERM 30 no_tmp
}

@test "usage: --update-changed alone, several algorithms, no files" {
	abc
	run -1 "$SIMDSUM" --update-changed a
	[[ "$output" == *"--update-changed option is meaningful only with --update"* ]]
	run -1 "$SIMDSUM" -a sha1,md5 --update=list a
	[ "$output" = "$SAYS: --update adds lines of one algorithm, not 2" ]
	run -1 "$SIMDSUM" --update=list
	[ "$output" = "$SAYS: --update needs the files or directories to add" ]
	[ ! -e list ]
}

@test "a list that is not a regular file is refused, and left as it was" {
	# rename(2) would replace a device with a regular file (as root,
	# --update=/dev/null would), and a FIFO's open waited for a writer.
	abc
	mkfifo fifo
	run -1 timeout 20 "$SIMDSUM" --update=fifo a
	[ "$output" = "$SAYS: fifo: not a regular file: not updated" ]
	[ -p fifo ]
	ln -s fifo to-fifo
	run -1 timeout 20 "$SIMDSUM" --update=to-fifo a
	[ "$output" = "$SAYS: to-fifo: not a regular file: not updated" ]
	[ -p fifo ] && [ -L to-fifo ]
	mkdir dir
	run -1 "$SIMDSUM" --update=dir a
	[ "$output" = "$SAYS: dir: Is a directory" ]
	# A character device like /dev/null's, where this user may make one.
	if mknod null c 1 3 2>/dev/null; then
		run -1 "$SIMDSUM" --update=null a
		[ "$output" = "$SAYS: null: not a regular file: not updated" ]
		[ -c null ]
	fi
	[ -z "$(ls -A | grep simdsum-tmp)" ]
}

@test "a list without a last newline: one delimiter before the added lines, rewritten last line or not" {
	abc
	printf '%s' "$("$LINKS/sha256sum" a)" > list
	"$SIMDSUM" --update=list b
	[ "$(cat list)" = "$("$LINKS/sha256sum" a b)" ]
	# The last line rewritten (it then ends in its newline) and a file
	# added: no blank line between them.
	printf '%s' "$("$LINKS/sha256sum" a)" > list
	touch -d 2000-01-01 list
	printf 'alpha2' > a
	"$SIMDSUM" --update=list --update-changed a c
	"$LINKS/sha256sum" a c | cmp - list
}

@test "-z: names ending in a carriage return or a newline are matched, not added again" {
	printf 1 > $'cr\r'
	printf 2 > $'nl\n'
	"$SIMDSUM" -z --update=list $'cr\r' $'nl\n'
	cp list once
	"$SIMDSUM" -z --update=list $'cr\r' $'nl\n'
	cmp list once
	# --update-changed rewrites the line, it does not add one.
	touch -d 2000-01-01 list
	printf 9 > $'nl\n'
	"$SIMDSUM" -z --update=list --update-changed $'nl\n'
	"$SIMDSUM" -z $'cr\r' $'nl\n' | cmp - list
	# Names that are nothing but a carriage return or a newline: a record
	# emptied by taking them for a line's end was added again each run.
	printf 3 > $'\r'
	printf 4 > $'\n'
	printf 5 > $'\r\n'
	sha256sum -z $'\r' $'\n' $'\r\n' > bare
	cp bare bare.before
	"$SIMDSUM" --update=bare $'\r' $'\n' $'\r\n'
	cmp bare bare.before
}

@test "the list's delimiter: a NUL inside a newline list's line, a newline inside a -z name" {
	abc
	# A newline list whose first line holds a NUL: its lines stay lines.
	{ printf '%s  x\0y\n' "$(sha256sum a | cut -c1-64)"; sha256sum a; } > list
	cp list before
	"$SIMDSUM" --update=list b
	{ cat before; sha256sum b; } | cmp - list
	{ printf '%s  x\0y\n' "$(sha256sum a | cut -c1-64)"; sha256sum a c; } > list3
	cp list3 before
	"$SIMDSUM" --update=list3 b
	{ cat before; sha256sum b; } | cmp - list3
	# ... and names what comes before the NUL, as -c reads it: that file is
	# listed, not added again, and a list of that one line stays a newline
	# list (it was taken for a -z list, its new record NUL-ended after it).
	{ printf '%s  a\0y\n' "$(sha256sum a | cut -c1-64)"; sha256sum c; } > listed
	cp listed before
	"$SIMDSUM" --update=listed a b c
	{ cat before; sha256sum b; } | cmp - listed
	printf '%s  a\0y\n' "$(sha256sum a | cut -c1-64)" > one
	cp one before
	"$SIMDSUM" --update=one a b
	{ cat before; sha256sum b; } | cmp - one
	# A -z list of one record whose name holds a newline: still -z, also
	# without -z on the command line.
	printf 'n\nl' > $'new\nline'
	sha256sum -z $'new\nline' > zlist
	"$SIMDSUM" --update=zlist a
	sha256sum -z $'new\nline' a | cmp - zlist
}

@test "the list's form wins: a list of comments only keeps its delimiter, a CRLF list's bare CR last, a reversed list under ';' (a helper's review)" {
	abc
	# comments only, newline-ended: -z on the command line does not make
	# its new records NUL-ended (the list was neither, and grew mixed)
	printf '# sums of a and b\n' > comments
	"$SIMDSUM" -z --update=comments a
	"$SIMDSUM" -z --update=comments b
	{ echo '# sums of a and b'; sha256sum a b; } | cmp - comments
	"$SIMDSUM" -c comments
	# a CRLF list whose last line ends in a CR alone: a CR, not a CRLF,
	# is added after it ("c\r\r\n" named the file "c\r")
	printf '%s  a\r\n%s  c\r' "$(sha256sum a | cut -c1-64)" "$(sha256sum c | cut -c1-64)" > crlf
	"$SIMDSUM" --update=crlf b
	printf '%s  a\r\n%s  c\r\n%s  b\r\n' "$(sha256sum a | cut -c1-64)" \
		"$(sha256sum c | cut -c1-64)" "$(sha256sum b | cut -c1-64)" | cmp - crlf
	"$SIMDSUM" -c crlf
	# reversed BSD lines under a ';' line: a name that makes the line end
	# like SFV's "NAME HEX" gets the tagged line, which reads back (the
	# reversed one read as SFV, and was added again on every run)
	printf 'v' > 'v 20240101'
	printf 'z' > CAFEBABE
	{ echo '; made by hand'; sha256sum a | sed 's/  / /'; } > reversed
	"$SIMDSUM" --update=reversed 'v 20240101' CAFEBABE b
	cp reversed once
	"$SIMDSUM" --update=reversed 'v 20240101' CAFEBABE b
	cmp once reversed
	run "$SIMDSUM" -c reversed
	[ "$status" -eq 0 ]
	[ "$output" = "a: OK
v 20240101: OK
CAFEBABE: OK
b: OK" ]
	grep -qx "$(sha256sum b | cut -c1-64) b" reversed
	grep -qxF "SHA256 (CAFEBABE) = $(sha256sum CAFEBABE | cut -c1-64)" reversed
}

@test "names that read one pipe are added one after the other, as -j1 reads them" {
	printf 'abc' > a
	# 8 MiB: more than a pipe holds, so two readers at once would split it.
	for j in 1 2 4; do
		rm -f list
		run --separate-stderr bash -c 'head -c 8388608 /dev/zero | "$1" -j'$j' --update=list - a /dev/stdin' sh "$SIMDSUM"
		[ "$status" -eq 0 ]
		[ "$(cat list)" = "$(head -c 8388608 /dev/zero | sha256sum - a /dev/stdin)" ] ||
			{ echo "-j$j:"; cat list; false; }
	done
}

@test "past a file-size limit (ulimit -f): reported, the list untouched, no temporary file" {
	mkdir tree
	for i in $(seq 300); do head -c $((i * 37)) /dev/zero > tree/f$i; done
	"$SIMDSUM" -r tree | head -99 > list
	cp list list.before
	run --separate-stderr bash -c 'ulimit -f 8; "$1" -r --update=list tree' sh "$SIMDSUM"
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: list: not updated: write error: File too large" ]
	cmp list list.before
	no_tmp
}

# raced WANT_FIRST WANT_SECOND ARGS...: an update (ARGS) writes its new
# list slowly while a second one (of c) runs to its end. Whichever renames
# second must find the list changed and leave the other's: exactly one
# succeeds, and the list is what it made (WANT_FIRST: the slow one's).
raced() {
	local want_first=$1 want_second=$2
	shift 2
	start_slow_writer . '.list.simdsum-tmp.' "$@"
	rc=0
	"$SIMDSUM" --update=list c 2> err || rc=$?
	slow=0
	wait $pid || slow=$?
	if [ "$rc" -eq 0 ]; then
		[ "$slow" -eq 1 ] || { echo "both updated: status $slow"; cat list; false; }
		[ "$(cat list)" = "$want_second" ] || { cat list; false; }
	else
		[ "$slow" -eq 0 ] && [ "$rc" -eq 1 ] || { echo "status $slow and $rc"; false; }
		[ "$(cat err)" = "$SAYS: list: changed while it was being updated: not updated" ]
		[ "$(cat list)" = "$want_first" ] || { cat list; false; }
	fi
	no_tmp
}

@test "two updates of one list at once: the one that renames second is refused, none is lost" {
	abc
	sha256sum a > list
	raced "$(sha256sum a b)" "$(sha256sum a c)" --update=list b
	# A list that another update creates meanwhile.
	rm list
	raced "$(sha256sum b)" "$(sha256sum c)" --update=list b
}

@test "--update-changed: a CRLF list's last line, without its end, is rewritten with the list's CRLF, as lines added after it get" {
	printf 'alpha\n' > a
	printf 'bravo\n' > b
	printf '%s  a\r\n%064d  b' "$(sha256sum a | cut -c1-64)" 0 > L
	touch -d '2020-01-01' L
	run "$SIMDSUM" --update=L --update-changed a b
	[ "$status" -eq 0 ]
	[ "$(tail -c 2 L | od -An -c | tr -d ' ')" = '\r\n' ]
	[ "$(grep -c $'\r$' L)" -eq 2 ]
	printf 'charlie\n' > c
	"$SIMDSUM" --update=L c
	[ "$(grep -c $'\r$' L)" -eq 3 ]
	run "$SIMDSUM" -c L
	[ "$status" -eq 0 ]
}
