/* cmd_check.c - pegsol check: replay a solution. */
#include "cli.h"
#include "svgout.h"

#include "pegsol/blocks.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: pegsol check BOARD [--vacate H,...] [--position P]\n"
	"                    [--finish H] [--pairs] [--svg FILE [--names]\n"
	"                    [--animate]] [--json] SOLUTION\n"
	"       pegsol check BOARD ... --blocks BLOCKSOLUTION\n\n"
	"Replay SOLUTION from the full board minus the --vacate holes (or\n"
	"from position P) and report its jumps, moves and final position.\n"
	"SOLUTION is Bell's notation ('a3-a1, c3-a3, c3-a3-a1'), OEIS A120422\n"
	"integer pairs ('4 1 6 4 ...'), @FILE or - for standard input.\n"
	"With --finish the solution must end with one peg in that hole.\n"
	"--pairs also prints the solution as integer pairs.\n"
	"--blocks takes the solution written with block removals instead:\n"
	"'c3-a1, small-trapezoid@a4/0, 4-package@b4/0, ...', each step a\n"
	"block NAME@HOLE/O (pegsol blocks lists them, docs/blocks.md) or a\n"
	"plain move; every block is expanded into its jumps and replayed.\n"
	"Exit 0 when every jump is legal (and the finish is reached), 1 when\n"
	"a jump is illegal or the finish is missed, 2 on unreadable input.\n"
	SVGOUT_USAGE "The picture of a legal solution is a grid of frames, one a move;\n"
	"--animate makes it one board that plays the moves.\n";

/* --blocks: expand and replay a solution written with blocks (blocks.h).
 * Returns peg_blocks_expand's status; *jumps, *n_jumps the jumps played,
 * *bfmt the steps played in block notation. */
static int check_blocks(const struct peg_board *b, const char *text,
			unsigned char *pegs, struct peg_jump **jumps,
			int *n_jumps, char **bfmt, struct peg_err *err)
{
	struct peg_blockset *s = peg_blockset_new(err);
	struct peg_block_solution bs = {0};
	int r;

	if (!s)
		return 3;
	r = peg_blocks_expand(b, s, text, pegs, &bs, err);
	if (r < 2) {
		*bfmt = peg_blocks_format(b, s, &bs);
		*jumps = bs.jumps;
		*n_jumps = bs.n_jumps;
		bs.jumps = NULL;
	}
	peg_block_solution_release(&bs);
	peg_blockset_free(s);
	return r;
}

