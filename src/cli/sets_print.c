/* sets_print.c - the result tables of pegsol sets and pegsol count (text
 * and JSON), shared with pegsol-mpi (sets_print.h). */
#include "sets_print.h"

#include "cli.h"
#include "sets_prune.h"

#include <stdio.h>
#include <string.h>

static uint64_t sum_n(const struct peg_level *lv, int n)
{
	uint64_t t = 0;

	for (int i = 0; i <= n; i++)
		t += lv[i].n;
	return t;
}

static uint64_t sum_raw(const struct peg_level *lv, int n)
{
	uint64_t t = 0;

	for (int i = 0; i <= n; i++)
		t += lv[i].raw;
	return t;
}

/* --prune: the pagoda functions and what they cut, as JSON. */
static void prune_json(cJSON *o, const struct peg_sets *s)
{
	const struct peg_prune *pr = s->prune;
	cJSON *po, *arr;
	uint64_t lost = 0;

	if (!pr)
		return;
	for (int m = 0; m <= s->n_holes; m++)
		lost += s->pruned[m];
	po = cJSON_CreateObject();
	arr = cJSON_CreateArray();
	cJSON_AddNumberToObject(po, "functions", pr->n_base);
	cJSON_AddNumberToObject(po, "tested", pr->n_fn);
	cJSON_AddNumberToObject(po, "sample_pegs", pr->sample_pegs);
	cJSON_AddNumberToObject(po, "lp_calls", pr->lp_calls);
	cli_json_u64(po, "lost", lost);
	for (int q = 0; q < pr->n_base; q++) {
		cJSON *e = cJSON_CreateObject(), *w = cJSON_CreateArray();

		for (int h = 0; h < pr->n_holes; h++)
			cJSON_AddItemToArray(
				w, cJSON_CreateNumber((double)pr->w[
					   (size_t)q * (size_t)pr->n_holes +
					   (size_t)h]));
		cJSON_AddItemToObject(e, "weights", w);
		cJSON_AddNumberToObject(e, "goal", (double)pr->goal[q]);
		cli_json_u64(e, "cut", pr->cut[q]);
		cJSON_AddItemToArray(arr, e);
	}
	cJSON_AddItemToObject(po, "pagodas", arr);
	if (pr->int_pegs) { /* the integer stage (docs/performance.md) */
		cJSON *ip = cJSON_CreateObject();

		cJSON_AddNumberToObject(ip, "pegs", pr->int_pegs);
		cli_json_u64(ip, "cut", pr->cut[pr->n_base]);
		cJSON_AddItemToObject(po, "integer", ip);
	} else if (sets_prune_arm_count(pr)) { /* the arm tables */
		cJSON *ap = cJSON_CreateObject();

		cJSON_AddNumberToObject(ap, "functions",
					sets_prune_arm_count(pr));
		cli_json_u64(ap, "cut", pr->cut[pr->n_base]);
		cJSON_AddItemToObject(po, "arms", ap);
	}
	cJSON_AddItemToObject(o, "prune", po);
}

/* --prune: the same as text, one line a function (weights in hole
 * order). */
static void prune_text(const struct peg_sets *s)
{
	const struct peg_prune *pr = s->prune;
	uint64_t lost = 0;

	if (!pr)
		return;
	for (int m = 0; m <= s->n_holes; m++)
		lost += s->pruned[m];
	printf("pruned by %d pagoda function%s (%d tested with their "
	       "images; %d linear programs on levels down to %d pegs): "
	       "%llu positions dropped\n",
	       pr->n_base, pr->n_base == 1 ? "" : "s", pr->n_fn, pr->lp_calls,
	       pr->sample_pegs, (unsigned long long)lost);
	for (int q = 0; q < pr->n_base; q++) {
		printf("  pagoda %d: goal %ld, cut %llu, weights", q + 1,
		       pr->goal[q], (unsigned long long)pr->cut[q]);
		for (int h = 0; h < pr->n_holes; h++)
			printf(" %ld",
			       pr->w[(size_t)q * (size_t)pr->n_holes +
				     (size_t)h]);
		printf("\n");
	}
	if (pr->int_pegs)
		printf("  integer jump counts on levels of %d pegs or more: cut "
		       "%llu\n",
		       pr->int_pegs, (unsigned long long)pr->cut[pr->n_base]);
	else if (sets_prune_arm_count(pr))
		printf("  arm tables: %d function%s, cut %llu\n",
		       sets_prune_arm_count(pr),
		       sets_prune_arm_count(pr) == 1 ? "" : "s",
		       (unsigned long long)pr->cut[pr->n_base]);
}

const char *cli_group_name(enum peg_group g)
{
	return g == PEG_GROUP_FULL ? "full" : g == PEG_GROUP_NONE ? "none"
								  : "stab";
}

