# mpi.sh - pegsol-mpi (docs/scale.md): under mpirun -np K, K = 1, 2, 3,
# sets and count print what pegsol prints (timings aside), text and JSON:
# T5 and T6 (seed 001 Table 1's F/B/W/L levels), the English board's
# forward levels (seed 001 Table 2, first levels) and an English finish
# problem with every table (F, B, W, L) and its exact count; a bad
# argument exits 2 on every rank without hanging; a --work directory is
# written per rank and resumed; --out writes pegsol's file and --prune
# gives pegsol's pruned levels; boards past 64 holes (128-bit codes:
# triangle:12, 78 holes) give pegsol's tables, count, file and resumed
# work directory; --memory-mb is each rank's budget, held by spilling
# the level being made to sorted runs on disk and, in full runs and
# counts, keeping every level packed (peak RSS <= M + 64 MB, the same
# tables and level files as in memory), --partitions sends every
# level through the disk; a spill's write over the file size limit
# exits 3; --all-starts, --plot and --check are
# pegsol's, --by-index refused with one line.  PEGSOL_TEST_SLOW=1 adds
# issue 14's acceptance in full: the English sets file of pegsol in
# memory, out of core and pegsol-mpi -np 2 and 3, byte for byte.  Skipped
# without $BUILD/pegsol-mpi (make mpi; the sanitizer builds leave it
# out) or mpirun.  An mpirun launch mostly waits (about 0.5 s to start,
# 2 s more when a rank exits non-zero), so the launches run side by
# side in a few batches (bg, psame) and are checked after each `wait`;
# argument errors that every rank parses alike run as one process (an
# MPI singleton).
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.." || exit 1
BUILD=${BUILD:-build}
MPI=$PWD/$BUILD/pegsol-mpi
if [ ! -x "$MPI" ] || ! command -v mpirun >/dev/null; then
	echo "mpi.sh: no $MPI or no mpirun (make mpi); skipped"
	echo "RESULT 0 0"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# a rank waiting in a collective yields its core (OpenMPI spins by
# default unless oversubscribed): the launches side by side below share
# 2 cores
export OMPI_MCA_mpi_yield_when_idle=1
export TMPDIR="$tmp"
# as root (CI) and with more ranks than cores; a hang fails, not blocks
run() {
	local k=$1
	shift
	timeout 120 mpirun --allow-run-as-root --oversubscribe -np "$k" "$MPI" "$@"
}
# timings are the only fields allowed to differ, and the disk used
# (pegsol's partitions, pegsol-mpi's runs: the line and the JSON keys),
# the work directory's bytes and the name of the file written (each
# writes its own, compared with cmp)
strip() {
	sed -E '/^disk: up to [0-9]+ partitions/d; s/, [0-9.]+ s$//
		/^work directory /d
		s/"seconds":[0-9.eE+-]+,?//; s/"file":"[^"]*",?//
		s/^(written to) .*/\1/
		s/"partitions":[0-9]+,"disk_bytes":[0-9]+,?//
		s/"work":"[^"]*",("resumed":[0-9]+,)?"work_bytes":[0-9]+,?//'
}

