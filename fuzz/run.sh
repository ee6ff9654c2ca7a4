#!/usr/bin/env bash
# Build the parser fuzz target with clang's libFuzzer (+ASan/UBSan) and run
# it for FUZZ_SECONDS (default 30) from the seed corpus in fuzz/corpus.
# Prints "RESULT 1 0" when no crash was found (for tests/run.sh style use).
set -eu
cd "$(dirname "$0")/.."
secs=${FUZZ_SECONDS:-30}
out=build-fuzz
mkdir -p "$out" "$out/corpus"
cp fuzz/corpus/* "$out/corpus/" 2>/dev/null || true
if ! command -v clang >/dev/null; then
	echo "fuzz: clang is not installed (scripts/setup.sh installs it)"
	exit 1
fi
core=src/lib/core
clang -g -O1 -fsanitize=fuzzer,address,undefined -Iinclude -I"$core" \
	-D_DEFAULT_SOURCE -std=c11 fuzz/fuzz_parsers.c "$core/board.c" \
	"$core/families.c" "$core/boardfile.c" "$core/graphaut.c" "$core/pos.c" \
	"$core/solution.c" "$core/error.c" -lgmp -o "$out/fuzz_parsers"
if "$out/fuzz_parsers" -max_total_time="$secs" -max_len=2048 \
	-artifact_prefix="$out/" \
	-print_final_stats=0 "$out/corpus" >"$out/fuzz.log" 2>&1; then
	echo "fuzz: $(grep -c . "$out/fuzz.log") log lines, no crash in ${secs}s"
	echo "RESULT 1 0"
else
	tail -n 40 "$out/fuzz.log"
	echo "RESULT 0 1"
	exit 1
fi
