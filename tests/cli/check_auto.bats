#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# --benchmark --check-auto: the shape of its report (sections, cell lines,
# the summary) and an exit status that agrees with its SLOW marks, from a
# quick run (SIMDSUM_CHECK_AUTO_QUICK=1: tiny sizes, one run per column);
# its option errors. Nothing here looks at a timing.

load helpers

# The report of one quick run, its temporary files under $T/tmp.
quick_run() {
	mkdir -p "$T/tmp"
	run --separate-stderr env TMPDIR="$T/tmp" SIMDSUM_CHECK_AUTO_QUICK=1 \
		"$SIMDSUM" --benchmark --check-auto
	printf '%s\n' "$output" > report
}

# cells_of TITLE_PREFIX: the cell lines of the section whose title starts so.
cells_of() {
	awk -v t="$1" '
		/^[^ ]/ { in_s = (index($0, t) == 1); next }
		in_s && /^  [^ (]/ && !/^  cell / && !/\(no forced choice/ { print }' report
}

@test "a quick run: header, four sections, cell lines, a summary that matches the marks" {
	quick_run
	[ "$status" -eq 0 ] || [ "$status" -eq 1 ]
	grep -q '^CPU: .' report
	grep -Eq '^CPUID signature: [A-Za-z]+ family 0x[0-9a-f]+ model 0x[0-9a-f]+$' report
	grep -q '^kernels per message length: ' report
	grep -q '^lanes: ' report
	grep -q '^I/O: one cached file of ' report
	grep -q '^threads: -r over ' report
	[ "$(grep -c '^  cell  *auto ran  *auto  *best forced  *time  *ratio$' report)" -eq 4 ]
	# Every cell line: what, auto's time, the best forced choice, its time,
	# the ratio, and SLOW or noise exactly when the ratio is above 1.03; a
	# cell that looked slow (a quick run's single runs often do) judged on
	# paired runs.
	cells=$(awk '/^  [a-z0-9]+ / && !/^  cell / && !/\(no forced choice/' report)
	[ -n "$cells" ]
	# A cell judged on paired runs says how many, and in how many of their
	# rounds of four auto was slower, after the mark: SLOW when a fair coin
	# shows that many heads in that many tosses at most one time in 40,
	# else noise.
	echo "$cells" | awk '
		function coin_tail(k, n,   i, t, p) {
			p = 2 ^ -n; t = 0
			for (i = 0; i <= n; i++) { if (i >= k) t += p; p = p * (n - i) / (i + 1) }
			return t
		}
		{ n = 0; k = 0 }
		/paired runs/ && !/  \(medians of [1-9][0-9]* paired runs; auto slower in [0-9]+ of [1-9][0-9]* rounds of four\)$/ { print "pairs: " $0; bad = 1 }
		/paired runs/ {
			match($0, /medians of [0-9]+ paired/); split(substr($0, RSTART, RLENGTH), a, " "); p = a[3] + 0
			match($0, /slower in [0-9]+ of [0-9]+ rounds/); split(substr($0, RSTART, RLENGTH), a, " ")
			k = a[3] + 0; n = a[5] + 0
			if (k > n || n != (p < 2 ? 1 : int(p / 2))) { print "count: " $0; bad = 1 }
		}
		{ sub(/  \(medians of .*\)$/, "") }
		{ same = / same plan$/; mark = ($NF == "SLOW" || $NF == "noise") }
		{ r = same ? $(NF - 2) : mark ? $(NF - 1) : $NF }
		!(r > 0) { print "ratio: " $0; bad = 1 }
		(r > 1.03) != (mark || same) { print "mark: " $0; bad = 1 }
		(mark || same) && n == 0 { print "unpaired mark: " $0; bad = 1 }
		mark && ((coin_tail(k, n) <= 0.025) != ($NF == "SLOW")) { print "sign test: " $0; bad = 1 }
		!/ [0-9.]+ (ns|us|ms|s)  .* [0-9.]+ (ns|us|ms|s)  +[0-9]+\.[0-9][0-9][0-9](  SLOW|  noise|  same plan)?$/ { print "shape: " $0; bad = 1 }
		END { exit bad }'
	n=$(echo "$cells" | wc -l)
	m=$(echo "$cells" | grep -Ec ' SLOW(  \(medians of .*\))?$' || true)
	q=$(echo "$cells" | grep -Ec ' noise(  \(medians of .*\))?$' || true)
	p=$(echo "$cells" | grep -Ec ' same plan(  \(medians of .*\))?$' || true)
	[ "$(tail -1 report)" = "check-auto: $n cells, $m where auto is more than 3% slower than the best forced choice" ]
	if [ "$p" -gt 0 ]; then
		[ "$(tail -2 report | head -1)" = "check-auto: $p cells slower by the median ratio than a forced choice that runs auto's own plan (same plan)" ]
	else
		! grep -q '(same plan)$' report || { echo 'a same-plan line without such cells'; false; }
	fi
	if [ "$q" -gt 0 ]; then
		grep -qx "check-auto: $q cells slower by the median ratio but not in more pairs than chance gives (noise)" report
	else
		! grep -q '(noise)$' report || { echo 'a noise line without noise cells'; false; }
	fi
	# The xxHash family has one row, which auto runs: none of its cells
	# can be slow or noise, only "same plan" (auto's own plan forced).
	! echo "$cells" | grep -E '^  xxh(64|3) ' | grep -Eq '  (SLOW|noise)( |$)'
	if [ "$m" -gt 0 ]; then [ "$status" -eq 1 ]; else [ "$status" -eq 0 ]; fi
	# Its files are gone.
	[ -z "$(ls -A "$T/tmp")" ]
}

@test "the sections cover every family, lanes for each SHA family and MD5, both I/O algorithms" {
	quick_run
	[ "$status" -eq 0 ] || [ "$status" -eq 1 ]
	for alg in sha1 sha256 sha512 md5 crc32c crc32 crc64nvme; do
		cells_of kernels | grep -q "^  $alg [0-9]* [KM]\?i\?B "
	done
	for alg in sha1 sha256 sha512 md5; do
		cells_of lanes | grep -q "^  $alg [0-9]* x [0-9]* [KM]iB "
	done
	[ "$(cells_of 'I/O' | wc -l)" -eq 2 ]
	[ "$(cells_of threads | wc -l)" -eq 2 ]
	# A kernel cell's best forced choice is a row --list-impls says runs here.
	cells_of kernels | awk '{ print $1, $7 }' | sort -u | while read -r alg impl; do
		case $alg in
		sha1) h="sha1:" ;; sha256) h="sha224, sha256:" ;;
		sha512) h="sha384, sha512:" ;; xxh3) h="xxh3, xxh128:" ;; md5 | xxh64 | crc*) h="$alg:" ;;
		esac
		supported_impls "$h" | grep -qx "$impl"
	done
	# Best forced choices of the other sections are forced options or rows.
	cells_of 'I/O' | awk '{ print $6 }' | grep -Evqx -- '--io=(read|mmap)' && return 1
	cells_of threads | awk '{ print $5 }' | grep -Evqx -- '-j[0-9]+' && return 1
	true
}

