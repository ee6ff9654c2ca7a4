/* cmd_tricolor.c - pegsol tricolor: three-colour peg solitaire (seed 004):
 * show a coloured position, solve one (a verified solution or a proof that
 * none exists) and survey every starting state of a board. */
#include "cli.h"

#include "play_tui.h"

#include "pegsol/solution.h"
#include "pegsol/tricolor.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: pegsol tricolor show BOARD --position P [--json]\n"
	"       pegsol tricolor play BOARD [--position P | --vacate H]\n"
	"                             [--seed S] (the terminal game)\n"
	"       pegsol tricolor solve BOARD --position P [--table]\n"
	"                             [--max-states N] [--threads N] [--json]\n"
	"       pegsol tricolor survey BOARD [--threads N] [--list N]\n"
	"                             [--max-mb N] [--levels] [--dfs]\n"
	"                             [--max-states N] [--json]\n\n"
	"Three-colour peg solitaire (seed 004): a hole is empty (0) or holds\n"
	"a peg of colour 1 or 2; a jump over a peg of the same colour turns\n"
	"that peg to the other colour, over the other colour removes it.  The\n"
	"goal is one peg anywhere.\n\n"
	"P is one glyph per hole in row-major order: 1, 2, and . (or 0) for\n"
	"empty; spaces, / and new lines are ignored, or @FILE.\n"
	"solve: depth-first search with a visited set (same-colour jumps\n"
	"  make cycles); exit 0 with a verified solution, 1 when the whole\n"
	"  reachable set holds no one-peg state.  --table first builds the\n"
	"  retrograde table (boards up to 24 holes) and answers from it.\n"
	"  This is the issue's 'pegsol solve --colors 3 BOARD --position P'.\n"
	"survey: every starting state (one empty hole, every other hole\n"
	"  colour 1 or 2) up to the board's symmetry, from the retrograde\n"
	"  table; exit 0 when the board is freely solvable, 1 when not.\n"
	"  --list N unsolvable starts are listed (default 20), each with the\n"
	"  size of its reachable set; --levels prints the table per level.\n"
	"  --dfs solves every start class with its own search instead (an\n"
	"  independent check: each solution replayed).\n";

static char *jump_text(const struct peg_board *b, const struct peg_jump *j)
{
	char f[64], o[64], t[64], *s = malloc(200);

	if (!s)
		return NULL;
	peg_board_hole_name(b, j->from, f, sizeof(f));
	peg_board_hole_name(b, j->over, o, sizeof(o));
	peg_board_hole_name(b, j->to, t, sizeof(t));
	snprintf(s, 200, "%s-%s (over %s)", f, t, o);
	return s;
}

static int load_position(const struct peg_board *b, const char *position,
			 unsigned char *col)
{
	struct peg_err err;
	char *text;
	int r;

	if (!position) {
		cli_error("give the position: --position P (1, 2 and .)");
		return -1;
	}
	text = cli_text_arg(position);
	if (!text)
		return -1;
	r = peg_tri_parse(b, text, col, &err);
	free(text);
	if (r)
		cli_error("%s", err.msg);
	return r;
}

static void json_position(cJSON *o, const char *key,
			  const struct peg_board *b, const unsigned char *col)
{
	char *d = peg_tri_digits(b, col), *p = peg_tri_picture(b, col);
	cJSON *x = cJSON_CreateObject();

	cJSON_AddStringToObject(x, "digits", d ? d : "");
	cJSON_AddStringToObject(x, "picture", p ? p : "");
	cJSON_AddNumberToObject(x, "pegs", peg_tri_count(col, b->n_holes));
	cJSON_AddItemToObject(o, key, x);
	free(d);
	free(p);
}

static int do_show(const struct peg_board *b, const unsigned char *col,
		   int json)
{
	if (json) {
		cJSON *o = cJSON_CreateObject();
		cJSON *legal = cJSON_CreateArray();

		cli_json_board(o, b);
		cJSON_AddNumberToObject(o, "colors", 3);
		json_position(o, "position", b, col);
		for (int k = 0; k < b->n_jumps; k++)
			if (peg_tri_jump_legal(col, &b->jumps[k])) {
				char *s = jump_text(b, &b->jumps[k]);

				cJSON_AddItemToArray(legal,
						     cJSON_CreateString(s ? s : ""));
				free(s);
			}
		cJSON_AddItemToObject(o, "legal_jumps", legal);
		cli_json_print(o);
	} else {
		char *p = peg_tri_picture(b, col), *d = peg_tri_digits(b, col);
		int nl = 0;

		printf("%s, three colours: %d pegs\n", b->title,
		       peg_tri_count(col, b->n_holes));
		fputs(p ? p : "", stdout);
		printf("digits: %s\nlegal jumps:", d ? d : "");
		for (int k = 0; k < b->n_jumps; k++)
			if (peg_tri_jump_legal(col, &b->jumps[k])) {
				char *s = jump_text(b, &b->jumps[k]);

				printf("%s %s", nl++ ? "," : "", s ? s : "");
				free(s);
			}
		printf("%s\n", nl ? "" : " none");
		free(p);
		free(d);
	}
	return EXIT_YES;
}

