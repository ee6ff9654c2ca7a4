/* test_wide.c - the 128-bit bodies of the level sets, the solution count
 * and the analyse engines (issue 3: boards of up to 128 holes must work).
 *
 * (a) The testing switch (opts.wide, PEGSOL_WIDE) runs the wide bodies on
 *     small boards, where the one-word path is the reference: every level
 *     of seed 001 Table 1's problems (T5 and T6 corner complements) code
 *     by code, the by-index sets of Tables 5 and 8, the counts of section
 *     7.2 (T4: 14, Figure 11) and issue 3 (T5 a1 complement: 6,816), seed
 *     000 Table 2's odds, seed 003's dead ends and worst games.
 * (b) Real boards of 66 to 128 holes (T11, rect:8x9, hexagon:6, T15,
 *     hexagon:7, rect:16x8): problems made by reverse jumps from one peg,
 *     checked against a brute force written here (raw forward sets by
 *     plain enumeration, winning sets by backward marking, solution counts
 *     and random-player odds by dynamic programming over the raw game
 *     graph, backward sets by reverse jumps), and solve must agree with W
 *     being non-empty.  A worst game on a 72-hole board whose only jumps
 *     lie across bits 63..71 is checked against a brute force and against
 *     the same line on the one-word path.
 */
#include "check.h"

#include "pegsol/analyse.h"
#include "pegsol/board.h"
#include "pegsol/count.h"
#include "pegsol/pos.h"
#include "pegsol/sets.h"
#include "pegsol/solve.h"

#include <gmp.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef peg_u128 u128;

static struct peg_board *board(const char *spec)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);

	CHECK(b != NULL, "board %s: %s", spec, b ? "" : err.msg);
	return b;
}

static uint64_t rng = 20260101;

static unsigned rnd(unsigned n)
{
	rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)(rng >> 33) % n;
}

static u128 bit(int h)
{
	return (u128)1 << h;
}

static int popc(u128 x)
{
	return __builtin_popcountll((uint64_t)x) +
	       __builtin_popcountll((uint64_t)(x >> 64));
}

static void to_pegs(u128 c, int n, unsigned char *p)
{
	for (int i = 0; i < n; i++)
		p[i] = (c >> i) & 1;
}

static char *u128_text(u128 v, char *buf)
{
	return peg_u128_str(v, buf);
}

/* ---- (a) the wide bodies against the one-word path ---- */

/* Every level of F, G, W and L, code by code, and the work count. */
static void same_sets(const struct peg_sets *a, const struct peg_sets *w,
		      const char *what)
{
	int same = 1;

	CHECK(!a->wide && w->wide, "%s: widths", what);
	for (int n = 0; n <= a->n_holes; n++) {
		const struct peg_level *x[4] = {&a->F[n], &a->G[n], &a->W[n],
						&a->L[n]};
		const struct peg_level *y[4] = {&w->F[n], &w->G[n], &w->W[n],
						&w->L[n]};

		for (int k = 0; k < 4; k++) {
			if (x[k]->have != y[k]->have || x[k]->n != y[k]->n ||
			    x[k]->raw != y[k]->raw) {
				same = 0;
				continue;
			}
			for (size_t i = 0; i < x[k]->n; i++)
				if ((u128)x[k]->code[i] != y[k]->code128[i])
					same = 0;
		}
	}
	CHECK(same, "%s: wide sets equal the one-word sets", what);
	CHECK_INT(a->children, w->children, what);
	CHECK_INT(a->n_group, w->n_group, what);
}

/* The problem vacate (complement, or finish; "*" one peg anywhere). */
static void problem(const struct peg_board *b, const char *vacate,
		    const char *finish, unsigned char *start,
		    unsigned char *goal, struct peg_problem *p)
{
	struct peg_err err;
	unsigned char *v = calloc((size_t)b->n_holes, 1);

	memset(start, 1, (size_t)b->n_holes);
	memset(goal, 0, (size_t)b->n_holes);
	peg_board_parse_holes(b, vacate, v, &err);
	for (int i = 0; i < b->n_holes; i++)
		if (v[i])
			start[i] = 0;
	free(v);
	p->start = start;
	p->goal = PEG_GOAL_POSITION;
	p->finish = goal;
	if (finish && !strcmp(finish, "*"))
		p->goal = PEG_GOAL_ANYWHERE;
	else if (finish)
		peg_board_parse_holes(b, finish, goal, &err);
	else
		for (int i = 0; i < b->n_holes; i++)
			goal[i] = !start[i];
}

static struct peg_sets *sets_of(const struct peg_board *b,
				const struct peg_problem *p,
				const struct peg_sets_opts *o, const char *what)
{
	struct peg_sets *s = NULL;
	struct peg_err err;

	CHECK(peg_sets_compute(b, p, o, &s, &err) == 0, "%s: %s", what,
	      err.msg);
	return s;
}

