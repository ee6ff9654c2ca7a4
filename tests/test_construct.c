/* test_construct.c - the constructive solver (construct.h) and the purges
 * it is built from (purges.h), against seed 000 sections 3.1-3.2, Figure 8
 * and Appendix B. */
#include "check.h"

#include "pegsol/board.h"
#include "pegsol/construct.h"
#include "pegsol/pos.h"
#include "pegsol/purges.h"
#include "pegsol/solution.h"

#include <stdlib.h>

/* Replay a purge in the band frame placed on T9 (rows 6..8 are the band,
 * row 5 holds the trapezoid catalyst): start with region full, catalyst in
 * its state, every other hole in state `rest`; the purge must clear the
 * region, restore the catalyst and touch nothing else. */
static void check_purge(const struct peg_purge *p, int shift, int rest)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse("T12", &err);
	unsigned char *pegs, *want;
	struct peg_jump *js;
	int ok = 1;

	pegs = malloc((size_t)b->n_holes);
	want = malloc((size_t)b->n_holes);
	js = malloc((size_t)p->n_jumps * sizeof(*js));
	memset(pegs, rest, (size_t)b->n_holes);
	for (int i = 0; i < p->n_region; i++) {
		int h = peg_board_hole_at(b, p->region[i].x + shift,
					  p->region[i].y + 3);

		ok &= h >= 0;
		if (h >= 0)
			pegs[h] = 1;
	}
	for (int i = 0; i < p->n_cat; i++) {
		int h = peg_board_hole_at(b, p->cat[i].x + shift,
					  p->cat[i].y + 3);

		ok &= h >= 0;
		if (h >= 0)
			pegs[h] = p->cat_state[i] == '1';
	}
	memcpy(want, pegs, (size_t)b->n_holes);
	for (int i = 0; i < p->n_region; i++)
		want[peg_board_hole_at(b, p->region[i].x + shift,
				       p->region[i].y + 3)] = 0;
	for (int t = 0; t < p->n_jumps; t++) {
		const struct peg_purge_jump *j = &p->jumps[t];

		js[t].from = peg_board_hole_at(b, j->fx + shift, j->fy + 3);
		js[t].to = peg_board_hole_at(b, j->tx + shift, j->ty + 3);
		js[t].over = peg_board_hole_at(b, (j->fx + j->tx) / 2 + shift,
					       (j->fy + j->ty) / 2 + 3);
	}
	CHECK(ok, "%s: holes on the board", p->name);
	CHECK(peg_jumps_replay(b, js, p->n_jumps, pegs, &err) == 0,
	      "%s replays: %s", p->name, err.msg);
	CHECK(!memcmp(pegs, want, (size_t)b->n_holes),
	      "%s (rest %d): region cleared, catalyst restored, rest untouched",
	      p->name, rest);
	CHECK_INT(p->n_jumps, p->n_region, "one jump per peg removed");
	free(js);
	free(want);
	free(pegs);
	peg_board_free(b);
}

/* The trapezoid solutions of seed 000 Appendix B.1, as printed there. */
static void check_appendix_b1(void)
{
	static const char *b1[][2] = {
		{"011", "a5-a3, c6-a4, a3-a5, a6-a4, c3-a3-a5, c5-c3, "
			"e6-c6-a6-a4-c4, d5-b3"},
		{"101", "d5-b3, c6-c4, c3-c5, e6-c6-c4, a3-c3-c5, a5-a3, "
			"a6-c6-a4-c4, c5-c3"},
		{"110", "c5-c3, a4-c4, c3-c5, c6-c4, a3-c3-c5, e6-c6-a4, "
			"a5-a3, a6-c6-c4, d5-b3"},
	};
	struct peg_err err;
	struct peg_board *b = peg_board_parse("T6", &err);

	for (int i = 0; i < 3; i++) {
		unsigned char st[3];
		const struct peg_purge *p;
		struct peg_moves mv;
		unsigned char pegs[21];
		struct peg_jump *js = NULL;
		int nj = 0, same = 1;

		for (int k = 0; k < 3; k++)
			st[k] = b1[i][0][k] == '1';
		p = peg_purge_find(PEG_PURGE_TRAPEZOID, st);
		CHECK(p != NULL, "trapezoid %s exists", b1[i][0]);
		if (!p)
			continue;
		CHECK(peg_moves_parse(b, b1[i][1], &mv, &err) == 0, "parse B.1");
		memset(pegs, 1, sizeof(pegs));
		pegs[peg_board_hole_at(b, 0, 2)] = st[0];
		pegs[peg_board_hole_at(b, 1, 2)] = st[1];
		pegs[peg_board_hole_at(b, 2, 2)] = st[2];
		/* a1, a2, b2 and the right edge d4 e5 f6 are not part of it */
		CHECK(peg_moves_replay(b, &mv, pegs, &js, &nj, &err) == 0,
		      "B.1 %s replays on T6", b1[i][0]);
		CHECK_INT(nj, p->n_jumps, "B.1 jump count");
		for (int t = 0; t < nj && t < p->n_jumps; t++) {
			const struct peg_purge_jump *j = &p->jumps[t];

			same &= js[t].from == peg_board_hole_at(b, j->fx, j->fy) &&
				js[t].to == peg_board_hole_at(b, j->tx, j->ty);
		}
		CHECK(same, "data of %s is Appendix B.1 jump by jump", p->name);
		free(js);
		peg_moves_free(&mv);
	}
	peg_board_free(b);
}

