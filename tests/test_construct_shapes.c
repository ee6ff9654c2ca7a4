/* test_construct_shapes.c - the constructive solver on Rhombus(n) and
 * Hexagon(n) (construct.h, docs/construct.md "Rhombus and hexagon
 * boards"; seed 000 section 5 (Conclusions) says the extension technique applies to
 * them).  Every solution is replayed on the real board (peg_board_parse,
 * peg_jumps_replay) and must end with one peg; every refusal must be one
 * the exhaustive solver agrees with on the small boards. */
#include "check.h"

#include "pegsol/board.h"
#include "pegsol/construct.h"
#include "pegsol/problem.h"
#include "pegsol/solution.h"
#include "pegsol/solve.h"

#include "construct_shapes.h" /* the generated corner purges */

#include <stdlib.h>

/* Replay each corner purge of construct_shapes_data.c alone on a 12x12
 * grid of the chain frame (shifted by 3): region full, catalyst in its
 * state, every other hole `rest`; at the end the region must be empty and
 * everything else as before. */
static void check_corners(int rest)
{
	CHECK_INT(pegcs_n_corners, 24, "corner purges");
	for (int i = 0; i < pegcs_n_corners; i++) {
		const struct peg_purge *p = &pegcs_corners[i];
		unsigned char g[12][12], want[12][12];
		int ok = 1;

		memset(g, rest, sizeof(g));
		for (int k = 0; k < p->n_region; k++)
			g[p->region[k].y + 3][p->region[k].x + 3] = 1;
		for (int k = 0; k < p->n_cat; k++)
			g[p->cat[k].y + 3][p->cat[k].x + 3] =
				(unsigned char)(p->cat_state[k] == '1');
		memcpy(want, g, sizeof(g));
		for (int k = 0; k < p->n_region; k++)
			want[p->region[k].y + 3][p->region[k].x + 3] = 0;
		for (int t = 0; t < p->n_jumps && ok; t++) {
			const struct peg_purge_jump *j = &p->jumps[t];
			int dx = j->tx - j->fx, dy = j->ty - j->fy;
			int fx = j->fx + 3, fy = j->fy + 3, tx = j->tx + 3,
			    ty = j->ty + 3, ox = (fx + tx) / 2, oy = (fy + ty) / 2;

			ok = (dx == 0 || dy == 0 || dx == dy) && dx % 2 == 0 &&
			     dy % 2 == 0 && (dx || dy) && dx >= -2 && dx <= 2 &&
			     dy >= -2 && dy <= 2 && g[fy][fx] && g[oy][ox] &&
			     !g[ty][tx];
			g[fy][fx] = g[oy][ox] = 0;
			g[ty][tx] = 1;
		}
		CHECK(ok && !memcmp(g, want, sizeof(g)),
		      "corner purge %s (rest %d)", p->name, rest);
	}
}

struct collect {
	struct peg_jump *j;
	long n, cap;
};

static int collect_cb(const struct peg_jump *j, void *ctx)
{
	struct collect *k = ctx;

	if (k->n == k->cap)
		return 3;
	k->j[k->n++] = *j;
	return 0;
}

static const char *title(enum peg_construct_shape s)
{
	return s == PEG_SHAPE_RHOMBUS ? "rhombus" : "hexagon";
}

/* Construct from (x, y); replay on the board b when given.  Returns the
 * plan status; *left the pegs left after the replay. */
