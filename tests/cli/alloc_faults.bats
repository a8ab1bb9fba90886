#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Allocation failures (fault_alloc.c, in the fault shim): whichever
# malloc, calloc, realloc or posix_memalign fails, in simdsum or inside
# the C library, the run ends as coreutils' does ("memory exhausted",
# status 1), or only the file concerned fails ("NAME: Cannot allocate
# memory") and the others are hashed. Never a signal, never a digest that
# is wrong, never half a line.

load helpers

setup() {
	T="$BATS_TEST_TMPDIR"
	LINKS="$T/links"
	mkdir -p "$LINKS"
	ln -sf "$SIMDSUM" "$LINKS/sha256sum"
	cd "$T"
	# The qemu wrapper is a shell script: under the preloaded shim its
	# own allocations would fail, not only the emulated program's.
	[ -z "${CROSS_ARCH:-}" ] || skip "SIMDSUM is a shell wrapper around qemu"
	# A run that dies of exhaustion leaves its memory, and glibc leaks
	# some of its own on a failed allocation (setlocale): not leaks of
	# simdsum's to report.
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
	SANITIZED=
	if ldd "$SIMDSUM" 2>/dev/null | grep -q 'lib[at]san'; then SANITIZED=1; fi
}

# failing SPEC ARGS...: simdsum with SIMDSUM_FAIL_ALLOC=SPEC.
failing() {
	local spec=$1
	shift
	LD_PRELOAD="$FAULT_SHIM" SIMDSUM_FAIL_ALLOC="$spec" SIMDSUM_FAULT_LOG="$T/.alloc.log" \
		"$SIMDSUM" "$@"
}

# slurp VAR FILE: the file's bytes into VAR (no process: the sweeps run
# simdsum hundreds of times).
slurp() {
	IFS= read -r -d '' "$1" < "$2" || true
}

# without_impl TEXT: TEXT without --json's "impl" members, which name the
# row that did the work: a lane's when files were in the lanes together,
# the single-stream one when a file was alone there (how -j's threads
# share files varies from run to run) or when the lanes' region could not
# be had (an allocation the shim failed). In $BARE.
without_impl() {
	shopt -s extglob
	BARE=${1//,\"impl\":\"+([!\"])\"/}
}

# reference ARGS...: simdsum's output, in REF and REF_LINES (each line
# without_impl), to judge by.
reference() {
	"$SIMDSUM" "$@" < "${STDIN:-/dev/null}" > ref.out 2>/dev/null || true
	slurp REF ref.out
	declare -gA REF_LINES=()
	local line
	while IFS= read -r line; do
		without_impl "$line"
		REF_LINES[x$BARE]=1
	done < ref.out
}

# same_as_reference OUT: whether OUT is the reference's output, but for
# --json's "impl".
same_as_reference() {
	without_impl "$1"
	local out=$BARE
	without_impl "$REF"
	[ "$out" = "$BARE" ]
}

# judge RC: the run that wrote got.out and got.err, against the reference.
# Status 0: the failure was survived, the output is the reference's.
# Status 1: "memory exhausted" or a file's "Cannot allocate memory" on
# stderr, and every line on stdout is a reference line or matches the
# regular expression $FILE_ERROR (a failed file's line), the last whole.
judge() {
	local rc=$1 out err line
	slurp out got.out
	slurp err got.err
	# ASan's start of a new thread calls pthread_getattr_np, which
	# allocates, and the sanitizer dies when that fails: its own end,
	# before any code of simdsum's runs on the thread.
	if [ -n "$SANITIZED" ] && [[ $err == *"CHECK failed: sanitizer_linux_libcdep.cpp"*"pthread_getattr_np"* ]]; then
		SANITIZER_ENDS=$((${SANITIZER_ENDS:-0} + 1))
		return 0
	fi
	case $rc in
	0)
		same_as_reference "$out" && [ -z "$err" ] ||
			{ echo "status 0, other output:"; echo "$err"; diff got.out ref.out; return 1; }
		;;
	1)
		[[ $'\n'"$err" == *$'\n'"$SAYS: memory exhausted"$'\n'* ||
			$'\n'"$err" == *$'\n'"$SAYS: "*$': Cannot allocate memory\n'* ]] ||
			{ echo "status 1 without the message:"; echo "$err"; return 1; }
		[ -z "$out" ] || [ "${out: -1}" = $'\n' ] ||
			{ echo "a last line cut short: ${out: -80}"; return 1; }
		# A line is the reference's but for its "impl": a CI run of the
		# fifteenth session failed on f1's line, in the lanes in the
		# reference and alone once the lanes' allocation (nth=42) failed.
		while IFS= read -r line; do
			without_impl "$line"
			[ -n "${REF_LINES[x$BARE]:-}" ] || [[ -n "${FILE_ERROR:-}" && $line =~ $FILE_ERROR ]] ||
				{ echo "a line not in the reference: $line"; return 1; }
		done < got.out
		;;
	*)
		echo "status $rc"
		echo "$err"
		return 1
		;;
	esac
}

