#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# --verify-object=META [FILE]: a local copy against the JSON an object
# store prints for it (S3 head-object and get-object-attributes, Cloud
# Storage's JSON API and gcloud, Azure's az storage blob show and REST
# headers). Every META is written by the test from the file it made, with
# values computed by Python (hashlib, zlib, and the CRC-32C and
# CRC-64/NVME below), never by simdsum.

load helpers

# pyref CODE [ARGS...]: Python with the references defined; data is the
# bytes of the file named by the first argument.
pyref() {
	local code=$1
	shift
	python3 -c "$PY_REFS
$code" "$@"
}

PY_REFS='
import base64, hashlib, json, sys, zlib

def table(poly):
    # reflected, bit by bit; a table so that megabytes take seconds
    t = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ poly if c & 1 else c >> 1
        t.append(c)
    return t

T32C, T64 = table(0x82F63B78), table(0x9A6C9329AC4BC9B5)

def crc(t, ones, d):
    c = ones
    for b in d:
        c = t[(c ^ b) & 0xff] ^ (c >> 8)
    return c ^ ones

ALG = {
    "crc32c": lambda d: crc(T32C, 0xffffffff, d).to_bytes(4, "big"),
    "crc64nvme": lambda d: crc(T64, (1 << 64) - 1, d).to_bytes(8, "big"),
    "crc32": lambda d: zlib.crc32(d).to_bytes(4, "big"),
    "md5": lambda d: hashlib.md5(d).digest(),
    "sha1": lambda d: hashlib.sha1(d).digest(),
    "sha256": lambda d: hashlib.sha256(d).digest(),
    "sha512": lambda d: hashlib.sha512(d).digest(),
}

def b64(b):
    return base64.b64encode(b).decode()

def cut(d, sizes):
    out, at = [], 0
    for s in sizes:
        out.append(d[at:at + s])
        at += s
    return out

def even(n, p):
    return [p] * (n // p) + ([n % p] if n % p else [])

def composite(alg, d, sizes):
    raw = b"".join(ALG[alg](p) for p in cut(d, sizes))
    return "%s-%d" % (b64(ALG[alg](raw)), len(sizes))

def etag(d, sizes):
    raw = b"".join(hashlib.md5(p).digest() for p in cut(d, sizes))
    return "%s-%d" % (hashlib.md5(raw).hexdigest(), len(sizes))

def dump(obj, name):
    with open(name, "w") as f:
        json.dump(obj, f, indent=2)

data = open(sys.argv[1], "rb").read() if len(sys.argv) > 1 else b""
'

@test "the references: CRC-32C and CRC-64/NVME check values" {
	run pyref 'print(ALG["crc32c"](b"123456789").hex(), ALG["crc64nvme"](b"123456789").hex())'
	[ "$output" = "e3069283 ae8b14860a799888" ]
}

@test "S3 head-object, single part: quoted plain-MD5 ETag, FULL_OBJECT CRC-64/NVME" {
	head -c 100000 /dev/urandom > obj
	pyref 'dump({"AcceptRanges": "bytes", "ContentLength": len(data),
	  "ETag": "\"%s\"" % hashlib.md5(data).hexdigest(),
	  "ChecksumCRC64NVME": b64(ALG["crc64nvme"](data)), "ChecksumType": "FULL_OBJECT",
	  "ContentType": "binary/octet-stream", "ServerSideEncryption": "AES256", "Metadata": {}},
	  "head.json")' obj
	run "$SIMDSUM" --verify-object=head.json obj
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "obj: size (100000 bytes) OK" ]
	[ "${lines[1]}" = "obj: MD5 (ETag) OK" ]
	[ "${lines[2]}" = "obj: CRC64NVME (full object) OK" ]
	[ "${#lines[@]}" -eq 3 ]
}

@test "S3 multipart ETag without ObjectParts: the part size is found and said" {
	head -c 20000001 /dev/urandom > obj
	for mib in 8 5 16; do
		pyref 'p = int(sys.argv[2]) << 20
dump({"ContentLength": len(data), "ETag": "\"%s\"" % etag(data, even(len(data), p))},
     "head.json")' obj $mib
		run "$SIMDSUM" --verify-object=head.json obj
		[ "$status" -eq 0 ]
		n=$(( (20000001 + (mib << 20) - 1) / (mib << 20) ))
		[ "${lines[1]}" = "obj: MD5 (ETag, $n parts of $mib MiB) OK" ]
	done
	# in JSON: the size found, and that it was a guess
	run "$SIMDSUM" --json --verify-object=head.json obj
	[ "$(jq -r 'select(.type == "etag") | "\(.part_size) \(.part_size_from) \(.parts) \(.status)"' <<< "$output")" = "16777216 guess 2 ok" ]
	# the size over the count, rounded up to a MiB (7 MiB here), or not
	for p in 7340032 6666667; do
		pyref 'dump({"ContentLength": len(data),
      "ETag": etag(data, even(len(data), int(sys.argv[2])))}, "guess.json")' obj $p
		run "$SIMDSUM" --verify-object=guess.json obj
		[ "$status" -eq 0 ]
	done
	[ "${lines[1]}" = "obj: MD5 (ETag, 3 parts of 6666667 bytes) OK" ]
	# a part size no client uses: nothing matches, the sizes tried are named
	pyref 'dump({"ContentLength": len(data), "ETag": etag(data, even(len(data), 6900000))},
     "odd.json")' obj
	run --separate-stderr "$SIMDSUM" --verify-object=odd.json obj
	[ "$status" -eq 1 ]
	[ "${lines[1]}" = "obj: MD5 (ETag, 3 parts; tried 8 MiB, 7 MiB, 6666667 bytes) FAILED" ]
	[ "$stderr" = "$SAYS: WARNING: 1 computed checksum did NOT match" ]
}

@test "S3 get-object-attributes: unquoted multipart ETag over the listed (uneven) parts" {
	head -c 30000 /dev/urandom > obj
	pyref 'sizes = [12000, 10000, 8000]
dump({"ETag": etag(data, sizes), "ObjectSize": len(data),
      "ObjectParts": {"TotalPartsCount": 3, "PartNumberMarker": "0", "NextPartNumberMarker": "3",
                      "MaxParts": 1000, "IsTruncated": False,
                      "Parts": [{"PartNumber": i + 1, "Size": s} for i, s in enumerate(sizes)]},
      "StorageClass": "STANDARD"}, "attrs.json")' obj
	run "$SIMDSUM" --verify-object=attrs.json obj
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "obj: MD5 (ETag, 3 parts as listed) OK" ]
	[ "$(jq -r .part_size_from <<< "$("$SIMDSUM" --json --verify-object=attrs.json obj | sed -n 2p)")" = listed ]
}

@test "S3 FULL_OBJECT CRC-64/NVME of a multipart upload is the whole file's CRC" {
	head -c 12000000 /dev/urandom > obj
	pyref 'dump({"ContentLength": len(data), "ETag": "\"%s\"" % etag(data, even(len(data), 5 << 20)),
      "ChecksumCRC64NVME": b64(ALG["crc64nvme"](data)), "ChecksumType": "FULL_OBJECT"},
     "head.json")' obj
	run "$SIMDSUM" --verify-object=head.json obj
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "obj: MD5 (ETag, 3 parts of 5 MiB) OK" ]
	[ "${lines[2]}" = "obj: CRC64NVME (full object) OK" ]
}

