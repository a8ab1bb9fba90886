#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# --benchmark: its CSV and JSON parse and cover every implementation this
# CPU runs; the cycle source is named, the TSC fallback can be forced.
# Runs are 1 ms long and nothing here looks at a timing.

load helpers

ALGOS="sha1 sha224 sha256 sha384 sha512 md5 xxh64 xxh3 xxh128 crc32c crc32 crc64nvme"
NROWS=24   # tcrypt's 22 rows, 16 KiB and 1 MiB

# impls_for ALG: the implementations --list-impls calls supported for
# ALG's family, multi-buffer rows included.
impls_for() {
	"$SIMDSUM" --list-impls | awk -v alg="$1" '
		/^[^ ].*:$/ { h = $0; sub(/:$/, "", h); n = split(h, names, ", ")
			      in_h = 0; for (i = 1; i <= n; i++) if (names[i] == alg) in_h = 1; next }
		in_h && $2 == "supported" { print $1 }'
}

# expected_pairs: "ALG IMPL" for every column a full run must have.
expected_pairs() {
	for alg in $ALGOS; do
		impls=$(impls_for $alg)
		[ -n "$impls" ] || { echo "no implementations listed for $alg" >&2; return 1; }
		for impl in $impls auto; do echo "$alg $impl"; done
	done | sort
}

# json_pairs FILE: validates FILE as JSON and prints "ALG IMPL" per result.
json_pairs() {
	if command -v python3 >/dev/null; then
		python3 -m json.tool "$1" >/dev/null
		python3 -c 'import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(r["algorithm"], r["impl"])' "$1"
	else
		jq -e . "$1" >/dev/null
		jq -r '.results[] | "\(.algorithm) \(.impl)"' "$1"
	fi
}

@test "CSV: the exact header, well-formed rows, every implementation and every row" {
	"$SIMDSUM" --benchmark --benchmark-time=1 --format=csv > out.csv
	[ "$(head -1 out.csv)" = "algorithm,impl,block_bytes,update_bytes,updates,mib_per_s,cycles_per_byte,cycle_source" ]
	# Eight fields, sizes that add up, positive numbers, one cycle source.
	tail -n +2 out.csv | awk -F, '
		NF != 8 { print "fields: " $0; bad = 1 }
		$3 != $4 * $5 { print "sizes: " $0; bad = 1 }
		!($6 > 0) { print "MiB/s: " $0; bad = 1 }
		$8 != "none" && !($7 > 0) { print "cycles/byte: " $0; bad = 1 }
		{ src[$8] = 1 }
		END { n = 0; for (s in src) n++; if (n != 1) { print "cycle sources: " n; bad = 1 }; exit bad }'
	expected_pairs > want
	tail -n +2 out.csv | cut -d, -f1,2 | tr , ' ' | sort -u > got
	diff want got
	# Every column has every row, once.
	tail -n +2 out.csv | cut -d, -f1,2 | sort | uniq -c | awk -v n=$NROWS '$1 != n { print; bad = 1 } END { exit bad }'
	# tcrypt's first and last rows and ours are there.
	grep -q '^sha1,auto,16,16,1,' out.csv
	grep -q '^sha1,auto,8192,8192,1,' out.csv
	grep -q '^sha1,auto,1048576,1048576,1,' out.csv
}

@test "JSON: one valid document covering every implementation" {
	"$SIMDSUM" --benchmark --benchmark-time=1 --format=json > out.json
	json_pairs out.json | sort -u > got
	expected_pairs > want
	diff want got
	[ "$(json_pairs out.json | wc -l)" -eq $(($(wc -l < want) * NROWS)) ]
	grep -q '"cycle_source": "' out.json
	grep -q '"cpu": "' out.json
}

@test "multi-buffer rows are columns of their own, with their lane count" {
	mb=$("$SIMDSUM" --list-impls | awk '/multi-buffer/ && $2 == "supported" { print $1; exit }')
	if [ -z "$mb" ]; then
		skip "no multi-buffer implementation runs on this CPU"
	fi
	lanes=$("$SIMDSUM" --list-impls | awk -v m="$mb" '$1 == m && /multi-buffer/ { sub(/.*multi-buffer, /, ""); print $1; exit }')
	for alg in sha1 sha256 sha512; do
		impls_for $alg | grep -qx "$mb" && break
	done
	"$SIMDSUM" --benchmark --benchmark-time=1 -a $alg --impl=$mb --format=json > out.json
	json_pairs out.json | sort -u > got
	printf '%s\n' "$alg $mb" "$alg auto" | sort > want
	diff want got
	grep -q "\"impl\": \"$mb\", \"lanes\": $lanes," out.json
	"$SIMDSUM" --benchmark --benchmark-time=1 -a $alg --impl=$mb > out.txt
	grep -q '^multi-buffer columns' out.txt
}

