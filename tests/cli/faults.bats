#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Short reads and EINTR at every position (fault_shim.c): whatever the
# kernel hands back, and wherever a read is interrupted, the digests are
# those of the whole file.

load helpers

ALL=sha1,sha224,sha256,sha384,sha512,md5,xxh128,crc32c

# injected WHAT: how many faults of that kind the shim has logged on the
# test's files (not, say, on a wrapper script that SIMDSUM may be).
injected() {
	grep -c "^$1 [0-9]* $T/" "$T/.faults.log" || true
}

# reference FILE...: every algorithm's line for the files, without faults,
# after checking the SHA lines against coreutils.
reference() {
	"$SIMDSUM" -a $ALL -j1 "$@" > ref.out
	for alg in sha1 sha224 sha256 sha384 sha512; do
		"$SIMDSUM" -a $alg "$@" | cmp - <(${alg}sum "$@")
	done
}

# copies NAME N...: hard links NAME@N for each N, for the shim's "@" mode.
copies() {
	local name=$1
	shift
	for k in "$@"; do ln -f "$name" "$name@$k"; done
}

@test "a short read ending at every byte of a small file" {
	# 300 bytes: every split of the first read lands on each side of
	# the block edges of both block sizes (64, 128) and of the padding
	# limits (55/56, 111/112). File small@K is split at byte K.
	head -c 300 /dev/urandom > small
	copies small $(seq 1 300)
	reference small@*
	shimmed split-at=@ -a $ALL -j1 small@* | cmp - ref.out
	{ n=$(injected split-at); [ "$n" -eq 300 ] || { echo "split-at: $n"; false; }; }
	# One algorithm at a time, several files go through the lanes.
	for alg in sha1 sha256 sha512 md5 crc32c crc32 crc64nvme; do
		"$SIMDSUM" -a $alg small@* > lanes.ref
		for j in 1 2; do
			shimmed split-at=@ -a $alg -j$j small@* | cmp - lanes.ref
		done
	done
}

@test "a short read at every position around the buffer edges" {
	# Read buffers are 256 KiB (single stream) and 64 KiB (lanes).
	head -c $((600 * 1024 + 7)) /dev/urandom > large
	reference large
	for edge in 65536 131072 262144 524288 $((600 * 1024 + 7)); do
		for d in -129 -128 -65 -64 -63 -1 0 1 63 64 65 128; do
			k=$((edge + d))
			shimmed split-at=$k -a $ALL -j1 large > got.out
			cmp got.out ref.out || { echo "split-at=$k"; false; }
		done
	done
	# Every point inside the file (not the 5 past its end) that a read
	# crosses (not 256 KiB and 512 KiB, where reads end anyway).
	{ n=$(injected split-at); [ "$n" -eq 53 ] || { echo "split-at: $n"; false; }; }
}

@test "every read cut to K bytes, for every K up to two SHA-512 blocks" {
	head -c 1000 /dev/urandom > small
	head -c 70001 /dev/urandom > medium
	# The smallest cuts only on the small file: 1-byte reads of 70 KB
	# would be 70,000 calls.
	copies small $(seq 1 257) 4095 4096 4097
	copies medium 61 64 67 127 128 131 4095 4096 4097 65535 65537
	reference small@* medium@*
	shimmed split-every=@ -a $ALL -j1 small@* medium@* | cmp - ref.out
	[ "$(injected split-every)" -gt 5000 ]
	for alg in sha1 sha256 sha512 md5 crc32c crc32 crc64nvme; do
		"$SIMDSUM" -a $alg small@* medium@* > lanes.ref
		for j in 1 2; do
			shimmed split-every=@ -a $alg -j$j small@* medium@* | cmp - lanes.ref
		done
	done
}

