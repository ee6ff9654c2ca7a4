#!/usr/bin/env bash
# Run every test: the C test programs (build/tests/test_*) and the command
# line tests (tests/cli/*.sh).  Each prints "RESULT <passed> <failed>";
# this script adds them up and ends with "N passed, N failed".
set -u
BUILD=${BUILD:-build}
cd "$(dirname "$0")/.."
export PEGSOL="$PWD/$BUILD/pegsol"
pass=0
fail=0
log=$(mktemp)
run_one() {
	local name=$1
	shift
	local start
	start=$(date +%s%N)
	if ! timeout 900 "$@" >"$log" 2>&1; then :; fi
	local res
	res=$(grep '^RESULT ' "$log" | tail -n 1)
	local secs
	secs=$((($(date +%s%N) - start) / 1000000))
	secs="$((secs / 1000)).$(((secs % 1000) / 100))"
	if [ -z "$res" ]; then
		echo "FAIL $name: crashed or printed no RESULT (${secs}s)"
		sed 's/^/    /' "$log" | tail -n 20
		fail=$((fail + 1))
		return
	fi
	set -- $res
	pass=$((pass + $2))
	fail=$((fail + $3))
	if [ "$3" -gt 0 ]; then
		echo "FAIL $name: $2 passed, $3 failed (${secs}s)"
		grep -v '^RESULT' "$log" | sed 's/^/    /' | tail -n 30
	else
		echo "ok   $name: $2 checks (${secs}s)"
	fi
}
for t in "$BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	run_one "$(basename "$t")" "$t"
done
for t in tests/cli/*.sh; do
	[ -f "$t" ] && [ "$(basename "$t")" != lib.sh ] || continue
	run_one "$(basename "$t")" bash "$t"
done
rm -f "$log"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