@test "--impl benchmarks each implementation alone, beside auto" {
	for alg in sha1 sha256 sha512 crc32c; do
		for impl in $(impls_for $alg); do
			"$SIMDSUM" --benchmark --benchmark-time=1 --format=csv -a $alg --impl=$impl > out.csv
			printf '%s\n' "$alg $impl" "$alg auto" | sort -u > want
			tail -n +2 out.csv | cut -d, -f1,2 | tr , ' ' | sort -u > got
			diff want got
		done
	done
	"$SIMDSUM" --benchmark --benchmark-time=1 --format=csv -a sha1 --impl=auto | cut -d, -f2 | sort -u > got
	printf '%s\n' auto impl > want
	diff want got
}

@test "the table header names the CPU, compiler, flags and cycle source" {
	"$SIMDSUM" --benchmark --benchmark-time=1 -a sha1,crc32c > out.txt
	grep -q '^CPU: .' out.txt
	grep -q '^compiler: .' out.txt
	grep -q '^build flags: ' out.txt
	# perf counters, else the TSC, else (no TSC: not x86) no cycles at all.
	grep -Eq '^cycles: (core cycles in user space \(perf_event_open\)|TSC at [0-9]+ MHz \(core cycles unavailable: .+\)|not measured \(core cycles unavailable: .+; no TSC\))$' out.txt
	grep -q '^sha1: MiB/s and cycles per byte' out.txt
	grep -q '^crc32c: MiB/s and cycles per byte' out.txt
	[ "$(grep -c '^ *1048576 *1048576 *1 ' out.txt)" -eq 2 ]
}

@test "SIMDSUM_CYCLES=tsc forces the TSC fallback and the header says so" {
	run env SIMDSUM_CYCLES=tsc "$SIMDSUM" --benchmark --benchmark-time=1 -a crc32c
	if [ "$status" -ne 0 ]; then
		# Only where the CPU has no TSC (aarch64, s390x under check-cross).
		[ "$status" -eq 1 ]
		[[ "$output" == *"SIMDSUM_CYCLES=tsc: this CPU has no TSC"* ]]
		skip "no TSC on this CPU: $output"
	fi
	SIMDSUM_CYCLES=tsc "$SIMDSUM" --benchmark --benchmark-time=1 -a crc32c > out.txt
	grep -Eq '^cycles: TSC at [0-9]+ MHz \(core cycles unavailable: forced by SIMDSUM_CYCLES=tsc\)$' out.txt
	SIMDSUM_CYCLES=tsc "$SIMDSUM" --benchmark --benchmark-time=1 -a crc32c --format=csv > out.csv
	[ "$(tail -n +2 out.csv | cut -d, -f8 | sort -u)" = tsc ]
	SIMDSUM_CYCLES=tsc "$SIMDSUM" --benchmark --benchmark-time=1 -a crc32c --format=json > out.json
	grep -q '"cycle_source": "tsc"' out.json
}