static void forced_sets(const char *spec, const char *vacate,
			const char *finish, enum peg_group g, int parts)
{
	struct peg_board *b = board(spec);
	unsigned char start[64], goal[64];
	struct peg_problem p;
	struct peg_sets_opts o = {0};
	struct peg_sets *a, *w;
	char what[128];

	snprintf(what, sizeof(what), "%s %s %s group %d parts %d", spec,
		 vacate, finish ? finish : "-", (int)g, parts);
	problem(b, vacate, finish, start, goal, &p);
	o.group = g;
	o.raw = 1;
	o.partitions = parts;
	a = sets_of(b, &p, &o, what);
	o.wide = 1;
	w = sets_of(b, &p, &o, what);
	if (a && w)
		same_sets(a, w, what);
	peg_sets_free(a);
	peg_sets_free(w);
	peg_board_free(b);
}

/* Count on both widths, and on both through the GMP walk. */
static void forced_count(const char *spec, const char *vacate,
			 const char *finish, const char *want)
{
	struct peg_board *b = board(spec);
	unsigned char start[64], goal[64];
	struct peg_problem p;
	struct peg_sets_opts o = {0};
	struct peg_count_result r;
	struct peg_err err;
	char what[128];

	problem(b, vacate, finish, start, goal, &p);
	for (int k = 0; k < 4; k++) {
		o.wide = k & 1;
		snprintf(what, sizeof(what), "count %s %s %s wide %d gmp %d",
			 spec, vacate, finish ? finish : "-", k & 1, k >> 1);
		if (k >> 1)
			setenv("PEGSOL_COUNT_GMP", "1", 1);
		CHECK(peg_count_solutions_opts(b, &p, &o, &r, NULL, &err) == 0,
		      "%s: %s", what, err.msg);
		unsetenv("PEGSOL_COUNT_GMP");
		CHECK_STR(r.text, want, what);
		CHECK(!r.wide && r.value == (u128)strtoull(want, NULL, 10),
		      "%s: value", what);
		peg_count_result_release(&r);
	}
	peg_board_free(b);
}

static void forced_byindex(const char *spec, const char *hole)
{
	struct peg_board *b = board(spec);
	struct peg_byindex *x = NULL, *y = NULL;
	struct peg_err err;
	unsigned char v[64] = {0};
	int h = 0;
	char what[96];

	peg_board_parse_holes(b, hole, v, &err);
	for (int i = b->n_holes - 1; i >= 0; i--)
		if (v[i])
			h = i;
	snprintf(what, sizeof(what), "by-index %s %s", spec, hole);
	CHECK(peg_sets_byindex(b, h, 2, &x, &err) == 0, "%s: %s", what,
	      err.msg);
	setenv("PEGSOL_WIDE", "1", 1);
	CHECK(peg_sets_byindex(b, h, 2, &y, &err) == 0, "%s wide: %s", what,
	      err.msg);
	unsetenv("PEGSOL_WIDE");
	if (x && y) {
		size_t cells = ((size_t)x->half + 1) << x->n_problems;

		CHECK(x->n_problems == y->n_problems &&
			      x->n_degenerate == y->n_degenerate &&
			      x->total_any == y->total_any &&
			      x->total_index == y->total_index &&
			      x->children == y->children &&
			      !memcmp(x->count, y->count,
				      cells * sizeof(size_t)) &&
			      !memcmp(x->frame_total, y->frame_total,
				      sizeof(x->frame_total)),
		      "%s: wide equals one-word", what);
	}
	peg_byindex_free(x);
	peg_byindex_free(y);
	peg_board_free(b);
}

/* The sets file: a wide file has 128-bit codes and loads as wide sets. */
static void forced_file(void)
{
	struct peg_board *b = board("T5"), *b6 = board("T6");
	unsigned char start[15], goal[15], head[16];
	struct peg_problem p;
	struct peg_sets_opts o = {0};
	struct peg_sets *s, *l = NULL;
	struct peg_err err;
	char path[] = "/tmp/pegsol_wide_XXXXXX";
	int fd = mkstemp(path);
	FILE *f;

	close(fd);
	problem(b, "a1", NULL, start, goal, &p);
	o.wide = 1;
	o.raw = 1;
	s = sets_of(b, &p, &o, "T5 wide for the file");
	if (s) {
		CHECK(peg_sets_save(s, path, &err) == 0, "save wide: %s",
		      err.msg);
		f = fopen(path, "rb");
		CHECK(f && fread(head, 1, 16, f) == 16 &&
			      !memcmp(head, "PEGSETS1", 8) && head[8] == 5 &&
			      head[12] == 128,
		      "a wide file is version 5 with 128-bit codes");
		if (f)
			fclose(f);
		CHECK(peg_sets_load(b, path, &l, &err) == 0, "load wide: %s",
		      err.msg);
		if (l) {
			CHECK(l->wide, "loaded sets are wide");
			for (int n = 0; n <= 15; n++)
				CHECK(l->W[n].n == s->W[n].n &&
					      l->F[n].raw == s->F[n].raw &&
					      (!l->W[n].n ||
					       !memcmp(l->W[n].code128,
						       s->W[n].code128,
						       16 * l->W[n].n)),
				      "loaded wide level %d", n);
			/* the never-lose test on wide sets, both calls */
			CHECK(peg_sets_winning(l, (uint64_t)s->start) &&
				      peg_sets_winning128(l, s->start),
			      "wide start winning");
			CHECK(!peg_sets_winning(l, s->L[12].code128[0]),
			      "wide L_12 losing (seed 001 Table 1)");
			peg_sets_free(l);
			l = NULL;
		}
		CHECK(peg_sets_load(b6, path, &l, &err) < 0,
		      "wide file for another board");
		CHECK(truncate(path, 200) == 0, "truncate");
		CHECK(peg_sets_load(b, path, &l, &err) < 0,
		      "truncated wide file");
		peg_sets_free(s);
	}
	unlink(path);
	peg_board_free(b);
	peg_board_free(b6);
}