# check K WANT ARGS...: stdout of pegsol-mpi -np K = the file WANT
# (stripped), exit status 0 or 1 as $ra says
check() {
	local k=$1 want got rb
	want=$(strip <"$2")
	shift 2
	run "$k" "$@" >"$tmp/b" 2>"$tmp/e"
	rb=$?
	got=$(strip <"$tmp/b")
	if [ "$ra" -eq "$rb" ] && [ -n "$want" ] && [ "$want" = "$got" ]; then
		_ok
	else
		_no "-np $k $* differs from pegsol (exit $rb, want $ra)"
		diff <(echo "$want") <(echo "$got") | head -8 >&2
		head -c 400 "$tmp/e" >&2
	fi
}
# Launches that wait more than they compute (start-up, and the 2 s of
# a job with a non-zero exit) run side by side: bg NAME CMD... starts
# CMD in the background ($tmp/NAME.out, .err, .rc); after `wait` the
# checks read those files.  psame NAME K ARGS...: pegsol and pegsol-mpi
# -np K side by side; same_ok NAME [REF]: their output and status
# agree (with REF: NAME's and REF's pegsol run, psame REF).
bg() {
	local n=$1
	shift
	# a TMPDIR of its own: OpenMPI's session directory (jobs started
	# together race to make a shared one) and the runs spilled there
	(TMPDIR=$(mktemp -d "$tmp/j.XXXXXX") && export TMPDIR &&
		"$@" >"$tmp/$n.out" 2>"$tmp/$n.err"
	echo $? >"$tmp/$n.rc") &
}
psame() {
	local n=$1 k=$2
	shift 2
	bg "$n.p" "$PEGSOL" "$@"
	bg "$n" run "$k" "$@"
}
same_ok() {
	local want got p=${2:-$1}
	want=$(strip <"$tmp/$p.p.out")
	got=$(strip <"$tmp/$1.out")
	if [ "$(cat "$tmp/$p.p.rc")" = "$(cat "$tmp/$1.rc")" ] &&
		[ -n "$want" ] && [ "$want" = "$got" ]; then
		_ok
	else
		_no "$1 differs from pegsol (exit $(cat "$tmp/$1.rc"))"
		diff <(echo "$want") <(echo "$got") | head -8 >&2
		head -c 400 "$tmp/$1.err" >&2
	fi
}
# rc_is NAME CODE [PATTERN [ALL]]: NAME exited CODE, and its stderr has
# one line from pegsol matching PATTERN (with ALL: one line in all, no
# line from mpirun: a single process)
rc_is() {
	local n=$1 got lines
	got=$(cat "$tmp/$n.rc")
	if [ -n "${4:-}" ]; then
		lines=$(wc -l <"$tmp/$n.err")
	else
		lines=$(grep -c '^pegsol' "$tmp/$n.err")
	fi
	if [ "$got" = "$2" ] && { [ -z "${3:-}" ] || { [ "$lines" = 1 ] &&
		grep -Eq -- "$3" "$tmp/$n.err"; }; }; then
		_ok
	else
		_no "$n: exit $got, want $2${3:+ and one line /$3/ ($lines lines)}"
		head -c 400 "$tmp/$n.err" >&2
	fi
}
# the peak RSS of every rank (PEGSOL_MPI_STATS) in $tmp/e is <= $1 MB
rss_under() {
	local rss
	rss=$(sed -n 's/^pegsol-mpi: peak RSS a rank (MB)://p' "$tmp/e")
	[ -n "$rss" ] && for r in $rss; do [ "$r" -le "$1" ] || rss=; done
	[ -n "$rss" ] && _ok || _no "peak RSS a rank over $1 MB: $(grep RSS "$tmp/e")"
}

