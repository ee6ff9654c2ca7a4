/* test_shortest.c - fewest-move solutions and catalogs against seed 000
 * Table 4 and the seed 003 solution catalogs. */
#include "check.h"
#include "testboard.h"

#include "pegsol/pos.h"
#include "pegsol/shortest.h"
#include "pegsol/solution.h"

#include <stdlib.h>
#include <string.h>

static uint64_t vacancy(const struct peg_board *b, int h)
{
	return ((1ULL << b->n_holes) - 1) ^ (1ULL << h);
}

/* Replay a solution from the vacancy; it must use `moves` moves and end
 * with one peg at finish. */
static void check_solution(const struct peg_board *b, int start, int finish,
			   const struct peg_jump *j, int n, int moves)
{
	unsigned char pegs[64];
	struct peg_err err;

	memset(pegs, 1, (size_t)b->n_holes);
	pegs[start] = 0;
	CHECK(!peg_jumps_replay(b, j, n, pegs, &err), "solution replays");
	CHECK(peg_pos_count(pegs, b->n_holes) == 1 && pegs[finish],
	      "solution ends with one peg at the finish");
	CHECK_INT(peg_jumps_count_moves(j, n), moves, "moves of the solution");
}

/* S(n): the least over every start, finish anywhere. */
static int S_of(const char *spec)
{
	struct peg_board *b = board(spec);
	struct peg_shortest_opts o = {0};
	int best = -1;

	for (int h = 0; h < b->n_holes; h++) {
		struct peg_shortest_result r;
		struct peg_err err;

		if (peg_board_hole_orbit_min(b, h) != h)
			continue;
		o.max_moves = best > 0 ? best - 1 : 0;
		CHECK_INT(peg_shortest(b, vacancy(b, h), -1, &o, &r, &err),
			  PEG_SHORTEST_OK, "shortest runs");
		if (r.solved) {
			check_solution(b, h, r.finish, r.jumps, r.n_jumps,
				       r.moves);
			best = r.moves;
		}
		peg_shortest_result_release(&r);
	}
	peg_board_free(b);
	return best;
}

static void test_S(void)
{
	/* seed 000 Table 4 (A127500): S(4..7) = 5, 9, 9, 12 */
	CHECK_INT(S_of("T4"), 5, "S(4) (seed 000 Table 4)");
	CHECK_INT(S_of("T5"), 9, "S(5) (seed 000 Table 4)");
	CHECK_INT(S_of("T6"), 9, "S(6) (seed 000 Table 4)");
	/* about 2 s: T7 is the largest S(n) kept in the tests */
	CHECK_INT(S_of("T7"), 12, "S(7) (seed 000 Table 4)");
}

static void test_single(void)
{
	struct peg_board *b = board("T5");
	struct peg_shortest_result r;
	struct peg_err err;

	/* seed 003: vacate b3 -> finish a1 is impossible (SAX count) */
	CHECK_INT(peg_shortest(b, vacancy(b, hole(b, "b3")), hole(b, "a1"),
			       NULL, &r, &err),
		  PEG_SHORTEST_OK, "runs");
	CHECK(!r.solved, "T5 b3 -> a1 unsolvable (seed 003 slack table)");
	peg_shortest_result_release(&r);
	/* seed 000 App. B.2 and seed 003: the c5-complement in 9 moves
	 * (c5's class is a3's: S(5) = 9 is reached there) */
	CHECK_INT(peg_shortest(b, vacancy(b, hole(b, "c5")), hole(b, "c5"),
			       NULL, &r, &err),
		  PEG_SHORTEST_OK, "runs");
	CHECK(r.solved && r.moves == 9, "T5 c5-complement in 9 moves");
	if (r.solved)
		check_solution(b, hole(b, "c5"), hole(b, "c5"), r.jumps,
			       r.n_jumps, 9);
	peg_shortest_result_release(&r);
	/* the Merson bound of seed 000 (2) on T6 is r - 1 = 8 with r = 9 */
	CHECK_INT(peg_shortest_bound(b, vacancy(b, hole(b, "a1")), -1) <= 9,
		  1, "bound admissible on T5");
	peg_board_free(b);
	b = board("T6");
	CHECK_INT(peg_shortest_bound(b, vacancy(b, hole(b, "a2")), -1), 8,
		  "T6 Merson bound r - 1 (seed 000 Table 4)");
	peg_board_free(b);
}

static const struct peg_catalog_entry *
find(const struct peg_board *b, const struct peg_catalog *c, const char *s,
     const char *f)
{
	int hs = hole(b, s), hf = hole(b, f);

	for (int i = 0; i < c->n; i++)
		if (c->e[i].start == hs && c->e[i].finish == hf)
			return &c->e[i];
	return NULL;
}

