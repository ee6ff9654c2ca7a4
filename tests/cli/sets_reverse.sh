# sets_reverse.sh - pegsol sets --winning for any problem s -> f, meeting
# the forward levels of s with those of the reverse problem's start (f
# vacated, or a symmetric image of it: --reverse-work GDIR, tau found and
# checked; src/lib/engines/winwork.h), and a forward directory made for
# another goal (same start and group, unpruned).  Checked against the
# in-memory engine (pegsol sets: W_n and the first level with F_n != W_n,
# the fastest dead end of seed 001 Table 6; pegsol count: Table 7's
# measure) on T6 pairs that are not their own reverse, with GDIR the exact
# reverse, a rotated image, and one whose group is coarser than the
# problem's (the level's orbits expanded, or the candidates tagged).
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# pegs and W of a --winning table (3 columns), of a pegsol sets table (W
# is the 4th of 5)
wcol() { awk '$1 ~ /^[0-9]+$/ && NF == 3 {print $1 " " $NF}'; }
mcol() { awk '$1 ~ /^[0-9]+$/ && NF == 5 {print $1 " " $(NF - 1)}'; }
# the fastest dead end of an in-memory table: "JUMPS PEGS"
mdead() { awk '$1 ~ /^[0-9]+$/ {if (!top) top = $1; if ($2 != $4) {print top - $1, $1; exit}}'; }

# VACATE FINISH GVACATE GFINISH [FGOAL]: F from VACATE (made for the
# goal FGOAL, default FINISH), G from GVACATE (goal GFINISH) down to 9
# pegs; W, the dead end and the count as the in-memory engine's (sorted
# runs of 4 MB: a few merged on the larger levels)
pair() {
	local d=$tmp/$1$2-$3$4
	expect_exit 0 "$P" sets T6 --vacate "$1" --finish "${5:-$2}" --forward-only --to 9 --work "$d-F"
	expect_exit 0 "$P" sets T6 --vacate "$3" --finish "$4" --forward-only --to 9 --work "$d-G"
	"$P" sets T6 --vacate "$1" --finish "$2" --work "$d-F" --reverse-work "$d-G" \
		--winning-dir "$d-W" --count --memory-mb 4 >"$d.out"
	expect_exit 0 test "$?" -eq 0
	"$P" sets T6 --vacate "$1" --finish "$2" >"$d.mem"
	wcol <"$d.out" >"$d.got"
	mcol <"$d.mem" >"$d.want"
	expect_exit 0 cmp "$d.want" "$d.got"
	read -r j n < <(mdead <"$d.mem")
	expect_exit 0 grep -Eq "^fastest dead end: $j jumps \\($n pegs\\): " "$d.out"
	dead=$(sed -n 's/^fastest dead end: [0-9]* jumps ([0-9]* pegs): //p' "$d.out")
	expect_out "\"pegs_left\":$n" "$P" check T6 --vacate "$1" --json "$dead"
	want=$("$P" count T6 --vacate "$1" --finish "$2" | sed -n 's/ solutions.*//p')
	expect_exit 0 grep -qx "$want solutions" "$d.out"
}
# a1 -> b3 (2 symmetries) with the exact reverse b3 -> a1; b3 -> a1 the
# other way; a4 -> c5 (1 symmetry) from c4, the 120-degree turn of c5;
# a4 -> a1 and b6 -> a1 (1 symmetry) from a6 -> a6 (2 symmetries: the
# larger group on the G side); a1 -> a4 (1 symmetry) from a1 -> a1's
# forward levels (2: the larger group on the F side; |F_n| counts its
# orbits, the dead end expands them)
pair a1 b3 b3 a1
pair b3 a1 a1 b3
pair a4 c5 c4 d6
pair a4 a1 a6 a6
pair b6 a1 a6 a6
pair a1 a4 d6 a6 a1
expect_exit 0 grep -q 'counts the orbits of the 2 symmetries' "$tmp/a1a4-d6a6.out"
expect_out 'reverse problem in .*a4a1-a6a6-G \(tau = symmetry 1\), 1 symmetry' \
	"$P" sets T6 --vacate a4 --finish a1 --work "$tmp/a4a1-a6a6-F" \
	--reverse-work "$tmp/a4a1-a6a6-G" --winning-dir "$tmp/a4a1-a6a6-W" \
	--memory-mb 4
