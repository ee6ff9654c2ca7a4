/* msets.c - pegsol-mpi sets and count: the arguments of pegsol sets and
 * pegsol count, the level pipeline of sets.h (F, G, W, L) on the ranks
 * of dist.h, the count walk (dcount.c), and the tables printed by rank
 * 0 through the same functions as pegsol (sets_print.h). */
#include "msets.h"

#include "dist.h"
#include "mwork.h"

#include "cli.h"
#include "problem.h"
#include "progress.h"
#include "sets_print.h"

#include "pegsol/afile.h"
#include "pegsol/count.h"
#include "pegsol/sets.h"
#include "pegsol/solve.h"

#include "sets_prune.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The run: options, the problem, the ranks' levels. */
struct run {
	struct dist d;
	const struct peg_board *b;
	const struct peg_problem *p;
	struct peg_sets *s; /* sizes only (every rank), printed by rank 0 */
	struct dlevel F[65], G[65], W[65], L[65];
	int raw, count, fwd, to;
	const char *work;
	struct cli_progress *prog; /* rank 0 with --progress, else NULL */
	uint64_t ptotal;
	int pphase;
	int stats; /* PEGSOL_MPI_STATS: a line of cost a level */
	double t_last;
	uint64_t sent_last;
};

/* After each level (every rank calls it): the --progress line on rank
 * 0, and with PEGSOL_MPI_STATS set one line of cost a level on stderr
 * (docs/scale.md: seconds, bytes sent by all ranks, exchange rounds). */
static void report(struct run *u, enum peg_phase ph, int pegs, uint64_t n)
{
	struct peg_progress p = {0};

	if (u->stats) {
		uint64_t sent = dist_sum(&u->d, u->d.sent);
		double now = MPI_Wtime();

		if (!u->d.rank)
			fprintf(stderr,
				"pegsol-mpi: phase %d pegs %d positions %llu "
				"seconds %.3f sent %llu rounds %llu mpi "
				"%.3f\n",
				(int)ph, pegs, (unsigned long long)n,
				now - u->t_last,
				(unsigned long long)(sent - u->sent_last),
				(unsigned long long)u->d.rounds, u->d.t_comm);
		u->t_last = now;
		u->sent_last = sent;
	}
	if (!u->prog)
		return;
	/* the running total restarts with each phase */
	u->ptotal = (u->pphase == (int)ph ? u->ptotal : 0) + n;
	u->pphase = (int)ph;
	p.phase = ph;
	p.pegs = pegs;
	p.positions = n;
	p.total = u->ptotal;
	cli_progress_report(u->prog, &p);
}

/* Record the global size of a level (and its raw size with --raw). */
static void sized(struct run *u, struct peg_level *l, const struct dlevel *x)
{
	l->n = (size_t)dist_sum(&u->d, x->n);
	if (u->raw)
		l->raw = dist_sum(&u->d, dist_raw(&u->d, x));
	l->have = 1;
}

/* --prune: drop from this rank's part of a forward level the codes a
 * pagoda function cuts (sets_prune.h, as the library's filter), counting
 * them in s->pruned (summed over the ranks) and in the prune's cut
 * counts (this rank's share; pipeline() sums them). */
static void prune(struct run *u, struct dlevel *l, int pegs)
{
	struct peg_prune *pr = u->s->prune;
	size_t k = 0;

	for (size_t i = 0; i < l->n; i++) {
		int f = sets_prune_cut(pr, l->a[i], 0);

		if (f < 0)
			l->a[k++] = l->a[i];
		else
			pr->cut[pr->fn_base[f]]++;
	}
	u->s->pruned[pegs] += dist_sum(&u->d, l->n - k);
	l->n = k;
}

/* F (or G) from level top down to bottom. */
static int forward(struct run *u, struct dlevel *lv, struct peg_level *sl,
		   int top, int bottom, enum peg_phase ph)
{
	int n = u->d.n;

	for (int m = top; m > bottom; m--) {
		if (dist_route(&u->d, &lv[m], 1, &lv[m - 1]))
			return -1;
		if (ph == PEG_PHASE_FORWARD && u->s->prune)
			prune(u, &lv[m - 1], m - 1);
		sized(u, &sl[m - 1], &lv[m - 1]);
		report(u, ph, ph == PEG_PHASE_BACKWARD ? n - (m - 1) : m - 1,
		       sl[m - 1].n);
		if (u->work && mwork_save(u->work, &u->d, u->s, m - 1,
					  &lv[m - 1], &sl[m - 1]))
			return -1;
		if (u->work)
			dlevel_free(&lv[m]);
	}
	return 0;
}

