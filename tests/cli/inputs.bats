#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Standard input, pipes, FIFOs, /proc files, mmap and read paths.

load helpers

@test "no FILE and - read standard input" {
	printf 'hello' > in
	STDIN=in same_as sha256sum
	STDIN=in same_as sha256sum -
	STDIN=in same_as sha1sum --tag -
	STDIN=in same_as sha512sum - in -
}

@test "a pipe on standard input" {
	run bash -c "head -c 300000 /dev/zero | '$SIMDSUM'"
	[ "$output" = "$(head -c 300000 /dev/zero | sha256sum)" ]
}

@test "a FIFO argument" {
	mkfifo fifo
	head -c 777777 /dev/zero > data
	(cat data > fifo &)
	run "$SIMDSUM" fifo
	[ "$status" -eq 0 ]
	[ "$output" = "$(sha256sum < data | sed 's/-$/fifo/')" ]
}

@test "a FIFO named twice at -j>1 is read once after the other, as -j1 and coreutils read it" {
	mkfifo fifo
	printf 'abc' > a
	for j in 2 4; do
		# The first writer's open returns once the first name has the FIFO
		# open; the second writes only after that name has closed it, so
		# the stream the second name reads is "def" alone. Read at once,
		# two names would share the first writer's bytes and the second
		# would find no writer.
		# The first name's line is printed once it has closed the FIFO
		# (simdsum holds the FIFO open throughout: the second name opens
		# it early and again in its turn), and a line at a time to a pipe.
		"$SIMDSUM" -j$j -a md5 fifo a fifo | cat > out.$j &
		local pid=$!
		timeout 60 sh -c 'printf abc > fifo'
		local waited=0
		until grep -q ' fifo$' out.$j || [ $waited -ge 600 ]; do
			sleep 0.1
			waited=$((waited + 1))
		done
		timeout 60 sh -c 'printf def > fifo'
		wait $pid
		[ "$(cat out.$j)" = "$(md5sum a | sed 's/ a$/ fifo/')
$(md5sum a)
$(printf def | md5sum | sed 's/ -$/ fifo/')" ] || { echo "-j$j:"; cat out.$j; false; }
	done
}

@test "/proc files with st_size 0 are read, not mapped" {
	# /proc/self/... would differ between the two processes: use a
	# stable file instead.
	for io in auto read mmap; do
		run "$SIMDSUM" --io=$io /proc/version
		[ "$status" -eq 0 ]
		[ "$output" = "$(sha256sum /proc/version)" ]
	done
}

@test "--io=read and --io=mmap give identical output" {
	make_files
	"$SIMDSUM" --io=read "${FILES[@]}" > read.out
	"$SIMDSUM" --io=mmap "${FILES[@]}" > mmap.out
	"$SIMDSUM" --io=auto "${FILES[@]}" > auto.out
	cmp read.out mmap.out
	cmp read.out auto.out
	sha256sum "${FILES[@]}" | cmp - read.out
}

@test "--io rejects unknown modes" {
	run "$SIMDSUM" --io=fast plain
	[ "$status" -eq 1 ]
	[[ "$output" == *"invalid --io 'fast'"* ]]
}

@test "a file truncated while mapped is an error, the others are hashed" {
	head -c 3000000 /dev/urandom > shrinking
	printf 'abc' > after
	run --separate-stderr env LD_PRELOAD="$FAULT_SHIM" SIMDSUM_FAULT=truncate-after-mmap=shrinking \
		"$SIMDSUM" --io=mmap shrinking after
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: shrinking: file changed while reading" ]
	[ "$output" = "$(printf abc | sha256sum | sed 's/-$/after/')" ]
}

@test "a file that grows while read is an error" {
	# Several reads, so the append lands between two of them (changes.bats
	# has the one-read case and every other path).
	head -c 3000000 /dev/urandom > growing
	run --separate-stderr env LD_PRELOAD="$FAULT_SHIM" SIMDSUM_FAULT=append-after-read=growing \
		"$SIMDSUM" growing
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: growing: file changed while reading" ]
	[ -z "$output" ]
}

@test "large files read on a second thread: same digests, same errors" {
	# Past READAHEAD_MIN_SIZE (8 MiB) and three times the ring of chunks
	# (8 x 512 KiB), so the reader fills it, sleeps and is woken again.
	head -c 12582917 /dev/urandom > large
	want=$(sha256sum large)
	for io in auto read mmap; do
		[ "$("$SIMDSUM" --io=$io large)" = "$want" ]
	done
	[ "$("$SIMDSUM" -j1 large)" = "$want" ]
	# Short reads of an odd size (chunks never fill in one read) and EINTR.
	run env LD_PRELOAD="$FAULT_SHIM" SIMDSUM_FAULT=eintr,split-every=4097 "$SIMDSUM" -a sha1 large
	[ "$output" = "$(sha1sum large)" ]
	run --separate-stderr env LD_PRELOAD="$FAULT_SHIM" SIMDSUM_FAULT=append-after-read=large \
		"$SIMDSUM" large
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: large: file changed while reading" ]
	run --separate-stderr env LD_PRELOAD="$FAULT_SHIM" SIMDSUM_FAULT=eio=large "$SIMDSUM" large
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: large: Input/output error" ]
}

@test "several algorithms of a large file on two hashing threads: each one's digest, same errors" {
	# Page faults made free, so that auto takes the reading thread on any
	# machine; past three times the ring, so that both hashing threads
	# wait for the reader and for each other.
	export SIMDSUM_TEST_PAGE_FAULT_NS=0
	head -c 12582917 /dev/urandom > large
	want=$(sha256sum large; sha1sum large; md5sum large; sha512sum large)
	run -0 --separate-stderr "$SIMDSUM" --debug -a sha256,sha1,md5,sha512 large
	[ "$output" = "$want" ]
	grep -qxF "$SAYS: large: 4 computations shared by two hashing threads, read on a third" <<< "$stderr"
	# the same through one thread (-j1) and under --cross-check (8 of them)
	[ "$("$SIMDSUM" -j1 -a sha256,sha1,md5,sha512 large)" = "$want" ]
	run -0 --separate-stderr "$SIMDSUM" --debug --cross-check -a sha256,sha1,md5,sha512 large
	[ "$output" = "$want" ]
	grep -qxF "$SAYS: large: 8 computations shared by two hashing threads, read on a third" <<< "$stderr"
	# with a CRC and an xxHash beside a SHA
	[ "$("$SIMDSUM" -a crc32c,sha1,xxh128 large)" = "$("$SIMDSUM" -j1 -a crc32c,sha1,xxh128 large)" ]
	# short reads of an odd size and EINTR
	run env LD_PRELOAD="$FAULT_SHIM" SIMDSUM_FAULT=eintr,split-every=4097 "$SIMDSUM" -a sha1,sha256 large
	[ "$output" = "$(sha1sum large; sha256sum large)" ]
	# a file that grows or fails while read: its error, no digest
	run --separate-stderr env LD_PRELOAD="$FAULT_SHIM" SIMDSUM_FAULT=append-after-read=large \
		"$SIMDSUM" -a sha256,sha1 large
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: large: file changed while reading" ]
	[ -z "$output" ]
	run --separate-stderr env LD_PRELOAD="$FAULT_SHIM" SIMDSUM_FAULT=eio=large "$SIMDSUM" -a md5,sha512 large
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: large: Input/output error" ]
	[ -z "$output" ]
}

@test "a pipe or standard input past 8 MiB that the SHAs hash: read on a thread of its own, same digests, same errors" {
	export SIMDSUM_TEST_PAGE_FAULT_NS=0
	head -c 12582917 /dev/urandom > large
	past="a stream past its first 8 MiB: read on a thread of its own"
	# one SHA; several (two hashing threads); and under --cross-check
	run -0 --separate-stderr bash -c "cat large | '$SIMDSUM' --debug -a sha256"
	[ "$output" = "$(sha256sum < large)" ]
	grep -qxF "$SAYS: -: $past" <<< "$stderr"
	want=$(sha256sum < large; sha1sum < large; md5sum < large; sha512sum < large)
	run -0 --separate-stderr bash -c "cat large | '$SIMDSUM' --debug -a sha256,sha1,md5,sha512"
	[ "$output" = "$want" ]
	grep -qxF "$SAYS: -: $past" <<< "$stderr"
	grep -qxF "$SAYS: -: 4 computations shared by two hashing threads, read on a third" <<< "$stderr"
	run -0 bash -c "cat large | '$SIMDSUM' --cross-check -a sha256,sha1,md5,sha512"
	[ "$output" = "$want" ]
	# a FIFO argument written in odd-sized pieces (chunks filled by
	# many reads), between two files
	mkfifo fifo
	printf 'a' > a
	(dd if=large of=fifo bs=4097 status=none &)
	run -0 --separate-stderr "$SIMDSUM" --debug -a sha1,sha256 a fifo a
	[ "$output" = "$(sha1sum a; sha256sum a
		sha1sum < large | sed 's/-$/fifo/'; sha256sum < large | sed 's/-$/fifo/'
		sha1sum a; sha256sum a)" ]
	grep -qxF "$SAYS: fifo: $past" <<< "$stderr"
	# -j1, --io=read, a CRC alone and a short stream: one thread, as before
	for args in "-j1 -a sha256,sha1" "--io=read -a sha256,sha1" "-a crc32c"; do
		run -0 --separate-stderr bash -c "cat large | '$SIMDSUM' --debug $args"
		! grep -qF "a stream past" <<< "$stderr" || { echo "$args"; false; }
	done
	run -0 --separate-stderr bash -c "head -c 100000 large | '$SIMDSUM' --debug -a sha256,sha1"
	[ "$output" = "$(head -c 100000 large | sha256sum; head -c 100000 large | sha1sum)" ]
	! grep -qF "a stream past" <<< "$stderr"
	# A stream that fails before the thread, at the switch, in the ring's
	# first chunk and near the end: its error, no digest.
	for at in 1000000 8388608 8400000 12000000; do
		run --separate-stderr bash -c "cat large | LD_PRELOAD='$FAULT_SHIM' \
			SIMDSUM_FAULT=pipe-eio-after=$at SIMDSUM_FAULT_LOG=log '$SIMDSUM' -a sha256,sha1"
		[ "$status" -eq 1 ] || { echo "$at: status $status"; false; }
		[ "$stderr" = "$SAYS: -: Input/output error" ]
		[ -z "$output" ]
	done
	grep -q '^pipe-eio ' log
	# Standard input from the file, from its start and from an offset
	# the shell left it at: the same way, from its position.
	run -0 --separate-stderr bash -c "'$SIMDSUM' --debug -a sha256,sha1 < large"
	[ "$output" = "$(sha256sum < large; sha1sum < large)" ]
	grep -qxF "$SAYS: -: $past" <<< "$stderr"
	run -0 bash -c "(head -c 1000001 > /dev/null; '$SIMDSUM' -a sha256,sha1) < large"
	[ "$output" = "$(tail -c +1000002 large | sha256sum; tail -c +1000002 large | sha1sum)" ]
	run --separate-stderr bash -c "LD_PRELOAD='$FAULT_SHIM' SIMDSUM_FAULT=eio=large '$SIMDSUM' -a sha256 < large"
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: -: Input/output error" ]
}

@test "--parts of /proc and /sys files: every part, without a count; an empty file is part 1 of 1" {
	local f=/sys/kernel/mm/transparent_hugepage/enabled
	[ -r "$f" ] || f=/sys/devices/system/cpu/online
	[ -r "$f" ] || skip "no readable sysfs file here"
	cat "$f" > sys.copy
	cat /proc/version > proc.copy
	for args in "-a sha256" "-a sha1,md5" "-a crc32c -j2" "-a sha256 --io=mmap"; do
		for pair in "$f sys.copy 1K" "/proc/version proc.copy 16"; do
			set -- $pair
			run --separate-stderr "$SIMDSUM" $args --parts="$3" "$1"
			[ "$status" -eq 0 ]
			no_stderr
			# The copy's lines, less its "of N", under the pseudo-file's name.
			"$SIMDSUM" $args --parts="$3" "$2" | sed "s| of [0-9]*, |, |; s|($2)|($1)|" > want
			[ "$output" = "$(cat want)" ]
		done
	done
	: > empty
	run "$SIMDSUM" --parts=1K empty
	[[ "${lines[0]}" == "SHA256 (empty) part 1 of 1, offset 0, length 0 = "* ]]
}

@test "names that read one pipe are read one after the other, as -j1 reads them" {
	printf 'abc' > a
	# 8 MiB: more than a pipe holds, so two readers at once would split it.
	for j in 1 2 4; do
		run --separate-stderr bash -c 'head -c 8388608 /dev/zero | "$1" -j'$j' -a md5,sha256 - a /dev/stdin /dev/fd/0 a' sh "$SIMDSUM"
		[ "$status" -eq 0 ]
		[ "$output" = "$(head -c 8388608 /dev/zero | md5sum - a /dev/stdin /dev/fd/0 a |
			while read -r sum name; do
				echo "$sum  $name"
			done | paste -d'\n' - <(head -c 8388608 /dev/zero | sha256sum - a /dev/stdin /dev/fd/0 a))" ] ||
			{ echo "-j$j: $output"; false; }
	done
	# from a list of names, and in a checksum list
	printf -- '-\na\n-\n' > names
	run bash -c 'head -c 8388608 /dev/zero | "$1" -j4 -a md5 --files-from=names' sh "$SIMDSUM"
	[ "$output" = "$(head -c 8388608 /dev/zero | md5sum - a -)" ]
	head -c 8388608 /dev/zero | md5sum - > sums
	md5sum a >> sums
	md5sum /dev/null | sed 's|/dev/null|/dev/stdin|' >> sums
	run bash -c 'head -c 8388608 /dev/zero | "$1" -j4 -a md5 -c sums' sh "$SIMDSUM"
	[ "$status" -eq 0 ]
	[ "$output" = "-: OK
a: OK
/dev/stdin: OK" ]
}

@test "--files-from=-: a name '-' in the list is an error of its own" {
	printf 'abc' > a
	printf 'def' > b
	run --separate-stderr bash -c 'printf "a\n-\nb\n" | "$1" -a md5 --files-from=-' sh "$SIMDSUM"
	[ "$status" -eq 1 ]
	[ "$output" = "$(md5sum a b)" ]
	[ "$stderr" = "$SAYS: -: the names are read from standard input: no file name of '-' allowed" ]
	# the list named /dev/stdin of a pipe is standard input too (the '-'
	# read the rest of the list as data, and its names were lost)
	run --separate-stderr bash -c '{ printf "a\n-\n"; yes b | head -3000; } | "$1" -a md5 --files-from=/dev/stdin' sh "$SIMDSUM"
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 3001 ]
	[ "$stderr" = "$SAYS: -: the names are read from standard input: no file name of '-' allowed" ]
}

@test "--files-from: a name that names no file is LIST:N and the reason, as du and wc say it" {
	printf 'abc' > a
	printf 'a\0\0a\0' > l0
	run --separate-stderr "$SIMDSUM" -a md5 --files0-from=l0
	[ "$status" -eq 1 ]
	[ "$output" = "$(md5sum a a)" ]
	[ "$stderr" = "$SAYS: l0:2: invalid zero-length file name" ]
	[ "${stderr#"$SAYS: "}" = "$(du --files0-from=l0 2>&1 >/dev/null | sed 's/^du: //')" ]
	printf 'a\0zzz\n\\bad\\q\na\n' > 'the list'
	run --separate-stderr "$SIMDSUM" -a md5 --files-from='the list'
	[ "$status" -eq 1 ]
	[ "$output" = "$(md5sum a)" ]
	[ "$stderr" = "$SAYS: 'the list':1: file name contains a NUL byte
$SAYS: 'the list':2: invalid escape in file name" ]
	# an escaped line: a NUL is a NUL there too, and "\\" alone names
	# nothing (it was '': No such file or directory, with no LIST:N)
	printf 'a\n\\x\0y\n\\\n' > esc
	run --separate-stderr "$SIMDSUM" -a md5 --files-from=esc
	[ "$status" -eq 1 ]
	[ "$output" = "$(md5sum a)" ]
	[ "$stderr" = "$SAYS: esc:2: file name contains a NUL byte
$SAYS: esc:3: invalid zero-length file name" ]
}

@test "--json: a listed line that names no file, and a list that cannot be read, are objects" {
	printf 'abc' > a
	printf 'a\nab\0c\n' > 'my list'
	run --separate-stderr "$SIMDSUM" --json -a md5 --files-from='my list'
	[ "$status" -eq 1 ]
	[ "${lines[1]}" = '{"list":"my list","line":2,"error":"file name contains a NUL byte"}' ]
	[ "$stderr" = "$SAYS: 'my list':2: file name contains a NUL byte" ]
	run --separate-stderr bash -c "printf 'a\0\0' | '$SIMDSUM' --json -a md5 --files0-from=-"
	[ "${lines[1]}" = '{"list":"-","line":2,"error":"invalid zero-length file name"}' ]
	mkdir dir
	for l in nofile dir; do
		run --separate-stderr "$SIMDSUM" --json --files-from=$l
		[ "$status" -eq 1 ]
		[[ "$output" == '{"list":"'$l'","error":"'* ]] || { echo "$l: $output"; false; }
	done
}

@test "a list that fails to be read: the names before the failure, not the name it cut short" {
	# A wrapper's own pipe reads count toward pipe-eio-after before the
	# list's first byte (valgrind reads 128 bytes from pipes of its own;
	# under qemu-user the message differed too)
	[ "$(head -c 4 "$SIMDSUM" | tail -c 3)" = ELF ] || skip "SIMDSUM is a wrapper, not the binary"
	printf 'abc' > a
	printf 'dot' > a.
	printf 'dot b' > a.b
	# "a.b" cut to "a." by the failed read named another file, and hashed it
	for opt in --files-from=- "--files0-from=-"; do
		d='\n'
		[ "$opt" = --files-from=- ] || d='\0'
		run --separate-stderr bash -c "printf 'a${d}a.b${d}' | LD_PRELOAD='$FAULT_SHIM' \
			SIMDSUM_FAULT=pipe-eio-after=4 '$SIMDSUM' -a md5 $opt"
		[ "$status" -eq 1 ] || { echo "$opt: status $status"; false; }
		[ "$output" = "$(md5sum a)" ] || { echo "$opt: $output"; false; }
		[ "$stderr" = "$SAYS: cannot read file names from 'standard input': Input/output error" ]
	done
	# and a checksum list: no line checks "a." against a.b's digest
	md5sum a a.b > sums
	run --separate-stderr bash -c "LD_PRELOAD='$FAULT_SHIM' SIMDSUM_FAULT=pipe-eio-after=72 \
		'$SIMDSUM' -a md5 -c < <(cat sums)"
	[ "$status" -eq 1 ]
	[ "$output" = "a: OK" ] || { echo "$output"; false; }
}
