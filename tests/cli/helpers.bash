# SPDX-License-Identifier: MIT
# helpers.bash - shared set-up for the CLI tests (loaded by every .bats file).
#
# SIMDSUM         the binary under test (default: ./simdsum of this tree)
# FAULT_SHIM      the LD_PRELOAD library of fault_shim.c and fault_alloc.c
# CRC32C_REF      crc32c_ref.c built (ISA-L, an independent CRC-32C)
# SIMDSUM_SKIP_SLOW  set: skip the tests that take minutes, and cut the
#                 data of those that only repeat a path (`scaled`): the
#                 slow runners (valgrind, qemu-user) set it
# $LINKS/<name>   links named like the coreutils programs, so messages
#                 carry the same program name as the tool they are
#                 compared with (same_as runs them by name, through PATH)
# $SAYS           how messages of "$SIMDSUM" begin: argv[0] as given, as in
#                 coreutils; the wrappers (tests/cross/qemu, tests/cpu_models/
#                 qemu, tests/valgrind) pass their link's base name

bats_require_minimum_version 1.5.0

ROOT="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
: "${SIMDSUM:=$ROOT/simdsum}"
: "${FAULT_SHIM:=$ROOT/build/tests/fault_shim.so}"
: "${CRC32C_REF:=$ROOT/build/tests/crc32c_ref}"
export LC_ALL=C.UTF-8
# No cost profile of the machine's user: a saved one (simdsum --tune=save
# in ~/.config/simdsum/profile) changes auto's choices, and one from
# another version adds a warning to every run's stderr. The tests that
# want a profile name one (SIMDSUM_PROFILE, or XDG_CONFIG_HOME under $T).
unset SIMDSUM_PROFILE
export XDG_CONFIG_HOME=/nonexistent/simdsum-tests
case $(head -c 2 "$SIMDSUM" 2>/dev/null) in
'#!') SAYS=$(basename "$SIMDSUM") ;;
*) SAYS=$SIMDSUM ;;
esac

# scaled FULL SMALL: FULL, or SMALL under SIMDSUM_SKIP_SLOW. For data that
# only repeats paths already taken: trees sized to fill 16 lanes many
# times (valgrind's and qemu's builds have no lanes), files hashed once
# per implementation and -j. Every path stays; less data goes through it.
scaled() {
	if [ -n "${SIMDSUM_SKIP_SLOW:-}" ]; then echo "$2"; else echo "$1"; fi
}

setup() {
	T="$BATS_TEST_TMPDIR"
	LINKS="$T/links"
	mkdir -p "$LINKS"
	for name in sha1sum sha224sum sha256sum sha384sum sha512sum md5sum crc32c simdsum; do
		ln -sf "$SIMDSUM" "$LINKS/$name"
	done
	cd "$T"
}

# make_files: a set of files with awkward names and sizes around block edges.
make_files() {
	printf 'abc' > plain
	: > empty
	printf 'x%.0s' $(seq 1 1000) > 'with space'
	printf 'y' > 'back\slash'
	printf 'z' > $'new\nline'
	printf 'w' > $'both\\and\nnewline'
	printf 'r' > $'carriage\rreturn'
	printf 't' > $'tab\tname'
	printf 'd' > ./-dash
	head -c 55 /dev/urandom > b55
	head -c 56 /dev/urandom > b56
	head -c 64 /dev/urandom > b64
	head -c 111 /dev/urandom > b111
	head -c 112 /dev/urandom > b112
	head -c 128 /dev/urandom > b128
	head -c 1000003 /dev/urandom > big
	FILES=(plain empty 'with space' 'back\slash' $'new\nline' $'both\\and\nnewline'
		$'carriage\rreturn' $'tab\tname' ./-dash b55 b56 b64 b111 b112 b128 big)
}

# under_shim FAULTS CMD...: CMD with the fault shim (fault_shim.c and
# fault_alloc.c) preloaded and SIMDSUM_FAULT=FAULTS; the shim logs to
# $T/.faults.log, kept across runs (remove it to start afresh).
under_shim() {
	local faults=$1
	shift
	env LD_PRELOAD="$FAULT_SHIM" SIMDSUM_FAULT="$faults" SIMDSUM_FAULT_LOG="$T/.faults.log" "$@"
}

