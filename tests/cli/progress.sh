# progress.sh - --progress of pegsol sets, count and deadend: stdout is the
# same as without it (but for the seconds), stderr has one plain line a
# finished phase when it is not a terminal, and --json stays valid JSON.
. "$(dirname "$0")/lib.sh"

out=/tmp/pegsol_prog_out.$$
err=/tmp/pegsol_prog_err.$$
ref=/tmp/pegsol_prog_ref.$$

# strip_secs FILE: the file without its timings ("0.012 s", "seconds")
strip_secs() {
	sed -E 's/[0-9]+\.[0-9]+ s\b/T s/g; s/"seconds":[^,}]*/"seconds":T/' "$1"
}

# same_out ARGS...: stdout of ARGS with --progress (stderr to $err) equals
# stdout without it, and the exit codes agree
same_out() {
	"$PEGSOL" "$@" >"$ref" 2>/dev/null
	local want=$?
	"$PEGSOL" "$@" --progress >"$out" 2>"$err"
	local got=$?
	if [ "$got" -eq "$want" ] &&
		[ "$(strip_secs "$out")" = "$(strip_secs "$ref")" ]; then _ok; else
		_no "--progress changed stdout or exit ($got, $want): $*"
		diff "$ref" "$out" | head -10 >&2
	fi
}

# err_has PATTERN: the stderr of the last same_out matches PATTERN
err_has() {
	if grep -Eq -- "$1" "$err"; then _ok; else
		_no "stderr lacks /$1/"
		head -c 600 "$err" >&2
	fi
}

# err_lines N: the stderr of the last same_out has N lines, no \r
err_lines() {
	local n
	n=$(wc -l <"$err")
	if [ "$n" -eq "$1" ] && ! grep -q $'\r' "$err"; then _ok; else
		_no "stderr has $n lines (want $1, no carriage return)"
		head -c 600 "$err" >&2
	fi
}

# json_ok: the stdout of the last same_out is one valid JSON object
json_ok() {
	if python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$out"
	then _ok; else _no "--json --progress: stdout is not JSON"; fi
}

# sets: a complement problem (forward, winning, losers) and a problem with
# a finish (forward, backward, winning, losers)
same_out sets T5 --vacate a1
err_lines 3
err_has '^pegsol sets: forward done, 1 peg: [0-9]+ positions?, 1543 in the phase, .*/s, [0-9.]+ s$'
err_has '^pegsol sets: winning done, [0-9]+ pegs?: '
err_has '^pegsol sets: losers done, '
same_out sets T6 --vacate a1 --finish a1 --raw
err_has '^pegsol sets: forward done, '
err_has '^pegsol sets: winning done, '
same_out sets T6 --vacate a1 --finish c5
err_lines 4
err_has '^pegsol sets: backward done, 20 pegs: '
# spilling: the disk partitions are reported
same_out sets T6 --vacate a1 --partitions 3
err_has 'forward done, .*, disk: 3 partitions, [0-9.]+ MB$'
same_out sets T6 --vacate a1 --json
json_ok
err_has '^pegsol sets: winning done, '

# count: the sets' phases, then the walk
same_out count T5 --vacate a1
err_has '^pegsol count: forward done, '
err_has '^pegsol count: count walk done, [0-9]+ pegs?: [0-9]+ positions?, '
same_out count T6 --vacate a1 --finish a1
err_has '^pegsol count: count walk done, '
same_out count T6 --vacate a1 --json
json_ok
err_has '^pegsol count: count walk done, '

# deadend: the levels of the breadth-first search (15 pegs: 5 jumps)
same_out deadend T6 --vacate a1 --finish a1
err_lines 1
err_has '^pegsol deadend: dead-end search done, 15 pegs: [0-9]+ positions, '
same_out deadend T5 --vacate a1 --sets off
err_has '^pegsol deadend: dead-end search done, 12 pegs: '
same_out deadend T6 --vacate a1 --anywhere --json
json_ok
err_has '^pegsol deadend: dead-end search done, '

# off by default: nothing on stderr
"$PEGSOL" sets T5 --vacate a1 >/dev/null 2>"$err"
err_lines 0

# on a terminal (script(1) gives one): a rewritten line, cleared at the end
if command -v script >/dev/null 2>&1 &&
	script -qec true /dev/null >/dev/null 2>&1; then
	script -qec "'$PEGSOL' count T6 --vacate a1 --progress" /dev/null \
		>"$out" 2>/dev/null </dev/null
	if grep -q $'\r''pegsol count: ' "$out" &&
		grep -q $'\r\033\\[K' "$out" && ! grep -q ' done, ' "$out"
	then _ok; else _no "tty: no rewritten, cleared line"; fi
fi

rm -f "$out" "$err" "$ref"
done_checks
