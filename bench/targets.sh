#!/bin/bash
# SPDX-License-Identifier: MIT
# bench/targets.sh - the comparisons the project's speed goals are stated
# in, each measured as one hyperfine run of the commands compared (ratios
# within one run; absolute times on a shared VM mean little):
#   - many files: 64 files of 16 MiB at -j1 (SHA-256, SHA-512, SHA-1, MD5),
#     multi-buffer lanes against the best single-stream kernel; the same
#     with few files (lanes never wait)
#   - the 20,000-file tree: -j1 and -j2 against sha256sum and openssl dgst;
#     -r against find | sort | xargs
#   - one 1 GiB file: CRC-32C -j2 against -j1; two algorithms in one read
#     against one; --parts=8MiB against plain; CRC-64/NVME and CRC-32
#     against CRC-32C, and their --parts; MD5 against md5sum and openssl;
#     the xxHash family against xxhsum;
#     the read-ahead thread
#   - --combine of 10,000 parts; start-up on /dev/null
#
#   make bench-targets     (builds simdsum and gen_data, runs this)
#
# Environment: SIMDSUM, GEN_DATA, BENCH_DATA, SEED, RUNS as in commands.sh.
set -euo pipefail

. "$(dirname "$0")/env.sh"

for tool in hyperfine jq openssl "$SIMDSUM" "$GEN_DATA"; do
	command -v "$tool" >/dev/null || { echo "targets.sh: $tool not found" >&2; exit 1; }
done

# The big file and the tree are those of commands.sh (same recipe, same
# place); 64 files of 16 MiB are made here.
SIMDSUM=$SIMDSUM GEN_DATA=$GEN_DATA BENCH_DATA=$BENCH_DATA SEED=$SEED SETS= \
	"$ROOT/bench/commands.sh" >/dev/null