# the W directory names the reverse directory and tau (R-nnn.lvl: the
# reverse problem's W); a rerun keeps the levels
d=$tmp/a1b3-b3a1
expect_exit 0 grep -q '^reverse ' "$d-W/W-manifest"
expect_exit 0 test -f "$d-W/R-010.lvl" -a -f "$d-W/W-001.lvl"
rm "$d-W/W-015.lvl"
"$P" sets T6 --vacate a1 --finish b3 --work "$d-F" --reverse-work "$d-G" \
	--winning-dir "$d-W" --memory-mb 4 2>"$d.err" | wcol >"$d.again"
expect_exit 0 cmp "$d.want" "$d.again"
expect_exit 0 grep -q 'resuming after W level 14' "$d.err"
# JSON
expect_out '"reverse_work":".*","tau":0,"sigma":null,"middle":10,.*"forward_goal_other":false,' \
	"$P" sets T6 --vacate a1 --finish b3 --work "$d-F" --reverse-work "$d-G" \
	--winning-dir "$d-W" --json

# a self-reverse problem (T6 a4 -> d4, the mirror) from the forward levels
# of a4 made for the goal e6: the same start and group, so the same sets
expect_exit 0 "$P" sets T6 --vacate a4 --finish e6 --forward-only --to 10 --work "$tmp/a4e6"
"$P" sets T6 --vacate a4 --finish d4 --work "$tmp/a4e6" --winning \
	--winning-dir "$tmp/a4d4W" --count --memory-mb 4 >"$tmp/a4d4"
wcol <"$tmp/a4d4" >"$tmp/a4d4.got"
"$P" sets T6 --vacate a4 --finish d4 | mcol >"$tmp/a4d4.want"
expect_exit 0 cmp "$tmp/a4d4.want" "$tmp/a4d4.got"
expect_exit 0 grep -qx '18427016546 solutions' "$tmp/a4d4"
expect_exit 0 grep -q 'made for another goal' "$tmp/a4d4"

# bad input: one line, exit 2
d=$tmp/a1b3-b3a1
expect_error 'not the reverse problem' "$P" sets T6 --vacate a1 --finish b3 --work "$d-F" --reverse-work "$tmp/a4e6"
expect_error 'no forward run' "$P" sets T6 --vacate a1 --finish b3 --work "$d-F" --reverse-work "$tmp/nothing"
# b3 -> a4's trivial group does not hold the 2 symmetries of a1 -> b3
expect_exit 0 "$P" sets T6 --vacate b3 --finish a4 --forward-only --to 9 --work "$tmp/b3a4"
expect_error 'does not hold the problem' "$P" sets T6 --vacate a1 --finish b3 --work "$d-F" --reverse-work "$tmp/b3a4"
expect_exit 0 "$P" sets T6 --vacate a1 --finish b3 --forward-only --to 11 --work "$tmp/a1short"
expect_error 'no forward level of 10 pegs' "$P" sets T6 --vacate b3 --finish a1 --work "$d-G" --reverse-work "$tmp/a1short"
expect_exit 0 "$P" sets T6 --vacate b3 --finish a1 --forward-only --to 12 --prune --work "$tmp/b3pr"
expect_error 'pruned forward run' "$P" sets T6 --vacate a1 --finish b3 --work "$d-F" --reverse-work "$tmp/b3pr"
expect_error 'pruned forward run' "$P" sets T6 --vacate b3 --finish a1 --work "$tmp/b3pr" --winning
# both groups larger than the problem's: refused
expect_error 'both work directories' "$P" sets T6 --vacate a1 --finish a6 --work "$tmp/a1a4-d6a6-F" --reverse-work "$tmp/a4a1-a6a6-G"
# a larger F group serves only with --reverse-work (eq. 8 needs the exact one)
expect_error 'work directory of another problem' "$P" sets T6 --vacate a1 --finish a4 --work "$tmp/a1a4-d6a6-F" --winning
expect_error 'work directory of another problem' "$P" sets T6 --vacate a1 --finish b3 --work "$d-G" --reverse-work "$d-F"
expect_error 'winning sets of another problem' "$P" sets T6 --vacate a1 --finish b3 --work "$d-F" --reverse-work "$d-G" --winning-dir "$tmp/a4d4W"
expect_error 'needs --work DIR' "$P" sets T6 --vacate a1 --finish b3 --reverse-work "$d-G"

done_checks