@test "--check-auto without --benchmark, or with a FILE, is a usage error" {
	run "$SIMDSUM" --check-auto
	[ "$status" -eq 1 ]
	[[ "$output" == *"the --check-auto option is meaningful only with --benchmark"* ]]
	printf 'abc' > f
	run "$SIMDSUM" --check-auto f
	[ "$status" -eq 1 ]
	[[ "$output" == *"the --check-auto option is meaningful only with --benchmark"* ]]
	run "$SIMDSUM" --benchmark --check-auto f
	[ "$status" -eq 1 ]
	[[ "$output" == *"--benchmark takes no FILE operands"* ]]
}

@test "--check-auto takes no --format, --benchmark-time or --impl" {
	run "$SIMDSUM" --benchmark --check-auto --format=csv
	[ "$status" -eq 1 ]
	[[ "$output" == *"--check-auto takes neither --format nor --benchmark-time"* ]]
	run "$SIMDSUM" --benchmark --check-auto --benchmark-time=5
	[ "$status" -eq 1 ]
	[[ "$output" == *"--check-auto takes neither --format nor --benchmark-time"* ]]
	run "$SIMDSUM" --benchmark --check-auto --impl=generic
	[ "$status" -eq 1 ]
	[[ "$output" == *"--check-auto races auto against every implementation"* ]]
	run env SIMDSUM_IMPL=generic "$SIMDSUM" --benchmark --check-auto
	[ "$status" -eq 1 ]
	[[ "$output" == *"it takes no --impl (nor SIMDSUM_IMPL)"* ]]
	run env SIMDSUM_CHECK_AUTO_QUICK=yes "$SIMDSUM" --benchmark --check-auto
	[ "$status" -eq 1 ]
	[[ "$output" == *"invalid SIMDSUM_CHECK_AUTO_QUICK 'yes'; valid: 0, 1"* ]]
}

