/* cmd_records.c - pegsol records: the best known shortest solutions
 * (fewest moves) on Triangle(4) and up, each replayed by the library
 * before it is printed (heuristic.h, src/lib/engines/heur_records.def). */
#include "cli.h"

#include "pegsol/heuristic.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"
#include "pegsol/theory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: pegsol records [--json]\n\n"
	"The best known solution with the fewest moves (a move is one peg's\n"
	"consecutive jumps) from one vacancy to one peg on each board:\n"
	"board, vacate, finish, moves, the solution, the lower bound of seed\n"
	"000 eq. (2), the best proved lower bound, whether the minimum S(n)\n"
	"is proved and how the solution was found.  Every solution is\n"
	"replayed by the library first.  Exit 0 when all replay, 1 when one\n"
	"does not.\n";

/* Replay one record: 0 and the jump count when it is legal, ends with one
 * peg at its finish and has its number of moves; else -1 with a message. */
static int verify(const struct peg_record *r, struct peg_board **bp,
		  int *n_jumps, int *merson, char *why, size_t size)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(r->board, &err);
	struct peg_moves mv = {0};
	struct peg_jump *j = NULL;
	unsigned char *pegs = NULL;
	int v, f, rc = -1, nj = 0;

	*bp = b;
	if (!b) {
		snprintf(why, size, "%s", err.msg);
		return -1;
	}
	v = peg_board_parse_hole(b, r->vacate, &err);
	f = v < 0 ? -1 : peg_board_parse_hole(b, r->finish, &err);
	pegs = malloc((size_t)b->n_holes);
	if (v < 0 || f < 0 || !pegs) {
		snprintf(why, size, "%s", pegs ? err.msg : "out of memory");
		goto out;
	}
	memset(pegs, 1, (size_t)b->n_holes);
	pegs[v] = 0;
	*merson = peg_heur_merson_bound(b, pegs);
	if (peg_moves_parse(b, r->solution, &mv, &err) ||
	    peg_moves_replay(b, &mv, pegs, &j, &nj, &err)) {
		snprintf(why, size, "%s", err.msg);
		goto out;
	}
	if (peg_pos_count(pegs, b->n_holes) != 1 || !pegs[f]) {
		snprintf(why, size, "the solution does not end with one peg "
				    "at the finish");
		goto out;
	}
	if (peg_jumps_count_moves(j, nj) != r->moves) {
		snprintf(why, size, "the solution has %d moves, not %d",
			 peg_jumps_count_moves(j, nj), r->moves);
		goto out;
	}
	*n_jumps = nj;
	rc = 0;
out:
	free(j);
	free(pegs);
	peg_moves_free(&mv);
	return rc;
}

int cmd_records(int argc, char **argv)
{
	int json = 0, np, n, bad = 0;
	const char *pos[1];
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json}};
	const struct peg_record *rec;
	cJSON *o = NULL, *arr = NULL;
	int r = cli_parse(argc, argv, opts, 1, pos, 0, &np, usage);

	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	rec = peg_records(&n);
	if (json) {
		o = cJSON_CreateObject();
		arr = cJSON_AddArrayToObject(o, "records");
	} else {
		printf("%-14s %5s %6s %6s %5s  %-7s %-6s %-6s\n", "board",
		       "holes", "moves", "eq.(2)", "known", "proved", "vacate",
		       "finish");
	}
	for (int i = 0; i < n; i++) {
		const struct peg_record *q = &rec[i];
		struct peg_board *b = NULL;
		int nj = 0, merson = -1;
		char why[PEG_ERR_MAX + 64];

		if (verify(q, &b, &nj, &merson, why, sizeof(why))) {
			cli_error("record %s (%d moves) does not replay: %s",
				  q->board, q->moves, why);
			bad++;
			peg_board_free(b);
			continue;
		}
		if (json) {
			cJSON *e = cJSON_CreateObject();

			cli_json_board(e, b);
			cJSON_AddNumberToObject(e, "side",
						peg_theory_triangle_side(b));
			cJSON_AddStringToObject(e, "vacate", q->vacate);
			cJSON_AddStringToObject(e, "finish", q->finish);
			cJSON_AddNumberToObject(e, "moves", q->moves);
			cJSON_AddNumberToObject(e, "jumps", nj);
			cJSON_AddStringToObject(e, "solution", q->solution);
			cJSON_AddNumberToObject(e, "lower_bound", q->lower_bound);
			cJSON_AddNumberToObject(e, "known_lower_bound",
						q->known_lower);
			cJSON_AddNumberToObject(e, "merson_bound", merson);
			cJSON_AddBoolToObject(e, "proved", q->proved);
			cJSON_AddBoolToObject(e, "replayed", 1);
			cJSON_AddStringToObject(e, "how", q->how);
			cJSON_AddItemToArray(arr, e);
		} else {
			printf("%-14s %5d %6d %6d %5d  %-7s %-6s %-6s\n",
			       b->title, b->n_holes, q->moves, q->lower_bound,
			       q->known_lower, q->proved ? "yes" : "no",
			       q->vacate, q->finish);
			printf("    %s\n    (%s)\n", q->solution, q->how);
		}
		peg_board_free(b);
	}
	if (json) {
		cJSON_AddNumberToObject(o, "count", n - bad);
		cli_json_print(o);
	} else {
		printf("%d records, each replayed; eq.(2) is seed 000's lower "
		       "bound, known the best proved one\n",
		       n - bad);
	}
	return bad ? EXIT_NO : EXIT_YES;
}
