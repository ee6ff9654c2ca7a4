/* test_macros.c - the block removals of blocks.h (seed 003's named
 * macro-moves, seed 000 Figure 5's purges): every variant of every block,
 * placed in every orientation at every anchor where it fits on T8 (the
 * triangular blocks) or rect:8x8 (the square ones), turns its "before"
 * pattern into its "after" pattern by legal jumps and leaves every other
 * hole alone; the expansion of block text and the block search on seed
 * 003's Triangle(6) example (a1-complement, 19 jumps). */
#include "check.h"
#include "pegsol/blocks.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <stdlib.h>

/* play variant v of k at (o, anchor) on a position that shows its before
 * pattern (the other holes alternate); 1 when the end is the after
 * pattern with the rest untouched */
static int plays(const struct peg_board *b, const struct peg_block *k, int v,
		 int o, int anchor)
{
	int holes[PEG_BLOCK_MAX_CELLS], u = 0, ok;
	struct peg_jump js[PEG_BLOCK_MAX_JUMPS];
	unsigned char *p = malloc((size_t)b->n_holes);
	unsigned char *want = malloc((size_t)b->n_holes);
	struct peg_err err;

	if (peg_block_place_jumps(b, k, v, o, anchor, js) ||
	    peg_block_place(b, k, o, anchor, holes)) {
		free(p);
		free(want);
		return -1;
	}
	for (int h = 0; h < b->n_holes; h++)
		p[h] = want[h] = (unsigned char)((h * 7 + 3) % 5 < 2);
	for (int c = 0; c < k->n_cells; c++) {
		char r = k->cells[c].role;
		int st = r == 'U' ? k->variants[v].state[u++] == '1' : 0;

		p[holes[c]] = r == 'R' || (r == 'U' && st);
		want[holes[c]] = r == 'T' || (r == 'U' && st);
	}
	ok = !peg_jumps_replay(b, js, k->variants[v].n_jumps, p, &err) &&
	     !memcmp(p, want, (size_t)b->n_holes);
	free(p);
	free(want);
	return ok;
}

static void test_all_placements(const struct peg_blockset *s)
{
	struct peg_err err;
	struct peg_board *tri = peg_board_parse("T8", &err);
	struct peg_board *sq = peg_board_parse("rect:8x8", &err);

	CHECK(tri && sq, "boards");
	if (!tri || !sq)
		return;
	for (int i = 0; i < peg_blockset_count(s); i++) {
		const struct peg_block *k = peg_blockset_get(s, i);
		const struct peg_board *b =
			k->lattice == PEG_LATTICE_TRI ? tri : sq;
		int placed = 0, good = 0;

		CHECK(k->n_removed == k->variants[0].n_jumps &&
			      k->n_removed >= 3,
		      "%s removes %d", k->name, k->n_removed);
		/* a catalyst of c cells has 2^c - 2 unlike states, all of
		 * them covered (the time-reversal trick fills in the rest) */
		if (k->n_cat)
			CHECK_INT(k->n_variants, (1 << k->n_cat) - 2, k->name);
		for (int v = 0; v < k->n_variants; v++)
			for (int o = 0; o < peg_block_orients(k->lattice); o++)
				for (int a = 0; a < b->n_holes; a++) {
					int r = plays(b, k, v, o, a);

					placed += r >= 0;
					good += r == 1;
				}
		CHECK(placed > 0, "%s fits somewhere", k->name);
		CHECK_INT(good, placed, k->name);
	}
	peg_board_free(tri);
	peg_board_free(sq);
}