# untrap: hundreds of runs are faster without bats' DEBUG trap, which
# costs more per shell command than a run of simdsum (a failure still
# fails the test, with a coarser trace).
untrap() {
	trap - DEBUG
}

# sweep ARGS...: fails the N-th allocation of simdsum ARGS (standard
# input from $STDIN when set) for N = 1, 2, ... until a run is left alone
# (the program made fewer calls), judging each run.
sweep() {
	untrap
	local in=${STDIN:-/dev/null} n rc out
	reference "$@"
	for ((n = 1; ; n++)); do
		: > "$T/.alloc.log"
		failing nth=$n "$@" < "$in" > got.out 2> got.err && rc=0 || rc=$?
		[ -s "$T/.alloc.log" ] || break
		judge $rc || { echo "nth=$n: $(< "$T/.alloc.log")"; return 1; }
		[ $n -lt 400 ] || { echo "no end to the allocations"; return 1; }
	done
	# Nothing injected: the whole run, as without the shim.
	slurp out got.out
	[ $rc -eq 0 ] && same_as_reference "$out"
	[ $n -gt 10 ] || { echo "only $n allocations: is the shim preloaded?"; return 1; }
	echo "# $*: $((n - 1)) allocations${SANITIZER_ENDS:+, $SANITIZER_ENDS ended in the sanitizer at a thread start}" >&3
	SANITIZER_ENDS=
}

# files: a few small ones, names with a space and a non-UTF-8 byte.
make_some() {
	for i in 1 2 3 4 5 6; do head -c $((i * 3001)) /dev/urandom > "f$i"; done
	printf 'abc' > 'with space'
	printf 'def' > $'bad\xffname'
}

@test "the shim fails the calls it is told to, and logs them" {
	printf 'abc' > f
	rm -f "$T/.alloc.log"
	run failing nth=1000000 f
	[ "$status" -eq 0 ]
	[ ! -e "$T/.alloc.log" ]
	# Every call for more than a byte: the first of simdsum's own (the
	# copy of the algorithm's name) ends the run.
	run --separate-stderr failing above=1 -j1 f
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: memory exhausted" ]
	grep -q '^alloc 1 [a-z_]* [0-9]*$' "$T/.alloc.log"
	# Run through a link, the message carries its name, as coreutils'.
	run --separate-stderr env LD_PRELOAD="$FAULT_SHIM" SIMDSUM_FAIL_ALLOC=above=1 \
		PATH="$LINKS:$PATH" sha256sum f   # argv[0] "sha256sum"
	[ "$status" -eq 1 ]
	[ "$stderr" = "sha256sum: memory exhausted" ]
}

@test "every allocation fails in turn: hashing, -j1 and -j4" {
	make_some
	sweep -j1 f1 f2 'with space'
	sweep -j4 f1 f2 f3 f4 f5 f6 'with space'
	sweep -a sha1,crc32c -j2 f1 f2 f3
}

@test "every allocation fails in turn: one file, read ahead, and the CRC-32C split" {
	head -c $((3 * 1024 * 1024)) /dev/urandom > large
	sweep large
	sweep -j1 large
	# From 8 MiB a SHA is read on a second thread (page faults made free,
	# so that its ring pays on any machine), and several algorithms are
	# shared by two hashing threads.
	head -c $((9 * 1024 * 1024 + 7)) /dev/urandom > larger
	SIMDSUM_TEST_PAGE_FAULT_NS=0 sweep -a sha256,sha1,crc32c larger
	# Above 32 MiB a CRC-32C is split over threads reading with pread.
	head -c $((33 * 1024 * 1024)) /dev/zero > huge
	sweep -a crc32c -j2 huge
	# and so are its parts, when every algorithm is a CRC
	sweep -a crc32c,crc32 -j2 --parts=8MiB huge
}

