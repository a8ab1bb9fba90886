#!/bin/bash
# SPDX-License-Identifier: MIT
# bench/device/run.sh - one run that measures a lent machine's CPU for
# bench/RESULTS.md, from the bundle bench/device/bundle.sh makes (copied
# there as devrun/run.sh): unit tests and --selftest, --tune=save, the
# CRC-32C blend sweep, simdsum against OpenSSL and ISA-L, whole commands,
# start-up on small files against sha256sum, --check-auto under the
# built-in profiles and --benchmark, then --check-auto under the saved
# profile with what time is left of BUDGET seconds (default 500). Nine
# files into OUT. Run on 2026-12-04's
# Emerald Rapids device machine in 390 s.
set -u
D=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/devout}
mkdir -p "$OUT"
export LD_LIBRARY_PATH=$D/lib
export PATH=$D/bin:$PATH
T0=$(date +%s)
el() { echo "[$(( $(date +%s) - T0 )) s] $*"; }
S=$D/bin/simdsum
NATIVE=yes
if ! "$S" --version >/dev/null 2>&1; then
	NATIVE=no
	echo "native run failed: $("$S" --version 2>&1 | head -2)"
fi
X() {
	if [ $NATIVE = yes ]; then "$@"; else "$D/glibc/ld-linux-x86-64.so.2" --library-path "$D/glibc:$D/lib" "$@"; fi
}

el info
{
	echo "== uname"; uname -a
	echo "== ldd"; ldd --version 2>&1 | head -1
	echo "== native: $NATIVE"
	echo "== nproc $(nproc)"
	grep -m1 'model name' /proc/cpuinfo; grep -m1 'vendor_id' /proc/cpuinfo
	grep -m1 'cpu family' /proc/cpuinfo; grep -m1 '^model' /proc/cpuinfo; grep -m1 'stepping' /proc/cpuinfo
	grep -m1 'cpu MHz' /proc/cpuinfo; grep -m1 '^flags' /proc/cpuinfo
	echo "== lscpu"; lscpu 2>&1 | head -30
	echo "== thp: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>&1)"
	echo "== mounts"; df -h /tmp . 2>&1; mount 2>/dev/null | head -5
	echo "== tools"; for t in sha256sum md5sum openssl python3 perl bats; do printf '%s: %s\n' $t "$(command -v $t)"; done
	echo "== simdsum --version"; X "$S" --version
	echo "== --list-impls"; X "$S" --list-impls 2>&1
	echo "== --selftest"; X "$S" --selftest 2>&1 | tail -5; echo "rc ${PIPESTATUS[0]}"
	head -c 100000 /dev/urandom > /tmp/small.bin
	echo "== --debug"; X "$S" --debug -a sha256 /tmp/small.bin /tmp/small.bin 2>&1 | head -40
	echo "== --debug crc32c"; X "$S" --debug -a crc32c /tmp/small.bin 2>&1 | head -20
} > "$OUT/info.txt" 2>&1
head -12 "$OUT/info.txt" | cut -c1-300

el unit
{
	export SIMDSUM_VECTORS=$D/vectors
	for t in "$D"/bin/test_*; do
		echo "== ${t##*/}"; X "$t" 2>&1; echo "== ${t##*/} rc $?"
	done
} > "$OUT/unit.txt" 2>&1
grep -E '^== test_.* rc|PASSED|FAILED|SKIPPED' "$OUT/unit.txt" | grep -v '^\[       OK' | head -40

el tune
SIMDSUM_PROFILE=/tmp/tuned.profile X "$S" --tune=save > "$OUT/tune.txt" 2>&1; echo "tune rc $?"
head -c 3000 /tmp/tuned.profile > /dev/null && echo "saved profile: $(wc -c < /tmp/tuned.profile) bytes"

el sweep
X "$D/bin/blend_sweep" --batches=41 > "$OUT/sweep.txt" 2>&1; echo "sweep rc $?"
cat "$OUT/sweep.txt"

el peers
X "$D/bin/peers" --batches=41 > "$OUT/peers.txt" 2>&1; echo "peers rc $?"


