#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The default number of workers: the CPUs available, or one when sampled
# files must come off a rotational disk (on such a disk and not in the
# page cache). SIMDSUM_TEST_ROTATIONAL=1/0 fakes the disk, and
# SIMDSUM_TEST_UNCACHED=1 the cache; --debug says how many jobs run.

load helpers

# Only what a test sets; nproc honours these like OpenMP does, simdsum not.
unset SIMDSUM_TEST_ROTATIONAL SIMDSUM_TEST_UNCACHED OMP_NUM_THREADS OMP_THREAD_LIMIT
CPUS=$(nproc)

need_cpus() {
	[ "$CPUS" -gt 1 ] || skip "one CPU"
}

# warm FILE...: the files read again just before a run that expects them
# cached: made seconds earlier, they may have been evicted since on a
# machine short of memory (large_file.bats reads 5 GiB beside this file
# under bats --jobs).
warm() {
	cat "$@" > /dev/null
}

# cached_jobs_of FILE... -- ARGS...: jobs_of ARGS on a disk that rotates,
# with FILEs read again before each of up to three tries until the run
# takes them as cached (all the CPUs): under memory pressure a page can
# still go in the milliseconds between the re-read and the run. A probe
# that never sees them cached fails all three.
cached_jobs_of() {
	local files=() try
	while [ "$1" != -- ]; do files+=("$1"); shift; done
	shift
	for try in 1 2 3; do
		warm "${files[@]}"
		SIMDSUM_TEST_ROTATIONAL=1 jobs_of "$@"
		[ "$JOBS" -ne "$CPUS" ] || break
	done
}

# jobs_of ARGS...: the jobs simdsum --debug ARGS reports, in JOBS, and the
# reason it gives in parentheses after them, if any, in WHY.
jobs_of() {
	local line re='^.*simdsum: input: .*, ([0-9]+) jobs?(.*)$'
	"$SIMDSUM" --debug "$@" > /dev/null 2> debug.err || true
	JOBS= WHY=
	while IFS= read -r line; do
		if [[ $line =~ $re ]]; then
			JOBS=${BASH_REMATCH[1]}
			WHY=${BASH_REMATCH[2]# (}
			WHY=${WHY%)}
		fi
	done < debug.err
	[ -n "$JOBS" ] || { echo "no jobs line in:"; cat debug.err; return 1; }
	echo "# $* -> $JOBS${WHY:+ ($WHY)}" >&3
}

# why_is TEXT: the reason given, where --debug gives one, is TEXT.
why_is() {
	[ -z "$WHY" ] || [ "$WHY" = "$1" ] || { echo "reason: '$WHY', not '$1'"; return 1; }
}

# page_state FILE: cached, uncached or unknown (no python3, or a file
# system without RWF_NOWAIT reads), by the probe simdsum makes.
page_state() {
	command -v python3 >/dev/null || { echo unknown; return; }
	python3 - "$1" <<'EOF'
import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
try:
    os.preadv(fd, [bytearray(4096)], 0, os.RWF_NOWAIT)
    print("cached")
except BlockingIOError:
    print("uncached")
except OSError:
    print("unknown")
EOF
}

# need_nowait FILE: skips where the cache cannot be asked about FILE (the
# default is then 1 on a rotational disk, cached or not).
need_nowait() {
	command -v python3 >/dev/null || return 0
	[ "$(page_state "$1")" != unknown ] || skip "no RWF_NOWAIT reads on this file system"
}

# Drops file $1's clean pages from the page cache (where the file system
# lets it: tmpfs does not), then runs jobs_of with the rest on a disk that
# rotates. The probe that finds them gone starts the kernel's readahead,
# and the kernel may bring pages back between the drop and the run (other
# work on the machine): a few tries, one must see it.
drop_and_jobs_of() {
	local file=$1 try
	shift
	sync "$file"
	dd if="$file" iflag=nocache count=0 status=none
	[ "$(page_state "$file")" = uncached ] || skip "could not drop $file from the page cache"
	for try in 1 2 3 4 5; do
		sleep 0.2
		dd if="$file" iflag=nocache count=0 status=none
		SIMDSUM_TEST_ROTATIONAL=1 jobs_of "$@"
		[ "$JOBS" -ne 1 ] || break
	done
}

make_files() {
	for i in 1 2 3 4; do head -c $((i * 5000)) /dev/urandom > "f$i"; done
	cat f1 f2 f3 f4 > /dev/null
}