# an English start with 10 pegs: 1002 solutions to d5, 2004 anywhere;
# at -np 3 its sets and count send every level through the disk
# (--partitions 3: each rank's runs of the level merged; pegsol's
# partitions in pegsol).  Each K runs some of the problems, -np 3 all.
P='.../.x./..xxx../..xxx../..xxx../.../...'
psame t5.1 1 sets T5 --vacate a1 --raw
psame c.1 1 count english --position "$P" --anywhere --json
psame t6.2 2 sets T6 --vacate a1
psame en.2 2 sets english --position "$P" --finish d5
psame c.2 2 count T6 --vacate a1
psame t5.3 3 sets T5 --vacate a1 --raw
psame t6.3 3 sets T6 --vacate a1
psame en.3 3 sets english --position "$P" --finish d5 --partitions 3
psame c.3 3 count english --position "$P" --finish d5 --partitions 3
psame none 3 sets T6 --vacate b2 --finish b2 --group none
# --memory-mb holds a full run too (issue 14 item 2): every F (and G)
# level packed once made, W made from them a block at a time and
# packed, L from the packed W, a count's W expanded for its walk: T5
# and T6 corner vacant (complement problems: F as G, --raw), the
# English finish problem (G levels), a count by eq. 7 and 8 (T6) and
# one through G (English), at 1 MB a rank, where the levels as arrays
# had gone over it (exit 3): pegsol's tables, peak RSS <= 1 + 64 MB
for n in "t5b.3 3 sets T5 --vacate a1 --raw" "t6b.1 1 sets T6 --vacate a1" \
	"t6b.3 3 sets T6 --vacate a1" "c6b.2 2 count T6 --vacate a1" \
	"enb.2 2 sets english --position $P --finish d5" \
	"cb.3 3 count english --position $P --finish d5"; do
	PEGSOL_MPI_STATS=1 bg ${n%% *} run ${n#* } --memory-mb 1
done
wait
for n in t5.1 c.1 t6.2 en.2 c.2 t5.3 t6.3 en.3 c.3 none; do
	same_ok "$n"
done
expect_out '^disk: up to [1-9][0-9]* partitions a level, [1-9][0-9]* bytes' \
	cat "$tmp/en.3.out"
# the values themselves (seed 001 Table 1: T5 corner vacant, F 1544
# canonical and 3016 raw, W 95 stored by eq. 8 of 190, L 425; T6 corner
# vacant, the row of 14 pegs (F 1881, W 1690, L 185) and L 68,954 in all)
expect_out '^total +1544 +3016 +1544 +190 +425$' cat "$tmp/t5.3.out"
expect_out '^ +14 +1881 +[0-9]+ +1690 +185$' cat "$tmp/t6.2.out"
expect_out '^total +[0-9]+ +[0-9]+ +[0-9]+ +68954$' cat "$tmp/t6.3.out"
expect_out '^ +5 +283 +184 +25 +100$' cat "$tmp/en.3.out"
expect_out '^1002 solutions$' cat "$tmp/c.3.out"
for n in t5b.3:t5.1 t6b.1:t6.3 t6b.3:t6.3 c6b.2:c.2 enb.2:en.2 cb.3:c.3; do
	same_ok "${n%:*}" "${n#*:}"
	cp "$tmp/${n%:*}.err" "$tmp/e"
	rss_under 65
done

# side by side: an unsolvable problem (exit 1 on every rank, 0
# solutions); bad input: exit 2 from all ranks, one line from rank 0,
# no hang (a file that a rank cannot read: the ranks agree before any
# collective call); errors of the arguments alone, the same on every
# rank, as one process; a budget too small for the levels --out keeps
# (every level an array, for rank 0 to gather): exit 3 on every rank,
# one line
bg t4 run 3 count T4 --vacate a1
bg nofile run 3 sets T5 --position "@$tmp/no-such-file"
bg budget run 3 sets english --vacate d4 --memory-mb 1 --out "$tmp/o.sets"
bg z9 "$MPI" sets T5 --vacate z9
bg noboard "$MPI" count
bg pruneout "$MPI" sets T5 --vacate a1 --prune --out "$tmp/x.sets"
bg fwdout "$MPI" sets T5 --vacate a1 --forward-only --out "$tmp/x.sets"
bg t16 "$MPI" sets T16 --vacate a1
bg group "$MPI" sets T5 --group bogus
bg byidx "$MPI" sets T5 --by-index
bg tmpd "$MPI" sets T5 --vacate a1 --partitions 2 --tmpdir "$tmp/none"
wait
rc_is t4 1
expect_out '^0 solutions$' cat "$tmp/t4.out"
rc_is nofile 2 "no-such-file"
rc_is budget 3 '^pegsol sets: over the memory budget: a rank needs more than [0-9.]+ MB'
[ ! -e "$tmp/o.sets" ] && _ok || _no "a file left by a run over its budget"
rc_is z9 2 "no hole 'z9'" 1
rc_is noboard 2 'need a board' 1
rc_is pruneout 2 'no --out or --plot' 1
rc_is fwdout 2 'no --out, --plot' 1
rc_is t16 2 'at most 128 holes' 1
rc_is group 2 "bad --group 'bogus'" 1
rc_is byidx 2 'by-index is not in pegsol-mpi' 1
rc_is tmpd 2 "cannot create a temporary directory in '$tmp/none'" 1

# Side by side, then checked below: --out (T6 corner vacant, seed 001
# Table 1, and one peg anywhere under the full group with --raw and
# --json; the levels gathered on rank 0, the file byte for byte
# pegsol's); --prune (T6 a1; English d4 down to 22 pegs under a budget
# of 1 MB: the spilled levels come out packed and are filtered block by
# block); --all-starts; --plot; boards past 64 holes (triangle:12, 78
# holes, 128-bit codes: the count and its JSON, every table and the
# file); the spill of English d4 down to 20 pegs (below); a --work
# directory resumed and refused, in turn; out of disk
# (each writes its own file: pegsol's run is NAME.p, as psame's)
bg t6o run 3 sets T6 --vacate a1 --out "$tmp/t6m.sets"
bg t6o.p "$PEGSOL" sets T6 --vacate a1 --out "$tmp/t6.sets"
bg t6a run 2 sets T6 --vacate c3 --anywhere --group full --raw --json \
	--out "$tmp/t6am.sets"
bg t6a.p "$PEGSOL" sets T6 --vacate c3 --anywhere --group full --raw \
	--json --out "$tmp/t6a.sets"
psame pr6 2 sets T6 --vacate a1 --prune
psame pren 1 sets english --vacate d4 --forward-only --prune --to 22 --json \
	--memory-mb 1
psame as5 2 sets T5 --all-starts
psame as5a 3 sets T5 --all-starts --anywhere --json
psame plot 2 sets english --position "$P" --finish d5 --plot -
W6=./../.../..../.x.../.xx.../..x..../...xx.../........./........../.........../............
psame w6c 1 count triangle:12 --position "$W6" --finish c6 --json
bg w6 run 3 sets triangle:12 --position "$W6" --finish c6 --raw \
	--out "$tmp/w6m.sets"
bg w6.p "$PEGSOL" sets triangle:12 --position "$W6" --finish c6 --raw \
	--out "$tmp/w6.sets"
# and a full run of it under 2 MB a rank: the levels packed, 128-bit
PEGSOL_MPI_STATS=1 bg w6b run 2 sets triangle:12 --position "$W6" \
	--finish c6 --raw --memory-mb 2
# --memory-mb M holds by spilling (issue 14 item 5): English d4 down to
# 21 pegs (seed 001 Table 2: 229,614 at 21) in memory by pegsol, out of
# core by pegsol (--memory-mb 1: its partitions) and by pegsol-mpi at
# -np 1, 2 and 3 with 1 MB a rank (a rank's share of level 21, 1.8 MB at
# -np 1, goes to sorted runs on disk, merged into a packed level): the
# same table every time, every rank's peak RSS <= 1 + 64 MB, the runs
# reported (JSON partitions, disk_bytes) and removed; the level files of
# a budgeted -np 3 work directory are those of the unbudgeted one byte
# for byte
mkdir "$tmp/td"
E="sets english --vacate d4 --forward-only --to 21"
bg e21 "$PEGSOL" $E
bg e21m "$PEGSOL" $E --memory-mb 1
bg e21j "$PEGSOL" $E --json
bg wa run 3 $E --work "$tmp/wa"
PEGSOL_MPI_STATS=1 bg wb run 3 $E --work "$tmp/wb" --memory-mb 1 \
	--tmpdir "$tmp/td"
PEGSOL_MPI_STATS=1 bg m2 run 2 $E --memory-mb 1 --tmpdir "$tmp/td"
PEGSOL_MPI_STATS=1 bg m1 run 1 $E --memory-mb 1 --json
# --work: a directory per rank, resumed by the same K, refused for
# another problem; triangle:12 a1 vacant (pegsol's: 130,650 at 70 pegs)
# through a 128-bit work directory, resumed, under a budget (each
# parent packed, the level read back too; level 70 spilled in 128-bit
# runs: 2 MB a rank)
bg w.1 run 2 sets english --vacate d4 --forward-only --to 22 --work "$tmp/w"
bg w12.1 run 2 sets triangle:12 --vacate a1 --forward-only --to 71 \
	--work "$tmp/w12" --memory-mb 16
# out of disk (a 100 KB tmpfs in a private mount namespace, where
# unshare -m works): --out, and the runs of a spilled level (--tmpdir):
# exit 3 on every rank, one line, no file left
m="$tmp/mnt"
mkdir "$m"
if unshare -m sh -c "mount -t tmpfs -o size=100k tmpfs '$m'" 2>/dev/null; then
	bg full unshare -m sh -c 'mount -t tmpfs -o size=100k tmpfs "$0" || exit 9
		r="timeout 120 mpirun --allow-run-as-root --oversubscribe -np 2"
		$r "$1" sets T6 --vacate a1 --out "$0/t6.sets" >/dev/null \
			2>"$0.err"
		echo "exit $?"
		grep "^pegsol" "$0.err"
		$r "$1" sets english --vacate d4 --forward-only --to 21 \
			--memory-mb 2 --tmpdir "$0" >/dev/null 2>"$0.err"
		echo "exit $?"
		grep -c "^pegsol sets.*out of disk space writing" "$0.err"
		ls -A "$0"' "$m" "$MPI"
fi
# a run of the spill's merge pass over the file size limit (ulimit -f in
# the ranks, SIGXFSZ ignored: EFBIG; shared memory off, which the limit
# would break): exit 3 and the library's line, as pegsol reports it
bg fbig env OMPI_MCA_btl=self,tcp timeout 120 mpirun --allow-run-as-root \
	--oversubscribe -np 2 bash -c 'trap "" XFSZ; ulimit -f 100; exec "$@"' \
	- "$MPI" $E --memory-mb 1 --partitions 2
wait
bg w.2 run 2 sets english --vacate d4 --forward-only --to 21 --work "$tmp/w"
bg w12.2 run 2 sets triangle:12 --vacate a1 --forward-only --to 70 \
	--work "$tmp/w12" --memory-mb 2
wait
bg w.3 run 3 sets english --vacate d4 --forward-only --to 21 --work "$tmp/w"
# the manifest names the pruning: pruned levels are not resumed unpruned
bg w.4 run 2 sets english --vacate d4 --forward-only --to 21 --prune \
	--work "$tmp/w"
psame chk 3 sets --check "$tmp/w6m.sets" --json
cp "$tmp/w6m.sets" "$tmp/bad.sets"
printf X | dd of="$tmp/bad.sets" bs=1 seek=3000 conv=notrunc 2>/dev/null
bg bad run 2 sets --check "$tmp/bad.sets"
wait

for n in t6o t6a pr6 pren as5 as5a plot w6c w6 chk; do
	same_ok "$n"
done
expect_exit 0 cmp "$tmp/t6.sets" "$tmp/t6m.sets"
expect_exit 0 cmp "$tmp/t6a.sets" "$tmp/t6am.sets"
expect_out 'ok: triangle:6, 64-bit codes' "$PEGSOL" sets --check "$tmp/t6am.sets"
# (T6 a1 pruned: W and L exact, 52,804 and 68,954 as unpruned)
expect_out '^total +[0-9]+ +- +52804 +68954$' cat "$tmp/pr6.out"
expect_out ': [1-9][0-9]* positions dropped$' cat "$tmp/pr6.out"
expect_out '"partitions":[1-9]' cat "$tmp/pren.out"
# --all-starts: each single-vacancy class's problem run on the ranks in
# turn, pegsol's table (T5: 4 classes; one peg anywhere, JSON)
expect_out '^4 classes' cat "$tmp/as5.out"
expect_out '"classes":4' cat "$tmp/as5a.out"
expect_out '^<svg' cat "$tmp/plot.out"
# triangle:12, 6 pegs to c6: F, B, W, L totals 205, 48,217, 32, 77 and
# 21 solutions (pegsol's own run compared line by line above)
expect_out '"count":"21"' cat "$tmp/w6c.out"
expect_out '^total +205 +205 +48217 +32 +77$' cat "$tmp/w6.out"
expect_out '^total +205 +205 +48217 +32 +77$' cat "$tmp/w6b.out"
cp "$tmp/w6b.err" "$tmp/e"
rss_under 66
expect_exit 0 cmp "$tmp/w6.sets" "$tmp/w6m.sets"
# --check FILE (rank 0 alone) prints what pegsol prints; a flipped byte
# fails the check (exit 2)
expect_out '"code_bits":128' cat "$tmp/chk.out"
rc_is bad 2 "^pegsol sets: '.*bad.sets' fails its checksum"

# the spill
expect_out '^ +21 +229614$' cat "$tmp/e21.out"
expect_out '^disk: up to [1-9]' cat "$tmp/e21m.out"
expect_exit 0 cmp <(strip <"$tmp/e21.out") <(strip <"$tmp/e21m.out")
for n in wa wb m2 m1; do
	[ "$n" = m1 ] && want=e21j || want=e21
	cp "$tmp/$n.err" "$tmp/e"
	if [ "$(cat "$tmp/$n.rc")" = "$(cat "$tmp/$want.rc")" ] &&
		[ "$(strip <"$tmp/$want.out")" = "$(strip <"$tmp/$n.out")" ]; then
		_ok
	else
		_no "$n: the spilled levels differ from pegsol's"
		diff <(strip <"$tmp/$want.out") <(strip <"$tmp/$n.out") | head -5 >&2
	fi
	[ "$n" = wa ] || rss_under 65
done
expect_out '^disk: up to [1-9][0-9]* partitions a level' cat "$tmp/wb.out"
expect_out '"partitions":[1-9][0-9]*,"disk_bytes":[1-9][0-9]{4,}' \
	cat "$tmp/m1.out"
for f in "$tmp"/wa/rank-*/F-*.lvl; do
	cmp "$f" "$tmp/wb/${f#"$tmp"/wa/}" || break
done && _ok || _no "budgeted level files differ from the unbudgeted ones"
[ "$(ls "$tmp"/wb/rank-2/*.lvl | wc -l)" = 11 ] && _ok ||
	_no "not 11 level files a rank"
[ -z "$(ls -A "$tmp/td")" ] && _ok || _no "runs left: $(ls -A "$tmp/td")"

# --work
expect_out '^total +134688$' cat "$tmp/w.1.out"
[ -s "$tmp/w/rank-0/F-022.lvl" ] && [ -s "$tmp/w/rank-1/F-022.lvl" ] &&
	[ -s "$tmp/w/manifest" ] && _ok || _no "no level files per rank"
expect_out '^ +21 +229614$' cat "$tmp/w.2.out"
expect_out 'resuming from level 22' cat "$tmp/w.2.err"
rc_is w.3 2 'manifest differs'
rc_is w.4 2 'manifest differs'
expect_out '^ +71 +14342$' cat "$tmp/w12.1.out"
expect_out '^codes 128$' cat "$tmp/w12/manifest"
expect_out '^ +70 +130650$' cat "$tmp/w12.2.out"
expect_out 'resuming from level 71' cat "$tmp/w12.2.err"
expect_out '^disk: up to [1-9]' cat "$tmp/w12.2.out"

# out of disk
rc_is fbig 3 "^pegsol sets: out of disk space writing '.*/run-[0-9]+\.lvl': file size limit reached"
if [ -f "$tmp/full.rc" ]; then
	expect_exit 0 cmp "$tmp/full.out" - <<EOF
exit 3
pegsol sets: out of disk space writing '$m/t6.sets': No space left on device
exit 3
1
EOF
fi

# issue 14's acceptance in full (PEGSOL_TEST_SLOW=1; minutes): the
# English sets (F, B, W, L of d4 vacant, seed 001 Table 2) written by
# pegsol in memory, pegsol out of core (--memory-mb 64) and pegsol-mpi
# at -np 2 and 3 with every level through the disk: one file; and the
# full run at -np 3 under 48 MB a rank (every level packed; exit 3 when
# F was kept as arrays): pegsol's table, peak RSS <= 48 + 64 MB
if [ "${PEGSOL_TEST_SLOW:-}" = 1 ]; then
	"$PEGSOL" sets english --vacate d4 --out "$tmp/en.sets" >"$tmp/en"
	ra=$?
	"$PEGSOL" sets english --vacate d4 --memory-mb 64 --out "$tmp/eo.sets" \
		>/dev/null
	expect_exit 0 cmp "$tmp/en.sets" "$tmp/eo.sets"
	for k in 2 3; do
		check "$k" "$tmp/en" sets english --vacate d4 --partitions 3 \
			--out "$tmp/e$k.sets"
		expect_exit 0 cmp "$tmp/en.sets" "$tmp/e$k.sets"
	done
	expect_out '^total +23475688 ' cat "$tmp/en"
	grep -v '^written to' "$tmp/en" >"$tmp/en.t"
	PEGSOL_MPI_STATS=1 check 3 "$tmp/en.t" sets english --vacate d4 \
		--memory-mb 48
	rss_under 112
fi
done_checks
