#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# A sparse 5 GiB file: past 2^32 bytes, where a 32-bit byte count (or a
# 32-bit bit count, past 512 MiB) would wrap, every digest equals that of
# an independent implementation: OpenSSL's for the SHA family, ISA-L's
# crc32_iscsi and crc32_gzip_refl for CRC-32C and CRC-32, a table of its
# own for CRC-64/NVME (tests/cli/crc32c_ref.c).

load helpers

# A few non-zero bytes, so that not every block is the same: at the start,
# on both sides of 4 GiB, and at the end (5 GiB + 4 bytes in all).
make_sparse() {
	rm -f sparse
	truncate -s 5G sparse
	printf 'head' | dd of=sparse conv=notrunc status=none
	printf 'xy' | dd of=sparse bs=1 seek=$((4 * 1024 * 1024 * 1024 - 1)) conv=notrunc status=none
	printf 'tail' >> sparse
	# Where holes are not supported the file would take 5 GiB of disk.
	if [ "$(du -k sparse | cut -f1)" -gt 65536 ]; then
		rm -f sparse
		skip "this file system does not keep sparse files sparse"
	fi
}

@test "a sparse 5 GiB file: every SHA digest equals OpenSSL's" {
	[ -z "${SIMDSUM_SKIP_SLOW:-}" ] || skip "SIMDSUM_SKIP_SLOW is set"
	make_sparse
	# One read for all five; then one OpenSSL pass each.
	"$SIMDSUM" -j1 -a sha1,sha224,sha256,sha384,sha512 --tag sparse > ours
	for alg in sha1 sha224 sha256 sha384 sha512; do
		want=$(openssl dgst -$alg -r sparse | cut -d' ' -f1)
		tag=$(printf '%s' $alg | tr a-z A-Z)
		grep -qxF "$tag (sparse) = $want" ours || { echo "$alg: want $want"; cat ours; false; }
	done
}

@test "a sparse 5 GiB file: CRC-32C equals ISA-L's, read, mapped and split" {
	[ -z "${SIMDSUM_SKIP_SLOW:-}" ] || skip "SIMDSUM_SKIP_SLOW is set"
	make_sparse
	"$CRC32C_REF" sparse > want
	"$SIMDSUM" -a crc32c -j1 --io=read sparse | cmp - want
	"$SIMDSUM" -a crc32c -j1 --io=mmap sparse | cmp - want
	# With several jobs one large file's CRC is split over threads.
	"$SIMDSUM" -a crc32c -j3 sparse | cmp - want
}

@test "a sparse 5 GiB file: CRC-32 and CRC-64/NVME equal the reference's, read, mapped and split" {
	[ -z "${SIMDSUM_SKIP_SLOW:-}" ] || skip "SIMDSUM_SKIP_SLOW is set"
	make_sparse
	for alg in crc32 crc64nvme; do
		"$CRC32C_REF" -a $alg sparse > want
		"$SIMDSUM" -a $alg -j1 --io=read sparse | cmp - want
		"$SIMDSUM" -a $alg -j1 --io=mmap sparse | cmp - want
		"$SIMDSUM" -a $alg -j3 sparse | cmp - want
	done
}
