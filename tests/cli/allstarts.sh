# allstarts.sh - pegsol count / sets BOARD --all-starts (issue 15 item 5):
# every single-vacancy start in one process.  The T6 sums are the ones
# issue 15 quotes (BerndAmend/peg-solitaire -full -count, and the sum of
# 21 separate pegsol count runs): 397,962,490,212 complement solutions
# and 2,194,477,729,800 to one peg anywhere.  Every start's count must
# equal a separate `pegsol count --vacate X` run; the anywhere walk (one
# pull over the union of the forward sets) is also checked against its
# per-class fallback (PEGSOL_COUNT_GMP) and the 128-bit body (PEGSOL_WIDE).
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
T=/tmp/pegsol_allstarts.$$
expect_out '^sum 397962490212 \(21 starts, 5 classes, complement problems\)$' $P count triangle:6 --all-starts
expect_out '^b2   82905434589  as a2$' $P count triangle:6 --all-starts --anywhere

# JSON shape: one entry a hole in hole order, exact integers, sum = total
# (T6: the sums above); each distinct count equals a separate run
for board in triangle:5 triangle:6; do
	for goal in "" --anywhere; do
		$P count $board --all-starts $goal --json >$T.json
		rc=$?
		if python3 - "$T.json" "$P" "$board" "$goal" $rc <<'PY'; then _ok; else _no "per-start counts $board $goal"; fi
import json, subprocess, sys
o = json.load(open(sys.argv[1]))
P, board, goal, rc = sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
st = o["starts"]
assert rc == 0 and o["board"] == board and len(st) == o["holes"], o
assert o["anywhere"] == (goal != "")
assert all(set(e) == {"vacate", "count"} and type(e["count"]) is int for e in st)
assert type(o["sum"]) is int and o["sum"] == sum(e["count"] for e in st)
if board == "triangle:6":
    assert o["sum"] == (2194477729800 if goal else 397962490212), o["sum"]
    assert o["classes"] == 5
seen = set()
for e in st:
    # one run a distinct count (a class is solved once, copied to its holes)
    if e["count"] in seen:
        continue
    args = [P, "count", board, "--vacate", e["vacate"], "--json"] + ([goal] if goal else [])
    r = json.loads(subprocess.run(args, capture_output=True, text=True).stdout)
    assert r["solutions"] == e["count"], (e, r["solutions"])
    seen.add(e["count"])
PY
	done
done
# the same counts from the fallback (one GMP count a class) and 128 bits
$P count triangle:6 --all-starts --anywhere >$T.a
PEGSOL_COUNT_GMP=1 $P count triangle:6 --all-starts --anywhere >$T.b
PEGSOL_WIDE=1 $P count triangle:6 --all-starts --anywhere >$T.c
for f in $T.b $T.c; do
	if diff <(head -22 $T.a) <(head -22 $f) >/dev/null; then _ok; else _no "all starts differ: $f"; fi
done
# a board with no solvable start: exit 1, every count 0
expect_exit 1 $P count square:3 --all-starts
expect_out '^sum 0 ' $P count square:3 --all-starts

# pegsol sets --all-starts: a row a class, totals as pegsol sets
expect_out '^a1 +3 +146435 +146435 +52804  yes$' $P sets triangle:6 --all-starts
expect_out '^5 classes' $P sets triangle:6 --all-starts
$P sets triangle:6 --all-starts --anywhere --json >$T.json
$P sets triangle:6 --vacate b3 --anywhere --json >$T.one
if python3 - "$T.json" "$T.one" <<'PY'; then _ok; else _no "sets --all-starts json"; fi
import json, sys
o = json.load(open(sys.argv[1])); one = json.load(open(sys.argv[2]))
assert o["classes"] == 5 and sum(e["class_size"] for e in o["starts"]) == o["holes"]
b3 = [e for e in o["starts"] if e["vacate"] == "b3"][0]
t = one["total"]
assert (b3["F"], b3["B"], b3["W"]) == (t["F"], t["B"], t["W"]), (b3, t)
PY

# bad input: one line, exit 2
expect_error 'all-starts takes no --vacate' $P count triangle:6 --all-starts --vacate a1
expect_error 'all-starts takes no --vacate' $P count triangle:6 --all-starts --finish a1
expect_error 'all-starts takes no --vacate' $P sets triangle:6 --all-starts --position 1
expect_error 'unknown group' $P sets triangle:6 --all-starts --group half
expect_error 'threads' $P count triangle:6 --all-starts --threads 99
expect_error '' $P count nosuchboard --all-starts
expect_error 'board of 2 to 128 holes' $P count triangle:1 --all-starts
expect_error 'board of 2 to 128 holes' $P sets triangle:1 --all-starts
expect_exit 0 $P count --all-starts --help
expect_exit 0 $P sets triangle:6 --all-starts --help
rm -f $T.json $T.one $T.a $T.b $T.c
done_checks
