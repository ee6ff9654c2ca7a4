/* allstarts.c - pegsol sets BOARD --all-starts (allstarts.h): for each
 * symmetry class of holes, the problem with its lowest hole vacant (the
 * complement problem, or one peg anywhere), and the totals of F_n, B_n,
 * W_n over every level, as one table.  The classes are the orbits of the
 * board's symmetry group; every hole of a class has the same totals. */
#include "allstarts.h"

#include "cli.h"
#include "problem.h"
#include "progress.h"

#include "pegsol/sets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: pegsol sets BOARD --all-starts [--anywhere]\n"
	"                   [--group stab|full|none] [--json] [--threads N]\n"
	"                   [--memory-mb M] [--partitions P] [--tmpdir DIR]\n"
	"                   [--progress]\n\n"
	"The level sets of every single-vacancy start of BOARD in one process:\n"
	"for each class of holes that the board's symmetries map onto each\n"
	"other, the problem with its lowest hole vacant and the goal one peg\n"
	"at that hole (the complement problem) or, with --anywhere, one peg\n"
	"anywhere; a row per class with its size (holes) and the totals of\n"
	"F_n, B_n and W_n over every level (canonical codes under --group,\n"
	"as pegsol sets), and whether it is solvable.\n"
	"Exit 0 when some start is solvable, 1 when none is.\n"
	"JSON keys: board, title, holes, group, anywhere, classes, starts\n"
	"[{vacate, class_size, F, B, W, solvable}], seconds.\n";

int cli_all_starts_asked(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--all-starts"))
			return 1;
	return 0;
}

/* The orbit of hole h: its lowest hole, and its size in *size. */
static int hole_class(const struct peg_board *b, int h, int *size)
{
	int rep = h, n = b->n_holes;

	*size = 0;
	for (int g = 0; g < b->n_syms; g++)
		if (b->sym[(size_t)g * n + h] < rep)
			rep = b->sym[(size_t)g * n + h];
	for (int i = 0; i < n; i++) {
		int r = i;

		for (int g = 0; g < b->n_syms; g++)
			if (b->sym[(size_t)g * n + i] < r)
				r = b->sym[(size_t)g * n + i];
		*size += r == rep;
	}
	return rep;
}

/* The sets of the start with hole h vacant; totals into t[0..2] (F, B,
 * W).  0, or the exit status of the error (printed). */
static int class_totals(const struct peg_board *b, int h, int anywhere,
			const struct peg_sets_opts *so, uint64_t *t)
{
	size_t n = (size_t)b->n_holes;
	unsigned char *pos = malloc(2 * n);
	struct peg_problem p = {0};
	struct peg_sets *s;
	struct peg_err err;

	if (!pos)
		return cli_oom();
	memset(pos, 1, n);
	memset(pos + n, 0, n);
	pos[h] = 0;
	pos[n + (size_t)h] = 1;
	p.start = pos;
	p.goal = anywhere ? PEG_GOAL_ANYWHERE : PEG_GOAL_POSITION;
	p.finish = anywhere ? NULL : pos + n;
	if (peg_sets_compute(b, &p, so, &s, &err)) {
		free(pos);
		return cli_fail(err.msg, 0);
	}
	t[0] = t[1] = t[2] = 0;
	for (int m = s->finish_pegs; m <= s->start_pegs; m++) {
		t[0] += s->F[m].n;
		t[1] += peg_sets_backward_size(s, m);
		t[2] += s->W[m].n;
	}
	peg_sets_free(s);
	free(pos);
	return 0;
}

int cli_sets_all_starts(int argc, char **argv)
{
	int json = 0, all = 0, progress = 0, rc = EXIT_USAGE, any = 0;
	int classes = 0;
	const char *group = NULL;
	struct cli_problem_args pa = {0};
	struct cli_sets_args sa = {0};
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--all-starts", CLI_FLAG, &all},
				 {"--progress", CLI_FLAG, &progress},
				 {"--group", CLI_STRING, &group},
				 CLI_PROBLEM_OPTS(pa), CLI_SETS_OPTS(sa)};
	struct peg_sets_opts so = {0};
	struct cli_progress prog;
	struct peg_board *b;
	cJSON *o = NULL, *a = NULL;
	char name[32];
	double secs;

	b = cli_parse_board(argc, argv, opts, CLI_N(opts), usage,
			    PEG_SETS_MAX_HOLES, &rc);
	if (!b)
		return rc;
	rc = EXIT_USAGE;
	if (pa.vacate || pa.position || pa.finish) {
		cli_error("--all-starts takes no --vacate, --position or "
			  "--finish (every hole is a start)");
		goto out;
	}
	if (b->n_holes < 2) {
		cli_error("all starts need a board of 2 to %d holes",
			  PEG_SETS_MAX_HOLES);
		goto out;
	}
	if (cli_sets_opts(&sa, &so))
		goto out;
	if (!group || !strcmp(group, "stab")) {
		so.group = PEG_GROUP_STAB;
	} else if (!strcmp(group, "full")) {
		so.group = PEG_GROUP_FULL;
	} else if (!strcmp(group, "none")) {
		so.group = PEG_GROUP_NONE;
	} else {
		cli_error("unknown group '%s' (stab, full or none)", group);
		goto out;
	}
	so.no_losers = 1;
	cli_progress_use(&prog, progress, &so.progress, &so.progress_ctx);
	secs = cli_now();
	if (json) {
		o = cJSON_CreateObject();
		a = cJSON_CreateArray();
		cli_json_board(o, b);
		cJSON_AddStringToObject(o, "group", group ? group : "stab");
		cJSON_AddBoolToObject(o, "anywhere", pa.anywhere);
		cJSON_AddItemToObject(o, "starts", a);
	} else {
		printf("%s, every start (%s)\n", b->title,
		       pa.anywhere ? "one peg anywhere"
				   : "complement problems");
		printf("%-6s %5s %14s %14s %14s  %s\n", "vacate", "class",
		       "F total", "B total", "W total", "solvable");
	}
	rc = 0;
	for (int h = 0; h < b->n_holes && !rc; h++) {
		uint64_t t[3] = {0, 0, 0};
		int size;

		if (hole_class(b, h, &size) != h)
			continue;
		rc = class_totals(b, h, pa.anywhere, &so, t);
		if (rc)
			break;
		classes++;
		any |= t[2] != 0;
		peg_board_hole_name(b, h, name, sizeof(name));
		if (json) {
			cJSON *e = cJSON_CreateObject();

			cJSON_AddStringToObject(e, "vacate", name);
			cJSON_AddNumberToObject(e, "class_size", size);
			cli_json_u64(e, "F", t[0]);
			cli_json_u64(e, "B", t[1]);
			cli_json_u64(e, "W", t[2]);
			cJSON_AddBoolToObject(e, "solvable", t[2] != 0);
			cJSON_AddItemToArray(a, e);
		} else {
			printf("%-6s %5d %14llu %14llu %14llu  %s\n", name,
			       size, (unsigned long long)t[0],
			       (unsigned long long)t[1],
			       (unsigned long long)t[2], t[2] ? "yes" : "no");
		}
	}
	cli_progress_end(&prog);
	if (rc)
		goto out;
	secs = cli_now() - secs;
	if (json) {
		cJSON_AddNumberToObject(o, "classes", classes);
		cJSON_AddNumberToObject(o, "seconds", secs);
		cli_json_print(o);
		o = NULL;
	} else {
		printf("%d classes, %.3f s\n", classes, secs);
	}
	rc = any ? EXIT_YES : EXIT_NO;
out:
	cJSON_Delete(o);
	peg_board_free(b);
	return rc;
}
