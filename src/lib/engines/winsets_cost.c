/* winsets_cost.c - what computing the winning sets of a problem would
 * cost, estimated from the board alone before anything is built
 * (winsets.h, peg_winsets_estimate).
 *
 * The sets engine (sets.h) keeps every level it computes until W is made:
 * the forward sets F_n from the start and, unless the problem is a
 * complement problem (then F down to N/2 pegs is enough), the forward sets
 * G_m of the complemented goal.  A level holds no more positions than
 * there are with that many pegs in its position class (a jump never
 * changes the class; theory.h), and its codes are orbits of those under
 * the symmetries the codes are reduced by (the stabiliser of start and
 * goal), so about that count divided by the group's size (orbits smaller
 * than the group are rare).  The class counts come exactly from a small
 * dynamic programme over the holes (positions by peg count and class), so
 * the estimate costs microseconds.
 *
 * Measured peaks (peak RSS of peg_winsets_open, one thread, MiB) against
 * this estimate: T6 c3 anywhere 26 (estimate 40), T6 a1 complement 11
 * (33), English d4 complement 222 (358), d1 complement 444 (1,334), T7 a1
 * anywhere 336 (544), d4 anywhere 552 (1,056), c1 anywhere about 6,200
 * (8,224; issue 16's 6.5 GB).  The estimate
 * errs high, by 1.3 to 3 times: the sets of these boards hold a quarter
 * to three quarters of the class bound. */
#include "pegsol/winsets.h"

#include "pegsol/theory.h"

#include "symmetry.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Fixed cost of a computation: bucket pools, sort buffers, tables. */
#define OVERHEAD_BYTES ((double)32 * 1024 * 1024)

int peg_winsets_estimate(const struct peg_board *b, const unsigned char *start,
			 int finish, struct peg_winsets_cost *out,
			 struct peg_err *err)
{
	int n = b->n_holes, lab, empty = 0, vac = -1, pegs = 0, comp;
	int h_size = 0;
	unsigned full = 0, cs = 0, cg;
	double (*cnt)[64];
	double f_sum = 0, g_sum = 0, big = 0;

	memset(out, 0, sizeof(*out));
	if (finish < -1 || finish >= n) {
		peg_err_set(err, "no goal hole %d on '%s'", finish, b->spec);
		return -1;
	}
	lab = peg_theory_labellings(b);
	for (int h = 0; h < n; h++) {
		unsigned c = lab ? peg_theory_hole_class(b, h) : 0;

		full ^= c;
		if (start[h]) {
			cs ^= c;
			pegs++;
		} else {
			empty++;
			vac = h;
		}
	}
	/* the stabiliser of the start and the goal */
	h_size = pegsym_fixing(b, finish, start, NULL);
	if (h_size < 1)
		h_size = 1;
	/* the complemented goal: full minus the finish hole; for "anywhere"
	 * every feasible finish is in the start's class */
	cg = finish >= 0 ? full ^ (lab ? peg_theory_hole_class(b, finish) : 0)
			 : full ^ cs;
	comp = empty == 1 && finish == vac;
	cnt = calloc((size_t)n + 1, sizeof(*cnt));
	if (!cnt) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	cnt[0][0] = 1;
	for (int h = 0; h < n; h++) {
		unsigned c = lab ? peg_theory_hole_class(b, h) : 0;

		for (int k = h; k >= 0; k--)
			for (unsigned x = 0; x < 64; x++)
				cnt[k + 1][x ^ c] += cnt[k][x];
	}
	for (int k = 1; k <= pegs; k++) {
		double f;

		if (comp && k < n / 2)
			continue; /* half: F down to N/2 pegs */
		f = ceil(cnt[k][cs] / h_size);
		f_sum += f;
		big = f > big ? f : big;
	}
	if (!comp)
		for (int m = n - pegs; m <= n - 1; m++) {
			double g;

			if (m < 1)
				continue;
			g = ceil(cnt[m][cg] / h_size);
			g_sum += g;
			big = g > big ? g : big;
		}
	free(cnt);
	out->group = h_size;
	out->complement = comp;
	out->codes = f_sum + g_sum;
	out->largest_level = big;
	out->bytes = 8 * out->codes + OVERHEAD_BYTES;
	/* W is F & B: at most F, and then half of it for a complement */
	out->result_bytes = 8 * (comp ? 2 * f_sum : f_sum);
	return 0;
}