@test "EINTR on every read call, with and without short reads" {
	head -c 1000 /dev/urandom > small
	head -c $((600 * 1024)) /dev/urandom > large
	# One file a run, read single-stream (two would share the lanes,
	# whose reads the next test interrupts): small takes one read; large
	# three (256 KiB, 256 KiB, the rest, which also proves the end). Every
	# call number, and two past the last read, is interrupted once.
	for pair in "small 3" "large 5"; do
		set -- $pair
		reference $1
		for n in $(seq 1 $2); do
			shimmed eintr-nth=$n -a $ALL -j1 $1 > got.out
			cmp got.out ref.out || { echo "$1: eintr-nth=$n"; false; }
		done
	done
	{ n=$(injected eintr); [ "$n" -eq 4 ] || { echo "eintr: $n"; false; }; }
	# With reads cut to 97 bytes, small takes 11 reads (10 of 97 bytes
	# and the rest); split at 500, 2 reads: interrupt each.
	reference small
	for n in $(seq 1 13); do
		for faults in split-every=97,eintr-nth=$n split-at=500,eintr-nth=$n; do
			shimmed $faults -a $ALL -j1 small > got.out
			cmp got.out ref.out || { echo "$faults"; false; }
		done
	done
	{ n=$(injected eintr); [ "$n" -eq $((4 + 11 + 2)) ] || { echo "eintr: $n"; false; }; }
}

@test "multi-buffer lanes under short reads and EINTR" {
	for i in $(seq 1 12); do head -c $((i * 12345)) /dev/urandom > "f$i"; done
	# and several algorithms sharing each lane's reads
	for alg in sha1 sha256 sha512 sha256,sha512,crc32c,sha1; do
		"$SIMDSUM" -a $alg --impl=generic -j1 f* > ref.out
		for faults in split-every=1000 split-every=65 split-at=65536 short-reads eintr \
			eintr-nth=1 eintr-nth=7 eintr-nth=30; do
			shimmed $faults -a $alg -j1 f* > got.out
			cmp got.out ref.out || { echo "$alg $faults"; false; }
		done
	done
}

@test "the CRC-32C split path (pread on threads) under short reads and EINTR" {
	# Above 32 MiB, with two or more jobs, one file's CRC is split over
	# threads reading ranges with pread.
	head -c $((33 * 1024 * 1024 + 5)) /dev/urandom > big
	"$SIMDSUM" -a crc32c --impl=generic -j1 big > ref.out
	for faults in split-every=100000 split-at=17000000 eintr-nth=1 eintr-nth=2 eintr-nth=40; do
		shimmed $faults -a crc32c -j2 big > got.out
		cmp got.out ref.out || { echo "$faults"; false; }
	done
	[ "$(injected split-every)" -gt 340 ]
	[ "$(injected split-at)" -eq 1 ]
	[ "$(injected eintr)" -eq 3 ]
}

@test "EIO on the CRC-32C split path is an error for that file" {
	head -c $((33 * 1024 * 1024)) /dev/zero > big-bad
	printf 'abc' > good
	run --separate-stderr shimmed eio=big-bad -a crc32c -j2 good big-bad good
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: big-bad: Input/output error" ]
	[ "${#lines[@]}" -eq 2 ]
}

@test "--parts split over threads (CRCs only) under short reads, EINTR and EIO" {
	head -c $((33 * 1024 * 1024 + 5)) /dev/urandom > big
	"$SIMDSUM" -a crc32c,crc64nvme -j1 --parts=5000001 big > ref.out
	for faults in split-every=100000 split-at=17000000 eintr-nth=1 eintr-nth=2 eintr-nth=40; do
		shimmed $faults -a crc32c,crc64nvme -j2 --parts=5000001 big > got.out
		cmp got.out ref.out || { echo "$faults"; false; }
	done
	[ "$(injected split-every)" -gt 340 ]
	[ "$(injected split-at)" -eq 1 ]
	[ "$(injected eintr)" -eq 3 ]
	printf 'abc' > good
	run --separate-stderr shimmed eio=big -a crc32 -j2 --parts=8MiB good big
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: big: Input/output error" ]
	[[ "$output" == *"CRC32 (good) full object = "* ]]
	! [[ "$output" == *"(big)"* ]]
}

