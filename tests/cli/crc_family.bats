#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The CRCs of the object stores beside CRC-32C: CRC-32/ISO-HDLC (-a crc32)
# and CRC-64/NVME (-a crc64nvme). Values are checked against the CRC
# catalogue's check values, the published base64 forms, Python's
# zlib.crc32 and, for CRC-64/NVME (which no tool here computes), a
# bit-at-a-time Python loop written from the catalogue's parameters.

load helpers

# crc_py ALG FILE [FILE...]: the CRCs of the files' concatenation, in hex.
crc_py() {
	CRC_PY_JOIN=1 crc_py_each "$@"
}

# "CRC  NAME" for each file, as simdsum -a ALG prints it: one Python for
# many files (its start is most of the time of one small file).
crc_py_each() {
	python3 - "$@" <<'PY'
import os, sys, zlib
alg, names = sys.argv[1], sys.argv[2:]
# reflected, polynomial 0x9A6C9329AC4BC9B5 (bit-reversed 0xAD93D23594C93659):
# a byte at a time through a table built a bit at a time (the bitwise
# loop took 20 s on 2.5 MB)
def step(reg):
    for _ in range(8):
        reg = (reg >> 1) ^ (0x9A6C9329AC4BC9B5 if reg & 1 else 0)
    return reg
table = [step(i) for i in range(256)]
def crc(data):
    if alg == "crc32":
        return "%08x" % zlib.crc32(data)
    reg = (1 << 64) - 1
    for byte in data:
        reg = table[(reg ^ byte) & 0xFF] ^ (reg >> 8)
    return "%016x" % (reg ^ ((1 << 64) - 1))
if os.environ.get("CRC_PY_JOIN"):
    print(crc(b"".join(open(n, "rb").read() for n in names)))
else:
    for n in names:
        print("%s  %s" % (crc(open(n, "rb").read()), n))
PY
}