int cmd_check(int argc, char **argv)
{
	int json = 0, pairs = 0, np, r, n_jumps = 0, ok, rc = EXIT_USAGE;
	int finish_h = -1, left, names = 0, animate = 0;
	struct cli_problem_args pa = {0};
	const char *svg = NULL, *blocks = NULL;
	char *bfmt = NULL;
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--blocks", CLI_STRING, &blocks},
				 {"--pairs", CLI_FLAG, &pairs},
				 CLI_START_OPTS(pa),
				 {"--finish", CLI_STRING, &pa.finish},
				 {"--svg", CLI_STRING, &svg},
				 {"--names", CLI_FLAG, &names},
				 {"--animate", CLI_FLAG, &animate}};
	const char *spec;
	struct peg_board *b = NULL;
	unsigned char *pegs = NULL, *start = NULL;
	char *text = NULL, *fmt = NULL, *pairtext = NULL, *pic = NULL;
	struct peg_moves mv = {0};
	struct peg_jump *jumps = NULL;
	struct peg_err err, rerr;
	int nb_pos = 0;
	const char *posv[2];

	r = cli_parse(argc, argv, opts, CLI_N(opts), posv, 2, &nb_pos, usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	np = nb_pos;
	if (np < 2 - !!blocks || (blocks && np > 1)) {
		cli_error(blocks ? "give the solution as SOLUTION or --blocks, "
				   "not both"
				 : "need a board and a solution (see --help)");
		return EXIT_USAGE;
	}
	spec = posv[0];
	b = cli_board(spec);
	if (!b)
		return cli_exit_code();
	pegs = cli_start(b, pa.position, pa.vacate, 1, &rc);
	if (!pegs)
		goto out;
	if (pa.finish) {
		finish_h = peg_board_parse_hole(b, pa.finish, &err);
		if (finish_h < 0) {
			cli_error("%s", err.msg);
			goto out;
		}
	}
	text = cli_text_arg(blocks ? blocks : posv[1]);
	if (!text)
		goto out;
	if (!blocks && peg_moves_parse(b, text, &mv, &err)) {
		cli_error("%s", err.msg);
		goto out;
	}
	start = malloc((size_t)b->n_holes);
	if (!start) {
		rc = cli_fail("out of memory", 1);
		goto out;
	}
	memcpy(start, pegs, (size_t)b->n_holes);
	if (blocks) {
		r = check_blocks(b, text, pegs, &jumps, &n_jumps, &bfmt, &rerr);
		if (r > 1) {
			rc = cli_fail(rerr.msg, r == 3);
			goto out;
		}
		ok = r == 0;
	} else {
		ok = peg_moves_replay(b, &mv, pegs, &jumps, &n_jumps,
				      &rerr) == 0;
	}
	if (svg && ok) {
		struct peg_svg_opts so = {.names = names, .animate = animate};

		rc = svgout_draw(svg, b, start, jumps, n_jumps, &so);
		if (rc || !strcmp(svg, "-"))
			goto out;
	}
	left = peg_pos_count(pegs, b->n_holes);
	fmt = peg_jumps_format(b, jumps, n_jumps);
	if (pairs)
		pairtext = peg_jumps_format_pairs(jumps, n_jumps);
	pic = peg_pos_picture(b, pegs, 0);
	rc = ok ? EXIT_YES : EXIT_NO;
	if (ok && finish_h >= 0 && !(left == 1 && pegs[finish_h]))
		rc = EXIT_NO;
	if (json) {
		cJSON *o = cJSON_CreateObject();

		cli_json_board(o, b);
		cJSON_AddBoolToObject(o, "legal", ok);
		if (!ok)
			cJSON_AddStringToObject(o, "error", rerr.msg);
		cJSON_AddNumberToObject(o, "jumps", n_jumps);
		cJSON_AddNumberToObject(o, "moves",
					peg_jumps_count_moves(jumps, n_jumps));
		cJSON_AddNumberToObject(o, "pegs_left", left);
		cJSON_AddItemToObject(o, "final_pegs", cli_json_holes(b, pegs));
		if (finish_h >= 0)
			cJSON_AddBoolToObject(o, "finish_reached",
					      left == 1 && pegs[finish_h]);
		cJSON_AddStringToObject(o, "solution", fmt ? fmt : "");
		if (bfmt)
			cJSON_AddStringToObject(o, "blocks", bfmt);
		if (pairtext)
			cJSON_AddStringToObject(o, "pairs", pairtext);
		cli_json_print(o);
	} else {
		if (!ok)
			printf("illegal: %s\n", rerr.msg);
		printf("%s %d jumps, %d moves: %s\n",
		       ok ? "legal," : "played", n_jumps,
		       peg_jumps_count_moves(jumps, n_jumps), fmt ? fmt : "");
		if (pairtext)
			printf("pairs: %s\n", pairtext);
		if (bfmt)
			printf("blocks: %s\n", bfmt);
		printf("%s position, %d peg%s:\n%s", ok ? "final" : "last legal",
		       left, left == 1 ? "" : "s", pic ? pic : "");
		if (finish_h >= 0)
			printf("finish %s: %s\n", pa.finish,
			       left == 1 && pegs[finish_h] ? "reached"
							   : "not reached");
	}
out:
	peg_moves_free(&mv);
	free(jumps);
	free(fmt);
	free(pairtext);
	free(bfmt);
	free(pic);
	free(text);
	free(start);
	free(pegs);
	peg_board_free(b);
	return rc;
}
