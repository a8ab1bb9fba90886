#!/bin/sh
# SPDX-License-Identifier: MIT
# audit_million.sh - the time and memory of --check --audit on N tiny
# files (default 1000000) in a few hundred directories: the list is made
# with "simdsum -r", then 10 files are deleted, 10 added, 10 moved and 10
# modified, and the audit is run under /usr/bin/time -v (plain --check of
# the same list too, for comparison). Prints the elapsed time, the
# maximum RSS and the RSS per entry. Not a timed test.
#
#   bench/audit_million.sh [N]      SIMDSUM=path/to/simdsum (default ./simdsum)
set -eu

N=${1:-1000000}
SIMDSUM=$(realpath "${SIMDSUM:-./simdsum}")
DIRS=500

if [ ! -x /usr/bin/time ]; then
	echo "audit_million.sh: needs GNU time as /usr/bin/time (apt-get install time)" >&2
	exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/audit_million.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
cd "$work"

echo "creating $N files in $DIRS directories under $work"
mkdir tree
awk -v n="$DIRS" 'BEGIN { for (i = 0; i < n; i++) printf "tree/d%03d\n", i }' | xargs mkdir
awk -v n="$N" -v d="$DIRS" 'BEGIN {
	for (i = 0; i < n; i++) {
		f = sprintf("tree/d%03d/f%07d", i % d, i)
		print "content " i > f
		close(f)
	}
}'
"$SIMDSUM" -r tree > list

# 10 of each change, in the first 10 directories (d00I holds the files
# I, I + DIRS, I + 2 * DIRS...)
for i in 0 1 2 3 4 5 6 7 8 9; do
	rm "tree/d00$i/f$(printf %07d "$i")"
	echo "new $i" > "tree/d00$i/new$i"
	mv "tree/d00$i/f$(printf %07d $((i + DIRS)))" "tree/d00$i/moved$i"
	echo "more" >> "tree/d00$i/f$(printf %07d $((i + 2 * DIRS)))"
done

# measure LABEL CMD...: runs CMD under /usr/bin/time -v, prints the figures.
measure() {
	label=$1
	shift
	/usr/bin/time -v "$@" > out 2> err || true
	elapsed=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' err)
	rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' err)
	echo "$label: elapsed $elapsed, max RSS $rss KiB, $((rss * 1024 / N)) bytes per entry"
}

sync
printf 'CPU: %s (family %s, model %s), %s CPUs\n' \
	"$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)" \
	"$(sed -n 's/^cpu family[[:space:]]*: //p' /proc/cpuinfo | head -1)" \
	"$(sed -n 's/^model[[:space:]]*: //p' /proc/cpuinfo | head -1)" "$(nproc)"
measure "--check --audit" "$SIMDSUM" -c list --audit=tree
for class in OK CHANGED MISSING MOVED NEW; do
	printf '  %s %s' "$class" "$(grep -c ": $class\$" out || true)"
done
echo
grep WARNING err | sed 's/^/  /'
measure "--check (no audit)" "$SIMDSUM" -c list