static void forced_analyse(void)
{
	static const char *const vac[4] = {"a1", "b3", "a4", "c5"};
	/* seed 000 Table 2: 1 in N, players A, B, C */
	static const int t2[4][3] = {
		{146, 47, 7}, {579, 142, 19}, {291, 47, 7}, {141, 13, 7}};
	struct peg_board *t5 = board("T5"), *t6 = board("T6");
	struct peg_board *t7 = board("T7"), *rh = board("rhombus:6");
	unsigned char pegs[64], goal[64];
	struct peg_problem p;
	struct peg_err err;

	for (int i = 0; i < 4; i++)
		for (int pl = 0; pl < 3; pl++) {
			struct peg_odds a = {0}, w = {0};
			char what[64];

			snprintf(what, sizeof(what),
				 "Table 2 vacate %s player %c wide", vac[i],
				 'A' + pl);
			problem(t5, vac[i], NULL, pegs, goal, &p);
			CHECK(!peg_odds_compute(t5, pegs, (enum peg_player)pl,
						1, &a, &err),
			      "%s", err.msg);
			setenv("PEGSOL_WIDE", "1", 1);
			CHECK(!peg_odds_compute(t5, pegs, (enum peg_player)pl,
						1, &w, &err),
			      "%s", err.msg);
			unsetenv("PEGSOL_WIDE");
			CHECK(w.p > 0 && llroundl(1.0L / w.p) == t2[i][pl],
			      "%s: 1 in %.3Lf", what, w.p > 0 ? 1 / w.p : 0);
			CHECK(a.exact && w.exact && !strcmp(a.exact, w.exact) &&
				      a.nodes == w.nodes &&
				      a.max_level == w.max_level,
			      "%s: equals one-word", what);
			peg_odds_release(&a);
			peg_odds_release(&w);
		}
	/* seed 003: T5 a1-complement lost in 2 jumps, T6 in 5; T5 a4: the
	 * single jump c4-a4 is a dead board position */
	{
		static const struct {
			int t6;
			const char *vac, *fin;
			int depth;
		} de[] = {{0, "a1", "a1", 2}, {1, "a1", "a1", 5},
			  {0, "a4", NULL, 1}, {1, "c3", NULL, -2}};

		for (size_t i = 0; i < sizeof(de) / sizeof(de[0]); i++) {
			struct peg_board *bb = de[i].t6 ? t6 : t5;
			struct peg_deadend a = {0}, w = {0};
			int fin = de[i].fin ? peg_board_parse_hole(bb, de[i].fin,
								    &err)
					    : PEG_FINISH_ANYWHERE;
			u128 ma = 0, mw = 0;

			problem(bb, de[i].vac, NULL, pegs, goal, &p);
			CHECK(!peg_deadend_find(bb, pegs, fin, &a, &err), "%s",
			      err.msg);
			setenv("PEGSOL_WIDE", "1", 1);
			CHECK(!peg_deadend_find(bb, pegs, fin, &w, &err), "%s",
			      err.msg);
			CHECK(!peg_finish_holes(bb, pegs, &mw, NULL, &err),
			      "%s", err.msg);
			unsetenv("PEGSOL_WIDE");
			CHECK(!peg_finish_holes(bb, pegs, &ma, NULL, &err),
			      "%s", err.msg);
			if (de[i].depth != -2)
				CHECK_INT(w.depth, de[i].depth,
					  "seed 003 dead end (wide)");
			CHECK(a.depth == w.depth && a.end == w.end &&
				      a.nodes == w.nodes &&
				      a.generated == w.generated &&
				      a.start_winning == w.start_winning &&
				      (a.depth <= 0 ||
				       !memcmp(a.jumps, w.jumps,
					       sizeof(*a.jumps) *
						       (size_t)a.depth)),
			      "dead end %s %s: wide equals one-word",
			      bb->spec, de[i].vac);
			CHECK(ma == mw && ma, "finish holes %s %s", bb->spec,
			      de[i].vac);
			peg_deadend_release(&a);
			peg_deadend_release(&w);
		}
	}
	/* seed 003: worst games, T5 7 to 10 pegs, T6 12, T7 18 after 9
	 * jumps, rhombus:6 22 after 13 jumps */
	{
		struct peg_board *sb[4] = {t5, t6, t7, rh};
		static const int most[4] = {10, 12, 18, 22};

		for (int i = 0; i < 4; i++) {
			struct peg_strand_result a = {0}, w = {0};
			int best = -1, same;

			CHECK(!peg_strand_find(sb[i], -1, &a, &err), "%s",
			      err.msg);
			setenv("PEGSOL_WIDE", "1", 1);
			CHECK(!peg_strand_find(sb[i], -1, &w, &err), "%s",
			      err.msg);
			unsetenv("PEGSOL_WIDE");
			same = a.n == w.n && a.nodes == w.nodes &&
			       a.dead == w.dead;
			for (int k = 0; same && k < a.n; k++) {
				const struct peg_strand *x = &a.v[k], *y = &w.v[k];

				same = x->vacancy == y->vacancy &&
				       x->pegs == y->pegs &&
				       x->n_jumps == y->n_jumps &&
				       x->end == y->end &&
				       (x->n_jumps <= 0 ||
					!memcmp(x->jumps, y->jumps,
						sizeof(*x->jumps) *
							(size_t)x->n_jumps));
				if (y->pegs > best)
					best = y->pegs;
			}
			CHECK(same, "strand %s: wide equals one-word",
			      sb[i]->spec);
			CHECK_INT(best, most[i], "seed 003 worst game (wide)");
			peg_strand_release(&a);
			peg_strand_release(&w);
		}
	}
	peg_board_free(t5);
	peg_board_free(t6);
	peg_board_free(t7);
	peg_board_free(rh);
}

