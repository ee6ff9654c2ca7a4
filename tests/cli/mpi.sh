# mpi.sh - pegsol-mpi (docs/scale.md): under mpirun -np K, K = 1, 2, 3,
# sets and count print what pegsol prints (timings aside), text and JSON:
# T5 and T6 (seed 001 Table 1's F/B/W/L levels), the English board's
# forward levels (seed 001 Table 2, first levels) and an English finish
# problem with every table (F, B, W, L) and its exact count; a bad
# argument exits 2 on every rank without hanging; a --work directory is
# written per rank and resumed; --out writes pegsol's file and --prune
# gives pegsol's pruned levels; boards past 64 holes (128-bit codes:
# triangle:12, 78 holes) give pegsol's tables, count, file and resumed
# work directory; --memory-mb is each rank's budget (peak RSS <= M + 64
# MB, or exit 3 on every rank with one line); --plot and --check are
# pegsol's, --by-index and --all-starts refused with one line.  Skipped
# without $BUILD/pegsol-mpi (make mpi; the sanitizer builds leave it
# out) or mpirun.
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
# as root (CI) and with more ranks than cores; a hang fails, not blocks
run() {
	local k=$1
	shift
	timeout 120 mpirun --allow-run-as-root --oversubscribe -np "$k" "$MPI" "$@"
}
# timings are the only fields allowed to differ, and the line of
# pegsol's own disk partitions under --memory-mb (pegsol-mpi has none)
strip() {
	sed -E '/^disk: up to [0-9]+ partitions/d; s/, [0-9.]+ s$//
		s/"seconds":[0-9.eE+-]+,?//'
}

# same K ARGS...: stdout and exit status of pegsol-mpi -np K = pegsol's
same() {
	local k=$1 want got ra rb
	shift
	"$PEGSOL" "$@" >"$tmp/a" 2>/dev/null
	ra=$?
	run "$k" "$@" >"$tmp/b" 2>"$tmp/e"
	rb=$?
	want=$(strip <"$tmp/a")
	got=$(strip <"$tmp/b")
	if [ "$ra" -eq "$rb" ] && [ -n "$want" ] && [ "$want" = "$got" ]; then
		_ok
	else
		_no "-np $k $* differs from pegsol (exit $rb, want $ra)"
		diff <(echo "$want") <(echo "$got") | head -8 >&2
		head -c 400 "$tmp/e" >&2
	fi
}

# an English start with 10 pegs: 1002 solutions to d5, 2004 anywhere
P='.../.x./..xxx../..xxx../..xxx../.../...'
counts=("" "count english --position $P --anywhere --json"
	"count T6 --vacate a1" "count english --position $P --finish d5")
for k in 1 2 3; do
	same "$k" sets T5 --vacate a1 --raw --json
	same "$k" sets T6 --vacate a1
	cp "$tmp/b" "$tmp/t6.$k"
	same "$k" sets english --position "$P" --finish d5
	cp "$tmp/b" "$tmp/en.$k"
	same "$k" ${counts[$k]}
	cp "$tmp/b" "$tmp/c.$k"
done
same 2 sets T6 --vacate c3 --anywhere --group full --raw --json
same 3 sets T6 --vacate b2 --finish b2 --group none
# the values themselves (seed 001 Table 1: T5 corner vacant, F 1544
# canonical and 3016 raw, W 95 stored by eq. 8 of 190, L 425; T6 corner
# vacant, the row of 14 pegs (F 1881, W 1690, L 185) and L 68,954 in all)
expect_out '^total +1544 +3016 +1544 +190 +425$' run 3 sets T5 --vacate a1 --raw
expect_out '^ +14 +1881 +[0-9]+ +1690 +185$' cat "$tmp/t6.2"
expect_out '^total +[0-9]+ +[0-9]+ +[0-9]+ +68954$' cat "$tmp/t6.3"
expect_out '^ +5 +283 +184 +25 +100$' cat "$tmp/en.3"
expect_out '^1002 solutions$' cat "$tmp/c.3"
# an unsolvable problem: exit 1 on every rank, 0 solutions
expect_exit 1 run 3 count T4 --vacate a1
cp /tmp/pegsol_out.$$ "$tmp/t4"
expect_out '^0 solutions$' cat "$tmp/t4"