@test "S3 COMPOSITE CRC-32C and SHA-256 with ObjectParts: each part, then the composite" {
	head -c 25000 /dev/urandom > obj
	for alg in crc32c sha256; do
		pyref 'alg = sys.argv[2]; sizes = [10000, 10000, 5000]
name = "Checksum" + alg.upper()
parts = [{"PartNumber": i + 1, "Size": s, name: b64(ALG[alg](p))}
         for i, (s, p) in enumerate(zip(sizes, cut(data, sizes)))]
# get-object-attributes prints the composite without its "-N"
dump({"ETag": etag(data, sizes), "ObjectSize": len(data),
      "Checksum": {name: composite(alg, data, sizes).split("-")[0], "ChecksumType": "COMPOSITE"},
      "ObjectParts": {"TotalPartsCount": 3, "Parts": parts}}, "attrs.json")' obj $alg
		tag=$(tr a-z A-Z <<< $alg)
		run "$SIMDSUM" --verify-object=attrs.json obj
		[ "$status" -eq 0 ]
		[ "$output" = "obj: size (25000 bytes) OK
obj: MD5 (ETag, 3 parts of 10000 bytes) OK
obj: $tag (composite, 3 parts of 10000 bytes) OK
obj: $tag (part 1 of 3) OK
obj: $tag (part 2 of 3) OK
obj: $tag (part 3 of 3) OK" ]
	done
	# one byte changed in part 2: that part and the composites fail, parts 1 and 3 hold
	# (one bit flipped: writing a fixed byte left random data as it was 1 time in 256)
	python3 -c 'f = open("obj", "r+b"); f.seek(15000); b = f.read(1); f.seek(15000); f.write(bytes([b[0] ^ 1]))'
	run --separate-stderr "$SIMDSUM" --verify-object=attrs.json obj
	[ "$status" -eq 1 ]
	[ "${lines[2]}" = "obj: SHA256 (composite, 3 parts of 10000 bytes) FAILED" ]
	[ "${lines[3]}" = "obj: SHA256 (part 1 of 3) OK" ]
	[ "${lines[4]}" = "obj: SHA256 (part 2 of 3) FAILED" ]
	[ "${lines[5]}" = "obj: SHA256 (part 3 of 3) OK" ]
	[ "$stderr" = "$SAYS: WARNING: 3 computed checksums did NOT match" ]
}

@test "S3 SHA without -N or ChecksumType (an older CLI's get-object-attributes): composite for an upload in parts" {
	# S3 keeps no whole-object SHA of an upload in parts. (It was judged
	# as the whole file's SHA: FAILED for a matching file.)
	head -c 3000001 /dev/urandom > obj
	for alg in sha256 sha1; do
		pyref 'alg = sys.argv[2]; sizes = even(len(data), 1 << 20)
dump({"ETag": etag(data, sizes), "ObjectSize": len(data),
      "Checksum": {"Checksum" + alg.upper(): composite(alg, data, sizes).split("-")[0]},
      "ObjectParts": {"TotalPartsCount": 3}}, "attrs.json")' obj $alg
		run "$SIMDSUM" --verify-object=attrs.json obj
		[ "$status" -eq 0 ] || { echo "$output"; false; }
		[ "${lines[2]}" = "obj: $(tr a-z A-Z <<< $alg) (composite, 3 parts of 1 MiB) OK" ]
	done
	# a single upload's SHA is the whole file's
	pyref 'dump({"ETag": hashlib.md5(data).hexdigest(), "ObjectSize": len(data),
      "Checksum": {"ChecksumSHA256": b64(ALG["sha256"](data))}}, "whole.json")' obj
	run "$SIMDSUM" --verify-object=whole.json obj
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	[ "${lines[2]}" = "obj: SHA256 (full object) OK" ]
}

@test "S3 CRC-32 or CRC-32C without -N or ChecksumType of an upload in parts: composite or full object, either matches" {
	# An older CLI's get-object-attributes: composite before S3 had full-object ones for uploads in parts, a
	# FULL_OBJECT one since (it was judged as the whole file's CRC only:
	# FAILED for a good composite)
	head -c 3000001 /dev/urandom > obj
	for alg in crc32 crc32c; do
		tag=$(tr a-z A-Z <<< $alg)
		pyref 'alg = sys.argv[2]; sizes = even(len(data), 1 << 20); name = "Checksum" + alg.upper()
dump({"ETag": etag(data, sizes), "ObjectSize": len(data),
      "Checksum": {name: composite(alg, data, sizes).split("-")[0]}}, "comp.json")
dump({"ETag": etag(data, sizes), "ObjectSize": len(data),
      "Checksum": {name: b64(ALG[alg](data))}}, "full.json")
dump({"ETag": etag(data, sizes), "ObjectSize": len(data),
      "Checksum": {name: b64(ALG[alg](data[1:]))}}, "wrong.json")' obj $alg
		run "$SIMDSUM" --verify-object=comp.json obj
		[ "$status" -eq 0 ] || { echo "$output"; false; }
		[ "${lines[2]}" = "obj: $tag (composite, 3 parts of 1 MiB) OK" ]
		run "$SIMDSUM" --verify-object=full.json obj
		[ "$status" -eq 0 ] || { echo "$output"; false; }
		[ "${lines[2]}" = "obj: $tag (full object) OK" ]
		run "$SIMDSUM" --json --verify-object=full.json obj
		[ "$(jq -r "select(.algorithm == \"$alg\") | \"\(.type) \(.actual)\"" <<< "$output")" = "full $(jq -r .Checksum[] full.json)" ]
		run --separate-stderr "$SIMDSUM" --verify-object=wrong.json obj
		[ "$status" -eq 1 ]
		[[ "${lines[2]}" == "obj: $tag (full object or composite, 3 parts; tried 1 MiB, "*") FAILED" ]]
		run --separate-stderr "$SIMDSUM" --json --verify-object=wrong.json obj
		[ "$(jq -r "select(.algorithm == \"$alg\") | \"\(.type) \(.or_type)\"" <<< "$output")" = "composite full" ]
	done
	# a single upload's (no -N on the ETag) is the whole file's, as before
	pyref 'dump({"ETag": hashlib.md5(data).hexdigest(), "ObjectSize": len(data),
      "Checksum": {"ChecksumCRC32": composite("crc32", data, [1 << 20] * 2 + [len(data) - (2 << 20)]).split("-")[0]}},
     "single.json")' obj
	run --separate-stderr "$SIMDSUM" --verify-object=single.json obj
	[ "$status" -eq 1 ]
	[ "${lines[2]}" = "obj: CRC32 (full object) FAILED" ]
}