/* ---- (b) real boards past 64 holes against a brute force ---- */

static int cmp128(const void *a, const void *b)
{
	u128 x = *(const u128 *)a, y = *(const u128 *)b;

	return x < y ? -1 : x > y;
}

static size_t uniq(u128 *a, size_t n)
{
	size_t m = 0;

	qsort(a, n, sizeof(*a), cmp128);
	for (size_t i = 0; i < n; i++)
		if (!m || a[m - 1] != a[i])
			a[m++] = a[i];
	return m;
}

static long find(const u128 *a, size_t n, u128 x)
{
	const u128 *r = bsearch(&x, a, n, sizeof(*a), cmp128);

	return r ? (long)(r - a) : -1;
}

struct lvl {
	u128 *c;
	size_t n;
};

static int jump_ok(const struct peg_jump *j, u128 c)
{
	return (c >> j->from & 1) && (c >> j->over & 1) && !(c >> j->to & 1);
}

static u128 jump_do(const struct peg_jump *j, u128 c)
{
	return c ^ bit(j->from) ^ bit(j->over) ^ bit(j->to);
}

/* The raw positions reachable from start, by pegs: F[ns] .. F[1]. */
static void brute_forward(const struct peg_board *b, u128 start, int ns,
			  struct lvl *F)
{
	F[ns].c = malloc(sizeof(u128));
	F[ns].c[0] = start;
	F[ns].n = 1;
	for (int n = ns; n > 1; n--) {
		size_t cap = 16, m = 0;
		u128 *a = malloc(cap * sizeof(u128));

		for (size_t i = 0; i < F[n].n; i++)
			for (int k = 0; k < b->n_jumps; k++) {
				if (!jump_ok(&b->jumps[k], F[n].c[i]))
					continue;
				if (m == cap)
					a = realloc(a, (cap *= 2) * sizeof(u128));
				a[m++] = jump_do(&b->jumps[k], F[n].c[i]);
			}
		F[n - 1].c = a;
		F[n - 1].n = uniq(a, m);
	}
}

/* W: the positions of F from which the goal (fin, or 0 = one peg
 * anywhere) is reachable, by marking backwards from one peg. */
static void brute_winning(const struct peg_board *b, const struct lvl *F,
			  int ns, u128 fin, struct lvl *Wl)
{
	int nf = fin ? popc(fin) : 1;

	for (int n = 0; n <= ns; n++) {
		Wl[n].c = malloc((F[n].n + 1) * sizeof(u128));
		Wl[n].n = 0;
	}
	for (size_t i = 0; i < F[nf].n; i++)
		if (!fin || F[nf].c[i] == fin)
			Wl[nf].c[Wl[nf].n++] = F[nf].c[i];
	for (int n = nf + 1; n <= ns; n++)
		for (size_t i = 0; i < F[n].n; i++) {
			int w = 0;

			for (int k = 0; k < b->n_jumps && !w; k++)
				w = jump_ok(&b->jumps[k], F[n].c[i]) &&
				    find(Wl[n - 1].c, Wl[n - 1].n,
					 jump_do(&b->jumps[k], F[n].c[i])) >= 0;
			if (w)
				Wl[n].c[Wl[n].n++] = F[n].c[i];
		}
}

