#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# --tune and --tune=save: the profile printed is one simdsum takes (it
# is then in force), with a row for each implementation this CPU runs;
# saving is atomic and leaves no temporary file, whether it works or
# not. SIMDSUM_TUNE_QUICK=1 makes each run take milliseconds; nothing
# here looks at a figure.

load helpers

setup_file() {
	export SIMDSUM_TUNE_QUICK=1
}

# The test's own directory for the read()/mmap file and the profile
# (helpers' setup has made $T and gone there).
# tune_said PATTERN: the last run's stderr ends with one line matching
# PATTERN (a glob); any line before it is one of --tune's own notes on
# what it could not measure on this machine (a row without a usable
# timing, read() against mmap when the page cache would not say), which
# depend on the machine, not on what the test checks.
tune_said() {
	local last=${stderr##*$'\n'} before=
	[[ $last == $1 ]] || { echo "last line: $last"; return 1; }
	[[ $stderr == *$'\n'* ]] && before=${stderr%$'\n'*}
	[ -z "$before" ] && return 0
	while IFS= read -r line; do
		[[ $line == "$SAYS: --tune: "* ]] || { echo "unexpected: $line"; return 1; }
	done <<< "$before"
}

tune_env() {
	mkdir -p "$T/tmp"
	export TMPDIR="$T/tmp"
	unset SIMDSUM_PROFILE
	export XDG_CONFIG_HOME="$T/cfg"
}

# expected_rows: "FAMILY NAME" for every implementation --list-impls calls
# supported, the family named as profiles name it (the last of the
# header's algorithms: sha1, sha256, sha512, crc32c; XXH3's family is xxh3).
expected_rows() {
	"$SIMDSUM" --list-impls | awk '
		/^[^ ].*:$/ { fam = $NF; sub(/:$/, "", fam); if ($1 == "xxh3,") fam = "xxh3"; next }
		/^  / && $2 == "supported" { print fam, $1 }' | sort
}

# in_readonly DIR CMD...: runs CMD with DIR read-only, also for root,
# for whom permissions are no obstacle: a read-only bind mount in a
# mount namespace of its own.
in_readonly() {
	local dir=$1 rc=0
	shift
	if [ "$(id -u)" != 0 ]; then
		chmod 555 "$dir"
		"$@" || rc=$?
		chmod 755 "$dir"
		return $rc
	fi
	unshare -m sh -c 'mount --bind -o ro "$1" "$1" && shift && exec "$@"' sh "$dir" "$@"
}

# can_make_readonly DIR: whether in_readonly works here.
can_make_readonly() {
	! in_readonly "$1" touch "$1/probe" 2>/dev/null && [ ! -e "$1/probe" ]
}

@test "--tune prints a profile that simdsum then uses" {
	tune_env
	run --separate-stderr "$SIMDSUM" --tune
	[ "$status" -eq 0 ]
	no_stderr
	printf '%s\n' "$output" > tuned
	# People's comments first, then the file format.
	[[ "${lines[0]}" == "# tuned on "* ]]
	grep -qx 'simdsum-profile 1' tuned
	grep -q '^name tuned on .' tuned
	grep -Eq '^cpu [^ ]+ 0x[0-9a-f]+ 0x[0-9a-f]+$' tuned
	grep -Eqx 'io (read|mmap)' tuned
	grep -Eq '^# cached file, CRC-32C, best of 3: read\(\) [0-9.]+ GB/s, mmap [0-9.]+ GB/s$' tuned
	name=$(sed -n 's/^name //p' tuned)
	run --separate-stderr env SIMDSUM_PROFILE="$T/tuned" "$SIMDSUM" --debug /dev/null
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"cost profile: $name ($T/tuned)"* ]]
	! [[ "$stderr" == *warning* ]]
}

