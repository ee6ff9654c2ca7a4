/* count_english.c - count the solutions of the English 33-hole board from
 * d4 to d4: every jump sequence that starts with d4 empty and ends with one
 * peg in d4 (40861647040079968, seed 001; about 12 s and 400 MB).
 *
 *   cc count_english.c $(pkg-config --cflags --libs pegsol) -o count_english
 *   ./count_english             # or ./count_english BOARD HOLE: T5 a1 has 6816
 */
#include <pegsol.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	const char *spec = argc > 1 ? argv[1] : "english";
	const char *hole = argc > 2 ? argv[2] : "d4";
	struct peg_err err = {{0}};
	struct peg_count_result r;
	struct peg_board *b;
	unsigned char *start, *finish;
	int h, rc = PEG_EXIT_INPUT;

	b = peg_board_parse(spec, &err);
	if (!b) {
		fprintf(stderr, "count_english: %s\n", err.msg);
		return PEG_EXIT_INPUT;
	}
	h = peg_board_parse_hole(b, hole, &err);
	start = malloc((size_t)b->n_holes);
	finish = calloc((size_t)b->n_holes, 1);
	if (h < 0 || !start || !finish) {
		fprintf(stderr, "count_english: %s\n",
			h < 0 ? err.msg : "out of memory");
		goto out;
	}
	memset(start, 1, (size_t)b->n_holes);
	start[h] = 0;
	finish[h] = 1;

	struct peg_problem p = {start, PEG_GOAL_POSITION, finish};
	/* 2 threads; the count does not depend on them */
	if (peg_count_solutions(b, &p, 2, &r, NULL, &err)) {
		fprintf(stderr, "count_english: %s\n", err.msg);
		rc = PEG_EXIT_RESOURCE;
		goto out;
	}
	/* r.text is exact; r.value holds it too when it fits in 128 bits */
	printf("%s from %s to %s: %s solutions\n", b->title, hole, hole,
	       r.text);
	printf("%zu winning positions up to symmetry, %llu edges\n",
	       r.positions, (unsigned long long)r.edges);
	rc = strcmp(r.text, "0") ? PEG_EXIT_YES : PEG_EXIT_NO;
	peg_count_result_release(&r);
out:
	free(start);
	free(finish);
	peg_board_free(b);
	return rc;
}
