/* test_moves.c - move generation and game counts (seed 002). */
#include "check.h"

#include "pegsol/moves.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <stdlib.h>
#include <string.h>

static struct peg_board *board(const char *spec)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);

	CHECK(b != NULL, "board %s: %s", spec, b ? "" : err.msg);
	return b;
}

static int hole(const struct peg_board *b, const char *name)
{
	struct peg_err err;

	return peg_board_parse_hole(b, name, &err);
}

/* Play "a4-a2, a1-a3" from the vacancy. */
static void play(const struct peg_board *b, unsigned char *pegs,
		 const char *text)
{
	struct peg_moves mv = {0};
	struct peg_jump *j = NULL;
	int nj = 0;
	struct peg_err err;

	CHECK(!peg_moves_parse(b, text, &mv, &err), "parse %s", text);
	CHECK(!peg_moves_replay(b, &mv, pegs, &j, &nj, &err), "replay %s",
	      text);
	free(j);
	peg_moves_free(&mv);
}

/* Seed 002: after [7-2, 1-4] on the size-4 board (a4-a2, a1-a3) tile 9
 * (c4) has the moves 9-2, 9-2-7, 9-2-7-9, 9-7, 9-7-2 and 9-7-2-9, of which
 * the greedy generator found only the two loops. */
static void test_partial_sweeps(void)
{
	struct peg_board *b = board("T4");
	struct peg_movelist ml;
	struct peg_err err;
	unsigned char pegs[10];
	const char *want[] = {"c4-a2",    "c4-a2-a4", "c4-a2-a4-c4",
			      "c4-a4",    "c4-a4-a2", "c4-a4-a2-c4"};
	int found = 0, from_c4 = 0, n, c4 = hole(b, "c4");

	memset(pegs, 1, sizeof(pegs));
	pegs[hole(b, "a2")] = 0;
	play(b, pegs, "a4-a2, a1-a3");
	peg_movelist_init(&ml);
	n = peg_movelist_gen(b, pegs, &ml, &err);
	CHECK(n > 0, "moves generated");
	for (int m = 0; m < n; m++) {
		char *s = peg_movelist_format(b, &ml, m);
		struct peg_jump *j;
		int nj;
		unsigned char p2[10];

		if (b->jumps[ml.jump[ml.first[m]]].from == c4) {
			from_c4++;
			for (int w = 0; w < 6; w++)
				if (!strcmp(s, want[w]))
					found++;
		}
		j = peg_movelist_jumps(b, &ml, m, &nj);
		memcpy(p2, pegs, sizeof(p2));
		CHECK(!peg_jumps_replay(b, j, nj, p2, &err), "move %s legal",
		      s);
		free(j);
		free(s);
	}
	CHECK_INT(from_c4, 6, "moves from tile 9 (seed 002)");
	CHECK_INT(found, 6, "the six moves of seed 002 from tile 9");
	peg_movelist_release(&ml);
	peg_board_free(b);
}

/* The fast generator agrees with the byte-array one, and walking back
 * from each result finds the position again. */
static void test_fast_agrees(void)
{
	struct peg_board *b = board("T6");
	struct peg_mvgen64 g;
	struct peg_movelist ml;
	struct peg_err err;
	unsigned char pegs[21];
	uint64_t seed = 12345;

	CHECK(!peg_mvgen64_init(&g, b, 1, &err), "mvgen init");
	peg_movelist_init(&ml);
	for (int t = 0; t < 200; t++) {
		uint64_t code;
		int n1, n2, ok = 1;

		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		code = (seed >> 20) & ((1ULL << 21) - 1);
		peg_pos_from64(code, 21, pegs);
		n1 = peg_movelist_gen(b, pegs, &ml, &err);
		g.n = 0;
		n2 = peg_mvgen64_push(&g, code);
		CHECK_INT(n2, n1, "fast and generic move counts");
		for (int m = 0; m < n1 && m < n2 && ok; m++) {
			int len = ml.first[m + 1] - ml.first[m];

			ok = len == peg_mvgen64_len(&g, m) &&
			     !memcmp(ml.jump + ml.first[m],
				     g.jump + g.first[m],
				     (size_t)len * sizeof(int));
		}
		CHECK(ok, "same moves in the same order");
		for (int m = 0; m < n2 && t < 40; m++) {
			struct peg_mvgen64 h;
			int hit = 0, k;

			CHECK(!peg_mvgen64_init(&h, b, 1, &err), "init");
			k = peg_mvgen64_push_back(&h, g.after[m]);
			for (int i = 0; i < k; i++)
				if (h.after[i] == code &&
				    peg_mvgen64_len(&h, i) ==
					    peg_mvgen64_len(&g, m) &&
				    !memcmp(h.jump + h.first[i],
					    g.jump + g.first[m],
					    (size_t)peg_mvgen64_len(&g, m) *
						    sizeof(int)))
					hit = 1;
			CHECK(hit, "backward generator finds move %d", m);
			peg_mvgen64_release(&h);
		}
	}
	peg_movelist_release(&ml);
	peg_mvgen64_release(&g);
	peg_board_free(b);
}

