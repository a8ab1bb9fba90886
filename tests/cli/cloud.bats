#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Cloud-storage notations: --base64, --parts (S3 composite, full-object
# CRC-32C), --combine.

load helpers

# raw big-endian bytes of a hex string, base64-encoded
hex_to_b64() {
	printf "$(echo "$1" | sed 's/../\\x&/g')" | base64 -w0
}

@test "--base64 equals base64 of the raw digest bytes, every algorithm and style" {
	printf '123456789' > n
	for alg in sha1 sha224 sha256 sha384 sha512 md5 crc32c crc32 crc64nvme; do
		hex=$("$SIMDSUM" -a $alg n | cut -d' ' -f1)
		b64=$(hex_to_b64 "$hex")
		[ "$("$SIMDSUM" -a $alg --base64 n)" = "$b64  n" ]
		[ "$("$SIMDSUM" -a $alg --base64 --tag n)" = "$(echo $alg | tr a-z A-Z) (n) = $b64" ]
		[ "$("$SIMDSUM" -a $alg --base64 -z n | tr '\0' '\n')" = "$b64  n" ]
		[ "$("$SIMDSUM" -a $alg --base64 --json n | jq -r .digest)" = "$b64" ]
	done
	# CRC-32C of "123456789" is e3069283: big-endian bytes e3 06 92 83
	[ "$("$LINKS/crc32c" --base64 n)" = "4waSgw==  n" ]
	# the empty object: AAAAAA==, as Cloud Storage reports it
	: > empty
	[ "$("$LINKS/crc32c" --base64 empty)" = "AAAAAA==  empty" ]
}

@test "--check accepts base64 digests, told apart from hex by length" {
	printf 'data' > f
	for alg in sha1 sha224 sha256 sha384 sha512 md5 crc32c crc32 crc64nvme; do
		"$SIMDSUM" -a $alg --base64 f > b64.list
		"$SIMDSUM" -a $alg --base64 --tag f > b64tag.list
		run "$SIMDSUM" -a $alg -c b64.list
		[ "$output" = "f: OK" ]
		run "$SIMDSUM" -c b64tag.list
		[ "$output" = "f: OK" ]
		# one bit off: FAILED, not malformed
		sed 's/^\(.\)/\1/; s/[A-Za-z0-9]\(=*  f\)$/A\1/' b64.list > bad.list
		if ! cmp -s bad.list b64.list; then
			run "$SIMDSUM" -a $alg -c bad.list
			[ "$status" -eq 1 ]
		fi
	done
	# non-canonical padding bits are malformed
	echo "4waSgx==  f" > noncanon.list
	run --separate-stderr as_named crc32c -c -w noncanon.list
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"improperly formatted"* ]]
}

