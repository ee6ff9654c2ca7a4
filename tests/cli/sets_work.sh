# sets_work.sh - issue 14 item 3, first steps: pegsol sets --forward-only
# [--to N] computes only the forward sets F_n, the same as the full run's
# F; --work DIR keeps each finished level as a checksummed level file,
# resumes after the lowest one ("resuming from level N"), refuses a DIR of
# another problem and a level file that fails its checksum (exit 2).
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the pegs and F columns of a table (full run or forward only)
fcol() { awk '$1 ~ /^[0-9]+$/ {print $1, $2}'; }

# T6 a1: every level of the forward-only run is the full run's F, with and
# without a work directory, 64 and 128 bits, packed under a budget
$P sets T6 --vacate a1 | fcol >"$tmp/full"
$P sets T6 --vacate a1 --forward-only | fcol >"$tmp/fwd"
expect_exit 0 cmp "$tmp/full" "$tmp/fwd"
expect_exit 0 test "$(wc -l <"$tmp/fwd")" -eq 20
$P sets T6 --vacate a1 --forward-only --work "$tmp/t6" | fcol >"$tmp/fwdw"
expect_exit 0 cmp "$tmp/full" "$tmp/fwdw"
PEGSOL_WIDE=1 $P sets T6 --vacate a1 --forward-only --memory-mb 0.05 | fcol >"$tmp/fwdm"
expect_exit 0 cmp "$tmp/full" "$tmp/fwdm"
# --raw: the orbit sums as in the full run
$P sets T6 --vacate a1 --raw | awk '$1 ~ /^[0-9]+$/ {print $1, $3}' >"$tmp/fullr"
$P sets T6 --vacate a1 --raw --forward-only | awk '$1 ~ /^[0-9]+$/ {print $1, $3}' >"$tmp/fwdr"
expect_exit 0 cmp "$tmp/fullr" "$tmp/fwdr"
# JSON: F only, no W, B or L keys
expect_out '"levels":\[\{"pegs":20,"F":1\},\{"pegs":19,"F":1\}' $P sets T6 --vacate a1 --forward-only --to 15 --json
expect_exit 0 test -z "$(grep -E '"(W|B|L)"' /tmp/pegsol_out.$$)"

# English d4 down to 20 pegs: seed 001 Table 2's F column (the full run's F,
# tests/cli/numbers.sh), in one run and in a run stopped at 26 and resumed
cat >"$tmp/t2" <<'T2'
32 1
31 1
30 2
29 8
28 39
27 171
26 719
25 2757
24 9751
23 31312
22 89927
21 229614
20 517854
T2
$P sets english --vacate d4 --forward-only --to 20 | fcol >"$tmp/e1"
expect_exit 0 cmp "$tmp/t2" "$tmp/e1"
w="$tmp/eng"
expect_exit 0 $P sets english --vacate d4 --forward-only --to 26 --work "$w"
expect_exit 0 test -f "$w/manifest" -a -f "$w/F-026.lvl" -a ! -f "$w/F-025.lvl"
$P sets english --vacate d4 --forward-only --to 20 --work "$w" 2>"$tmp/err" | fcol >"$tmp/e2"
expect_exit 0 cmp "$tmp/t2" "$tmp/e2"
expect_exit 0 grep -q 'resuming from level 26' "$tmp/err"
# everything there: resumes from the bottom, the same table
$P sets english --vacate d4 --forward-only --to 20 --work "$w" 2>"$tmp/err" | fcol >"$tmp/e3"
expect_exit 0 cmp "$tmp/t2" "$tmp/e3"
expect_exit 0 grep -q 'resuming from level 20' "$tmp/err"
# --progress reports the forward levels of a resumed run
expect_exit 0 rm "$w/F-020.lvl" "$w/F-021.lvl"
$P sets english --vacate d4 --forward-only --to 20 --work "$w" --progress >/dev/null 2>"$tmp/err"
expect_exit 0 grep -q 'resuming from level 22' "$tmp/err"
expect_exit 0 grep -Eq 'forward.*20 pegs: 517854 positions' "$tmp/err"

# a directory of another problem or command, or not a work directory
expect_error 'work directory of another problem' $P sets english --vacate c4 --forward-only --to 26 --work "$w"
expect_error 'work directory of another problem' $P sets english --vacate d4 --group full --forward-only --to 26 --work "$w"
expect_error 'work directory of another problem' $P sets english --vacate d4 --anywhere --forward-only --to 26 --work "$w"
mkdir "$tmp/other" && echo hello >"$tmp/other/notes"
expect_error 'not empty and holds no pegsol sets manifest' $P sets T6 --vacate a1 --forward-only --work "$tmp/other"
expect_error 'need --forward-only' $P sets T6 --vacate a1 --work "$tmp/t6"

# a flipped byte in a level file: named, exit 2 (the level read back and a
# level above it, whose trailer is checked)
cp -r "$w" "$tmp/bad1"
printf '\x55' | dd of="$tmp/bad1/F-020.lvl" bs=1 seek=200 conv=notrunc 2>/dev/null
expect_error "F-020.lvl' fails its checksum" $P sets english --vacate d4 --forward-only --to 20 --work "$tmp/bad1"
cp -r "$w" "$tmp/bad2"
printf '\x55' | dd of="$tmp/bad2/F-024.lvl" bs=1 seek=100 conv=notrunc 2>/dev/null
expect_error "F-024.lvl' fails its checksum" $P sets english --vacate d4 --forward-only --to 20 --work "$tmp/bad2"
# a level file of another problem copied in
cp -r "$w" "$tmp/bad3"
cp "$tmp/t6/F-015.lvl" "$tmp/bad3/F-019.lvl"
expect_error "F-019.lvl' is not a level file of this problem" $P sets english --vacate d4 --forward-only --to 19 --work "$tmp/bad3"
done_checks
