#!/bin/bash
# SPDX-License-Identifier: MIT
# bench/plot.sh - throughput against message size, one line per
# implementation, one panel per algorithm, drawn with gnuplot from
# `simdsum --benchmark --format=csv` (its single-update rows: 16 B .. 1 MiB).
#
#   bench/plot.sh SIMDSUM OUT.png [CSV]
#
# Without CSV it runs the benchmark for sha1, sha256, sha512 and crc32c
# (SHA-224 and SHA-384 run on the SHA-256 and SHA-512 transforms: their
# curves would repeat those) and keeps the CSV beside OUT as OUT.csv.
# Needs gnuplot (apt-get install -y gnuplot-nox).
set -euo pipefail

[ $# -ge 2 ] || { echo "usage: $0 SIMDSUM OUT.png [CSV]" >&2; exit 2; }
simdsum=$1 out=$2 csv=${3:-}
command -v gnuplot >/dev/null || { echo "plot.sh: gnuplot not found" >&2; exit 1; }

if [ -z "$csv" ]; then
	csv=${out%.png}.csv
	"$simdsum" --benchmark -a sha1,sha256,sha512,crc32c --format=csv > "$csv"
fi
[ "$(head -1 "$csv")" = "algorithm,impl,block_bytes,update_bytes,updates,mib_per_s,cycles_per_byte,cycle_source" ] ||
	{ echo "plot.sh: $csv is not simdsum --benchmark CSV" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One data file per algorithm and implementation, in the CSV's order.
awk -F, -v dir="$tmp" '
	NR > 1 && $5 == 1 {
		key = $1 "." $2
		if (!(key in seen)) { seen[key] = 1; print $1, $2 > (dir "/series") }
		print $4, $6 > (dir "/" key ".dat")
	}' "$csv"

cpu=$("$simdsum" --list-impls 2>/dev/null | sed -n 's/^CPU: //p' | head -1)
algos=$(awk '{ print $1 }' "$tmp/series" | uniq)
n=$(echo "$algos" | wc -l)
cols=$((n > 1 ? 2 : 1))
rows=$(((n + cols - 1) / cols))

{
	echo "set terminal pngcairo size $((cols * 640)),$((rows * 440 + 40)) font ',10'"
	echo "set output '$out'"
	echo "set multiplot layout $rows,$cols title 'simdsum --benchmark: single update of N bytes (init, update, final), ${cpu//\'/}'"
	echo "set logscale x 2"
	echo "set xrange [12:1.4e6]"
	echo "set xtics ('16' 16, '64' 64, '256' 256, '1K' 1024, '4K' 4096, '16K' 16384, '64K' 65536, '256K' 262144, '1M' 1048576)"
	echo "set xlabel 'bytes per message'"
	echo "set ylabel 'MiB/s'"
	echo "set yrange [0:*]"
	echo "set grid"
	echo "set key left top"
	for alg in $algos; do
		echo "set title '$alg'"
		plot="plot"
		sep=" "
		while read -r a impl; do
			[ "$a" = "$alg" ] || continue
			width=1.5
			[ "$impl" = auto ] && width=3
			plot+="$sep'$tmp/$a.$impl.dat' using 1:2 with linespoints lw $width title '$impl'"
			sep=", "
		done < "$tmp/series"
		echo "$plot"
	done
	echo "unset multiplot"
} > "$tmp/plot.gp"
gnuplot "$tmp/plot.gp"
echo "plot.sh: wrote $out (from $csv)"