static int one(enum peg_construct_shape s, int n, int x, int y,
	       const struct peg_board *b, int *left)
{
	struct peg_construct_shape_plan *c;
	struct peg_err err;
	struct collect k = {0};
	long holes = peg_construct_shape_holes(s, n);
	int rc = peg_construct_shape_plan(s, n, x, y, &c, &err);

	*left = -1;
	if (rc)
		return rc;
	k.cap = holes;
	k.j = malloc((size_t)holes * sizeof(*k.j));
	rc = peg_construct_shape_run(c, collect_cb, &k, &err);
	CHECK(rc == 0, "%s:%d (%d,%d): run: %s", title(s), n, x, y,
	      rc ? err.msg : "");
	CHECK_INT(k.n, holes - 2, "jumps");
	if (!rc && b) {
		unsigned char *pegs = malloc((size_t)b->n_holes);
		long v = peg_construct_shape_index(s, n, x, y);
		struct peg_construct_shape_info in;

		memset(pegs, 1, (size_t)b->n_holes);
		pegs[v] = 0;
		CHECK(peg_jumps_replay(b, k.j, (int)k.n, pegs, &err) == 0,
		      "%s:%d (%d,%d): replay: %s", title(s), n, x, y, err.msg);
		*left = 0;
		for (int i = 0; i < b->n_holes; i++)
			*left += pegs[i];
		peg_construct_shape_get_info(c, &in);
		CHECK(pegs[peg_construct_shape_index(s, n, in.fx, in.fy)] == 1,
		      "finish hole");
		free(pegs);
	} else if (!rc) {
		*left = 1;
	}
	free(k.j);
	peg_construct_shape_free(c);
	return 0;
}

/* The feasible vacancies for n >= 4 (docs/construct.md): all on the
 * null-class boards (Rhombus(3k), Hexagon(3k+2)), else those with
 * x + y != c (mod 3), c = n - 1 on a rhombus and 1 - n on a hexagon (so
 * never the centre of a hexagon, seed 003). */
static int feasible(enum peg_construct_shape s, int n, int x, int y)
{
	int c = s == PEG_SHAPE_RHOMBUS ? (n + 2) % 3 : (4 - n % 3) % 3;

	if (n % 3 == (s == PEG_SHAPE_RHOMBUS ? 0 : 2))
		return 1;
	return (x + y) % 3 != c;
}

/* Every stride-th vacancy of the board (and the last): solved and
 * replayed, or refused; on boards of up to 128 holes a refusal must be
 * one peg_solve refuses too (by position class, or by exhaustive search
 * on the boards of up to 64 holes). */
static void some_vacancies(enum peg_construct_shape s, int n, int stride,
			   int *n_ok, int *n_no)
{
	char spec[32];
	struct peg_err err;
	struct peg_board *b;

	snprintf(spec, sizeof(spec), "%s:%d", title(s), n);
	b = peg_board_parse(spec, &err);
	CHECK(b != NULL, "parse %s", spec);
	if (!b)
		return;
	CHECK_INT(b->n_holes, peg_construct_shape_holes(s, n), "holes");
	*n_ok = *n_no = 0;
	for (int i = 0; i < b->n_holes; i++) {
		int x, y, left, rc;

		/* a stride that is a multiple of 3 would meet one residue
		 * of x + y only */
		if (stride % 3 == 0)
			stride++;
		if (i % stride && i != b->n_holes - 1)
			continue;
		peg_construct_shape_xy(s, n, i, &x, &y);
		CHECK_INT(peg_construct_shape_index(s, n, x, y), i, "index");
		CHECK_INT(x + b->name_x0, b->hx[i] + b->name_x0, "hole x");
		CHECK_INT(y, b->hy[i], "hole y");
		rc = one(s, n, x, y, b, &left);
		if (n >= 4)
			CHECK((rc == 0) == feasible(s, n, x, y),
			      "%s (%d,%d): rule of docs/construct.md", spec, x,
			      y);
		if (rc == 0) {
			CHECK_INT(left, 1, "pegs left");
			(*n_ok)++;
		} else {
			CHECK_INT(rc, PEG_CONSTRUCT_NO, "refusal status");
			(*n_no)++;
			if (b->n_holes <= 128) {
				unsigned char *st = malloc((size_t)b->n_holes);
				struct peg_problem pr = {st, PEG_GOAL_ANYWHERE,
							 NULL};
				struct peg_solve_result res;
				struct peg_solve_opts o = {
					0, b->n_holes <= 64 ? 0 : 1};

				memset(st, 1, (size_t)b->n_holes);
				st[i] = 0;
				memset(&res, 0, sizeof(res));
				peg_solve(b, &pr, &o, &res, &err);
				CHECK(res.status == PEG_SOLVE_NONE,
				      "%s (%d,%d) refused but solvable", spec, x,
				      y);
				peg_solve_result_release(&res);
				free(st);
			}
		}
	}
	peg_board_free(b);
}