struct tally {
	long long n;
	int min;
};

static int tally_game(void *ctx, const struct peg_jump *j, int nj,
		      const int *len, int nm)
{
	struct tally *t = ctx;

	t->n++;
	if (t->min < 0 || nm < t->min)
		t->min = nm;
	return 0;
}

static uint64_t vacancy(const struct peg_board *b, int h)
{
	uint64_t full = (1ULL << b->n_holes) - 1;

	return full ^ (1ULL << h);
}

static void test_games(void)
{
	struct peg_board *b4 = board("T4"), *b5 = board("T5");
	struct peg_games_result r;
	struct peg_err err;
	struct tally t = {0, -1};
	unsigned long long total = 0, uniq = 0;
	int min5 = -1;

	/* seed 002: 45 games on the size-4 board from tile 2 (a2) */
	CHECK(!peg_games_count(b4, vacancy(b4, hole(b4, "a2")), 0, &r, &err),
	      "count T4");
	CHECK_INT((long long)r.games, 45, "T4 games from tile 2 (seed 002)");
	CHECK_INT(r.min_moves, 5, "T4 shortest game (seed 002: 5 moves)");
	CHECK_INT(peg_games_list(b4, vacancy(b4, hole(b4, "a2")), 0,
				 tally_game, &t, &err),
		  45, "T4 games listed and replayed");
	/* corners and the centre b3 (tiles 1 and 5) have no game */
	CHECK(!peg_games_count(b4, vacancy(b4, hole(b4, "a1")), 0, &r, &err),
	      "count");
	CHECK_INT((long long)r.games, 0, "T4 games from tile 1 (seed 002)");

	/* seed 002: 360,076 games on the size-5 board over its four
	 * starting-hole classes, 171,303 distinct under subgame symmetry,
	 * the shortest nine moves */
	for (int h = 0; h < b5->n_holes; h++) {
		if (peg_board_hole_orbit_min(b5, h) != h)
			continue;
		CHECK(!peg_games_count(b5, vacancy(b5, h), 0, &r, &err), "c");
		total += (unsigned long long)r.games;
		if (r.games && (min5 < 0 || r.min_moves < min5))
			min5 = r.min_moves;
		CHECK(!peg_games_count(b5, vacancy(b5, h), 1, &r, &err), "u");
		uniq += (unsigned long long)r.games;
	}
	CHECK_INT(total, 360076, "T5 games, four start classes (seed 002)");
	CHECK_INT(uniq, 171303, "T5 games up to subgame symmetry (seed 002)");
	CHECK_INT(min5, 9, "T5 shortest game (seed 002: nine moves)");
	t.n = 0;
	t.min = -1;
	CHECK_INT(peg_games_list(b5, vacancy(b5, hole(b5, "b3")), 1,
				 tally_game, &t, &err),
		  t.n, "listing matches its tally");
	CHECK(!peg_games_count(b5, vacancy(b5, hole(b5, "b3")), 1, &r, &err),
	      "count b3");
	CHECK_INT(t.n, (long long)r.games, "unique listing = unique count");
	peg_board_free(b4);
	peg_board_free(b5);
}

int main(void)
{
	test_partial_sweeps();
	test_fast_agrees();
	test_games();
	return check_done();
}