static void catalog(const char *spec, int n, int lo, int hi,
		    struct peg_board **bp, struct peg_catalog *c)
{
	struct peg_board *b = board(spec);
	struct peg_err err;

	CHECK_INT(peg_catalog_build(b, NULL, c, &err), PEG_SHORTEST_OK,
		  "catalog builds");
	CHECK_INT(c->n, n, "catalog problems (seed 003 Solution Catalogs)");
	CHECK_INT(c->min_moves, lo, "catalog shortest");
	CHECK_INT(c->max_moves, hi, "catalog longest");
	for (int i = 0; i < c->n; i++)
		check_solution(b, c->e[i].start, c->e[i].finish, c->e[i].jumps,
			       c->e[i].n_jumps, c->e[i].moves);
	*bp = b;
}

static void test_catalogs(void)
{
	struct peg_board *b;
	struct peg_catalog c;
	/* seed 003, Truncated Triangle(5) table, in Triangle(5) names (the
	 * board keeps them); "a4 or d4" from c5 and b3 is a4 */
	static const struct {
		const char *s, *f;
		int moves;
	} trunc[] = {{"a4", "a4", 7}, {"a4", "b3", 7}, {"a4", "c5", 8},
		     {"a4", "d4", 7}, {"c5", "c5", 8}, {"c5", "a4", 7},
		     {"c5", "b3", 8}, {"b3", "b3", 8}, {"b3", "a4", 6},
		     {"b3", "c5", 7}};

	/* seed 003: Star(2) 6 problems, all in 7 moves */
	catalog("star:2", 6, 7, 7, &b, &c);
	peg_catalog_release(&c);
	peg_board_free(b);
	/* seed 003: Triangle(5) 12 problems, 9 to 11 moves; the slack table
	 * lists 5 impossible pairs */
	catalog("T5", 12, 9, 11, &b, &c);
	CHECK_INT(c.n_unsolvable, 5, "T5 impossible pairs (seed 003)");
	peg_catalog_release(&c);
	peg_board_free(b);
	/* seed 003: Truncated Triangle(5), 10 problems, 6 to 8 moves */
	catalog("trunc-triangle:5", 10, 6, 8, &b, &c);
	for (size_t i = 0; i < sizeof(trunc) / sizeof(trunc[0]); i++) {
		const struct peg_catalog_entry *x;
		struct peg_shortest_result r;
		struct peg_err err;

		/* the catalog lists one representative per problem; ask the
		 * search for the problem exactly as the seed states it */
		CHECK_INT(peg_shortest(b, vacancy(b, hole(b, trunc[i].s)),
				       hole(b, trunc[i].f), NULL, &r, &err),
			  PEG_SHORTEST_OK, "runs");
		CHECK(r.solved && r.moves == trunc[i].moves,
		      "trunc-triangle:5 vacate %s finish %s: %d moves, want %d "
		      "(seed 003 table)",
		      trunc[i].s, trunc[i].f, r.moves, trunc[i].moves);
		if (r.solved)
			check_solution(b, hole(b, trunc[i].s),
				       hole(b, trunc[i].f), r.jumps, r.n_jumps,
				       r.moves);
		peg_shortest_result_release(&r);
		x = find(b, &c, trunc[i].s, trunc[i].f);
		if (x)
			CHECK_INT(x->moves, trunc[i].moves,
				  "catalog entry (seed 003 table)");
	}
	peg_catalog_release(&c);
	peg_board_free(b);
	/* seed 003: Triangle(6) 29 problems, 9 to 11 moves */
	catalog("T6", 29, 9, 11, &b, &c);
	CHECK_INT(c.n_unsolvable, 0, "T6: every feasible pair solvable");
	{
		/* one thread: the same nodes and the same table (layers of
		 * T6 are large enough to be split between two workers) */
		struct peg_shortest_opts o = {0};
		struct peg_catalog c1;
		struct peg_err err;
		int same = 1;

		o.threads = 1;
		CHECK_INT(peg_catalog_build(b, &o, &c1, &err), PEG_SHORTEST_OK,
			  "one-thread catalog builds");
		CHECK(c1.nodes == c.nodes && c1.n == c.n,
		      "node count independent of threads");
		for (int i = 0; i < c.n && i < c1.n; i++)
			same &= c1.e[i].moves == c.e[i].moves &&
				c1.e[i].n_jumps == c.e[i].n_jumps &&
				!memcmp(c1.e[i].jumps, c.e[i].jumps,
					(size_t)c.e[i].n_jumps *
						sizeof(struct peg_jump));
		CHECK(same, "solutions independent of threads");
		peg_catalog_release(&c1);
	}
	peg_catalog_release(&c);
	peg_board_free(b);
}

