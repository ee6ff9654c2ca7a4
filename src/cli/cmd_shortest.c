/* cmd_shortest.c - pegsol shortest: a solution with the fewest moves, with
 * the proof that none shorter exists (seed 000 section 4). */
#include "cli.h"
#include "problem.h"
#include "shortest_work.h"

#include "pegsol/pos.h"
#include "pegsol/shortest.h"
#include "pegsol/solution.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char usage[] =
	"usage: pegsol shortest BOARD [--vacate H | --position P]\n"
	"                       [--finish F | --anywhere] [--max-moves N]\n"
	"                       [--max-states N] [--threads N] [--json]\n"
	"                       [--progress] [--work DIR] [--max-nodes N]\n"
	"                       [--budget N] [--checkpoint SECONDS]\n"
	"       pegsol shortest BOARD ... --heuristic [--seconds N] ...\n"
	"                       (short solutions without proof, up to\n"
	"                       192 holes: pegsol shortest --heuristic\n"
	"                       --help)\n\n"
	"Find a solution with the fewest moves (a move is one peg's\n"
	"consecutive jumps) from the start to one peg at F, or anywhere.\n"
	"The search is breadth-first over moves with Merson-region lower\n"
	"bounds; when it ends the minimum is proved.  Without a start and\n"
	"with --anywhere every single-vacancy start is tried and the least\n"
	"(S(n) on Triangle(n), seed 000 Table 4) is reported.\n"
	"--max-moves N gives up past N moves; --max-states N caps the\n"
	"breadth-first table (13 to 34 bytes a state, default 100 million):\n"
	"a bound that outgrows it is finished depth first with a fixed\n"
	"table of 4N entries (8 bytes each, 16 past 56 holes; boards of up\n"
	"to 120 holes), still exact.  --threads N workers on each search\n"
	"(default 2).  With no start, --progress reports each (bound,\n"
	"start) search on stderr, and the one running every 10 s (every\n"
	"second, rewritten, on a terminal): bound, start, layer or depth-\n"
	"first front done, nodes, rate, elapsed, ETA.  --work DIR (no\n"
	"start): keep the finished (bound, start) searches and the\n"
	"depth-first progress of the running one in DIR (a few KB); the\n"
	"same command run again with DIR goes on from there, a DIR of\n"
	"another command is refused.  --max-nodes N stops (exit 3) after\n"
	"the search during which this run passed N nodes; --checkpoint S\n"
	"saves the running search's progress every S seconds (default\n"
	"60); --budget N is the first depth-first round's node budget\n"
	"(default 16777216, doubled each round).  Boards of up to 128\n"
	"holes (past 64 the search runs on 128-bit codes).\n"
	"Exit 0 with a solution, 1 when there is none (within --max-moves),\n"
	"2 on bad input, 3 when the state cap or memory runs out.\n";

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* One all-starts run (all_starts), shared with the mark callback. */
struct all_run {
	const struct peg_board *b;
	struct shortest_work *w;
	int progress, tty, shown; /* shown: a rewritten line is open */
	int U, h, round, k, n_here; /* the search: start k of n_here */
	double t_call, t_print, t_done0;
	uint64_t done0;           /* the call's first depth-first mark */
	int have_done0, have_last;
	struct peg_shortest_mark last; /* the call's latest mark */
	int rc;                   /* a failed save in the callback */
	double save_secs;         /* --checkpoint */
};

#define SAVE_SECS 60.0    /* a depth-first mark is saved this often
			     (--checkpoint) */
#define PROGRESS_SECS 10.0 /* a progress line this often (not a tty) */