@test "--tune has one row for each implementation this CPU runs, and only those" {
	tune_env
	"$SIMDSUM" --tune > tuned
	expected_rows > want
	awk '$1 == "row" { print $2, $3 }' tuned | sort > got
	diff want got
	# Numbers the parser takes: a call cost >= 0 and a byte cost > 0
	# (and, for multi-buffer rows, a call cost of 0).
	awk '$1 == "row" && !($4 >= 0 && $5 > 0) { print; bad = 1 } END { exit bad }' tuned
	# What the CPU lacks is not measured: with every feature off, the rows
	# that need none (each family's generic, the xxHash library, MD5's
	# baseline x86-64 code where the build has assembly).
	SIMDSUM_CPU_DISABLE=all "$SIMDSUM" --tune > portable
	SIMDSUM_CPU_DISABLE=all expected_rows > want
	awk '$1 == "row" { print $2, $3 }' portable | sort > got
	diff want got
	for fam in sha1 sha256 sha512 md5 crc32c crc32 crc64nvme; do
		grep -qx "$fam generic" got
	done
	grep -qx "xxh3 libxxhash" got
	! grep -vE ' (generic|libxxhash|x86_64)$' got
}

@test "--tune removes its temporary file and leaves the saved profile alone" {
	tune_env
	mkdir -p cfg/simdsum
	echo 'not a profile' > cfg/simdsum/profile
	"$SIMDSUM" --tune > tuned
	[ -z "$(ls -A "$T/tmp")" ]
	[ "$(cat cfg/simdsum/profile)" = 'not a profile' ]
}

@test "--tune without room for its temporary file leaves io to be measured" {
	[ -z "${VALGRIND_SIMDSUM:-}" ] || skip "valgrind itself cannot start without TMPDIR"
	tune_env
	export TMPDIR="$T/no-such-dir"
	run --separate-stderr "$SIMDSUM" --tune
	[ "$status" -eq 0 ]
	[[ "$stderr" == "$SAYS: --tune: read() against mmap not measured ("*"); the profile says io measure" ]]
	[ "${#stderr_lines[@]}" -eq 1 ]
	printf '%s\n' "$output" | grep -qx 'io measure'
	printf '%s\n' "$output" | grep -q '^# read() against mmap not measured: '
}