# make_tree: a tree whose top level holds only directories, so that the
# sample must go down to find files; sizes from 0 to 64 KiB.
make_tree() {
	local d i
	RANDOM=7
	for d in a b c; do
		mkdir -p "tree/$d/deeper"
		for i in $(seq 1 ${1:-40}); do
			head -c $((RANDOM * 2)) /dev/urandom > "tree/$d/file$i"
		done
		: > "tree/$d/empty"
		head -c 100 /dev/urandom > "tree/$d/deeper/last"
	done
	find tree -type f -exec cat {} + > /dev/null
}

@test "cached files on a rotational disk: the CPUs" {
	need_cpus
	make_files
	need_nowait f1
	cached_jobs_of f1 f2 f3 f4 -- f1 f2 f3 f4
	[ "$JOBS" -eq "$CPUS" ]
	why_is "on a rotational disk but cached"
}

@test "uncached files on a rotational disk: one job" {
	need_cpus
	make_files
	SIMDSUM_TEST_ROTATIONAL=1 SIMDSUM_TEST_UNCACHED=1 jobs_of f1 f2 f3 f4
	[ "$JOBS" -eq 1 ]
	why_is "files on a rotational disk, not cached"
	# One uncached file among cached ones is enough.
	SIMDSUM_TEST_ROTATIONAL=1 SIMDSUM_TEST_UNCACHED=1 jobs_of f1 f2 - f3 < /dev/null
	[ "$JOBS" -eq 1 ]
}

@test "a file dropped from the page cache, on a rotational disk: one job" {
	need_cpus
	command -v python3 >/dev/null || skip "no python3 to check the page cache"
	make_files
	need_nowait f1
	drop_and_jobs_of f3 f1 f2 f3 f4
	[ "$JOBS" -eq 1 ]
	why_is "files on a rotational disk, not cached"
	# The hashing read it back in.
	cached_jobs_of f1 f2 f4 -- f1 f2 f3 f4
	[ "$JOBS" -eq "$CPUS" ]
}

@test "--check: the files the list names are sampled, not the list" {
	need_cpus
	command -v python3 >/dev/null || skip "no python3 to check the page cache"
	make_files
	need_nowait f1
	sha256sum f1 f2 f3 f4 > list
	cached_jobs_of f1 f2 f3 f4 list -- -c list
	[ "$JOBS" -eq "$CPUS" ]
	why_is "on a rotational disk but cached"
	# f3 dropped from the page cache, the list still in it.
	drop_and_jobs_of f3 -c list
	[ "$(page_state list)" = cached ]
	[ "$JOBS" -eq 1 ]
	why_is "files on a rotational disk, not cached"
	# A list read from a pipe or standard input is not read twice: the CPUs.
	SIMDSUM_TEST_ROTATIONAL=1 SIMDSUM_TEST_UNCACHED=1 jobs_of -c - < list
	[ "$JOBS" -eq "$CPUS" ]
	SIMDSUM_TEST_ROTATIONAL=1 SIMDSUM_TEST_UNCACHED=1 jobs_of -c <(cat list)
	[ "$JOBS" -eq "$CPUS" ]
	# The verdicts are the same either way.
	"$SIMDSUM" -c list > out
	"$SIMDSUM" -j1 -c list | cmp - out
	grep -c ': OK$' out | grep -qx 4
}

@test "--check of several lists: each list's files are sampled" {
	need_cpus
	command -v python3 >/dev/null || skip "no python3 to check the page cache"
	make_files
	need_nowait f1
	sha256sum f1 f2 > cached.list
	sha256sum f3 > dropped.list
	cached_jobs_of f1 f2 f3 cached.list dropped.list -- -c cached.list dropped.list
	[ "$JOBS" -eq "$CPUS" ]
	# f3, the second list's only file, dropped from the page cache: the
	# first list's cached files do not speak for it.
	drop_and_jobs_of f3 -c cached.list dropped.list
	[ "$JOBS" -eq 1 ]
	why_is "files on a rotational disk, not cached"
	# Nor does a pipe that comes first, which is not read twice.
	drop_and_jobs_of f3 -c <(cat cached.list) dropped.list
	[ "$JOBS" -eq 1 ]
	# Every list's verdicts, whatever -j.
	"$SIMDSUM" -c cached.list dropped.list > out
	"$SIMDSUM" -j1 -c cached.list dropped.list | cmp - out
	grep -c ': OK$' out | grep -qx 3
}

