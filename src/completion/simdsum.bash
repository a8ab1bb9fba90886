# SPDX-License-Identifier: MIT
# bash completion for simdsum and its sha*sum / crc32c names.
# Completes options, algorithm names, and the --impl names that the
# algorithm chosen so far (-a, or the program name) really has, asking the
# program itself (--list-impls=names).

_simdsum_algorithm_from_words()
{
	local i
	for ((i = 1; i < ${#COMP_WORDS[@]}; i++)); do
		case ${COMP_WORDS[i]} in
		-a | --algorithm)
			if [[ ${COMP_WORDS[i + 1]} == = ]]; then
				echo "${COMP_WORDS[i + 2]}"
			else
				echo "${COMP_WORDS[i + 1]}"
			fi
			return ;;
		--algorithm=*) echo "${COMP_WORDS[i]#--algorithm=}"; return ;;
		-a?*) echo "${COMP_WORDS[i]#-a}"; return ;;
		esac
	done
	return 0
}

_simdsum()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
	local prog=${COMP_WORDS[0]} opt=$prev
	local options="--algorithm= --binary --check --tag --text --zero --json --base64 --byte-order=
		--recursive --dereference --files-from= --files0-from= --ignore-missing --quiet
		--status --strict --warn --impl= --list-impls --debug --progress --io= --jobs=
		--parts= --combine --verify-object= --audit --ignore-new --update= --update-changed
		--cross-check --selftest
		--benchmark --benchmark-time= --format= --check-auto --tune --help --version"

	# With '=' in COMP_WORDBREAKS, "--impl=av" arrives as --impl, =, av.
	if [[ $prev == = && $COMP_CWORD -ge 2 ]]; then
		opt=${COMP_WORDS[COMP_CWORD - 2]}
	elif [[ $cur == --*=* ]]; then
		opt=${cur%%=*}
		cur=${cur#*=}
	elif [[ $prev != -* ]]; then
		opt=
	fi

	case $opt in
	-a | --algorithm)
		COMPREPLY=($(compgen -W "sha1 sha224 sha256 sha384 sha512 md5 xxh64 xxh3 xxh128 crc32c crc32 crc64nvme" -- "$cur"))
		return ;;
	--impl)
		local algo
		algo=$(_simdsum_algorithm_from_words)
		algo=${algo%%,*}
		COMPREPLY=($(compgen -W "$("$prog" ${algo:+-a "$algo"} --list-impls=names 2>/dev/null)" -- "$cur"))
		return ;;
	--io)
		COMPREPLY=($(compgen -W "auto read mmap" -- "$cur"))
		return ;;
	--byte-order)
		COMPREPLY=($(compgen -W "big little" -- "$cur"))
		return ;;
	--format)
		COMPREPLY=($(compgen -W "table csv json" -- "$cur"))
		return ;;
	--benchmark-time)
		return ;;
	--progress)
		COMPREPLY=($(compgen -W "auto always never" -- "$cur"))
		return ;;
	--list-impls)
		COMPREPLY=($(compgen -W "names" -- "$cur"))
		return ;;
	--tune)
		COMPREPLY=($(compgen -W "save" -- "$cur"))
		return ;;
	--audit)
		COMPREPLY=($(compgen -d -- "$cur"))
		return ;;
	-j | --jobs)
		return ;;
	--files-from | --files0-from | --verify-object | --update)
		COMPREPLY=($(compgen -f -- "$cur"))
		return ;;
	esac

	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$options" -- "$cur"))
		if [[ ${COMPREPLY[0]} == *= ]]; then
			compopt -o nospace 2>/dev/null
		fi
		return
	fi
	COMPREPLY=($(compgen -f -- "$cur"))
}

complete -o filenames -F _simdsum simdsum \
	simd-sha1sum simd-sha224sum simd-sha256sum simd-sha384sum simd-sha512sum simd-md5sum simd-crc32c
# The bare names only where they are simdsum (its links first on PATH):
# coreutils' sha256sum has none of its options.
_simdsum_register_drop_ins()
{
	local name path
	for name in sha1sum sha224sum sha256sum sha384sum sha512sum md5sum crc32c; do
		path=$(type -P "$name") || continue
		[[ $(readlink -f "$path") == */simdsum ]] && complete -o filenames -F _simdsum "$name"
	done
	return 0
}
_simdsum_register_drop_ins
unset -f _simdsum_register_drop_ins