/* seed 003 "Longest sweeps": Triangle(5) 5, only in the c5-complement;
 * Triangle(6) a 9-loop (seed 003 lists it for vacate c5, finish a1 or
 * a4: two problems up to symmetry). */
static void test_sweep(void)
{
	struct peg_board *b = board("T5");
	struct peg_sweep_result r;
	struct peg_err err;
	int c5;

	CHECK_INT(peg_sweep_longest(b, NULL, &r, &err), PEG_SHORTEST_OK,
		  "sweep T5");
	CHECK_INT(r.length, 5, "T5 longest sweep (seed 003)");
	CHECK_INT(r.n_problems, 1, "T5: one problem has it (seed 003)");
	c5 = hole(b, "c5");
	if (r.n_problems == 1)
		CHECK(peg_board_hole_orbit_min(b, r.start[0]) ==
			      peg_board_hole_orbit_min(b, c5) &&
		      r.start[0] == r.finish[0],
		      "T5: the c5-complement (seed 003)");
	if (r.length)
		check_solution(b, r.start_hole, r.finish_hole, r.jumps,
			       r.n_jumps, peg_jumps_count_moves(r.jumps,
								r.n_jumps));
	peg_sweep_result_release(&r);
	peg_board_free(b);
	b = board("T6");
	CHECK_INT(peg_sweep_longest(b, NULL, &r, &err), PEG_SHORTEST_OK,
		  "sweep T6");
	CHECK_INT(r.length, 9, "T6 longest sweep, the 9-loop (seed 003)");
	CHECK_INT(r.n_problems, 2, "T6: vacate c5, finish a1 or a4 (seed 003)");
	for (int i = 0; i < r.n_problems; i++)
		CHECK(peg_board_hole_orbit_min(b, r.start[i]) ==
			      peg_board_hole_orbit_min(b, hole(b, "c5")),
		      "T6 9-loop problems start at c5's class (seed 003)");
	if (r.length) {
		CHECK(r.jumps[r.sweep_first].from ==
			      r.jumps[r.sweep_first + 8].to,
		      "the 9-sweep is a loop");
		check_solution(b, r.start_hole, r.finish_hole, r.jumps,
			       r.n_jumps, peg_jumps_count_moves(r.jumps,
								r.n_jumps));
	}
	peg_sweep_result_release(&r);
	peg_board_free(b);
	/* by construction: the same 5 and 9 on T5 and T6, and seed 003's
	 * 18-loop on Triangle(8) ("vacate c5, finish at a1 with the last move
	 * an 18-loop" is one of its three problems) */
	{
		static const struct {
			const char *spec;
			int len;
		} con[] = {{"T5", 5}, {"T6", 9}, {"T8", 18}};

		for (int i = 0; i < 3; i++) {
			b = board(con[i].spec);
			CHECK_INT(peg_sweep_construct(b, NULL, &r, &err),
				  PEG_SHORTEST_OK, "sweep construct");
			CHECK(r.length == con[i].len,
			      "%s longest sweep by construction: %d, want %d "
			      "(seed 003)",
			      con[i].spec, r.length, con[i].len);
			if (r.length)
				check_solution(
					b, r.start_hole, r.finish_hole, r.jumps,
					r.n_jumps,
					peg_jumps_count_moves(r.jumps,
							      r.n_jumps));
			if (r.length == 18)
				CHECK(r.jumps[r.sweep_first].from ==
					      r.jumps[r.sweep_first + 17].to,
				      "the T8 18-sweep is a loop (seed 003)");
			peg_sweep_result_release(&r);
			peg_board_free(b);
		}
	}
}

/* seed 003, Triangle(8): "no 12-move solution exists" (every start, any
 * finish; the Merson bound is tight there, so this takes well under a
 * second), and Flower(25): "the central game is solvable in a minimum of
 * 11 moves". */
