#!/bin/bash
# SPDX-License-Identifier: MIT
# bench/device/bundle.sh - packs what bench/device/run.sh needs into
# devrun/ (git-ignored), for a machine that has no compiler, libraries or
# test tools: the binaries built here, the shared libraries they link
# (beside the system's C library; devrun/glibc holds this one's, for a
# machine whose C library is older), hyperfine and jq, the test vectors.
# Then, on that machine, from a copy of the repository with devrun/ in it:
#   OUT=DIR bash devrun/run.sh         (or: bash bench/device/run.sh)
# About 20 MiB. Usage: bench/device/bundle.sh [VECTORS_DIR]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
VECTORS=${1:-$ROOT/../shared/vectors}
make -j"$(nproc)" simdsum unit-tests build/bench/peers build/bench/gen_data \
	build/bench/blend_sweep >/dev/null
rm -rf devrun
mkdir -p devrun/bin devrun/lib devrun/glibc
cp simdsum build/bench/peers build/bench/gen_data build/bench/blend_sweep devrun/bin/
for t in build/tests/test_*; do
	case $t in *.o | *.d) ;; *) cp "$t" devrun/bin/ ;; esac
done
cp "$(command -v hyperfine)" "$(command -v jq)" devrun/bin/
strip devrun/bin/* 2>/dev/null || true
# Every library the binaries need, except the C library's own.
for b in devrun/bin/*; do ldd "$b" 2>/dev/null; done | awk '/=> \// { print $3 }' | sort -u |
	grep -v -E '/(libc|libm|libpthread|libdl|librt|libgcc_s|ld-linux[^/]*)\.so' |
	while read -r lib; do cp -L "$lib" devrun/lib/; done
cp -L /lib64/ld-linux-x86-64.so.2 devrun/glibc/
for lib in libc.so.6 libm.so.6 libgcc_s.so.1; do cp -L "/lib/x86_64-linux-gnu/$lib" devrun/glibc/; done
cp -r "$VECTORS" devrun/vectors
cp bench/device/run.sh devrun/run.sh
cp bench/interleave.py devrun/interleave.py
du -sh devrun