@test "--tune without room, TMPDIR not ASCII: the comment says so in printable bytes" {
	[ -z "${VALGRIND_SIMDSUM:-}" ] || skip "valgrind itself cannot start without TMPDIR"
	tune_env
	export TMPDIR="$T/no-such-dir/donn"$'\xc3\xa9'"es"
	run --separate-stderr "$SIMDSUM" --tune
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^# read() against mmap not measured: .*donn??es'
	printf '%s\n' "$output" | grep -qx 'io measure'
	# on standard error, quoted as names are: one line, whatever TMPDIR holds
	export TMPDIR="$T/no-such-dir"$'\n'"simdsum: injected"
	run --separate-stderr "$SIMDSUM" --tune
	[ "$status" -eq 0 ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[[ "$stderr" == *"no-such-dir'\$'\\n''simdsum: injected'"* ]] || { echo "$stderr"; false; }
}

@test "--tune=save on a CPU whose vendor is padded with spaces: a profile it then uses" {
	tune_env
	for sig in "VIA VIA VIA :6:0xf" "  Shanghai  :7:0x3b"; do
		run --separate-stderr env SIMDSUM_CPU_SIGNATURE="$sig" "$SIMDSUM" --tune=save
		[ "$status" -eq 0 ] || { echo "$sig: $stderr"; false; }
		run --separate-stderr env SIMDSUM_CPU_SIGNATURE="$sig" "$SIMDSUM" --debug /dev/null
		[[ "$stderr" == *"cost profile: tuned on "*" ($XDG_CONFIG_HOME/simdsum/profile)"* ]] ||
			{ echo "$sig: $stderr"; false; }
		[[ "$stderr" != *warning* ]]
	done
	grep -qx 'cpu __Shanghai__ 0x7 0x3b' "$XDG_CONFIG_HOME/simdsum/profile"
}

@test "--tune=save writes the profile where simdsum looks, atomically" {
	tune_env
	umask 022
	run --separate-stderr "$SIMDSUM" --tune=save
	[ "$status" -eq 0 ]
	tune_said "$SAYS: profile saved to $T/cfg/simdsum/profile"
	# The directory was made; the file is what was printed, and alone.
	[ "$(stat -c %a cfg/simdsum)" = 755 ]
	[ "$(stat -c %a cfg/simdsum/profile)" = 644 ]
	[ "$(ls -A cfg/simdsum)" = profile ]
	printf '%s\n' "$output" | cmp - cfg/simdsum/profile
	run --separate-stderr "$SIMDSUM" --debug /dev/null
	[[ "$stderr" == *"cost profile: tuned on "*" ($T/cfg/simdsum/profile)"* ]]
}

@test "--tune and --tune=save together save, in either order" {
	tune_env
	for order in "--tune --tune=save" "--tune=save --tune"; do
		rm -rf cfg
		run --separate-stderr "$SIMDSUM" $order
		[ "$status" -eq 0 ]
		tune_said "$SAYS: profile saved to $T/cfg/simdsum/profile"
		printf '%s\n' "$output" | cmp - cfg/simdsum/profile
	done
}

@test "--tune=save replaces a profile, a broken one too" {
	tune_env
	mkdir -p cfg/simdsum
	printf 'simdsum-profile 1\nrow sha256 nonsense 1 1\n' > cfg/simdsum/profile
	run --separate-stderr "$SIMDSUM" --tune=save
	[ "$status" -eq 0 ]
	[ "$(ls -A cfg/simdsum)" = profile ]
	grep -q '^name tuned on ' cfg/simdsum/profile
	# SIMDSUM_PROFILE names the file to save as well as the one to read.
	run --separate-stderr env SIMDSUM_PROFILE="$T/elsewhere/p" "$SIMDSUM" --tune=save
	[ "$status" -eq 0 ]
	tune_said "$SAYS: profile saved to $T/elsewhere/p"
	[ "$(ls -A elsewhere)" = p ]
}

@test "--tune=save into a read-only directory fails in one line and leaves nothing" {
	tune_env
	mkdir -p cfg/simdsum
	can_make_readonly cfg/simdsum || skip "cannot make a read-only directory here"
	run --separate-stderr in_readonly cfg/simdsum "$SIMDSUM" --tune=save
	[ "$status" -eq 1 ]
	tune_said "$SAYS: $T/cfg/simdsum/profile: not updated: cannot create a temporary file in $T/cfg/simdsum: *"
	[ "${#stderr_lines[@]}" -eq 1 ]
	[ -z "$(ls -A cfg/simdsum)" ]
	# The profile is still printed.
	printf '%s\n' "$output" | grep -qx 'simdsum-profile 1'
}

@test "--tune=save removes its temporary file when the rename fails" {
	tune_env
	mkdir -p cfg/simdsum
	echo old > cfg/simdsum/profile
	echo mounted > over
	# A file mounted over the profile: the temporary file is written and
	# synced, then cannot take its place (EBUSY).
	unshare -m true 2>/dev/null || skip "no mount namespace here (it needs root)"
	run --separate-stderr unshare -m sh -c 'mount --bind "$1" "$2" && exec "$3" --tune=save' \
		sh over cfg/simdsum/profile "$SIMDSUM"
	[ "$status" -eq 1 ]
	tune_said "$SAYS: $T/cfg/simdsum/profile: not updated: cannot rename the new profile over it: Device or resource busy"
	[ "$(ls -A cfg/simdsum)" = profile ]
	[ "$(cat cfg/simdsum/profile)" = old ]
}

@test "--tune=save refuses a directory, a FIFO or a device where the profile goes, before measuring" {
	tune_env
	mkdir -p cfg/simdsum/profile/in-the-way
	run --separate-stderr "$SIMDSUM" --tune=save
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ "$stderr" = "$SAYS: cannot save profile to $T/cfg/simdsum/profile: Is a directory" ]
	[ "$(ls -A cfg/simdsum/profile)" = in-the-way ]
	mkfifo fifo
	ln -s fifo link-to-fifo
	local devs=(fifo link-to-fifo)
	if mknod null c 1 3 2>/dev/null; then devs+=(null); fi
	for f in "${devs[@]}"; do
		run --separate-stderr env SIMDSUM_PROFILE="$f" "$SIMDSUM" --tune=save
		[ "$status" -eq 1 ]
		[ -z "$output" ]
		[ "$stderr" = "$SAYS: $f: not a regular file: not updated" ]
	done
	[ -p fifo ] && [ -L link-to-fifo ]
	[ ! -e null ] || [ -c null ]
	[ "$(ls -A cfg/simdsum/profile)" = in-the-way ]
}

