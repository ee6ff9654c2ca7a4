/* test_shortest_wide.c - the move-level engines on both code widths
 * (issue 13, item 1: shortest, catalog, sweep and games on boards of up
 * to 128 holes).
 *
 * (a) Boards of 66 to 121 holes (T11 to T15, hexagon:6, star:5 and a
 *     square-lattice rect:9x9): positions of 6 to 10 pegs made by reverse
 *     jumps from one peg (a fixed-seed generator), solved by
 *     peg_shortest_pos (128-bit codes) for three goals each - anywhere,
 *     the hole the reverse jumps started from, another hole - and checked
 *     against a brute force written here: breadth first over moves with
 *     the byte-array move generator (peg_movelist_gen) and a plain hash
 *     set of byte arrays, no codes, no symmetry, no bound.  The same
 *     problems with a tiny state cap finish depth first (the 128-bit
 *     depth-first table) and must agree too.  Game counts of small
 *     positions on T12 against a plain recursion over every move.
 * (b) The testing switch PEGSOL_WIDE=1 runs the 128-bit bodies on boards
 *     of up to 64 holes, where the one-word path is the reference (and
 *     the two move generators are compared move by move): the
 *     same random problems on T8, english and hexagon:5 (61 holes) and
 *     the seed 000 single-vacancy problems of T6, whole catalogs (T5,
 *     trunc-triangle:5, T6: seed 003's 12, 10 and 29 problems), the T6
 *     catalog finished depth first under a 300-state cap, sweeps (T5 by
 *     enumeration, T6 and T7 by construction: seed 003's 5, 9 and
 *     >= 11, docs/shortest.md's 12), game counts (T5,
 *     seed 002: 360,076 games).  Minimums, solutions, node counts and
 *     positions must be identical on both widths.
 */
#include "check.h"

#include "pegsol/moves.h"
#include "pegsol/pos.h"
#include "pegsol/shortest.h"
#include "pegsol/solution.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static struct peg_board *board(const char *spec)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);

	CHECK(b != NULL, "board %s: %s", spec, b ? "" : err.msg);
	return b;
}

static void wide(int on)
{
	if (on)
		setenv("PEGSOL_WIDE", "1", 1);
	else
		unsetenv("PEGSOL_WIDE");
}

/* ---- positions by reverse jumps ------------------------------------ */

static uint64_t rng = 0x2545f4914f6cdd1dULL;

static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

/* One peg at a random hole (returned), then reverse jumps (a peg at `to`
 * goes back to `from`, putting a peg on `over`) until n pegs or none is
 * possible.  Every position made is solvable to that hole. */
static int make_pos(const struct peg_board *b, unsigned char *pegs, int n)
{
	int h = (int)rnd((unsigned)b->n_holes), count = 1;
	int *cand = malloc((size_t)b->n_jumps * sizeof(int));

	memset(pegs, 0, (size_t)b->n_holes);
	pegs[h] = 1;
	while (count < n) {
		int nc = 0;

		for (int k = 0; k < b->n_jumps; k++) {
			const struct peg_jump *j = &b->jumps[k];

			if (pegs[j->to] && !pegs[j->over] && !pegs[j->from])
				cand[nc++] = k;
		}
		if (!nc)
			break;
		{
			const struct peg_jump *j = &b->jumps[cand[rnd(
				(unsigned)nc)]];

			pegs[j->to] = 0;
			pegs[j->over] = 1;
			pegs[j->from] = 1;
			count++;
		}
	}
	free(cand);
	return h;
}

/* ---- the brute force ----------------------------------------------- */

/* A set of byte arrays of n bytes: open addressing, grown at half. */
struct bset {
	int n;
	size_t cap, used;
	unsigned char *slot; /* cap * (n + 1) bytes, byte 0 = used */
};

static uint64_t bhash(const unsigned char *p, int n)
{
	uint64_t h = 1469598103934665603ULL;

	for (int i = 0; i < n; i++)
		h = (h ^ p[i]) * 1099511628211ULL;
	return h ^ h >> 29;
}

static void bset_init(struct bset *s, int n)
{
	s->n = n;
	s->cap = 1024;
	s->used = 0;
	s->slot = calloc(s->cap, (size_t)n + 1);
}