@test "S3 head-object COMPOSITE with -N and no listing: the part size from the count" {
	head -c 3000 /dev/urandom > obj
	pyref 'dump({"ContentLength": len(data), "ChecksumCRC32C": composite("crc32c", data, [1000] * 3),
      "ChecksumCRC32": composite("crc32", data, [1000] * 3), "ChecksumType": "COMPOSITE"},
     "head.json")' obj
	run "$SIMDSUM" --verify-object=head.json obj
	[ "$status" -eq 0 ]
	# in META's order
	[ "${lines[1]}" = "obj: CRC32C (composite, 3 parts of 1000 bytes) OK" ]
	[ "${lines[2]}" = "obj: CRC32 (composite, 3 parts of 1000 bytes) OK" ]
	# expected and actual in S3's notation, in JSON
	run "$SIMDSUM" --json --verify-object=head.json obj
	want=$(jq -r .ChecksumCRC32C head.json)
	[ "$(jq -r 'select(.algorithm == "crc32c") | "\(.expected) \(.actual) \(.source)"' <<< "$output")" = "$want $want ChecksumCRC32C" ]
}

@test "the upload's part count from any -N: a composite without one, and a listed part, take the ETag's or another composite's" {
	head -c 3000 /dev/urandom > obj
	# get-object-attributes --object-attributes ETag Checksum ObjectSize:
	# no ObjectParts, the composite without -N, the ETag with it
	pyref 'dump({"ETag": etag(data, [1000] * 3), "ObjectSize": len(data),
      "Checksum": {"ChecksumCRC32": composite("crc32", data, [1000] * 3).split("-")[0],
                   "ChecksumType": "COMPOSITE"}}, "attrs.json")' obj
	run "$SIMDSUM" --verify-object=attrs.json obj
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	[ "${lines[2]}" = "obj: CRC32 (composite, 3 parts of 1000 bytes) OK" ]
	# a paged listing whose count only a composite's -N gives
	pyref 'dump({"ObjectSize": len(data),
      "Checksum": {"ChecksumCRC32C": composite("crc32c", data, [1000] * 3), "ChecksumType": "COMPOSITE"},
      "ObjectParts": {"IsTruncated": True, "Parts": [{"PartNumber": 1, "Size": 1000,
                      "ChecksumCRC32C": b64(ALG["crc32c"](data[:1000]))}]}}, "paged.json")' obj
	run "$SIMDSUM" --verify-object=paged.json obj
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	[ "${lines[2]}" = "obj: CRC32C (part 1 of 3) OK" ]
	run "$SIMDSUM" --json --verify-object=paged.json obj
	[ "$(jq -r 'select(.source | test("Parts")) | .parts' <<< "$output")" = 3 ]
}

@test "10,000 listed parts as the AWS CLI prints them (indented): read, every part checked" {
	head -c 20000 /dev/urandom > obj
	pyref 'sizes = [2] * 10000
parts = [{"PartNumber": i + 1, "Size": 2, "ChecksumSHA256": b64(ALG["sha256"](p))}
         for i, p in enumerate(cut(data, sizes))]
json.dump({"ETag": etag(data, sizes), "ObjectSize": len(data),
           "Checksum": {"ChecksumSHA256": composite("sha256", data, sizes).split("-")[0],
                        "ChecksumType": "COMPOSITE"},
           "ObjectParts": {"TotalPartsCount": 10000, "PartNumberMarker": 0, "NextPartNumberMarker": 10000,
                           "MaxParts": 10000, "IsTruncated": False, "Parts": parts}},
          open("awscli.json", "w"), indent=4)' obj
	[ "$(stat -c %s awscli.json)" -gt 1500000 ]
	run "$SIMDSUM" --verify-object=awscli.json obj
	[ "$status" -eq 0 ] || { echo "${lines[0]}"; false; }
	[ "${#lines[@]}" -eq 10003 ]
	[ "${lines[10002]}" = "obj: SHA256 (part 10000 of 10000) OK" ]
}

@test "the newer S3 algorithms: SHA-512, MD5, xxHash (member names matched case-insensitively)" {
	head -c 5000 /dev/urandom > obj
	xxh64=$(xxhsum -H1 obj | cut -d' ' -f1)
	xxh3=$(xxhsum -H3 obj | sed 's/.* = //')
	xxh128=$(xxhsum -H2 obj | cut -d' ' -f1)
	pyref 'x = lambda h: b64(bytes.fromhex(h))
dump({"ContentLength": len(data), "ChecksumSHA512": b64(ALG["sha512"](data)),
      "ChecksumMD5": b64(ALG["md5"](data)), "ChecksumXXHASH64": x(sys.argv[2]),
      "checksumXxhash3": x(sys.argv[3]), "ChecksumXXHASH128": x(sys.argv[4]),
      "ChecksumType": "FULL_OBJECT"}, "head.json")' obj $xxh64 $xxh3 $xxh128
	run "$SIMDSUM" --verify-object=head.json obj
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 6 ]
	for tag in SHA512 MD5 XXH64 XXH3 XXH128; do
		[[ "$output" == *"obj: $tag (full object) OK"* ]] || { echo "$tag"; false; }
	done
}

@test "Cloud Storage: the JSON API resource, gcloud's describe, a composite object" {
	head -c 70000 /dev/urandom > obj
	pyref 'dump({"kind": "storage#object", "name": "obj", "bucket": "b", "size": str(len(data)),
      "md5Hash": b64(ALG["md5"](data)), "crc32c": b64(ALG["crc32c"](data)),
      "etag": "CJ+8s6Ck5vsCEAE="}, "api.json")
dump({"name": "obj", "size": len(data), "crc32c_hash": b64(ALG["crc32c"](data)),
      "md5_hash": b64(ALG["md5"](data)), "storage_url": "gs://b/obj"}, "gcloud.json")
dump({"kind": "storage#object", "name": "obj", "size": str(len(data)),
      "crc32c": b64(ALG["crc32c"](data)), "componentCount": 3}, "composed.json")' obj
	for meta in api gcloud; do
		run "$SIMDSUM" --verify-object=$meta.json obj
		[ "$status" -eq 0 ]
		[ "$output" = "obj: size (70000 bytes) OK
obj: CRC32C (full object) OK
obj: MD5 (full object) OK" ]
	done
	run "$SIMDSUM" --verify-object=composed.json obj
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "obj: CRC32C (full object, 3 components) OK" ]
	[ "${#lines[@]}" -eq 2 ]
}

@test "Azure: az storage blob show's contentMd5, and the REST headers (CRC64 little-endian)" {
	head -c 4097 /dev/urandom > obj
	pyref 'dump({"container": "c", "name": "obj", "properties": {"blobType": "BlockBlob",
      "contentLength": len(data), "contentSettings": {"contentType": "application/octet-stream",
      "contentMd5": b64(ALG["md5"](data))}}}, "az.json")
dump({"Content-Length": str(len(data)), "content-md5": b64(ALG["md5"](data)),
      "x-ms-content-crc64": b64(ALG["crc64nvme"](data)[::-1])}, "rest.json")' obj
	run "$SIMDSUM" --verify-object=az.json obj
	[ "$status" -eq 0 ]
	[ "$output" = "obj: size (4097 bytes) OK
obj: MD5 (full object) OK" ]
	run "$SIMDSUM" --verify-object=rest.json obj
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "obj: CRC64NVME (full object) OK" ]
	[ "$(jq -r '.["x-ms-content-crc64"]' rest.json)" = "$("$SIMDSUM" -a crc64nvme --byte-order=little --base64 obj | cut -d' ' -f1)" ]
}