@test "every allocation fails in turn: --check" {
	make_some
	"$SIMDSUM" f1 f2 f3 'with space' > sums
	"$SIMDSUM" -a sha512 --tag f4 f5 >> sums
	FILE_ERROR='^[^:]*: FAILED open or read$' sweep -c sums
	STDIN=sums FILE_ERROR='^[^:]*: FAILED open or read$' sweep -c --quiet -j1 -
}

@test "every allocation fails in turn: --update, the list whole or untouched, no temporary file left" {
	# (A memstream's close that failed its last realloc once left a NULL
	# line to print: a crash at about the 46th allocation.)
	make_some
	"$SIMDSUM" f1 f2 > list0
	"$SIMDSUM" f1 f2 f3 'with space' > want
	untrap
	local n rc
	for ((n = 1; ; n++)); do
		cp list0 list
		: > "$T/.alloc.log"
		failing nth=$n -j1 --update=list f3 'with space' > got.out 2> got.err && rc=0 || rc=$?
		[ -s "$T/.alloc.log" ] || break
		if [ -n "$SANITIZED" ] && grep -q 'CHECK failed: sanitizer_linux_libcdep.cpp' got.err; then
			continue   # the sanitizer's own end at a thread start (see judge)
		fi
		case $rc in
		0) cmp -s list want || { echo "nth=$n: status 0, and the list is not the update"; false; } ;;
		1)
			grep -Eq "^$SAYS: (memory exhausted|.*: Cannot allocate memory)\$" got.err ||
				{ echo "nth=$n: status 1 without the message:"; cat got.err; false; }
			cmp -s list list0 || cmp -s list want || { echo "nth=$n: a list half made"; false; }
			;;
		*) echo "nth=$n: status $rc"; cat got.err; false ;;
		esac
		[ -z "$(ls -A | grep simdsum-tmp)" ] || { echo "nth=$n: a temporary file left"; false; }
		[ $n -lt 400 ] || { echo "no end to the allocations"; false; }
	done
	cmp list want
	[ $n -gt 10 ]
	echo "# --update: $((n - 1)) allocations" >&3
}

@test "every allocation fails in turn: --parts" {
	make_some
	sweep --parts=1K f3
	sweep -a crc32c,sha256 --base64 --parts=4K f6 f1
}

@test "every allocation fails in turn: -r, --audit" {
	mkdir -p tree/a/b tree/c
	for i in 1 2 3; do
		head -c $((i * 1000)) /dev/urandom > "tree/x$i"
		head -c $((i * 2000)) /dev/urandom > "tree/a/y$i"
		printf '%s' "$i" > "tree/a/b/z$i"
	done
	ln -s ../x1 tree/c/link
	# A directory that could not be read is an error of its own (status
	# 1, "tree/a: Cannot allocate memory"); the others are hashed.
	sweep -r tree -j2
	sweep -r -L tree -j1
	# --audit: a directory it could not list is reported so; the names
	# listed under it are still checked, none said MISSING, MOVED or NEW.
	"$SIMDSUM" -r tree > sums
	"$SIMDSUM" -r -L tree > sums-L
	FILE_ERROR='^tree[^:]*: FAILED open or read$' sweep -c sums --audit=tree -j1
	FILE_ERROR='^tree[^:]*: FAILED open or read$' sweep -c sums-L --audit=tree -L -j2
}

@test "every allocation fails in turn: --json, --files-from, --files0-from, --combine" {
	make_some
	FILE_ERROR='"error":"Cannot allocate memory"' sweep --json -a crc32c,sha256 f1 $'bad\xffname' f2
	printf '%s\n' f1 'with space' f2 > names
	printf '%s\0' f3 $'bad\xffname' f4 > names0
	sweep --files-from=names -j1
	sweep --files0-from=names0
	printf 'V/UWDQ== 8388608\nes4spw== 8388608\nU1BPrw== 3222784\n' > crcs
	sweep --combine --base64 crcs
}

