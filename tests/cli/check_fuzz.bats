#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Hostile checksum lines: hand-picked and mutated lines, each verified by
# coreutils and by simdsum, which must agree on every byte of output.

load helpers

hand_picked() {
	local h=$1
	cat <<LINES
$h  a
$h *a
$h a
 $h  a
	$h  a
$h	a
$h   a
\\$h  a
\\$h  \\a
\\$h  a\\nb
\\$h  a\\
\\$h  a\\x
${h}0  a
${h:1}  a
$h
$h 
$h  
SHA256 (a) = $h
SHA256(a)=$h
SHA256 (a) =  $h
SHA256 (a)  = $h
SHA256  (a) = $h
SHA256 (a = $h
SHA256 a) = $h
SHA256 ((a)) = $h
SHA256 (a) = ${h}0
SHA256 (a) = ${h:1}
\\SHA256 (a\\nb) = $h
\\SHA256 (a\\qb) = $h
 SHA256 (a) = $h
SHA256 (a) = $h x
SHA256 () = $h
sha256 (a) = $h
SHA-256 (a) = $h
#$h  a
LINES
}

@test "hand-picked malformed and borderline lines" {
	printf 'abc' > a
	printf 'x' > $'a\nb'
	printf 'x' > ' a'
	printf 'x' > '*a'
	printf 'x' > 'a '
	h=$(sha256sum a | cut -c1-64)
	i=0
	while IFS= read -r line; do
		i=$((i + 1))
		printf '%s\n' "$line" > "line$i.list"
		same_as sha256sum -c -w "line$i.list"
	done < <(hand_picked "$h")
	hand_picked "$h" > all.list
	same_as sha256sum -c -w all.list
	same_as sha256sum -c --strict --quiet all.list
}

@test "randomly mutated lines (seeded)" {
	printf 'abc' > a
	printf 'abd' > b
	h=$(sha256sum a | cut -c1-64)
	RANDOM=4242
	chars=( ' ' $'\t' '\' '*' '(' ')' '=' 'n' 'S' '0' 'f' 'g' $'\r' )
	bases=( "$h  a" "$h *b" "SHA256 (a) = $h" "\\$h  a\\nb" "$h a" )
	for i in $(seq 1 150); do
		line=${bases[RANDOM % ${#bases[@]}]}
		for m in 1 2; do
			pos=$((RANDOM % (${#line} + 1)))
			case $((RANDOM % 3)) in
			0) line="${line:0:pos}${line:pos+1}" ;;
			1) line="${line:0:pos}${chars[RANDOM % ${#chars[@]}]}${line:pos}" ;;
			2) line="${line:0:pos}${chars[RANDOM % ${#chars[@]}]}${line:pos+1}" ;;
			esac
		done
		printf '%s\n' "$line" > "m$i.list"
		same_as sha256sum -c -w "m$i.list"
	done
}
