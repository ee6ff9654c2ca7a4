/* cmd_games.c - pegsol games: count or list every game (sequence of moves
 * ending with one peg), optionally up to subgame symmetry (seed 002). */
#include "cli.h"

#include "pegsol/moves.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: pegsol games BOARD [--vacate H | --position P] [--count-only]\n"
	"                    [--unique] [--json]\n\n"
	"Count and list the games from a start: every sequence of moves (a\n"
	"move is one peg's consecutive jumps, stopping part-way allowed)\n"
	"that ends with one peg.  Without --vacate or --position every\n"
	"starting-hole class is played (one vacancy per symmetry class) and\n"
	"the totals are added up.  --unique counts games up to subgame\n"
	"symmetry (seed 002): from a symmetric position only one of each set\n"
	"of symmetric moves is followed.  --count-only prints the counts, not\n"
	"the games.  Boards of up to 128 holes.\n"
	"Exit 0 when there is at least one game, 1 when there is none.\n";

struct list_ctx {
	const struct peg_board *b;
	cJSON *arr;
	int fail;
};

static int print_game(void *vctx, const struct peg_jump *jumps, int n_jumps,
		      const int *move_len, int n_moves)
{
	struct list_ctx *c = vctx;
	char *t;
	size_t len, used = 0;
	int off = 0;

	/* peg_jumps_format merges a peg's consecutive jumps into one move;
	 * games may move the same peg twice in a row, so format per move. */
	len = (size_t)n_jumps * 24 + 16;
	t = malloc(len);
	if (!t) {
		c->fail = 1;
		return 1;
	}
	t[0] = '\0';
	for (int m = 0; m < n_moves; m++) {
		char *ms = peg_jumps_format(c->b, jumps + off, move_len[m]);

		if (!ms) {
			free(t);
			c->fail = 1;
			return 1;
		}
		used += (size_t)snprintf(t + used, len - used, "%s%s",
					 m ? ", " : "", ms);
		free(ms);
		off += move_len[m];
	}
	if (c->arr)
		cJSON_AddItemToArray(c->arr, cJSON_CreateString(t));
	else
		puts(t);
	free(t);
	return 0;
}

static void add_count(cJSON *o, const char *key, peg_u128 v)
{
	char buf[48];

	cli_json_digits(o, key, peg_u128_str(v, buf));
}

int cmd_games(int argc, char **argv)
{
	int json = 0, count_only = 0, unique = 0, rc = EXIT_USAGE;
	struct cli_problem_args pa = {0};
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--count-only", CLI_FLAG, &count_only},
				 {"--unique", CLI_FLAG, &unique},
				 CLI_START_OPTS(pa)};
	struct peg_board *b;
	unsigned char *pegs = NULL;
	int *starts = NULL, n_starts = 0;
	peg_u128 total = 0;
	cJSON *out = NULL, *arr = NULL;
	char buf[48], name[32];

	b = cli_parse_board(argc, argv, opts, CLI_N(opts), usage, 128, &rc);
	if (!b)
		return rc;
	pegs = malloc((size_t)b->n_holes);
	starts = malloc((size_t)b->n_holes * sizeof(int));
	if (!pegs || !starts) {
		rc = cli_oom();
		goto out;
	}
	if (pa.vacate || pa.position) {
		starts[n_starts++] = -1;
	} else {
		for (int h = 0; h < b->n_holes; h++)
			if (peg_board_hole_orbit_min(b, h) == h)
				starts[n_starts++] = h;
	}
	if (json) {
		out = cJSON_CreateObject();
		cli_json_board(out, b);
		cJSON_AddBoolToObject(out, "unique", unique);
		arr = cJSON_AddArrayToObject(out, "starts");
	}
	for (int i = 0; i < n_starts; i++) {
		struct peg_games_result res;
		struct peg_err err;
		cJSON *lst = NULL;
		char *list;

		if (starts[i] < 0) {
			if (cli_start_position(b, pa.position, pa.vacate,
					       pegs))
				goto out;
		} else {
			memset(pegs, 1, (size_t)b->n_holes);
			pegs[starts[i]] = 0;
		}
		if (peg_games_count_pos(b, pegs, unique, &res, &err)) {
			cli_error("%s", err.msg);
			rc = EXIT_RESOURCES;
			goto out;
		}
		total += res.games;
		list = peg_pos_list(b, pegs);
		if (starts[i] >= 0)
			peg_board_hole_name(b, starts[i], name, sizeof(name));
		if (json) {
			cJSON *o = cJSON_CreateObject();

			if (starts[i] >= 0)
				cJSON_AddStringToObject(o, "vacate", name);
			cJSON_AddStringToObject(o, "start", list ? list : "");
			add_count(o, "games", res.games);
			cJSON_AddNumberToObject(o, "min_moves", res.min_moves);
			cJSON_AddNumberToObject(o, "max_moves", res.max_moves);
			cJSON_AddNumberToObject(o, "positions",
						(double)res.positions);
			cJSON_AddItemToArray(arr, o);
			if (!count_only)
				lst = cJSON_AddArrayToObject(o, "list");
		} else {
			if (starts[i] >= 0)
				printf("vacate %s: ", name);
			else if (!pa.position)
				printf("vacate %s: ", pa.vacate);
			else
				printf("start %s: ", list ? list : "");
			printf("%s %sgames", peg_u128_str(res.games, buf),
			       unique ? "distinct " : "");
			if (res.games)
				printf(", %d to %d moves", res.min_moves,
				       res.max_moves);
			printf(" (%llu positions)\n",
			       (unsigned long long)res.positions);
		}
		if (!count_only) {
			struct list_ctx c = {b, lst, 0};

			if (peg_games_list_pos(b, pegs, unique, print_game, &c,
					       &err) < 0 ||
			    c.fail) {
				cli_error("%s", err.msg);
				free(list);
				rc = EXIT_RESOURCES;
				goto out;
			}
		}
		free(list);
	}
	if (json) {
		add_count(out, "total", total);
		cli_json_print(out);
		out = NULL;
	} else if (n_starts > 1) {
		printf("total: %s %sgames\n", peg_u128_str(total, buf),
		       unique ? "distinct " : "");
	}
	rc = total ? EXIT_YES : EXIT_NO;
out:
	cJSON_Delete(out);
	free(pegs);
	free(starts);
	peg_board_free(b);
	return rc;
}
