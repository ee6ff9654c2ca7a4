/* test_seed001.c - the English 33-hole central game against seed 001:
 * Table 2 (|F_n| and |W_n| for every n, and the 839,536 winning positions
 * of Table 6's first row) and the W_n code lists printed in section 8
 * ("the beginning and end of these sets"): W_1 .. W_4 whole, the first
 * and last three codes of W_5 and of W_14, W_15, W_16.  Codes are Bell's
 * mincodes (bit k = hole k in reading order, c1 = bit 0, d4 = bit 16). */
#include "check.h"

#include "pegsol/board.h"
#include "pegsol/sets.h"

#include <stdlib.h>
#include <string.h>

/* seed 001 Table 2, n = 32 .. 1 */
static const long table2_f[] = {
	1,	 1,	  2,	   8,	    39,	     171,     719,     2757,
	9751,	 31312,	  89927,   229614,  517854,  1022224, 1753737, 2598215,
	3312423, 3626632, 3413313, 2765623, 1930324, 1160977, 600372,  265865,
	100565,	 32250,	  8688,	   1917,    348,     50,      7,       2};
static const long table2_w[] = {
	1,	1,	2,	8,	38,	164,	635,	2089,
	6174,	16020,	35749,	68326,	112788, 162319, 204992, 230230,
	230230, 204992, 162319, 112788, 68326,	35749,	16020,	6174,
	2089,	635,	164,	38,	8,	2,	1,	1};

/* section 8: the whole of W_1 .. W_4 */
static const uint64_t w1[] = {65536}, w2[] = {528}, w3[] = {400, 212992};
static const uint64_t w4[] = {153,    1680,   16688,  17928,
			      66432,  82976,  147984, 352256};

struct ends {
	int n;
	uint64_t first[3], last[3];
};

/* section 8: "158, 692, 793, ..., 4554760, 6684688, 8601616" and so on */
static const struct ends ends[] = {
	{5, {158, 692, 793}, {4554760, 6684688, 8601616}},
	{14,
	 {53247, 56831, 57279},
	 {2651879594ULL, 2655805539ULL, 3098292302ULL}},
	{15,
	 {127999, 128895, 129791},
	 {3793449102ULL, 3793531059ULL, 3793629859ULL}},
	{16,
	 {126975, 130559, 229359},
	 {3864553651ULL, 3928764638ULL, 3929805043ULL}},
};

static void check_list(const struct peg_level *l, const uint64_t *want,
		       size_t n, int pegs)
{
	CHECK_INT(l->n, n, "size of a W_n listed whole");
	for (size_t i = 0; i < n && i < l->n; i++)
		CHECK(l->code[i] == want[i], "W_%d code %zu: %llu, want %llu",
		      pegs, i, (unsigned long long)l->code[i],
		      (unsigned long long)want[i]);
}

int main(void)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse("english", &err);
	struct peg_sets_opts o = {0};
	struct peg_problem p = {0};
	struct peg_sets *s = NULL;
	unsigned char start[33], goal[33];
	long wsum = 0;

	CHECK(b && b->n_holes == 33, "english board");
	if (!b)
		return check_done();
	memset(goal, 0, sizeof(goal));
	CHECK(peg_board_parse_holes(b, "d4", goal, &err) == 1, "hole d4");
	for (int h = 0; h < 33; h++)
		start[h] = !goal[h];
	p.start = start;
	p.goal = PEG_GOAL_POSITION;
	p.finish = goal;
	o.group = PEG_GROUP_FULL; /* Bell's mincode */
	CHECK(peg_sets_compute(b, &p, &o, &s, &err) == 0, "sets: %s", err.msg);
	if (!s) {
		peg_board_free(b);
		return check_done();
	}
	for (int n = 32; n >= 1; n--) {
		char what[48];

		snprintf(what, sizeof(what), "Table 2 |F_%d|", n);
		CHECK_INT(s->F[n].n, table2_f[32 - n], what);
		snprintf(what, sizeof(what), "Table 2 |W_%d|", n);
		CHECK_INT(s->W[n].n, table2_w[32 - n], what);
		wsum += (long)s->W[n].n;
	}
	/* Table 2's totals; the half of them Table 6 counts (n <= 16) */
	{
		long ftot = 0, whalf = 0;

		for (int n = 1; n <= 32; n++)
			ftot += (long)s->F[n].n;
		for (int n = 1; n <= 16; n++)
			whalf += (long)s->W[n].n;
		CHECK_INT(ftot, 23475688, "Table 2 total |F|");
		CHECK_INT(whalf, 839536, "Table 2/Table 6 sum |W_n|, n <= 16");
		CHECK_INT(wsum, 2 * 839536, "sum |W_n| over all n (eq. 8)");
	}
	check_list(&s->W[1], w1, 1, 1);
	check_list(&s->W[2], w2, 1, 2);
	check_list(&s->W[3], w3, 2, 3);
	check_list(&s->W[4], w4, 8, 4);
	for (size_t e = 0; e < sizeof(ends) / sizeof(ends[0]); e++) {
		const struct peg_level *l = &s->W[ends[e].n];

		CHECK(l->n >= 6, "W_%d has at least six codes", ends[e].n);
		if (l->n < 6)
			continue;
		for (int i = 0; i < 3; i++) {
			CHECK(l->code[i] == ends[e].first[i],
			      "W_%d code %d: %llu, want %llu", ends[e].n, i,
			      (unsigned long long)l->code[i],
			      (unsigned long long)ends[e].first[i]);
			CHECK(l->code[l->n - 3 + i] == ends[e].last[i],
			      "W_%d code n-%d: %llu, want %llu", ends[e].n,
			      3 - i, (unsigned long long)l->code[l->n - 3 + i],
			      (unsigned long long)ends[e].last[i]);
		}
	}
	peg_sets_free(s);
	peg_board_free(b);
	return check_done();
}
