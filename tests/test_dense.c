/* test_dense.c - the dense ranked bitmaps of the level sets (issue 15 item
 * 1, src/lib/engines/sets_dense_impl.h) against the sort path.
 *
 * The testing switch PEGSOL_DENSE picks the path: 0 the bucket pools and
 * radix sort only, 2 the bitmaps on every level and every complement (a
 * level they cannot take is then an error, so a run that succeeds went
 * through them all), 1 the bitmaps wherever they apply (falling back
 * quietly).  Every level of F, G, W and L must come out the same code by
 * code, with the same child count:
 *   - T6 complement problems from a hole of every orbit, a T6 problem
 *     with another finish (backward sets in another class) and T6 "one
 *     peg anywhere"; the same complements in the winning-set shape of
 *     deadend and count (half, no losers); T5 complement problems from
 *     every hole;
 *   - T7 from a1 forward to 18 pegs;
 *   - the English central game forward to 20 pegs, whose sizes are seed
 *     001 Table 2's |F_n|, and its winning-set run (half, no losers:
 *     Table 2's 1,679,072 winning positions, F_16 and F_17 dropped
 *     after W_16 with their sizes kept);
 *   - the half runs' W (W_(N/2) from F_(N/2+1) alone on odd boards,
 *     W_(N-m) kept from eq. 9) against the whole runs' on T6, and with
 *     the pagoda functions found on the way (opts.prune 2) on T6 and the
 *     English central game (same W, F_17 and the children cut);
 *   - the AVX2 lanes of the children against the scalar ones
 *     (PEGSOL_DENSE_AVX2=0): T6 in the half shape, English forward;
 *   - the English board under the whole group from c1, whose images leave
 *     the start's class: strict mode must refuse it, mode 1 must fall
 *     back to the sort path and agree;
 *   - the work shared by 1 and 3 workers instead of 2 (parents in
 *     chunks taken in turn, the extraction in runs of equal cost): the
 *     English central game forward to 20 pegs, level by level, and its
 *     winning-set run, the same as with 2 workers.
 */
#include "check.h"

#include "pegsol/board.h"
#include "pegsol/sets.h"

#include <stdlib.h>
#include <string.h>

static struct peg_board *board(const char *spec)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);

	CHECK(b != NULL, "board %s: %s", spec, b ? "" : err.msg);
	return b;
}

/* The sets under PEGSOL_DENSE=mode; NULL when the engine refused. */
static struct peg_sets *sets_in(const struct peg_board *b,
				const struct peg_problem *p,
				const struct peg_sets_opts *o, const char *mode)
{
	struct peg_sets *s = NULL;
	struct peg_err err;

	setenv("PEGSOL_DENSE", mode, 1);
	if (peg_sets_compute(b, p, o, &s, &err))
		s = NULL;
	unsetenv("PEGSOL_DENSE");
	return s;
}

/* Every level of F, G, W and L (only W: the winning sets, which do not
 * depend on the shape of the run, half or whole, pruned or not), code by
 * code, and (all levels) the child count. */
static void same_levels(const struct peg_sets *a, const struct peg_sets *d,
			int only_w, const char *what)
{
	int same = 1, levels = 0;

	CHECK(a && d, "%s: both paths ran", what);
	if (!a || !d)
		return;
	for (int n = 0; n <= a->n_holes; n++) {
		const struct peg_level *x[4] = {&a->W[n], &a->F[n], &a->G[n],
						&a->L[n]};
		const struct peg_level *y[4] = {&d->W[n], &d->F[n], &d->G[n],
						&d->L[n]};

		for (int k = 0; k < (only_w ? 1 : 4); k++) {
			if (x[k]->have != y[k]->have || x[k]->n != y[k]->n) {
				same = 0;
				continue;
			}
			levels += x[k]->have;
			/* a level dropped after use (half: F_(N/2) and
			 * F_(N/2+1) once W_(N/2) is made) keeps its size */
			if (x[k]->have && x[k]->n &&
			    memcmp(x[k]->code, y[k]->code,
				   x[k]->n * sizeof(uint64_t)))
				same = 0;
		}
	}
	CHECK(same, "%s: the same levels", what);
	CHECK(levels > 0, "%s: some levels", what);
	if (!only_w)
		CHECK_INT(d->children, a->children, what);
}

static void same_sets(const struct peg_sets *a, const struct peg_sets *d,
		      const char *what)
{
	same_levels(a, d, 0, what);
}

static void same_w(const struct peg_sets *a, const struct peg_sets *d,
		   const char *what)
{
	same_levels(a, d, 1, what);
}

/* The problem: vacate the holes, finish as given (NULL: the complement,
 * "*": one peg anywhere). */
