/* cmd_count.c - pegsol count: the exact number of solutions of a problem
 * (count.h). */
#include "cli.h"
#include "problem.h"

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
	"                    [--tmpdir DIR]\n\n"
	"Count the solutions (jump sequences) of a problem exactly, by paths\n"
	"through the graph of winning positions (boards of up to 128 holes).\n"
	"The problem options are those of pegsol solve (default: the\n"
	"complement problem of the --vacate holes).\n"
	"--memory-mb, --partitions, --tmpdir: as for pegsol sets (levels\n"
	"partitioned on disk by code mod p).\n"
	"Exit 0 when there is a solution, 1 when the count is 0.\n"
	"JSON keys: board, title, holes, count (decimal string), solutions\n"
	"(number, approximate above 2^53), winning_positions, edges,\n"
	"symmetries, seconds, partitions, disk_bytes.\n";

int cmd_count(int argc, char **argv)
{
	int json = 0, anywhere = 0, threads = 0, n_pos = 0, r;
	int rc = EXIT_USAGE, parts = 0;
	const char *posv[1], *vacate = NULL, *position = NULL, *finish = NULL;
	const char *memory = NULL, *tmpdir = NULL;
	struct peg_sets_opts so = {0};
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--anywhere", CLI_FLAG, &anywhere},
				 {"--vacate", CLI_STRING, &vacate},
				 {"--position", CLI_STRING, &position},
				 {"--finish", CLI_STRING, &finish},
				 {"--threads", CLI_INT, &threads},
				 {"--memory-mb", CLI_STRING, &memory},
				 {"--partitions", CLI_INT, &parts},
				 {"--tmpdir", CLI_STRING, &tmpdir}};
	struct peg_board *b = NULL;
	unsigned char *start = NULL, *goal = NULL;
	struct peg_problem p;
	struct peg_count_result res = {0};
	struct peg_sets *s = NULL;
	struct peg_err err;
	struct timespec t0, t1;
	double secs;

	r = cli_parse(argc, argv, opts, 9, posv, 1, &n_pos, usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	if (n_pos < 1) {
		cli_error("need a board (see --help)");
		return EXIT_USAGE;
	}
	if (cli_sets_opts(threads, memory, parts, tmpdir, &so))
		return EXIT_USAGE;
	b = cli_board_max(posv[0], PEG_SETS_MAX_HOLES);
	if (!b)
		return cli_exit_code();
	if (cli_problem(b, position, vacate, finish, anywhere, &start, &goal,
			&p, &rc))
		goto out;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (peg_count_solutions_opts(b, &p, &so, &res, &s, &err)) {
		rc = cli_fail(err.msg, 0);
		goto out;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (double)(t1.tv_sec - t0.tv_sec) +
	       (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
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
	free(start);
	free(goal);
	peg_board_free(b);
	return rc;
}