@test "--check-auto with a profile it cannot use warns once, not once a run it times" {
	printf 'simdsum-profile 1\nbroken\n' > bad
	mkdir -p "$T/tmp" xdg/simdsum
	cp bad xdg/simdsum/profile
	run --separate-stderr env TMPDIR="$T/tmp" SIMDSUM_CHECK_AUTO_QUICK=1 \
		SIMDSUM_PROFILE="$PWD/bad" "$SIMDSUM" --benchmark --check-auto
	[ "$status" -eq 0 ] || [ "$status" -eq 1 ]
	[ "$(printf '%s\n' "$stderr" | grep -c 'warning: profile')" -eq 1 ]
	run --separate-stderr env -u SIMDSUM_PROFILE TMPDIR="$T/tmp" SIMDSUM_CHECK_AUTO_QUICK=1 \
		XDG_CONFIG_HOME="$PWD/xdg" "$SIMDSUM" --benchmark --check-auto
	[ "$status" -eq 0 ] || [ "$status" -eq 1 ]
	[ "$(printf '%s\n' "$stderr" | grep -c 'warning: profile')" -eq 1 ]
}

@test "--check-auto: a usable profile file called built-in is the one the runs it times use" {
	command -v strace > /dev/null || skip "strace is not installed"
	# the runs' environment, not their timings: a profile from a file shows
	# as its name, which here reads as the built-in one's "built-in"
	cat > built-in <<-END
	simdsum-profile 1
	name file-test
	cpu TestVendor 0x7 0x42
	version $("$SIMDSUM" --version | sed -n '1s/^simdsum //p')
	END
	mkdir -p "$T/tmp"
	export SIMDSUM_CPU_SIGNATURE=TestVendor:0x7:0x42
	SIMDSUM_PROFILE=built-in "$SIMDSUM" --debug -a crc32c /dev/null 2> err > /dev/null
	grep -qF 'cost profile: file-test (built-in)' err
	run --separate-stderr env TMPDIR="$T/tmp" SIMDSUM_CHECK_AUTO_QUICK=1 SIMDSUM_PROFILE=built-in \
		strace -f --seccomp-bpf -qq -v -s 300 -e trace=execve -o ex \
		"$SIMDSUM" --benchmark --check-auto
	[ "$status" -eq 0 ] || [ "$status" -eq 1 ]
	[[ "$stderr" != *"warning: profile"* ]]
	[ "$(grep -c 'execve(' ex)" -gt 1 ]
	[ "$(grep -c 'SIMDSUM_PROFILE=built-in"' ex)" -eq "$(grep -c 'execve(' ex)" ]
}