static void problem(const struct peg_board *b, const char *vacate,
		    const char *finish, unsigned char *start,
		    unsigned char *goal, struct peg_problem *p)
{
	struct peg_err err;

	memset(start, 1, (size_t)b->n_holes);
	memset(goal, 0, (size_t)b->n_holes);
	CHECK(peg_board_parse_holes(b, vacate, goal, &err) > 0, "hole %s",
	      vacate);
	for (int i = 0; i < b->n_holes; i++)
		start[i] = !goal[i];
	p->start = start;
	p->goal = PEG_GOAL_POSITION;
	p->finish = goal;
	if (finish && !strcmp(finish, "*")) {
		p->goal = PEG_GOAL_ANYWHERE;
	} else if (finish) {
		memset(goal, 0, (size_t)b->n_holes);
		CHECK(peg_board_parse_holes(b, finish, goal, &err) > 0,
		      "hole %s", finish);
	}
}

/* The bitmaps with the AVX2 lanes (the default where the CPU has them)
 * against the scalar lanes (PEGSOL_DENSE_AVX2=0), both strict. */
static void compare_lanes(const struct peg_board *b, const char *vacate,
			  const struct peg_sets_opts *o)
{
	unsigned char start[64], goal[64];
	struct peg_problem p = {0};
	struct peg_sets *a, *d;
	char what[120];

	problem(b, vacate, NULL, start, goal, &p);
	snprintf(what, sizeof(what), "%s from %s, scalar and AVX2 lanes%s",
		 b->spec, vacate, o->half ? " (half)" : "");
	setenv("PEGSOL_DENSE_AVX2", "0", 1);
	a = sets_in(b, &p, o, "2");
	unsetenv("PEGSOL_DENSE_AVX2");
	d = sets_in(b, &p, o, "2");
	same_sets(a, d, what);
	peg_sets_free(a);
	peg_sets_free(d);
}

static void compare(const struct peg_board *b, const char *vacate,
		    const char *finish, const struct peg_sets_opts *o,
		    const char *mode)
{
	unsigned char start[64], goal[64];
	struct peg_problem p = {0};
	struct peg_sets *a, *d;
	char what[120];

	problem(b, vacate, finish, start, goal, &p);
	snprintf(what, sizeof(what), "%s from %s to %s (mode %s)", b->spec,
		 vacate, finish ? finish : "complement", mode);
	a = sets_in(b, &p, o, "0");
	d = sets_in(b, &p, o, mode);
	same_sets(a, d, what);
	peg_sets_free(a);
	peg_sets_free(d);
}

/* seed 001 Table 2: |F_n| of the English central game, n = 32 .. 20 */
static const long table2_f[] = {1,     1,     2,      8,      39,
				171,   719,   2757,   9751,   31312,
				89927, 229614, 517854};

/* Is h the first hole of its orbit under the board's symmetries? */
static int orbit_first(const struct peg_board *b, int h)
{
	for (int s = 0; s < b->n_syms; s++)
		if (b->sym[s * b->n_holes + h] < h)
			return 0;
	return 1;
}

