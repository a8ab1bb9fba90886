#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Option combinations coreutils rejects, each with its own message.

load helpers

@test "combinations rejected exactly as coreutils rejects them" {
	printf 'abc' > f
	sha256sum f > list
	same_as sha256sum --tag -t f
	same_as sha256sum -c -z list
	same_as sha256sum -c --tag list
	same_as sha256sum -c -b list
	same_as sha256sum -c -t list
	same_as sha256sum --ignore-missing f
	same_as sha256sum --status f
	same_as sha256sum -w f
	same_as sha256sum --quiet f
	same_as sha256sum --strict f
	same_as sha256sum --bogus f
	same_as sha256sum -Q f
}

@test "an abbreviation coreutils takes means the same, though simdsum's options share it" {
	printf 'abc' > f
	sha256sum f > list
	printf 'x  missing\n' >> list
	# --check-auto, --combine, --cross-check; --base64, --benchmark,
	# --byte-order; --ignore-new; --verify-object; --debug
	for abbrev in --c --ch --chec --b --bi --ta --z --ignore --ignore-m --w --q --stat --str; do
		case $abbrev in
		--c | --ch | --chec | --ignore* | --w | --q | --stat | --str) set -- "$abbrev" -c list ;;
		*) set -- "$abbrev" f ;;
		esac
		[ "$abbrev" != --ignore ] && [ "$abbrev" != --ignore-m ] || set -- "$abbrev" --check list
		same_as sha256sum "$@" || { echo "$*"; false; }
	done
	# --ver is --version, --h --help (whose texts are simdsum's own)
	run -0 as_named sha256sum --ver
	[[ "${lines[0]}" == "simdsum "* ]]
	run -0 as_named sha256sum --h
	[[ "${lines[0]}" == "Usage: sha256sum "* ]]
	# an argument to one names the whole option, as coreutils does
	for abbrev in --chec=x --b=1 --ver=1 --stat=1 --ignore-m=y --z=; do
		same_as sha256sum "$abbrev" f || { echo "$abbrev"; false; }
	done
	# and what coreutils finds ambiguous stays so
	run -1 --separate-stderr as_named sha256sum --t f
	[[ "$stderr" == "sha256sum: option '--t' is ambiguous; possibilities:"* ]]
}

@test "later options win: -t --tag is accepted, --tag -t is not" {
	printf 'abc' > f
	same_as sha256sum -t --tag f
	same_as sha256sum --tag -t f
}

@test "--help and --version" {
	run "$SIMDSUM" --help
	[ "$status" -eq 0 ]
	[[ "$output" == *"Usage: $SAYS [OPTION]... [FILE]..."* ]]
	for opt in --algorithm --binary --check --tag --text --zero --ignore-missing --quiet \
		--status --strict --warn --impl --list-impls --io --help --version; do
		[[ "$output" == *"$opt"* ]] || { echo "missing $opt"; false; }
	done
	run "$SIMDSUM" --version
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "simdsum "* ]]
	run bash -c "'$SIMDSUM' --help > /dev/full"
	[ "$status" -eq 1 ]
}

@test "an unknown algorithm is a usage error" {
	run --separate-stderr "$SIMDSUM" -a md4 /dev/null
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"invalid algorithm 'md4'"* ]]
	[[ "$stderr" == *"Try '$SAYS --help'"* ]]
}

@test "--check takes one algorithm" {
	run "$SIMDSUM" -c -a sha1,sha256 /dev/null
	[ "$status" -eq 1 ]
}

@test "--parts=SIZE: every size up to 2^64 - 1 bytes, none above it, none of 0" {
	printf 'abc' > f
	local one
	one=$("$SIMDSUM" --parts=1K f | tail -1)
	for size in 18446744073709551615 18446744073709551610 17179869183G 16777215T; do
		run "$SIMDSUM" --parts="$size" f
		[ "$status" -eq 0 ]
		[ "${lines[-1]}" = "$one" ]
	done
	for size in 18446744073709551616 99999999999999999999 17179869184G 16777216T 0 0K 5XB; do
		run --separate-stderr "$SIMDSUM" --parts="$size" f
		[ "$status" -eq 1 ]
		[[ "$stderr" == *"invalid part size '$size'"* ]]
	done
}

@test "-a: every algorithm at once, each as alone; an empty name in the list is invalid" {
	head -c 100000 /dev/urandom > f
	local all=md5,sha1,sha224,sha256,sha384,sha512,xxh64,xxh3,xxh128,crc32c,crc32,crc64nvme
	run -0 "$SIMDSUM" -a $all f
	[ "${#lines[@]}" -eq 12 ]
	for a in ${all//,/ }; do "$SIMDSUM" -a $a f; done > each
	[ "$output" = "$(cat each)" ]
	for list in "sha1," ",sha1" "sha1,,md5" ""; do
		run --separate-stderr "$SIMDSUM" -a "$list" f
		[ "$status" -eq 1 ]
		[[ "${stderr_lines[0]}" == "$SAYS: invalid algorithm ''; valid: "* ]]
	done
}

@test "a refused value of an option is quoted as coreutils quotes it, never written raw" {
	esc=$(printf '\033[31mX')
	for opt in --io= --parts= --progress= --byte-order= -j --list-impls= --tune= -a --impl=; do
		run --separate-stderr "$SIMDSUM" "$opt$esc" /dev/null
		[ "$status" -eq 1 ] || { echo "$opt: $status"; false; }
		[[ "$stderr" != *$'\033'* ]] || { echo "$opt: raw escape: $stderr"; false; }
		[[ "$stderr" == *"''\$'\\033''[31mX'"* ]] || { echo "$opt: $stderr"; false; }
	done
	run --separate-stderr "$SIMDSUM" --benchmark --benchmark-time="$esc"
	[[ "$stderr" == *"invalid --benchmark-time ''\$'\\033''[31mX'"* ]]
	run --separate-stderr env SIMDSUM_CHECK_AUTO_QUICK="$esc" "$SIMDSUM" --benchmark --check-auto
	[[ "$stderr" == *"invalid SIMDSUM_CHECK_AUTO_QUICK ''\$'\\033''[31mX'"* ]]
}
