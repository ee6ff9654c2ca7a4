# prune.sh - pegsol sets --prune (issue 14 item 3, issue 15 item 3): the
# forward levels lose the positions a pagoda function (found by GLPK)
# proves cannot reach the goal, or an arm table (cross boards), or on boards
# of 40 holes or more without arm tables, on the top levels the integer
# program of jump counts; W_n and L_n as without
# pruning, the pruned F_n lie between W_n and the unpruned F_n, and the
# pruning works with --forward-only, --work (resume) and --memory-mb.
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# columns of the full table: pegs F W L (B is "-" when pruned)
cols() { awk '$1 ~ /^[0-9]+$/ {print $1, $2, $4, $5}'; }
fcol() { awk '$1 ~ /^[0-9]+$/ {print $1, $2}'; }

# same W and L per level with and without --prune; the pruned F per level
# no larger than the unpruned one and no smaller than W
same_w() {
	local name=$1
	shift
	"$P" sets "$@" | cols >"$tmp/a"
	"$P" sets "$@" --prune | cols >"$tmp/b"
	expect_exit 0 cmp <(awk '{print $1, $3, $4}' "$tmp/a") <(awk '{print $1, $3, $4}' "$tmp/b")
	expect_exit 0 test -s "$tmp/b"
	expect_exit 0 awk -v n="$name" 'NR == FNR {f[$1] = $2; next}
		$2 > f[$1] || $2 < $3 {print n, "level", $1, $2, f[$1], $3; bad = 1}
		END {exit bad}' "$tmp/a" "$tmp/b"
}
same_w T5a1 T5 --vacate a1
same_w T6a1 T6 --vacate a1
same_w T6c3 T6 --vacate c3
same_w T6any T6 --vacate a1 --anywhere
same_w T6full T6 --vacate b2 --group full
same_w T6fin T6 --vacate a1 --finish c5

# English d4 pruned: W_n is seed 001 Table 2's W column exactly (W_n with n
# <= 16: 839,536), while F shrinks (23,475,688 unpruned)
cat >"$tmp/t2w" <<'T2'
32 1
31 1
30 2
29 8
28 38
27 164
26 635
25 2089
24 6174
23 16020
22 35749
21 68326
20 112788
19 162319
18 204992
17 230230
16 230230
15 204992
14 162319
13 112788
12 68326
11 35749
10 16020
9 6174
8 2089
7 635
6 164
5 38
4 8
3 2
2 1
1 1
T2
"$P" sets english --vacate d4 --prune >"$tmp/eng"
expect_exit 0 cmp "$tmp/t2w" <(cols <"$tmp/eng" | awk '{print $1, $3}')
expect_exit 0 grep -q 'W_n with n <= 16: 839536; solvable' "$tmp/eng"
expect_exit 0 test "$(awk '$1 == "total" {print $2}' "$tmp/eng")" -lt 23475688
expect_exit 0 grep -Eq '^pruned by [0-9]+ pagoda functions' "$tmp/eng"

# JSON: which pagodas, what each cut, positions lost per level (they add
# up to lost; the pagodas' cuts to less: the arm tables cut the rest); B is
# null for a pruned complement
"$P" sets english --vacate d4 --prune --forward-only --to 20 --json >"$tmp/j"
expect_exit 0 python3 - "$tmp/j" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
p = d["prune"]
assert p["functions"] == len(p["pagodas"]) >= 1, p
assert all(len(q["weights"]) == 33 for q in p["pagodas"])
assert sum(l["pruned"] for l in d["levels"]) == p["lost"] > 0
# the rest of lost: the arm tables (docs/performance.md "Arm tables")
assert 0 < sum(q["cut"] for q in p["pagodas"]) < p["lost"]
assert p["tested"] >= p["functions"]
F = {l["pegs"]: l["F"] for l in d["levels"]}
# seed 001 Table 2 (unpruned F): 20 pegs 517,854, 24 pegs 9,751
assert F[20] < 517854 and F[24] <= 9751 and F[32] == 1, F
PY
expect_out '"B":null' "$P" sets T6 --vacate a1 --prune --json
expect_error 'no --out or --plot' "$P" sets T6 --vacate a1 --prune --out "$tmp/x.pegsets"

