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

		n_trap += p->kind == PEG_PURGE_TRAPEZOID ||
			  p->kind == PEG_PURGE_TRAPEZOID_WIDE;
		n3 += p->kind == PEG_PURGE_3;
		n6 += p->kind == PEG_PURGE_6_TOP ||
		      p->kind == PEG_PURGE_6_BOTTOM;
		/* on an otherwise empty and an otherwise full board */
		check_purge(p, 0, 0);
		check_purge(p, 0, 1);
		check_purge(p, 2, 1);
	}
	/* section 3.1: all six unlike states of the trapezoid catalyst */
	CHECK_INT(n_trap, 6 + 6, "trapezoid variants (3- and 4-wide)");
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

/* Seed 000 section 3.3, Figure 9: each purge, placed on T12 (rows 5..8 are
 * the row above and the three rows), starts from the trapezoid a4..e6 and
 * a3 b3 c3 full but for its vacancy, with the rest of the board full or
 * empty, and ends with the trapezoid empty and a3 b3 c3 full but for its
 * finish, a hole of the vacancy's position class, nothing else touched. */
static void check_fig9(void)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse("T12", &err);
	CHECK_INT(peg_fig9_count(), 12, "a Figure 9 purge per vacancy");
	for (int i = 0; i < peg_fig9_count(); i++) {
		const struct peg_fig9 *f = peg_fig9_get(i);

		for (int rest = 0; rest < 2; rest++) {
			unsigned char *pegs = malloc((size_t)b->n_holes);
			unsigned char *want = malloc((size_t)b->n_holes);
			struct peg_jump js[12];

			memset(pegs, rest, (size_t)b->n_holes);
			for (int y = 2; y <= 5; y++)
				for (int x = 0; x < (y == 2 ? 3 : y); x++)
					pegs[peg_board_hole_at(b, x, y + 3)] = 1;
			memcpy(want, pegs, (size_t)b->n_holes);
			pegs[peg_board_hole_at(b, f->vacancy.x,
					       f->vacancy.y + 3)] = 0;
			for (int y = 3; y <= 5; y++)
				for (int x = 0; x < y; x++)
					want[peg_board_hole_at(b, x, y + 3)] = 0;
			want[peg_board_hole_at(b, f->finish.x,
					       f->finish.y + 3)] = 0;
			for (int t = 0; t < f->n_jumps && t < 12; t++) {
				const struct peg_purge_jump *j = &f->jumps[t];

				js[t].from =
					peg_board_hole_at(b, j->fx, j->fy + 3);
				js[t].to = peg_board_hole_at(b, j->tx, j->ty + 3);
				js[t].over = peg_board_hole_at(
					b, (j->fx + j->tx) / 2,
					(j->fy + j->ty) / 2 + 3);
			}
			CHECK(f->n_jumps == 12 &&
				      peg_jumps_replay(b, js, 12, pegs, &err) ==
					      0 &&
				      !memcmp(pegs, want, (size_t)b->n_holes),
			      "%s (rest %d) clears the rows, leaves %d,%d",
			      f->name, rest, f->finish.x, f->finish.y);
			free(pegs);
			free(want);
		}
		CHECK(peg_fig9_find(f->vacancy.x, f->vacancy.y) == f,
		      "find %s", f->name);
	}
	CHECK(!peg_fig9_find(3, 3) && !peg_fig9_find(0, 2),
	      "no Figure 9 purge outside the trapezoid");
	peg_board_free(b);
}

/* The base table (seed 000 section 3.3, Table 3): per board T4..T8 the
 * number of feasible pairs up to symmetry and of solvable ones, and every
 * stored solution replays on its board to one peg at its finish. */