@test "--parts split over threads: a disk failing or a file changing midway prints what -j1 prints" {
	# One thread reading in order prints the parts read before the error,
	# and the last, shorter part only once the file is known unchanged.
	# The split once printed no part of a window with a failed range, and
	# the last part of a file that then turned out changed.
	head -c $((33 * 1024 * 1024 + 5)) /dev/urandom > big
	for fault in bad-half append-after-read rewrite-after-read truncate-after-read; do
		for parts in 1MiB 5000001; do
			cp big "f-$fault"
			run shimmed $fault=f- -a crc32c,crc64nvme -j1 --parts=$parts "f-$fault"
			[ "$status" -eq 1 ]
			ref=$output
			cp big "f-$fault"
			run shimmed $fault=f-,log-preads -a crc32c,crc64nvme -j2 --parts=$parts "f-$fault"
			[ "$status" -eq 1 ]
			# A rewrite follows the file's first read, which on two
			# threads may be the second range's: the first part may then
			# be read rewritten. The same lines, their digests aside.
			if [ $fault = rewrite-after-read ]; then
				ref=$(sed 's/ = [0-9a-f]*$//' <<< "$ref")
				output=$(sed 's/ = [0-9a-f]*$//' <<< "$output")
			fi
			[ "$output" = "$ref" ] || { echo "$fault $parts:"; diff <(echo "$ref") <(echo "$output"); false; }
		done
	done
	# the split ran (pread on threads), and bad-half left parts to print
	grep -q "^pread [0-9]* $T/f-bad-half\$" "$T/.faults.log"
	[ "$(shimmed bad-half=big -a crc32c -j2 --parts=1MiB big 2>/dev/null | grep -c ' part ')" -eq 16 ]
}

@test "a file system that heeds O_NONBLOCK on a regular file (EAGAIN): every reading path reads on" {
	# Names are opened without waiting (a FIFO waits at its first read
	# instead), and regular files keep the flag, which open(2) says has
	# no effect on them; a FUSE file system may still say EAGAIN.
	head -c $((33 * 1024 * 1024 + 7)) /dev/urandom > huge
	head -c $((9 * 1024 * 1024 + 1)) /dev/urandom > large
	for i in 1 2 3 4 5 6; do head -c $((i * 1000)) /dev/urandom > "s$i"; done
	"$SIMDSUM" s1 s2 > sums
	for cmd in "-j1 s1" "-j1 s1 s2 s3 s4 s5 s6" "-j2 s1 s2 s3 s4 s5 s6" "-j2 -a crc32c huge" \
		"-j1 -a crc32c huge" "-a sha256 large" "--io=read -a sha1 large" "-a sha256,md5 large" \
		"-j2 -a crc32c --parts=1MiB huge" "-j1 -a md5 --parts=1MiB large" \
		"-j2 -a sha256 --parts=1MiB large" "-c sums"; do
		want=$("$SIMDSUM" $cmd)
		rm -f .faults.log
		run --separate-stderr shimmed eagain-nonblock=$T/ $cmd
		[ "$status" -eq 0 ] || { echo "$cmd: status $status: $stderr"; false; }
		[ "$output" = "$want" ] || { echo "$cmd: $output"; false; }
		case "$cmd" in
		# Threads that share one descriptor's preads (the CRC split) get it
		# blocking first: two threads failing at once, the one that found
		# the flag cleared by the other gave up ("Resource temporarily
		# unavailable", seen under qemu-user).
		"-j2 -a crc32c huge" | "-j2 -a crc32c --parts=1MiB huge")
			! grep -q "^eagain " .faults.log 2>/dev/null || { echo "$cmd: EAGAIN on a shared descriptor"; false; } ;;
		*)
			grep -q "^eagain " .faults.log || { echo "$cmd: no EAGAIN injected"; false; } ;;
		esac
	done
}

@test "lists are read through EINTR and short reads: -c, --files-from, --files0-from, --combine" {
	# The lists are read with read(2) like the files they name, so the
	# same faults reach them (they used to end in "read error").
	printf 'abc' > a
	printf 'def' > 'b c'
	"$SIMDSUM" a 'b c' > sums
	printf 'a\nb c\n' > names
	printf 'a\0b c\0' > names0
	printf '%s 3\n%s 3\n' "$("$SIMDSUM" -a crc32c a | cut -c1-8)" \
		"$("$SIMDSUM" -a crc32c 'b c' | cut -c1-8)" > crcs
	printf 'abcdef' | "$SIMDSUM" -a crc32c | sed 's/-$/crcs/' > combined
	for faults in eintr short-reads eintr,short-reads split-every=5 eintr-nth=1 eintr-nth=2 \
		eintr-nth=3 eintr-nth=4; do
		shimmed $faults -c sums | cmp - <(printf 'a: OK\nb c: OK\n') || { echo "-c $faults"; false; }
		shimmed $faults -c - < sums | cmp - <(printf 'a: OK\nb c: OK\n') ||
			{ echo "-c - $faults"; false; }
		shimmed $faults --files-from=names | cmp - sums || { echo "--files-from $faults"; false; }
		shimmed $faults --files0-from=names0 | cmp - sums || { echo "--files0-from $faults"; false; }
		shimmed $faults --combine crcs | cmp - combined || { echo "--combine $faults"; false; }
	done
	# eintr-nth counts every read: some of the interrupted ones were the
	# lists' own.
	for list in sums names names0 crcs; do
		grep -q "^eintr [0-9]* $T/$list\$" "$T/.faults.log" || { echo "$list: never interrupted"; false; }
	done
}