@test "Azure's headers with Azure's ETag (0x...): the ETag noted, the rest checked" {
	head -c 3000 /dev/urandom > obj
	pyref 'dump({"Content-Length": str(len(data)), "ETag": "\"0x8DCB7A3F2E1D4C0\"",
      "Content-MD5": b64(ALG["md5"](data))}, "rest.json")
dump({"Content-Length": str(len(data)), "ETag": "0x8dcb7a3f2e1d4c0a",
      "x-ms-content-crc64": b64(ALG["crc64nvme"](data)[::-1])}, "bare.json")' obj
	run --separate-stderr "$SIMDSUM" --verify-object=rest.json obj
	[ "$status" -eq 0 ]
	[ "$output" = "obj: size (3000 bytes) OK
obj: MD5 (full object) OK" ]
	[ "$stderr" = "$SAYS: rest.json: ETag: Azure's (a version, not a digest); not checked" ]
	run --separate-stderr "$SIMDSUM" --verify-object=bare.json obj
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "obj: CRC64NVME (full object) OK" ]
	# Not Azure's: 17 hex digits, or none, are still no MD5 ETag.
	for tag in 0x8DCB7A3F2E1D4C0AB 0x 0x8DCB7A3F2E1D4C0G; do
		printf '{"Content-Length": "3000", "ETag": "%s"}' "$tag" > bad.json
		run --separate-stderr "$SIMDSUM" --verify-object=bad.json obj
		[ "$status" -eq 1 ]
		[[ "$stderr" == *"ETag: not an MD5 ETag"* ]]
	done
}

@test "--json, --quiet, --status" {
	head -c 1000 /dev/urandom > obj
	pyref 'dump({"ContentLength": len(data), "ETag": hashlib.md5(data).hexdigest(),
      "ChecksumSHA1": b64(ALG["sha1"](data)), "ChecksumCRC32": b64(b"\0\0\0\0")}, "m.json")' obj
	run --separate-stderr "$SIMDSUM" --json --verify-object=m.json obj
	[ "$status" -eq 1 ]
	[ "$(jq -c . <<< "$output" | wc -l)" -eq 4 ]
	[ "$(jq -r '"\(.algorithm) \(.type) \(.status)"' <<< "$output")" = "size size ok
md5 etag ok
sha1 full ok
crc32 full failed" ]
	[ "$(jq -r 'select(.algorithm == "crc32") | .expected' <<< "$output")" = "AAAAAA==" ]
	[ "$(jq -r 'select(.algorithm == "crc32") | .actual' <<< "$output")" = "$(pyref 'print(b64(ALG["crc32"](data)))' obj)" ]
	run --separate-stderr "$SIMDSUM" --quiet --verify-object=m.json obj
	[ "$status" -eq 1 ]
	[ "$output" = "obj: CRC32 (full object) FAILED" ]
	run --separate-stderr "$SIMDSUM" --status --verify-object=m.json obj
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	no_stderr
	jq 'del(.ChecksumCRC32)' m.json > good.json
	run "$SIMDSUM" --status --verify-object=good.json obj
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "a size mismatch is the one line: the checksums are not read for" {
	head -c 1000 /dev/urandom > obj
	pyref 'dump({"ContentLength": len(data) + 1, "ETag": hashlib.md5(data).hexdigest()}, "m.json")' obj
	run --separate-stderr "$SIMDSUM" --verify-object=m.json obj
	[ "$status" -eq 1 ]
	[ "$output" = "obj: size (1001 bytes expected, 1000 found) FAILED" ]
	# read from a pipe, the size is known only at the end: the same one line
	run --separate-stderr bash -c "cat obj | '$SIMDSUM' --verify-object=m.json"
	[ "$status" -eq 1 ]
	[ "$output" = "-: size (1001 bytes expected, 1000 found) FAILED" ]
}

@test "a complete ObjectParts listing without a size member is the object's size" {
	head -c 1000 /dev/urandom > obj
	# get-object-attributes --object-attributes ObjectParts: each part's
	# CRC-32C, no ObjectSize. The second part has no checksum, so that
	# only the size can tell a file one byte short.
	pyref 'dump({"ObjectParts": {"TotalPartsCount": 2, "Parts": [
	    {"PartNumber": 1, "Size": 600, "ChecksumCRC32C": b64(ALG["crc32c"](data[:600]))},
	    {"PartNumber": 2, "Size": 400}]}}, "attrs.json")' obj
	run "$SIMDSUM" --verify-object=attrs.json obj
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "obj: size (1000 bytes) OK" ]
	[ "${lines[1]}" = "obj: CRC32C (part 1 of 2) OK" ]
	head -c 999 obj > short
	run "$SIMDSUM" --verify-object=attrs.json short
	[ "$status" -eq 1 ]
	[ "$output" = "short: size (1000 bytes expected, 999 found) FAILED" ]
	# a partial listing says nothing of the size
	pyref 'dump({"ObjectParts": {"IsTruncated": True, "Parts": [
	    {"PartNumber": 1, "Size": 600, "ChecksumCRC32C": b64(ALG["crc32c"](data[:600]))}]}}, "page.json")' obj
	run "$SIMDSUM" --verify-object=page.json short
	[ "$status" -eq 0 ]
	[ "$output" = "short: CRC32C (part 1) OK" ]
	run "$SIMDSUM" --json --verify-object=page.json short
	[ "$status" -eq 0 ]
	[[ "$output" == *'"part":1,'* && "$output" != *'"parts"'* ]]
	# a count given elsewhere names the whole
	pyref 'dump({"ObjectParts": {"IsTruncated": True, "TotalPartsCount": 2, "Parts": [
	    {"PartNumber": 1, "Size": 600, "ChecksumCRC32C": b64(ALG["crc32c"](data[:600]))}]}}, "page2.json")' obj
	run "$SIMDSUM" --verify-object=page2.json short
	[ "$status" -eq 0 ]
	[ "$output" = "short: CRC32C (part 1 of 2) OK" ]
}

@test "a one-part multipart ETag, and a count with no size to cut by" {
	head -c 3 /dev/urandom > obj
	pyref 'dump({"ContentLength": 3, "ETag": "\"%s\"" % etag(data, [3])}, "one.json")
dump({"ETag": etag(data, [2, 1])}, "nosize.json")' obj
	run "$SIMDSUM" --verify-object=one.json obj
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "obj: MD5 (ETag, 1 part) OK" ]
	# no size in META: a file's own size does
	run "$SIMDSUM" --verify-object=nosize.json obj
	[ "$status" -eq 0 ]
	[ "$output" = "obj: MD5 (ETag, 2 parts of 2 bytes) OK" ]
	# a pipe gives none in advance: the common part sizes are tried
	run --separate-stderr bash -c "cat obj | '$SIMDSUM' --verify-object=nosize.json"
	[ "$status" -eq 1 ]
	[ "$output" = "-: MD5 (ETag, 2 parts; no size: tried 8 MiB, 5 MiB, 15 MiB, 16 MiB, 64 MiB, 100 MiB, 128 MiB) FAILED" ]
}

