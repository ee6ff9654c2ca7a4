/* test_winsets.c - the oracle answering from precomputed winning sets
 * (winsets.h) agrees with the live search on every position of random
 * games, the cache file round-trips, and whole moves are classified like
 * the positions they lead to.  Sizes from seed 001 Table 1 and 2. */
#include "check.h"

#include "pegsol/oracle.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"
#include "pegsol/winsets.h"

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

static uint64_t rng_state;

static unsigned rnd(unsigned n)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)(rng_state >> 33) % n;
}

/* Play `games` random games from BOARD minus VACATE; at every position the
 * sets and the live search must give the same verdict for every jump, and
 * the moves' verdicts must be those of their end positions. */
static void agree(const char *spec, const char *vacate, const char *goal,
		  int games, const char *cache)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);
	unsigned char start[64], p[64];
	struct peg_goal g;
	struct peg_oracle *o, *live;
	struct peg_winsets *w = NULL;
	struct peg_winsets_info info;
	enum peg_verdict *vs, *vl;
	int bad = 0, bad_moves = 0, positions = 0, solved = 0;

	memset(start, 1, sizeof(start));
	start[peg_board_parse_hole(b, vacate, &err)] = 0;
	CHECK(!peg_goal_parse(b, goal, start, &g, &err), "goal %s", goal);
	o = peg_oracle_new(b, &g, 0, &err);
	live = peg_oracle_new(b, &g, 0, &err);
	CHECK(!peg_winsets_open(b, start,
				g.kind == PEG_GOAL_ANYWHERE ? -1 : g.hole,
				cache, 1, &w, &info, &err),
	      "%s %s %s: %s", spec, vacate, goal, err.msg);
	if (!w || !o || !live)
		goto out;
	vs = malloc(sizeof(*vs) * (size_t)b->n_jumps);
	vl = malloc(sizeof(*vl) * (size_t)b->n_jumps);
	rng_state = 12345;
	for (int gi = 0; gi < games; gi++) {
		memcpy(p, start, sizeof(p));
		for (;;) {
			int legal[512], nl = 0;
			enum peg_verdict a, c;
			struct peg_move_verdicts ml;

			a = peg_oracle_classify_played(o, w, p, 0, vs);
			c = peg_oracle_classify(live, p, 0, vl);
			positions++;
			bad += a != c;
			for (int k = 0; k < b->n_jumps; k++) {
				bad += vs[k] != vl[k];
				if (vs[k] != PEG_ILLEGAL)
					legal[nl++] = k;
			}
			if (peg_oracle_classify_moves(o, w, p, 0, 0, &ml) != (int)a)
				bad_moves++;
			for (int i = 0; i < ml.n; i++) {
				unsigned char q[64];

				memcpy(q, p, sizeof(q));
				if (peg_jumps_replay(b, ml.jump + ml.off[i],
						     ml.off[i + 1] - ml.off[i],
						     q, &err) ||
				    peg_oracle_solvable(live, q, 0) !=
					    ml.verdict[i])
					bad_moves++;
			}
			peg_move_verdicts_release(&ml);
			if (a == PEG_WIN && gi % 4 == 0) {
				struct peg_jump *sol = NULL;
				int ns = 0;

				if (peg_oracle_solve_played(o, w, p, 0, &sol,
							    &ns) == PEG_WIN)
					solved++;
				free(sol);
			}
			if (!nl)
				break;
			peg_jump_apply(p, &b->jumps[legal[rnd((unsigned)nl)]]);
		}
	}
	CHECK(bad == 0, "%s %s %s: %d verdicts differ from the live search "
	      "over %d positions", spec, vacate, goal, bad, positions);
	CHECK(bad_moves == 0, "%s %s %s: %d move verdicts wrong", spec, vacate,
	      goal, bad_moves);
	CHECK(solved > 0 || peg_oracle_solvable(live, start, 0) == PEG_LOSE,
	      "%s %s %s: solve_played found solutions", spec,
	      vacate, goal);
	free(vs);
	free(vl);
out:
	peg_winsets_free(w);
	peg_oracle_free(o);
	peg_oracle_free(live);
	peg_board_free(b);
}

/* The cache file round-trips: the second open reads it. */
static void cache_roundtrip(const char *dir)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse("triangle:5", &err);
	unsigned char start[64];
	struct peg_winsets *w1 = NULL, *w2 = NULL;
	struct peg_winsets_info i1, i2;

	memset(start, 1, sizeof(start));
	start[0] = 0;
	CHECK(!peg_winsets_open(b, start, 0, dir, 1, &w1, &i1, &err),
	      "open 1: %s", err.msg);
	CHECK(!peg_winsets_open(b, start, 0, dir, 1, &w2, &i2, &err),
	      "open 2: %s", err.msg);
	if (w1 && w2) {
		CHECK(i2.from_cache, "second open reads %s", i2.path);
		/* seed 001 Table 1: 95 winning classes with up to 7 pegs for
		 * the T5 corner complement, and as many complements above */
		CHECK_INT(i1.codes, 190, "T5 a1 complement |W|");
		CHECK_INT(i2.codes, i1.codes, "codes after the round trip");
		CHECK(peg_winsets_has(w2, 0x7ffe),
		      "the start is winning (T5 a1 complement)");
	}
	peg_winsets_free(w1);
	peg_winsets_free(w2);
	peg_board_free(b);
}

int main(void)
{
	char dir[] = "/tmp/pegsol-winsets-XXXXXX";
	const char *t5[] = {"a1", "a2", "a3", "b3", "a4", "b4", "c5"};

	if (!mkdtemp(dir))
		return 1;
	cache_roundtrip(dir);
	for (size_t i = 0; i < sizeof(t5) / sizeof(t5[0]); i++) {
		agree("triangle:5", t5[i], "anywhere", 12, dir);
		agree("triangle:5", t5[i], "complement", 12, NULL);
	}
	/* seed 001 section 4.1: start a4, finish a4 vs its mirror d4 */
	agree("triangle:5", "a4", "d4", 12, NULL);
	agree("triangle:5", "a4", "a4", 12, NULL);
	agree("triangle:4", "a2", "anywhere", 8, NULL);
	agree("triangle:6", "c3", "anywhere", 6, NULL);
	agree("triangle:6", "a1", "complement", 6, NULL);
	agree("trunc-triangle:5", "b3", "anywhere", 8, NULL);
	agree("trunc-triangle:6", "b3", "complement", 4, NULL);
	{
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		if (system(cmd))
			fprintf(stderr, "could not remove %s\n", dir);
	}
	return check_done();
}
