# french.sh - the French 37-hole board analysed like the English in seed 001
# (issue 14 item 6; the numbers and the long runs are in docs/results.md,
# "French 37-hole board"): its 10 feasible single-vacancy -> single-peg
# pairs, none a complement problem; the five families of forward sets they
# need (start and stabiliser) with their first levels; pairs that a board
# symmetry maps onto each other giving equal levels; a group-2 set whose
# raw sizes are the trivial group's; a resumed --work run equal to one
# uninterrupted run.  The seeds publish no French figures: the pinned
# levels are pegsol's, made by the runs docs/results.md records.
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the 10 feasible pairs up to the 8 symmetries, none a complement problem
cat >"$tmp/pairs" <<'PAIRS'
e1 c1
e1 c4
e1 f4
e1 c7
b4 c1
b4 c4
b4 f4
e4 c1
e4 c4
e4 f4
PAIRS
"$P" feasible french | awk 'NF == 2 && $1 ~ /^[a-g][1-7]$/ {print $1, $2}' >"$tmp/got"
expect_exit 0 cmp "$tmp/pairs" "$tmp/got"
expect_out '^French 37: 10 distinct feasible' "$P" feasible french --count
expect_exit 0 awk '$1 == $2 {exit 1}' "$tmp/got"
expect_exit 1 "$P" feasible french --vacate d4 --finish d4
expect_exit 1 "$P" feasible french --vacate e1 --finish e1

# sizes of F from 36 down to ${TO:-27} pegs on one line
levels() {
	"$P" sets french --vacate "$1" --finish "$2" --forward-only --to "${TO:-27}" |
		awk '$1 ~ /^[0-9]+$/ {printf "%s ", $2} END {print ""}'
}
# symmetries of the group a pair's sets use
syms() {
	"$P" sets french --vacate "$1" --finish "$2" --forward-only --to 34 |
		sed -n '1s/.*(\([0-9]*\) symmetr.*/\1/p'
}

# the five families: the start and the symmetries fixing start and finish
E1='1 2 6 32 173 919 4742 22820 101116 410035 '
B4_2='1 2 7 31 176 891 4340 19782 82820 315494 '
B4_1='1 3 12 61 347 1768 8645 39477 165426 '
E4_2='1 3 10 47 251 1248 5915 26178 106417 394935 '
E4_1='1 4 17 92 495 2475 11771 52226 212527 '
fam() { # want vacate finish
	local got
	got=$(levels "$2" "$3")
	case "$got" in
	"$1"*) _ok ;;
	*) _no "F of $2 -> $3: $got, want $1" ;;
	esac
}
fam "$E1" e1 c1
fam "$E1" e1 c4
fam "$E1" e1 f4
fam "$E1" e1 c7
fam "$B4_1" b4 c1
fam "$B4_2" b4 c4
fam "$B4_2" b4 f4
fam "$E4_1" e4 c1
fam "$E4_2" e4 c4
fam "$E4_2" e4 f4
for p in "e1 c1 1" "e1 c7 1" "b4 c1 1" "e4 c1 1" "b4 f4 2" "b4 c4 2" "e4 c4 2" "e4 f4 2"; do
	set -- $p
	expect_out "^$3\$" syms "$1" "$2"
done

# a symmetry maps a pair onto another: the same levels (the reverse pair of
# a self-reverse problem is its mirror image)
same() {
	local a b
	a=$(TO=29 levels $1 $2)
	b=$(TO=29 levels $3 $4)
	if [ -n "$a" ] && [ "$a" = "$b" ]; then _ok; else
		_no "$1->$2 ($a) and $3->$4 ($b) differ"
	fi
}
same e1 c1 c1 e1 # x mirror
same e1 c1 g5 g3 # a quarter turn
same e1 c7 c7 e1 # half turn
same b4 f4 f4 b4 # x mirror
same b4 f4 d2 d6 # the diagonal mirror
same e4 c4 c4 e4
same b4 c1 f4 e1
same e4 c1 c4 e1

# raw sizes of the group-2 sets are the trivial group's sets
"$P" sets french --vacate b4 --finish f4 --forward-only --to 28 --raw |
	awk '$1 ~ /^[0-9]+$/ {printf "%s ", $3} END {print ""}' >"$tmp/raw"
expect_exit 0 grep -qx "${B4_1% } " "$tmp/raw"

# JSON: forward-only levels and the group
expect_out '"symmetries":1,"forward_only":true,"to":30,.*\{"pegs":30,"F":4742\}\],"total":\{"F":5875\}' \
	"$P" sets french --vacate e1 --finish c1 --forward-only --to 30 --json

# dead ends after 4 jumps (docs/results.md): pagoda functions prune F first
# at 32 pegs for e1 -> c4 (5 of 173) and e4 -> c4 (10 of 251), and a
# witness of each replays and is proved lost by a pagoda function
expect_out '\{"pegs":33,"F":32,"pruned":0\},\{"pegs":32,"F":168,"pruned":5\}\]' \
	"$P" sets french --vacate e1 --finish c4 --forward-only --to 32 --prune --json
expect_out '^ +32 +241$' "$P" sets french --vacate e4 --finish c4 --forward-only --to 32 --prune
expect_out '"pegs_left":32' "$P" check french --vacate e1 --json 'c1-e1, c3-c1, c5-c3, e5-c5'
expect_exit 0 "$P" pagoda french --from empty:c2,c4,d1,d5,e5 --finish c4
expect_out '"pegs_left":32' "$P" check french --vacate e4 --json 'c4-e4, a4-c4, b2-b4, d2-b2'
expect_out 'proves the problem unsolvable' "$P" pagoda french --from empty:a4,b3,c2,d2,d4 --finish c4
# the start itself is not proved lost
expect_exit 1 "$P" pagoda french --vacate e1 --finish c4

# a run stopped at 30 pegs and resumed to 27 gives the levels of one run
expect_exit 0 "$P" sets french --vacate e4 --finish c4 --forward-only --to 30 --work "$tmp/w"
"$P" sets french --vacate e4 --finish c4 --forward-only --to 27 --work "$tmp/w" \
	>"$tmp/res" 2>"$tmp/res.err"
expect_exit 0 grep -q 'resuming from level 30' "$tmp/res.err"
got=$(awk '$1 ~ /^[0-9]+$/ {printf "%s ", $2} END {print ""}' "$tmp/res")
if [ "$got" = "$E4_2" ]; then _ok; else _no "resumed e4 -> c4: $got, want $E4_2"; fi
expect_exit 0 test -f "$tmp/w/F-027.lvl"

# W by the French eq. 8 (sets --winning, docs/results.md): e4 -> c4 is
# its own reverse, so the run goes as far as its F levels (down to 18
# pegs needed); e4 -> c1 is not (its reverse is e1 -> c4)
expect_error 'no forward level of 26 pegs .*--to 18' "$P" sets french --vacate e4 --finish c4 --work "$tmp/w" --winning --winning-dir "$tmp/wW"
expect_exit 0 "$P" sets french --vacate e4 --finish c1 --forward-only --to 34 --work "$tmp/w41"
expect_error 'not its own time reverse' "$P" sets french --vacate e4 --finish c1 --work "$tmp/w41" --winning
# the fastest dead ends found in W: b4 -> f4 in 4 jumps, e4 -> c4 in 3;
# the witnesses replay to 32 and 33 pegs
expect_out '"pegs_left":32' "$P" check french --vacate b4 --json 'b6-b4, d6-b6, f6-d6, f4-f6'
expect_out '"pegs_left":33' "$P" check french --vacate e4 --json 'g4-e4, d4-f4, b4-d4'

done_checks
