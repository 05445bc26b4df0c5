#!/usr/bin/env bash
# Runs the benchmark twice and writes both sections of bench/RESULTS.md:
#   - the default build (what `cargo build --release` gives every user of jet), with the peers
#     of the native build below beside it ("(native)": run by that build in a second process,
#     interleaved round by round, so that jet's default build and sonic-rs's best build are
#     timed minutes apart nowhere);
#   - a build with `-C target-cpu=native`, the build sonic-rs needs for its SIMD paths
#     (it compiles everything, jet included, for this CPU).
# Extra arguments go to the benchmark (e.g. `--rounds 21` or a file filter).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p jet-bench
RUSTFLAGS="-C target-cpu=native" cargo build --release -p jet-bench --target-dir target/native
target/release/jet-bench --label "default build" --native target/native/release/jet-bench \
  --write bench/RESULTS.md "$@"
target/native/release/jet-bench --label "target-cpu=native build" --write bench/RESULTS.md "$@"