BIG=$BENCH_DATA/big.bin
LIST=$BENCH_DATA/tree.list
MANY=$BENCH_DATA/many
if [ ! -f "$MANY/done" ]; then
	mkdir -p "$MANY"
	for i in $(seq -w 1 64); do
		"$GEN_DATA" file "$MANY/f$i" $((16 << 20)) $((SEED + 100 + 10#$i))
	done
	touch "$MANY/done"
fi
FILES64=$(printf "$MANY/f%s " $(seq -w 1 64))
FILES2=$(printf "$MANY/f%s " $(seq -w 1 64 | head -2))
FILES4=$(printf "$MANY/f%s " $(seq -w 1 64 | head -4))
FILES8=$(printf "$MANY/f%s " $(seq -w 1 64 | head -8))

# compare TITLE NAME CMD [NAME CMD]...: one hyperfine run; each command's
# mean time over the first's (above 1: the first is that much faster).
# Read back from hyperfine's JSON (names may hold commas).
compare() {
	local title=$1 json="$BENCH_DATA/targets.json"
	shift
	local args=()
	while [ $# -gt 0 ]; do
		args+=(-n "$1" "$2")
		shift 2
	done
	(cd "$BENCH_DATA" && hyperfine --style basic --warmup 1 --runs "$RUNS" -N \
		--export-json "$json" "${args[@]}" >>"$BENCH_DATA/targets.log" 2>&1) ||
		(cd "$BENCH_DATA" && hyperfine --style basic --warmup 1 --runs "$RUNS" \
			--export-json "$json" "${args[@]}" >>"$BENCH_DATA/targets.log" 2>&1)
	echo "$title:"
	jq -r '.results[0].mean as $first | .results[] |
		"\(.command)\t\(.mean)\t\(.stddev)\t\(.mean / $first)"' "$json" |
		awk -F'\t' '{ printf "  %-44s %8.3f s ± %6.3f  %6.2fx\n", $1, $2, $3, $4 }'
	echo
}

S=$SIMDSUM
echo "Goals as ratios, hyperfine $(hyperfine --version | cut -d' ' -f2), $RUNS runs after 1 warm-up, page cache warm"
echo "  $("$S" --version | head -1), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "  each block is one hyperfine run; the last column is each command's"
echo "  time over the first's"
echo
cat $FILES64 "$BIG" >/dev/null

# forced ALG FILES ROW...: the "NAME CMD" pairs of compare for each ROW
# this CPU runs (into the array pairs); rows it lacks are left out, so the
# same blocks run on every CPU.
forced() {
	local alg=$1 files=$2
	shift 2
	pairs=()
	for row in "$@"; do
		"$S" -a "$alg" --impl="$row" /dev/null >/dev/null 2>&1 || continue
		pairs+=("simdsum -a $alg -j1 --impl=$row" "$S -a $alg -j1 --impl=$row $files")
	done
}

# Auto against every single-stream and multi-buffer row that could be the
# best for that many files.
forced sha256 "$FILES64" shani shanix2 avx2x8 avx512x16
compare "64 files of 16 MiB, SHA-256, -j1 (auto against each row)" \
	"simdsum -a sha256 -j1" "$S -a sha256 -j1 $FILES64" "${pairs[@]}"
forced sha512 "$FILES64" avx512 avx2 avx2x4 avx512x8
compare "64 files of 16 MiB, SHA-512, -j1 (auto against each row)" \
	"simdsum -a sha512 -j1" "$S -a sha512 -j1 $FILES64" "${pairs[@]}"
forced sha1 "$FILES64" shani shanix3 avx2x8 avx512x16
compare "64 files of 16 MiB, SHA-1, -j1 (auto against each row)" \
	"simdsum -a sha1 -j1" "$S -a sha1 -j1 $FILES64" "${pairs[@]}"
forced md5 "$FILES64" x86_64 avx2x8
compare "64 files of 16 MiB, MD5, -j1 (auto against each row)" \
	"simdsum -a md5 -j1" "$S -a md5 -j1 $FILES64" "${pairs[@]}"
forced sha256 "$FILES2" shani shanix2 avx2x8 avx512x16
compare "2 files of 16 MiB, SHA-256, -j1 (few files: no waiting for lanes)" \
	"simdsum -a sha256 -j1 (auto)" "$S -a sha256 -j1 $FILES2" "${pairs[@]}"
forced sha256 "$FILES4" shani shanix2 avx2x8 avx512x16
compare "4 files of 16 MiB, SHA-256, -j1" \
	"simdsum -a sha256 -j1 (auto)" "$S -a sha256 -j1 $FILES4" "${pairs[@]}"
forced sha256 "$FILES8" shani shanix2 avx2x8 avx512x16
compare "8 files of 16 MiB, SHA-256, -j1" \
	"simdsum -a sha256 -j1 (auto)" "$S -a sha256 -j1 $FILES8" "${pairs[@]}"

compare "20,000 files (log-uniform 1 B..64 KiB), SHA-256" \
	"simdsum -a sha256 -j1" "$S -a sha256 -j1 --files0-from=$LIST" \
	"simdsum -a sha256 -j2" "$S -a sha256 -j2 --files0-from=$LIST" \
	"xargs sha256sum" "xargs -0 -a $LIST sha256sum" \
	"xargs openssl dgst -sha256" "xargs -0 -a $LIST openssl dgst -sha256"
compare "20,000 files: -r against find | sort | xargs" \
	"simdsum -r tree" "$S -r tree" \
	"find | sort | xargs simdsum" "sh -c 'find tree -type f -print0 | sort -z | xargs -0 $S'"

compare "1 GiB, CRC-32C: -j2 (ranges on two threads, crc32c_combine) against -j1" \
	"simdsum -a crc32c -j2" "$S -a crc32c -j2 $BIG" \
	"simdsum -a crc32c -j1" "$S -a crc32c -j1 $BIG" \
	"cat (read floor)" "sh -c 'cat $BIG >/dev/null'"
compare "1 GiB: two algorithms from one read against one" \
	"simdsum -a sha256" "$S -a sha256 $BIG" \
	"simdsum -a crc32c,sha256" "$S -a crc32c,sha256 $BIG"
compare "1 GiB, CRC-32C: --parts=8MiB against a plain CRC" \
	"simdsum -a crc32c" "$S -a crc32c $BIG" \
	"simdsum -a crc32c --parts=8MiB" "$S -a crc32c --parts=8MiB $BIG"
compare "1 GiB: CRC-64/NVME and CRC-32 against CRC-32C (whole command, -j1 and default)" \
	"simdsum -a crc32c -j1" "$S -a crc32c -j1 $BIG" \
	"simdsum -a crc64nvme -j1" "$S -a crc64nvme -j1 $BIG" \
	"simdsum -a crc32 -j1" "$S -a crc32 -j1 $BIG" \
	"simdsum -a crc32c" "$S -a crc32c $BIG" \
	"simdsum -a crc64nvme" "$S -a crc64nvme $BIG" \
	"simdsum -a crc32" "$S -a crc32 $BIG"
# The parts through the lanes (auto) against the same parts single-stream
# (the best single-stream row forced, which turns lanes off).
for pair in "sha256 shani" "md5 x86_64"; do
	alg=${pair% *} row=${pair#* }
	"$S" -a "$alg" --impl="$row" /dev/null >/dev/null 2>&1 || continue
	compare "1 GiB, ${alg}: --parts=8MiB through the lanes against single-stream parts" \
		"simdsum -a $alg --parts=8MiB" "$S -a $alg --parts=8MiB $BIG" \
		"simdsum -a $alg --parts=8MiB --impl=$row" "$S -a $alg --parts=8MiB --impl=$row $BIG" \
		"simdsum -a $alg" "$S -a $alg $BIG"
done
compare "1 GiB, CRC-64/NVME and CRC-32: --parts=8MiB against a plain run at -j1" \
	"simdsum -a crc64nvme -j1" "$S -a crc64nvme -j1 $BIG" \
	"simdsum -a crc64nvme --parts=8MiB" "$S -a crc64nvme --parts=8MiB $BIG" \
	"simdsum -a crc32 -j1" "$S -a crc32 -j1 $BIG" \
	"simdsum -a crc32 --parts=8MiB" "$S -a crc32 --parts=8MiB $BIG"
compare "1 GiB, MD5: simdsum against md5sum and openssl dgst -md5" \
	"simdsum -a md5" "$S -a md5 $BIG" \
	"md5sum" "md5sum $BIG" \
	"openssl dgst -md5" "openssl dgst -md5 $BIG"
if command -v xxhsum >/dev/null; then
	compare "1 GiB, the xxHash family (libxxhash): simdsum against xxhsum" \
		"simdsum -a xxh3" "$S -a xxh3 $BIG" \
		"xxhsum -H3" "xxhsum -H3 $BIG" \
		"simdsum -a xxh128" "$S -a xxh128 $BIG" \
		"xxhsum -H2" "xxhsum -H2 $BIG" \
		"simdsum -a xxh64" "$S -a xxh64 $BIG" \
		"xxhsum -H1" "xxhsum -H1 $BIG"
fi
compare "1 GiB: the read-ahead thread (--io=auto) against reading inline" \
	"simdsum -a sha512 (auto)" "$S -a sha512 $BIG" \
	"simdsum -a sha512 --io=read" "$S -a sha512 --io=read $BIG" \
	"sha512sum" "sha512sum $BIG"

for i in $(seq 1 10000); do echo "e3069283 8388608"; done > "$BENCH_DATA/parts.txt"
compare "--combine of 10,000 parts, and start-up" \
	"simdsum --combine (10,000 parts)" "$S --combine $BENCH_DATA/parts.txt" \
	"simdsum /dev/null" "$S /dev/null" \
	"sha256sum /dev/null" "sha256sum /dev/null"
