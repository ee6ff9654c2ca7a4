/* test_analyse.c - dead ends, worst games and random-player odds against
 * the numbers of the seeds (each check cites its source). */
#include "check.h"

#include "pegsol/analyse.h"
#include "pegsol/theory.h"
#include "pegsol/fast.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <gmp.h>
#include <math.h>
#include <stdlib.h>

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

/* Full board minus one hole, then the jumps of text played. */
static int play(const struct peg_board *b, const char *vac, const char *text,
		unsigned char *pegs)
{
	struct peg_moves mv = {0};
	struct peg_jump *j = NULL;
	struct peg_err err;
	int n = 0, r;

	for (int i = 0; i < b->n_holes; i++)
		pegs[i] = 1;
	pegs[hole(b, vac)] = 0;
	if (!text)
		return 0;
	r = peg_moves_parse(b, text, &mv, &err) ||
	    peg_moves_replay(b, &mv, pegs, &j, &n, &err);
	CHECK(!r, "play %s: %s", text, r ? err.msg : "");
	peg_moves_free(&mv);
	free(j);
	return r;
}

static int reach(const struct peg_board *b, const char *vac, const char *text,
		 const char *finish)
{
	unsigned char pegs[64];
	struct peg_err err;

	play(b, vac, text, pegs);
	return peg_finish_reachable(
		b, pegs, finish ? hole(b, finish) : PEG_FINISH_ANYWHERE, NULL,
		&err);
}

static int dead_end(const struct peg_board *b, const char *vac,
		    const char *finish, char **fmt)
{
	unsigned char pegs[64];
	struct peg_deadend d;
	struct peg_err err;
	int r, depth;

	play(b, vac, NULL, pegs);
	r = peg_deadend_find(b, pegs,
			     finish ? hole(b, finish) : PEG_FINISH_ANYWHERE, &d,
			     &err);
	CHECK(!r, "deadend %s: %s", vac, r ? err.msg : "");
	if (r)
		return -2;
	depth = d.depth;
	if (fmt)
		*fmt = peg_jumps_format(b, d.jumps, d.depth);
	peg_deadend_release(&d);
	return depth;
}

static void test_deadends(void)
{
	struct peg_board *t5 = board("T5"), *t6 = board("T6");
	char *fmt = NULL;

	/* seed 003, Triangle(5): the a1-complement can be lost in two
	 * jumps: after a3-a1, c4-a2 and a5-a3 are dead ends (c4-a2 can still
	 * finish at c5), c3-a3 and c5-a3 can still win */
	CHECK_INT(dead_end(t5, "a1", "a1", NULL), 2, "T5 a1-complement dead end");
	CHECK_INT(reach(t5, "a1", "a3-a1", "a1"), 1, "T5 a3-a1 still wins");
	CHECK_INT(reach(t5, "a1", "a3-a1, c4-a2", "a1"), 0, "T5 c4-a2 dead");
	CHECK_INT(reach(t5, "a1", "a3-a1, c4-a2", "c5"), 1,
		  "T5 c4-a2 can still finish at c5");
	CHECK_INT(reach(t5, "a1", "a3-a1, a5-a3", "a1"), 0, "T5 a5-a3 dead");
	CHECK_INT(reach(t5, "a1", "a3-a1, c3-a3", "a1"), 1, "T5 c3-a3 wins");
	CHECK_INT(reach(t5, "a1", "a3-a1, c5-a3", "a1"), 1, "T5 c5-a3 wins");
	/* seed 003: from a4, the single jump c4-a4 is a dead board
	 * position; seed 001 section 7.1 footnote: (0,1) = a2 vacant, the
	 * peg from (2,3) = c4 jumps */
	CHECK_INT(dead_end(t5, "a4", NULL, &fmt), 1, "T5 a4 dead board");
	CHECK_STR(fmt, "c4-a4", "T5 a4 fastest dead board position");
	free(fmt);
	CHECK_INT(dead_end(t5, "a2", NULL, &fmt), 1, "T5 a2 dead board");
	CHECK_STR(fmt, "c4-a2", "T5 a2 (seed 001 footnote 6)");
	free(fmt);
	CHECK_INT(reach(t5, "a4", "c4-a4", NULL), 0, "T5 c4-a4 dead anywhere");
	/* seed 003, Triangle(6): the a1-complement survives any four jumps;
	 * a3-a1, c3-a3, e5-c3, c5-e5, b4-d4 is a bad fifth jump */
	CHECK_INT(dead_end(t6, "a1", "a1", NULL), 5, "T6 a1-complement");
	CHECK_INT(reach(t6, "a1", "a3-a1, c3-a3, e5-c3, c5-e5", "a1"), 1,
		  "T6 four jumps still win");
	CHECK_INT(reach(t6, "a1", "a3-a1, c3-a3, e5-c3, c5-e5, b4-d4", "a1"),
		  0, "T6 bad fifth jump");
	peg_board_free(t5);
	peg_board_free(t6);
}

/* Most pegs stranded over the vacancies (min and max), checking every
 * game ends dead with that many pegs. */
