# lib.sh - what the bench/*.sh scripts share; source it after setting P.
# Env: BUILD (default build), RUNS (default 5), HEAVY_RUNS (default 1).
BUILD=${BUILD:-build}
P=${P:-"$PWD/$BUILD/pegsol"}
RUNS=${RUNS:-5}
HEAVY_RUNS=${HEAVY_RUNS:-1}
fail=0
out=$(mktemp)
trap 'rm -f "$out" "$out.mem" "$out.json"' EXIT

# bench NAME RUNS PATTERN CMD...: run CMD once and assert PATTERN in its
# output (kept in $out), print the node count, then time CMD with
# hyperfine and print the median (RUNS <= 1: the asserted run is the
# timing, no second run on a shared machine), its user time and peak RSS
bench() {
	local name=$1 runs=$2 pat=$3 res med nodes
	shift 3
	/usr/bin/time -f '%M %U %e' -o "$out.mem" "$@" >"$out" 2>&1
	if grep -Eq -- "$pat" "$out"; then res=ok; else
		res=FAIL
		fail=$((fail + 1))
		tail -5 "$out"
	fi
	nodes=$(grep -Eo '^nodes[: ]+[0-9]+|[0-9]+ (nodes|positions)' "$out" | tail -1)
	set -- $(tail -1 "$out.mem") "$@"
	local peak=$1 user=$2 wall=$3
	shift 3
	if [ "$runs" -le 1 ]; then
		med=$wall
	else
		med=$(hyperfine -N -i --style none --runs "$runs" --export-json "$out.json" \
			"$(printf '%q ' "$@")" >/dev/null 2>&1 &&
			python3 -c 'import json,sys; print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$out.json")
	fi
	printf '%-36s %-4s median %8ss (%d runs)  user %6ss  peak %7d KB  %s\n' \
		"$name" "$res" "${med:-?}" "$runs" "$user" "$peak" "$nodes"
}

# bench_done: the failure count line and the exit status
bench_done() {
	echo "$fail failed"
	[ "$fail" -eq 0 ]
}