/* Jump sequences from the start to the goal and the odds of player A,
 * by dynamic programming over the raw levels. */
static void brute_paths(const struct peg_board *b, const struct lvl *F,
			int ns, u128 fin, u128 *count, mpq_t odds)
{
	u128 *cnt[129] = {0};
	mpq_t *q[129] = {0};
	int nf = fin ? popc(fin) : 1;

	for (int n = 1; n <= ns; n++) {
		cnt[n] = calloc(F[n].n + 1, sizeof(u128));
		q[n] = malloc((F[n].n + 1) * sizeof(mpq_t));
		for (size_t i = 0; i < F[n].n; i++)
			mpq_init(q[n][i]);
	}
	cnt[ns][0] = 1;
	mpq_set_ui(q[ns][0], 1, 1);
	for (int n = ns; n > 1; n--)
		for (size_t i = 0; i < F[n].n; i++) {
			int legal = 0;
			mpq_t share;

			for (int k = 0; k < b->n_jumps; k++)
				legal += jump_ok(&b->jumps[k], F[n].c[i]);
			mpq_init(share);
			if (legal) {
				mpq_set_ui(share, 1, (unsigned long)legal);
				mpq_mul(share, share, q[n][i]);
			}
			for (int k = 0; k < b->n_jumps; k++) {
				long j;

				if (!jump_ok(&b->jumps[k], F[n].c[i]))
					continue;
				j = find(F[n - 1].c, F[n - 1].n,
					 jump_do(&b->jumps[k], F[n].c[i]));
				cnt[n - 1][j] += cnt[n][i];
				mpq_add(q[n - 1][j], q[n - 1][j], share);
			}
			mpq_clear(share);
		}
	*count = 0;
	for (size_t i = 0; i < F[nf].n; i++)
		if (!fin || F[nf].c[i] == fin)
			*count += cnt[nf][i];
	mpq_set_ui(odds, 0, 1);
	for (size_t i = 0; i < F[1].n; i++)
		mpq_add(odds, odds, q[1][i]);
	for (int n = 1; n <= ns; n++) {
		for (size_t i = 0; i < F[n].n; i++)
			mpq_clear(q[n][i]);
		free(q[n]);
		free(cnt[n]);
	}
}

/* B_n for the goal fin (exact): reverse jumps from fin, raw. */
static void brute_backward(const struct peg_board *b, u128 fin, int ns,
			   size_t *bn)
{
	int nf = popc(fin);
	struct lvl cur = {malloc(sizeof(u128)), 1};

	cur.c[0] = fin;
	bn[nf] = 1;
	for (int n = nf; n < ns; n++) {
		size_t cap = 16, m = 0;
		u128 *a = malloc(cap * sizeof(u128));

		for (size_t i = 0; i < cur.n; i++)
			for (int k = 0; k < b->n_jumps; k++) {
				const struct peg_jump *j = &b->jumps[k];
				u128 c = cur.c[i];

				if (!(c >> j->to & 1) || (c >> j->over & 1) ||
				    (c >> j->from & 1))
					continue;
				if (m == cap)
					a = realloc(a, (cap *= 2) * sizeof(u128));
				a[m++] = jump_do(j, c);
			}
		free(cur.c);
		cur.c = a;
		cur.n = uniq(a, m);
		bn[n + 1] = cur.n;
	}
	free(cur.c);
}

/* A problem made by k reverse jumps from one peg: *start, and the hole
 * of the peg. */
static int make_problem(const struct peg_board *b, int k, u128 *start)
{
	int f = (int)rnd((unsigned)b->n_holes), *cand;
	u128 c = bit(f);

	cand = malloc(sizeof(int) * (size_t)b->n_jumps);
	for (int t = 0; t < k; t++) {
		int m = 0;

		for (int j = 0; j < b->n_jumps; j++) {
			const struct peg_jump *x = &b->jumps[j];

			if ((c >> x->to & 1) && !(c >> x->over & 1) &&
			    !(c >> x->from & 1))
				cand[m++] = j;
		}
		if (!m)
			break;
		c = jump_do(&b->jumps[cand[rnd((unsigned)m)]], c);
	}
	free(cand);
	*start = c;
	return f;
}

static int sets_equal_raw(const struct peg_level *l, const struct lvl *x)
{
	if (l->n != x->n)
		return 0;
	for (size_t i = 0; i < x->n; i++)
		if (l->code128[i] != x->c[i])
			return 0;
	return 1;
}

/* Check one problem (start, goal fin or 0 = one peg anywhere) on a
 * board of more than 64 holes, every engine against the brute force. */