/* The start level (codes given on rank 0 only). */
static int start_level(struct run *u, const uint64_t *c, size_t k,
		       struct dlevel *out, struct peg_level *sl)
{
	if (dist_level_from(&u->d, c, u->d.rank ? 0 : k, out))
		return -1;
	sized(u, sl, out);
	return 0;
}

/* W_m = f & ~g (f = F_m, g = G_(N-m) or F_(N-m), or f = D(W_(m+1))):
 * the canonical complements of g's codes go to their owners. */
static int winning_at(struct run *u, int m, const struct dlevel *f,
		      const struct dlevel *g)
{
	struct dlevel x;
	int bad;

	if (dist_route(&u->d, g, 0, &x))
		return -1;
	bad = dist_intersect(f, &x, &u->W[m]);
	dlevel_free(&x);
	if (dist_any(&u->d, bad))
		return -1;
	sized(u, &u->s->W[m], &u->W[m]);
	report(u, PEG_PHASE_WINNING, m, u->s->W[m].n);
	return 0;
}

/* The winning sets of a complement problem from F down to k = max(N/2,
 * finish) only (sets.h: eq. 7 for k <= m <= N/2, W_m = D(W_(m+1)) &
 * ~F_(N-m) below k, eq. 8 above N/2): what count needs. */
static int half_winning(struct run *u, int k)
{
	struct peg_sets *s = u->s;
	int n = u->d.n, ns = s->start_pegs, nf = s->finish_pegs;

	for (int m = k; 2 * m <= n && m <= ns; m++)
		if (winning_at(u, m, &u->F[m], &u->F[n - m]))
			return -1;
	for (int m = k - 1; m >= nf; m--) {
		struct dlevel d;
		int r;

		if (dist_route(&u->d, &u->W[m + 1], 1, &d))
			return -1;
		r = winning_at(u, m, &d, &u->F[n - m]);
		dlevel_free(&d);
		if (r)
			return -1;
	}
	for (int m = ns; 2 * m > n; m--) {
		/* eq. 8: W_m = ~W_(N-m) */
		if (dist_route(&u->d, &u->W[n - m], 0, &u->W[m]))
			return -1;
		sized(u, &s->W[m], &u->W[m]);
		report(u, PEG_PHASE_WINNING, m, s->W[m].n);
	}
	return 0;
}

static int pipeline_levels(struct run *u)
{
	struct peg_sets *s = u->s;
	int n = u->d.n, ns = s->start_pegs, nf = s->finish_pegs;
	uint64_t full = u->d.f->full, st = (uint64_t)s->start;
	struct dlevel *gx;
	/* a count of a complement problem needs F down to N/2 only */
	int half = u->count && s->complement;
	int kh = n / 2 > nf ? n / 2 : nf;

	if (u->fwd) {
		int bottom = u->to > 0 ? u->to : nf, top = ns;

		s->forward_only = 1;
		s->bottom = bottom = bottom > ns ? ns : bottom;
		if (start_level(u, &st, 1, &u->F[ns], &s->F[ns]))
			return -1;
		if (u->work) {
			top = mwork_resume(u->work, &u->d, s, u->F, bottom);
			if (top < 0)
				return -1;
		}
		if (forward(u, u->F, s->F, top, bottom, PEG_PHASE_FORWARD))
			return -1;
		if (u->work)
			s->work_bytes = mwork_bytes(u->work, &u->d, s, bottom);
		return 0;
	}
	if (start_level(u, &st, 1, &u->F[ns], &s->F[ns]) ||
	    forward(u, u->F, s->F, ns, half ? kh : nf, PEG_PHASE_FORWARD))
		return -1;
	if (half)
		return half_winning(u, kh);
	gx = u->F;
	if (!s->complement) {
		uint64_t *gs = malloc(sizeof(uint64_t) * (size_t)(n + 1));
		unsigned char *one = calloc((size_t)n, 1);
		size_t k = 0;
		int bad = !gs || !one;

		for (int h = 0; s->anywhere && !bad && h < n; h++) {
			int same;

			one[h] = 1;
			same = peg_solve_same_class(u->b, u->p->start, one);
			one[h] = 0;
			bad = same < 0;
			if (same > 0)
				gs[k++] = full ^ ((uint64_t)1 << h);
		}
		if (!s->anywhere && !bad)
			gs[k++] = full ^ (uint64_t)s->finish;
		bad = dist_any(&u->d, bad) ||
		      start_level(u, gs, k, &u->G[n - nf], &s->G[n - nf]) ||
		      forward(u, u->G, s->G, n - nf, n - ns,
			      PEG_PHASE_BACKWARD);
		free(gs);
		free(one);
		if (bad)
			return -1;
		gx = u->G;
	}
	/* W_m = F_m & ~G_(N-m) (G = F for a complement problem) */
	for (int m = nf; m <= ns; m++)
		if (winning_at(u, m, &u->F[m], &gx[n - m]))
			return -1;
	if (u->raw)
		for (int m = nf; m <= ns; m++)
			sized(u, &s->G[n - m], &gx[n - m]);
	if (u->count)
		return 0;
	/* L_m = D(W_(m+1)) - W_m */
	for (int m = ns - 1; m >= nf; m--) {
		if (dist_route(&u->d, &u->W[m + 1], 1, &u->L[m]))
			return -1;
		dist_minus(&u->L[m], &u->W[m]);
		sized(u, &s->L[m], &u->L[m]);
		report(u, PEG_PHASE_LOSERS, m, s->L[m].n);
	}
	return 0;
}

