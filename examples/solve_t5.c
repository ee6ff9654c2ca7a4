/* solve_t5.c - solve the 15-hole triangle: start with a1 empty, end with
 * one peg in a1.  Prints the verified solution in Bell's notation.
 *
 *   cc solve_t5.c $(pkg-config --cflags --libs pegsol) -o solve_t5
 *   ./solve_t5            # or ./solve_t5 BOARD HOLE, e.g. english d4
 */
#include <pegsol.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	const char *spec = argc > 1 ? argv[1] : "T5";
	const char *hole = argc > 2 ? argv[2] : "a1";
	struct peg_err err = {{0}};
	struct peg_solve_result res;
	struct peg_board *b;
	unsigned char *start, *finish;
	int h, status;

	b = peg_board_parse(spec, &err);
	if (!b) {
		fprintf(stderr, "solve_t5: %s\n", err.msg);
		return PEG_EXIT_INPUT;
	}
	h = peg_board_parse_hole(b, hole, &err);
	if (h < 0) {
		fprintf(stderr, "solve_t5: %s\n", err.msg);
		peg_board_free(b);
		return PEG_EXIT_INPUT;
	}
	/* the start: every hole but h; the goal: one peg, in h */
	start = malloc((size_t)b->n_holes);
	finish = calloc((size_t)b->n_holes, 1);
	if (!start || !finish)
		return PEG_EXIT_RESOURCE;
	memset(start, 1, (size_t)b->n_holes);
	start[h] = 0;
	finish[h] = 1;

	struct peg_problem p = {start, PEG_GOAL_POSITION, finish};
	struct peg_solve_opts opts = {0}; /* defaults: 512 MB table, no node cap */

	status = peg_solve(b, &p, &opts, &res, &err);
	if (status == PEG_SOLVE_FOUND) {
		char *text = peg_jumps_format(b, res.jumps, res.n_jumps);

		printf("%s from %s to %s: %s\n", b->title, hole, hole,
		       text ? text : "?");
		printf("%d jumps, %d moves, %llu nodes searched\n",
		       res.n_jumps, peg_jumps_count_moves(res.jumps, res.n_jumps),
		       (unsigned long long)res.nodes);
		free(text);
	} else if (status == PEG_SOLVE_NONE) {
		printf("%s from %s to %s: unsolvable (%s)\n", b->title, hole,
		       hole, res.why);
	} else {
		fprintf(stderr, "solve_t5: %s\n", err.msg);
	}
	peg_solve_result_release(&res);
	free(start);
	free(finish);
	peg_board_free(b);
	return status;
}