static int do_solve(const struct peg_board *b, const unsigned char *col,
		    int use_table, int max_states, int threads, int json)
{
	struct peg_tri_solve_opts o = {0};
	struct peg_tri_result r;
	struct peg_tri_table *t = NULL;
	struct peg_err err;
	int rc;

	o.max_states = (uint64_t)max_states;
	if (use_table) {
		t = peg_tri_table_new(b, 0, threads, &err);
		if (!t)
			return cli_fail(err.msg, b->n_holes <=
							 PEG_TRI_TABLE_MAX_HOLES);
		o.oracle = t;
	}
	rc = peg_tri_solve(b, col, &o, &r, &err);
	if (rc != PEG_TRI_OK) {
		peg_tri_table_free(t);
		return cli_fail(err.msg, rc == PEG_TRI_ERESOURCE);
	}
	{
		char *sol = r.solvable ? peg_jumps_format(b, r.jumps, r.n_jumps)
				       : NULL;
		unsigned char *cur = malloc((size_t)b->n_holes);

		if (!cur) {
			cli_error("out of memory");
			free(sol);
			peg_tri_result_release(&r);
			peg_tri_table_free(t);
			return EXIT_RESOURCES;
		}
		memcpy(cur, col, (size_t)b->n_holes);
		if (json) {
			cJSON *j = cJSON_CreateObject(), *steps;

			cli_json_board(j, b);
			cJSON_AddNumberToObject(j, "colors", 3);
			json_position(j, "position", b, col);
			cJSON_AddBoolToObject(j, "solvable", r.solvable);
			cJSON_AddStringToObject(j, "method",
						t ? "retrograde table" : "dfs");
			cli_json_u64(j, "nodes", r.nodes);
			cJSON_AddNumberToObject(j, "min_pegs", r.min_pegs);
			if (r.solvable) {
				cJSON_AddNumberToObject(j, "jumps", r.n_jumps);
				cJSON_AddNumberToObject(
					j, "moves",
					peg_jumps_count_moves(r.jumps,
							      r.n_jumps));
				cJSON_AddStringToObject(j, "solution",
							sol ? sol : "");
				steps = cJSON_CreateArray();
				for (int i = 0; i < r.n_jumps; i++) {
					cJSON *s = cJSON_CreateObject();
					char *jt = jump_text(b, &r.jumps[i]);
					char *d;

					peg_tri_jump_apply(cur, &r.jumps[i]);
					d = peg_tri_digits(b, cur);
					cJSON_AddStringToObject(s, "jump",
								jt ? jt : "");
					cJSON_AddStringToObject(s, "after",
								d ? d : "");
					cJSON_AddItemToArray(steps, s);
					free(jt);
					free(d);
				}
				cJSON_AddItemToObject(j, "steps", steps);
				cJSON_AddBoolToObject(j, "verified", 1);
			}
			cli_json_print(j);
		} else {
			char *p = peg_tri_picture(b, col);

			printf("%s, three colours: %d pegs\n", b->title,
			       peg_tri_count(col, b->n_holes));
			fputs(p ? p : "", stdout);
			free(p);
			if (r.solvable) {
				printf("solvable: yes, %d jumps, %d moves "
				       "(verified under the three-colour "
				       "rules)\n",
				       r.n_jumps,
				       peg_jumps_count_moves(r.jumps,
							     r.n_jumps));
				for (int i = 0; i < r.n_jumps; i++) {
					char *jt = jump_text(b, &r.jumps[i]);
					char *d;

					peg_tri_jump_apply(cur, &r.jumps[i]);
					d = peg_tri_digits(b, cur);
					printf("%3d. %-22s %s\n", i + 1,
					       jt ? jt : "", d ? d : "");
					free(jt);
					free(d);
				}
				printf("solution: %s\n", sol ? sol : "");
			} else if (t) {
				printf("solvable: no (retrograde table of %s)"
				       "\n",
				       b->spec);
			} else {
				printf("solvable: no: the %llu states "
				       "reachable (up to symmetry and colour "
				       "swap) hold no one-peg state; fewest "
				       "pegs reached %d\n",
				       (unsigned long long)r.nodes, r.min_pegs);
			}
			printf("nodes: %llu\n", (unsigned long long)r.nodes);
		}
		rc = r.solvable ? EXIT_YES : EXIT_NO;
		free(cur);
		free(sol);
	}
	peg_tri_result_release(&r);
	peg_tri_table_free(t);
	return rc;
}