/* The levels, then (--prune) the cut counts of every rank summed into
 * rank 0's prune, as one process would have counted them. */
static int pipeline(struct run *u)
{
	struct peg_prune *pr = u->s->prune;
	uint64_t base[PEG_PRUNE_BASE_MAX], sum[PEG_PRUNE_BASE_MAX];
	int r;

	if (pr)
		memcpy(base, pr->cut, sizeof(base));
	r = pipeline_levels(u);
	if (!pr)
		return r;
	for (int q = 0; q < PEG_PRUNE_BASE_MAX; q++)
		pr->cut[q] -= base[q];
	MPI_Allreduce(pr->cut, sum, PEG_PRUNE_BASE_MAX, MPI_UINT64_T, MPI_SUM,
		      u->d.comm);
	for (int q = 0; q < PEG_PRUNE_BASE_MAX; q++)
		pr->cut[q] = base[q] + sum[q];
	return r;
}

/* --out: every rank's part of each level gathered on rank 0 (merged
 * into one sorted array there) and the sets file written by the
 * library's peg_sets_save, the same file as pegsol's.  Rank 0 holds all
 * the sets for this (docs/scale.md).  Collective; 0, or the exit status
 * (rank 0 prints the error). */
static int gather_level(struct run *u, const struct dlevel *x,
			struct peg_level *l)
{
	int k = u->d.size, me = u->d.rank, bad = 0;
	int *cnt = malloc(sizeof(int) * (size_t)k);
	int *dsp = malloc(sizeof(int) * (size_t)k);
	int n = x->n > (size_t)(1 << 30) ? -1 : (int)x->n;
	uint64_t *all = NULL, *tmp = NULL;
	size_t tot = 0;

	bad = !cnt || !dsp || n < 0;
	if (dist_any(&u->d, bad)) {
		free(cnt);
		free(dsp);
		return -1;
	}
	MPI_Gather(&n, 1, MPI_INT, cnt, 1, MPI_INT, 0, u->d.comm);
	if (!me) {
		for (int r = 0; r < k; r++) {
			dsp[r] = (int)tot;
			tot += (size_t)cnt[r];
		}
		bad = tot > (size_t)INT32_MAX ||
		      !(all = malloc(sizeof(uint64_t) * (tot + 1))) ||
		      !(tmp = malloc(sizeof(uint64_t) * (tot + 1)));
	}
	if (dist_any(&u->d, bad)) {
		free(all);
		free(tmp);
		free(cnt);
		free(dsp);
		return -1;
	}
	MPI_Gatherv(x->a, n, MPI_UINT64_T, all, cnt, dsp, MPI_UINT64_T, 0,
		    u->d.comm);
	if (!me) {
		/* k sorted, disjoint runs: merged pairwise into one */
		size_t *at = malloc(sizeof(size_t) * (size_t)(k + 1));

		for (int r = 0; at && r <= k; r++)
			at[r] = r < k ? (size_t)dsp[r] : tot;
		for (int w = 1; at && w < k; w *= 2) {
			for (int r = 0; r < k; r += 2 * w) {
				size_t i = at[r], mid = at[r + w < k ? r + w : k];
				size_t j = mid, e = at[r + 2 * w < k ? r + 2 * w : k];
				size_t o = at[r];

				while (i < mid || j < e)
					tmp[o++] = j >= e || (i < mid && all[i] < all[j])
							   ? all[i++]
							   : all[j++];
			}
			memcpy(all, tmp, sizeof(uint64_t) * tot);
		}
		if (!at && k > 1) {
			free(all);
			all = NULL;
		}
		free(at);
		free(l->code);
		l->code = all;
		all = NULL;
	}
	free(all);
	free(tmp);
	free(cnt);
	free(dsp);
	return dist_any(&u->d, !me && !l->code) ? -1 : 0;
}