# bad input: exit 2 from all ranks, one line from rank 0, no hang
expect_exit 2 run 3 sets T5 --vacate z9
expect_exit 2 run 3 count
expect_exit 2 run 3 sets T5 --position "@$tmp/no-such-file"
expect_exit 2 run 2 sets T5 --vacate a1 --prune --out "$tmp/x.sets"
expect_exit 2 run 2 sets T5 --vacate a1 --forward-only --out "$tmp/x.sets"
expect_exit 2 run 2 sets T16 --vacate a1
expect_stderr 'at most 128 holes'
expect_error "bad --group 'bogus'" "$MPI" sets T5 --group bogus

# --out: the levels gathered on rank 0, the file byte for byte pegsol's
# (T6 corner vacant, seed 001 Table 1; --raw and anywhere too)
"$PEGSOL" sets T6 --vacate a1 --out "$tmp/t6.sets" >/dev/null
"$PEGSOL" sets T6 --vacate c3 --anywhere --raw --out "$tmp/t6a.sets" >/dev/null
same 3 sets T6 --vacate a1 --out "$tmp/t6m.sets"
expect_exit 0 cmp "$tmp/t6.sets" "$tmp/t6m.sets"
same 2 sets T6 --vacate c3 --anywhere --raw --out "$tmp/t6am.sets"
expect_exit 0 cmp "$tmp/t6a.sets" "$tmp/t6am.sets"
expect_out 'ok: triangle:6, 64-bit codes' "$PEGSOL" sets --check "$tmp/t6am.sets"
# --prune: each rank filters its part of a forward level by the same
# pagoda functions; the levels, what each function cut and the JSON are
# pegsol's (T6 a1: W and L exact, 52,804 and 68,954 as unpruned, seed
# 001 Table 1; English d4 down to 22 pegs)
same 2 sets T6 --vacate a1 --prune
expect_out '^total +[0-9]+ +- +52804 +68954$' cat "$tmp/b"
expect_out ': [1-9][0-9]* positions dropped$' cat "$tmp/b"
same 3 sets english --vacate d4 --forward-only --prune --to 22 --json

# --work: a directory per rank, resumed by the same K, refused for
# another problem
expect_out '^total +134688$' run 2 sets english --vacate d4 \
	--forward-only --to 22 --work "$tmp/w"
[ -s "$tmp/w/rank-0/F-022.lvl" ] && [ -s "$tmp/w/rank-1/F-022.lvl" ] &&
	[ -s "$tmp/w/manifest" ] && _ok || _no "no level files per rank"
expect_out '^ +21 +229614$' run 2 sets english --vacate d4 \
	--forward-only --to 21 --work "$tmp/w"
expect_stderr 'resuming from level 22'
expect_exit 2 run 3 sets english --vacate d4 --forward-only --to 21 \
	--work "$tmp/w"
expect_stderr 'manifest differs'

# --out onto a full disk (a 100 KB tmpfs in a private mount namespace,
# where unshare -m works): exit 3 on every rank, one line, no file
m="$tmp/mnt"
mkdir "$m"
if unshare -m sh -c "mount -t tmpfs -o size=100k tmpfs '$m'" 2>/dev/null; then
	unshare -m sh -c 'mount -t tmpfs -o size=100k tmpfs "$0" || exit 9
		"$@" >/dev/null 2>"$0.err"; echo "exit $?"
		grep "^pegsol" "$0.err"; ls -A "$0"' "$m" \
		timeout 120 mpirun --allow-run-as-root --oversubscribe -np 2 \
		"$MPI" sets T6 --vacate a1 --out "$m/t6.sets" >"$tmp/full.txt"
	expect_exit 0 cmp "$tmp/full.txt" - <<EOF