@test "not on a rotational disk: the CPUs, cached or not" {
	make_files
	SIMDSUM_TEST_ROTATIONAL=0 SIMDSUM_TEST_UNCACHED=1 jobs_of f1 f2 f3 f4
	[ "$JOBS" -eq "$CPUS" ]
	if [ "$CPUS" -gt 1 ]; then why_is "the CPUs available"; else why_is "one CPU"; fi
	SIMDSUM_TEST_ROTATIONAL=0 jobs_of -r f1 .
	[ "$JOBS" -eq "$CPUS" ]
}

@test "-r: a cached tree on a rotational disk gets the CPUs" {
	need_cpus
	make_tree
	need_nowait tree/a/file1
	cached_jobs_of $(find tree -type f) -- -r tree
	[ "$JOBS" -eq "$CPUS" ]
	why_is "on a rotational disk but cached"
	# Several directories share the sample.
	cached_jobs_of $(find tree -type f) -- -r tree/a tree/b tree/c/deeper
	[ "$JOBS" -eq "$CPUS" ]
}

@test "-r: an uncached tree on a rotational disk gets one job" {
	need_cpus
	make_tree
	SIMDSUM_TEST_ROTATIONAL=1 SIMDSUM_TEST_UNCACHED=1 jobs_of -r tree
	[ "$JOBS" -eq 1 ]
	why_is "files on a rotational disk, not cached"
	# The directory's files count, whatever the files named before it.
	SIMDSUM_TEST_ROTATIONAL=1 SIMDSUM_TEST_UNCACHED=1 jobs_of -r - tree/a/empty tree < /dev/null
	[ "$JOBS" -eq 1 ]
}

@test "-r: a directory on a rotational disk with nothing to sample gets one job" {
	need_cpus
	make_files
	mkdir -p bare/sub/subsub
	: > bare/empty
	: > bare/sub/empty
	ln -s ../f1 bare/link
	ln -s .. bare/sub/up
	SIMDSUM_TEST_ROTATIONAL=1 jobs_of -r bare
	[ "$JOBS" -eq 1 ]
	why_is "a directory on a rotational disk, no file to sample"
	# Even beside cached files: the directory might hold anything.
	SIMDSUM_TEST_ROTATIONAL=1 jobs_of -r f1 bare f2
	[ "$JOBS" -eq 1 ]
	# The walk itself still skips the links and hashes the empty files.
	SIMDSUM_TEST_ROTATIONAL=1 "$SIMDSUM" -r bare > out
	sha256sum bare/empty bare/sub/empty | cmp - out
}

@test "one file too small to split: one job, the disk not asked" {
	need_cpus
	make_files
	# One worker is all it can use, wherever it lies.
	SIMDSUM_TEST_ROTATIONAL=0 jobs_of f1
	[ "$JOBS" -eq 1 ]
	why_is "one file, too small to split"
	SIMDSUM_TEST_ROTATIONAL=1 SIMDSUM_TEST_UNCACHED=1 jobs_of -a crc32c f1
	[ "$JOBS" -eq 1 ]
	why_is "one file, too small to split"
	# A file large enough to be split (32 MiB, sparse) is sampled.
	truncate -s 32M big
	SIMDSUM_TEST_ROTATIONAL=0 jobs_of -a crc32c big
	[ "$JOBS" -eq "$CPUS" ]
	SIMDSUM_TEST_ROTATIONAL=1 SIMDSUM_TEST_UNCACHED=1 jobs_of -a crc32c big
	[ "$JOBS" -eq 1 ]
	why_is "files on a rotational disk, not cached"
	# A list to check is not the file hashed; standard input is not sampled.
	sha256sum f1 f2 > list
	SIMDSUM_TEST_ROTATIONAL=0 jobs_of -c list
	[ "$JOBS" -eq "$CPUS" ]
	# Lists read to their end that name one small file between them: one.
	sha256sum f1 > one.list
	SIMDSUM_TEST_ROTATIONAL=0 jobs_of -c one.list
	[ "$JOBS" -eq 1 ]
	why_is "one file, too small to split"
	# Not so when a list could not be read before the run: a pipe.
	SIMDSUM_TEST_ROTATIONAL=0 jobs_of -c one.list <(sha256sum f2)
	[ "$JOBS" -eq "$CPUS" ]
	# Nor past the first 64 KiB of a list, which is all the sample reads:
	# here a comment line of 70000 bytes after the one file's line.
	{ cat one.list; printf '#%070000d\n' 0; } > long.list
	SIMDSUM_TEST_ROTATIONAL=0 jobs_of -c long.list
	[ "$JOBS" -eq "$CPUS" ]
	# (64 KiB with the comment shorter: read to its end, one job)
	{ cat one.list; printf '#%060000d\n' 0; } > short.list
	SIMDSUM_TEST_ROTATIONAL=0 jobs_of -c short.list
	[ "$JOBS" -eq 1 ]
	SIMDSUM_TEST_ROTATIONAL=0 jobs_of - < f1
	[ "$JOBS" -eq "$CPUS" ]
	# The digests are the same however many jobs.
	"$SIMDSUM" -a crc32c big f1 > ref.out
	{ "$SIMDSUM" -a crc32c big; "$SIMDSUM" -a crc32c f1; } | cmp - ref.out
}