static void hms(double s, char *buf, size_t n)
{
	long t = (long)(s + 0.5);

	snprintf(buf, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
}

/* End a rewritten progress line before another line is printed. */
static void progress_break(struct all_run *A)
{
	if (A->shown)
		fputs("\r\033[K", stderr);
	A->shown = 0;
}

/* The --progress line: on a terminal rewritten every second, else one
 * line every PROGRESS_SECS. */
static void progress_show(struct all_run *A, const struct peg_shortest_mark *m)
{
	double t = now(), el = t - A->t_call;
	char name[32], a[32], eta[64] = "";

	if (t - A->t_print < (A->tty ? 1.0 : PROGRESS_SECS))
		return;
	A->t_print = t;
	peg_board_hole_name(A->b, A->h, name, sizeof(name));
	hms(sw_elapsed(A->w), a, sizeof(a));
	if (m->depth_first && m->done > A->done0 && t - A->t_done0 > 2) {
		char e[32];

		hms((t - A->t_done0) * (double)(m->states - m->done) /
			    (double)(m->done - A->done0),
		    e, sizeof(e));
		snprintf(eta, sizeof(eta), ", ETA %s for this start", e);
	}
	fprintf(stderr, "%sbound %d, vacate %s (start %d of %d), ",
		A->tty ? "\r" : "", A->U, name, A->k, A->n_here);
	if (m->depth_first)
		fprintf(stderr,
			"round %d, depth first from layer %d: %llu of %llu "
			"states done (%.1f%%)",
			A->round, m->layer, (unsigned long long)m->done,
			(unsigned long long)m->states,
			m->states ? 100.0 * (double)m->done /
					    (double)m->states
				  : 0.0);
	else
		fprintf(stderr, "breadth first, layer %d: %llu states, %llu "
			"stored", m->layer, (unsigned long long)m->states,
			(unsigned long long)m->stored);
	fprintf(stderr, ", %llu nodes, %.2f M/s, %s elapsed%s%s",
		(unsigned long long)m->nodes,
		el > 0 ? 1e-6 * (double)m->nodes / el : 0.0, a, eta,
		A->tty ? "\033[K" : "\n");
	A->shown = A->tty;
}

/* peg_shortest_opts.mark: keep the depth-first marks (resumed by the next
 * round, saved in the work directory) and show progress. */
static void on_mark(void *ctx, const struct peg_shortest_mark *m)
{
	struct all_run *A = ctx;

	A->last = *m;
	A->have_last = 1;
	if (m->depth_first && !A->have_done0) {
		A->done0 = m->done;
		A->t_done0 = now();
		A->have_done0 = 1;
	}
	if (m->depth_first && !A->rc)
		A->rc = sw_mark_put(A->w, A->h, m, 0, A->save_secs);
	if (A->progress)
		progress_show(A, m);
}

/* One line on stderr per finished (bound, start) search of all_starts. */
static void report(struct all_run *A, int status,
		   const struct peg_shortest_result *res)
{
	char name[32], a[32];

	progress_break(A);
	peg_board_hole_name(A->b, A->h, name, sizeof(name));
	hms(sw_elapsed(A->w), a, sizeof(a));
	fprintf(stderr, "bound %d, vacate %s, %s: %s, %llu nodes, %.1f s "
		"(%s)\n",
		A->U, name, A->round ? "depth first" : "breadth first",
		status == PEG_SHORTEST_RESOURCES
			? (A->round ? "over the node budget, retried with twice"
				    : "outgrew the table, retried depth first")
		: status != PEG_SHORTEST_OK ? "error"
		: res->solved		    ? "solved"
					    : "no solution",
		(unsigned long long)res->nodes, now() - A->t_call, a);
}

/* Every single-vacancy start, anywhere (S(n)): one bound at a time over
 * all starts, so no start is searched past the answer.  At each bound the
 * starts are first tried breadth first within the state cap; those that
 * outgrow it are retried with the depth-first completion under a node
 * budget that doubles each round, all of them in turn (each round goes on
 * from the front states the round before finished: the start's mark):
 * once every start failed at U - 1, one start solved at U proves S = U,
 * so a start whose search at U is huge (a corner with no U-move solution)
 * need not finish before another, cheaper one gives the answer.  Each
 * (bound, start) unit is recorded in w (shortest_work.h) and skipped when
 * it is there already.  Stops with exit 3 once this run expanded
 * max_nodes states (0: no limit), at the end of a search.  Fills *best
 * (the first start solved at the least bound).  Returns 0 or an exit
 * code. */
#define ALL_STARTS_BUDGET (1ULL << 24) /* first round: 16 M states */
static int all_starts(const struct peg_board *b, struct peg_shortest_opts *so,
		      int max_moves, struct peg_shortest_result *best,
		      int *best_start, uint64_t *nodes, int *iters, int *lb,
		      int *n_starts, int *dfsb, int progress,
		      struct shortest_work *w, uint64_t max_nodes,
		      uint64_t budget0, double save_secs)
{
	uint64_t max_states = so->max_states, run_nodes = 0;
	int nh = b->n_holes, n_retry = 0, rc = 0;
	int *slb = malloc((size_t)nh * sizeof(int)), live = 0, U;
	/* vac: the start; retry, left: starts that outgrew the table */
	unsigned char *vac = malloc(3 * (size_t)nh), *retry = vac + nh;
	unsigned char *left = retry + nh;
	struct peg_err err;
	struct all_run A;

	peg_err_set(&err, "state limit or memory exhausted");
	if (!slb || !vac) {
		free(slb);
		free(vac);
		cli_error("out of memory");
		return EXIT_RESOURCES;
	}
	memset(&A, 0, sizeof(A));
	A.b = b;
	A.w = w;
	A.progress = progress;
	A.tty = progress && isatty(2);
	A.t_print = now();
	so->mark = on_mark;
	so->mark_ctx = &A;
	A.save_secs = save_secs;
	/* marks every second, or as often as they are saved */
	so->mark_seconds = save_secs < 1.0 ? save_secs + 0.001 : 1.0;
	memset(vac, 1, (size_t)nh);
	for (int h = 0; h < b->n_holes; h++) {
		slb[h] = -1;
		if (peg_board_hole_orbit_min(b, h) != h)
			continue;
		vac[h] = 0;
		slb[h] = peg_shortest_bound_pos(b, vac, -1);
		vac[h] = 1;
		(*n_starts)++;
		live++;
		if (*lb < 0 || slb[h] < *lb)
			*lb = slb[h];
	}
	for (U = *lb; live && !best->solved && U <= b->n_holes &&
		      (!max_moves || U <= max_moves);
	     U++) {
		uint64_t budget = budget0 ? budget0 : ALL_STARTS_BUDGET;
		uint64_t cap = max_states ? max_states : 100000000;

		int round;

		n_retry = 0;
		memset(retry, 0, (size_t)nh);
		for (round = 0; !best->solved && (!round || n_retry) &&
				round < 48;
		     round++) {
			memcpy(left, retry, (size_t)nh);
			memset(retry, 0, (size_t)nh);
			n_retry = 0;
			so->no_dfs = round == 0;
			so->dfs_budget = round ? budget : 0;
			/* an eighth of the cap breadth first (a start that
			 * outgrows it is detected soon), the depth-first
			 * table as large as the whole cap allows */
			so->max_states = cap / 8 + 1;
			so->dfs_slots = 4 * cap;
			A.n_here = A.k = 0;
			for (int h = 0; h < b->n_holes; h++)
				A.n_here += slb[h] >= 0 && slb[h] <= U &&
					    (!round || left[h]);
			for (int h = 0; h < b->n_holes && !best->solved; h++) {
				struct peg_shortest_result res;
				const struct sw_unit *u;
				struct sw_unit nu = {0};
				int s;

				if (slb[h] < 0 || slb[h] > U ||
				    (round && !left[h]))
					continue;
				A.k++;
				if ((u = sw_done(w, U, h))) {
					/* finished by an earlier run */
					sw_sum(w, U, h, nodes, iters, dfsb);
					if (u->kind == SW_DEAD) {
						slb[h] = -1;
						live--;
					}
					continue;
				}
				if ((u = sw_over(w, U, h, round))) {
					*nodes += u->nodes;
					*iters += u->iterations;
					*dfsb += u->dfs_bounds;
					retry[h] = 1;
					n_retry++;
					continue;
				}
				so->min_moves = U;
				so->max_moves = U;
				so->resume = sw_mark_get(w, h, U);
				A.U = U;
				A.h = h;
				A.round = round;
				A.t_call = now();
				A.have_last = A.have_done0 = 0;
				vac[h] = 0;
				s = peg_shortest_pos(b, vac, -1, so, &res, &err);
				vac[h] = 1;
				if (progress)
					report(&A, s, &res);
				if (A.rc) {
					rc = A.rc;
					goto out;
				}
				if (s != PEG_SHORTEST_OK &&
				    s != PEG_SHORTEST_RESOURCES) {
					progress_break(&A);
					cli_error("%s", err.msg);
					rc = EXIT_USAGE;
					goto out;
				}
				*nodes += res.nodes;
				*iters += res.iterations;
				*dfsb += res.dfs_bounds;
				run_nodes += res.nodes;
				nu.bound = U;
				nu.start = h;
				nu.nodes = res.nodes;
				nu.iterations = res.iterations;
				nu.dfs_bounds = res.dfs_bounds;
				nu.seconds = now() - A.t_call;
				if (s == PEG_SHORTEST_RESOURCES) {
					retry[h] = 1;
					n_retry++;
					nu.kind = SW_OVER;
					nu.round = round;
					if (A.have_last &&
					    (rc = sw_mark_put(w, h, &A.last, 0,
							      1e30)))
						goto out;
				} else if (res.solved) {
					*best = res;
					*best_start = h;
					continue;
				} else {
					/* !capped: no solution at all */
					nu.kind = res.capped ? SW_FAIL
							     : SW_DEAD;
					if (!res.capped) {
						slb[h] = -1;
						live--;
					}
					peg_shortest_result_release(&res);
				}
				if ((rc = sw_add(w, &nu)))
					goto out;
				if (max_nodes && run_nodes >= max_nodes) {
					progress_break(&A);
					cli_error("stopped after %llu nodes "
						  "(--max-nodes)%s",
						  (unsigned long long)run_nodes,
						  w->path ? ": run the same "
							    "command again to "
							    "continue"
							  : "");
					rc = EXIT_RESOURCES;
					goto out;
				}
			}
			if (round)
				budget *= 2;
			if (n_retry && nh > PEG_SHORTEST_DFS_HOLES)
				break; /* no depth-first completion there */
		}
		if (n_retry && !best->solved) {
			progress_break(&A);
			cli_error("%s", err.msg);
			rc = EXIT_RESOURCES;
			goto out;
		}
	}
out:
	progress_break(&A);
	so->no_dfs = 0;
	so->dfs_budget = 0;
	so->dfs_slots = 0;
	so->max_states = max_states;
	so->mark = NULL;
	so->mark_ctx = NULL;
	so->resume = NULL;
	free(slb);
	free(vac);
	return rc;
}

/* shortest_heur.c: the --heuristic path */
int cmd_shortest_heuristic(int argc, char **argv);

int cmd_shortest(int argc, char **argv)
{
	int json = 0, anywhere = 0, np, r, rc = EXIT_USAGE, max_moves = 0;
	int max_states = 0, finish_h = -1, best_start = -1, threads = 0;
	int progress = 0;
	const char *pos[1], *vacate = NULL, *position = NULL, *finish = NULL;
	const char *work = NULL, *max_nodes_s = NULL, *budget_s = NULL;
	const char *checkpoint = NULL;
	double save_secs = SAVE_SECS;
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--anywhere", CLI_FLAG, &anywhere},
				 {"--vacate", CLI_STRING, &vacate},
				 {"--position", CLI_STRING, &position},
				 {"--finish", CLI_STRING, &finish},
				 {"--max-moves", CLI_INT, &max_moves},
				 {"--max-states", CLI_INT, &max_states},
				 {"--threads", CLI_INT, &threads},
				 {"--progress", CLI_FLAG, &progress},
				 {"--work", CLI_STRING, &work},
				 {"--max-nodes", CLI_STRING, &max_nodes_s},
				 {"--budget", CLI_STRING, &budget_s},
				 {"--checkpoint", CLI_STRING, &checkpoint}};
	struct peg_board *b;
	unsigned char *pegs = NULL;
	struct peg_shortest_opts so = {0};
	struct peg_shortest_result best = {0};
	struct peg_err err;
	struct shortest_work sw = {0};
	uint64_t nodes = 0, max_nodes = 0, budget = ALL_STARTS_BUDGET;
	int n_starts = 0, lb = -1, iters = 0, dfsb = 0;
	char *sol = NULL, name[32];
	double t0 = now();

	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--heuristic"))
			return cmd_shortest_heuristic(argc, argv);
	r = cli_parse(argc, argv, opts, 13, pos, 1, &np, usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	if (cli_int_range("--threads", threads, 0, 16))
		return EXIT_USAGE;
	if (max_nodes_s && cli_parse_u64("--max-nodes", max_nodes_s, 1,
					 UINT64_MAX, &max_nodes))
		return EXIT_USAGE;
	if (budget_s && cli_parse_u64("--budget", budget_s, 4096,
				      UINT64_MAX / 4096, &budget))
		return EXIT_USAGE;
	if (checkpoint) {
		char *end;

		errno = 0;
		save_secs = strtod(checkpoint, &end);
		if (errno || *end || end == checkpoint ||
		    !(save_secs >= 0 && save_secs <= 1e6)) {
			cli_error("bad --checkpoint '%s' (seconds from 0 to "
				  "1000000)", cli_q(checkpoint));
			return EXIT_USAGE;
		}
	}
	if ((work || max_nodes_s || budget_s || checkpoint) &&
	    (vacate || position || !anywhere)) {
		cli_error("--work, --checkpoint, --max-nodes and --budget need "
			  "--anywhere and no start (every start)");
		return EXIT_USAGE;
	}
	b = cli_board_max(np ? pos[0] : NULL, 128);
	if (!b)
		return cli_exit_code();
	if (finish && anywhere) {
		cli_error("give --finish F or --anywhere, not both");
		goto out;
	}
	if (!finish && !anywhere) {
		cli_error("give the end: --finish F or --anywhere");
		goto out;
	}
	if (!vacate && !position && !anywhere) {
		cli_error("give the start: --vacate H or --position P");
		goto out;
	}
	if (finish) {
		finish_h = peg_board_parse_hole(b, finish, &err);
		if (finish_h < 0) {
			cli_error("%s", err.msg);
			goto out;
		}
	}
	pegs = malloc((size_t)b->n_holes);
	if (!pegs) {
		rc = cli_oom();
		goto out;
	}
	so.max_moves = max_moves;
	so.max_states = (uint64_t)max_states;
	so.threads = threads;
	if (!vacate && !position) {
		char params[256], line[4096];

		snprintf(params, sizeof(params),
			 "board %s\nanywhere\nmax-moves %d\nmax-states %d\n"
			 "budget %llu\n",
			 b->spec, max_moves, max_states,
			 (unsigned long long)budget);
		rc = sw_open(&sw, b, work, params);
		if (rc)
			goto out;
		if (sw_summary(&sw, line, sizeof(line)))
			fprintf(stderr, "resuming: %s\n", line);
		rc = all_starts(b, &so, max_moves, &best, &best_start, &nodes,
				&iters, &lb, &n_starts, &dfsb, progress, &sw,
				max_nodes, budget, save_secs);
		if (rc)
			goto out;
	}
	for (int h = -1; h < b->n_holes && (vacate || position); h++) {
		struct peg_shortest_result res;
		int s;

		if (h < 0 && !(vacate || position))
			continue;
		if (h >= 0 && (vacate || position))
			break;
		if (h >= 0 && peg_board_hole_orbit_min(b, h) != h)
			continue;
		if (h < 0) {
			if (cli_start_position(b, position, vacate, pegs))
				goto out;
		} else {
			memset(pegs, 1, (size_t)b->n_holes);
			pegs[h] = 0;
		}
		n_starts++;
		s = peg_shortest_pos(b, pegs, finish_h, &so, &res, &err);
		if (s != PEG_SHORTEST_OK) {
			cli_error("%s", err.msg);
			rc = s == PEG_SHORTEST_BAD ? EXIT_USAGE
						   : EXIT_RESOURCES;
			goto out;
		}
		nodes += res.nodes;
		iters += res.iterations;
		dfsb += res.dfs_bounds;
		if (lb < 0 || res.lower_bound < lb)
			lb = res.lower_bound;
		if (res.solved && (!best.solved || res.moves < best.moves)) {
			peg_shortest_result_release(&best);
			best = res;
			best_start = h;
			/* later starts only need to beat it */
			so.max_moves = res.moves - 1;
			if (so.max_moves < 1)
				so.max_moves = 1;
		} else {
			peg_shortest_result_release(&res);
		}
	}
	if (best.solved)
		sol = peg_jumps_format(b, best.jumps, best.n_jumps);
	if (json) {
		cJSON *o = cJSON_CreateObject();

		cli_json_board(o, b);
		if (best_start >= 0)
			cJSON_AddStringToObject(
				o, "vacate",
				peg_board_hole_name(b, best_start, name,
						    sizeof(name)));
		cJSON_AddNumberToObject(o, "starts", n_starts);
		cJSON_AddBoolToObject(o, "solved", best.solved);
		cJSON_AddBoolToObject(o, "proved", !max_moves || best.solved);
		if (best.solved) {
			cJSON_AddNumberToObject(o, "moves", best.moves);
			cJSON_AddNumberToObject(o, "jumps", best.n_jumps);
			cJSON_AddStringToObject(
				o, "finish",
				peg_board_hole_name(b, best.finish, name,
						    sizeof(name)));
			cJSON_AddStringToObject(o, "solution", sol ? sol : "");
		}
		cJSON_AddNumberToObject(o, "lower_bound", lb);
		cJSON_AddNumberToObject(o, "nodes", (double)nodes);
		cJSON_AddNumberToObject(o, "iterations", iters);
		cJSON_AddNumberToObject(o, "depth_first_bounds", dfsb);
		cJSON_AddNumberToObject(o, "seconds", now() - t0);
		if (work)
			cJSON_AddNumberToObject(o, "seconds_all_runs",
						sw_elapsed(&sw));
		cli_json_print(o);
	} else if (best.solved) {
		if (best_start >= 0)
			printf("vacate %s, ", peg_board_hole_name(
						      b, best_start, name,
						      sizeof(name)));
		printf("finish %s: %d moves (%d jumps), minimum proved\n",
		       peg_board_hole_name(b, best.finish, name, sizeof(name)),
		       best.moves, best.n_jumps);
		printf("%s\n", sol ? sol : "");
		printf("lower bound %d, %d bounds searched (%d depth first), "
		       "%llu nodes, %.2f s\n",
		       lb, iters, dfsb, (unsigned long long)nodes, now() - t0);
	} else {
		printf("no solution%s (%llu nodes, %.2f s",
		       max_moves ? " within the move limit" : " exists",
		       (unsigned long long)nodes, now() - t0);
		if (work)
			printf("; %.1f s in all runs", sw_elapsed(&sw));
		printf(")\n");
	}
	rc = best.solved ? EXIT_YES : EXIT_NO;
out:
	sw_close(&sw);
	peg_shortest_result_release(&best);
	free(sol);
	free(pegs);
	peg_board_free(b);
	return rc;
}