@test "--tune=save through a dangling link makes the directory of the file it names" {
	tune_env
	ln -s "$T/elsewhere/deeper/profile" link
	run --separate-stderr env SIMDSUM_PROFILE=link "$SIMDSUM" --tune=save
	[ "$status" -eq 0 ]
	[ -L link ]
	printf '%s\n' "$output" | cmp - elsewhere/deeper/profile
}

@test "--tune=save and the profile in force with a name longer than PATH_MAX: one line, why" {
	tune_env
	local long
	long=$T/$(printf 'p%.0s' {1..5000})
	printf abc > f
	run --separate-stderr env SIMDSUM_PROFILE="$long" "$SIMDSUM" --tune=save
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: cannot save profile: File name too long" ]
	run --separate-stderr env SIMDSUM_PROFILE="$long" "$SIMDSUM" f
	[ "$status" -eq 0 ]
	[[ "$stderr" == "$SAYS: warning: profile: File name too long; using the built-in profile ("*")" ]]
}

@test "--tune=save through a symbolic link replaces the file it names, not the link" {
	tune_env
	mkdir -p cfg/simdsum dotfiles
	echo old > dotfiles/profile
	ln -s ../../dotfiles/profile cfg/simdsum/profile
	run --separate-stderr "$SIMDSUM" --tune=save
	[ "$status" -eq 0 ]
	[ -L cfg/simdsum/profile ]
	printf '%s\n' "$output" | cmp - dotfiles/profile
	[ "$(ls -A dotfiles)" = profile ]
}

@test "--tune=save killed by SIGTERM, SIGINT or SIGHUP while it writes: no temporary file, the old profile" {
	tune_env
	mkdir -p cfg/simdsum
	echo old > cfg/simdsum/profile
	for sig in TERM INT HUP; do
		start_slow_writer cfg/simdsum '.profile.simdsum-tmp.' --tune=save
		kill -$sig $pid
		rc=0
		wait $pid || rc=$?
		[ "$rc" -gt 128 ] || { echo "$sig: status $rc"; false; }
		[ "$(ls -A cfg/simdsum)" = profile ]
		[ "$(cat cfg/simdsum/profile)" = old ]
	done
}

@test "--tune=save where a file is in the way of the directory" {
	tune_env
	echo file > cfg
	run --separate-stderr "$SIMDSUM" --tune=save
	[ "$status" -eq 1 ]
	tune_said "$SAYS: cannot save profile to $T/cfg/simdsum/profile: Not a directory"
	[ "$(cat cfg)" = file ]
}

@test "--tune=save with nowhere to save" {
	tune_env
	run --separate-stderr env SIMDSUM_PROFILE= "$SIMDSUM" --tune=save
	[ "$status" -eq 1 ]
	tune_said "$SAYS: cannot save profile: *"
	[ "${#stderr_lines[@]}" -eq 1 ]
}

@test "--tune takes only save, and no FILE" {
	run "$SIMDSUM" --tune=bogus
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == "$SAYS: invalid --tune 'bogus'; valid: save" ]]
	# nor a FILE (it was ignored, exit 0), as --selftest and --list-impls,
	# in --benchmark's words
	for mode in tune selftest list-impls; do
		run "$SIMDSUM" --$mode FILE
		[ "$status" -eq 1 ]
		[ "${lines[0]}" = "$SAYS: --$mode takes no FILE operands" ]
	done
}