@test "-j wins over the disk and the cache" {
	make_files
	make_tree 5
	SIMDSUM_TEST_ROTATIONAL=1 SIMDSUM_TEST_UNCACHED=1 jobs_of -j3 f1 f2 f3
	[ "$JOBS" -eq 3 ]
	SIMDSUM_TEST_ROTATIONAL=1 SIMDSUM_TEST_UNCACHED=1 jobs_of -j3 -r tree
	[ "$JOBS" -eq 3 ]
	SIMDSUM_TEST_ROTATIONAL=0 jobs_of --jobs=3 f1 f2
	[ "$JOBS" -eq 3 ]
	SIMDSUM_TEST_ROTATIONAL=1 jobs_of -j1 f1 f2
	[ "$JOBS" -eq 1 ]
}

@test "--files-from: the CPUs, the names are not sampled" {
	make_files
	printf '%s\n' f1 f2 f3 > list
	SIMDSUM_TEST_ROTATIONAL=1 SIMDSUM_TEST_UNCACHED=1 jobs_of --files-from=list
	[ "$JOBS" -eq "$CPUS" ]
}

@test "the default and -j1 give the same digests over a tree" {
	make_tree 150
	"$SIMDSUM" -r -j1 tree > ref.out
	find tree -type f | LC_ALL=C sort | xargs sha256sum | cmp - ref.out
	"$SIMDSUM" -r tree | cmp - ref.out
	SIMDSUM_TEST_ROTATIONAL=0 "$SIMDSUM" -r tree | cmp - ref.out
	SIMDSUM_TEST_ROTATIONAL=1 "$SIMDSUM" -r tree | cmp - ref.out
	SIMDSUM_TEST_ROTATIONAL=1 SIMDSUM_TEST_UNCACHED=1 "$SIMDSUM" -r tree | cmp - ref.out
	for alg in sha1 sha512 crc32c; do
		"$SIMDSUM" -a $alg -r -j1 tree > ref.$alg
		SIMDSUM_TEST_ROTATIONAL=1 "$SIMDSUM" -a $alg -r tree | cmp - ref.$alg
	done
}

@test "a missing name among the first 8: the usual error and status, hooks or not" {
	make_files
	mkdir dir
	names=(f1 missing f2 dir/missing f3 f4)
	"$SIMDSUM" -j1 "${names[@]}" > ref.out 2> ref.err && rc=0 || rc=$?
	[ "$rc" -eq 1 ]
	grep -qxF "$SAYS: missing: No such file or directory" ref.err
	[ "$(wc -l < ref.out)" -eq 4 ]
	for env in "" SIMDSUM_TEST_ROTATIONAL=1 SIMDSUM_TEST_ROTATIONAL=0 \
		"SIMDSUM_TEST_ROTATIONAL=1 SIMDSUM_TEST_UNCACHED=1" SIMDSUM_TEST_ROTATIONAL=yes; do
		env $env "$SIMDSUM" "${names[@]}" > out 2> err && rc=0 || rc=$?
		[ "$rc" -eq 1 ]
		cmp out ref.out
		cmp err ref.err
		env $env "$SIMDSUM" -r "${names[@]}" > out 2> err && rc=0 || rc=$?
		[ "$rc" -eq 1 ]
		cmp out ref.out
		cmp err ref.err
	done
}

@test "a FIFO and standard input among the first 8 are not opened early" {
	make_files
	mkfifo fifo
	# Opening the FIFO to sample it would let the writer in and then
	# drop what it wrote: the real open would wait for ever.
	timeout 20 sh -c 'printf fifo > fifo' &
	echo stdin | SIMDSUM_TEST_ROTATIONAL=1 timeout 20 "$SIMDSUM" f1 fifo - f2 > out
	wait
	{ sha256sum f1; printf fifo | sha256sum | sed 's/-$/fifo/'; echo stdin | sha256sum; sha256sum f2; } |
		cmp - out
}