static void check_pair_table(void)
{
	static const int distinct[] = {3, 17, 29, 27, 80};
	static const int solvable[] = {1, 12, 29, 27, 80};
	int count[5] = {0}, solved[5] = {0};

	for (int i = 0; i < peg_construct_pair_count(); i++) {
		const struct peg_pair_sol *e = peg_construct_pair_get(i);
		struct peg_err err;
		char spec[8];
		struct peg_board *b;
		struct peg_moves mv;
		unsigned char pegs[36];
		struct peg_jump *js = NULL;
		int nj = 0, s, f;

		if (e->m < 4 || e->m > 8)
			continue;
		count[e->m - 4]++;
		if (!e->moves)
			continue;
		snprintf(spec, sizeof(spec), "T%d", e->m);
		b = peg_board_parse(spec, &err);
		s = peg_board_parse_hole(b, e->vacate, &err);
		f = peg_board_parse_hole(b, e->finish, &err);
		memset(pegs, 1, sizeof(pegs));
		pegs[s] = 0;
		CHECK(peg_moves_parse(b, e->moves, &mv, &err) == 0 &&
			      peg_moves_replay(b, &mv, pegs, &js, &nj, &err) ==
				      0 &&
			      peg_pos_count(pegs, b->n_holes) == 1 && pegs[f],
		      "T%d %s -> %s replays", e->m, e->vacate, e->finish);
		solved[e->m - 4]++;
		free(js);
		peg_moves_free(&mv);
		peg_board_free(b);
	}
	for (int m = 4; m <= 8; m++)
		CHECK(count[m - 4] == distinct[m - 4] &&
			      solved[m - 4] == solvable[m - 4],
		      "T%d table: %d pairs (%d solvable), Table 3 says %d (%d)",
		      m, count[m - 4], solved[m - 4], distinct[m - 4],
		      solvable[m - 4]);
}

/* Above T18: every 41st feasible pair (of all pairs, not up to symmetry) of
 * T19..T40, generated and checked by the library's replay. */
static void check_pairs_sample(void)
{
	long k = 0, bad = 0, done = 0;

	for (int n = 19; n <= 40; n++)
		for (int s = 0; s < tri(n); s++)
			for (int f = 0; f < tri(n); f++) {
				int sx, sy, fx, fy;
				struct peg_construct *c;
				struct peg_err err;

				for (sy = 0; tri(sy + 1) <= s; sy++)
					;
				sx = s - (int)tri(sy);
				for (fy = 0; tri(fy + 1) <= f; fy++)
					;
				fx = f - (int)tri(fy);
				if (!peg_construct_pair_feasible(n, sx, sy, fx,
								 fy) ||
				    k++ % 41)
					continue;
				done++;
				if (peg_construct_plan_pair(n, sx, sy, fx, fy,
							    &c, &err) ||
				    peg_construct_run(c, NULL, NULL, &err)) {
					bad++;
					CHECK(0, "T%d (%d,%d)->(%d,%d): %s", n,
					      sx, sy, fx, fy, err.msg);
				}
				peg_construct_free(c);
			}
	CHECK(bad == 0 && done > 1000, "T19..T40 sample: %ld pairs, %ld bad",
	      done, bad);
}

static void check_pair_refusals(void)
{
	struct peg_construct *c;
	struct peg_err err;

	/* Theorem 2.2: a1 -> a2 on T6 changes the position class */
	CHECK_INT(peg_construct_plan_pair(6, 0, 0, 0, 1, &c, &err),
		  PEG_CONSTRUCT_NO, "T6 a1 -> a2");
	CHECK(strstr(err.msg, "Theorem 2.2") != NULL, "cites 2.2: %s",
	      err.msg);
	/* Theorem 2.1: the start itself is class EMPTY */
	CHECK_INT(peg_construct_plan_pair(7, 0, 0, 0, 0, &c, &err),
		  PEG_CONSTRUCT_NO, "T7 a1 -> a1");
	/* Table 3: on T5, a1 -> b3 is feasible but not solvable */
	CHECK_INT(peg_construct_plan_pair(5, 0, 0, 1, 2, &c, &err),
		  PEG_CONSTRUCT_NO, "T5 a1 -> b3");
	CHECK(strstr(err.msg, "Table 3") != NULL, "cites Table 3: %s",
	      err.msg);
	CHECK_INT(peg_construct_plan_pair(6, 0, 0, 3, 2, &c, &err),
		  PEG_CONSTRUCT_BAD, "finish off the board");
	/* T1000 from a corner region to the far corner region */
	CHECK_INT(peg_construct_plan_pair(1000, 0, 1, 998, 999, &c, &err),
		  PEG_CONSTRUCT_OK, "T1000 a2 -> (998,999)");
	CHECK_INT(peg_construct_run(c, NULL, NULL, &err), 0, "T1000 pair run");
	peg_construct_free(c);
}

/* Construct the pair (x, y) -> (fx, fy) and replay it on the board struct:
 * 0 when it ends with one peg at the finish. */
