#!/usr/bin/env bash
# oracle.sh - answer times of the never-lose oracle (include/pegsol/oracle.h)
# on the boards of issue 7.  For each board: warm up by classifying every
# position of W random games (budget 2M nodes each), then time classify()
# (all legal jumps, budget 300k as the server uses) on every position of
# G fresh random games.  Random games use an explicit seed (printed).
# Second table: the same with the precomputed winning sets (winsets.h):
# first open computes them into a fresh cache dir (one-time cost), the
# second open loads the file; then classify_played over G games.
# Usage: bench/oracle.sh [BUILD dir]  (default build); writes to stdout.
# LIVE=0 skips the live table.
set -eu
cd "$(dirname "$0")/.."
BUILD=${1:-${BUILD:-build}}
mkdir -p bench/out
cat >bench/out/oracle_bench.c <<'C'
#include "pegsol/oracle.h"
#include "pegsol/pos.h"
#include "pegsol/winsets.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static unsigned long long rng;
static unsigned rnd(unsigned n) { rng = rng * 6364136223846793005ull + 1442695040888963407ull; return (unsigned)(rng >> 33) % n; }
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
static double cpu(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
/* play one random game, classifying each position; times into t[] */
static struct peg_winsets *WS; /* sets mode */
static int game(struct peg_oracle *o, const struct peg_board *b, const unsigned char *start, long budget, double *t, double *c, int *unk, long *nodes) {
	unsigned char p[64]; enum peg_verdict v[2048]; int n = 0;
	memcpy(p, start, (size_t)b->n_holes);
	for (;;) {
		double t0 = now(), c0 = cpu(); struct peg_oracle_stats st;
		if (WS) peg_oracle_classify_played(o, WS, p, budget, v);
		else peg_oracle_classify(o, p, budget, v);
		if (t) { t[n] = now() - t0; c[n] = cpu() - c0; }
		peg_oracle_stats(o, &st); *nodes += st.nodes;
		int legal[2048], nl = 0;
		for (int k = 0; k < b->n_jumps; k++) if (v[k] != PEG_ILLEGAL) { legal[nl++] = k; if (v[k] == PEG_UNKNOWN) (*unk)++; }
		n++;
		if (!nl) return n;
		const struct peg_jump *j = &b->jumps[legal[rnd((unsigned)nl)]];
		p[j->from] = 0; p[j->over] = 0; p[j->to] = 1;
	}
}
int main(int argc, char **argv) {
	struct peg_err err; struct peg_board *b = peg_board_parse(argv[1], &err);
	unsigned char start[64]; struct peg_goal g; int W = atoi(argv[4]), G = atoi(argv[5]);
	memset(start, 1, sizeof start); start[peg_board_parse_hole(b, argv[2], &err)] = 0;
	peg_goal_parse(b, argv[3], start, &g, &err);
	rng = 12345; struct peg_oracle *o = peg_oracle_new(b, &g, 0, &err);
	if (argc > 6) { /* sets mode: argv[6] = cache dir */
		struct peg_winsets_info i1, i2; struct peg_winsets *w1;
		int fin = g.kind == PEG_GOAL_ANYWHERE ? -1 : g.hole;
		if (peg_winsets_open(b, start, fin, argv[6], 2, &w1, &i1, &err)) { fprintf(stderr, "%s\n", err.msg); return 3; }
		peg_winsets_free(w1);
		if (peg_winsets_open(b, start, fin, argv[6], 2, &WS, &i2, &err)) { fprintf(stderr, "%s\n", err.msg); return 3; }
		FILE *f = fopen(i2.path, "rb"); long sz = 0; if (f) { fseek(f, 0, SEEK_END); sz = ftell(f); fclose(f); }
		static double t[1 << 17], c[1 << 17]; int n = 0, unk = 0; long nodes = 0;
		for (int i = 0; i < G && n < (1 << 17) - 64; i++) n += game(o, b, start, 0, t + n, c + n, &unk, &nodes);
		qsort(t, (size_t)n, sizeof *t, cmp); qsort(c, (size_t)n, sizeof *c, cmp);
		printf("| %s %s %s | %.0f ms | %.1f ms | %zu | %.1f MB | %d | %.4f | %.4f | %.3f | %.3f | %d |\n",
		       argv[1], argv[2], argv[3], i1.ms, i2.ms, i2.codes, sz / 1e6, n, t[n / 2], t[n * 95 / 100], t[n - 1], c[n - 1], unk);
		peg_winsets_free(WS); peg_oracle_free(o); peg_board_free(b); return 0;
	}
	double w0 = now(), wc0 = cpu(); int unk = 0; long nodes = 0;
	for (int i = 0; i < W; i++) game(o, b, start, 2000000, NULL, NULL, &unk, &nodes);
	double wt = now() - w0, wc = cpu() - wc0; int wunk = unk; long wnodes = nodes;
	static double t[1 << 16], c[1 << 16]; int n = 0; unk = 0; nodes = 0;
	for (int i = 0; i < G && n < (1 << 16) - 64; i++) n += game(o, b, start, 300000, t + n, c + n, &unk, &nodes);
	struct peg_oracle_stats st; peg_oracle_stats(o, &st);
	qsort(t, (size_t)n, sizeof *t, cmp); qsort(c, (size_t)n, sizeof *c, cmp);
	printf("| %s %s %s | %d games %.0f ms wall %.0f ms cpu %ld nodes %d unknown | %d | %.3f | %.3f | %.2f | %.2f | %d | %ld |\n",
	       argv[1], argv[2], argv[3], W, wt, wc, wnodes, wunk, n, t[n / 2], t[n * 95 / 100], t[n - 1], c[n - 1], unk, st.entries);
	peg_oracle_free(o); peg_board_free(b); return 0;
}
C
cc -Iinclude -O2 -o bench/out/oracle_bench bench/out/oracle_bench.c "$BUILD/libpegsol.a" -lgmp -lm -lxxhash -lzstd -lglpk -lpthread
if [ "${LIVE:-1}" != 0 ]; then
echo "seed 12345; warm-up budget 2000000, measured budget 300000 nodes"
echo "| problem | warm-up | positions | median ms | p95 ms | max ms | max cpu ms | unknown jumps | table entries |"
echo "|---|---|---|---|---|---|---|---|---|"
for p in "triangle:5 a1 anywhere" "triangle:5 a1 complement" "triangle:6 c3 anywhere" \
	"trunc-triangle:5 b3 anywhere" "trunc-triangle:6 b3 anywhere"; do
	set -- $p
	bench/out/oracle_bench "$1" "$2" "$3" 20 200
done
# English: early dead ends cost millions of positions to prove, so fewer
# games (ENGLISH_WARM warm-up games, 20 measured)
bench/out/oracle_bench english d4 complement "${ENGLISH_WARM:-2}" 20
fi
# the precomputed winning sets, computed into a fresh cache dir
cache=$(mktemp -d)
echo
echo "winning sets (cache $cache, removed after); seed 12345, 200 games each"
echo "| problem | precompute (once) | load | W codes | file | positions | median ms | p95 ms | max ms | max cpu ms | unknown |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for p in "triangle:5 a1 anywhere" "triangle:5 a1 complement" "triangle:5 a4 d4" \
	"triangle:6 c3 anywhere" "triangle:6 a1 complement" \
	"trunc-triangle:5 b3 anywhere" "trunc-triangle:6 b3 anywhere" \
	"english d4 complement" ${ENGLISH_ANY:+"english d4 anywhere"}; do
	set -- $p
	bench/out/oracle_bench "$1" "$2" "$3" 0 200 "$cache"
done
rm -rf "$cache"