void cli_sets_print_forward(const struct peg_board *b,
			    const struct peg_sets *s, double secs, int raw,
			    int json, const char *work)
{
	uint64_t tf = 0, tr = 0;
	const char *gn = cli_group_name(s->group_kind);

	for (int m = s->start_pegs; m >= s->bottom; m--) {
		tf += s->F[m].n;
		tr += s->F[m].raw;
	}
	if (json) {
		cJSON *o = cJSON_CreateObject(), *lv = cJSON_CreateArray();
		cJSON *tot = cJSON_CreateObject();

		cli_json_board(o, b);
		cJSON_AddStringToObject(o, "group", gn);
		cJSON_AddNumberToObject(o, "symmetries", s->n_group);
		cJSON_AddBoolToObject(o, "forward_only", 1);
		cJSON_AddNumberToObject(o, "to", s->bottom);
		for (int m = s->start_pegs; m >= s->bottom; m--) {
			cJSON *e = cJSON_CreateObject();

			cJSON_AddNumberToObject(e, "pegs", m);
			cli_json_u64(e, "F", s->F[m].n);
			if (raw)
				cli_json_u64(e, "F_raw", s->F[m].raw);
			if (s->prune)
				cli_json_u64(e, "pruned", s->pruned[m]);
			cJSON_AddItemToArray(lv, e);
		}
		cJSON_AddItemToObject(o, "levels", lv);
		cli_json_u64(tot, "F", tf);
		if (raw)
			cli_json_u64(tot, "F_raw", tr);
		cJSON_AddItemToObject(o, "total", tot);
		cJSON_AddNumberToObject(o, "seconds", secs);
		if (work) {
			cJSON_AddStringToObject(o, "work", work);
			if (s->resumed)
				cJSON_AddNumberToObject(o, "resumed",
							s->resumed);
			cli_json_u64(o, "work_bytes", s->work_bytes);
		}
		cJSON_AddNumberToObject(o, "partitions", s->partitions);
		cli_json_u64(o, "disk_bytes", s->disk_bytes);
		prune_json(o, s);
		cli_json_print(o);
		return;
	}
	printf("%s, forward sets from %d down to %d pegs, group %s "
	       "(%d symmetr%s), %.3f s\n",
	       b->title, s->start_pegs, s->bottom, gn, s->n_group,
	       s->n_group == 1 ? "y" : "ies", secs);
	printf("%5s %12s", "pegs", "|F_n|");
	if (raw)
		printf(" %12s", "raw |F_n|");
	printf("\n");
	for (int m = s->start_pegs; m >= s->bottom; m--) {
		printf("%5d %12zu", m, s->F[m].n);
		if (raw)
			printf(" %12llu", (unsigned long long)s->F[m].raw);
		printf("\n");
	}
	printf("%5s %12llu", "total", (unsigned long long)tf);
	if (raw)
		printf(" %12llu", (unsigned long long)tr);
	printf("\n");
	if (work)
		printf("work directory %s: %llu bytes of level files%s\n",
		       work, (unsigned long long)s->work_bytes,
		       s->resumed ? " (resumed)" : "");
	if (s->partitions)
		printf("disk: up to %d partitions a level, %llu bytes "
		       "written\n",
		       s->partitions, (unsigned long long)s->disk_bytes);
	prune_text(s);
}

static void sets_json(const struct peg_board *b, const struct peg_sets *s,
		      double secs, int raw, const char *outfile)
{
	int n = b->n_holes, solvable = s->W[s->finish_pegs].n > 0;
	int nob = s->prune && s->complement; /* B = ~F of a pruned F: none */
	uint64_t whalf = 0, tb = 0;
	cJSON *o = cJSON_CreateObject(), *lv = cJSON_CreateArray();
	cJSON *tot = cJSON_CreateObject();

	for (int m = 0; m <= n / 2; m++)
		whalf += s->W[m].n;
	cli_json_board(o, b);
	cJSON_AddStringToObject(o, "group", cli_group_name(s->group_kind));
	cJSON_AddNumberToObject(o, "symmetries", s->n_group);
	cJSON_AddBoolToObject(o, "complement", s->complement);
	cJSON_AddBoolToObject(o, "anywhere", s->anywhere);
	cJSON_AddBoolToObject(o, "solvable", solvable);
	for (int m = s->start_pegs; m >= s->finish_pegs; m--) {
		cJSON *e = cJSON_CreateObject();

		cJSON_AddNumberToObject(e, "pegs", m);
		cli_json_u64(e, "F", s->F[m].n);
		if (raw) {
			cli_json_u64(e, "F_raw", s->F[m].raw);
			cli_json_u64(e, "W_raw", s->W[m].raw);
		}
		if (nob)
			cJSON_AddNullToObject(e, "B");
		else
			cli_json_u64(e, "B", peg_sets_backward_size(s, m));
		cli_json_u64(e, "W", s->W[m].n);
		cli_json_u64(e, "L", s->L[m].n);
		if (s->prune)
			cli_json_u64(e, "pruned", s->pruned[m]);
		cJSON_AddItemToArray(lv, e);
	}
	cJSON_AddItemToObject(o, "levels", lv);
	cli_json_u64(tot, "F", sum_n(s->F, n));
	if (raw)
		cli_json_u64(tot, "F_raw", sum_raw(s->F, n));
	for (int m = 0; m <= n; m++)
		tb += peg_sets_backward_size(s, m);
	if (nob)
		cJSON_AddNullToObject(tot, "B");
	else
		cli_json_u64(tot, "B", tb);
	cli_json_u64(tot, "W", sum_n(s->W, n));
	cli_json_u64(tot, "L", sum_n(s->L, n));
	cJSON_AddItemToObject(o, "total", tot);
	cli_json_u64(o, "W_half", whalf);
	cJSON_AddNumberToObject(o, "seconds", secs);
	if (outfile)
		cJSON_AddStringToObject(o, "file", outfile);
	cJSON_AddNumberToObject(o, "partitions", s->partitions);
	cli_json_u64(o, "disk_bytes", s->disk_bytes);
	prune_json(o, s);
	cli_json_print(o);
}