# Wiegleb's central game (seed 001 Table 3's problem), the first levels:
# unpruned (the exact forward sets) and pruned.  No pagoda function cuts
# a position of F_39 or F_38; the arm tables (sets_prune_arm.c,
# docs/performance.md "Arm tables") keep 244 of F_39's 297 (Table 3: W_39
# 236) and leave F_41 and F_40 exactly Table 3's W_41 and W_40, so the
# pruned F_n are no larger than Table 3's (Bell's resource count) and no
# smaller than its W_n (down to 34 pegs: 97,916 against Bell's 379,537
# and W_34 64,182); bench/RESULTS-sets.md "Table 3 in full" has every
# level down to 22 pegs (FULL=1 bash bench/table3.sh).  The arm tables' search is 108 small linear programs (about 2 s
# of GLPK; 75 s before the cutting-plane search).  The block runs in the
# plain suite only (12 s under ASan, where tests/test_prune_arm.c checks
# the tables' code with 6 programs).
if [ "${BUILD:-build}" != build-asan ]; then
"$P" sets wiegleb --vacate e5 --forward-only --to 34 | fcol >"$tmp/wu"
"$P" sets wiegleb --vacate e5 --forward-only --to 34 --prune --json >"$tmp/wpj"
python3 - "$tmp/wpj" >"$tmp/wp" <<'PY'
import json, sys
for l in json.load(open(sys.argv[1]))["levels"]:
    print(l["pegs"], l["F"])
PY
expect_exit 0 cmp <(paste -d" " "$tmp/wu" <(cut -d" " -f2 "$tmp/wp")) - <<'W'
44 1 1
43 1 1
42 3 3
41 11 10
40 60 54
39 297 244
38 1428 987
37 6518 3561
36 28242 11665
35 115029 35024
34 438445 97916
W
# Table 3 (tests/data/table3.txt): F_n (Bell) and W_n; pruned F_n
# between them at every level from 43 down to 34 pegs
expect_exit 0 awk 'NR == FNR {if ($1 !~ /^#/) {b[$1] = $2; w[$1] = $3}; next}
	$1 in b {n++} $1 in b && ($2 > b[$1] || $2 < w[$1]) {bad = 1}
	END {exit bad || n != 10}' "$(dirname "$0")/../data/table3.txt" "$tmp/wp"
fi

# --work with --prune: stopped and resumed, the same levels as one run; its
# own work directory (an unpruned one is refused, and the reverse)
"$P" sets english --vacate d4 --prune --forward-only --to 20 | fcol >"$tmp/p1"
w="$tmp/pw"
expect_exit 0 "$P" sets english --vacate d4 --prune --forward-only --to 25 --work "$w"
"$P" sets english --vacate d4 --prune --forward-only --to 20 --work "$w" 2>"$tmp/err" | fcol >"$tmp/p2"
expect_exit 0 cmp "$tmp/p1" "$tmp/p2"
expect_exit 0 grep -q 'resuming from level 25' "$tmp/err"
# the full run on that directory: F down to 16 pegs from there (resumed at
# 20), then W from the levels read back: Table 2's W column again
"$P" sets english --vacate d4 --prune --work "$w" 2>"$tmp/err" >"$tmp/ew"
expect_exit 0 cmp "$tmp/t2w" <(cols <"$tmp/ew" | awk '{print $1, $3}')
expect_exit 0 grep -q 'resuming from level 20' "$tmp/err"
expect_error 'needs a complement problem' "$P" sets T6 --vacate a1 --anywhere --prune --work "$tmp/any"
expect_error 'another problem' "$P" sets english --vacate d4 --forward-only --to 20 --work "$w"
expect_exit 0 "$P" sets english --vacate d4 --forward-only --to 28 --work "$tmp/uw"
expect_error 'another problem' "$P" sets english --vacate d4 --prune --forward-only --to 20 --work "$tmp/uw"
# packed levels under a budget, and 128-bit codes: the same pruned levels
"$P" sets english --vacate d4 --prune --forward-only --to 20 --memory-mb 0.05 | fcol >"$tmp/p3"
expect_exit 0 cmp "$tmp/p1" "$tmp/p3"
PEGSOL_WIDE=1 "$P" sets english --vacate d4 --prune --forward-only --to 20 | fcol >"$tmp/p4"
expect_exit 0 cmp "$tmp/p1" "$tmp/p4"
# a full run under a budget (packed levels, streamed W): W as in memory
"$P" sets T6 --vacate a1 --prune --memory-mb 0.05 | cols >"$tmp/m1"
"$P" sets T6 --vacate a1 --prune | cols >"$tmp/m2"
expect_exit 0 cmp "$tmp/m1" "$tmp/m2"

done_checks