static void test_names(const struct peg_blockset *s)
{
	static const char *const names[] = {
		"tri-cycle",       "triangle4",  "small-trapezoid",
		"large-trapezoid", "4-package",  "3-removal",
		"6-removal",       "6-removal-alt", "wide-trapezoid",
		"3-removal-sq",    "6-removal-sq", "square-trapezoid"};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		CHECK(peg_blockset_find(s, names[i]) >= 0, "block %s",
		      names[i]);
	CHECK_INT(peg_blockset_find(s, "2-removal"), -1, "no 2-removal");
	/* seed 003: removal sizes of the named blocks */
	CHECK_INT(peg_blockset_get(s, peg_blockset_find(s, "tri-cycle"))
			  ->n_removed, 3, "tri-cycle removes 3");
	CHECK_INT(peg_blockset_get(s, peg_blockset_find(s, "triangle4"))
			  ->n_removed, 8, "Triangle4 removes 8");
	CHECK_INT(peg_blockset_get(s, peg_blockset_find(s, "small-trapezoid"))
			  ->n_removed, 9, "small trapezoid: jumps 2-10");
	CHECK_INT(peg_blockset_get(s, peg_blockset_find(s, "4-package"))
			  ->n_removed, 3, "4-package: jumps 11-13");
	CHECK_INT(peg_blockset_get(s, peg_blockset_find(s, "large-trapezoid"))
			  ->n_removed, 12, "large trapezoid");
}

/* seed 003, Triangle(6): vacate a1, c3-a1, a small trapezoid (jumps
 * 2-10), a 4-package d5/e5/e6/f6 to b4 (11-13), three more moves, the
 * last a tri-cycle: 19 jumps to one peg at a1 */
static void test_t6(const struct peg_blockset *s)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse("T6", &err);
	unsigned char p[21], goal[21] = {0};
	struct peg_block_solution r;
	struct peg_blocks_solve_opts o = {.max_singles = 4};
	char *txt;

	memset(p, 1, sizeof(p));
	p[0] = 0;
	CHECK_INT(peg_blocks_expand(b, s,
				    "c3-a1, small-trapezoid@a4/0, "
				    "4-package@b4/0, a3-c5-c3, d4-b2, "
				    "tri-cycle@a1/0",
				    p, &r, &err),
		  0, "seed 003 T6 hand solution");
	CHECK_INT(r.n_jumps, 19, "T6 jumps");
	CHECK_INT(r.n_steps, 6, "T6 steps");
	CHECK(peg_pos_count(p, 21) == 1 && p[0], "ends at a1");
	txt = peg_blocks_format(b, s, &r);
	CHECK_STR(txt,
		  "c3-a1, small-trapezoid@a4/0, 4-package@b4/0, a3-c5-c3, "
		  "d4-b2, tri-cycle@a1/0",
		  "format");
	free(txt);
	peg_block_solution_release(&r);

	/* a block whose catalyst is all pegs cannot be played: status 1 */
	memset(p, 1, sizeof(p));
	p[0] = 0;
	CHECK_INT(peg_blocks_expand(b, s, "small-trapezoid@a4/0", p, &r, &err),
		  1, "catalyst c3 c4 both pegs");
	peg_block_solution_release(&r);
	CHECK_INT(peg_blocks_expand(b, s, "nope@a1", p, &r, &err), 2,
		  "unknown block");
	peg_block_solution_release(&r);

	/* the search: a1-complement with the fewest plain jumps */
	memset(p, 1, sizeof(p));
	p[0] = 0;
	goal[0] = 1;
	CHECK_INT(peg_blocks_solve(b, s, p, goal, &o, &r, &err), 0,
		  "T6 by blocks");
	CHECK_INT(r.n_jumps, 19, "found: 19 jumps");
	CHECK(!peg_jumps_replay(b, r.jumps, r.n_jumps, p, &err) &&
		      peg_pos_count(p, 21) == 1 && p[0],
	      "found solution replays to a1");
	peg_block_solution_release(&r);
	peg_board_free(b);
}

int main(void)
{
	struct peg_err err;
	struct peg_blockset *s = peg_blockset_new(&err);

	CHECK(s != NULL, "blockset: %s", s ? "" : err.msg);
	if (!s)
		return check_done();
	test_names(s);
	test_all_placements(s);
	test_t6(s);
	peg_blockset_free(s);
	return check_done();
}