/* 1 added, 0 there already. */
static int bset_add(struct bset *s, const unsigned char *p)
{
	size_t w = (size_t)s->n + 1, i;

	if (2 * (s->used + 1) > s->cap) {
		struct bset t;

		t.n = s->n;
		t.cap = 2 * s->cap;
		t.used = 0;
		t.slot = calloc(t.cap, w);
		for (size_t k = 0; k < s->cap; k++)
			if (s->slot[k * w])
				bset_add(&t, s->slot + k * w + 1);
		free(s->slot);
		*s = t;
	}
	i = bhash(p, s->n) & (s->cap - 1);
	while (s->slot[i * w]) {
		if (!memcmp(s->slot + i * w + 1, p, (size_t)s->n))
			return 0;
		i = (i + 1) & (s->cap - 1);
	}
	s->slot[i * w] = 1;
	memcpy(s->slot + i * w + 1, p, (size_t)s->n);
	s->used++;
	return 1;
}

/* Fewest moves from pegs to one peg at finish (anywhere when < 0), -1
 * when none: breadth first over every move of peg_movelist_gen. */
static int brute_moves(const struct peg_board *b, const unsigned char *pegs,
		       int finish)
{
	int n = b->n_holes, depth = 0, found = -1;
	size_t ncur = 1, nnext = 0, capn = 64;
	unsigned char *cur = malloc((size_t)n), *next = malloc(capn * n);
	unsigned char *q = malloc((size_t)n);
	struct bset seen;
	struct peg_movelist ml;
	struct peg_err err;

	if (peg_pos_count(pegs, n) == 1)
		found = finish < 0 || pegs[finish] ? 0 : -1;
	bset_init(&seen, n);
	peg_movelist_init(&ml);
	memcpy(cur, pegs, (size_t)n);
	bset_add(&seen, pegs);
	while (found < 0 && ncur) {
		nnext = 0;
		for (size_t s = 0; s < ncur && found < 0; s++) {
			const unsigned char *p = cur + s * n;
			int nm = peg_movelist_gen(b, p, &ml, &err);

			for (int m = 0; m < nm && found < 0; m++) {
				memcpy(q, p, (size_t)n);
				for (int i = ml.first[m]; i < ml.first[m + 1];
				     i++)
					peg_jump_apply(q, &b->jumps[ml.jump[i]]);
				if (peg_pos_count(q, n) == 1) {
					if (finish < 0 || q[finish])
						found = depth + 1;
					continue;
				}
				if (!bset_add(&seen, q))
					continue;
				if (nnext == capn) {
					capn *= 2;
					next = realloc(next, capn * n);
				}
				memcpy(next + nnext++ * n, q, (size_t)n);
			}
		}
		free(cur);
		cur = next;
		ncur = nnext;
		capn = nnext > 64 ? nnext : 64;
		next = malloc(capn * n);
		depth++;
	}
	peg_movelist_release(&ml);
	free(seen.slot);
	free(cur);
	free(next);
	free(q);
	return found;
}

/* Every game (move sequence to one peg) from pegs, by recursion. */
static uint64_t brute_games(const struct peg_board *b, unsigned char *pegs)
{
	struct peg_movelist ml;
	struct peg_err err;
	uint64_t total = 0;
	unsigned char *q = malloc((size_t)b->n_holes);
	int nm;

	if (peg_pos_count(pegs, b->n_holes) == 1) {
		free(q);
		return 1;
	}
	peg_movelist_init(&ml);
	nm = peg_movelist_gen(b, pegs, &ml, &err);
	for (int m = 0; m < nm; m++) {
		memcpy(q, pegs, (size_t)b->n_holes);
		for (int i = ml.first[m]; i < ml.first[m + 1]; i++)
			peg_jump_apply(q, &b->jumps[ml.jump[i]]);
		total += brute_games(b, q);
	}
	peg_movelist_release(&ml);
	free(q);
	return total;
}

/* ---- (a) boards past 64 holes against the brute force -------------- */

/* The solution replays from pegs to one peg (at finish when >= 0) in
 * `moves` moves. */
static void check_sol(const struct peg_board *b, const unsigned char *pegs,
		      int finish, const struct peg_shortest_result *r,
		      const char *what)
{
	unsigned char *p = malloc((size_t)b->n_holes);
	struct peg_err err;

	memcpy(p, pegs, (size_t)b->n_holes);
	CHECK(!peg_jumps_replay(b, r->jumps, r->n_jumps, p, &err),
	      "%s: replays", what);
	CHECK(peg_pos_count(p, b->n_holes) == 1 && p[r->finish] &&
		      (finish < 0 || r->finish == finish),
	      "%s: ends with one peg at the finish", what);
	CHECK_INT(peg_jumps_count_moves(r->jumps, r->n_jumps), r->moves, what);
	free(p);
}

