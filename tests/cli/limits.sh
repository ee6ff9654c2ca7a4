# limits.sh - issue 16 items 1 and 7: every board spec is checked against
# its limits before the board is built (families from their parameters,
# pictures and graphs from a scan of the file), graph automorphisms are
# polynomial, big symmetry groups do not overflow the engines, commands
# limited to 64 or 128 holes refuse bigger boards first, construct checks
# its memory first.  Every refusal runs under a 300 MB address-space limit
# and must come within a second; before the fix each of them built a board
# of 1 to 5 GB (docs/board-files.md, "Limits").
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
ASAN=
grep -qa __asan_init "$P" && ASAN=1

# expect_fast CODE PATTERN CMD...: under ulimit -v 300 MB and a 10 s
# timeout, exit CODE with exactly one stderr line matching PATTERN, no
# control bytes in it, within a second
expect_fast() {
	local want=$1 pat=$2
	shift 2
	local t0 t1 got lines ms
	t0=$(date +%s%N)
	(
		# AddressSanitizer reserves terabytes of shadow address space:
		# no address-space cap under it (the time bound still holds)
		[ -n "$ASAN" ] || ulimit -v 300000
		exec timeout 10 "$@"
	) >"$T/out" 2>"$T/err"
	got=$?
	t1=$(date +%s%N)
	ms=$(((t1 - t0) / 1000000))
	lines=$(wc -l <"$T/err")
	if [ "$got" -eq "$want" ] && [ "$lines" -eq 1 ] &&
		grep -Eq -- "$pat" "$T/err" &&
		! tr -d '\n' <"$T/err" | LC_ALL=C grep -q '[[:cntrl:]]' &&
		[ "$ms" -lt 1000 ]; then
		_ok
	else
		_no "want exit $want, one line /$pat/ in < 1 s; got exit $got, $lines lines, $ms ms: $*"
		head -c 400 "$T/err" >&2
	fi
}

# --- families: the hole count from the parameters ------------------------
expect_fast 2 "board 'triangle:5000' has 12502500 holes; the limit here is 10000000" $P show triangle:5000
expect_fast 2 "'hexagon:1900' has 10824301 holes" $P show hexagon:1900
expect_fast 2 "'rect:10000x1001' has 10010000 holes" $P show rect:10000x1001
expect_fast 2 "'star:99999999' has 59999998200000013 holes" $P show star:99999999
expect_fast 2 "'rect:100000000x100000000' has 10000000000000000 holes" $P show rect:100000000x100000000
expect_fast 2 "triangle side must be a whole number" $P show T999999999999999999999

# --- commands limited to 64 or 128 holes: refused from the spec ----------
expect_fast 2 "'triangle:4000' has 8002000 holes; solve handles at most 128 holes" $P solve triangle:4000 --vacate a1
expect_fast 2 "'hexagon:1800' has 9714601 holes; sets handles at most 128 holes" $P sets hexagon:1800 --vacate a1
expect_fast 2 "'rect:10000x1000' has 10000000 holes; count handles at most 128" $P count rect:10000x1000 --vacate a1
expect_fast 2 "deadend handles at most 128 holes" $P deadend star:1250 --vacate a1
expect_fast 2 "strand handles at most 128 holes" $P strand T4000 --vacate a1
expect_fast 2 "odds handles at most 128 holes" $P odds T4000 --vacate a1
expect_fast 2 "'T4000' has 8002000 holes; games handles at most (64|128) holes" $P games T4000 --vacate a1
expect_fast 2 "shortest handles at most (64|128) holes" $P shortest T4000 --vacate a1 --anywhere
expect_fast 2 "sweep handles at most (64|128) holes" $P sweep T4000
expect_fast 2 "catalog handles at most (64|128) holes" $P catalog T4000
expect_fast 2 "'T16' has 136 holes; sets handles at most 128 holes" $P sets T16 --vacate a1
expect_exit 0 $P solve T5 --vacate a1

# --- pictures: a byte limit, then holes and box before the grid ----------
head -c 49000000 /dev/zero | tr '\0' 'o' >"$T/big.txt"
expect_fast 2 "board file '.*big.txt' has 49000000 bytes; the limit here is 33554432" $P show "file:$T/big.txt"
{
	echo o
	head -c 19998 /dev/zero | tr '\0' '\n'
	printf '%19998s' ''
	echo oo
} >"$T/box.txt"
expect_fast 2 "spans 20000 x 20000 cells; the limit here is 40000000 cells" $P show "file:$T/box.txt"
head -c 11000000 /dev/zero | tr '\0' 'o' | fold -w 1000 >"$T/holes.txt"
expect_fast 2 "has 11000000 holes; the limit here is 10000000" $P show "file:$T/holes.txt"
expect_fast 2 "is not text" $P show file:/dev/zero
expect_fast 2 "is a directory" $P show "file:$T"
expect_out "^Penguin: 12 holes" $P show "file:$(dirname "$0")/../data/penguin.txt"