el data
B=/tmp/simdsum-bench
mkdir -p $B/many
X "$D/bin/gen_data" file $B/big.bin $((1 << 30)) 20261130
X "$D/bin/gen_data" tree $B/tree 20000 65536 20261131
(cd $B && find tree -type f -print0 | sort -z > tree.list)
for i in $(seq -w 1 16); do X "$D/bin/gen_data" file $B/many/f$i $((16 << 20)) $((20261230 + 10#$i)); done
cat $B/big.bin $B/many/* > /dev/null
F8=$(printf "$B/many/f%s " $(seq -w 1 16 | head -8))
F16=$(printf "$B/many/f%s " $(seq -w 1 16))

compare() {
	local title=$1 json=$B/t.json
	shift
	local args=()
	while [ $# -gt 0 ]; do args+=(-n "$1" "$2"); shift 2; done
	(cd $B && X "$D/bin/hyperfine" --style basic --warmup 1 --runs 5 -N --export-json "$json" \
		"${args[@]}" > $B/h.log 2>&1) || { echo "$title: hyperfine failed"; tail -3 $B/h.log; return; }
	echo "$title:"
	X "$D/bin/jq" -r '.results[0].mean as $first | .results[] |
		"\(.command)\t\(.mean)\t\(.stddev)\t\(.mean / $first)"' "$json" |
		awk -F'\t' '{ printf "  %-44s %8.4f s ± %6.4f  %6.2fx\n", $1, $2, $3, $4 }'
	echo
}
forced() {
	local alg=$1 files=$2; shift 2
	pairs=()
	for row in "$@"; do
		X "$S" -a "$alg" --impl="$row" /dev/null >/dev/null 2>&1 || continue
		pairs+=("simdsum -a $alg -j1 --impl=$row" "$S -a $alg -j1 --impl=$row $files")
	done
}
el targets
{
	echo "hyperfine 5 runs after 1 warm-up, page cache warm; last column: time over the first's"
	forced sha256 "$F8" shani shanix2 avx2x8 avx512x16
	compare "8 files of 16 MiB, SHA-256, -j1" "simdsum -a sha256 -j1 (auto)" "$S -a sha256 -j1 $F8" "${pairs[@]}"
	forced sha256 "$F16" shani shanix2 avx2x8 avx512x16
	compare "16 files of 16 MiB, SHA-256, -j1" "simdsum -a sha256 -j1 (auto)" "$S -a sha256 -j1 $F16" "${pairs[@]}"
	forced sha1 "$F16" shani shanix3 avx2x8 avx512x16
	compare "16 files of 16 MiB, SHA-1, -j1" "simdsum -a sha1 -j1 (auto)" "$S -a sha1 -j1 $F16" "${pairs[@]}"
	forced sha512 "$F16" avx512 avx2 avx2x4 avx512x8
	compare "16 files of 16 MiB, SHA-512, -j1" "simdsum -a sha512 -j1 (auto)" "$S -a sha512 -j1 $F16" "${pairs[@]}"
	forced md5 "$F16" x86_64 avx2x8 avx512x16
	compare "16 files of 16 MiB, MD5, -j1" "simdsum -a md5 -j1 (auto)" "$S -a md5 -j1 $F16" "${pairs[@]}"
	compare "1 GiB, CRC-32C: default against --io=read, --io=mmap, cat" \
		"simdsum -a crc32c" "$S -a crc32c $B/big.bin" \
		"simdsum -a crc32c --io=read" "$S -a crc32c --io=read $B/big.bin" \
		"simdsum -a crc32c --io=mmap" "$S -a crc32c --io=mmap $B/big.bin" \
		"simdsum -a crc32c -j1" "$S -a crc32c -j1 $B/big.bin" \
		"cat" "sh -c 'cat $B/big.bin >/dev/null'"
	compare "1 GiB: CRC-64/NVME and CRC-32 against CRC-32C (default -j)" \
		"simdsum -a crc32c" "$S -a crc32c $B/big.bin" \
		"simdsum -a crc64nvme" "$S -a crc64nvme $B/big.bin" \
		"simdsum -a crc32" "$S -a crc32 $B/big.bin"
	compare "20,000 files (1 B..64 KiB), SHA-256: default -j against -j1, -j2, -j4" \
		"simdsum -a sha256 (default -j)" "$S -a sha256 --files0-from=$B/tree.list" \
		"simdsum -a sha256 -j1" "$S -a sha256 -j1 --files0-from=$B/tree.list" \
		"simdsum -a sha256 -j2" "$S -a sha256 -j2 --files0-from=$B/tree.list" \
		"simdsum -a sha256 -j4" "$S -a sha256 -j4 --files0-from=$B/tree.list" \
		"xargs sha256sum" "xargs -0 -a $B/tree.list sha256sum"
	compare "1 GiB: SHA-256, SHA-1, MD5 against coreutils" \
		"simdsum -a sha256" "$S -a sha256 $B/big.bin" \
		"sha256sum" "sha256sum $B/big.bin" \
		"simdsum -a sha1" "$S -a sha1 $B/big.bin" \
		"sha1sum" "sha1sum $B/big.bin" \
		"simdsum -a md5" "$S -a md5 $B/big.bin" \
		"md5sum" "md5sum $B/big.bin"
	echo "== --debug on the tree (jobs) and the big file (io)"
	X "$S" --debug -a sha256 --files0-from=$B/tree.list 2>&1 >/dev/null | grep -i -m3 'input\|job'
	X "$S" --debug -a crc32c $B/big.bin 2>&1 >/dev/null | grep -i -m5 'input\|io\|job'
} > "$OUT/targets.txt" 2>&1
cat "$OUT/targets.txt"

el startup
# Small files, where start-up and the read buffer's first fill are most
# of a run: simdsum against sha256sum, interleaved (needs python3).
head -c 100 /dev/urandom > /tmp/f100; head -c 262144 /dev/urandom > /tmp/f256k
head -c 1048576 /dev/urandom > /tmp/f1m
if [ $NATIVE = yes ] && command -v python3 >/dev/null; then
	python3 "$D/interleave.py" 200 "$S -a sha256 /tmp/f100" "$(command -v sha256sum) /tmp/f100" \
		"$S -a sha256 /tmp/f256k" "$(command -v sha256sum) /tmp/f256k" \
		"$S -a sha256 /tmp/f1m" "$(command -v sha256sum) /tmp/f1m" > "$OUT/startup.txt" 2>&1
	cat "$OUT/startup.txt"
fi

el check-auto built-in
left=$(( ${BUDGET:-500} - 60 - ($(date +%s) - T0) ))
[ $left -gt 30 ] && timeout $left "$S" --benchmark --check-auto > "$OUT/checkauto.txt" 2>&1
echo "check-auto rc $?"
tail -25 "$OUT/checkauto.txt"
el benchmark
[ -z "${SKIP_BENCH:-}" ] && X "$S" --benchmark > "$OUT/benchmark.txt" 2>&1; echo "benchmark rc $?"
el check-auto tuned
left=$(( ${BUDGET:-500} - ($(date +%s) - T0) ))
[ $left -gt 30 ] && SIMDSUM_PROFILE=/tmp/tuned.profile timeout $left "$S" --benchmark --check-auto >> "$OUT/tune.txt" 2>&1
echo "check-auto tuned rc $?"
tail -25 "$OUT/tune.txt"
el done
