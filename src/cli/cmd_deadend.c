/* cmd_deadend.c - pegsol deadend: the fastest way to lose a problem. */
#include "cli.h"
#include "progress.h"

#include "pegsol/analyse.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"
#include "pegsol/winsets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: pegsol deadend BOARD --vacate H [--position P]\n"
	"                      [--finish F | --anywhere] [--where]\n"
	"                      [--sets off|auto|on] [--cache DIR] [--json]\n"
	"                      [--progress]\n\n"
	"The fastest dead end: the fewest jumps from the start after which\n"
	"the goal can no longer be reached, with the jumps (seed 001 section\n"
	"7.1).  The goal is one peg at F, or one peg anywhere (--anywhere:\n"
	"the fastest dead board position).  Without either, a single --vacate\n"
	"hole is also the finish (the complement problem).\n"
	"--where also lists the holes where one peg can still finish from the\n"
	"dead position (Table 6's last column; costly on big boards).\n"
	"--sets: decide 'still winning' by looking up the winning sets W_n\n"
	"(computed first, or read from --cache DIR) instead of searching;\n"
	"auto (the default) does so on boards of up to 25 holes and English.\n"
	"--progress reports each level of the breadth-first search on stderr\n"
	"(pegs, positions, rate, seconds): one line rewritten on a terminal,\n"
	"else a line every 2 s and one at the end; also with --json.\n"
	"Boards of up to 128 holes.\n"
	"Exit 0 with the dead end, 1 when no reachable position is dead.\n";

/* The finishing hole: --finish, --anywhere, or the start's one vacancy
 * (the complement); -2 with the error printed. */
static int pick_finish(const struct peg_board *b, const char *finish,
		       int anywhere, const char *vacate,
		       const unsigned char *pegs)
{
	int h = -1, n_empty = 0, r = cli_finish_hole(b, finish, anywhere, &h);

	if (r <= 0)
		return r ? -2 : h;
	for (int i = 0; i < b->n_holes; i++)
		if (!pegs[i]) {
			n_empty++;
			h = i;
		}
	if (!vacate || n_empty != 1) {
		cli_error("give --finish F or --anywhere (the complement needs "
			  "one vacancy)");
		return -2;
	}
	return h;
}

