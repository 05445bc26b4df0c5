#!/usr/bin/env bash
# Runs the benchmark twice and writes both sections of bench/RESULTS.md:
#   - the default build (what `cargo build --release` gives every user of jet);
#   - a build with `-C target-cpu=native`, the build sonic-rs needs for its SIMD paths
#     (it compiles everything, jet included, for this CPU).
# Extra arguments go to the benchmark (e.g. `--rounds 21` or a file filter).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p jet-bench
target/release/jet-bench --label "default build" --write bench/RESULTS.md "$@"
RUSTFLAGS="-C target-cpu=native" cargo build --release -p jet-bench --target-dir target/native
target/native/release/jet-bench --label "target-cpu=native build" --write bench/RESULTS.md "$@"
