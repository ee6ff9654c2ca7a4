/* cmd_count.c - pegsol count: the exact number of solutions of a problem
 * (count.h). */
#include "cli.h"
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
	"                    [--tmpdir DIR] [--progress]\n\n"
	"Count the solutions (jump sequences) of a problem exactly, by paths\n"
	"through the graph of winning positions (boards of up to 128 holes).\n"
	"The problem options are those of pegsol solve (default: the\n"
	"complement problem of the --vacate holes).\n"
	"--memory-mb, --partitions, --tmpdir: as for pegsol sets (levels\n"
	"partitioned on disk by code mod p).\n"
	"--progress reports each level of the sets and of the count walk on\n"
	"stderr, as pegsol sets --progress does (also with --json).\n"
	"Exit 0 when there is a solution, 1 when the count is 0.\n"
	"JSON keys: board, title, holes, count (decimal string), solutions\n"
	"(number, approximate above 2^53), winning_positions, edges,\n"
	"symmetries, seconds, partitions, disk_bytes.\n";

int cmd_count(int argc, char **argv)
{
	int json = 0, progress = 0, r, rc = EXIT_USAGE;
	struct cli_problem_args pa = {0};
	struct cli_sets_args sa = {0};
	struct peg_sets_opts so = {0};
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--progress", CLI_FLAG, &progress},
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
	if (json) {
		cJSON *o = cJSON_CreateObject();

		cli_json_board(o, b);
		cJSON_AddStringToObject(o, "count", res.text);
		cli_json_digits(o, "solutions", res.text);
		cli_json_u64(o, "winning_positions", res.positions);
		cli_json_u64(o, "edges", res.edges);
		cJSON_AddNumberToObject(o, "symmetries", s->n_group);
		cJSON_AddNumberToObject(o, "seconds", secs);
		cJSON_AddNumberToObject(o, "partitions", s->partitions);
		cli_json_u64(o, "disk_bytes", s->disk_bytes);
		cli_json_print(o);
	} else {
		printf("%s solutions\n", res.text);
		printf("winning positions %zu (%d symmetr%s), edges %llu, "
		       "%.3f s\n",
		       res.positions, s->n_group,
		       s->n_group == 1 ? "y" : "ies",
		       (unsigned long long)res.edges, secs);
		if (s->partitions)
			printf("disk: up to %d partitions a level, %llu bytes "
			       "written\n",
			       s->partitions,
			       (unsigned long long)s->disk_bytes);
	}
	rc = strcmp(res.text, "0") ? EXIT_YES : EXIT_NO;
out:
	peg_count_result_release(&res);
	peg_sets_free(s);
	cli_problem_release(&pr);
	peg_board_free(b);
	return rc;
}