static void check_problem(const struct peg_board *b, u128 start, u128 fin,
			  int backward)
{
	int n = b->n_holes, ns = popc(start), nf = fin ? popc(fin) : 1;
	unsigned char *sp = malloc((size_t)n), *fp = malloc((size_t)n);
	struct lvl F[129] = {{0}}, Wl[129] = {{0}};
	struct peg_problem p = {sp, fin ? PEG_GOAL_POSITION : PEG_GOAL_ANYWHERE,
				fp};
	struct peg_sets_opts o = {0};
	struct peg_sets *s;
	struct peg_count_result r;
	struct peg_solve_result sr;
	struct peg_err err;
	u128 count, fmask = 0;
	mpq_t odds;
	char what[160], s1[48], s2[48];
	int solvable, fin_hole = 0;

	while (fin && !(fin >> fin_hole & 1))
		fin_hole++;
	to_pegs(start, n, sp);
	to_pegs(fin, n, fp);
	snprintf(what, sizeof(what), "%s start %s goal %s", b->spec,
		 u128_text(start, s1), fin ? u128_text(fin, s2) : "anywhere");
	brute_forward(b, start, ns, F);
	brute_winning(b, F, ns, fin, Wl);
	mpq_init(odds);
	brute_paths(b, F, ns, fin, &count, odds);
	solvable = Wl[ns].n > 0;

	/* raw sets, code by code */
	o.group = PEG_GROUP_NONE;
	s = sets_of(b, &p, &o, what);
	if (s) {
		int fsame = 1, wsame = 1;

		CHECK(s->wide, "%s: wide sets", what);
		for (int m = nf; m <= ns; m++) {
			fsame &= sets_equal_raw(&s->F[m], &F[m]);
			wsame &= sets_equal_raw(&s->W[m], &Wl[m]);
		}
		CHECK(fsame, "%s: raw F_n", what);
		CHECK(wsame, "%s: raw W_n", what);
		if (backward && fin) {
			size_t bn[129] = {0};
			int bsame = 1;

			brute_backward(b, fin, ns, bn);
			for (int m = nf; m <= ns; m++)
				bsame &= peg_sets_backward_size(s, m) == bn[m];
			CHECK(bsame, "%s: raw |B_n|", what);
		}
		peg_sets_free(s);
	}
	/* symmetry reduced: orbit sums give the raw sizes back */
	o.group = PEG_GROUP_STAB;
	o.raw = 1;
	s = sets_of(b, &p, &o, what);
	if (s) {
		int same = 1;

		for (int m = nf; m <= ns; m++)
			same &= s->F[m].raw == F[m].n && s->W[m].raw == Wl[m].n;
		CHECK(same, "%s: reduced sets, raw sizes", what);
		CHECK(peg_sets_winning128(s, start) == solvable,
		      "%s: never-lose test of the start", what);
		peg_sets_free(s);
	}
	/* count */
	CHECK(peg_count_solutions(b, &p, 2, &r, NULL, &err) == 0, "%s: %s",
	      what, err.msg);
	CHECK_STR(r.text, u128_text(count, s1), what);
	peg_count_result_release(&r);
	/* solve agrees with W being non-empty */
	CHECK_INT(peg_solve(b, &p, NULL, &sr, &err),
		  solvable ? PEG_SOLVE_FOUND : PEG_SOLVE_NONE, what);
	peg_solve_result_release(&sr);
	/* analyse: reachability, finish holes, dead end, odds */
	CHECK_INT(peg_finish_reachable(b, sp,
				       fin ? fin_hole : PEG_FINISH_ANYWHERE,
				       NULL, &err),
		  solvable, what);
	for (size_t i = 0; i < F[1].n; i++)
		fmask |= F[1].c[i];
	{
		u128 m = 0;

		CHECK(!peg_finish_holes(b, sp, &m, NULL, &err) && m == fmask,
		      "%s: finish holes", what);
	}
	{
		struct peg_deadend d = {0};
		int want = -1;

		for (int m = ns; m >= 1 && want < 0; m--)
			if (F[m].n > Wl[m].n)
				want = ns - m;
		CHECK(!peg_deadend_find(b, sp,
					fin ? fin_hole : PEG_FINISH_ANYWHERE,
					&d, &err),
		      "%s: %s", what, err.msg);
		CHECK_INT(d.depth, want, what);
		if (d.depth >= 0)
			CHECK(find(F[ns - d.depth].c, F[ns - d.depth].n,
				   d.end) >= 0 &&
				      find(Wl[ns - d.depth].c,
					   Wl[ns - d.depth].n, d.end) < 0,
			      "%s: the dead end is reachable and losing",
			      what);
		peg_deadend_release(&d);
	}
	{
		struct peg_odds od = {0};
		mpq_t got;

		mpq_init(got);
		CHECK(!peg_odds_compute(b, sp, PEG_PLAYER_A, 1, &od, &err),
		      "%s: %s", what, err.msg);
		CHECK(od.exact && !mpq_set_str(got, od.exact, 10) &&
			      mpq_equal(got, odds) &&
			      fabs((double)od.p - mpq_get_d(odds)) < 1e-12,
		      "%s: odds of player A", what);
		peg_odds_release(&od);
		mpq_clear(got);
	}
	mpq_clear(odds);
	for (int m = 0; m <= ns; m++) {
		free(F[m].c);
		free(Wl[m].c);
	}
	free(sp);
	free(fp);
}

