#!/usr/bin/env bash
# Seeds each target's corpus (fuzz/corpus/TARGET, not in git) from testdata/: the
# JSONTestSuite files, the RFC 8785 inputs, and the first 4 KB of each benchmark file.
set -euo pipefail
cd "$(dirname "$0")"
for target in parse stream diff_serde_json roundtrip lazy kernels deep; do
    dir=corpus/$target
    mkdir -p "$dir"
    cp ../testdata/jsontestsuite/test_parsing/*.json "$dir"/ 2>/dev/null || true
    cp ../testdata/jcs/input/*.json "$dir"/
    for f in ../testdata/bench/*.json; do
        head -c 4096 "$f" > "$dir/head-$(basename "$f")"
    done
done
echo "seeded: $(ls corpus/parse | wc -l) files per target"