int main(void)
{
	struct peg_sets_opts o = {0};
	struct peg_board *b = board("T6");
	char hole[16];

	if (b) {
		for (int h = 0; h < b->n_holes; h++) {
			if (!orbit_first(b, h))
				continue;
			peg_board_hole_name(b, h, hole, sizeof(hole));
			compare(b, hole, NULL, &o, "2");
		}
		compare(b, "a1", "c5", &o, "2");
		/* the winning-set runs of deadend and count: F down to N/2,
		 * W by eq. 7, 9 and 8 */
		o.half = 1;
		o.no_losers = 1;
		for (int h = 0; h < b->n_holes; h++) {
			if (!orbit_first(b, h))
				continue;
			peg_board_hole_name(b, h, hole, sizeof(hole));
			compare(b, hole, NULL, &o, "2");
		}
		compare_lanes(b, "a1", &o);
		compare_lanes(b, "b2", &o);
		/* the half run on an odd board makes W_(N/2) from
		 * F_(N/2+1) alone and keeps the W_(N-m) that eq. 9 gives:
		 * the same W as the whole run (eq. 7 on every level), with
		 * the pagoda functions found on the way (opts.prune 2) or
		 * not */
		for (int h = 0; h < b->n_holes; h++) {
			unsigned char start[64], goal[64];
			struct peg_problem p = {0};
			struct peg_sets_opts w = {0};
			struct peg_sets *a, *d;
			char what[80];

			if (!orbit_first(b, h))
				continue;
			peg_board_hole_name(b, h, hole, sizeof(hole));
			problem(b, hole, NULL, start, goal, &p);
			a = sets_in(b, &p, &w, "0");
			d = sets_in(b, &p, &o, "2");
			snprintf(what, sizeof(what), "T6 %s half, whole", hole);
			same_w(a, d, what);
			peg_sets_free(d);
			o.prune = 2;
			d = sets_in(b, &p, &o, "2");
			o.prune = 0;
			snprintf(what, sizeof(what), "T6 %s half, prune 2",
				 hole);
			same_w(a, d, what);
			peg_sets_free(a);
			peg_sets_free(d);
		}
		o.half = 0;
		o.no_losers = 0;
		compare(b, "a1", "*", &o, "1");
		compare(b, "c3", "*", &o, "1");
	}
	peg_board_free(b);
	b = board("T5");
	if (b)
		for (int h = 0; h < b->n_holes; h++) {
			peg_board_hole_name(b, h, hole, sizeof(hole));
			compare(b, hole, NULL, &o, "2");
		}
	peg_board_free(b);
	b = board("T7");
	o.forward_only = 1;
	o.to = 18;
	if (b)
		compare(b, "a1", NULL, &o, "2");
	peg_board_free(b);

	b = board("english");
	if (b) {
		unsigned char start[64], goal[64];
		struct peg_problem p = {0};
		struct peg_sets *a, *d;

		/* the central game forward to 20 pegs (seed 001 Table 2) */
		o.to = 20;
		compare(b, "d4", NULL, &o, "2");
		compare_lanes(b, "d4", &o);
		problem(b, "d4", NULL, start, goal, &p);
		d = sets_in(b, &p, &o, "2");
		CHECK(d != NULL, "english d4 forward, strict dense");
		for (int n = 32; d && n >= 20; n--) {
			char what[48];

			snprintf(what, sizeof(what), "Table 2 |F_%d|", n);
			CHECK_INT(d->F[n].n, table2_f[32 - n], what);
		}
		/* other numbers of workers: the same levels and children */
		for (int k = 0; d && k < 2; k++) {
			static const int nt[] = {1, 3};
			struct peg_sets_opts t = o;
			char what[48];

			t.threads = nt[k];
			snprintf(what, sizeof(what), "english d4 forward, %d "
				 "workers", nt[k]);
			a = sets_in(b, &p, &t, "2");
			same_sets(d, a, what);
			peg_sets_free(a);
		}
		peg_sets_free(d);
		/* the winning-set run of deadend (half, no losers): Table
		 * 2's W column in all, and F_16, F_17 dropped once W_16 is
		 * made (the peak), their sizes kept */
		{
			struct peg_sets_opts h = {0};
			size_t wsum = 0;

			h.half = 1;
			h.no_losers = 1;
			d = sets_in(b, &p, &h, "1");
			CHECK(d != NULL, "english d4 half");
			for (int n = 1; d && n <= 32; n++)
				wsum += d->W[n].n;
			CHECK_INT(wsum, 1679072, "english d4 half: |W| in all");
			CHECK(d && !d->F[16].have && !d->F[17].have &&
				      d->F[16].n == 3312423 &&
				      d->F[17].n == 2598215 && d->F[18].have,
			      "english d4 half: F_16, F_17 dropped, sizes kept");
			CHECK_INT(d ? d->W[16].n : 0, 230230,
				  "english d4 half: |W_16|");
			h.threads = 3;
			a = sets_in(b, &p, &h, "1");
			same_sets(d, a, "english d4 half, 3 workers");
			peg_sets_free(a);
			h.threads = 0;
			/* with the pagoda functions found on the way (the
			 * winning-set run of peg_winsets_open): the same W,
			 * F_17 and the children cut by about half */
			h.prune = 2;
			a = sets_in(b, &p, &h, "1");
			same_w(d, a, "english d4 half, prune 2");
			CHECK(a && a->prune && a->prune->n_base >= 1 &&
				      a->prune->n_base <= 4 &&
				      a->prune->lp_calls <= 24,
			      "english d4 prune 2: 1 to 4 functions, at most "
			      "24 programs");
			CHECK(a && a->F[17].n < 2598215 * 6 / 10 &&
				      a->F[17].n > 230230,
			      "english d4 prune 2: F_17 cut by over 40 %%, "
			      "still above W_17");
			CHECK(a && d && a->children < d->children * 7 / 10,
			      "english d4 prune 2: children cut by over 30 %%");
			peg_sets_free(a);
			peg_sets_free(d);
		}
		/* the whole group from c1: images in other classes */
		o.group = PEG_GROUP_FULL;
		o.to = 24;
		problem(b, "c1", NULL, start, goal, &p);
		a = sets_in(b, &p, &o, "0");
		d = sets_in(b, &p, &o, "2");
		CHECK(a != NULL && d == NULL,
		      "english c1 full group: strict dense refuses");
		peg_sets_free(d);
		d = sets_in(b, &p, &o, "1");
		same_sets(a, d, "english c1 full group, dense falls back");
		peg_sets_free(a);
		peg_sets_free(d);
	}
	peg_board_free(b);
	return check_done();
}
