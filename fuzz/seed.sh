#!/usr/bin/env bash
# Seeds each target's corpus (fuzz/corpus/TARGET, not in git) from testdata/: the
# JSONTestSuite files, the RFC 8785 inputs, and the first 4 KB of each benchmark file.
set -euo pipefail
cd "$(dirname "$0")"
for target in parse stream diff_serde_json roundtrip lazy kernels deep typed; do
    dir=corpus/$target
    mkdir -p "$dir"
    cp ../testdata/jsontestsuite/test_parsing/*.json "$dir"/ 2>/dev/null || true
    cp ../testdata/jcs/input/*.json "$dir"/
    for f in ../testdata/bench/*.json; do
        head -c 4096 "$f" > "$dir/head-$(basename "$f")"
    done
done
# Documents of the typed target's types: fields in order, out of order, escaped, unknown.
typed=corpus/typed
printf '%s' '{"id":1,"name":"a","type":"one","score":1.5,"tags":["x"],"active":true,"meta":{"k":1},"inner":{"a":1,"b":"s","c":[{"a":2}]},"small":-3}' > $typed/seed-record
printf '%s' '{"small":0,"tags":[],"type":{"three":{"x":-1}},"id":18446744073709551615,"extra":[1,{"a":null}],"name":"\u00e9","score":-0.0,"active":null,"inner":null}' > $typed/seed-record-shuffled
printf '%s' '{"\u0069d":2,"name":"b","type":{"two":7},"score":1e-7,"tags":["y","z"],"small":127,"inner":{"b":null,"a":0,"cc":[]}}' > $typed/seed-record-escaped
printf '%s' '[{"a":1},{"a":2,"cc":[{"a":3,"c":[]}],"b":"t"}]' > $typed/seed-inners
printf '%s' '{"x":1,"y":2}' > $typed/seed-closed
printf '%s' '{"k":"one","j":{"two":3},"l":{"three":{"x":-1}},"m":{"four":[1,true]},"n":"uno","o":"\u006fne"}' > $typed/seed-kinds
# The encode target reads a flag byte first (bit 0: integer keys): each valid document once
# with each flag, and objects whose names repeat or read as integers.
encode=corpus/encode
mkdir -p $encode
for f in ../testdata/jsontestsuite/test_parsing/y_*.json ../testdata/jcs/input/*.json; do
    for flag in 0 1; do
        { printf '%s' "$flag"; cat "$f"; } > "$encode/$flag-$(basename "$f")"
    done
done
printf '%s' '1{"1":1,"01":2,"-0":3,"b":[],"2":{"x":1,"x":2},"1":4}' > $encode/seed-integer-keys
printf '%s' '0{"a":1,"\u0061":2}' > $encode/seed-escaped-repeat
printf '%s' '0{"\u00e9":"\"","\n":{"k":[1.5,-0.0,1e300]},"":null}' > $encode/seed-escapes
echo "seeded: $(ls corpus/parse | wc -l) files per target"
