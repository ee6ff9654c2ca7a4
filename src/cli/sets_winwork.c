/* sets_winwork.c - pegsol sets BOARD ... --work DIR --winning: the
 * winning sets of a problem that is its own time reverse from the
 * forward levels of DIR (src/lib/engines/winwork.h), with the fastest
 * dead end and, with --count, the number of solutions; printed as a
 * table or JSON. */
#include "sets_winwork.h"

#include "cli.h"
#include "progress.h"

#include "pegsol/pos.h"

#include "winwork.h"

#include <stdio.h>
#include <stdlib.h>

static void note_resumed(void *ctx, int pegs)
{
	(void)ctx;
	fprintf(stderr, "pegsol sets: resuming after W level %d\n", pegs);
}

static void print_json(const struct peg_board *b, const struct pegww_opts *o,
		       const struct pegww_result *r, double secs)
{
	cJSON *j = cJSON_CreateObject(), *lv = cJSON_CreateArray();
	uint64_t tw = 0;

	cli_json_board(j, b);
	cJSON_AddStringToObject(j, "work", o->work);
	cJSON_AddStringToObject(j, "winning_dir", o->wdir ? o->wdir : o->work);
	cJSON_AddNumberToObject(j, "symmetries", r->n_group);
	if (r->rev) {
		cJSON_AddStringToObject(j, "reverse_work", o->rwork);
		cJSON_AddNumberToObject(j, "tau", r->tau);
		cJSON_AddNullToObject(j, "sigma");
	} else {
		cJSON_AddNumberToObject(j, "sigma", r->sigma);
	}
	cJSON_AddNumberToObject(j, "middle", r->middle);
	for (int n = r->start_pegs; n >= r->finish_pegs; n--) {
		cJSON *e = cJSON_CreateObject();

		cJSON_AddNumberToObject(e, "pegs", n);
		if (r->have_f[n])
			cli_json_u64(e, "F", r->f[n]);
		else
			cJSON_AddNullToObject(e, "F");
		cli_json_u64(e, "W", r->w[n]);
		tw += r->w[n];
		cJSON_AddItemToArray(lv, e);
	}
	cJSON_AddItemToObject(j, "levels", lv);
	cJSON_AddBoolToObject(j, "forward_goal_other", r->fgoal_other);
	cJSON_AddNumberToObject(j, "F_symmetries", r->f_group);
	cli_json_u64(j, "W_total", tw);
	cJSON_AddBoolToObject(j, "solvable", r->w[r->finish_pegs] > 0);
	if (r->dead_text) {
		cJSON *d = cJSON_CreateObject();
		char *pos = NULL;

		cJSON_AddNumberToObject(d, "jumps", r->dead_jumps);
		cJSON_AddNumberToObject(d, "pegs", r->dead_pegs);
		cJSON_AddStringToObject(d, "witness", r->dead_text);
		{
			unsigned char *pg = malloc((size_t)b->n_holes);

			if (pg) {
				peg_pos_from64(r->dead_code, b->n_holes, pg);
				pos = peg_pos_list(b, pg);
				free(pg);
			}
		}
		if (pos)
			cJSON_AddStringToObject(d, "position", pos);
		free(pos);
		cJSON_AddItemToObject(j, "dead_end", d);
	} else {
		cJSON_AddNullToObject(j, "dead_end");
	}
	if (r->count) {
		cJSON_AddStringToObject(j, "count", r->count);
		cli_json_u64(j, "edges", r->edges);
	}
	cJSON_AddNumberToObject(j, "resumed_levels", r->resumed);
	cli_json_u64(j, "winning_bytes", r->wbytes);
	cJSON_AddNumberToObject(j, "seconds", secs);
	cli_json_print(j);
}

static void print_text(const struct peg_board *b, const struct pegww_opts *o,
		       const struct pegww_result *r, double secs)
{
	uint64_t tw = 0;

	if (r->rev)
		printf("%s, winning sets from the forward levels of %s and "
		       "of the reverse problem in %s (tau = symmetry %d), %d "
		       "symmetr%s, W_%d = F_%d & B_%d, %.3f s\n",
		       b->title, o->work, o->rwork, r->tau, r->n_group,
		       r->n_group == 1 ? "y" : "ies", r->middle, r->middle,
		       r->middle, secs);
	else
		printf("%s, winning sets from the forward levels of %s, %d "
		       "symmetr%s, sigma = symmetry %d, W_%d = F_%d & B_%d, "
		       "%.3f s\n",
		       b->title, o->work, r->n_group,
		       r->n_group == 1 ? "y" : "ies", r->sigma, r->middle,
		       r->middle, r->middle, secs);
	if (r->f_group != r->n_group)
		printf("(|F_n| counts the orbits of the %d symmetries of %s's "
		       "run; W's codes are under %d)\n", r->f_group, o->work,
		       r->n_group);
	if (r->fgoal_other)
		printf("(%s was made for another goal: the same start and "
		       "group, unpruned, so the same forward sets)\n",
		       o->work);
	printf("%5s %12s %12s\n", "pegs", "|F_n|", "|W_n|");
	for (int n = r->start_pegs; n >= r->finish_pegs; n--) {
		if (r->have_f[n])
			printf("%5d %12llu %12llu\n", n,
			       (unsigned long long)r->f[n],
			       (unsigned long long)r->w[n]);
		else
			printf("%5d %12s %12llu\n", n, "-",
			       (unsigned long long)r->w[n]);
		tw += r->w[n];
	}
	printf("%5s %12s %12llu\n", "total", "", (unsigned long long)tw);
	if (r->dead_text)
		printf("fastest dead end: %d jumps (%d pegs): %s\n",
		       r->dead_jumps, r->dead_pegs, r->dead_text);
	else if (!r->w[r->start_pegs])
		printf("fastest dead end: none, the start is lost\n");
	else
		printf("fastest dead end: none where F is known\n");
	if (r->count)
		printf("%s solutions\n", r->count);
	printf("W levels in %s (%llu bytes)\n", o->wdir ? o->wdir : o->work,
	       (unsigned long long)r->wbytes);
}

int cli_sets_winning(const struct peg_board *b, const struct peg_problem *p,
		     const struct cli_winwork *a)
{
	struct pegww_opts o = {.work = a->work, .wdir = a->wdir,
			       .rwork = a->rwork,
			       .memory = a->memory, .prune = a->prune,
			       .count = a->count, .resumed = note_resumed};
	struct pegww_result r;
	struct peg_err err = {{0}};
	struct cli_progress prog;
	double secs = cli_now();
	int rc;

	cli_progress_use(&prog, a->progress, &o.progress, &o.progress_ctx);
	rc = pegww_run(b, p, &o, &r, &err);
	cli_progress_end(&prog);
	if (rc) {
		pegww_result_release(&r);
		return cli_fail(err.msg, 0);
	}
	secs = cli_now() - secs;
	if (a->json)
		print_json(b, &o, &r, secs);
	else
		print_text(b, &o, &r, secs);
	rc = r.w[r.finish_pegs] > 0 ? EXIT_YES : EXIT_NO;
	pegww_result_release(&r);
	return rc;
}
