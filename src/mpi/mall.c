/* mall.c - pegsol-mpi sets BOARD --all-starts (msets.h): pegsol's
 * --all-starts table (src/cli/allstarts.c: for each class of holes that
 * the board's symmetries map onto each other, the problem with its
 * lowest hole vacant, to one peg there or anywhere, and the totals of
 * F_n, B_n and W_n), each problem a sets run on the ranks in turn (mrun,
 * without L_n), so every problem is spread over the ranks and the table
 * is pegsol's for every K. */
#include "msets.h"

#include "cli.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The lowest hole of each hole's orbit under the board's symmetries. */
static int *orbit_min(const struct peg_board *b)
{
	int n = b->n_holes;
	int *lo = malloc(sizeof(int) * (size_t)(n ? n : 1));

	for (int h = 0; lo && h < n; h++) {
		lo[h] = h;
		for (const int *img = b->sym + h;
		     img < b->sym + (size_t)b->n_syms * n; img += n)
			lo[h] = *img < lo[h] ? *img : lo[h];
	}
	return lo;
}

struct totals {
	uint64_t f, b, w;
};

/* The sets of the start with hole h vacant, on the ranks (j: the
 * options); totals into t.  The exit status of the run (errors printed
 * by mrun). */
static int one_start(struct mjob *j, enum peg_group g, int h,
		     int anywhere, struct totals *t)
{
	size_t n = (size_t)j->b->n_holes;
	unsigned char *pos = calloc(2, n);
	struct peg_problem p;
	struct peg_err err;
	int rc, bad;

	if (!pos)
		return cli_oom();
	memset(&p, 0, sizeof(p));
	memset(pos, 1, n);
	pos[h] = 0;
	pos[n + (size_t)h] = 1;
	p.start = pos;
	p.goal = anywhere ? PEG_GOAL_ANYWHERE : PEG_GOAL_POSITION;
	p.finish = anywhere ? NULL : pos + n;
	j->p = &p;
	bad = msets_setup(j, g, &err) ? cli_fail(err.msg, 0) : 0;
	/* every rank runs the problem, or none */
	MPI_Allreduce(&bad, &rc, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
	if (!rc)
		rc = j->s->wide ? mrun_128(j) : mrun(j);
	memset(t, 0, sizeof(*t));
	for (int m = j->s ? j->s->finish_pegs : 1;
	     rc <= EXIT_NO && m <= j->s->start_pegs; m++) {
		t->f += j->s->F[m].n;
		t->b += peg_sets_backward_size(j->s, m);
		t->w += j->s->W[m].n;
	}
	peg_sets_free(j->s);
	j->s = NULL;
	free(pos);
	return rc;
}

/* One row of the table: text on rank 0, or an entry of the JSON array
 * (every rank builds it; rank 0 prints it). */
static void row(cJSON *starts, const struct peg_board *b, int h, int size,
		const struct totals *t, int rank)
{
	char name[32];
	cJSON *e;

	peg_board_hole_name(b, h, name, sizeof(name));
	if (!starts) {
		if (!rank)
			printf("%-6s %5d %14llu %14llu %14llu  %s\n", name,
			       size, (unsigned long long)t->f,
			       (unsigned long long)t->b,
			       (unsigned long long)t->w, t->w ? "yes" : "no");
		return;
	}
	e = cJSON_CreateObject();
	cJSON_AddItemToArray(starts, e);
	cJSON_AddStringToObject(e, "vacate", name);
	cJSON_AddNumberToObject(e, "class_size", size);
	cli_json_u64(e, "F", t->f);
	cli_json_u64(e, "B", t->b);
	cli_json_u64(e, "W", t->w);
	cJSON_AddBoolToObject(e, "solvable", t->w != 0);
}

int mall_run(struct mjob *j, enum peg_group g, int anywhere,
	     const char *group, int json)
{
	const struct peg_board *b = j->b;
	int *lo = orbit_min(b), rank = 0, rc = 0, solvable = 0, classes = 0;
	cJSON *o = json ? cJSON_CreateObject() : NULL;
	cJSON *starts = json ? cJSON_CreateArray() : NULL;
	double t0 = cli_now();
	int bad = !lo || (json && (!o || !starts)), any = 0;

	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	j->nolosers = 1;
	j->quiet = 1;
	/* every rank goes on, or none */
	MPI_Allreduce(&bad, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
	if (any) {
		cJSON_Delete(starts);
		rc = bad ? cli_oom() : EXIT_RESOURCES;
		goto out;
	}
	if (json) {
		cli_json_board(o, b);
		cJSON_AddStringToObject(o, "group", group ? group : "stab");
		cJSON_AddBoolToObject(o, "anywhere", anywhere);
		cJSON_AddItemToObject(o, "starts", starts);
	} else if (!rank) {
		printf("%s, every start (%s)\n", b->title,
		       anywhere ? "one peg anywhere" : "complement problems");
		printf("%-6s %5s %14s %14s %14s  %s\n", "vacate", "class",
		       "F total", "B total", "W total", "solvable");
	}
	for (int h = 0; h < b->n_holes; h++) {
		struct totals t;
		int size = 0;

		if (lo[h] != h)
			continue;
		rc = one_start(j, g, h, anywhere, &t);
		if (rc > EXIT_NO)
			goto out;
		for (int i = h; i < b->n_holes; i++)
			size += lo[i] == h;
		classes++;
		solvable |= t.w != 0;
		row(starts, b, h, size, &t, rank);
	}
	if (json) {
		cJSON_AddNumberToObject(o, "classes", classes);
		cJSON_AddNumberToObject(o, "seconds", cli_now() - t0);
		if (!rank)
			cli_json_print(o);
		else
			cJSON_Delete(o);
		o = NULL;
	} else if (!rank) {
		printf("%d classes, %.3f s\n", classes, cli_now() - t0);
	}
	rc = solvable ? EXIT_YES : EXIT_NO;
out:
	cJSON_Delete(o); /* with the rows */
	free(lo);
	return rc;
}