@test "every allocation fails in turn: --verify-object, META and the file's checks" {
	head -c 20000 /dev/urandom > obj
	# a three-part upload of 6667-byte parts, its composite SHA-256 and
	# the parts listed: the ETag's, the composite's and each part's
	# checks, from Python's values
	python3 - > meta <<'EOF'
import base64, hashlib, json
d = open("obj", "rb").read()
parts = [d[i:i + 6667] for i in range(0, len(d), 6667)]
etag = hashlib.md5(b"".join(hashlib.md5(p).digest() for p in parts)).hexdigest()
b64 = lambda b: base64.b64encode(b).decode()
sha = lambda b: hashlib.sha256(b).digest()
print(json.dumps({"ETag": '"%s-3"' % etag, "ObjectSize": len(d),
    "Checksum": {"ChecksumSHA256": b64(sha(b"".join(sha(p) for p in parts))) + "-3",
                 "ChecksumType": "COMPOSITE"},
    "ObjectParts": {"TotalPartsCount": 3, "PartsCount": 3, "IsTruncated": False,
        "Parts": [{"PartNumber": i + 1, "Size": len(p), "ChecksumSHA256": b64(sha(p))}
                  for i, p in enumerate(parts)]}}))
EOF
	run "$SIMDSUM" --verify-object=meta obj
	[ "$status" -eq 0 ]
	[[ "$output" != *FAILED* ]]
	sweep --verify-object=meta obj
	STDIN=obj sweep --verify-object=meta -
}

@test "every M-th allocation fails, and every one above a size" {
	make_some
	"$SIMDSUM" f1 f2 f3 > sums
	mkdir d
	cp f1 f2 f3 d/
	untrap
	for spec in every=2 every=3 every=5 every=7 every=11 every=13 above=100 above=4000 \
		above=60000 above=200000 above=1000000; do
		for args in "-j1 f1 f2 f3" "-j4 f1 f2 f3 f4 f5 f6" "-c sums" "--parts=2K f5" "-r d"; do
			reference $args
			failing $spec $args > got.out 2> got.err && rc=0 || rc=$?
			FILE_ERROR='^[^:]*: FAILED open or read$|Cannot allocate memory' judge $rc ||
				{ echo "$spec $args"; false; }
		done
	done
}

@test "a real limit, without the shim: --parts=1 of 1 MiB under ulimit -v" {
	# parts_mode keeps its state in constant memory: a million parts of
	# one byte fit in 200 MB of address space (it used to grow an array
	# until it aborted). Sanitizers reserve terabytes of address space.
	[ -z "$SANITIZED" ] || skip "a sanitizer build cannot run under ulimit -v"
	[ -z "${SIMDSUM_SKIP_SLOW:-}" ] || skip "SIMDSUM_SKIP_SLOW is set"
	head -c $((1024 * 1024)) /dev/urandom > mib
	crc=$("$SIMDSUM" -a crc32c mib | cut -c1-8)
	run bash -c "ulimit -v 200000 && '$SIMDSUM' -a crc32c --parts=1 mib | tail -2"
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "CRC32C (mib) composite of 1048576 parts = "*"-1048576" ]]
	[ "${lines[1]}" = "CRC32C (mib) full object = $crc" ]
}

@test "a real limit: wherever -j1 hashes a large CRC file, -j2 and -j4 (split over threads) do" {
	# A range's thread found no room for its buffer beside its own stack,
	# and the file failed with "Cannot allocate memory" (a review).
	[ -z "$SANITIZED" ] || skip "a sanitizer build cannot run under ulimit -v"
	truncate -s 40M big
	local limits=0
	# from below the least -j1 runs at (about 4 MB here: the caller's own
	# buffer for the split failed at 4000 KB, where -j1 had its read
	# buffer already)
	for v in $(seq 2500 500 40000); do
		for args in "-a crc32c big" "-a crc32c --parts=8MiB big"; do
			bash -c "ulimit -v $v && exec \"\$@\"" sh "$SIMDSUM" -j1 $args > one.out 2> /dev/null ||
				continue
			limits=$((limits + 1))
			for j in 2 4; do
				bash -c "ulimit -v $v && exec \"\$@\"" sh "$SIMDSUM" -j$j $args > got.out 2> got.err ||
					{ echo "ulimit -v $v, -j$j $args: $(cat got.err)"; false; }
				cmp one.out got.out
			done
		done
	done
	echo "$limits limits where -j1 ran"
	[ "$limits" -ge 10 ]
}