int cmd_deadend(int argc, char **argv)
{
	int json = 0, where = 0, progress = 0, r, fin, rc = EXIT_USAGE;
	struct cli_problem_args pa = {0};
	const char *sets = "auto", *cache = NULL;
	struct peg_winsets *ws = NULL;
	struct peg_winsets_info info;
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--where", CLI_FLAG, &where},
				 CLI_PROBLEM_OPTS(pa),
				 {"--sets", CLI_STRING, &sets},
				 {"--cache", CLI_STRING, &cache},
				 {"--progress", CLI_FLAG, &progress}};
	struct peg_board *b;
	unsigned char *pegs = NULL, *end = NULL;
	struct peg_deadend d = {0};
	struct peg_err err;
	struct peg_deadend_opts dopt = {0};
	struct cli_progress prog;
	char *fmt = NULL, *pic = NULL, name[64];
	peg_u128 mask = 0;
	uint64_t wnodes = 0;

	b = cli_parse_board(argc, argv, opts, CLI_N(opts), usage, 128, &rc);
	if (!b)
		return rc;
	if (strcmp(sets, "off") && strcmp(sets, "auto") && strcmp(sets, "on")) {
		cli_error("--sets takes off, auto or on, got '%s'", sets);
		goto out;
	}
	pegs = cli_start(b, pa.position, pa.vacate, 1, &rc);
	if (!pegs)
		goto out;
	end = cli_alloc((size_t)b->n_holes, &rc);
	if (!end)
		goto out;
	fin = pick_finish(b, pa.finish, pa.anywhere, pa.vacate, pegs);
	if (fin == -2)
		goto out;
	if (peg_pos_count(pegs, b->n_holes) > 1 &&
	    (!strcmp(sets, "on") ||
	     (!strcmp(sets, "auto") && peg_winsets_auto(b)))) {
		if (peg_winsets_open(b, pegs, fin < 0 ? -1 : fin, cache, 0, &ws,
				     &info, &err)) {
			rc = cli_fail(err.msg, 0);
			goto out;
		}
		if (info.note[0])
			cli_note("%s", info.note);
	}
	dopt.ws = ws;
	cli_progress_use(&prog, progress, &dopt.progress, &dopt.progress_ctx);
	r = peg_deadend_find_opts(b, pegs, fin, &dopt, &d, &err);
	cli_progress_end(&prog);
	if (r) {
		rc = cli_fail(err.msg, r == PEG_ANALYSE_ENOMEM);
		goto out;
	}
	if (d.depth >= 0) {
		peg_pos_from128(d.end, b->n_holes, end);
		fmt = peg_jumps_format(b, d.jumps, d.depth);
		pic = peg_pos_picture(b, end, 0);
		if (where) {
			r = peg_finish_holes(b, end, &mask, &wnodes, &err);
			if (r) {
				rc = cli_fail(err.msg,
					      r == PEG_ANALYSE_ENOMEM);
				goto out;
			}
		}
	}
	rc = d.depth >= 0 ? EXIT_YES : EXIT_NO;
	if (fin >= 0)
		peg_board_hole_name(b, fin, name, sizeof(name));
	else
		strcpy(name, "anywhere");
	if (json) {
		cJSON *o = cJSON_CreateObject();

		cli_json_board(o, b);
		cJSON_AddItemToObject(o, "start", cli_json_holes(b, pegs));
		cJSON_AddStringToObject(o, "finish", name);
		cJSON_AddBoolToObject(o, "start_winning", d.start_winning);
		cJSON_AddBoolToObject(o, "dead_end", d.depth >= 0);
		cJSON_AddNumberToObject(o, "jumps", d.depth);
		if (d.depth >= 0) {
			cJSON_AddStringToObject(o, "solution", fmt ? fmt : "");
			cJSON_AddItemToObject(o, "dead_position",
					      cli_json_holes(b, end));
			cJSON_AddNumberToObject(o, "pegs_left",
						peg_pos_count(end, b->n_holes));
		}
		if (where && d.depth >= 0) {
			cJSON *a = cJSON_CreateArray();

			for (int h = 0; h < b->n_holes; h++)
				if (mask >> h & 1)
					cJSON_AddItemToArray(
						a, cJSON_CreateString(
							   peg_board_hole_name(
								   b, h, name,
								   sizeof(name))));
			cJSON_AddItemToObject(o, "still_possible", a);
		}
		cli_json_u64(o, "nodes", d.nodes);
		cli_json_u64(o, "generated", d.generated);
		cli_json_print(o);
		goto out;
	}
	printf("%s, goal: one peg %s%s\n", b->title, fin >= 0 ? "at " : "",
	       name);
	if (!d.start_winning)
		printf("the goal cannot be reached from the start\n");
	if (d.depth < 0) {
		printf("no dead end: every reachable position can still reach "
		       "the goal\n");
	} else {
		printf("fastest dead end: %d jump%s%s%s\n", d.depth,
		       d.depth == 1 ? "" : "s", d.depth ? ": " : "",
		       fmt ? fmt : "");
		printf("dead position, %d pegs:\n%s",
		       peg_pos_count(end, b->n_holes), pic ? pic : "");
		if (where) {
			printf("one peg still possible at:");
			if (!mask)
				printf(" nowhere");
			for (int h = 0; h < b->n_holes; h++)
				if (mask >> h & 1)
					printf(" %s", peg_board_hole_name(
							      b, h, name,
							      sizeof(name)));
			printf("\n");
		}
	}
	printf("nodes: %llu decided, %llu generated\n",
	       (unsigned long long)d.nodes, (unsigned long long)d.generated);
out:
	peg_winsets_free(ws);
	peg_deadend_release(&d);
	free(fmt);
	free(pic);
	free(pegs);
	free(end);
	peg_board_free(b);
	return rc;
}