/* Solve pegs -> finish with opts o and compare with the brute force. */
static void one_problem(const struct peg_board *b, const unsigned char *pegs,
			int finish, const struct peg_shortest_opts *o,
			int want, const char *what)
{
	struct peg_shortest_result r;
	struct peg_err err;
	int s = peg_shortest_pos(b, pegs, finish, o, &r, &err);

	CHECK(s == PEG_SHORTEST_OK, "%s: %s", what,
	      s == PEG_SHORTEST_OK ? "" : err.msg);
	if (s == PEG_SHORTEST_OK) {
		CHECK(r.solved == (want >= 0), "%s: solved %d, brute force %d",
		      what, r.solved, want);
		if (r.solved && want >= 0) {
			CHECK_INT(r.moves, want, what);
			check_sol(b, pegs, finish, &r, what);
		}
	}
	peg_shortest_result_release(&r);
}

static void test_brute(const char *spec, int n_pos, int widths)
{
	struct peg_board *b = board(spec);
	unsigned char *pegs;

	if (!b)
		return;
	pegs = malloc((size_t)b->n_holes);
	for (int i = 0; i < n_pos; i++) {
		int n = 6 + (int)rnd(5), h = make_pos(b, pegs, n);
		int other = (int)rnd((unsigned)b->n_holes);
		int goals[3] = {-1, h, other};

		for (int g = 0; g < 3; g++) {
			struct peg_shortest_opts o = {0}, tiny = {0};
			int want = brute_moves(b, pegs, goals[g]);
			char what[96];

			o.threads = 1 + (i & 1);
			snprintf(what, sizeof(what), "%s position %d (%d pegs), "
				 "goal %d", spec, i, peg_pos_count(pegs,
							   b->n_holes),
				 goals[g]);
			if (g == 1)
				CHECK(want > 0, "%s: solvable by construction",
				      what);
			for (int w = 0; w <= widths; w++) {
				wide(w);
				one_problem(b, pegs, goals[g], &o, want, what);
			}
			/* a 40-state cap: the bounds finish depth first
			 * (a 64-entry table that loses entries) */
			tiny.max_states = 40;
			tiny.dfs_slots = 64;
			tiny.threads = 2;
			for (int w = 0; w <= widths; w++) {
				wide(w);
				if (b->n_holes > PEG_SHORTEST_DFS_HOLES)
					continue; /* no depth-first table */
				one_problem(b, pegs, goals[g], &tiny, want,
					    what);
			}
			wide(0);
		}
	}
	free(pegs);
	peg_board_free(b);
}

/* Games of small T12 positions: the count, the shortest and longest game
 * against a plain recursion; listing gives as many games. */
static int count_listed(void *ctx, const struct peg_jump *j, int nj,
			const int *move_len, int n_moves)
{
	(void)j;
	(void)nj;
	(void)move_len;
	(void)n_moves;
	++*(long long *)ctx;
	return 0;
}

static void test_games_t12(void)
{
	struct peg_board *b = board("T12");
	unsigned char pegs[128];

	for (int i = 0; i < 6; i++) {
		struct peg_games_result r;
		struct peg_err err;
		long long listed = 0;
		uint64_t want;

		make_pos(b, pegs, 5 + i % 3);
		want = brute_games(b, pegs);
		CHECK(!peg_games_count_pos(b, pegs, 0, &r, &err), "games T12: %s",
		      err.msg);
		CHECK(r.games == want, "games T12 position %d: %llu, brute "
		      "force %llu", i, (unsigned long long)r.games,
		      (unsigned long long)want);
		CHECK(r.min_moves == brute_moves(b, pegs, -1),
		      "games T12 position %d: shortest game", i);
		CHECK_INT(peg_games_list_pos(b, pegs, 0, count_listed, &listed,
					     &err),
			  (long long)want, "games T12 listed");
	}
	{
		struct peg_games_result r;
		struct peg_err err;
		struct peg_board *big = board("T16");

		memset(pegs, 0, sizeof(pegs));
		CHECK(peg_games_count_pos(big, pegs, 0, &r, &err) == -1 &&
			      strstr(err.msg, "at most 128"),
		      "T16 (136 holes) refused: %s", err.msg);
		peg_board_free(big);
	}
	peg_board_free(b);
}

/* ---- (b) both widths on small boards ------------------------------- */

static int same_jumps(const struct peg_jump *a, int na,
		      const struct peg_jump *b, int nb)
{
	return na == nb && !memcmp(a, b, (size_t)na * sizeof(*a));
}