@test "check values, the published base64 forms and Azure's byte order" {
	printf '123456789' > n
	[ "$("$SIMDSUM" -a crc32 n)" = "cbf43926  n" ]
	[ "$("$SIMDSUM" -a crc64nvme n)" = "ae8b14860a799888  n" ]
	[ "$("$SIMDSUM" -a crc32 --base64 n)" = "y/Q5Jg==  n" ]
	[ "$("$SIMDSUM" -a crc32c --base64 n)" = "4waSgw==  n" ]
	[ "$("$SIMDSUM" -a crc64nvme --base64 n)" = "rosUhgp5mIg=  n" ]
	# x-ms-content-crc64: the same CRC, least significant byte first
	[ "$("$SIMDSUM" -a crc64nvme --byte-order=little --base64 n)" = "iJh5CoYUi64=  n" ]
	[ "$("$SIMDSUM" -a crc64nvme --byte-order=little n)" = "8898790a86148bae  n" ]
	[ "$("$SIMDSUM" -a crc32 --byte-order=little n)" = "2639f4cb  n" ]
	# big is the default; the SHAs and xxHash have no byte order to change:
	# little with no CRC would be ignored without a word, so it is refused
	# (xxhsum --little-endian's lines are another form, read by -c)
	[ "$("$SIMDSUM" -a crc64nvme --byte-order=big n)" = "ae8b14860a799888  n" ]
	[ "$("$SIMDSUM" -a sha1 --byte-order=big n)" = "$("$SIMDSUM" -a sha1 n)" ]
	for a in "-a sha1" "-a xxh64" "" "-a sha256 -c"; do
		run --separate-stderr "$SIMDSUM" $a --byte-order=little n
		[ "$status" -eq 1 ]
		[ "${stderr%%$'\n'*}" = "$SAYS: --byte-order applies to CRCs only (-a crc32c, crc32 or crc64nvme)" ]
	done
	[ "$("$SIMDSUM" -a crc32,sha1 --byte-order=little n)" = "2639f4cb  n
$("$SIMDSUM" -a sha1 n)" ]
	[ "$("$SIMDSUM" -a crc32,crc64nvme --tag n)" = "CRC32 (n) = cbf43926
CRC64NVME (n) = ae8b14860a799888" ]
	: > empty
	[ "$("$SIMDSUM" -a crc32,crc64nvme empty)" = "00000000  empty
0000000000000000  empty" ]
	run --separate-stderr "$SIMDSUM" --byte-order=middle n
	[ "$status" -eq 1 ]
	[ "${stderr%%$'\n'*}" = "$SAYS: invalid --byte-order 'middle'; valid: big, little" ]
}

@test "random files against zlib.crc32 and a Python CRC-64/NVME, every implementation" {
	for len in 0 1 7 8 15 16 17 63 64 65 127 128 255 256 1000 4096 65537 100003; do
		head -c $len /dev/urandom > f$len
	done
	for alg in crc32 crc64nvme; do
		crc_py_each $alg f* > want
		for impl in $(supported_impls "$alg:"); do
			# one run a file: each starts the CRC afresh
			for f in f*; do "$SIMDSUM" -a $alg --impl=$impl $f; done > got
			cmp got want || { echo "$alg $impl"; diff got want; false; }
		done
	done
}

@test "--check: tagged lines of every CRC mix in one list; untagged ones take -a" {
	printf 'one' > a
	printf 'two' > b
	"$SIMDSUM" -a crc32c,crc32,crc64nvme,sha256 --tag a b > mixed.list
	run "$SIMDSUM" -c mixed.list
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 8 ]
	"$SIMDSUM" -a crc64nvme --base64 --tag a b > b64.list
	run "$SIMDSUM" -c b64.list
	[ "$status" -eq 0 ]
	# untagged 8-digit lines are CRC-32 or CRC-32C: -a says which
	"$SIMDSUM" -a crc32 a > u.list
	run "$SIMDSUM" -a crc32 -c u.list
	[ "$output" = "a: OK" ]
	run "$SIMDSUM" -a crc32c -c u.list
	[ "$status" -eq 1 ]
	# and 16 digits CRC-64/NVME, XXH64 or XXH3
	"$SIMDSUM" -a crc64nvme a > u64.list
	run "$SIMDSUM" -c u64.list
	[ "$status" -eq 1 ]
	run "$SIMDSUM" -a crc64nvme -c u64.list
	[ "$output" = "a: OK" ]
	# Azure's order is checked in Azure's order
	"$SIMDSUM" -a crc64nvme --byte-order=little --base64 a > az.list
	run "$SIMDSUM" -a crc64nvme --byte-order=little -c az.list
	[ "$output" = "a: OK" ]
	run "$SIMDSUM" -a crc64nvme -c az.list
	[ "$status" -eq 1 ]
}

@test "--check reads SFV files (cksfv, rhash --sfv) without -a and with -a crc32; sha256sum reads none" {
	printf 'hello' > h
	printf 'x y' > 'sp ace'
	printf 'new' > new
	printf 'n' > $'nl\nx'
	sfv() {
		python3 -c 'import sys, zlib
for f in sys.argv[1:]:
    print("%s %08X" % (f, zlib.crc32(open(f, "rb").read())))' "$@"
	}
	{ echo '; Generated by cksfv'; echo ';'; sfv h 'sp ace'; } > L.sfv
	for a in "" "-a crc32"; do
		run --separate-stderr "$SIMDSUM" $a -c --strict L.sfv
		[ "$status" -eq 0 ] || { echo "$a: $stderr"; false; }
		[ "$output" = $'h: OK\nsp ace: OK' ]
		no_stderr
	done
	# the CRC-32 only, and never under coreutils' names
	run --separate-stderr "$SIMDSUM" -a crc32c -c L.sfv
	[ "$status" -eq 1 ]
	same_as sha256sum -c L.sfv
	# a line another form reads stays that form: the reversed BSD line of
	# a file named like a CRC, a tagged line
	printf 'x' > 12345678
	{ "$SIMDSUM" -a crc32 12345678 | sed 's/  / /'; "$SIMDSUM" -a crc32 --tag h; } > other
	run --separate-stderr "$SIMDSUM" -a crc32 -c other
	[ "$status" -eq 0 ]
	[ "$output" = $'12345678: OK\nh: OK' ]
	# a changed file fails
	cp L.sfv kept.sfv
	printf '!' >> h
	run --separate-stderr "$SIMDSUM" -c L.sfv
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "h: FAILED" ]
	# --update adds SFV lines, in capitals; a name no SFV line can hold
	# gets the escaped tagged line
	"$SIMDSUM" --update=kept.sfv new $'nl\nx'
	[ "$(sed -n 5p kept.sfv)" = "$(sfv new)" ]
	[ "$(sed -n 6p kept.sfv)" = "$("$SIMDSUM" --tag -a crc32 $'nl\nx')" ]
	run --separate-stderr "$SIMDSUM" -c kept.sfv
	[ "$status" -eq 1 ]
	[ "$output" = $'h: FAILED\nsp ace: OK\nnew: OK\n\\nl\\nx: OK' ] || { echo "$output"; false; }
}

@test "SFV: a list that says it is SFV reads names that are digests; a tagged shape is no SFV; --update writes lines that read back" {
	sfv() {
		python3 -c 'import sys, zlib
for f in sys.argv[1:]:
    print("%s %08X" % (f, zlib.crc32(open(f, "rb").read())))' "$@"
	}
	# names a digest's length (git objects, MD5-named caches), a CRC's,
	# the XXH3_ prefix without its digest, a tag and parentheses
	names=(da39a3ee5e6b4b0d3255bfef95601890afd80709 d41d8cd98f00b204e9800998ecf8427e
		deadbeef XXH3_notes.txt 'MD5 (copy).txt')
	for n in "${names[@]}"; do printf '%s' "$n" > "$n"; done
	{ echo '; Generated by rhash'; sfv "${names[@]}"; } > L.sfv
	for a in "" "-a crc32"; do
		run --separate-stderr "$SIMDSUM" $a -c --strict L.sfv
		[ "$status" -eq 0 ] || { echo "$a: $stderr"; false; }
		[ "$output" = "$(printf '%s: OK\n' "${names[@]}")" ]
	done
	# a GNU list after it is read as one: the SFV list set no reversed
	# BSD form, and says nothing of the next list
	sha256sum deadbeef > gnu
	run --separate-stderr "$SIMDSUM" -c L.sfv gnu
	[ "$status" -eq 0 ]
	[ "${lines[-1]}" = "deadbeef: OK" ]
	# a GNU line is one under the comment line too, its name ending in
	# a blank and 8 hex digits or not (Windows tools write such lists),
	# and --update finds it there, under sha256sum's name as simdsum's
	printf 'r' > 'report 20240101'
	{ echo '; by fsum'; sha256sum deadbeef 'report 20240101'; } > fs.sha256
	run --separate-stderr "$SIMDSUM" -c fs.sha256
	[ "$status" -eq 0 ]
	[ "$output" = $'deadbeef: OK\nreport 20240101: OK' ]
	{ echo '; c'; "$SIMDSUM" -a crc32 'report 20240101'; } > c32
	run --separate-stderr "$SIMDSUM" -a crc32 -c c32
	[ "$output" = 'report 20240101: OK' ]
	cp fs.sha256 fs0
	"$SIMDSUM" --update=fs.sha256 'report 20240101'
	"$LINKS/sha256sum" --update=fs.sha256 'report 20240101'
	cmp fs.sha256 fs0
	# a list of comment lines only (rhash --sfv of an empty directory)
	# gets SFV lines
	printf '; x\n' > header.sfv
	"$SIMDSUM" --update=header.sfv deadbeef 'report 20240101'
	[ "$(tail -n 2 header.sfv)" = "$(sfv deadbeef 'report 20240101')" ]
	# without the comment line, a digest first is another form's line
	sfv d41d8cd98f00b204e9800998ecf8427e > bare.sfv
	run --separate-stderr "$SIMDSUM" -c bare.sfv
	[ "$status" -eq 1 ]
	# a tagged line of a tool's own algorithm is no SFV line, whatever its
	# digest: improperly formatted, not a file named "XXH32 (a) ="
	printf '; x\nXXH32 (a) = 1234abcd\n' > tag.sfv
	run --separate-stderr "$SIMDSUM" -c tag.sfv
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ "$stderr" = "$SAYS: tag.sfv: no properly formatted checksum lines found" ]
	# nor is --parts' line of a part, or of the full object (they were
	# read as SFV lines of a file named "CRC32C (a) part 1 of 2, ... =":
	# a review)
	head -c 9 /dev/urandom > a
	"$SIMDSUM" -a crc32c,crc32 --parts=4 a > parts.txt
	[ "$(grep -c ' = [0-9a-f]\{8\}$' parts.txt)" -eq 8 ]
	for alg in "" "-a crc32" "-a crc32c"; do
		run --separate-stderr "$SIMDSUM" $alg -c parts.txt
		[ "$status" -eq 1 ]
		[ -z "$output" ]
		[ "$stderr" = "$SAYS: parts.txt: no properly formatted checksum lines found" ]
	done
	# --update: a name whose SFV line would not read back gets the tagged
	# line (a comment's ';' or '#' first, blanks at either end, which rhash
	# trims); twice adds nothing more
	more=(';semi' '#hash' ' lead' 'trail ' 'e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5')
	for n in "${more[@]}"; do printf '%s' "$n" > "$n"; done
	"$SIMDSUM" --update=L.sfv "${more[@]}"
	cp L.sfv once
	"$SIMDSUM" --update=L.sfv "${more[@]}"
	cmp L.sfv once
	[ "$(tail -n 5 L.sfv)" = "$("$SIMDSUM" -a crc32 --tag ';semi' '#hash' ' lead' 'trail ')
$(sfv e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5)" ]
	run --separate-stderr "$SIMDSUM" -c --strict L.sfv
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s: OK\n' "${names[@]}" "${more[@]}")" ]
}

@test "--parts: CRC-32 parts, composite and full object; CRC-64/NVME without a composite" {
	head -c 2500001 /dev/urandom > obj
	head -c 1048576 obj > p1
	tail -c +1048577 obj | head -c 1048576 > p2
	tail -c +2097153 obj > p3
	for alg in crc32 crc64nvme; do
		crc_py_each $alg p1 p2 p3 obj > want
		run "$SIMDSUM" -a $alg --parts=1MiB obj
		[ "$status" -eq 0 ]
		tag=$(echo $alg | tr a-z A-Z)
		[ "${lines[0]}" = "$tag (obj) part 1 of 3, offset 0, length 1048576 = $(awk '$2 == "p1" { print $1 }' want)" ]
		[ "${lines[1]}" = "$tag (obj) part 2 of 3, offset 1048576, length 1048576 = $(awk '$2 == "p2" { print $1 }' want)" ]
		[ "${lines[2]}" = "$tag (obj) part 3 of 3, offset 2097152, length 402849 = $(awk '$2 == "p3" { print $1 }' want)" ]
		[ "${lines[-1]}" = "$tag (obj) full object = $(awk '$2 == "obj" { print $1 }' want)" ]
	done
	# CRC-32: S3's composite is the CRC of the big-endian part CRCs
	run "$SIMDSUM" -a crc32 --parts=1MiB obj
	[ "${#lines[@]}" -eq 5 ]
	for p in p1 p2 p3; do printf "$(crc_py crc32 $p | sed 's/../\\x&/g')"; done > crcs
	want=$(printf "$(crc_py crc32 crcs | sed 's/../\\x&/g')" | base64)
	[ "${lines[3]}" = "CRC32 (obj) composite of 3 parts = $want-3" ]
	# CRC-64/NVME: no composite (S3 has none), in text and JSON
	run "$SIMDSUM" -a crc64nvme --parts=1MiB obj
	[ "${#lines[@]}" -eq 4 ]
	run "$SIMDSUM" -a crc64nvme --parts=1MiB --json obj
	echo "${lines[-1]}" | jq -e '.composite == null and .digest != null and .parts == 3'
	# Azure's order reaches the part lines and the full object
	run "$SIMDSUM" -a crc64nvme --byte-order=little --base64 --parts=1MiB obj
	[ "${lines[-1]}" = "CRC64NVME (obj) full object = $("$SIMDSUM" -a crc64nvme --byte-order=little --base64 obj | cut -d' ' -f1)" ]
}

@test "--parts of a large file split over threads: the parts of one read on one thread" {
	# With every algorithm a CRC, two jobs or more and a file of 32 MiB
	# or more, ranges of parts are hashed on threads (pread) and joined
	# with crc_combine. -j1 reads on one thread: the reference. Part
	# sizes: whole parts per range (8 MiB), parts that cross ranges
	# (5000001), the smallest split (64 KiB), one part larger than the
	# file (the whole file in several ranges), and one range's size.
	# (A few runs only: check-valgrind runs this with the portable CRCs.)
	head -c $((34 * 1024 * 1024 + 12345)) /dev/urandom > big
	for run in "crc32c 8MiB 2" "crc32 5000001 2" "crc64nvme 5000001 3" "crc32c,crc64nvme,crc32 64KiB 2" \
		"crc32c,crc64nvme 1GiB 3" "crc32 16777216 2"; do
		set -- $run
		"$SIMDSUM" -a $1 -j1 --parts=$2 big > ref.out
		rm -f .faults.log
		under_shim log-preads "$SIMDSUM" -a $1 -j$3 --parts=$2 big > got.out
		cmp got.out ref.out || { echo "$run"; false; }
		grep -q "^pread [0-9]* $T/big\$" .faults.log || { echo "$run: no pread"; false; }
	done
	# -j1 and --io=mmap are not split; nor is a hash beside the CRCs
	for args in "-j1" "-j2 --io=mmap" "-j2 -a crc32c,xxh64"; do
		rm -f .faults.log
		under_shim log-preads "$SIMDSUM" -a crc32c $args --parts=8MiB big > /dev/null
		! grep -q "^pread" .faults.log || { echo "$args: split"; false; }
	done
	# the parts against zlib, through Python: the 5000001-byte parts
	# across the ranges' edges (18 MiB ranges at -j2)
	"$SIMDSUM" -a crc32 -j2 --parts=5000001 big > got.out
	python3 - big <<'PY' | cmp - <(awk '/ part [0-9]/ { print $NF }' got.out)
import sys, zlib
data = open(sys.argv[1], "rb").read()
for at in range(0, len(data), 5000001):
    print("%08x" % zlib.crc32(data[at:at + 5000001]))
PY
	[ "$(tail -n1 got.out)" = "CRC32 (big) full object = $(crc_py crc32 big)" ]
}

@test "--combine -a crc32 and crc64nvme, in both byte orders, hex and base64" {
	head -c 3000000 /dev/urandom > obj
	for alg in crc32 crc64nvme; do
		"$SIMDSUM" -a $alg --parts=700000 obj | awk '/ part [0-9]/ { print $12, $10 }' > parts
		[ "$("$SIMDSUM" --combine -a $alg parts)" = "$(crc_py $alg obj)  parts" ]
		"$SIMDSUM" -a $alg --byte-order=little --base64 --parts=700000 obj |
			awk '/ part [0-9]/ { print $12, $10 }' > lparts
		[ "$("$SIMDSUM" --combine -a $alg --byte-order=little --base64 lparts | cut -d' ' -f1)" = \
		  "$("$SIMDSUM" -a $alg --byte-order=little --base64 obj | cut -d' ' -f1)" ]
	done
	# a CRC-32C value is not a CRC-64 one
	echo "e3069283 9" > short
	run --separate-stderr "$SIMDSUM" --combine -a crc64nvme short
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"invalid CRC 'e3069283' (16 hex digits or base64)"* ]]
	run --separate-stderr "$SIMDSUM" --combine -a sha256 short
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"--combine joins the values of one CRC"* ]]
}