# --- graphs: nodes and jumps before building, polynomial automorphisms ---
for i in $(seq 1 4095); do echo "c l$i"; done >"$T/star.txt"
expect_fast 2 "has 16764930 jumps; the limit here is 16000000" $P show "graph:$T/star.txt"
for i in $(seq 1 4096); do echo "$i $((i + 1))"; done >"$T/path.txt"
expect_fast 2 "has more than 4096 nodes; the limit here is 4096" $P show "graph:$T/path.txt"
# a 40-cycle with its nodes scrambled: backtracking never finished
for i in $(seq 0 39); do echo "n$((i * 17 % 40)) n$(((i + 1) * 17 % 40))"; done >"$T/c40.txt"
expect_out "40 holes, 80 jumps, 80 symmetries" timeout 5 $P show "graph:$T/c40.txt"
for i in $(seq 0 999); do echo "n$((i * 37 % 1000)) n$(((i + 1) * 37 % 1000))"; done >"$T/c1000.txt"
expect_out "1000 holes, 2000 jumps, 2000 symmetries" timeout 5 $P show "graph:$T/c1000.txt"
# K(4,4): 1152 symmetries; sets, count and deadend overflowed a 64-slot
# array of symmetry images (stack smashing, a crash)
for a in 1 2 3 4; do for b in 1 2 3 4; do echo "a$a b$b"; done; done >"$T/k44.txt"
expect_out "8 holes, 96 jumps, 1152 symmetries" $P show "graph:$T/k44.txt"
expect_out "group stab \(144 symmetries\)" timeout 20 $P sets "graph:$T/k44.txt" --vacate a1
# 237888 = the solutions from a plain recursive count over the 96 jumps
expect_out "^237888 solutions" timeout 20 $P count "graph:$T/k44.txt" --vacate a1
expect_out "fastest dead end: 4 jumps" timeout 20 $P deadend "graph:$T/k44.txt" --vacate a1
expect_exit 0 timeout 20 $P sets "graph:$T/k44.txt" --by-index
# K(5,5) has 28800 automorphisms, more than are listed: a subgroup
for a in 1 2 3 4 5; do for b in 1 2 3 4 5; do echo "a$a b$b"; done; done >"$T/k55.txt"
expect_out "10 holes, 200 jumps, 2880 symmetries" $P show "graph:$T/k55.txt"
expect_exit 0 timeout 20 $P count "graph:$T/k55.txt" --vacate a1

# --- construct: the memory need from N, before anything is allocated -----
expect_fast 3 "out of memory: T20000 needs about 7631 MB \(1527 MB with --stream\); the budget is 4096 MB" $P construct T20000 --vacate a1 --memory-mb 4096
expect_fast 3 "out of memory: T20000 needs about 1527 MB; the budget is 100 MB" $P construct T20000 --vacate a1 --stream --memory-mb 100
expect_fast 3 "out of memory: T5000 needs about 430 MB" $P construct T5000 --vacate a1 --memory-mb 300
expect_fast 2 "bad --memory-mb 'x'" $P construct T50 --vacate a1 --memory-mb x
expect_out "^a3-a1, " $P construct T50 --vacate a1 --memory-mb 1

# --- the address-space ceiling (src/cli/main.c): sets that outgrow it
# end with exit 3 and one line, never a kill by the kernel (a French
# problem grew to 24 GB and was OOM-killed before); not under ASan ----
if [ -z "$ASAN" ]; then
	PEGSOL_MEMORY_CEILING_MB=300 expect_fail 3 'out of memory' \
		$P sets english --vacate c3
	# 0 turns the ceiling off; a small problem is unaffected either way
	PEGSOL_MEMORY_CEILING_MB=0 expect_out '^6816 solutions' \
		$P count T5 --vacate a1
	expect_out '^6816 solutions' $P count T5 --vacate a1
fi

# --- input echoed escaped: no raw control bytes in the line --------------
expect_fast 2 "unknown board 'nosuch" $P show "nosuch$(printf '\033')[31m"
expect_fast 2 "cannot open board file" $P show "file:$T/no$(printf '\001')such"
done_checks