static int write_out(struct run *u, const char *path)
{
	struct peg_sets *s = u->s;
	struct dlevel *src[4] = {u->F, u->G, u->W, u->L};
	struct peg_level *dst[4] = {s->F, s->G, s->W, s->L};
	struct peg_err err;
	int r = 0;

	/* G of a complement problem is F: sized for --raw only, not a
	 * level of the file (nor of pegsol's sets) */
	for (int m = 0; s->complement && m <= s->n_holes; m++)
		s->G[m].have = 0;
	for (int k = 0; k < 4; k++)
		for (int m = 0; m <= s->n_holes; m++)
			if (dst[k][m].have &&
			    gather_level(u, &src[k][m],
							   &dst[k][m]))
				return cli_fail("out of memory gathering the "
						"levels for --out", 1);
	if (!u->d.rank)
		r = peg_sets_save(s, path, &err);
	MPI_Bcast(&r, 1, MPI_INT, 0, u->d.comm);
	if (r)
		return u->d.rank ? (r == PEG_AFILE_ERESOURCE ? EXIT_RESOURCES
							      : EXIT_USAGE)
				 : cli_fail(err.msg,
					    r == PEG_AFILE_ERESOURCE);
	return 0;
}

/* The group, start and finish of the sets (as peg_sets_compute). */
static int setup(struct run *u, enum peg_group g, struct peg_err *err)
{
	const struct peg_board *b = u->b;
	const struct peg_problem *p = u->p;
	int n = b->n_holes, ns, nf, *grp;
	struct peg_sets *s;
	const unsigned char *fix[2];

	ns = peg_pos_count(p->start, n);
	nf = p->goal == PEG_GOAL_ANYWHERE ? 1 : peg_pos_count(p->finish, n);
	/* the library's check and message (peg_sets_compute) */
	if (ns < 1 || nf < 1 || nf > ns)
		return peg_err_set(err, "level sets need a start with at least "
				   "as many pegs as the finish (start %d, "
				   "finish %d)", ns, nf), -1;
	s = u->s = calloc(1, sizeof(*s));
	grp = malloc(sizeof(int) * (size_t)b->n_syms);
	if (!s || !grp || !(s->spec = strdup(b->spec))) {
		free(grp);
		peg_err_set(err, "out of memory computing the level sets");
		return -1;
	}
	s->group = grp;
	s->n_holes = n;
	s->group_kind = g;
	s->anywhere = p->goal == PEG_GOAL_ANYWHERE;
	s->start = peg_pos_to128(p->start, n);
	s->start_pegs = ns;
	s->finish_pegs = nf;
	if (!s->anywhere) {
		s->finish = peg_pos_to128(p->finish, n);
		uint64_t full = n == 64 ? ~(uint64_t)0
					: ((uint64_t)1 << n) - 1;

		s->complement = s->finish == (full ^ (uint64_t)s->start);
	}
	if (g == PEG_GROUP_FULL) {
		s->n_group = b->n_syms;
		for (int i = 0; i < b->n_syms; i++)
			grp[i] = i;
	} else if (g == PEG_GROUP_NONE) {
		s->n_group = 1;
		grp[0] = 0;
	} else {
		fix[0] = p->start;
		fix[1] = p->finish;
		s->n_group =
			peg_solve_stabilizer(b, fix, s->anywhere ? 1 : 2, grp);
	}
	return 0;
}