@test "--parts: per-part digests, S3 composite, full-object CRC, round trip with --combine" {
	head -c 20000001 /dev/urandom > obj
	run "$LINKS/crc32c" --base64 --parts=8MiB obj
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 5 ]
	[ "${lines[0]}" = "CRC32C (obj) part 1 of 3, offset 0, length 8388608 = $(head -c 8388608 obj | "$LINKS/crc32c" --base64 | cut -d' ' -f1)" ]
	[[ "${lines[2]}" == "CRC32C (obj) part 3 of 3, offset 16777216, length 3222785 = "* ]]
	# full object = CRC of the whole file
	[ "${lines[4]}" = "CRC32C (obj) full object = $("$LINKS/crc32c" --base64 obj | cut -d' ' -f1)" ]
	# composite = CRC-32C over the concatenated raw part CRCs, base64, -3
	for i in 0 1 2; do echo "${lines[$i]##* = }" | base64 -d; done > raw-parts
	[ "${lines[3]}" = "CRC32C (obj) composite of 3 parts = $("$LINKS/crc32c" --base64 raw-parts | cut -d' ' -f1)-3" ]
	# the same for SHA-256 and SHA-1 (S3 offers composites for them too)
	for alg in sha256 sha1; do
		run "$SIMDSUM" -a $alg --base64 --parts=5MiB obj
		n=$(( ${#lines[@]} - 1 ))
		for ((i = 0; i < n; i++)); do echo "${lines[$i]##* = }" | base64 -d; done > raw
		[ "${lines[$n]##* = }" = "$("$SIMDSUM" -a $alg --base64 raw | cut -d' ' -f1)-$n" ]
		[ "$n" -eq 4 ]
	done
}

@test "--parts -a md5: each part's MD5 and S3's multipart ETag, against Python's hashlib" {
	head -c 20000001 /dev/urandom > obj
	run "$LINKS/md5sum" --parts=8MiB obj
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 4 ]
	[ "${lines[0]}" = "MD5 (obj) part 1 of 3, offset 0, length 8388608 = $(head -c 8388608 obj | md5sum | cut -d' ' -f1)" ]
	want=$(python3 -c 'import hashlib, sys
d = open("obj", "rb").read(); P = 8 << 20
ps = [hashlib.md5(d[i:i + P]).digest() for i in range(0, len(d), P)]
print("%s-%d" % (hashlib.md5(b"".join(ps)).hexdigest(), len(ps)))')
	[ "${lines[3]}" = "MD5 (obj) multipart ETag of 3 parts = $want" ]
	# hex whatever --base64 says (S3 shows ETags so), and in --json
	run "$SIMDSUM" -a md5 --base64 --parts=8MiB obj
	[ "${lines[3]}" = "MD5 (obj) multipart ETag of 3 parts = $want" ]
	[ "$("$SIMDSUM" -a md5,sha256 --json --parts=8MiB obj | jq -r 'select(.etag) | .etag')" = "$want" ]
	# the README's example
	head -c 20000000 /dev/zero > zeros
	[ "$("$SIMDSUM" -a md5 --parts=8MiB zeros | tail -1)" = "MD5 (zeros) multipart ETag of 3 parts = fee4441cc5d2334340a5aed7a5821535-3" ]
	grep -qF "fee4441cc5d2334340a5aed7a5821535-3" "$ROOT/README.md"
	# one part is still a multipart upload: "-1"
	run "$SIMDSUM" -a md5 --parts=64MiB obj
	[ "${lines[1]}" = "MD5 (obj) multipart ETag of 1 parts = $(printf '%s' "$(md5sum < obj | cut -d' ' -f1)" | xxd -r -p | md5sum | cut -d' ' -f1)-1" ]
}

# --parts' lines as --combine reads them: "DIGEST LENGTH" ("... part 2 of
# 3, offset 5, length 5 = DIGEST"). awk: sed took 36 s on 3 million.
pieces_of() {
	awk '/ part / { print $NF, $(NF - 2) }'
}

@test "random part sizes: --parts then --combine equals the whole-file CRC" {
	# 3 million one-byte parts: minutes under valgrind.
	[ -z "${SIMDSUM_SKIP_SLOW:-}" ] || skip "SIMDSUM_SKIP_SLOW is set"
	head -c 3000000 /dev/urandom > obj
	whole=$("$LINKS/crc32c" obj | cut -d' ' -f1)
	RANDOM=7
	for size in 1 100 4096 65536 999999 2999999 3000000 3000001 $((RANDOM * 10 + 1)) $((RANDOM + 1)); do
		# into a file, written in chunks (to a pipe a line is a write)
		"$LINKS/crc32c" --parts=$size obj > out && pieces_of < out > pieces
		[ "$("$SIMDSUM" --combine pieces | cut -d' ' -f1)" = "$whole" ]
		# and through base64
		"$LINKS/crc32c" --base64 --parts=$size obj > out && pieces_of < out > pieces64
		[ "$("$SIMDSUM" --combine --base64 < pieces64 | cut -d' ' -f1)" = \
			"$("$LINKS/crc32c" --base64 obj | cut -d' ' -f1)" ]
	done
}

@test "--parts: empty file, stdin, JSON, errors" {
	: > empty
	run "$LINKS/crc32c" --parts=1M empty
	[ "${lines[0]}" = "CRC32C (empty) part 1 of 1, offset 0, length 0 = 00000000" ]
	[ "${lines[2]}" = "CRC32C (empty) full object = 00000000" ]
	head -c 3000 /dev/urandom > f
	run bash -c "'$LINKS/crc32c' --parts=1K < f"
	[ "${#lines[@]}" -eq 5 ]
	"$LINKS/crc32c" --json --parts=1K f missing > out.json || true
	jq -c . out.json > /dev/null
	[ "$(jq -r 'select(.composite) | .parts' out.json)" = 3 ]
	[ "$(jq -r 'select(.error) | .name' out.json)" = missing ]
	for bad in 0 -5 8X 1.5M ""; do
		run "$SIMDSUM" --parts="$bad" f
		[ "$status" -eq 1 ]
	done
}

@test "--parts of standard input read in part already: N counts the parts left" {
	printf '0123456789' > ten
	# The shell's first command reads 3 bytes; 7 are left: 4 parts of 2.
	run bash -c "{ head -c 3 > /dev/null; '$SIMDSUM' --parts=2 -; } < ten"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "SHA256 (-) part 1 of 4, offset 0, length 2 = $(printf 34 | sha256sum | cut -d' ' -f1)" ]
	[ "${lines[3]}" = "SHA256 (-) part 4 of 4, offset 6, length 1 = $(printf 9 | sha256sum | cut -d' ' -f1)" ]
	[[ "${lines[4]}" == "SHA256 (-) composite of 4 parts = "*-4 ]]
	# Read to its end already: one empty part, of 1.
	run bash -c "{ cat > /dev/null; '$SIMDSUM' --parts=2 -; } < ten"
	[ "${lines[0]}" = "SHA256 (-) part 1 of 1, offset 0, length 0 = $(sha256sum < /dev/null | cut -d' ' -f1)" ]
}

@test "--combine: malformed input names the line, prints nothing, exit 1" {
	printf 'e3069283 9\n' > good
	printf '# comment\n\ne3069283 9\n4waSgw== 9\n' > mixed
	run "$SIMDSUM" --combine good
	[ "$output" = "e3069283  good" ]
	# CRC(123456789123456789)
	printf '123456789123456789' > twice
	run "$SIMDSUM" --combine mixed
	[ "$output" = "$("$LINKS/crc32c" twice | cut -d' ' -f1)  mixed" ]
	# (not "i": bats' run uses that name itself)
	k=0
	for line in "zz 9" "e3069283" "e3069283 -9" "e3069283 9x" "e3069283 99999999999999999999" \
		"e306928 9" "e3069283 9 extra" "4waSgx== 9" "0xe3069283 9" $'e3069283 9\r extra' \
		$'e3069283 9\r\r' "12345678 0"; do
		k=$((k + 1))
		printf 'e3069283 9\n%s\n' "$line" > bad$k
		run --separate-stderr "$SIMDSUM" --combine bad$k
		[ "$status" -eq 1 ]
		[ -z "$output" ]
		[[ "$stderr" == "$SAYS: bad$k: 2: "* ]]
	done
	# a CRLF list; a part of 0 bytes (CRC 0) changes nothing
	printf 'e3069283 9\r\n00000000 0\r\n' > crlf
	run "$SIMDSUM" --combine crlf
	[ "$output" = "e3069283  crlf" ]
	# total length overflow
	printf 'e3069283 9223372036854775807\ne3069283 9223372036854775807\ne3069283 9\n' > big
	run --separate-stderr "$SIMDSUM" --combine big
	[ "$status" -eq 1 ]
	# other algorithms are refused
	run "$SIMDSUM" --combine -a sha256 good
	[ "$status" -eq 1 ]
}

@test "--combine of 10,000 parts" {
	for i in $(seq 1 10000); do echo "e3069283 8388608"; done > many
	run "$SIMDSUM" --combine many
	[ "$status" -eq 0 ]
	[[ "$output" =~ ^[0-9a-f]{8}\ \ many$ ]]
}

@test "the worked --combine example of the README and man page holds" {
	run bash -c "printf 'V/UWDQ== 8388608\nes4spw== 8388608\nU1BPrw== 3222784\n' | '$SIMDSUM' --combine --base64"
	[ "$output" = "1KRLzg==  -" ]
	grep -qF "1KRLzg==" "$ROOT/README.md"
	grep -qF "1KRLzg==" "$ROOT/man/simdsum.1"
}

@test "--parts through multi-buffer lanes: the digests of single-stream hashing, any -j, any part size" {
	head -c "$(scaled 3000017 1100017)" /dev/urandom > obj   # 2 parts of 1 MiB or more
	for size in 64 1000 65536 65537 131072 999999 1MiB; do
		"$SIMDSUM" -a md5,sha1,sha256,sha512,xxh3,crc32 --io=mmap --parts=$size obj > ref.out
		for j in 1 2 3; do
			"$SIMDSUM" -a md5,sha1,sha256,sha512,xxh3,crc32 -j$j --parts=$size obj | cmp - ref.out ||
				{ echo "--parts=$size -j$j"; false; }
		done
	done
	# every multi-buffer row this CPU runs, forced, against generic
	for alg in md5 sha1 sha256 sha512; do
		"$SIMDSUM" -a $alg --impl=generic --parts=100000 obj > generic.out
		for impl in $("$SIMDSUM" --list-impls | awk -v a="$alg" '
			/^[^ ].*:$/ { h = $0; next } h ~ a && /multi-buffer/ { print $1 }'); do
			"$SIMDSUM" -a $alg --impl=$impl --parts=100000 obj | cmp - generic.out ||
				{ echo "$alg --impl=$impl"; false; }
		done
	done
	# and Python's hashlib, part by part
	"$SIMDSUM" -a sha256 --parts=65537 obj | grep ' part ' | sed 's/.* = //' > ours
	python3 -c 'import hashlib
d = open("obj", "rb").read(); P = 65537
for i in range(0, len(d), P): print(hashlib.sha256(d[i:i + P]).hexdigest())' | cmp - ours
}

@test "--parts --cross-check: generic hashes every part beside, in one stream (no lanes, no ranges)" {
	# 33 MiB: what the CRCs split over threads at -j2, and many parts for
	# the lanes. Both read with pread(2); one stream reads with read(2).
	head -c $((33 * 1024 * 1024)) /dev/urandom > big
	for a in sha256 md5 crc32c crc32c,sha1; do
		"$SIMDSUM" -a $a -j1 --parts=1MiB big > ref.out
		rm -f .faults.log
		under_shim log-preads "$SIMDSUM" -a $a -j2 --cross-check --parts=1MiB big > got.out
		cmp got.out ref.out || { echo "$a"; false; }
		! grep -q "^pread" .faults.log || { echo "$a: lanes or ranges, without generic"; false; }
	done
}
