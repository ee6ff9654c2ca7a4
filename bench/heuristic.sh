#!/usr/bin/env bash
# heuristic.sh - best move count of `pegsol shortest --heuristic` against
# time on Triangle(11) and Triangle(12) (every start, finish anywhere,
# cold start), and the deterministic runs behind the records.
#   bash bench/heuristic.sh            10 s and 60 s on T11 and T12
#   LONG=1 bash bench/heuristic.sh     adds 600 s runs
#   THREADS=1 bash bench/heuristic.sh  one worker (default 2)
# Results: bench/RESULTS-heuristic.md.  Times depend on the machine and its
# load (printed first); the node-budget runs at the end give the same
# answer on any machine.
set -u
cd "$(dirname "$0")/.."
PEGSOL=${PEGSOL:-build/pegsol}
THREADS=${THREADS:-2}
SECS="10 60"
[ "${LONG:-0}" = 1 ] && SECS="$SECS 600"

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
row() { # board, json
	python3 -c 'import json,sys
d=json.loads(sys.argv[2])
print("| %s | %s | %s | %s | %.1f | %.1f | %s | %s |" % (sys.argv[1],
  sys.argv[3], d.get("moves","-"), d.get("vacate","-"), d["best_seconds"],
  d["seconds"], d["nodes"], d["beams"]))' "$@"
}
echo "| board | budget | moves | vacate | best at (s) | total (s) | nodes | beams |"
echo "| --- | --- | ---: | --- | ---: | ---: | ---: | ---: |"
for n in 11 12; do
	for s in $SECS; do
		out=$(/usr/bin/time -f '%M' -o /tmp/pegsol_heur_mem.$$ \
			"$PEGSOL" shortest T$n --anywhere --heuristic \
			--seconds "$s" --threads "$THREADS" --json)
		row "T$n" "$out" "${s} s, $THREADS threads, $(cat /tmp/pegsol_heur_mem.$$) KB"
	done
done
# deterministic: a node budget, any machine gives these moves
for n in 11 12; do
	out=$("$PEGSOL" shortest T$n --anywhere --heuristic --nodes 50000000 \
		--seed 1 --threads "$THREADS" --json)
	row "T$n" "$out" "50 M nodes, seed 1"
done
rm -f /tmp/pegsol_heur_mem.$$