@test "-a crc32c,crc32,crc64nvme,sha256: one read, each equal to its own run" {
	head -c 5000000 /dev/urandom > f
	"$SIMDSUM" -a crc32c,crc32,crc64nvme,sha256 f > all
	for alg in crc32c crc32 crc64nvme sha256; do "$SIMDSUM" -a $alg f; done | cmp - all
	cat f | "$SIMDSUM" -a crc32c,crc32,crc64nvme,sha256 | sed 's/  -$/  f/' | cmp - all
}

@test "a file a few bytes past an even split: the one-thread CRC and parts, -j2 to past 64" {
	# The ranges' length was once the even share rounded down, then up to
	# 1 MiB: 64 MiB + 1 byte at -j64 took 65 ranges (a crash), and with
	# --parts a last window of fewer bytes than jobs took ranges of 0
	# bytes, for ever (34 MiB + 1 at the default -j2).
	head -c $((64 * 1024 * 1024 + 1)) /dev/urandom > big
	ref=$("$SIMDSUM" -a crc32c -j1 big)
	for j in 64 100; do
		[ "$(timeout 300 "$SIMDSUM" -a crc32c -j$j big)" = "$ref" ] || { echo "-j$j"; false; }
	done
	head -c $((34 * 1024 * 1024 + 1)) big > odd
	for run in "crc32c 8MiB 2" "crc64nvme 5000001 3" "crc32c,crc32 1MiB 7"; do
		set -- $run
		"$SIMDSUM" -a $1 -j1 --parts=$2 odd > ref.out
		timeout 300 "$SIMDSUM" -a $1 -j$3 --parts=$2 odd > got.out || { echo "$run: $?"; false; }
		cmp got.out ref.out || { echo "$run"; false; }
	done
}