static int real_boards(void)
{
	static const struct {
		const char *spec;
		int holes, problems, jumps;
	} bd[] = {{"T11", 66, 6, 6},       {"rect:8x9", 72, 4, 6},
		  {"hexagon:6", 91, 4, 6}, {"T15", 120, 3, 5},
		  {"hexagon:7", 127, 3, 5}, {"rect:16x8", 128, 3, 5}};
	int problems = 0;

	for (size_t i = 0; i < sizeof(bd) / sizeof(bd[0]); i++) {
		struct peg_board *b = board(bd[i].spec);

		if (!b)
			continue;
		CHECK_INT(b->n_holes, bd[i].holes, bd[i].spec);
		for (int k = 0; k < bd[i].problems; k++) {
			u128 start, other;
			int f = make_problem(b, bd[i].jumps, &start);

			problems++;
			/* the peg it came from: solvable; raw B on the
			 * first problem of each board */
			check_problem(b, start, bit(f), k == 0);
			/* one peg anywhere */
			if (k < 2)
				check_problem(b, start, 0, 0);
			/* another finish: often unsolvable */
			make_problem(b, 0, &other);
			if (k < 2 && other != bit(f))
				check_problem(b, start, other, 0);
		}
		peg_board_free(b);
	}
	return problems;
}

/* Disk partitions on a wide board: the same levels as in memory. */
static void wide_disk(void)
{
	struct peg_board *b = board("T11");
	u128 start;
	int f = make_problem(b, 6, &start);
	unsigned char sp[66], fp[66];
	struct peg_problem p = {sp, PEG_GOAL_POSITION, fp};
	struct peg_sets_opts o = {0};
	struct peg_sets *m, *d;

	to_pegs(start, 66, sp);
	to_pegs(bit(f), 66, fp);
	o.raw = 1;
	m = sets_of(b, &p, &o, "T11 in memory");
	o.partitions = 5;
	d = sets_of(b, &p, &o, "T11 on disk");
	if (m && d) {
		int same = d->partitions == 5 && d->disk_bytes > 0;

		for (int n = 0; n <= 66; n++) {
			const struct peg_level *x[4] = {&m->F[n], &m->G[n],
							&m->W[n], &m->L[n]};
			const struct peg_level *y[4] = {&d->F[n], &d->G[n],
							&d->W[n], &d->L[n]};

			for (int k = 0; k < 4; k++)
				same &= x[k]->n == y[k]->n &&
					x[k]->raw == y[k]->raw &&
					(!x[k]->n ||
					 !memcmp(x[k]->code128, y[k]->code128,
						 16 * x[k]->n));
		}
		CHECK(same, "T11: disk partitions give the same sets");
	}
	/* the wide file: save, load, compare */
	if (m) {
		char path[] = "/tmp/pegsol_wide_XXXXXX";
		int fd = mkstemp(path);
		struct peg_sets *l = NULL;
		struct peg_err err;
		int same = 1;

		close(fd);
		CHECK(peg_sets_save(m, path, &err) == 0, "save T11");
		CHECK(peg_sets_load(b, path, &l, &err) == 0, "load T11: %s",
		      err.msg);
		for (int n = 0; l && n <= 66; n++)
			same &= l->F[n].n == m->F[n].n &&
				l->F[n].raw == m->F[n].raw &&
				l->W[n].n == m->W[n].n &&
				(!l->F[n].n ||
				 !memcmp(l->F[n].code128, m->F[n].code128,
					 16 * l->F[n].n));
		CHECK(l && same && l->start == m->start &&
			      l->finish == m->finish,
		      "T11 file round trip");
		peg_sets_free(l);
		unlink(path);
	}
	peg_sets_free(m);
	peg_sets_free(d);
	peg_board_free(b);
}

/* The most pegs left when stuck, from c (brute force). */
static int brute_strand(const struct peg_board *b, u128 c)
{
	int best = -1;

	for (int k = 0; k < b->n_jumps; k++)
		if (jump_ok(&b->jumps[k], c)) {
			int x = brute_strand(b, jump_do(&b->jumps[k], c));

			if (x > best)
				best = x;
		}
	return best < 0 ? popc(c) : best;
}

/* A worst game on a 72-hole board: 63 isolated holes (rows offset so
 * that no three holes are in a line) above a line of 9 holes, indices
 * 63..71, the only jumps of the board. */