static void every_vacancy(enum peg_construct_shape s, int n, int *n_ok,
			  int *n_no)
{
	some_vacancies(s, n, 1, n_ok, n_no);
}

int main(int argc, char **argv)
{
	int ok, no;

	/* test_construct_shapes rhombus|hexagon N: one board, counts */
	if (argc == 3) {
		enum peg_construct_shape s = argv[1][0] == 'h'
						     ? PEG_SHAPE_HEXAGON
						     : PEG_SHAPE_RHOMBUS;

		every_vacancy(s, atoi(argv[2]), &ok, &no);
		printf("%s:%s solved %d refused %d\n", argv[1], argv[2], ok,
		       no);
		return check_done();
	}

	/* whole boards: the number solved (Rhombus(1-3), Hexagon(1-3):
	 * none, exhaustive search; Hexagon(3) as seed 003 says; Hexagon(5):
	 * every vacancy, seed 003 "all SVSS problems on this board are
	 * solvable"); every refusal checked against peg_solve */
	static const struct {
		enum peg_construct_shape s;
		int n, solved;
	} whole[] = {{PEG_SHAPE_RHOMBUS, 1, 0},	 {PEG_SHAPE_RHOMBUS, 2, 0},
		     {PEG_SHAPE_RHOMBUS, 3, 0},	 {PEG_SHAPE_RHOMBUS, 4, 10},
		     {PEG_SHAPE_RHOMBUS, 5, 16}, {PEG_SHAPE_RHOMBUS, 7, 32},
		     {PEG_SHAPE_RHOMBUS, 8, 42}, {PEG_SHAPE_HEXAGON, 1, 0},
		     {PEG_SHAPE_HEXAGON, 2, 0},	 {PEG_SHAPE_HEXAGON, 3, 0},
		     {PEG_SHAPE_HEXAGON, 4, 24}, {PEG_SHAPE_HEXAGON, 5, 61},
		     {PEG_SHAPE_HEXAGON, 7, 84}};
	/* samples to side 40 (Rhombus(6) every 5th hole); the null-class
	 * sizes, Rhombus(3k) and Hexagon(3k+2), refuse none */
	static const struct {
		enum peg_construct_shape s;
		int n;
	} some[] = {{PEG_SHAPE_RHOMBUS, 6},  {PEG_SHAPE_RHOMBUS, 9},
		    {PEG_SHAPE_RHOMBUS, 10}, {PEG_SHAPE_RHOMBUS, 11},
		    {PEG_SHAPE_RHOMBUS, 12}, {PEG_SHAPE_RHOMBUS, 16},
		    {PEG_SHAPE_RHOMBUS, 23}, {PEG_SHAPE_RHOMBUS, 31},
		    {PEG_SHAPE_RHOMBUS, 40}, {PEG_SHAPE_HEXAGON, 6},
		    {PEG_SHAPE_HEXAGON, 8},  {PEG_SHAPE_HEXAGON, 9},
		    {PEG_SHAPE_HEXAGON, 10}, {PEG_SHAPE_HEXAGON, 11},
		    {PEG_SHAPE_HEXAGON, 14}, {PEG_SHAPE_HEXAGON, 20},
		    {PEG_SHAPE_HEXAGON, 29}, {PEG_SHAPE_HEXAGON, 40}};

	check_corners(0);
	check_corners(1);
	for (size_t i = 0; i < sizeof(whole) / sizeof(whole[0]); i++) {
		every_vacancy(whole[i].s, whole[i].n, &ok, &no);
		CHECK(ok == whole[i].solved, "%s:%d solved %d, want %d",
		      title(whole[i].s), whole[i].n, ok, whole[i].solved);
	}
	for (size_t i = 0; i < sizeof(some) / sizeof(some[0]); i++) {
		enum peg_construct_shape s = some[i].s;
		int n = some[i].n;
		long holes = peg_construct_shape_holes(s, n);

		some_vacancies(s, n, n == 6 ? 5 : (int)(holes / 10) + 1, &ok,
			       &no);
		CHECK(ok >= 4, "%s:%d solved %d", title(s), n, ok);
		if (n % 3 == (s == PEG_SHAPE_RHOMBUS ? 0 : 2))
			CHECK_INT(no, 0, "null-class refusals");
	}
	return check_done();
}