@test "a pipe, and META without a size: every common part size is tried, and the part count decides" {
	# It said FAILED, with no size to find the part size by (a review).
	head -c 11000000 /dev/urandom > obj
	pyref 'M = 1 << 20
dump({"ETag": etag(data, even(len(data), 5 * M))}, "e5.json")
dump({"ETag": etag(data, even(len(data), 8 * M))}, "e8.json")
dump({"ETag": etag(data + b"x", even(len(data) + 1, 5 * M))}, "longer.json")' obj
	run --separate-stderr bash -c "cat obj | '$SIMDSUM' --verify-object=e5.json"
	[ "$status" -eq 0 ]
	[ "$output" = "-: MD5 (ETag, 3 parts of 5 MiB) OK" ]
	run --separate-stderr bash -c "cat obj | '$SIMDSUM' --verify-object=e8.json"
	[ "$status" -eq 0 ]
	[ "$output" = "-: MD5 (ETag, 2 parts of 8 MiB) OK" ]
	c8=$("$SIMDSUM" -a crc32c --base64 --parts=8MiB obj | sed -n 's/.*composite of 2 parts = //p')
	printf '{"ChecksumCRC32C": "%s"}' "$c8" > c8.json
	run --separate-stderr bash -c "cat obj | '$SIMDSUM' --verify-object=c8.json"
	[ "$status" -eq 0 ]
	[ "$output" = "-: CRC32C (composite, 2 parts of 8 MiB) OK" ]
	# A byte more: no cutting matches. The value shown (JSON's actual) is
	# that of the first cutting that gave the count, 5 MiB...
	run --separate-stderr bash -c "{ cat obj; printf y; } | '$SIMDSUM' --verify-object=e5.json"
	[ "$status" -eq 1 ]
	[ "$output" = "-: MD5 (ETag, 3 parts; no size: tried 8 MiB, 5 MiB, 15 MiB, 16 MiB, 64 MiB, 100 MiB, 128 MiB) FAILED" ]
	{ cat obj; printf y; } | "$SIMDSUM" --json --verify-object=longer.json > got.json || true
	want=$(jq -r .ETag longer.json | sed 's/^[0-9a-f]*/?/')
	jq -e '.tried == [8388608, 5242880, 15728640, 16777216, 67108864, 104857600, 134217728]' got.json
	[ "$(jq -r .actual got.json | sed 's/^[0-9a-f]\{32\}/?/')" = "$want" ]
	[ "$(jq -r .actual got.json)" != "$(jq -r .ETag longer.json)" ]
	{ cat obj; printf y; } | "$SIMDSUM" -a md5 --parts=5MiB - | grep -qF "ETag of 3 parts = $(jq -r .actual got.json)"
	# ... and none when no cutting gave it (a composite of another count
	# is no value to compare)
	head -c 1000 obj | "$SIMDSUM" --json --verify-object=e5.json > short.json || true
	jq -e '.status == "failed" and (has("actual") | not)' short.json
	# listed parts of 5 and 6 MiB: no size fits them, as for a file (it
	# said there was no size to cut by)
	printf '{"ETag": "%s-3", "ObjectParts": {"TotalPartsCount": 3, "IsTruncated": true, "Parts": [{"PartNumber": 1, "Size": 5242880}, {"PartNumber": 2, "Size": 6291456}]}}' \
		0123456789abcdef0123456789abcdef > listed.json
	run --separate-stderr bash -c "cat obj | '$SIMDSUM' --verify-object=listed.json"
	[ "$status" -eq 1 ]
	[ "$output" = "-: MD5 (ETag, 3 parts; no part size tried gives 3 parts of the sizes listed) FAILED" ]
}

@test "a composite is tried only with cuttings that give the parts listed" {
	# part 1 listed as 5 MiB, the composite one of 8 MiB parts: the
	# listing rules that cutting out (it was tried, and said OK)
	head -c 17000000 /dev/urandom > obj
	c8=$("$SIMDSUM" -a crc32c --base64 --parts=8MiB obj | sed -n 's/.*composite of 3 parts = //p')
	p5=$(head -c 5242880 obj | "$SIMDSUM" -a crc32c --base64 - | cut -d' ' -f1)
	p8=$(head -c 8388608 obj | "$SIMDSUM" -a crc32c --base64 - | cut -d' ' -f1)
	for size in 5242880:$p5 8388608:$p8; do
		printf '{"ContentLength": 17000000, "ChecksumCRC32C": "%s", "ObjectParts": {"TotalPartsCount": 3, "IsTruncated": true, "Parts": [{"PartNumber": 1, "Size": %s, "ChecksumCRC32C": "%s"}]}}' \
			"$c8" "${size%:*}" "${size#*:}" > "${size%:*}.json"
	done
	run --separate-stderr "$SIMDSUM" --verify-object=5242880.json obj
	[ "$status" -eq 1 ]
	[ "${lines[1]}" = "obj: CRC32C (composite, 3 parts; no part size tried gives 3 parts of the sizes listed) FAILED" ]
	[ "${lines[2]}" = "obj: CRC32C (part 1 of 3) OK" ]
	# the same cutting, listed so: OK
	run --separate-stderr "$SIMDSUM" --verify-object=8388608.json obj
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "obj: CRC32C (composite, 3 parts of 8 MiB) OK" ]
	[ "${lines[2]}" = "obj: CRC32C (part 1 of 3) OK" ]
	# all TotalPartsCount parts listed is the whole listing, IsTruncated or
	# not: a one-part upload's part 1 of 100 bytes contradicts the object
	head -c 3000 obj > small
	pyref 'dump({"ContentLength": 3000, "ChecksumCRC32C": composite("crc32c", data, [3000]),
	    "ObjectParts": {"TotalPartsCount": 1, "IsTruncated": True, "Parts": [
	    {"PartNumber": 1, "Size": 100, "ChecksumCRC32C": b64(ALG["crc32c"](data[:100]))}]}}, "one.json")' small
	run --separate-stderr "$SIMDSUM" --verify-object=one.json small
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: one.json: ObjectParts.Parts: the parts add up to 100 bytes, the object to 3000" ]
}

@test "META and FILE on standard input" {
	head -c 3000 /dev/urandom > obj
	pyref 'dump({"size": str(len(data)), "crc32c": b64(ALG["crc32c"](data))}, "m.json")' obj
	run bash -c "'$SIMDSUM' --verify-object=- obj < m.json"
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "obj: CRC32C (full object) OK" ]
	run bash -c "'$SIMDSUM' --verify-object=m.json - < obj"
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "-: CRC32C (full object) OK" ]
	# FILE a file that an earlier command read 1000 bytes of: the object
	# is the rest, and so is its size.
	tail -c 2000 obj > rest
	pyref 'dump({"size": str(len(data)), "crc32c": b64(ALG["crc32c"](data))}, "rest.json")' rest
	run bash -c "{ head -c 1000 > /dev/null; '$SIMDSUM' --verify-object=rest.json -; } < obj"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf -- '-: size (2000 bytes) OK\n-: CRC32C (full object) OK')" ]
	run --separate-stderr bash -c "'$SIMDSUM' --verify-object=- < m.json"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"META is standard input: name the FILE to check"* ]]
	run --separate-stderr bash -c "'$SIMDSUM' --verify-object=- - < m.json"
	[ "$status" -eq 1 ]
	# standard input by another name is the same stream: refused, not
	# checked as the empty rest of it (a META of {"crc32c":"AAAAAA=="}
	# matched that, OK)
	echo '{"crc32c":"AAAAAA=="}' > empty.json
	for args in "--verify-object=/dev/stdin" "--verify-object=- /dev/stdin" \
		    "--verify-object=/dev/fd/0 -" "--json --verify-object=/dev/stdin"; do
		run --separate-stderr bash -c "'$SIMDSUM' $args < empty.json"
		[ "$status" -eq 1 ]
		[[ "$stderr" == *": is META itself: name the FILE to check" ]]
		[[ "$output" != *OK* ]]
		run --separate-stderr bash -c "cat empty.json | '$SIMDSUM' $args"
		[ "$status" -eq 1 ]
		[[ "$stderr" == *": is META itself: name the FILE to check" ]]
	done
	[ "$output" = '{"name":"-","error":"is META itself: name the FILE to check"}' ]
	run --separate-stderr "$SIMDSUM" --verify-object=empty.json empty.json
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: empty.json: is META itself: name the FILE to check" ]
	# errors in META from standard input name it so
	run --separate-stderr bash -c "echo '{' | '$SIMDSUM' --verify-object=- obj"
	[ "$status" -eq 1 ]
	[[ "$stderr" == "$SAYS: 'standard input': invalid JSON at line 2, column 1: "* ]]
}