static void wide_strand(void)
{
	char path[] = "/tmp/pegsol_strip_XXXXXX", spec[64];
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	struct peg_board *b, *line = board("rect:9x1");
	struct peg_strand_result r = {0}, rl = {0};
	struct peg_err err;

	for (int y = 0; y < 7; y++)
		fprintf(f, "%so o o o o o o o o\n", y % 2 ? " " : "");
	fprintf(f, "ooooooooo\n");
	fclose(f);
	snprintf(spec, sizeof(spec), "file:%s", path);
	b = board(spec);
	if (b && line) {
		u128 full = ((u128)1 << 72) - 1;
		int vac = 63, want = brute_strand(b, full ^ bit(vac));

		CHECK_INT(b->n_holes, 72, "strip board holes");
		CHECK(!peg_strand_find(b, vac, &r, &err), "strand strip: %s",
		      err.msg);
		CHECK(!peg_strand_find(line, 0, &rl, &err), "strand line: %s",
		      err.msg);
		if (r.n == 1 && rl.n == 1) {
			const struct peg_strand *s = &r.v[0];
			int dead = 1;

			for (int k = 0; k < b->n_jumps; k++)
				dead &= !jump_ok(&b->jumps[k], s->end);
			CHECK_INT(s->pegs, want, "strip worst game (brute force)");
			CHECK_INT(s->pegs, 63 + rl.v[0].pegs,
				  "strip worst game = 63 + the line's");
			CHECK(dead && popc(s->end) == s->pegs &&
				      s->n_jumps == 71 - s->pegs,
			      "strip: the end is dead");
		}
	}
	peg_strand_release(&r);
	peg_strand_release(&rl);
	peg_board_free(b);
	peg_board_free(line);
	unlink(path);
}

int main(void)
{
	struct peg_err err;

	/* (a) seed 001 Table 1: T5 and T6 corner complements, raw and
	 * reduced, every level; section 4's mincode lists (full group);
	 * other goals and groups; forced disk partitions */
	forced_sets("T5", "a1", NULL, PEG_GROUP_STAB, 0);
	forced_sets("T5", "a1", NULL, PEG_GROUP_FULL, 0);
	forced_sets("T6", "a1", NULL, PEG_GROUP_STAB, 0);
	forced_sets("T4", "a2", "b2", PEG_GROUP_STAB, 0);
	forced_sets("T5", "c3", "*", PEG_GROUP_NONE, 0);
	forced_sets("T6", "b3", "*", PEG_GROUP_FULL, 0);
	forced_sets("trunc-triangle:6", "a2", NULL, PEG_GROUP_STAB, 0);
	forced_sets("T6", "a2", NULL, PEG_GROUP_STAB, 7);
	{
		/* Table 1 straight from the wide sets (T5 corner) */
		static const long t5_raw[] = {1,   2,   8,   35,  122, 293, 530,
					      679, 623, 414, 212, 75,  18,  4};
		static const long t5_w[] = {1, 1, 2, 9, 18, 29, 35,
					    35, 29, 18, 9, 2, 1, 1};
		struct peg_board *b = board("T5");
		unsigned char start[15], goal[15];
		struct peg_problem p;
		struct peg_sets_opts o = {0};
		struct peg_sets *s;

		problem(b, "a1", NULL, start, goal, &p);
		o.wide = 1;
		o.raw = 1;
		s = sets_of(b, &p, &o, "T5 wide");
		if (s) {
			int ok = 1;

			for (int n = 14; n >= 1; n--)
				ok &= s->F[n].raw == (uint64_t)t5_raw[14 - n] &&
				      s->W[n].n == (size_t)t5_w[14 - n];
			CHECK(ok, "Table 1 raw F_n and W_n from the wide sets");
			peg_sets_free(s);
		}
		peg_board_free(b);
	}
	/* seed 001 section 7.2 (T4: 14), issue 3 (T5: 6,816), the T6
	 * corner complement, an unsolvable one (T5 b3, Table 5) */
	forced_count("T4", "a2", "b2", "14");
	forced_count("T5", "a1", NULL, "6816");
	forced_count("T5", "b3", NULL, "0");
	forced_count("T6", "a1", NULL, "1918789380");
	forced_count("T5", "c3", "*", "85258");
	/* seed 001 Tables 5 and 8 */
	forced_byindex("T5", "a1");
	forced_byindex("trunc-triangle:6", "a2");
	forced_file();
	forced_analyse();

	/* (b) boards of 66 to 128 holes */
	CHECK(real_boards() >= 20, "problems on real wide boards");
	wide_disk();
	wide_strand();
	/* past 128 holes: one clear error */
	{
		struct peg_board *b = board("T16");
		unsigned char *sp = malloc(136), *fp = calloc(136, 1);
		struct peg_problem p = {sp, PEG_GOAL_POSITION, fp};
		struct peg_sets *s = NULL;
		struct peg_odds od = {0};

		memset(sp, 1, 136);
		sp[0] = 0;
		fp[0] = 1;
		CHECK(peg_sets_compute(b, &p, NULL, &s, &err) < 0 && !s &&
			      strstr(err.msg, "at most 128"),
		      "T16 sets: %s", err.msg);
		CHECK(peg_odds_compute(b, sp, PEG_PLAYER_A, 0, &od, &err) ==
				      PEG_ANALYSE_EINPUT &&
			      strstr(err.msg, "at most 128"),
		      "T16 odds: %s", err.msg);
		free(sp);
		free(fp);
		peg_board_free(b);
	}
	return check_done();
}