/* Seed 000 Table 4's T6 row, every start, on both widths. */
static void test_t6_starts(void)
{
	struct peg_board *b = board("T6");
	unsigned char pegs[21];

	for (int h = 0; h < b->n_holes; h++) {
		struct peg_shortest_result r[2];
		struct peg_shortest_opts o = {0};
		struct peg_err err;

		if (peg_board_hole_orbit_min(b, h) != h)
			continue;
		memset(pegs, 1, sizeof(pegs));
		pegs[h] = 0;
		for (int w = 0; w < 2; w++) {
			wide(w);
			CHECK(!peg_shortest_pos(b, pegs, -1, &o, &r[w], &err),
			      "T6 start %d: %s", h, err.msg);
		}
		wide(0);
		CHECK(r[0].solved && r[1].solved && r[0].moves == r[1].moves &&
			      r[0].nodes == r[1].nodes &&
			      r[0].finish == r[1].finish &&
			      same_jumps(r[0].jumps, r[0].n_jumps, r[1].jumps,
					 r[1].n_jumps),
		      "T6 start %d: 64 bits %d moves %llu nodes, 128 bits %d "
		      "moves %llu nodes", h, r[0].moves,
		      (unsigned long long)r[0].nodes, r[1].moves,
		      (unsigned long long)r[1].nodes);
		CHECK(r[0].moves >= 9, "T6: S(6) = 9 (seed 000 Table 4)");
		peg_shortest_result_release(&r[0]);
		peg_shortest_result_release(&r[1]);
	}
	peg_board_free(b);
}

static void catalog_both(const char *spec, const struct peg_shortest_opts *o,
			 int problems, int lo, int hi)
{
	struct peg_board *b = board(spec);
	struct peg_catalog c[2];
	struct peg_err err;

	for (int w = 0; w < 2; w++) {
		wide(w);
		CHECK(peg_catalog_build(b, o, &c[w], &err) == PEG_SHORTEST_OK,
		      "catalog %s: %s", spec, err.msg);
	}
	wide(0);
	CHECK_INT(c[0].n, problems, spec);
	CHECK(c[0].n == c[1].n && c[0].n_unsolvable == c[1].n_unsolvable &&
		      c[0].min_moves == c[1].min_moves &&
		      c[0].max_moves == c[1].max_moves,
	      "catalog %s: the widths agree", spec);
	CHECK(c[0].min_moves == lo && c[0].max_moves == hi,
	      "catalog %s: %d to %d moves (seed 003)", spec, c[0].min_moves,
	      c[0].max_moves);
	/* node counts are deterministic in the breadth-first search only */
	if (!o || !o->max_states)
		CHECK(c[0].nodes == c[1].nodes, "catalog %s: nodes %llu, %llu",
		      spec, (unsigned long long)c[0].nodes,
		      (unsigned long long)c[1].nodes);
	for (int i = 0; i < c[0].n && i < c[1].n; i++) {
		const struct peg_catalog_entry *x = &c[0].e[i], *y = &c[1].e[i];

		CHECK(x->start == y->start && x->finish == y->finish &&
			      x->moves == y->moves,
		      "catalog %s problem %d", spec, i);
		if (!o || !o->max_states)
			CHECK(same_jumps(x->jumps, x->n_jumps, y->jumps,
					 y->n_jumps),
			      "catalog %s problem %d: same solution", spec, i);
	}
	peg_catalog_release(&c[0]);
	peg_catalog_release(&c[1]);
	peg_board_free(b);
}

static void test_catalogs(void)
{
	struct peg_shortest_opts o = {0};

	catalog_both("T5", NULL, 12, 9, 11);
	catalog_both("trunc-triangle:5", NULL, 10, 6, 8);
	catalog_both("T6", NULL, 29, 9, 11);
	/* the depth-first completion on both widths */
	o.max_states = 300;
	o.dfs_slots = 64;
	catalog_both("T6", &o, 29, 9, 11);
}

static void sweep_both(const char *spec, int construct, int length)
{
	struct peg_board *b = board(spec);
	struct peg_sweep_result r[2];
	struct peg_err err;

	for (int w = 0; w < 2; w++) {
		wide(w);
		CHECK((construct ? peg_sweep_construct(b, NULL, &r[w], &err)
				 : peg_sweep_longest(b, NULL, &r[w], &err)) ==
			      PEG_SHORTEST_OK,
		      "sweep %s: %s", spec, err.msg);
	}
	wide(0);
	CHECK_INT(r[0].length, length, spec);
	CHECK(r[0].length == r[1].length &&
		      r[0].n_problems == r[1].n_problems &&
		      r[0].positions == r[1].positions &&
		      r[0].start_hole == r[1].start_hole &&
		      r[0].finish_hole == r[1].finish_hole &&
		      same_jumps(r[0].jumps, r[0].n_jumps, r[1].jumps,
				 r[1].n_jumps),
	      "sweep %s: the widths agree", spec);
	for (int i = 0; i < r[0].n_problems && i < r[1].n_problems; i++)
		CHECK(r[0].start[i] == r[1].start[i] &&
			      r[0].finish[i] == r[1].finish[i],
		      "sweep %s problem %d", spec, i);
	peg_sweep_result_release(&r[0]);
	peg_sweep_result_release(&r[1]);
	peg_board_free(b);
}

