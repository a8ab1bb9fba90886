#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Files that change while they are hashed (issue 19): on every path that
# reads a file (one read, many reads, the read-ahead thread, the lanes,
# the CRC-32C split, a mapping, --parts, --check) a change is reported as
# "file changed while reading", exit status 1, and no digest. The changes
# are written by the fault shim at a fixed point (right after the map, or
# after the first read), never by a racing sleep.

load helpers

# fresh NAME BYTES: a random file whose times lie in the past, so a change
# written now moves them even on a file system with coarse timestamps.
fresh() {
	head -c "$2" /dev/urandom > "$1"
	touch -d '2000-01-01 00:00:00' "$1"
}

# reported_changed NAME: the last run failed on NAME alone, as a change.
reported_changed() {
	[ "$status" -eq 1 ] || { echo "status $status"; return 1; }
	[[ "$stderr" == *"$1: file changed while reading"* ]] || { echo "stderr: $stderr"; return 1; }
	# Nothing for the changed file on stdout.
	! grep -q " $1\$" <<< "$output" || { echo "stdout: $output"; return 1; }
}

# written KIND: the shim logged a change of that kind ("rewrite", "append").
written() {
	grep -q "^$1 [0-9]* $T/" "$T/.faults.log"
}

# A multi-buffer row of this build and CPU for SHA-256, or nothing.
lanes_row() {
	"$SIMDSUM" --list-impls | awk '
		/^[^ ].*:$/ { in_h = ($0 == "sha224, sha256:"); next }
		in_h && $2 == "supported" && /multi-buffer/ { print $1; exit }'
}

@test "mmap: a file rewritten in place after it is mapped" {
	fresh vic 3000000
	for impl in generic auto; do
		rm -f .faults.log
		run --separate-stderr under_shim rewrite-after-mmap=vic \
			"$SIMDSUM" --io=mmap --impl=$impl -a sha512 vic
		reported_changed vic
		written rewrite
		fresh vic 3000000
	done
}

@test "mmap: a file that grows after it is mapped" {
	fresh vic 3000000
	printf abc > other
	run --separate-stderr under_shim append-after-mmap=vic,append-bytes=1000 \
		"$SIMDSUM" --io=mmap -a sha512 vic other
	reported_changed vic
	written append
	[ "$output" = "$(sha512sum other)" ]
}

@test "one read of a small file, rewritten before it is closed" {
	fresh small 100000
	printf abc > other
	for io in read auto mmap; do
		fresh small 100000
		rm -f .faults.log
		fault=rewrite-after-read=small
		[ $io != mmap ] || fault=rewrite-after-mmap=small
		run --separate-stderr under_shim $fault "$SIMDSUM" --io=$io small other
		reported_changed small
		written rewrite
		[ "$output" = "$(sha256sum other)" ]
	done
}