void cli_sets_print(const struct peg_board *b, const struct peg_sets *s,
		    double secs, int raw, int json, const char *outfile)
{
	int n = b->n_holes, solvable = s->W[s->finish_pegs].n > 0;
	int nob = s->prune && s->complement;
	uint64_t whalf = 0, tb = 0;

	if (json) {
		sets_json(b, s, secs, raw, outfile);
		return;
	}
	for (int m = 0; m <= n / 2; m++)
		whalf += s->W[m].n;
	printf("%s, %s, group %s (%d symmetr%s), %.3f s\n", b->title,
	       s->complement ? "complement problem"
	       : s->anywhere ? "one peg anywhere"
			     : "finish position",
	       cli_group_name(s->group_kind), s->n_group,
	       s->n_group == 1 ? "y" : "ies", secs);
	printf("%5s %12s", "pegs", "|F_n|");
	if (raw)
		printf(" %12s", "raw |F_n|");
	printf(" %12s %12s %12s\n", "|B_n|", "|W_n|", "|L_n|");
	for (int m = s->start_pegs; m >= s->finish_pegs; m--) {
		size_t bs = peg_sets_backward_size(s, m);

		tb += bs;
		printf("%5d %12zu", m, s->F[m].n);
		if (raw)
			printf(" %12llu", (unsigned long long)s->F[m].raw);
		if (nob)
			printf(" %12s", "-");
		else
			printf(" %12zu", bs);
		printf(" %12zu %12zu\n", s->W[m].n, s->L[m].n);
	}
	printf("%5s %12llu", "total", (unsigned long long)sum_n(s->F, n));
	if (raw)
		printf(" %12llu", (unsigned long long)sum_raw(s->F, n));
	if (nob)
		printf(" %12s", "-");
	else
		printf(" %12llu", (unsigned long long)tb);
	printf(" %12llu %12llu\n", (unsigned long long)sum_n(s->W, n),
	       (unsigned long long)sum_n(s->L, n));
	printf("W_n with n <= %d: %llu; %s\n", n / 2,
	       (unsigned long long)whalf, solvable ? "solvable" : "unsolvable");
	if (outfile)
		printf("written to %s\n", outfile);
	if (s->partitions)
		printf("disk: up to %d partitions a level, %llu bytes "
		       "written\n",
		       s->partitions, (unsigned long long)s->disk_bytes);	prune_text(s);
}

void cli_count_print(const struct peg_board *b,
		     const struct peg_count_result *res, int n_group,
		     int partitions, uint64_t disk_bytes, double secs,
		     int json)
{
	if (json) {
		cJSON *o = cJSON_CreateObject();

		cli_json_board(o, b);
		cJSON_AddStringToObject(o, "count", res->text);
		cli_json_digits(o, "solutions", res->text);
		cli_json_u64(o, "winning_positions", res->positions);
		cli_json_u64(o, "edges", res->edges);
		cJSON_AddNumberToObject(o, "symmetries", n_group);
		cJSON_AddNumberToObject(o, "seconds", secs);
		cJSON_AddNumberToObject(o, "partitions", partitions);
		cli_json_u64(o, "disk_bytes", disk_bytes);
		cli_json_print(o);
		return;
	}
	printf("%s solutions\n", res->text);
	printf("winning positions %zu (%d symmetr%s), edges %llu, %.3f s\n",
	       res->positions, n_group, n_group == 1 ? "y" : "ies",
	       (unsigned long long)res->edges, secs);
	if (partitions)
		printf("disk: up to %d partitions a level, %llu bytes "
		       "written\n",
		       partitions, (unsigned long long)disk_bytes);
}