static void check_purges(void)
{
	int n_trap = 0, n3 = 0, n6 = 0;

	for (int i = 0; i < peg_purge_count(); i++) {
		const struct peg_purge *p = peg_purge_get(i);

		n_trap += p->kind == PEG_PURGE_TRAPEZOID;
		n3 += p->kind == PEG_PURGE_3;
		n6 += p->kind == PEG_PURGE_6_TOP ||
		      p->kind == PEG_PURGE_6_BOTTOM;
		/* on an otherwise empty and an otherwise full board */
		check_purge(p, 0, 0);
		check_purge(p, 0, 1);
		check_purge(p, 2, 1);
	}
	/* section 3.1: all six unlike states of the trapezoid catalyst */
	CHECK_INT(n_trap, 6, "trapezoid variants");
	CHECK_INT(n3, 2, "3-purges (catalyst U and U')");
	CHECK_INT(n6, 4, "6-purges (top/bottom pair, two states each)");
	{
		unsigned char like0[3] = {0, 0, 0}, like1[3] = {1, 1, 1};

		CHECK(!peg_purge_find(PEG_PURGE_TRAPEZOID, like0) &&
			      !peg_purge_find(PEG_PURGE_TRAPEZOID, like1),
		      "no trapezoid for a like catalyst");
	}
	check_appendix_b1();
}

static long tri(long n)
{
	return n * (n + 1) / 2;
}

/* Construct, verify independently on a board struct, return pegs left. */
static int construct_and_replay(const struct peg_board *b, int n, int x,
				int y, int *nfx, int *nfy)
{
	struct peg_construct *c;
	struct peg_construct_info info;
	struct peg_err err;
	struct peg_jump *js;
	long nj;
	unsigned char *pegs;
	int rc, left = -1;

	rc = peg_construct_plan(n, x, y, &c, &err);
	if (rc) {
		CHECK(0, "T%d (%d,%d): %s", n, x, y, err.msg);
		return -1;
	}
	rc = peg_construct_jumps(c, &js, &nj, &err);
	CHECK(rc == 0, "T%d (%d,%d) run: %s", n, x, y, rc ? err.msg : "");
	peg_construct_get_info(c, &info);
	if (rc == 0) {
		pegs = malloc((size_t)b->n_holes);
		memset(pegs, 1, (size_t)b->n_holes);
		pegs[peg_board_hole_at(b, x, y)] = 0;
		if (peg_jumps_replay(b, js, (int)nj, pegs, &err) == 0) {
			left = peg_pos_count(pegs, b->n_holes);
			if (left == 1 &&
			    !pegs[peg_board_hole_at(b, info.fx, info.fy)])
				left = -2;
		} else {
			CHECK(0, "T%d (%d,%d) replay: %s", n, x, y, err.msg);
		}
		free(pegs);
		free(js);
	}
	*nfx = info.fx;
	*nfy = info.fy;
	peg_construct_free(c);
	return left;
}

/* Every feasible vacancy up to symmetry on T4 .. T40 (seed 000 Theorem
 * 2.1: all of them are solvable, section 3.2 constructs them). */