static int pair_and_replay(const struct peg_board *b, int n, int x, int y,
			   int fx, int fy)
{
	struct peg_construct *c;
	struct peg_err err;
	struct peg_jump *js;
	long nj;
	unsigned char *pegs;
	int rc;

	rc = peg_construct_plan_pair(n, x, y, fx, fy, &c, &err);
	if (rc) {
		CHECK(0, "T%d (%d,%d)->(%d,%d) plan: %s", n, x, y, fx, fy,
		      err.msg);
		return -1;
	}
	rc = peg_construct_jumps(c, &js, &nj, &err);
	peg_construct_free(c);
	if (rc) {
		CHECK(0, "T%d (%d,%d)->(%d,%d) run: %s", n, x, y, fx, fy,
		      err.msg);
		return -1;
	}
	pegs = malloc((size_t)b->n_holes);
	memset(pegs, 1, (size_t)b->n_holes);
	pegs[peg_board_hole_at(b, x, y)] = 0;
	rc = peg_jumps_replay(b, js, (int)nj, pegs, &err);
	if (rc == 0 && (peg_pos_count(pegs, b->n_holes) != 1 ||
			!pegs[peg_board_hole_at(b, fx, fy)]))
		rc = -1;
	CHECK(rc == 0 && nj == tri(n) - 2, "T%d (%d,%d)->(%d,%d) replays to "
					    "one peg at the finish",
	      n, x, y, fx, fy);
	free(pegs);
	free(js);
	return rc;
}

/* Seed 000 section 3.3 and Table 3: for n from 6 to 18 every feasible pair
 * (vacate, finish) up to symmetry is constructed and ends at the finish;
 * on T4..T8 the count of pairs up to symmetry is Table 3's. */
static void check_all_pairs(void)
{
	/* Table 3, "distinct" (A130515) and "solvable" (A130516) */
	static const int distinct[] = {0, 0, 1, 4, 3, 17, 29, 27, 80, 125,
				       108, 260, 356};
	static const int solvable[] = {0, 0, 0, 0, 1, 12, 29, 27, 80, 125,
				       108, 260, 356};
	long bad = 0, total = 0;

	for (int n = 4; n <= 18; n++) {
		struct peg_err err;
		char spec[16];
		struct peg_board *b;
		long orbits = 0, solved = 0;

		snprintf(spec, sizeof(spec), "T%d", n);
		b = peg_board_parse(spec, &err);
		for (int s = 0; s < b->n_holes; s++)
			for (int f = 0; f < b->n_holes; f++) {
				int x = b->hx[s], y = b->hy[s], canon = 1;
				struct peg_construct *c;
				int rc;

				if (!peg_construct_pair_feasible(n, x, y,
								 b->hx[f],
								 b->hy[f]))
					continue;
				for (int g = 1; g < b->n_syms && canon; g++) {
					int gs = b->sym[g * b->n_holes + s];
					int gf = b->sym[g * b->n_holes + f];

					canon = gs > s || (gs == s && gf >= f);
				}
				if (!canon)
					continue;
				orbits++;
				if (n < 6) {
					rc = peg_construct_plan_pair(
						n, x, y, b->hx[f], b->hy[f], &c,
						&err);
					peg_construct_free(c);
					if (rc == PEG_CONSTRUCT_NO)
						continue;
				}
				total++;
				if (pair_and_replay(b, n, x, y, b->hx[f],
						    b->hy[f]) == 0)
					solved++;
				else
					bad++;
			}
		if (n <= 12) {
			CHECK(orbits == distinct[n],
			      "T%d feasible pairs up to symmetry: %ld, Table "
			      "3 says %d",
			      n, orbits, distinct[n]);
			CHECK(solved == solvable[n],
			      "T%d pairs solved: %ld, Table 3 says %d", n,
			      solved, solvable[n]);
		}
		peg_board_free(b);
	}
	CHECK_INT(bad, 0, "pairs not solved");
	CHECK(total > 5000, "%ld pairs constructed", total);
}

int main(void)
{
	check_fig9();
	check_pair_table();
	check_pair_refusals();
	check_all_pairs();
	check_pairs_sample();
	check_purges();
	check_figure8();
	check_bad_inputs();
	check_all_vacancies();
	return check_done();
}