static void test_larger(void)
{
	struct peg_board *b = board("T8");
	struct peg_shortest_opts o = {0};
	struct peg_shortest_result r;
	struct peg_err err;
	int starts = 0;

	o.max_moves = 12;
	for (int h = 0; h < b->n_holes; h++) {
		if (peg_board_hole_orbit_min(b, h) != h)
			continue;
		starts++;
		CHECK_INT(peg_shortest(b, vacancy(b, h), -1, &o, &r, &err),
			  PEG_SHORTEST_OK, "T8 bounded search runs");
		CHECK(!r.solved && r.capped,
		      "T8: no 12-move solution from hole %d (seed 003)", h);
		peg_shortest_result_release(&r);
	}
	CHECK_INT(starts, 8, "T8 start classes");
	peg_board_free(b);
	b = board("flower:25");
	CHECK_INT(peg_shortest(b, vacancy(b, hole(b, "d4")), hole(b, "d4"),
			       NULL, &r, &err),
		  PEG_SHORTEST_OK, "flower:25 runs");
	CHECK(r.solved && r.moves == 11,
	      "Flower(25) central game in 11 moves (seed 003)");
	if (r.solved)
		check_solution(b, hole(b, "d4"), hole(b, "d4"), r.jumps,
			       r.n_jumps, 11);
	peg_shortest_result_release(&r);
	peg_board_free(b);
}

/* The depth-first completion (a tiny breadth-first table) must give the
 * same minimum for every problem as the breadth-first search: seed 003's
 * catalogs of Triangle(5), Truncated Triangle(5) and Triangle(6), with one
 * and two threads and with a depth-first table small enough to lose
 * entries all the time; every solution replayed. */
static void dfs_same(const char *spec, int n, int lo, int hi,
		     const struct peg_shortest_opts *o)
{
	struct peg_board *b;
	struct peg_catalog c, d;
	struct peg_err err;
	int same = 1;

	catalog(spec, n, lo, hi, &b, &c);
	CHECK(peg_catalog_build(b, o, &d, &err) == PEG_SHORTEST_OK,
	      "%s catalog with a %llu-state table builds", spec,
	      (unsigned long long)o->max_states);
	CHECK(d.dfs_bounds > 0, "%s: bounds finished depth first (%d)", spec,
	      d.dfs_bounds);
	CHECK(d.n == c.n, "%s: same problems depth first (%d, %d)", spec, d.n,
	      c.n);
	for (int i = 0; i < c.n && i < d.n; i++) {
		same &= c.e[i].start == d.e[i].start &&
			c.e[i].finish == d.e[i].finish &&
			c.e[i].moves == d.e[i].moves;
		check_solution(b, d.e[i].start, d.e[i].finish, d.e[i].jumps,
			       d.e[i].n_jumps, d.e[i].moves);
	}
	CHECK(same, "%s: the same minimum for every problem depth first",
	      spec);
	CHECK(d.n_unsolvable == c.n_unsolvable, "%s: same unsolvable pairs",
	      spec);
	peg_catalog_release(&c);
	peg_catalog_release(&d);
	peg_board_free(b);
}

static void test_dfs(void)
{
	struct peg_shortest_opts o = {0};
	struct peg_shortest_result r;
	struct peg_board *b;
	struct peg_err err;

	o.max_states = 40;
	dfs_same("T5", 12, 9, 11, &o);
	dfs_same("trunc-triangle:5", 10, 6, 8, &o);
	o.max_states = 300;
	dfs_same("T6", 29, 9, 11, &o);
	o.threads = 1;
	o.dfs_slots = 64; /* eight buckets: entries lost all the time */
	dfs_same("T6", 29, 9, 11, &o);
	/* S(7) = 12 (seed 000 Table 4) from its start a2, depth first */
	b = board("T7");
	o.threads = 2;
	o.dfs_slots = 0;
	o.max_states = 2000;
	CHECK_INT(peg_shortest(b, vacancy(b, hole(b, "a2")), -1, &o, &r,
			       &err),
		  PEG_SHORTEST_OK, "T7 a2 depth first runs");
	CHECK(r.solved && r.moves == 12 && r.dfs_bounds > 0,
	      "T7 vacate a2: 12 moves depth first (seed 000 Table 4)");
	if (r.solved)
		check_solution(b, hole(b, "a2"), r.finish, r.jumps, r.n_jumps,
			       12);
	peg_shortest_result_release(&r);
	/* without the completion, or past its node budget: out of
	 * resources, never a wrong answer */
	o.no_dfs = 1;
	CHECK_INT(peg_shortest(b, vacancy(b, hole(b, "a2")), -1, &o, &r,
			       &err),
		  PEG_SHORTEST_RESOURCES, "no depth-first completion: cap");
	peg_shortest_result_release(&r);
	o.no_dfs = 0;
	o.dfs_budget = 5000;
	CHECK_INT(peg_shortest(b, vacancy(b, hole(b, "a2")), -1, &o, &r,
			       &err),
		  PEG_SHORTEST_RESOURCES, "depth-first node budget");
	peg_shortest_result_release(&r);
	peg_board_free(b);
}

int main(void)
{
	test_dfs();
	test_larger();
	test_S();
	test_sweep();
	test_single();
	test_catalogs();
	return check_done();
}