exit 3
pegsol sets: out of disk space writing '$m/t6.sets': No space left on device
EOF
fi

# boards past 64 holes: the 128-bit copy of the engine (dcode.h).
# triangle:12 (78 holes): 6 pegs to c6, every table (-np 3), the count
# and its JSON (-np 1) and the file (-np 3) byte for byte pegsol's; F,
# B, W, L totals 205, 48,217, 32, 77 and 21 solutions, all from pegsol's
# own run of the same problem (compared line by line)
W6=./../.../..../.x.../.xx.../..x..../...xx.../........./........../.........../............
same 1 count triangle:12 --position "$W6" --finish c6 --json
expect_out '"count":"21"' cat "$tmp/b"
# (same: pegsol writes the file, then pegsol-mpi over it)
"$PEGSOL" sets triangle:12 --position "$W6" --finish c6 --raw \
	--out "$tmp/w6.sets" >/dev/null
same 3 sets triangle:12 --position "$W6" --finish c6 --raw --out "$tmp/w6m.sets"
expect_out '^total +205 +205 +48217 +32 +77$' cat "$tmp/b"
expect_exit 0 cmp "$tmp/w6.sets" "$tmp/w6m.sets"
# the forward sets of triangle:12 a1 vacant (pegsol's: 130,650 at 70
# pegs) through a 128-bit work directory, resumed, under a budget (each
# parent packed, the level read back too)
expect_out '^ +71 +14342$' run 2 sets triangle:12 --vacate a1 \
	--forward-only --to 71 --work "$tmp/w12" --memory-mb 16
expect_out '^codes 128$' cat "$tmp/w12/manifest"
expect_out '^ +70 +130650$' run 2 sets triangle:12 --vacate a1 \
	--forward-only --to 70 --work "$tmp/w12" --memory-mb 16
expect_stderr 'resuming from level 71'

# --memory-mb M: every rank's peak RSS <= M + 64 MB (PEGSOL_MPI_STATS
# prints them), the levels pegsol's; a budget too small for a rank's
# share: exit 3 on every rank, one line
PEGSOL_MPI_STATS=1 same 3 sets english --vacate d4 --forward-only --to 20 \
	--memory-mb 8
rss=$(sed -n 's/^pegsol-mpi: peak RSS a rank (MB)://p' "$tmp/e")
[ -n "$rss" ] && for r in $rss; do [ "$r" -le 72 ] || rss=; done
[ -n "$rss" ] && _ok || _no "peak RSS a rank over 8 + 64 MB: $(grep RSS "$tmp/e")"
expect_exit 3 run 3 sets english --vacate d4 --forward-only --to 20 \
	--memory-mb 1
expect_stderr '^pegsol sets: over the memory budget: a rank needs more than [0-9.]+ MB'
[ "$(grep -c '^pegsol' /tmp/pegsol_err.$$)" = 1 ] && _ok || _no "not one line"

# --plot (- : the SVG on stdout) and --check FILE (rank 0 alone) print
# what pegsol prints; a flipped byte fails the check (exit 2)
same 2 sets english --position "$P" --finish d5 --plot -
expect_out '^<svg' cat "$tmp/b"
same 3 sets --check "$tmp/w6m.sets" --json
expect_out '"code_bits":128' cat "$tmp/b"
cp "$tmp/w6m.sets" "$tmp/bad.sets"
printf X | dd of="$tmp/bad.sets" bs=1 seek=3000 conv=notrunc 2>/dev/null
expect_exit 2 run 3 sets --check "$tmp/bad.sets"
expect_stderr "^pegsol sets: '.*bad.sets' fails its checksum"
expect_error 'by-index is not in pegsol-mpi' "$MPI" sets T5 --by-index
expect_error 'all-starts is not in pegsol-mpi' "$MPI" sets T5 --all-starts
done_checks