static int do_survey(const struct peg_board *b, int threads, int list,
		     int max_mb, int levels, int dfs, int max_states, int json)
{
	struct peg_tri_survey_opts so = {0};
	struct peg_tri_survey s;
	struct peg_err err;
	int rc, n = b->n_holes;
	char name[64];
	cJSON *j = NULL, *arr = NULL;

	so.threads = threads;
	so.max_bytes = (uint64_t)max_mb << 20;
	so.max_list = list;
	so.dfs = dfs;
	so.max_states = (uint64_t)max_states;
	rc = peg_tri_survey_run(b, &so, &s, &err);
	if (rc != PEG_TRI_OK)
		return cli_fail(err.msg, rc == PEG_TRI_ERESOURCE);
	if (json) {
		j = cJSON_CreateObject();
		cli_json_board(j, b);
		cJSON_AddNumberToObject(j, "colors", 3);
		cJSON_AddStringToObject(j, "method",
					dfs ? "dfs" : "retrograde table");
		cJSON_AddNumberToObject(j, "hole_classes", s.n_orbits);
		cli_json_u64(j, "starts_raw", s.starts_raw);
		cli_json_u64(j, "starts", s.starts);
		cli_json_u64(j, "solvable", s.solvable);
		cli_json_u64(j, "starts_color_swap", s.starts_swap);
		cli_json_u64(j, "solvable_color_swap", s.solvable_swap);
		cJSON_AddBoolToObject(j, "freely_solvable",
				      s.solvable == s.starts);
		arr = cJSON_CreateArray();
		for (int i = 0; i < s.n_orbits; i++) {
			cJSON *o = cJSON_CreateObject();

			cli_json_hole(o, "hole", b, s.orbits[i].hole);
			cJSON_AddNumberToObject(o, "orbit", s.orbits[i].size);
			cli_json_u64(o, "starts", s.orbits[i].starts);
			cli_json_u64(o, "solvable", s.orbits[i].solvable);
			cJSON_AddItemToArray(arr, o);
		}
		cJSON_AddItemToObject(j, "holes_table", arr);
	} else {
		printf("%s, three colours: %d holes, %d starting holes up to "
		       "symmetry\n",
		       b->title, n, s.n_orbits);
		printf("starting states: %llu, up to symmetry %llu (%llu "
		       "also up to colour swap)\n",
		       (unsigned long long)s.starts_raw,
		       (unsigned long long)s.starts,
		       (unsigned long long)s.starts_swap);
		printf("solvable: %llu of %llu (%llu of %llu up to colour "
		       "swap)\n",
		       (unsigned long long)s.solvable,
		       (unsigned long long)s.starts,
		       (unsigned long long)s.solvable_swap,
		       (unsigned long long)s.starts_swap);
		printf("freely solvable: %s\n",
		       s.solvable == s.starts ? "yes" : "no");
		printf("%-6s %6s %12s %12s\n", "hole", "orbit", "starts",
		       "solvable");
		for (int i = 0; i < s.n_orbits; i++)
			printf("%-6s %6d %12llu %12llu\n",
			       peg_board_hole_name(b, s.orbits[i].hole, name,
						   sizeof(name)),
			       s.orbits[i].size,
			       (unsigned long long)s.orbits[i].starts,
			       (unsigned long long)s.orbits[i].solvable);
	}
	/* the unsolvable starts, each with its reachable set searched */
	if (s.n_listed) {
		if (json)
			arr = cJSON_CreateArray();
		else
			printf("unsolvable starts (%d listed of %llu): "
			       "digits, reachable states, fewest pegs\n",
			       s.n_listed,
			       (unsigned long long)(s.starts - s.solvable));
		for (int i = 0; i < s.n_listed; i++) {
			const unsigned char *col = s.listed + (size_t)i * n;
			struct peg_tri_result r;
			struct peg_tri_solve_opts o = {5000000, NULL};
			int ok = peg_tri_solve(b, col, &o, &r, &err) ==
				 PEG_TRI_OK;
			char *d = peg_tri_digits(b, col);

			if (ok && r.solvable) {
				/* cannot happen: the table said dead */
				cli_error("table and search disagree on %s", d);
				free(d);
				peg_tri_result_release(&r);
				peg_tri_survey_release(&s);
				cJSON_Delete(j);
				cJSON_Delete(arr);
				return EXIT_RESOURCES;
			}
			if (json) {
				cJSON *x = cJSON_CreateObject();

				cJSON_AddStringToObject(x, "digits", d ? d : "");
				if (ok) {
					cli_json_u64(x, "reachable", r.nodes);
					cJSON_AddNumberToObject(x, "min_pegs",
								r.min_pegs);
				}
				cJSON_AddItemToArray(arr, x);
			} else if (ok) {
				printf("  %s  %8llu  %d%s\n", d ? d : "",
				       (unsigned long long)r.nodes, r.min_pegs,
				       r.nodes == 1 ? "  (no legal jump)" : "");
			} else {
				printf("  %s  (search over limit)\n", d ? d : "");
			}
			free(d);
			peg_tri_result_release(&r);
		}
		if (json)
			cJSON_AddItemToObject(j, "unsolvable", arr);
	}
	if (json && !dfs) {
		cJSON *t = cJSON_CreateObject(), *lv = cJSON_CreateArray();

		cli_json_u64(t, "bytes", s.table.bytes);
		cJSON_AddNumberToObject(t, "seconds", s.table.seconds);
		cli_json_u64(t, "jump_checks", s.table.jump_checks);
		for (int k = 0; k < n; k++) {
			cJSON *x = cJSON_CreateObject();

			cJSON_AddNumberToObject(x, "pegs", k);
			cli_json_u64(x, "states", s.table.states[k]);
			cli_json_u64(x, "solvable", s.table.solvable[k]);
			cJSON_AddNumberToObject(x, "sweeps", s.table.sweeps[k]);
			cJSON_AddItemToArray(lv, x);
		}
		cJSON_AddItemToObject(t, "levels", lv);
		cJSON_AddItemToObject(j, "table", t);
		cli_json_print(j);
	} else if (json) {
		cli_json_print(j);
	} else if (dfs) {
		printf("method: one DFS per start, every solution replayed\n");
	} else {
		printf("table: %llu bytes, %.2f s, %llu jump checks\n",
		       (unsigned long long)s.table.bytes, s.table.seconds,
		       (unsigned long long)s.table.jump_checks);
		if (levels)
			for (int k = 0; k < n; k++)
				printf("  %2d pegs: %14llu states, %14llu "
				       "solvable, %2d sweeps\n",
				       k,
				       (unsigned long long)s.table.states[k],
				       (unsigned long long)s.table.solvable[k],
				       s.table.sweeps[k]);
	}
	rc = s.solvable == s.starts ? EXIT_YES : EXIT_NO;
	peg_tri_survey_release(&s);
	return rc;
}

