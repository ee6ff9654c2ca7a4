/* cmd_count.c - pegsol count: the exact number of solutions of a problem
 * (count.h). */
#include "cli.h"
#include "sets_print.h"
#include "problem.h"
#include "progress.h"

#include "pegsol/count.h"
#include "pegsol/solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char usage[] =
	"usage: pegsol count BOARD [--vacate H,...] [--position P]\n"
	"                    [--finish H,... | --anywhere] [--threads N]\n"
	"                    [--json] [--memory-mb M] [--partitions P]\n"
	"                    [--tmpdir DIR] [--progress]\n"
	"       pegsol count BOARD --all-starts [--anywhere] [options]\n\n"
	"Count the solutions (jump sequences) of a problem exactly, by paths\n"
	"through the graph of winning positions (boards of up to 128 holes).\n"
	"The problem options are those of pegsol solve (default: the\n"
	"complement problem of the --vacate holes).\n"
	"--memory-mb, --partitions, --tmpdir: as for pegsol sets (levels\n"
	"partitioned on disk by code mod p); under --memory-mb the levels\n"
	"are kept packed, the forward ones dropped before the walk, and the\n"
	"walk's tables must fit in M + 32 MB (else exit 3, out of memory).\n"
	"--progress reports each level of the sets and of the count walk on\n"
	"stderr, as pegsol sets --progress does (also with --json).\n"
	"--all-starts counts every single-vacancy start in one process: for\n"
	"each hole h, the board full but h, with the goal one peg at h (the\n"
	"complement problem) or with --anywhere one peg anywhere; holes that\n"
	"a board symmetry maps onto each other are solved once.  It prints a\n"
	"line per hole (hole, count, the hole of its class solved) and the\n"
	"sum; JSON keys: board, title, holes, anywhere, classes, starts (an\n"
	"array of {vacate, count}), sum, positions (walked), edges, seconds.\n"
	"Exit 0 when there is a solution, 1 when the count is 0 (with\n"
	"--all-starts: when every start's count is 0).\n"
	"JSON keys: board, title, holes, count (decimal string), solutions\n"
	"(number, approximate above 2^53), winning_positions, edges,\n"
	"symmetries, seconds, partitions, disk_bytes.\n";

/* pegsol count BOARD --all-starts (count.h peg_count_all_starts). */
static int count_all(const struct peg_board *b,
		     const struct cli_problem_args *pa,
		     const struct cli_sets_args *sa, int json, int progress)
{
	struct peg_sets_opts so = {0};
	struct peg_count_all res;
	struct cli_progress prog;
	struct peg_err err;
	char name[32], rep[32];
	double secs;
	int rc;

	if (pa->vacate || pa->position || pa->finish) {
		cli_error("--all-starts takes no --vacate, --position or "
			  "--finish (every hole is a start)");
		return EXIT_USAGE;
	}
	if (cli_sets_opts(sa, &so))
		return EXIT_USAGE;
	cli_progress_use(&prog, progress, &so.progress, &so.progress_ctx);
	secs = cli_now();
	if (peg_count_all_starts(b, pa->anywhere, &so, &res, &err)) {
		cli_progress_end(&prog);
		return cli_fail(err.msg, 0);
	}
	cli_progress_end(&prog);
	secs = cli_now() - secs;
	if (json) {
		cJSON *o = cJSON_CreateObject(), *a = cJSON_CreateArray();

		cli_json_board(o, b);
		cJSON_AddBoolToObject(o, "anywhere", pa->anywhere);
		cJSON_AddNumberToObject(o, "classes", res.classes);
		for (int h = 0; h < res.n; h++) {
			cJSON *e = cJSON_CreateObject();

			cli_json_hole(e, "vacate", b, h);
			cli_json_digits(e, "count", res.start[h].text);
			cJSON_AddItemToArray(a, e);
		}
		cJSON_AddItemToObject(o, "starts", a);
		cli_json_digits(o, "sum", res.sum);
		cli_json_u64(o, "positions", res.positions);
		cli_json_u64(o, "edges", res.edges);
		cJSON_AddNumberToObject(o, "seconds", secs);
		cli_json_print(o);
	} else {
		for (int h = 0; h < res.n; h++)
			printf("%-4s %s%s%s\n",
			       peg_board_hole_name(b, h, name, sizeof(name)),
			       res.start[h].text,
			       res.start[h].rep == h ? "" : "  as ",
			       res.start[h].rep == h
				       ? ""
				       : peg_board_hole_name(b, res.start[h].rep,
							     rep, sizeof(rep)));
		printf("sum %s (%d starts, %d classes, %s)\n", res.sum, res.n,
		       res.classes, pa->anywhere ? "one peg anywhere"
						 : "complement problems");
		printf("positions walked %zu, edges %llu, %.3f s\n",
		       res.positions, (unsigned long long)res.edges, secs);
	}
	rc = strcmp(res.sum, "0") ? EXIT_YES : EXIT_NO;
	peg_count_all_release(&res);
	return rc;
}

int cmd_count(int argc, char **argv)
{
	int json = 0, progress = 0, all = 0, r, rc = EXIT_USAGE;
	struct cli_problem_args pa = {0};
	struct cli_sets_args sa = {0};
	struct peg_sets_opts so = {0};
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--progress", CLI_FLAG, &progress},
				 {"--all-starts", CLI_FLAG, &all},
				 CLI_PROBLEM_OPTS(pa), CLI_SETS_OPTS(sa)};
	struct peg_board *b = NULL;
	struct peg_count_result res = {0};
	struct cli_problem pr = {0};
	double secs;
	struct peg_sets *s = NULL;
	struct peg_err err;
	struct cli_progress prog;

	b = cli_parse_board(argc, argv, opts, CLI_N(opts), usage,
			    PEG_SETS_MAX_HOLES, &rc);
	if (!b)
		return rc;
	if (all) {
		rc = count_all(b, &pa, &sa, json, progress);
		goto out;
	}
	if (cli_sets_opts(&sa, &so) ||
	    cli_problem(b, &pa, &pr, &rc))
		goto out;
	cli_progress_use(&prog, progress, &so.progress, &so.progress_ctx);
	secs = cli_now();
	r = peg_count_solutions_opts(b, &pr.p, &so, &res, &s, &err);
	cli_progress_end(&prog);
	if (r) {
		rc = cli_fail(err.msg, 0);
		goto out;
	}
	secs = cli_now() - secs;
	cli_count_print(b, &res, s->n_group, s->partitions, s->disk_bytes, secs,
			json);
	rc = strcmp(res.text, "0") ? EXIT_YES : EXIT_NO;
out:
	peg_count_result_release(&res);
	peg_sets_free(s);
	cli_problem_release(&pr);
	peg_board_free(b);
	return rc;
}
