#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The CLI behaviours repeated for every implementation this CPU runs:
# forced with --impl, through both input paths, the output must be
# byte-identical to coreutils (SHA, MD5) or to generic (the CRCs).

load helpers

prog_of() {
	case $1 in
	sha1) echo sha1sum ;; sha224) echo sha224sum ;; sha256) echo sha256sum ;;
	sha384) echo sha384sum ;; sha512) echo sha512sum ;; md5) echo md5sum ;;
	esac
}

header_of() {
	case $1 in
	sha1) echo "sha1:" ;; sha224 | sha256) echo "sha224, sha256:" ;;
	sha384 | sha512) echo "sha384, sha512:" ;; md5 | crc*) echo "$1:" ;;
	esac
}

@test "every supported implementation, every algorithm, read and mmap, hash and check" {
	make_files
	head -c 300001 /dev/urandom > odd
	FILES+=(odd)
	for alg in sha1 sha224 sha256 sha384 sha512 md5 crc32c crc32 crc64nvme; do
		impls=$(supported_impls "$(header_of $alg)")
		[ -n "$impls" ]
		"$SIMDSUM" -a $alg --impl=generic "${FILES[@]}" > generic.out
		if [ -n "$(prog_of $alg)" ]; then
			$(prog_of $alg) "${FILES[@]}" | cmp - generic.out
		fi
		for impl in $impls; do
			echo "# $alg/$impl" >&3
			for io in read mmap; do
				"$SIMDSUM" -a $alg --impl=$impl --io=$io "${FILES[@]}" | cmp - generic.out
				"$SIMDSUM" -a $alg --impl=$impl --io=$io --tag "${FILES[@]}" > tag.out
				"$SIMDSUM" -a $alg --impl=$impl -c generic.out > check.out
				"$SIMDSUM" -a $alg --impl=$impl -c tag.out | cmp - check.out
			done
			cat "${FILES[@]}" | "$SIMDSUM" -a $alg --impl=$impl | cut -c1-20 > stdin.out
			cat "${FILES[@]}" | "$SIMDSUM" -a $alg --impl=generic | cut -c1-20 | cmp - stdin.out
		done
	done
}
