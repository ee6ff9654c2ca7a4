#!/usr/bin/env bash
# test.sh - set up, build and run every test: the suite, the same suite
# under AddressSanitizer + UndefinedBehaviorSanitizer, and a short fuzz run
# of the parsers.  Ends with the total line "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
# the browser test needs Debian's chromium and node (npm installs
# playwright-core and axe-core from the npm registry), and emscripten for
# the static WebAssembly page it checks too (make wasm)
PEGSOL_SETUP_EXTRA="chromium nodejs npm emscripten" bash scripts/setup.sh || exit 2
total_pass=0
total_fail=0
add() { # add the "N passed, N failed" line of a log
	local line
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1)
	if [ -z "$line" ]; then
		total_fail=$((total_fail + 1))
		return
	fi
	set -- $line
	total_pass=$((total_pass + $1))
	total_fail=$((total_fail + $3))
}
log=$(mktemp)
alog=$(mktemp)
# Build both halves first (each make uses both cores), then run the plain
# suite, the browser test and the fuzz run on one core while the
# sanitizer suite runs on the other: the two halves take about the same
# time, so the whole run is about half of running them one after another.
# Each test uses its own temporary files and free ports, so they can run
# side by side.
echo "== building the suite and the suite under ASan + UBSan"
if ! make -j"$(nproc)" WERROR=1 tests >"$log" 2>&1 ||
	! make -j"$(nproc)" WERROR=1 asan-tests >>"$log" 2>&1; then
	grep -v '^cc \|^ar \|^make' "$log" | tail -n 40
	echo "0 passed, 1 failed"
	rm -f "$log" "$alog"
	exit 1
fi
BUILD=build-asan bash tests/run.sh >"$alog" 2>&1 &
asan_pid=$!
echo "== tests"
BUILD=build bash tests/run.sh 2>&1 | tee "$log"
add "$log"
echo "== browser test of the web game (tests/e2e)"
bash tests/e2e/run.sh 2>&1 | tee "$log"
res=$(grep '^RESULT ' "$log" | tail -n 1)
if [ -n "$res" ]; then
	set -- $res
	total_pass=$((total_pass + $2))
	total_fail=$((total_fail + $3))
else
	total_fail=$((total_fail + 1))
fi
echo "== fuzzing the parsers"
if FUZZ_SECONDS=${FUZZ_SECONDS:-30} bash fuzz/run.sh >"$log" 2>&1; then
	total_pass=$((total_pass + 1))
else
	total_fail=$((total_fail + 1))
fi
cat "$log"
wait "$asan_pid"
echo "== tests under ASan + UBSan (run beside the others)"
cat "$alog"
add "$alog"
rm -f "$log" "$alog"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