@test "SIMDSUM_CYCLES=perf counts core cycles, or fails saying why" {
	run env SIMDSUM_CYCLES=perf "$SIMDSUM" --benchmark --benchmark-time=1 -a crc32c --format=csv
	if [ "$status" -eq 0 ]; then
		[ "$(echo "$output" | tail -n +2 | cut -d, -f8 | sort -u)" = perf ]
	else
		echo "# no core cycles here: $output" >&3
		[ "$status" -eq 1 ]
		[[ "$output" == *"SIMDSUM_CYCLES=perf: "*"perf"* ]]
		# Then the default falls back to the TSC, naming the same reason.
		reason=${output#*SIMDSUM_CYCLES=perf: }
		"$SIMDSUM" --benchmark --benchmark-time=1 -a crc32c > out.txt
		grep -qF "core cycles unavailable: $reason)" out.txt ||
			grep -qF "core cycles unavailable: $reason; no TSC)" out.txt
	fi
}

@test "the perf counter code reads and scales a software counter (perf-sw)" {
	run env SIMDSUM_CYCLES=perf-sw "$SIMDSUM" --benchmark --benchmark-time=1 -a crc32c --format=csv
	if [ "$status" -ne 0 ]; then
		skip "perf_event_open refused even the task clock: $output"
	fi
	echo "$output" | tail -n +2 | awk -F, '$8 != "perf-sw" || !($7 > 0) { print; bad = 1 } END { exit bad }'
}

@test "benchmark option errors, each with its own message" {
	run "$SIMDSUM" --benchmark --format=xml
	[ "$status" -eq 1 ]
	[[ "$output" == *"invalid --format 'xml'; valid: table, csv, json"* ]]
	run "$SIMDSUM" --format=csv
	[ "$status" -eq 1 ]
	[[ "$output" == *"the --format option is meaningful only with --benchmark"* ]]
	run "$SIMDSUM" --benchmark-time=5
	[ "$status" -eq 1 ]
	[[ "$output" == *"the --benchmark-time option is meaningful only with --benchmark"* ]]
	for bad in 0 -1 x 5ms 60001; do
		run "$SIMDSUM" --benchmark --benchmark-time=$bad
		[ "$status" -eq 1 ]
		[[ "$output" == *"invalid --benchmark-time '$bad'"* ]]
	done
	run "$SIMDSUM" --benchmark somefile
	[ "$status" -eq 1 ]
	[[ "$output" == *"--benchmark takes no FILE operands"* ]]
	run "$SIMDSUM" --benchmark --check
	[ "$status" -eq 1 ]
	[[ "$output" == *"the --check option is meaningless with --benchmark"* ]]
	run "$SIMDSUM" --benchmark --tag
	[ "$status" -eq 1 ]
	[[ "$output" == *"the --tag option is meaningless with --benchmark"* ]]
	run "$SIMDSUM" --benchmark -z
	[ "$status" -eq 1 ]
	[[ "$output" == *"the --zero option is meaningless with --benchmark"* ]]
	run "$SIMDSUM" --benchmark --io=mmap
	[ "$status" -eq 1 ]
	[[ "$output" == *"the --io option is meaningless with --benchmark"* ]]
	for opt in --json --base64 -j2 -r --files-from=list --cross-check --combine --parts=1MiB \
		--update=list --byte-order=little; do
		run "$SIMDSUM" --benchmark -a crc32c $opt
		[ "$status" -eq 1 ] || { echo "$opt: $status"; false; }
		[[ "$output" == *"option is meaningless with --benchmark"* ]]
	done
	for opt in --files0-from --update --byte-order; do
		run "$SIMDSUM" --benchmark -a crc32c $opt=little
		[[ "$output" == *"the $opt option is meaningless with --benchmark"* ]]
	done
	run env SIMDSUM_CYCLES=bogus "$SIMDSUM" --benchmark
	[ "$status" -eq 1 ]
	[[ "$output" == *"invalid SIMDSUM_CYCLES 'bogus'"* ]]
}

@test "--impl names: unknown everywhere, unknown for a chosen algorithm, or not runnable" {
	run "$SIMDSUM" --benchmark --impl=nonesuch
	[ "$status" -eq 1 ]
	[[ "$output" == *"unknown implementation 'nonesuch': no algorithm has one of that name"* ]]
	run "$SIMDSUM" --benchmark -a sha1 --impl=nonesuch
	[ "$status" -eq 1 ]
	[[ "$output" == *"unknown implementation 'nonesuch' for sha1; valid: auto, "*generic* ]]
	# A row the CPU cannot run is an error, never a silent fallback.
	other=$(impls_for sha1 | grep -vx generic | head -1)
	if [ -z "$other" ]; then
		skip "sha1 has no implementation but generic on this CPU"
	fi
	run env SIMDSUM_CPU_DISABLE=all "$SIMDSUM" --benchmark -a sha1 --impl=$other
	[ "$status" -eq 1 ]
	[[ "$output" == *"implementation '$other' of sha1 cannot run here"* ]]
}

@test "without -a, --impl skips the algorithms that lack it and says so" {
	"$SIMDSUM" --benchmark --benchmark-time=1 --impl=generic --format=csv | cut -d, -f2 | sort -u > got
	printf '%s\n' auto generic impl > want
	diff want got
	other=$(impls_for sha1 | grep -vx generic | head -1)
	if [ -z "$other" ]; then
		skip "sha1 has no implementation but generic on this CPU"
	fi
	"$SIMDSUM" --benchmark --benchmark-time=1 --impl=$other > out.txt
	grep -q "^sha1: " out.txt
	for alg in $ALGOS; do
		if impls_for $alg | grep -qx "$other"; then
			grep -q "^$alg: " out.txt
		else
			grep -q "^not run: $alg $other: no such implementation of this algorithm" out.txt
		fi
	done
}
