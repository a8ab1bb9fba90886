#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# --io=auto on large cached files (src/io_choice.c): the profile's read()
# or mmap(), else the first such file measured, one slice by read() and
# the next mapped, and the faster method from then on. Every path gives
# the digests of coreutils and ISA-L; a file that changes during either
# kind of slice is "file changed while reading", exit 1. The outcome of
# the measurement is forced with SIMDSUM_TEST_IO_WINNER, so both
# continuations run whatever this machine measures.

load helpers

SIG=TestVendor:0x7:0x42
MIN=$((64 << 20))      # IO_CHOICE_MIN_SIZE
SLICE=$((2 << 20))     # IO_CHOICE_SLICE; 4 rounds measure 16 MiB

# use_profile IO: a profile file saying "io IO" for the test CPU (the rows
# come from the default profile), in force for the commands that follow.
# Every file counts as cached (SIMDSUM_TEST_UNCACHED=0): what is tested is
# the choice for large cached files, and a machine short of memory (beside
# large_file.bats' 5 GiB under bats --jobs) evicts a 64 MiB file between
# its writing and the run, which then measures nothing. The real probe is
# jobs_default.bats'; a test here may still set SIMDSUM_TEST_UNCACHED=1.
use_profile() {
	cat > "$T/io.profile" <<-END
	simdsum-profile 1
	name io-test
	cpu TestVendor 0x7 0x42
	version $("$SIMDSUM" --version | sed -n '1s/^simdsum //p')
	io $1
	END
	export SIMDSUM_CPU_SIGNATURE=$SIG SIMDSUM_PROFILE="$T/io.profile" SIMDSUM_TEST_UNCACHED=0
}

# big NAME BYTES: NAME, BYTES long, cut from one random file (made once).
big() {
	[ -e "$T/.random" ] || head -c $((MIN + 3 * SLICE)) /dev/urandom > "$T/.random"
	head -c "$2" "$T/.random" > "$1"
	[ "$(stat -c %s "$1")" -eq "$2" ]
}

# shimmed_afresh FAULTS CMD...: under_shim with an empty log first.
shimmed_afresh() {
	rm -f "$T/.faults.log"
	under_shim "$@"
}

# reads NAME: how many read() calls the last shimmed_afresh run made on NAME.
reads() {
	grep -c "^read [0-9]* $T/$1\$" "$T/.faults.log" || true
}

# crc_ref NAME...: the CRC-32C lines ISA-L gives.
crc_ref() {
	local f
	for f in "$@"; do "$CRC32C_REF" "$f"; done
}

# slow: skips a test that hashes hundreds of MiB, or the SHAs of 64 MiB
# (valgrind runs the suite with SIMDSUM_SKIP_SLOW).
slow() {
	[ -z "${SIMDSUM_SKIP_SLOW:-}" ] || skip "SIMDSUM_SKIP_SLOW is set (hundreds of MiB)"
}

@test "every size around the threshold and the slices: the same digests on every path" {
	slow
	use_profile measure
	big below $((MIN - 1))
	big at $MIN
	big above $((MIN + 1))
	big odd $((MIN + 2 * SLICE + 4097))   # not a multiple of the page
	big window-1 $((16 * 1024 * 1024 - 1))
	big window+1 $((16 * 1024 * 1024 + 1))
	big slice+1 $((SLICE + 1))
	files=(below at above odd window-1 window+1 slice+1)
	crc_ref "${files[@]}" > crc.want
	sha256sum "${files[@]}" > sha.want
	"$SIMDSUM" -j1 -a crc32c --io=read "${files[@]}" | cmp - crc.want
	for winner in mmap read; do
		for j in 1 2; do
			# the first file at or above the threshold measures
			SIMDSUM_TEST_IO_WINNER=$winner "$SIMDSUM" -j$j -a crc32c "${files[@]}" |
				cmp - crc.want
			# each large file on its own: each measures, or follows
			for f in at odd; do
				SIMDSUM_TEST_IO_WINNER=$winner "$SIMDSUM" -j$j -a crc32c $f |
					cmp - <(grep " $f\$" crc.want)
			done
		done
		SIMDSUM_TEST_IO_WINNER=$winner "$SIMDSUM" -j1 -a sha256 "${files[@]}" | cmp - sha.want
	done
	# the SHAs and CRC-32C from one pass, and the measurement's own result
	"$SIMDSUM" -j1 -a crc32c,sha256 odd at > both.out
	grep -qF "$(grep ' odd$' sha.want)" both.out
	"$SIMDSUM" -j1 -a crc32c "${files[@]}" | cmp - crc.want
}