static void test_games_both(void)
{
	struct peg_board *b = board("T5");
	unsigned char pegs[15];
	peg_u128 total[2] = {0, 0};

	for (int h = 0; h < b->n_holes; h++) {
		struct peg_games_result r[2];
		struct peg_err err;

		if (peg_board_hole_orbit_min(b, h) != h)
			continue;
		memset(pegs, 1, sizeof(pegs));
		pegs[h] = 0;
		for (int u = 0; u < 2; u++) {
			for (int w = 0; w < 2; w++) {
				wide(w);
				CHECK(!peg_games_count_pos(b, pegs, u, &r[w],
							   &err),
				      "games T5: %s", err.msg);
				if (!u)
					total[w] += r[w].games;
			}
			wide(0);
			CHECK(r[0].games == r[1].games &&
				      r[0].positions == r[1].positions &&
				      r[0].min_moves == r[1].min_moves &&
				      r[0].max_moves == r[1].max_moves,
			      "games T5 start %d unique %d: the widths agree",
			      h, u);
		}
	}
	CHECK(total[0] == 360076 && total[1] == 360076,
	      "T5 games over the four start classes: 360,076 (seed 002)");
	peg_board_free(b);
}

/* The two move generators on T6 positions: the same moves in the same
 * order, forwards and backwards; push_back_max keeps exactly the
 * backward moves of at most L jumps. */
static void test_mvgen(void)
{
	struct peg_board *b = board("T6");
	struct peg_mvgen64 g;
	struct peg_mvgen128 h;
	struct peg_err err;
	unsigned char pegs[21];

	CHECK(!peg_mvgen64_init(&g, b, 1, &err) &&
		      !peg_mvgen128_init(&h, b, 1, &err),
	      "mvgen init");
	for (int i = 0; i < 40; i++) {
		uint64_t c;
		int n, m, ok = 1;

		make_pos(b, pegs, 3 + i % 15);
		if (i % 2)
			for (int k = 0; k < 21; k++)
				pegs[k] = !pegs[k]; /* dense ones too */
		c = peg_pos_to64(pegs, 21);
		for (int back = 0; back < 2; back++) {
			g.n = h.n = 0;
			n = back ? peg_mvgen64_push_back(&g, c)
				 : peg_mvgen64_push(&g, c);
			m = back ? peg_mvgen128_push_back(&h, c)
				 : peg_mvgen128_push(&h, c);
			ok = n == m;
			for (int k = 0; k < n && ok; k++)
				ok = g.after[k] == h.after[k] &&
				     peg_mvgen64_len(&g, k) ==
					     peg_mvgen128_len(&h, k) &&
				     !memcmp(g.jump + g.first[k],
					     h.jump + h.first[k],
					     (size_t)peg_mvgen64_len(&g, k) *
						     sizeof(int));
			CHECK(ok, "T6 position %d, %s: the widths agree", i,
			      back ? "backwards" : "forwards");
		}
		for (int L = 1; L <= 4; L++) {
			int want = 0;

			for (int k = 0; k < n; k++)
				want += peg_mvgen64_len(&g, k) <= L;
			h.n = 0;
			CHECK_INT(peg_mvgen128_push_back_max(&h, c, L), want,
				  "push_back_max");
		}
	}
	peg_mvgen64_release(&g);
	peg_mvgen128_release(&h);
	peg_board_free(b);
}

int main(void)
{
	/* (a) past 64 holes */
	test_brute("T11", 10, 0);
	test_brute("T12", 8, 0);
	test_brute("T13", 5, 0);
	test_brute("T14", 5, 0);
	test_brute("T15", 5, 0);
	test_brute("hexagon:6", 4, 0);
	test_brute("star:5", 4, 0);
	test_brute("rect:9x9", 4, 0);
	test_games_t12();
	/* (b) both widths */
	test_mvgen();
	test_brute("T8", 4, 1);
	test_brute("english", 4, 1);
	test_brute("hexagon:5", 4, 1);
	test_t6_starts();
	test_catalogs();
	sweep_both("T5", 0, 5);
	sweep_both("T6", 1, 9);
	sweep_both("T7", 1, 12);
	test_games_both();
	return check_done();
}