@test "every reading path reports a rewrite" {
	# large: past the read-ahead size (8 MiB); huge: past the CRC-32C
	# split size (32 MiB); small files go through the lanes. Page faults
	# made free, so that auto takes the reading thread on any machine.
	export SIMDSUM_TEST_PAGE_FAULT_NS=0
	declare -A size=([large]=12582917 [huge]=34603021 [small]=5000)
	fresh mate 7000
	row=$(lanes_row)
	for cmd in "-j1 -a sha256 large" "--io=auto -a sha512 large" "--io=read -a sha1 large" \
		"--io=auto -a sha256,md5,sha1 large" \
		"-j2 -a crc32c huge" "-j1 -a crc32c huge" "--parts=1M -a crc32c,sha256 large" \
		"-j2 --parts=1M -a crc32c,crc64nvme huge" \
		"-j1 -a sha256 ${row:+--impl=$row} mate small" "-j2 -a sha256 mate small"; do
		target=${cmd##* }
		fresh $target ${size[$target]}
		rm -f .faults.log
		run --separate-stderr under_shim rewrite-after-read=$target "$SIMDSUM" $cmd
		echo "# $cmd" >&3
		reported_changed $target
		written rewrite
	done
}

@test "a change of metadata only while a file is read (chmod, a new link) is no change: its digest, as coreutils" {
	# The change time moves, the size and modification time do not; a
	# new link count and mode explain it (rm or mv over the name, chmod,
	# chown). It was "file changed while reading" on every path.
	export SIMDSUM_TEST_PAGE_FAULT_NS=0
	declare -A size=([large]=12582917 [huge]=34603021 [small]=5000)
	fresh mate 7000
	for cmd in "-j1 -a sha256 large" "--io=auto -a sha512 large" "--io=read -a sha1 large" \
		"--io=auto -a sha256,md5,sha1 large" "-j2 -a crc32c huge" "-j1 -a crc32c huge" \
		"-j2 -a sha256 mate small" "-j1 -a sha256 small" "-c sums"; do
		for target in large huge small; do
			fresh $target ${size[$target]}
		done
		"$SIMDSUM" small > sums
		want=$("$SIMDSUM" $cmd)
		target=${cmd##* }
		[ "$target" != sums ] || target=small
		rm -f .faults.log ./*.link
		run --separate-stderr under_shim meta-after-read=$target "$SIMDSUM" $cmd
		[ "$status" -eq 0 ] || { echo "$cmd: status $status: $stderr"; false; }
		[ "$output" = "$want" ]
		no_stderr
		grep -q "^meta-after-read 0 $T/$target\$" "$T/.faults.log" ||
			{ echo "$cmd: no change made to $target"; false; }
	done
	# A moved modification time is still a change, however the bytes.
	fresh large ${size[large]}
	run --separate-stderr under_shim rewrite-after-read=large "$SIMDSUM" -a sha256 large
	reported_changed large
}

@test "standard output's own file among the inputs (sha256sum * > SUMS) is read as it is, not a change, after the lines before it" {
	# Into a regular file, lines go out in chunks while later files are
	# still read: the list grew while it was hashed, "file changed while
	# reading" and exit 1 where coreutils exits 0.
	for i in $(seq -w 1 400); do printf '%s' "$i" > "a$i"; printf '%s' "$i" > "z$i"; done
	for j in 1 2 ""; do
		: > m-sums
		"$SIMDSUM" ${j:+-j$j} a* m-sums z* > m-sums
		[ "$(wc -l < m-sums)" -eq 801 ] || { echo "-j$j: $(wc -l < m-sums) lines"; false; }
		# every other line is coreutils'
		sha256sum a* z* | cmp - <(grep -v '  m-sums$' m-sums)
		# and its own is too: the digest of the 400 lines before it,
		# which coreutils has written when it reads the file
		[ "$(sed -n 401p m-sums)" = "$(head -n 400 m-sums | sha256sum | cut -c1-64)  m-sums" ] ||
			{ echo "-j$j: $(sed -n 401p m-sums)"; false; }
	done
	# -c of a list that names its own output: the lines before it, read
	# there (coreutils: out: OK, as here)
	for i in $(seq -w 1 400); do echo "a$i: OK"; done > want-out
	{ sha256sum a*; echo "$(sha256sum < want-out | cut -c1-64)  out"; } > self.list
	sha256sum -c self.list > out
	tail -n 1 out | grep -qx 'out: OK'
	for j in 1 2 4; do
		for io in auto mmap; do
			"$SIMDSUM" -j$j --io=$io -c self.list > out || { echo "-j$j $io: $(tail -n 1 out)"; false; }
			tail -n 1 out | grep -qx 'out: OK'
		done
	done
	# read to the size the lines before it made, on every path: mapped,
	# and a CRC split over threads (it read to the size at its open)
	head -c 40000000 /dev/urandom > keep
	for args in "--io=mmap -j1" "-a crc32c -j2"; do
		cp keep big-sums
		"$SIMDSUM" $args a001 a002 big-sums >> big-sums
		[ "$(tail -n 1 big-sums)" = "$(head -n -1 big-sums | "$SIMDSUM" $args - | sed 's/ -$/ big-sums/')" ] ||
			{ echo "$args: $(tail -n 1 big-sums)"; false; }
	done
	# Whether a chunk goes out while it is read depends on the threads:
	# the shim makes it grow then, every time.
	for j in 1 2; do
		printf 'earlier lines\n' > out
		under_shim append-after-read=out "$SIMDSUM" -j$j a001 out z001 >> out
		grep -q "^append [0-9]* $T/out\$" "$T/.faults.log"
		[ "$(wc -l < out)" -eq 4 ]
		# another file growing so is still a change
		printf 'earlier lines\n' > other
		run --separate-stderr under_shim append-after-read=other "$SIMDSUM" -j$j a001 other
		[ "$status" -eq 1 ]
		[ "$stderr" = "$SAYS: other: file changed while reading" ]
	done
}

@test "--check reports a file rewritten while it is verified" {
	fresh large 3000000
	fresh small 5000
	"$SIMDSUM" large small > list
	fresh small 5000   # new content, and in the past: the list is now wrong
	"$SIMDSUM" large small > list
	for target in large small; do
		rm -f .faults.log
		run --separate-stderr under_shim rewrite-after-read=$target "$SIMDSUM" -c list
		[ "$status" -eq 1 ]
		[[ "$output" == *"$target: FAILED open or read"* ]]
		[[ "$stderr" == *"$target: file changed while reading"* ]]
		written rewrite
		"$SIMDSUM" large small > list
	done
}

@test "a growing file costs one pass: detected at its old end, not chased" {
	# 3 MB with 30 MB appended after the first read: reading stops where
	# the file ended when it was opened (12 reads of 256 KiB, 46 of 64 KiB
	# in the lanes), instead of reading on to the new end one byte a call.
	row=$(lanes_row)
	printf abc > other
	for cmd in "-j1 --impl=generic -a sha512 vic" "-j1 -a sha256 ${row:+--impl=$row} vic other" \
		"-j2 -a sha512 vic other" "--parts=1M vic"; do
		fresh vic 3000000
		rm -f .faults.log
		run --separate-stderr under_shim append-after-read=vic,append-bytes=30000000,log-reads \
			"$SIMDSUM" $cmd
		echo "# $cmd" >&3
		reported_changed vic
		written append
		reads=$(grep -c "^read [0-9]* $T/vic\$" .faults.log)
		[ "$reads" -le 60 ] || { echo "$reads reads"; false; }
	done
	# A file that is longer than its stated size without changing (some
	# pseudo-files) is still read to its end: /proc files say 0 bytes.
	if [ -r /proc/self/status ]; then
		run "$SIMDSUM" /proc/self/status
		[ "$status" -eq 0 ]
	fi
}

@test "--parts runs in constant memory: ten million one-byte parts" {
	# Peak RSS after 10^5 parts and after 10^7 parts (10^5 under valgrind)
	# of a pipe, read from /proc while simdsum waits for more input: the
	# pipe holds at most 64 KiB, so by then it has seen all but that much.
	n=10000000
	[ -z "${SIMDSUM_SKIP_SLOW:-}" ] || n=300000
	mkfifo in
	"$SIMDSUM" --parts=1 -a crc32c in > /dev/null &
	pid=$!
	exec 5> in   # (3 is bats' own)
	head -c 100000 /dev/zero >&5
	base=$(awk '/^VmHWM/ { print $2 }' /proc/$pid/status)
	head -c $n /dev/zero >&5
	peak=$(awk '/^VmHWM/ { print $2 }' /proc/$pid/status)
	exec 5>&-
	wait $pid
	echo "# VmHWM $base kB after 10^5 parts, $peak kB after $n more" >&3
	[ $((peak - base)) -lt 4096 ]
	# /dev/zero has no end: still a few MB after a second. (Its own pid:
	# under timeout(1), $! was timeout's, 2 MB whatever simdsum did.)
	"$SIMDSUM" --parts=1 -a crc32c /dev/zero > /dev/null &
	pid=$!
	sleep 1
	peak=$(awk '/^VmHWM/ { print $2 }' /proc/$pid/status)
	kill $pid
	wait $pid || true
	[ "$peak" -lt $((base + 4096)) ]
}

@test "--parts prints each part as it ends, of a pipe too" {
	head -c 2500 /dev/urandom > f
	run bash -c "cat f | '$LINKS/crc32c' --parts=1K"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "CRC32C (-) part 1, offset 0, length 1024 = $(head -c 1024 f | "$LINKS/crc32c" | cut -d' ' -f1)" ]
	[ "${lines[2]}" = "CRC32C (-) part 3, offset 2048, length 452 = $(tail -c 452 f | "$LINKS/crc32c" | cut -d' ' -f1)" ]
	[ "${lines[3]%%=*}" = "CRC32C (-) composite of 3 parts " ]
	# Several algorithms: part by part, each algorithm's line in -a order.
	run "$SIMDSUM" --parts=1K -a sha1,crc32c f
	[[ "${lines[0]}" == "SHA1 (f) part 1 of 3, "* ]]
	[[ "${lines[1]}" == "CRC32C (f) part 1 of 3, "* ]]
	[[ "${lines[6]}" == "SHA1 (f) composite of 3 parts = "* ]]
	[[ "${lines[7]}" == "CRC32C (f) composite of 3 parts = "* ]]
	[[ "${lines[8]}" == "CRC32C (f) full object = "* ]]
}

@test "sysfs files, whose size is not their length, are read, not mapped" {
	local found=0
	for f in /sys/devices/system/cpu/online /sys/kernel/mm/transparent_hugepage/enabled; do
		[ -r "$f" ] || continue
		found=1
		run --separate-stderr as_named sha256sum --io=mmap "$f"
		[ "$status" -eq 0 ]
		no_stderr
		[ "$output" = "$(sha256sum "$f")" ]
		run --separate-stderr "$SIMDSUM" --io=mmap --debug "$f"
		[ "$status" -eq 0 ]
		[[ "$stderr" != *"mmap failed"* ]]
	done
	[ $found = 1 ] || skip "no readable sysfs file here"
}

@test "closed standard input and a full stdout: sha256sum's messages" {
	# valgrind opens files of its own before the client starts, and the
	# first of them takes the free descriptor 0.
	[ -z "${VALGRIND_SIMDSUM:-}" ] || skip "under valgrind, descriptor 0 is not closed"
	printf abc > f
	for args in "" "-" "-c" "f -"; do
		sha256sum $args <&- > ref.out 2> ref.err && rc=0 || rc=$?
		as_named sha256sum $args <&- > our.out 2> our.err && ours=0 || ours=$?
		diff ref.err our.err
		diff ref.out our.out
		[ $rc = $ours ]
	done
	FULL=
	if [ -w /dev/full ]; then
		FULL=1
		# -z lines wait in the buffer to the end: that flush's error is
		# said ("write error: No space left on device")
		for args in "f" "-c list" "-z f" "-z f f" "--tag -z f"; do
			sha256sum f > list
			sha256sum $args > /dev/full 2> ref.err && rc=0 || rc=$?
			as_named sha256sum $args > /dev/full 2> our.err && ours=0 || ours=$?
			diff ref.err our.err
			[ $rc = $ours ]
		done
	fi
	# a message lost on standard error fails the run, as in coreutils
	# (an improperly formatted line's warning), and a clean run does not
	{ echo garbage; sha256sum f; } > warned
	sha256sum f > clean
	for args in "-c warned" "-c clean" "f" "-c --warn warned"; do
		for fd in '2>&-' '2</dev/null' ${FULL:+'2>/dev/full'}; do
			eval "sha256sum $args $fd" > ref.out && rc=0 || rc=$?
			eval "as_named sha256sum $args $fd" > our.out && ours=0 || ours=$?
			diff ref.out our.out
			[ $rc = $ours ] || { echo "$args $fd: $ours, coreutils $rc"; false; }
		done
	done
	# a closed standard output ("write error: Bad file descriptor") and
	# one open for reading only ("write error")
	sha256sum f > list
	for args in "f" "-c list" "--version" "--help" "--tag f f" "-z f"; do
		for fd in '>&-' '1<f'; do
			eval "sha256sum $args $fd" 2> ref.err && rc=0 || rc=$?
			eval "as_named sha256sum $args $fd" 2> our.err && ours=0 || ours=$?
			diff ref.err our.err || { echo "$args $fd"; false; }
			[ $rc = $ours ]
		done
	done
}

@test "-r: an entry replaced after the walk's stat is not read through what replaced it" {
	mkdir -p t/sub out
	printf 'a' > t/a
	printf 'v' > t/victim
	printf 's' > t/sub/s
	printf 'secret' > out/s
	printf 'secret' > out/victim
	for j in 1 2; do
		# a FIFO in its place: no wait for a writer (the run hung)
		rm -rf t/victim*; printf 'v' > t/victim
		run --separate-stderr timeout 20 env LD_PRELOAD="$FAULT_SHIM" \
			SIMDSUM_FAULT=fifo-after-stat=/victim SIMDSUM_FAULT_LOG="$T/.faults.log" \
			"$SIMDSUM" -j$j -r t
		[ "$status" -eq 1 ]
		[ "$output" = "$(sha256sum t/a t/sub/s)" ]
		[ "$stderr" = "$SAYS: t/victim: replaced while the tree was walked" ]
		# a directory or a socket in its place: replaced too (they were
		# "Is a directory" and "No such device or address")
		for what in dir socket; do
			rm -rf t/victim*; printf 'v' > t/victim
			run --separate-stderr env LD_PRELOAD="$FAULT_SHIM" \
				SIMDSUM_FAULT=$what-after-stat=/victim SIMDSUM_FAULT_LOG="$T/.faults.log" \
				"$SIMDSUM" -j$j -r t
			[ "$status" -eq 1 ]
			[ "$output" = "$(sha256sum t/a t/sub/s)" ]
			[ "$stderr" = "$SAYS: t/victim: replaced while the tree was walked" ] ||
				{ echo "$what: $stderr"; false; }
		done
		# a link out of the tree in its place: not followed (it hashed out/victim)
		rm -rf t/victim*; printf 'v' > t/victim
		run --separate-stderr env LD_PRELOAD="$FAULT_SHIM" SIMDSUM_FAULT=link-after-stat=/victim \
			SIMDSUM_FAULT_LINK="$PWD/out/victim" SIMDSUM_FAULT_LOG="$T/.faults.log" \
			"$SIMDSUM" -j$j -r t
		[ "$status" -eq 1 ]
		[ "$output" = "$(sha256sum t/a t/sub/s)" ]
		[ "$stderr" = "$SAYS: t/victim: replaced while the tree was walked" ]
		# a directory: its name now leads out of the tree (it hashed out/s)
		rm -rf t/victim* t/sub.moved; printf 'v' > t/victim
		[ -d t/sub ] || { rm -f t/sub; mkdir t/sub; printf 's' > t/sub/s; }
		run --separate-stderr env LD_PRELOAD="$FAULT_SHIM" SIMDSUM_FAULT=link-after-stat=/t/sub \
			SIMDSUM_FAULT_LINK="$PWD/out" SIMDSUM_FAULT_LOG="$T/.faults.log" \
			"$SIMDSUM" -j$j -r t
		[ "$status" -eq 1 ]
		[ "$output" = "$(sha256sum t/a t/victim)" ]
		[ "$stderr" = "$SAYS: t/sub: No such file or directory" ]
		rm -f t/sub; mv t/sub.moved t/sub
	done
	grep -q '^fifo-after-stat 0 .*/t/victim$' "$T/.faults.log"
	grep -q '^dir-after-stat 0 .*/t/victim$' "$T/.faults.log"
	grep -q '^socket-after-stat 0 .*/t/victim$' "$T/.faults.log"
	grep -q '^link-after-stat 0 .*/t/sub$' "$T/.faults.log"
	# --update walks the same way
	rm -rf t/victim*; printf 'v' > t/victim
	run --separate-stderr timeout 20 env LD_PRELOAD="$FAULT_SHIM" \
		SIMDSUM_FAULT=fifo-after-stat=/victim "$SIMDSUM" --update=list -r t
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: t/victim: replaced while the tree was walked" ]
	[ ! -e list ]
}