@test "the file that measures: one --debug line, then the winner reads the rest" {
	use_profile measure
	big first $((MIN + 4097))
	big second $((MIN + 1))
	crc_ref first second > want
	for winner in mmap read; do
		run -0 --separate-stderr shimmed_afresh log-reads env SIMDSUM_TEST_IO_WINNER=$winner \
			"$SIMDSUM" --debug -j1 -a crc32c first second
		[ "$output" = "$(cat want)" ]
		lines=$(grep -c ": io: " <<< "$stderr")
		[ "$lines" -eq 1 ]
		name=$winner
		[ $winner = mmap ] || name='read()'
		grep -q "^$SAYS: first: io: read() 8 MiB in [0-9.]* ms, mmap 8 MiB in [0-9.]* ms (fastest 2 MiB: [0-9.]* and [0-9.]* ms): $name from now on (SIMDSUM_TEST_IO_WINNER)\$" <<< "$stderr"
		first=$(reads first) second=$(reads second)
		echo "# $winner: reads of first $first, of second $second" >&3
		if [ $winner = mmap ]; then
			# the read() slices only (8 MiB), and the second file mapped whole
			[ "$first" -gt 0 ] && [ "$first" -le 32 ]
			[ "$second" -eq 0 ]
		else
			[ "$first" -gt 32 ] && [ "$second" -gt 32 ]
		fi
	done
}

@test "two workers measuring at once: one decides, all digests right" {
	slow
	use_profile measure
	for f in a b c; do big $f $((MIN + 8191)); done
	printf 'a little' > d
	crc_ref a b c d > want
	for winner in mmap read; do
		run -0 --separate-stderr env SIMDSUM_TEST_IO_WINNER=$winner \
			"$SIMDSUM" --debug -j2 -a crc32c a b c d
		[ "$output" = "$(cat want)" ]
		lines=$(grep -c ": io: " <<< "$stderr")
		[ "$lines" -eq 1 ]
	done
}

@test "the profile's method is used without measuring" {
	slow
	use_profile mmap
	big large $((MIN + 4097))
	crc_ref large > want
	run -0 --separate-stderr shimmed_afresh log-reads "$SIMDSUM" --debug -j1 -a crc32c large
	[ "$output" = "$(cat want)" ]
	[[ "$stderr" != *": io: "* ]]
	[ "$(reads large)" -eq 0 ]
	# -j1 has no reading thread, but maps for the SHAs too
	run -0 shimmed_afresh log-reads "$SIMDSUM" -j1 -a sha256 large
	[ "$output" = "$(sha256sum large)" ]
	[ "$(reads large)" -eq 0 ]
	use_profile read
	run -0 --separate-stderr shimmed_afresh log-reads "$SIMDSUM" --debug -j1 -a crc32c large
	[ "$output" = "$(cat want)" ]
	[[ "$stderr" != *": io: "* ]]
	[ "$(reads large)" -gt 32 ]
}

@test "the SHAs keep the reading thread, and never measure" {
	slow
	use_profile measure
	big large $((MIN + 4097))
	# (page faults made free: whatever they cost on this machine)
	run -0 --separate-stderr shimmed_afresh log-reads env SIMDSUM_TEST_PAGE_FAULT_NS=0 \
		"$SIMDSUM" --debug -j2 -a sha512 large
	[ "$output" = "$(sha512sum large)" ]
	[[ "$stderr" != *": io: "* ]]
	# the read-ahead thread reads in chunks of 512 KiB
	grep -q "^read 524288 $T/large\$" "$T/.faults.log"
	# -j1: no reading thread, and still no measuring
	run -0 --separate-stderr shimmed_afresh log-reads "$SIMDSUM" --debug -j1 -a sha1 large
	[ "$output" = "$(sha1sum large)" ]
	[[ "$stderr" != *": io: "* ]]
	! grep -q "^read 524288 $T/large\$" "$T/.faults.log" || { echo "read through the ring"; false; }
	[ "$(reads large)" -gt 32 ]
}

@test "--debug says how a large cached file is read when a SHA or MD5 is among the algorithms" {
	printf 'abc' > small
	# input: the line without its jobs, for ALGOS and -j
	input() {
		run -0 --separate-stderr "$SIMDSUM" --debug "$@" small
		grep -F "$SAYS: input: " <<< "$stderr" | sed 's/.*: input: //; s/, [0-9]* jobs*\( (.*)\)*$//'
	}
	use_profile mmap
	# more than one job: a reading thread, or lanes, read() whatever the profile
	[ "$(input -j2 -a sha256)" = "auto (large cached files: read() (a SHA or MD5: a reading thread or lanes))" ]
	[ "$(input -j2 -a crc32c,md5)" = "auto (large cached files: read() (a SHA or MD5: a reading thread or lanes))" ]
	[ "$(input -j2 -a crc32c)" = "auto (large cached files: mmap (profile))" ]
	# -j1 maps for the SHAs too, as the profile says
	[ "$(input -j1 -a sha256)" = "auto (large cached files: mmap (profile))" ]
	use_profile measure
	[ "$(input -j1 -a sha1)" = "auto (large cached files: read() (a SHA or MD5 does not measure))" ]
	[ "$(input -j1 -a xxh3)" = "auto (large cached files: measure on the first large cached file (64 MiB or more))" ]
	# a list without -a may name any algorithm: the method in general
	sha1sum small > list
	run -0 --separate-stderr "$SIMDSUM" --debug -j1 -c list
	grep -qF "$SAYS: input: auto (large cached files: measure on the first large cached file (64 MiB or more))" <<< "$stderr"
}