static void strand(const char *spec, int *lo, int *hi, int *jumps_at_hi)
{
	struct peg_board *b = board(spec);
	struct peg_strand_result r;
	struct peg_fast64 *f = peg_fast64_new(b);
	struct peg_err err;
	int rc;

	*lo = 1000;
	*hi = -1;
	rc = peg_strand_find(b, -1, &r, &err);
	CHECK(!rc, "strand %s: %s", spec, rc ? err.msg : "");
	for (int i = 0; !rc && i < r.n; i++) {
		const struct peg_strand *s = &r.v[i];
		int legal = 0;

		for (int k = 0; k < f->n_jumps; k++)
			legal += peg_fast64_legal(f, k, s->end);
		CHECK(legal == 0 && __builtin_popcountll(s->end) == s->pegs,
		      "%s: worst game ends dead with %d pegs", spec, s->pegs);
		CHECK_INT(s->n_jumps, b->n_holes - 1 - s->pegs, "jumps");
		if (s->pegs < *lo)
			*lo = s->pegs;
		if (s->pegs > *hi) {
			*hi = s->pegs;
			*jumps_at_hi = s->n_jumps;
		}
	}
	if (!rc)
		peg_strand_release(&r);
	peg_fast64_free(f);
	peg_board_free(b);
}

static void test_strands(void)
{
	int lo, hi, j;

	/* seed 003, Triangle(5): 7 to 10 pegs depending on the vacancy */
	strand("T5", &lo, &hi, &j);
	CHECK_INT(lo, 7, "T5 fewest stranded over vacancies");
	CHECK_INT(hi, 10, "T5 most stranded");
	/* seed 003, Triangle(6): 12 pegs from every vacancy */
	strand("T6", &lo, &hi, &j);
	CHECK_INT(lo, 12, "T6 stranded, every vacancy");
	CHECK_INT(hi, 12, "T6 stranded, every vacancy");
	/* seed 003, Triangle(7): 18 pegs after 9 jumps */
	strand("T7", &lo, &hi, &j);
	CHECK_INT(hi, 18, "T7 worst game pegs");
	CHECK_INT(j, 9, "T7 worst game jumps");
	/* seed 003, Rhombus(6): 22 pegs after 13 jumps */
	strand("rhombus:6", &lo, &hi, &j);
	CHECK_INT(hi, 22, "rhombus:6 worst game pegs");
	CHECK_INT(j, 13, "rhombus:6 worst game jumps");
}

static void test_sax(void)
{
	struct peg_board *t5 = board("T5");
	unsigned char pegs[15];

	/* seed 000 section 2.3: the full board has SAX 3 + 3 - 6 = 0; a
	 * single peg has its Figure 4c weight (corner -1, b3 +1); vacating
	 * a1 gives +1 and b3 gives -1 (complement negates) */
	CHECK_INT(peg_analyse_sax5(t5, 0x7fff), 0, "SAX full board");
	{
		/* the fast mask version agrees with theory.c on every T5
		 * position */
		int agree = 1;
		struct peg_err e;

		for (uint64_t c = 0; c < 32768 && agree; c++) {
			unsigned char p[15];
			int want;

			peg_pos_from64(c, 15, p);
			agree = peg_theory_sax(t5, p, &want, &e) == 0 &&
				peg_analyse_sax5(t5, c) == want;
		}
		CHECK(agree, "analyse SAX equals theory SAX on all of T5");
	}
	CHECK_INT(peg_analyse_sax5(t5, 1), -1, "SAX single a1");
	CHECK_INT(peg_analyse_sax5(t5, (uint64_t)1 << hole(t5, "b3")), 1,
		  "SAX single b3");
	play(t5, "a1", NULL, pegs);
	CHECK_INT(peg_analyse_sax5(t5, peg_pos_to64(pegs, 15)), 1, "SAX -a1");
	play(t5, "b3", NULL, pegs);
	CHECK_INT(peg_analyse_sax5(t5, peg_pos_to64(pegs, 15)), -1, "SAX -b3");
	peg_board_free(t5);
}

static void test_odds(void)
{
	/* seed 000 Table 2: odds "1 in N" of finishing with one peg,
	 * rounded to the nearest integer, players A, B, C */
	static const struct {
		const char *vac;
		int in[3];
	} t2[] = {{"a1", {146, 47, 7}},
		  {"b3", {579, 142, 19}},
		  {"a4", {291, 47, 7}},
		  {"c5", {141, 13, 7}}};
	struct peg_board *t5 = board("T5"), *en = board("english");
	unsigned char pegs[64];
	struct peg_odds o;
	struct peg_err err;

	for (int i = 0; i < 4; i++)
		for (int p = 0; p < 3; p++) {
			mpq_t q;
			int r;

			play(t5, t2[i].vac, NULL, pegs);
			r = peg_odds_compute(t5, pegs, (enum peg_player)p, 1,
					     &o, &err);
			CHECK(!r, "odds: %s", r ? err.msg : "");
			if (r)
				continue;
			CHECK(llroundl(1.0L / o.p) == t2[i].in[p],
			      "Table 2 vacate %s player %c: 1 in %.3Lf, want "
			      "1 in %d",
			      t2[i].vac, 'A' + p, 1.0L / o.p, t2[i].in[p]);
			mpq_init(q);
			mpq_set_str(q, o.exact, 10);
			CHECK(fabs(mpq_get_d(q) - (double)o.p) < 1e-12,
			      "exact and long double odds agree");
			mpq_clear(q);
			peg_odds_release(&o);
		}
	/* players B and C are defined on Triangle(5) only */
	play(en, "d4", NULL, pegs);
	CHECK_INT(peg_odds_compute(en, pegs, PEG_PLAYER_B, 0, &o, &err),
		  PEG_ANALYSE_EINPUT, "player B off T5");
	peg_board_free(t5);
	peg_board_free(en);
}

int main(void)
{
	test_sax();
	test_deadends();
	test_strands();
	test_odds();
	return check_done();
}