static void check_all_vacancies(void)
{
	long total = 0, bad = 0, refused = 0;

	for (int n = 4; n <= 40; n++) {
		struct peg_err err;
		char spec[16];
		struct peg_board *b;
		long feas = 0, feas_orbits = 0;

		snprintf(spec, sizeof(spec), "T%d", n);
		b = peg_board_parse(spec, &err);
		for (int h = 0; h < b->n_holes; h++) {
			int x = b->hx[h], y = b->hy[h], fx, fy, left;

			/* up to symmetry; every hole for n <= 24, since the
			 * placement of the sub-board differs within an orbit */
			if (n > 24 && peg_board_hole_orbit_min(b, h) != h)
				continue;
			if (!peg_construct_feasible(n, x, y)) {
				struct peg_construct *c;

				CHECK_INT(peg_construct_plan(n, x, y, &c, &err),
					  PEG_CONSTRUCT_NO,
					  "class EMPTY refused");
				refused++;
				continue;
			}
			feas++;
			feas_orbits += peg_board_hole_orbit_min(b, h) == h;
			total++;
			left = construct_and_replay(b, n, x, y, &fx, &fy);
			if (left != 1) {
				bad++;
				CHECK(0, "T%d vacate (%d,%d): %d pegs left", n,
				      x, y, left);
			}
			/* the last peg is in the vacancy's class (Th. 2.1) */
			if (n % 3 != 1)
				CHECK((x + y) % 3 == (fx + fy) % 3,
				      "T%d finish class", n);
			else
				CHECK((x + y + fx + fy) % 3 == 0,
				      "T%d finish class", n);
		}
		/* T4: only the a2 class (6 holes) is feasible (seed 000
		 * section 2.2) */
		if (n == 4)
			CHECK_INT(feas, 6, "feasible T4 vacancies");
		/* T10 (seed 000 footnote 12): of 12 distinct vacancies 6
		 * are infeasible; of its 55 holes 19 are labelled 0 */
		if (n == 10) {
			CHECK_INT(feas, 55 - 19, "feasible T10 vacancies");
			CHECK_INT(feas_orbits, 6, "feasible T10 up to symmetry");
		}
		peg_board_free(b);
	}
	CHECK_INT(bad, 0, "vacancies not solved");
	CHECK(total > 1000, "%ld vacancies constructed", total);
	CHECK(refused > 0, "infeasible vacancies refused");
}

/* Seed 000 Figure 8: T20, vacate g10 = (6,9): T5 sub-board with its a1
 * vacancy at g10, 29 purges. */
static void check_figure8(void)
{
	struct peg_construct *c;
	struct peg_construct_info info;
	struct peg_err err;
	struct peg_board *b = peg_board_parse("T20", &err);
	int fx, fy;

	CHECK_INT(peg_construct_plan(20, 6, 9, &c, &err), PEG_CONSTRUCT_OK,
		  "T20 g10 plan");
	peg_construct_get_info(c, &info);
	CHECK_INT(info.m, 5, "Figure 8 sub-board T5");
	CHECK_STR(info.sub_base, "a1", "Figure 8 uses the T5 a1 solution");
	CHECK_INT(info.sub_x, 6, "sub-board top corner at g10 (x)");
	CHECK_INT(info.sub_y, 9, "sub-board top corner at g10 (y)");
	CHECK_INT(info.n_purges, 29, "Figure 8: 29 purges");
	CHECK_INT(info.n_trapezoid, 5, "five bands");
	CHECK_INT(info.n_jumps, tri(20) - 2, "T(20) - 2 jumps");
	peg_construct_free(c);
	CHECK_INT(construct_and_replay(b, 20, 6, 9, &fx, &fy), 1,
		  "T20 g10 replays to one peg");
	peg_board_free(b);
}

static int count_cb(const struct peg_jump *j, void *ctx)
{
	(void)j;
	++*(long *)ctx;
	return 0;
}

static void check_bad_inputs(void)
{
	struct peg_construct *c;
	struct peg_err err;
	long n = 0;

	CHECK_INT(peg_construct_plan(0, 0, 0, &c, &err), PEG_CONSTRUCT_BAD,
		  "side 0");
	CHECK_INT(peg_construct_plan(5, 3, 2, &c, &err), PEG_CONSTRUCT_BAD,
		  "x > y");
	CHECK_INT(peg_construct_plan(5, 0, 5, &c, &err), PEG_CONSTRUCT_BAD,
		  "row past the board");
	CHECK_INT(peg_construct_plan(3, 0, 0, &c, &err), PEG_CONSTRUCT_NO,
		  "T3 (Table 3: no solvable pairs)");
	/* Theorem 2.1: corners and the centre of T_(3k+1) are class EMPTY */
	CHECK_INT(peg_construct_plan(4, 1, 2, &c, &err), PEG_CONSTRUCT_NO,
		  "T4 centre b3");
	CHECK_INT(peg_construct_plan(7, 0, 6, &c, &err), PEG_CONSTRUCT_NO,
		  "T7 corner a7");
	CHECK(strstr(err.msg, "Theorem 2.1") != NULL, "reason cites 2.1: %s",
	      err.msg);
	/* a larger board through the callback interface */
	CHECK_INT(peg_construct_plan(100, 36, 80, &c, &err), PEG_CONSTRUCT_OK,
		  "T100 plan");
	CHECK_INT(peg_construct_run(c, count_cb, &n, &err), 0, "T100 run");
	CHECK_INT(n, tri(100) - 2, "T100 jumps");
	peg_construct_free(c);
}

int main(void)
{
	check_purges();
	check_figure8();
	check_bad_inputs();
	check_all_vacancies();
	return check_done();
}