@test "no reading thread where its ring's page faults cost more than the copy saved" {
	big large $((9 << 20))
	# 100 us a page: 1024 pages, 102.4 ms, against 0.8 ms of copying
	run -0 --separate-stderr shimmed_afresh log-reads env SIMDSUM_TEST_PAGE_FAULT_NS=100000 \
		"$SIMDSUM" --debug -j2 -a sha256 large
	[ "$output" = "$(sha256sum large)" ]
	[[ "$stderr" == *"large: read on one thread: a reading thread's ring would cost 102.4 ms to back with memory, to save 0.8 ms of copying"* ]]
	! grep -q "^read 524288 $T/large\$" "$T/.faults.log" || { echo "read through the ring"; false; }
	# faults that cost nothing: the thread, in chunks of 512 KiB
	run -0 --separate-stderr shimmed_afresh log-reads env SIMDSUM_TEST_PAGE_FAULT_NS=0 \
		"$SIMDSUM" --debug -j2 -a sha256 large
	[ "$output" = "$(sha256sum large)" ]
	[[ "$stderr" != *"read on one thread"* ]]
	grep -q "^read 524288 $T/large\$" "$T/.faults.log"
}

@test "a file not in the page cache is read, whatever was decided" {
	use_profile measure
	big large $((MIN + 4097))
	crc_ref large > want
	run -0 --separate-stderr shimmed_afresh log-reads env SIMDSUM_TEST_UNCACHED=1 \
		SIMDSUM_TEST_IO_WINNER=mmap "$SIMDSUM" --debug -j1 -a crc32c large
	[ "$output" = "$(cat want)" ]
	[[ "$stderr" != *": io: "* ]]
	[ "$(reads large)" -gt 32 ]
	use_profile mmap
	run -0 shimmed_afresh log-reads env SIMDSUM_TEST_UNCACHED=1 "$SIMDSUM" -j1 -a crc32c large
	[ "$output" = "$(cat want)" ]
	[ "$(reads large)" -gt 32 ]
}

# changed_during FAULT KIND: a large file changed by the fault while it is
# measured is reported, and the file after it is hashed.
changed_during() {
	use_profile measure
	big vic $((MIN + 4097))
	touch -d '2000-01-01 00:00:00' vic
	printf 'abc' > after
	for winner in mmap read; do
		run --separate-stderr shimmed_afresh "$1" env SIMDSUM_TEST_IO_WINNER=$winner \
			"$SIMDSUM" -j1 -a crc32c vic after
		# what the run said, should it fail (bats shows it then)
		echo "winner $winner: status $status, stderr: $stderr"
		echo "fault log:"; cat "$T/.faults.log" || true
		[ "$status" -eq 1 ]
		[ "$stderr" = "$SAYS: vic: file changed while reading" ]
		[ "$output" = "$(crc_ref after)" ]
		grep -q "^$2 0 $T/vic\$" "$T/.faults.log"
		big vic $((MIN + 4097))
		touch -d '2000-01-01 00:00:00' vic
	done
}

@test "truncated during a mapped slice: file changed while reading" {
	changed_during truncate-after-mmap=vic truncate
}

@test "truncated during a read() slice: file changed while reading" {
	changed_during truncate-after-read=vic truncate
}

@test "grown or rewritten during a mapped slice: file changed while reading" {
	slow
	changed_during append-after-mmap=vic append
	changed_during rewrite-after-mmap=vic rewrite
}

@test "the profile's mmap: a file truncated under the mapping is changed, a disk failing under it an I/O error" {
	use_profile mmap
	printf 'abc' > after
	for fault in truncate-after-mmap bad-half; do
		big vic $((MIN + 4097))
		run --separate-stderr shimmed_afresh $fault=vic "$SIMDSUM" --debug -j1 -a crc32c vic after
		echo "$fault: status $status, stderr: $stderr"
		[ "$status" -eq 1 ]
		grep -qxF "$SAYS: input: auto (large cached files: mmap (profile)), 1 job" <<< "$stderr"
		[[ "$stderr" != *": io: "* ]]   # nothing measured: no slices
		want="$SAYS: vic: file changed while reading"
		[ $fault = truncate-after-mmap ] || want="$SAYS: vic: Input/output error"
		grep -qxF "$want" <<< "$stderr"
		[ "$output" = "$(crc_ref after)" ]
	done
	# the failing half met through the mapping of the whole file
	grep -q "^bad-half-mapped $(( (MIN + 4097) / 2 / $(getconf PAGESIZE) * $(getconf PAGESIZE) )) $T/vic\$" "$T/.faults.log"
}
