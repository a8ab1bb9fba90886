# SPDX-License-Identifier: MIT
# bench/env.sh - the settings the hyperfine scripts (commands.sh,
# targets.sh) share, each overridable from the environment; sourced, not
# run. What they mean: commands.sh's header.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SIMDSUM=${SIMDSUM:-$ROOT/simdsum}
GEN_DATA=${GEN_DATA:-$ROOT/build/bench/gen_data}
BENCH_DATA=${BENCH_DATA:-/tmp/simdsum-bench}
SEED=${SEED:-20261130}
RUNS=${RUNS:-5}