@test "errors in META: one line, exit 1, nothing claimed" {
	head -c 100 /dev/urandom > obj
	sum=$(pyref 'print(b64(ALG["crc32c"](data)))' obj)
	big=$(python3 -c 'print("{\"a\":\"" + "x" * 4200000 + "\"}")')
	# no TotalPartsCount: S3's limit is the only bound
	parts10001=$(python3 -c 'import json; print(json.dumps({"ETag": "d41d8cd98f00b204e9800998ecf8427e",
		"ObjectParts": {"Parts": [{"PartNumber": i + 1, "Size": 0} for i in range(10001)]}}))')
	k=0
	while IFS='|' read -r meta want; do
		k=$((k + 1))
		printf '%s' "$meta" > m$k.json
		run --separate-stderr "$SIMDSUM" --verify-object=m$k.json obj
		[ "$status" -eq 1 ] || { echo "$meta"; false; }
		[ -z "$output" ] || { echo "$meta: $output"; false; }
		[ "$stderr" = "$SAYS: m$k.json: $want" ] || { echo "$meta: $stderr"; false; }
	done <<EOF
{"size": "100", "crc32c": "$sum",}|invalid JSON at line 1, column 38: expected a string (a member name)
{"size": "100"|invalid JSON at line 1, column 15: expected ',' or '}'
|invalid JSON at line 1, column 1: unexpected end of input
[1, 2]|not a JSON object (the metadata of one object)
{"size": "100", "generation": "1"}|no checksum simdsum knows (S3's ETag or Checksum*, Cloud Storage's crc32c or md5Hash, Azure's Content-MD5)
{"ChecksumBLAKE3": "AAAA"}|no checksum simdsum knows (ChecksumBLAKE3: not an algorithm simdsum knows; not checked)
{"crc32c": "not base64"}|crc32c: not the base64 of a 4-byte CRC32C value
{"crc32c": "AAAAAAAA"}|crc32c: not the base64 of a 4-byte CRC32C value
{"crc32c": "AAAAAB=="}|crc32c: not the base64 of a 4-byte CRC32C value
{"crc32c": 123}|crc32c: not a string
{"crc32c": "$sum-3"}|crc32c: a part count (-N) does not belong here
{"ChecksumCRC32C": "$sum-x"}|ChecksumCRC32C: invalid part count after '-' (1 to 10000)
{"ChecksumCRC32C": "$sum-0"}|ChecksumCRC32C: invalid part count after '-' (1 to 10000)
{"ChecksumCRC32C": "$sum-03"}|ChecksumCRC32C: invalid part count after '-' (1 to 10000)
{"ChecksumCRC32C": "$sum-10001"}|ChecksumCRC32C: invalid part count after '-' (1 to 10000)
{"ChecksumCRC32C": "$sum-2", "ChecksumType": "FULL_OBJECT"}|ChecksumCRC32C: a part count (-N), but ChecksumType is FULL_OBJECT
{"ChecksumCRC32C": "$sum", "ChecksumType": "composite"}|ChecksumType: neither FULL_OBJECT nor COMPOSITE
{"ChecksumCRC32C": "$sum", "ChecksumType": "COMPOSITE"}|ChecksumCRC32C: composite, but no part count (no -N here or on the ETag, no ObjectParts.TotalPartsCount)
{"ChecksumCRC32C": "$sum", "checksumtype": "COMPOSITE"}|ChecksumCRC32C: composite, but no part count (no -N here or on the ETag, no ObjectParts.TotalPartsCount)
{"ChecksumCRC32C": "$sum", "ChecksumType": "COMPOSITE", "checksumtype": "COMPOSITE"}|ChecksumType: given more than once
{"ChecksumCRC32C": "$sum", "ChecksumType": "FULL_OBJECT\u0000x"}|ChecksumType: neither FULL_OBJECT nor COMPOSITE
{"crc32c": "$sum", "componentCount": 2, "component_count": 5}|component_count: 5, but componentCount says 2
{"ChecksumCRC64NVME": "AAAAAAAAAAA=-2"}|ChecksumCRC64NVME: CRC-64/NVME has no composite form in S3
{"ETag": "\"abc\""}|ETag: not an MD5 ETag (32 hex digits, then optionally -N)
{"ETag": "d41d8cd98f00b204e9800998ecf8427e-"}|ETag: invalid part count after '-' (1 to 10000)
{"ETag": "d41d8cd98f00b204e9800998ecf8427e-2", "ObjectParts": {"TotalPartsCount": 3}}|ETag: 2 parts, but ObjectParts.TotalPartsCount is 3
{"ETag": "d41d8cd98f00b204e9800998ecf8427e-2", "ChecksumCRC32C": "$sum-3"}|ChecksumCRC32C: 3 parts, but ETag: 2
{"ChecksumCRC32C": "$sum-3", "ChecksumSHA1": "AAAAAAAAAAAAAAAAAAAAAAAAAAA=-4"}|ChecksumSHA1: 4 parts, but ChecksumCRC32C: 3
{"ETag": "d41d8cd98f00b204e9800998ecf8427e", "ContentLength": "1e2"}|ContentLength: not a whole number of at least 0
{"ETag": "d41d8cd98f00b204e9800998ecf8427e", "ContentLength": -1}|ContentLength: not a whole number of at least 0
{"ETag": "d41d8cd98f00b204e9800998ecf8427e", "ContentLength": 123456789012345678901234567890}|ContentLength: too large (at most 9223372036854775807)
{"ETag": "d41d8cd98f00b204e9800998ecf8427e", "ContentLength": 100, "size": "99"}|size: 99 bytes, but another size member says 100
{"ETag": "d41d8cd98f00b204e9800998ecf8427e", "ETag": "d41d8cd98f00b204e9800998ecf8427e"}|ETag: given more than once
{"ChecksumCRC32C": "$sum", "checksumcrc32c": "$sum"}|checksumcrc32c: given more than once
{"ETag": "d41d8cd98f00b204e9800998ecf8427e-2", "ObjectSize": 100, "ObjectParts": {"TotalPartsCount": 2, "Parts": [{"PartNumber": 2, "Size": 50}]}}|ObjectParts.Parts[0]: part 2 where part 1 was expected (a paged listing? ask for every part: --max-parts 10000)
{"ETag": "d41d8cd98f00b204e9800998ecf8427e-2", "ObjectSize": 100, "ObjectParts": {"TotalPartsCount": 2, "Parts": [{"PartNumber": 1, "Size": 50}, {"PartNumber": 2, "Size": 49}]}}|ObjectParts.Parts: the parts add up to 99 bytes, the object to 100
{"ETag": "d41d8cd98f00b204e9800998ecf8427e-4", "ObjectSize": 100, "ObjectParts": {"Parts": [{"PartNumber": 1, "Size": 50}, {"PartNumber": 2, "Size": 50}]}}|ETag: 4 parts, but ObjectParts.Parts lists 2
{"ETag": "d41d8cd98f00b204e9800998ecf8427e-1", "ObjectSize": 100, "ObjectParts": {"IsTruncated": true, "Parts": [{"PartNumber": 1, "Size": 50}, {"PartNumber": 2, "Size": 50}]}}|ETag: 1 part, but ObjectParts.Parts lists 2
{"ETag": "d41d8cd98f00b204e9800998ecf8427e", "ChecksumCRC32C": "$sum-1", "ObjectParts": {"TotalPartsCount": 0, "Parts": []}}|ObjectParts.TotalPartsCount: 0 (a part count is 1 to 10000)
{"a": "\ud800", "crc32c": "$sum"}|invalid JSON at line 1, column 8: unpaired surrogate in \u escape
{"a": "\x", "crc32c": "$sum"}|invalid JSON at line 1, column 8: invalid escape in a string
$big|larger than 4194304 bytes: not the metadata of an object
{"ETag": "d41d8cd98f00b204e9800998ecf8427e", "ObjectSize": 100, "ObjectParts": {"TotalPartsCount": 2}}|ETag: a whole-object MD5 (no -N), but ObjectParts.TotalPartsCount is 2
{"ETag": "d41d8cd98f00b204e9800998ecf8427e-1", "ObjectParts": {"TotalPartsCount": 1, "Parts": [{"PartNumber": 1, "Size": 50}, {"PartNumber": 2, "Size": 50}]}}|ObjectParts.Parts: 2 parts, more than TotalPartsCount (1)
$parts10001|ObjectParts.Parts: more than 10000 parts
EOF
}

@test "hostile META: deep nesting, NUL bytes, invalid UTF-8, control characters, duplicates" {
	head -c 100 /dev/urandom > obj
	python3 -c 'print("[" * 100000 + "]" * 100000)' > deep.json
	printf '{"crc32c":"AAAAAA=="}\0' > nul.json
	printf '{"a":"\xc3\x28","crc32c":"AAAAAA=="}' > utf8.json
	printf '{"a":"\xed\xa0\x80","crc32c":"AAAAAA=="}' > surrogate.json
	printf '{"a":"\xc0\xaf","crc32c":"AAAAAA=="}' > overlong.json
	printf '{"a":"tab\there","crc32c":"AAAAAA=="}' > control.json
	printf '{"crc32c":"AAAAAA==","crc32c":"AAAAAA=="}' > dup.json
	printf '\xff\xfe{\0}\0' > utf16.json
	for meta in deep nul utf8 surrogate overlong control dup utf16; do
		run --separate-stderr "$SIMDSUM" --verify-object=$meta.json obj
		[ "$status" -eq 1 ] || { echo "$meta"; false; }
		[ -z "$output" ]
		[[ "$stderr" == "$SAYS: $meta.json: "* ]] || { echo "$meta: $stderr"; false; }
		[ "$(wc -l <<< "$stderr")" -eq 1 ]
	done
	[[ "$("$SIMDSUM" --verify-object=deep.json obj 2>&1)" == *"nested too deeply"* ]]
	# NUL inside a string (as \u0000) is data, and then no base64
	printf '{"crc32c":"AAAA\\u0000A=="}' > esc.json
	run --separate-stderr "$SIMDSUM" --verify-object=esc.json obj
	[ "$stderr" = "$SAYS: esc.json: crc32c: not the base64 of a 4-byte CRC32C value" ]
	# a leading UTF-8 byte order mark is allowed (RFC 8259, 8.1)
	pyref 'open("bom.json", "w").write("\ufeff" + json.dumps({"crc32c": b64(ALG["crc32c"](data))}))' obj
	run "$SIMDSUM" --verify-object=bom.json obj
	[ "$status" -eq 0 ]
}

@test "an unreadable FILE or META is an error as when hashing" {
	printf '{"size":"0","crc32c":"AAAAAA=="}' > m.json
	run --separate-stderr "$SIMDSUM" --verify-object=m.json missing
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ "$stderr" = "$SAYS: missing: No such file or directory" ]
	run --separate-stderr "$SIMDSUM" --json --verify-object=m.json missing
	[ "$(jq -r .error <<< "$output")" = "No such file or directory" ]
	mkdir dir
	run --separate-stderr "$SIMDSUM" --verify-object=m.json dir
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: dir: Is a directory" ]
	run --separate-stderr "$SIMDSUM" --verify-object=missing.json m.json
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: missing.json: No such file or directory" ]
	run --separate-stderr "$SIMDSUM" --verify-object=dir m.json
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: dir: Is a directory" ]
	# the empty object: one empty part
	: > empty
	run "$SIMDSUM" --verify-object=m.json empty
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "empty: CRC32C (full object) OK" ]
}