# shimmed FAULTS ARGS...: simdsum ARGS under the fault shim.
shimmed() {
	local faults=$1
	shift
	under_shim "$faults" "$SIMDSUM" "$@"
}

# start_slow_writer DIR PREFIX ARGS...: simdsum ARGS in the background (its
# pid in $pid), every write to its temporary file held 2 s by the fault
# shim, once its own temporary file (PREFIX, then its pid: ".list.
# simdsum-tmp.PID.XXXXXX") is in DIR: a window in which to signal it
# mid-write. Not any file with PREFIX: one a killed run left behind is
# there at once, and the new run may remove it before making its own.
# (env restores SIGINT, which a background job starts ignoring.) Waits
# up to 5 minutes: some runs measure first, and valgrind is slow.
start_slow_writer() {
	local dir=$1 prefix=$2
	shift 2
	LD_PRELOAD="$FAULT_SHIM" SIMDSUM_FAULT=slow-write=.simdsum-tmp. \
		env --default-signal=INT "$SIMDSUM" "$@" > /dev/null 2>&1 &
	pid=$!
	for _ in $(seq 1 3000); do
		[ -n "$(find "$dir" -maxdepth 1 -name "$prefix$pid.*")" ] && return 0
		sleep 0.1
	done
	echo "no $dir/$prefix$pid.* in 5 minutes"
	false
}

# no_stderr: the last "run --separate-stderr" wrote nothing on standard
# error; if it did, the test fails showing what. Under valgrind (make
# check-valgrind) a line valgrind itself writes ("==PID==", "--PID--",
# "valgrind:") is shown on the test's output but not counted: memcheck's
# verdict is in its logs, and stop 44's CI failed once on a --status run
# whose standard error no one saw.
no_stderr() {
	local rest=$stderr
	if [ -n "${VALGRIND_LOGS:-}" ]; then
		rest=$(grep -v -E '^(==[0-9]+==|--[0-9]+--|valgrind:)' <<<"$stderr" || true)
		[ -z "$stderr" ] || sed 's/^/# standard error under valgrind: /' <<<"$stderr" >&3
	fi
	[ -z "$rest" ] && return 0
	printf 'standard error was:\n%s\n' "$stderr"
	return 1
}

# as_named NAME ARGS...: our link NAME run by its name (argv[0] "NAME", as
# a user's PATH finds it), so messages begin "NAME:" as coreutils' do.
as_named() {
	PATH="$LINKS:$PATH" "$@"
}

# same_as REF_PROGRAM [ARGS...]: runs the coreutils program and our link of
# the same name with the same arguments and standard input (from $STDIN
# when set); stdout, stderr and the exit status must be byte-identical.
same_as() {
	local prog=$1
	shift
	local in=${STDIN:-/dev/null}
	"$prog" "$@" <"$in" >"$T/ref.out" 2>"$T/ref.err" && echo 0 >"$T/ref.rc" || echo $? >"$T/ref.rc"
	as_named "$prog" "$@" <"$in" >"$T/our.out" 2>"$T/our.err" && echo 0 >"$T/our.rc" ||
		echo $? >"$T/our.rc"
	local bad=0
	for part in out err rc; do
		if ! cmp -s "$T/ref.$part" "$T/our.$part"; then
			echo "--- $prog $* : std$part differs (coreutils vs simdsum)"
			diff <(od -c "$T/ref.$part") <(od -c "$T/our.$part") | head -20
			bad=1
		fi
	done
	return $bad
}

# impls_of FAMILY_HEADER: names of the supported implementations listed by
# --list-impls under the given header ("sha1:", "sha224, sha256:", ...).
supported_impls() {
	"$SIMDSUM" --list-impls | awk -v h="$1" '
		/^[^ ].*:$/ { in_h = ($0 == h) ; next }
		in_h && $2 == "supported" { print $1 }'
}