int cmd_tricolor(int argc, char **argv)
{
	int json = 0, table = 0, levels = 0, dfs = 0, np, r, rc = EXIT_USAGE;
	int max_states = 0, threads = 1, list = 20, max_mb = 4096;
	const char *pos[2], *position = NULL;
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--table", CLI_FLAG, &table},
				 {"--levels", CLI_FLAG, &levels},
				 {"--dfs", CLI_FLAG, &dfs},
				 {"--position", CLI_STRING, &position},
				 {"--max-states", CLI_INT, &max_states},
				 {"--threads", CLI_INT, &threads},
				 {"--list", CLI_INT, &list},
				 {"--max-mb", CLI_INT, &max_mb}};
	struct peg_board *b;
	unsigned char *col = NULL;

	if (argc > 1 && !strcmp(argv[1], "play")) /* tricolor_play.c */
		return tricolor_play(argc - 1, argv + 1);
	r = cli_parse(argc, argv, opts, 9, pos, 2, &np, usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	if (np < 1) {
		cli_error("need an action: show, solve, survey or play (see "
			  "--help)");
		return EXIT_USAGE;
	}
	if (strcmp(pos[0], "show") && strcmp(pos[0], "solve") &&
	    strcmp(pos[0], "survey")) {
		cli_error("unknown action '%s' (show, solve, survey, play)",
			  cli_q(pos[0]));
		return EXIT_USAGE;
	}
	if (cli_int_range("--threads", threads, 1, 64))
		return EXIT_USAGE;
	b = cli_board(np > 1 ? pos[1] : NULL);
	if (!b)
		return cli_exit_code();
	if (!strcmp(pos[0], "survey")) {
		rc = do_survey(b, threads, list, max_mb, levels, dfs, max_states,
			       json);
		goto out;
	}
	col = malloc((size_t)b->n_holes);
	if (!col) {
		rc = cli_oom();
		goto out;
	}
	if (load_position(b, position, col))
		goto out;
	if (!strcmp(pos[0], "show"))
		rc = do_show(b, col, json);
	else
		rc = do_solve(b, col, table, max_states, threads, json);
out:
	free(col);
	peg_board_free(b);
	return rc;
}