@test "--json: a META that cannot be read or is in error is an object with meta and error" {
	printf 'abc' > f
	printf '{"crc32c":"AAAA"}' > bad.json
	mkdir dir
	for meta in missing.json dir bad.json $'not\377utf8.json'; do
		run --separate-stderr "$SIMDSUM" --json --verify-object="$meta" f
		[ "$status" -eq 1 ] || { echo "$meta: $output"; false; }
		[ "${#lines[@]}" -eq 1 ] || { echo "$meta: $output"; false; }
		# the error is the message's text after META's name
		want=${stderr#"$SAYS: "}
		want=${want#*: }
		[ "$(jq -r .error <<< "$output")" = "$want" ] || { echo "$meta: $output / $stderr"; false; }
		if [ "$meta" = $'not\377utf8.json' ]; then
			[ "$(jq -r .meta_base64 <<< "$output")" = "$(printf '%s' "$meta" | base64)" ]
		else
			[ "$(jq -r .meta <<< "$output")" = "$meta" ]
		fi
	done
	# standard input is "-", as a list's is
	run --separate-stderr "$SIMDSUM" --json --verify-object=- f <<< '{'
	[ "$status" -eq 1 ]
	[ "$(jq -c . <<< "$output")" = '{"meta":"-","error":"invalid JSON at line 2, column 1: expected a string (a member name)"}' ]
	# --status: nothing on stdout, as for a list
	run --separate-stderr "$SIMDSUM" --json --status --verify-object=bad.json f
	[ "$status" -eq 1 ]
	[ -z "$output" ]
}

@test "an SSE-KMS object's ETag is not its MD5: noted, not checked" {
	head -c 100 /dev/urandom > obj
	pyref 'dump({"ContentLength": len(data), "ETag": "\"0123456789abcdef0123456789abcdef\"",
      "ServerSideEncryption": "aws:kms", "ChecksumSHA256": b64(ALG["sha256"](data))}, "m.json")' obj
	run --separate-stderr "$SIMDSUM" --verify-object=m.json obj
	[ "$status" -eq 0 ]
	[ "$output" = "obj: size (100 bytes) OK
obj: SHA256 (full object) OK" ]
	[ "$stderr" = "$SAYS: m.json: ETag: not an MD5 of the data for an SSE-KMS or SSE-C object; not checked" ]
}

@test "an S3 Express One Zone object's ETag is no MD5: noted, not checked, not a META error" {
	# Amazon S3 User Guide, "How is S3 Express One Zone different?": a
	# directory bucket's ETag is a random alphanumeric string, not an MD5
	# (HeadObject says StorageClass EXPRESS_ONEZONE for such an object).
	head -c 100 /dev/urandom > obj
	for etag in '"0123456789abcdef0123456789abcdef"' '"b9f7e2a14c3d4e8fa0c1d2e3f4a5b6c7zq"'; do
		pyref 'dump({"ContentLength": len(data), "ETag": sys.argv[2], "StorageClass": "EXPRESS_ONEZONE",
      "ServerSideEncryption": "AES256", "ChecksumCRC32C": b64(ALG["crc32c"](data)),
      "ChecksumType": "FULL_OBJECT"}, "m.json")' obj "$etag"
		run --separate-stderr "$SIMDSUM" --verify-object=m.json obj
		[ "$status" -eq 0 ] || { echo "$etag: $output $stderr"; false; }
		[ "$output" = "obj: size (100 bytes) OK
obj: CRC32C (full object) OK" ]
		[ "$stderr" = "$SAYS: m.json: ETag: not an MD5 of the data in a directory bucket (S3 Express One Zone); not checked" ]
	done
}

