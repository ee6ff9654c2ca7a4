# sets_winning.sh - pegsol sets --work DIR --winning (issue 14 item 6;
# src/lib/engines/winwork.h): the winning sets W_n of a problem that is
# its own time reverse, from the forward levels of a --forward-only --work
# run down to N/2 pegs (W_m = F_m & sigma(~F_(N-m)), then
# D(W_(n+1)) & sigma(~F_(N-n)) below, eq. 8 above), the fastest dead end
# and the count.  Checked against seed 001 (Table 2's W_n, Table 6's
# dead ends, Table 7's count of the central game) and against the
# in-memory engine (pegsol sets, pegsol count) on pairs with a
# non-identity sigma.
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the pegs and W columns of a --winning table, of a pegsol sets table
wcol() { awk '$1 ~ /^[0-9]+$/ && NF == 3 {print $1, $3}'; }
mcol() { awk '$1 ~ /^[0-9]+$/ {print $1, $4}'; }

# English d4 (sigma = identity): seed 001 Table 2's W_n, n = 32 .. 17,
# then the same backwards for n = 16 .. 1 (eq. 8)
t2='1 1 2 8 38 164 635 2089 6174 16020 35749 68326 112788 162319 204992 230230'
n=32
for v in $t2 $(echo "$t2" | tr ' ' '\n' | tac); do
	echo "$n $v"
	n=$((n - 1))
done >"$tmp/t2"
e=$tmp/eng
expect_exit 0 "$P" sets english --vacate d4 --forward-only --to 16 --work "$e"
"$P" sets english --vacate d4 --work "$e" --winning --count --progress \
	>"$tmp/d4" 2>"$tmp/d4.err"
expect_exit 0 test "$?" -eq 0
wcol <"$tmp/d4" >"$tmp/d4w"
expect_exit 0 cmp "$tmp/t2" "$tmp/d4w"
# Table 2's total, Table 6's half (n <= 16: 839,536), Table 7's count
expect_exit 0 grep -Eq '^total +1679072$' "$tmp/d4"
expect_exit 0 grep -Eq '^ +16 +3312423 +230230$' "$tmp/d4"
expect_exit 0 grep -Eq '^ +28 +39 +38$' "$tmp/d4"
expect_exit 0 test "$(awk '$1 <= 16 {s += $2} END {print s}' "$tmp/d4w")" -eq 839536
expect_exit 0 grep -qx '40861647040079968 solutions' "$tmp/d4"
# Table 6: the first dead end after 4 jumps, at 28 pegs; the witness
# replays to 28 pegs
expect_exit 0 grep -Eq '^fastest dead end: 4 jumps \(28 pegs\): ' "$tmp/d4"
dead=$(sed -n 's/^fastest dead end: 4 jumps (28 pegs): //p' "$tmp/d4")
expect_out '"pegs_left":28' "$P" check english --vacate d4 --json "$dead"
expect_exit 0 grep -Eq 'winning.* pegs: [0-9]+ positions?' "$tmp/d4.err"
expect_exit 0 test -f "$e/W-manifest" -a -f "$e/W-001.lvl" -a -f "$e/W-032.lvl"
# JSON
expect_out '"sigma":0,"middle":16,"levels":\[\{"pegs":32,"F":1,"W":1\}.*\{"pegs":15,"F":null,"W":204992\}.*"W_total":1679072,"solvable":true,"dead_end":\{"jumps":4,"pegs":28,' \
	"$P" sets english --vacate d4 --work "$e" --winning --json
# resumed: levels removed are made again, the rest kept (checked)
rm "$e/W-010.lvl" "$e/W-020.lvl"
"$P" sets english --vacate d4 --work "$e" --winning >"$tmp/d4r" 2>"$tmp/d4r.err"
wcol <"$tmp/d4r" >"$tmp/d4rw"
expect_exit 0 cmp "$tmp/t2" "$tmp/d4rw"
expect_exit 0 grep -q 'resuming after W level 11' "$tmp/d4r.err"

# a file size limit (a full disk) while W_16 is written: exit 3, one
# line, no W_16 under its name; the same command then resumes
wfull() { (ulimit -f 100; "$P" sets english --vacate d4 --work "$e" --winning --winning-dir "$tmp/full"); }
expect_fail 3 'out of disk space writing .*W-016.lvl' wfull
expect_exit 0 test ! -e "$tmp/full/W-016.lvl"
"$P" sets english --vacate d4 --work "$e" --winning --winning-dir "$tmp/full" | wcol >"$tmp/fullw"
expect_exit 0 cmp "$tmp/t2" "$tmp/fullw"

# English d1 (Table 6: lost in 3 jumps; W_n, n <= 16, sum to 99,982)
expect_exit 0 "$P" sets english --vacate d1 --forward-only --to 16 --work "$tmp/d1"
"$P" sets english --vacate d1 --work "$tmp/d1" --winning >"$tmp/d1.out"
expect_exit 0 test "$(wcol <"$tmp/d1.out" | awk '$1 <= 16 {s += $2} END {print s}')" -eq 99982
expect_exit 0 grep -Eq '^fastest dead end: 3 jumps \(29 pegs\): ' "$tmp/d1.out"