static void run_free(struct run *u)
{
	for (int m = 0; m <= 64; m++) {
		dlevel_free(&u->F[m]);
		dlevel_free(&u->G[m]);
		dlevel_free(&u->W[m]);
		dlevel_free(&u->L[m]);
	}
	dist_free(&u->d);
	peg_sets_free(u->s);
}

/* Parse the arguments as pegsol sets / pegsol count do.  0, or the exit
 * status (the error printed). */
struct args {
	int json, raw, progress, fwd, to, n_pos;
	int byidx, prune;
	const char *check, *group, *outfile, *plot, *work, *pos[1];
	struct cli_problem_args pa;
	struct cli_sets_args sa;
};

static int parse(int argc, char **argv, int count, struct args *a,
		 struct peg_sets_opts *so)
{
	static const char cusage[] =
		"usage: mpirun -np K pegsol-mpi count BOARD [the options of "
		"pegsol count]\n(see pegsol count --help and pegsol-mpi "
		"--help)\n";
	static const char susage[] =
		"usage: mpirun -np K pegsol-mpi sets BOARD [the options of "
		"pegsol sets]\n(see pegsol sets --help and pegsol-mpi "
		"--help)\n";
	struct cli_opt sopts[] = {{"--json", CLI_FLAG, &a->json},
				  {"--check", CLI_STRING, &a->check},
				  {"--raw", CLI_FLAG, &a->raw},
				  CLI_PROBLEM_OPTS(a->pa),
				  {"--group", CLI_STRING, &a->group},
				  {"--out", CLI_STRING, &a->outfile},
				  {"--plot", CLI_STRING, &a->plot},
				  {"--by-index", CLI_FLAG, &a->byidx},
				  {"--progress", CLI_FLAG, &a->progress},
				  {"--forward-only", CLI_FLAG, &a->fwd},
				  {"--to", CLI_INT, &a->to},
				  {"--work", CLI_STRING, &a->work},
				  {"--prune", CLI_FLAG, &a->prune},
				  CLI_SETS_OPTS(a->sa)};
	struct cli_opt copts[] = {{"--json", CLI_FLAG, &a->json},
				  {"--progress", CLI_FLAG, &a->progress},
				  CLI_PROBLEM_OPTS(a->pa),
				  CLI_SETS_OPTS(a->sa)};
	int r = count ? cli_parse(argc, argv, copts, CLI_N(copts), a->pos, 1,
				  &a->n_pos, cusage)
		      : cli_parse(argc, argv, sopts, CLI_N(sopts), a->pos, 1,
				  &a->n_pos, susage);

	if (r)
		return r > 0 ? -1 : EXIT_USAGE;
	if (a->check || a->plot || a->byidx) {
		cli_error("--check, --plot and --by-index are not in "
			  "pegsol-mpi (use pegsol)");
		return EXIT_USAGE;
	}
	if (a->n_pos < 1) {
		cli_error("need a board (see --help)");
		return EXIT_USAGE;
	}
	if (cli_sets_opts(&a->sa, so))
		return EXIT_USAGE;
	if ((a->to || a->work) && !a->fwd) {
		cli_error("--to and --work need --forward-only");
		return EXIT_USAGE;
	}
	/* pegsol sets' refusals, in its words */
	if (a->fwd && a->outfile) {
		cli_error("--forward-only computes F only: no --out, --plot "
			  "or --by-index");
		return EXIT_USAGE;
	}
	if (a->prune && a->outfile) {
		cli_error("--prune leaves F pruned: no --out or --plot");
		return EXIT_USAGE;
	}
	if (a->group && strcmp(a->group, "stab") && strcmp(a->group, "full") &&
	    strcmp(a->group, "none")) {
		cli_error("bad --group '%s' (stab, full or none)",
			  cli_q(a->group));
		return EXIT_USAGE;
	}
	return 0;
}