@test "head-object --part-number describes one part: refused, nothing claimed of the file" {
	# Amazon S3 API Reference, HeadObject: partNumber "effectively performs
	# a 'ranged' HEAD request for the part specified"; PartsCount is
	# returned only then. ContentLength and the checksums are the part's.
	head -c 3000 /dev/urandom > obj
	head -c 1000 obj > part1
	pyref 'p = data[:1000]
dump({"ContentLength": len(p), "ETag": "\"%s-3\"" % hashlib.md5(b"x").hexdigest(),
      "PartsCount": 3, "ChecksumCRC32C": b64(ALG["crc32c"](p))}, "m.json")' obj
	for f in obj part1; do
		run --separate-stderr "$SIMDSUM" --verify-object=m.json $f
		[ "$status" -eq 1 ]
		[ "$output" = "" ]
		[ "$stderr" = "$SAYS: m.json: PartsCount: the metadata of one part (head-object --part-number), not of the object" ]
	done
}

@test "one read, whatever the implementation: --impl applies to the families that have it" {
	head -c 2000000 /dev/urandom > obj
	pyref 'sizes = [1 << 20, len(data) - (1 << 20)]
dump({"ContentLength": len(data), "ETag": etag(data, sizes),
      "ChecksumCRC32C": b64(ALG["crc32c"](data)), "ChecksumSHA256": composite("sha256", data, sizes)},
     "m.json")' obj
	"$SIMDSUM" --verify-object=m.json obj > ref.out
	for impl in generic $(supported_impls "crc32c:") $(supported_impls "sha224, sha256:"); do
		"$SIMDSUM" --impl=$impl --verify-object=m.json obj | cmp - ref.out ||
			{ echo "--impl=$impl"; false; }
	done
	for io in read mmap; do
		"$SIMDSUM" --io=$io --verify-object=m.json obj | cmp - ref.out
	done
	run "$SIMDSUM" --impl=nonesuch --verify-object=m.json obj
	[ "$status" -eq 1 ]
	grep -c OK ref.out | grep -qx 4
}

@test "--verify-object: the combinations it refuses" {
	printf '{"size":"0","crc32c":"AAAAAA=="}' > m.json
	: > f
	for args in "-a md5 f" "--check f" "--parts=8M f" "--combine f" "-r f" "--tag f" "-z f" \
		"-b f" "--benchmark f" "--files-from=f" "f f" "--base64 f" "--byte-order=little f" \
		"--byte-order=big f" "--strict f" "-w f" "--ignore-missing f"; do
		run --separate-stderr "$SIMDSUM" --verify-object=m.json $args
		[ "$status" -eq 1 ] || { echo "$args"; false; }
		[[ "$stderr" == *"--verify-object"* ]] || { echo "$args: $stderr"; false; }
	done
	run "$SIMDSUM" --quiet --verify-object=m.json f
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "--cross-check, which the plan of --verify-object and --combine do not run, is refused" {
	printf '{"size":"0","crc32c":"AAAAAA=="}' > m.json
	: > f
	for mode in --verify-object=m.json --combine; do
		run --separate-stderr "$SIMDSUM" $mode --cross-check f
		[ "$status" -eq 1 ] || { echo "$mode: $output"; false; }
		[ -z "$output" ]
		[[ "$stderr" == *"the --cross-check option is not supported with ${mode%%=*}"* ]] ||
			{ echo "$mode: $stderr"; false; }
	done
	# where jobs run it, it stays accepted
	run -0 "$SIMDSUM" --cross-check f
	run -0 "$SIMDSUM" --cross-check --parts=8M f
}

@test "the worked examples of the README and the man page hold" {
	head -c 20000000 /dev/zero > obj
	pyref 'dump({"AcceptRanges": "bytes", "ContentLength": len(data),
      "ETag": "\"%s\"" % etag(data, even(len(data), 8 << 20)),
      "ChecksumCRC32C": composite("crc32c", data, even(len(data), 8 << 20)),
      "ChecksumType": "COMPOSITE"}, "head.json")' obj
	[ "$(jq -r .ETag head.json)" = '"fee4441cc5d2334340a5aed7a5821535-3"' ]
	[ "$(jq -r .ChecksumCRC32C head.json)" = "OPoRtQ==-3" ]
	run "$SIMDSUM" --verify-object=head.json obj
	[ "$output" = "obj: size (20000000 bytes) OK
obj: MD5 (ETag, 3 parts of 8 MiB) OK
obj: CRC32C (composite, 3 parts of 8 MiB) OK" ]
	for line in "${lines[@]}"; do
		grep -qF "$line" "$ROOT/README.md" || { echo "README lacks: $line"; false; }
		grep -qF "$line" "$ROOT/man/simdsum.1" || { echo "man page lacks: $line"; false; }
	done
	printf '{"kind": "storage#object", "size": "20000000", "crc32c": "tPW+GA==", "componentCount": 3}' > gcs.json
	run "$SIMDSUM" --verify-object=gcs.json obj
	[ "${lines[1]}" = "obj: CRC32C (full object, 3 components) OK" ]
	grep -qF "${lines[1]}" "$ROOT/README.md"
	grep -qF "${lines[1]}" "$ROOT/man/simdsum.1"
}