# sigma not the identity: T6 a4 -> d4 and b6 -> e6 (the mirror, trivial
# group), a1 (complement, 2 symmetries): the in-memory engine's W_n and
# count; sorted runs of 50 KB (many runs merged) give the same levels
for pr in "a4 d4 18427016546 3" "b6 e6 8084636960 3" "a1 a1 1918789380 0"; do
	set -- $pr
	w=$tmp/t6$1$2
	expect_exit 0 "$P" sets T6 --vacate "$1" --finish "$2" --forward-only --to 10 --work "$w"
	"$P" sets T6 --vacate "$1" --finish "$2" --work "$w" --winning \
		--winning-dir "$w-W" --memory-mb 0.05 | wcol >"$tmp/got"
	"$P" sets T6 --vacate "$1" --finish "$2" | mcol >"$tmp/want"
	expect_exit 0 cmp "$tmp/want" "$tmp/got"
	expect_out "^$3 solutions\$" "$P" sets T6 --vacate "$1" --finish "$2" \
		--work "$w" --winning --winning-dir "$w-W" --count
	expect_out "^$3 solutions" "$P" count T6 --vacate "$1" --finish "$2"
	expect_out "sigma = symmetry $4," "$P" sets T6 --vacate "$1" --finish "$2" \
		--work "$w" --winning --winning-dir "$w-W"
done

# unsolvable (T4 a1): every W_n empty, exit 1, no dead end, 0 solutions
expect_exit 0 "$P" sets T4 --vacate a1 --forward-only --to 5 --work "$tmp/t4"
expect_exit 1 "$P" sets T4 --vacate a1 --work "$tmp/t4" --winning --count
cp /tmp/pegsol_out.$$ "$tmp/t4.out"
expect_exit 0 grep -Eq '^total +0$' "$tmp/t4.out"
expect_exit 0 grep -q '^fastest dead end: none, the start is lost' "$tmp/t4.out"
expect_exit 0 grep -qx '0 solutions' "$tmp/t4.out"

# bad input: one line, exit 2; a count over the budget: exit 3
w=$tmp/t6a4d4
expect_exit 0 "$P" sets T6 --vacate a1 --finish b3 --forward-only --to 10 --work "$tmp/t6a1b3"
expect_error 'not its own time reverse' "$P" sets T6 --vacate a1 --finish b3 --work "$tmp/t6a1b3" --winning
expect_error 'no forward run' "$P" sets T6 --vacate a4 --finish d4 --work "$tmp/none" --winning
expect_error 'work directory of another problem' "$P" sets T6 --vacate b6 --finish e6 --work "$w" --winning --winning-dir "$tmp/x2"
expect_error 'winning sets of another problem' "$P" sets T6 --vacate a1 --finish a1 --work "$tmp/t6a1a1" --winning --winning-dir "$w-W"
mkdir "$tmp/busy" && echo hello >"$tmp/busy/notes"
expect_error 'exists and holds no W-manifest' "$P" sets T6 --vacate a4 --finish d4 --work "$w" --winning --winning-dir "$tmp/busy"
expect_error 'needs --work DIR' "$P" sets T6 --vacate a4 --finish d4 --winning
expect_error 'needs --work DIR' "$P" sets T6 --vacate a4 --finish d4 --work "$w" --winning --forward-only
expect_error 'needs --work DIR' "$P" sets T6 --vacate a4 --finish d4 --work "$w" --count
expect_error 'finish position' "$P" sets T6 --vacate a4 --anywhere --work "$w" --winning
expect_exit 0 "$P" sets T6 --vacate a4 --finish d4 --forward-only --to 14 --work "$tmp/short"
expect_error 'no forward level of 13 pegs' "$P" sets T6 --vacate a4 --finish d4 --work "$tmp/short" --winning
expect_fail 3 'out of memory: counting' "$P" sets T6 --vacate a4 --finish d4 --work "$w" --winning --winning-dir "$w-W" --count --memory-mb 0.05
cp -r "$w-W" "$tmp/badW"
printf '\x55' | dd of="$tmp/badW/W-012.lvl" bs=1 seek=80 conv=notrunc 2>/dev/null
expect_error "W-012.lvl' fails its checksum" "$P" sets T6 --vacate a4 --finish d4 --work "$w" --winning --winning-dir "$tmp/badW"
cp -r "$w" "$tmp/badF"
printf '\x55' | dd of="$tmp/badF/F-012.lvl" bs=1 seek=80 conv=notrunc 2>/dev/null
expect_error "F-012.lvl' fails its checksum" "$P" sets T6 --vacate a4 --finish d4 --work "$tmp/badF" --winning --winning-dir "$tmp/badFW"
expect_error "bad --memory-mb 'abc'" "$P" sets T6 --vacate a4 --finish d4 --work "$w" --winning --memory-mb abc

done_checks