int msets_main(int argc, char **argv, int count, int quiet)
{
	struct args a;
	struct peg_sets_opts so = {0};
	struct run u;
	struct peg_board *b = NULL;
	struct cli_problem pr = {0};
	struct cli_progress prog;
	struct peg_err err = {{0}};
	struct peg_count_result res = {0};
	enum peg_group g = PEG_GROUP_STAB;
	int rc, fail;
	double secs;
	static char who[64];

	memset(&a, 0, sizeof(a));
	memset(&u, 0, sizeof(u));
	rc = parse(argc, argv, count, &a, &so);
	if (rc)
		return rc < 0 ? EXIT_YES : rc;
	if (a.group && !strcmp(a.group, "full"))
		g = PEG_GROUP_FULL;
	else if (a.group && !strcmp(a.group, "none"))
		g = PEG_GROUP_NONE;
	b = cli_board_max(a.pos[0], 64);
	if (!b)
		rc = cli_exit_code();
	else if (cli_problem(b, &a.pa, &pr, &rc))
		rc = rc ? rc : EXIT_USAGE;
	else {
		rc = 0;
		u.b = b;
		u.p = &pr.p;
		u.raw = a.raw;
		u.count = count;
		u.fwd = a.fwd;
		u.to = a.to;
		u.work = a.work;
		u.pphase = -1;
		if (setup(&u, g, &err))
			rc = cli_fail(err.msg, 0);
		/* every rank finds the same functions (the LP is
		 * deterministic), with pegsol's default of 2 threads */
		else if (a.prune &&
			 peg_prune_new(b, &pr.p, g, u.s->group, u.s->n_group,
				       so.threads > 0 ? so.threads : 2,
				       &u.s->prune, &err))
			rc = cli_fail(err.msg, 0);
	}
	/* the board and the start may come from files, which another node
	 * may lack: every rank agrees before the first collective call */
	MPI_Allreduce(&rc, &fail, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
	if (fail) {
		if (!rc && quiet < 0)
			cli_error("another rank could not read the board or the "
				  "position (a file missing on its node?)");
		rc = rc ? rc : fail;
		goto out;
	}
	/* from here on every rank reports its own errors */
	if (quiet >= 0) {
		int rank;

		MPI_Comm_rank(MPI_COMM_WORLD, &rank);
		dup2(quiet, 2);
		snprintf(who, sizeof(who), "%s (rank %d)", argv[0], rank);
		cli_cmd = who;
	}
	fail = dist_init(&u.d, MPI_COMM_WORLD, b, u.s->group, u.s->n_group,
			 so.memory / 4);
	if (dist_any(&u.d, fail)) {
		rc = cli_fail("out of memory computing the level sets", 1);
		goto out;
	}
	if (!u.d.rank && a.progress) {
		cli_progress_init(&prog);
		u.prog = &prog;
	}
	u.stats = getenv("PEGSOL_MPI_STATS") != NULL;
	u.t_last = MPI_Wtime();
	secs = cli_now();
	fail = pipeline(&u);
	if (!fail && count)
		fail = dist_count(&u.d, u.W, u.s->start_pegs,
				  u.s->finish_pegs, u.s->complement, &res);
	if (u.prog)
		cli_progress_end(u.prog);
	secs = cli_now() - secs;
	if (fail) {
		/* a work directory's error was printed where it happened */
		if (mwork_failed())
			rc = EXIT_USAGE;
		else if (u.d.rank)
			rc = EXIT_RESOURCES;
		else
			rc = cli_fail("out of memory computing the level "
				      "sets (on some rank)", 1);
		goto out;
	}
	if (count) {
		/* the count is on rank 0 */
		int yes = res.text && strcmp(res.text, "0");

		MPI_Bcast(&yes, 1, MPI_INT, 0, MPI_COMM_WORLD);
		rc = yes ? EXIT_YES : EXIT_NO;
	} else
		rc = a.fwd || u.s->W[u.s->finish_pegs].n ? EXIT_YES : EXIT_NO;
	if (!count && a.outfile) {
		int r = write_out(&u, a.outfile);

		if (r) {
			rc = r;
			goto out;
		}
	}
	if (u.d.rank)
		goto out;
	if (count)
		cli_count_print(b, &res, u.s->n_group, 0, 0, secs, a.json);
	else if (a.fwd)
		cli_sets_print_forward(b, u.s, secs, a.raw, a.json, a.work);
	else
		cli_sets_print(b, u.s, secs, a.raw, a.json, a.outfile);
	if (u.stats)
		fprintf(stderr,
			"pegsol-mpi: %d ranks, %llu rounds, %.3f s in MPI on "
			"rank 0, %.3f s in all\n",
			u.d.size, (unsigned long long)u.d.rounds, u.d.t_comm,
			secs);
out:
	peg_count_result_release(&res);
	run_free(&u);
	cli_problem_release(&pr);
	peg_board_free(b);
	return rc;
}
