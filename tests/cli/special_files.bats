#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Files that are not plain readable files: unreadable ones, dangling and
# looping links, character devices. Each gets coreutils' message (or its
# content, for a device), the other files are still hashed, and the exit
# status says whether anything failed.

load helpers

@test "a dangling symbolic link and a link loop" {
	printf 'abc' > plain
	ln -s nowhere dangling
	ln -s loop1 loop2
	ln -s loop2 loop1
	same_as sha256sum plain dangling plain
	same_as sha1sum loop1 plain
	same_as sha512sum --tag dangling
	"$SIMDSUM" plain > list
	ln -sf nowhere plain
	same_as sha256sum -c list
}

@test "a link to a good file is followed" {
	printf 'abc' > plain
	ln -s plain link
	same_as sha256sum link plain
}

@test "character devices: /dev/null is empty, hashed to its end" {
	same_as sha256sum /dev/null
	same_as sha1sum --tag /dev/null /dev/null
	same_as sha512sum - </dev/null
	run "$SIMDSUM" -a crc32c /dev/null
	[ "$output" = "00000000  /dev/null" ]
	for io in read mmap; do
		run "$SIMDSUM" --io=$io /dev/null
		[ "$output" = "$(sha256sum /dev/null)" ]
	done
	"$SIMDSUM" /dev/null > list
	same_as sha256sum -c list
	# A list read from a device.
	same_as sha256sum -c /dev/null
}

@test "an unreadable file (open fails with EACCES, injected)" {
	# Works as root too, where permissions do not stop reading.
	printf 'abc' > plain
	printf 'def' > secret
	run --separate-stderr env LD_PRELOAD="$FAULT_SHIM" SIMDSUM_FAULT=eacces=secret \
		"$SIMDSUM" plain secret plain
	[ "$status" -eq 1 ]
	[ "$stderr" = "$SAYS: secret: Permission denied" ]
	[ "${#lines[@]}" -eq 2 ]
	"$SIMDSUM" plain secret > list
	run --separate-stderr env LD_PRELOAD="$FAULT_SHIM" SIMDSUM_FAULT=eacces=secret \
		"$SIMDSUM" -c list
	[ "$status" -eq 1 ]
	[ "$output" = "plain: OK
secret: FAILED open or read" ]
	[ "$stderr" = "$SAYS: secret: Permission denied
$SAYS: WARNING: 1 listed file could not be read" ]
}

# as_unprivileged CMD...: runs CMD as the calling user, or as nobody when
# that is root (for whom mode 000 does not stop reading).
as_unprivileged() {
	if [ "$(id -u)" -eq 0 ]; then
		setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
	else
		"$@"
	fi
}

@test "an unreadable file (mode 000), compared with coreutils" {
	if [ "$(id -u)" -eq 0 ] && ! command -v setpriv >/dev/null; then
		skip "running as root without setpriv to drop privileges"
	fi
	[ "$(head -c 4 "$SIMDSUM" | tail -c 3)" = ELF ] || skip "SIMDSUM is a wrapper, not the binary"
	# A directory anyone may enter, with a copy of the binary in it: the
	# test's own directory may not be reachable for nobody.
	PERM_DIR=$(mktemp -d /tmp/simdsum-perm.XXXXXX)
	chmod 755 "$PERM_DIR"
	cp "$SIMDSUM" "$PERM_DIR/sha256sum"
	# executable by nobody whatever the umask: else PATH skips it and
	# finds coreutils' sha256sum, compared with itself
	chmod 755 "$PERM_DIR/sha256sum"
	cd "$PERM_DIR"
	printf 'abc' > plain
	printf 'def' > secret
	sha256sum plain secret > list
	chmod 644 plain list
	chmod 000 secret
	for args in "plain secret plain" "-c list"; do
		as_unprivileged sha256sum $args > ref.out 2> ref.err && ref=0 || ref=$?
		[ "$(as_unprivileged env PATH="$PERM_DIR:$PATH" sh -c 'command -v sha256sum')" = "$PERM_DIR/sha256sum" ]
		as_unprivileged env PATH="$PERM_DIR:$PATH" sha256sum $args > our.out 2> our.err && our=0 || our=$?
		[ "$ref" -eq 1 ] && [ "$our" -eq 1 ]
		cmp ref.out our.out
		cmp ref.err our.err
	done
	grep -q "Permission denied" our.err
}

teardown() {
	if [ -n "${PERM_DIR:-}" ]; then
		rm -rf "$PERM_DIR"
	fi
}