@test "a small stack (ulimit -s 32): every mode runs as with the default stack" {
	# glibc sizes a thread's stack from ulimit -s, and 10 to 26 KiB of
	# contexts lived on the stack: -j2 -a crc32c, --parts and --list-impls
	# died of SIGSEGV at 32 KiB, where sha256sum runs at 16.
	[ -z "$SANITIZED" ] || skip "a sanitizer build needs a larger stack"
	head -c $((33 * 1024 * 1024 + 5)) /dev/urandom > big
	printf 'abc' > small
	"$SIMDSUM" small big > SUMS
	for args in "-j1 small big" "-j2 small big" "-j2 -a crc32c big" "-a sha256,sha1,crc32c,xxh3 big" \
		"-c SUMS" "--parts=8MiB big" "-j2 --parts=8MiB -a crc32c big" "--list-impls" \
		"--debug small" "nosuchfile"; do
		"$SIMDSUM" $args > ref.out 2> ref.err && ref=0 || ref=$?
		bash -c 'ulimit -s 32 && exec "$@"' sh "$SIMDSUM" $args > got.out 2> got.err && rc=0 || rc=$?
		[ $rc -eq $ref ] && cmp got.out ref.out && cmp got.err ref.err ||
			{ echo "$args: status $rc, not $ref"; cat got.err; false; }
	done
}

@test "no memory for the lanes' buffers or the reading thread's ring: every file hashed, as without the shim" {
	# Both are only faster; a run that cannot have them hashes each file
	# one at a time, on one thread, with the output of -j1 (the lanes'
	# region asks for 2 MiB, the ring for 4; the read buffer for 256 KiB).
	for i in 1 2 3 4 5 6 7 8 9; do head -c $((2000000 + i)) /dev/urandom > "m$i"; done
	head -c $((20 * 1024 * 1024)) /dev/urandom > big
	untrap
	for alg in sha1 sha256 sha512; do
		for args in "-j1 m1 m2 m3 m4 m5 m6 m7 m8 m9" "-j2 m1 m2 m3 m4 m5 m6 m7 m8 m9 big" "big"; do
			reference -a $alg $args
			rm -f "$T/.alloc.log"
			failing above=1048576 -a $alg $args > got.out 2> got.err && rc=0 || rc=$?
			[ $rc -eq 0 ] && [ ! -s got.err ] && cmp got.out ref.out ||
				{ echo "$alg $args: status $rc"; cat got.err; false; }
			# something was refused: the ring, at least, for big
			[ "$args" != big ] || grep -q '^alloc [0-9]* posix_memalign [0-9]*$' "$T/.alloc.log"
		done
		# Where the lanes are planned, --debug says they were given up.
		if "$SIMDSUM" --debug -j1 -a $alg m* 2>&1 >/dev/null | grep -q ": multi-buffer lanes: up to"; then
			failing above=1048576 --debug -j1 -a $alg m1 m2 m3 m4 m5 m6 m7 m8 m9 > /dev/null 2> got.err
			grep -q "^$SAYS: m1: no memory for the multi-buffer lanes: one file at a time\$" got.err
		fi
	done
}

@test "--update-changed: a mixed list's files of another algorithm go through its lanes, as --check's do" {
	# --debug names those lanes; --update gave lanes to the algorithm it
	# adds only. The lanes' region (2 MiB) refused shows they were used:
	# --debug says they were given up.
	mb=$("$SIMDSUM" --list-impls | awk '/^[^ ]/ { m = ($0 == "md5:"); next }
		m && /multi-buffer/ && $2 == "supported" { print $1; exit }')
	[ -n "$mb" ] || skip "no multi-buffer MD5 row on this CPU or build"
	for i in 1 2 3; do head -c $((2000000 + i)) /dev/urandom > "m$i"; done
	other="SHA1 (other) = 0000000000000000000000000000000000000000"
	{ echo "$other"; for i in 1 2 3; do echo "MD5 (m$i) = 00000000000000000000000000000000"; done; } > list
	touch -d 2000-01-01 list
	failing above=1048576 --update=list --update-changed --impl=$mb --debug -j1 m1 m2 m3 2> got.err
	grep -q "^$SAYS: md5: multi-buffer lanes: $mb (forced)" got.err
	grep -q "^$SAYS: m1: no memory for the multi-buffer lanes: one file at a time\$" got.err
	{ echo "$other"; md5sum --tag m1 m2 m3; } | cmp - list
	failing above=1048576 -c --ignore-missing --impl=$mb --debug -j1 list > got.out 2> got.err
	grep -q "^$SAYS: m1: no memory for the multi-buffer lanes: one file at a time\$" got.err
}