@test "a large file split over threads gives the one-thread CRC, every CRC, one or several" {
	head -c 70000000 /dev/urandom > big
	for alg in crc32 crc64nvme; do
		[ "$("$SIMDSUM" -a $alg -j2 big)" = "$("$SIMDSUM" -a $alg -j1 --io=read big)" ]
	done
	# Several CRCs of the file: split too (pread), each range read once
	# for all of them; each digest that of its own one-thread run.
	for set in crc32c,crc64nvme crc32,crc32c,crc64nvme; do
		for alg in ${set//,/ }; do "$SIMDSUM" -a $alg -j1 --io=read big; done > ref.out
		rm -f .faults.log
		under_shim log-preads "$SIMDSUM" -a $set -j2 big > got.out
		cmp got.out ref.out || { echo "$set"; false; }
		grep -q "^pread [0-9]* $T/big\$" .faults.log || { echo "$set: not split"; false; }
		"$SIMDSUM" -a $set -j7 big | cmp - ref.out
		"$SIMDSUM" -a $set -j3 --impl=generic big | cmp - ref.out
		# --json names what computed each one
		"$SIMDSUM" -a $set -j2 --json big | jq -e -s --arg n "$(wc -l < ref.out)" \
			'length == ($n | tonumber) and all(.[]; .impl != null and .size == 70000000)'
	done
	# against zlib, with another CRC beside it
	[ "$("$SIMDSUM" -a crc32c,crc32 -j2 big | sed -n 2p)" = "$(crc_py crc32 big)  big" ]
	# a hash beside the CRCs: not split (the SHA's own reading thread)
	rm -f .faults.log
	under_shim log-preads "$SIMDSUM" -a crc32c,sha256 -j2 big > /dev/null
	! grep -q "^pread" .faults.log
}