@test "--parts through the lanes (pread on a window of parts) under short reads, EINTR and EIO" {
	head -c $((5 * 1024 * 1024 + 77)) /dev/urandom > obj
	# the single-stream path (mapped) is the reference
	"$SIMDSUM" -a md5,sha256,crc32c --io=mmap --parts=300001 obj > ref.out
	for faults in split-every=4099 split-at=70000 eintr-nth=1 eintr-nth=2 eintr-nth=9; do
		for j in 1 2; do
			shimmed $faults -a md5,sha256,crc32c -j$j --parts=300001 obj > got.out
			cmp got.out ref.out || { echo "$faults -j$j"; false; }
		done
	done
	[ "$(injected split-every)" -gt 2000 ]
	[ "$(injected eintr)" -eq 6 ]
	run --separate-stderr shimmed eio=obj -a md5 --parts=1MiB obj
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: obj: Input/output error" ]
}

@test "--parts through the lanes or split: a file truncated, grown or rewritten while read gets its error, no summary" {
	head -c $((5 * 1024 * 1024)) /dev/urandom > obj
	head -c $((33 * 1024 * 1024)) /dev/urandom > big
	for fault in truncate-after-read append-after-read rewrite-after-read; do
		cp obj "f-$fault"
		run --separate-stderr shimmed $fault=f- -a md5 --parts=1MiB "f-$fault"
		[ "$status" -eq 1 ] || { echo "$fault: status $status"; false; }
		[[ "$stderr" == "$SAYS: f-$fault: "* ]] || { echo "$fault: $stderr"; false; }
		! [[ "$output" == *ETag* ]] || { echo "$fault: $output"; false; }
		# the CRCs' split (ranges of parts on threads)
		cp big "g-$fault"
		run --separate-stderr shimmed $fault=g-,log-preads -a crc32c -j2 --parts=1MiB "g-$fault"
		[ "$status" -eq 1 ] || { echo "split $fault: status $status"; false; }
		[[ "$stderr" == "$SAYS: g-$fault: "* ]] || { echo "split $fault: $stderr"; false; }
		! [[ "$output" == *"composite"* || "$output" == *"full object"* ]] ||
			{ echo "split $fault: $output"; false; }
		grep -q "^pread [0-9]* $T/g-$fault\$" "$T/.faults.log"
	done
}

@test "a disk failing under a file (bad-half): an I/O error on every path, mapped or read, not a change" {
	head -c $((3 * 1024 * 1024 + 5)) /dev/urandom > vic
	printf 'abc' > good
	"$SIMDSUM" -a sha256 good > good.sha256
	for io in read mmap auto; do
		for alg in sha256 crc32c md5,xxh128 sha1,crc32c; do
			for j in 1 2; do
				run --separate-stderr shimmed bad-half=vic --io=$io -j$j -a $alg good vic good
				echo "io=$io alg=$alg -j$j: status $status, stderr: $stderr"
				[ "$status" -eq 1 ]
				[ "$stderr" = "$SAYS: vic: Input/output error" ]
				[ "$(grep -c ' good$' <<< "$output")" -eq $((2 * $(tr ',' '\n' <<< $alg | wc -l))) ]
			done
		done
	done
	# The mapped runs met the failing pages (SIGBUS), not only read().
	[ "$(injected bad-half-mapped)" -ge 8 ]
	sed 's/good$/vic/' good.sha256 >> good.sha256
	run --separate-stderr shimmed bad-half=vic --io=mmap -a sha256 -c good.sha256
	[ "$status" -eq 1 ]
	[ "$output" = "good: OK
vic: FAILED open or read" ]
	[ "$stderr" = "$SAYS: vic: Input/output error
$SAYS: WARNING: 1 listed file could not be read" ]
}
