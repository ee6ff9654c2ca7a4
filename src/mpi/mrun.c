/* mrun.c - one pegsol-mpi sets or count run (mrun.h): the level pipeline
 * of sets.h (F, G, W, L) on the ranks of dist.h, the count walk
 * (dcount.c), --out, and the tables printed by rank 0 through the same
 * functions as pegsol (sets_print.h).  Compiled twice (dcode.h): here
 * for boards of up to 64 holes, by mrun128.c for 65 to 128. */
#include "dist.h"
#include "mrun.h"
#include "mwork.h"

#include "cli.h"
#include "progress.h"
#include "sets_print.h"
#include "svgout.h"

#include "pegsol/afile.h"
#include "pegsol/count.h"
#include "pegsol/sets.h"
#include "pegsol/solve.h"

#include "sets_prune.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* The run: options, the problem, the ranks' levels. */
struct run {
	struct dist d;
	const struct peg_board *b;
	const struct peg_problem *p;
	struct peg_sets *s; /* sizes only (every rank), printed by rank 0 */
	struct dlevel F[PEG_SETS_MAX_HOLES + 1], G[PEG_SETS_MAX_HOLES + 1],
		W[PEG_SETS_MAX_HOLES + 1], L[PEG_SETS_MAX_HOLES + 1];
	int raw, count, fwd, to, nolosers;
	int keep; /* --out: every level kept for the file */
	size_t gathered; /* bytes of the levels gathered on rank 0 (--out) */
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

/* The bytes of the levels this rank holds (the budget's ledger). */
static size_t held(const struct run *u)
{
	size_t sum = 0;

	for (int m = 0; m <= u->d.n; m++)
		sum += dlevel_bytes(&u->F[m]) + dlevel_bytes(&u->G[m]) +
		       dlevel_bytes(&u->W[m]) + dlevel_bytes(&u->L[m]);
	return sum;
}

/* dist_route with the ledger brought up to date (extra: the bytes of a
 * level held outside the run's arrays). */
static int route(struct run *u, const struct dlevel *src, int expand,
		 struct dlevel *out, size_t extra)
{
	u->d.held = held(u) + extra;
	return dist_route(&u->d, src, expand, out);
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
static size_t prune_keep(struct peg_prune *pr, const dcode *a, size_t n,
			 dcode *out)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		int f = sets_prune_cut(pr, (uint64_t)a[i],
				       (uint64_t)(a[i] >> 32 >> 32));

		if (f < 0)
			out[k++] = a[i];
		else
			pr->cut[pr->fn_base[f]]++;
	}
	return k;
}

/* A packed level (spilled, dspill.c) is filtered block by block into a
 * new pack. */
struct prunepk {
	struct peg_prune *pr;
	struct peg_lpack *pk;
	struct peg_lf *c;
	dcode *tmp;
};

static int prune_block(void *ctx, const dcode *a, size_t n)
{
	struct prunepk *q = ctx;
	size_t k = prune_keep(q->pr, a, n, q->tmp);

	return k ? peg_lpack_push(q->pk, q->c, q->tmp, k) : 0;
}

static int prune(struct run *u, struct dlevel *l, int pegs)
{
	struct peg_prune *pr = u->s->prune;
	size_t k = 0;
	int bad = 0;

	if (!l->pk) {
		k = prune_keep(pr, l->a, l->n, l->a);
	} else {
		struct prunepk q = {pr, peg_lpack_new(DCODE_BITS == 128),
				    peg_lf_new(),
				    malloc(sizeof(dcode) * PEG_LF_BLOCK)};

		bad = !q.pk || !q.c || !q.tmp ||
		      dlevel_each(l, prune_block, &q) ||
		      peg_lpack_finish(q.pk, q.c);
		if (!bad) {
			k = q.pk->n;
			peg_lpack_free(l->pk);
			l->pk = q.pk;
			q.pk = NULL;
		}
		peg_lpack_free(q.pk);
		peg_lf_free(q.c);
		free(q.tmp);
	}
	if (dist_any(&u->d, bad))
		return -1;
	u->s->pruned[pegs] += dist_sum(&u->d, l->n - k);
	l->n = k;
	return 0;
}

/* Are finished levels kept packed?  Under a budget, but for --out
 * (every level gathered as an array on rank 0). */
static int packed(const struct run *u)
{
	return u->d.budget && !u->keep;
}

/* F (or G) from level top down to bottom. */
static int forward(struct run *u, struct dlevel *lv, struct peg_level *sl,
		   int top, int bottom, enum peg_phase ph)
{
	int n = u->d.n;

	for (int m = top; m > bottom; m--) {
		if (route(u, &lv[m], 1, &lv[m - 1], 0))
			return -1;
		if (ph == PEG_PHASE_FORWARD && u->s->prune &&
		    prune(u, &lv[m - 1], m - 1))
			return -1;
		sized(u, &sl[m - 1], &lv[m - 1]);
		report(u, ph, ph == PEG_PHASE_BACKWARD ? n - (m - 1) : m - 1,
		       sl[m - 1].n);
		if (u->work && mwork_save(u->work, &u->d, u->s, m - 1,
					  &lv[m - 1], &sl[m - 1]))
			return -1;
		if (u->fwd) /* F only: the parent is done with */
			dlevel_free(&lv[m]);
		/* and under a budget the new level waits packed: the next
		 * parent, and in a full run every level until W is made
		 * (winning_at reads them a block at a time) */
		if (packed(u) && (m - 1 > bottom || !u->fwd) &&
		    dist_any(&u->d, dist_pack(&lv[m - 1])))
			return -1;
	}
	return 0;
}

/* The start level (codes given on rank 0 only). */
static int start_level(struct run *u, const dcode *c, size_t k,
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
		      const struct dlevel *g, size_t extra)
{
	struct dlevel x;
	int bad;

	if (route(u, g, 0, &x, extra))
		return -1;
	u->d.held = held(u) + extra + dlevel_bytes(&x);
	/* under a budget W_m is packed as it is made, f and x read a block
	 * at a time; else an array of up to the smaller of them */
	bad = (!packed(u) &&
	       dist_over(&u->d, (f->n < x.n ? f->n : x.n) * sizeof(dcode))) ||
	      dist_intersect(f, &x, packed(u), &u->W[m]);
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
		if (winning_at(u, m, &u->F[m], &u->F[n - m], 0))
			return -1;
	for (int m = k - 1; m >= nf; m--) {
		struct dlevel d;
		int r;

		if (route(u, &u->W[m + 1], 1, &d, 0))
			return -1;
		r = winning_at(u, m, &d, &u->F[n - m], dlevel_bytes(&d));
		dlevel_free(&d);
		if (r)
			return -1;
	}
	for (int m = ns; 2 * m > n; m--) {
		/* eq. 8: W_m = ~W_(N-m) */
		if (route(u, &u->W[n - m], 0, &u->W[m], 0))
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
	dcode full = u->d.f->full, st = (dcode)s->start;
	struct dlevel *gx;
	/* a count of a complement problem needs F down to N/2 only */
	int half = u->count && s->complement;
	int kh = n / 2 > nf ? n / 2 : nf;

	/* a level spilled under a budget is merged into a pack */
	u->d.pack_out = packed(u);

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
			/* the level read back waits packed too (forward) */
			if (u->d.budget && top > bottom &&
			    dist_any(&u->d, dist_pack(&u->F[top])))
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
	if (half) {
		if (half_winning(u, kh))
			return -1;
		/* the count needs W only */
		for (int m = 0; m <= n; m++)
			dlevel_free(&u->F[m]);
		return 0;
	}
	gx = u->F;
	if (!s->complement) {
		dcode *gs = malloc(sizeof(dcode) * (size_t)(n + 1));
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
				gs[k++] = full ^ ((dcode)1 << h);
		}
		if (!s->anywhere && !bad)
			gs[k++] = full ^ (dcode)s->finish;
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
		if (winning_at(u, m, &u->F[m], &gx[n - m], 0))
			return -1;
	if (u->raw)
		for (int m = nf; m <= ns; m++)
			sized(u, &s->G[n - m], &gx[n - m]);
	/* L and the count need W only; --out writes every level */
	for (int m = 0; !u->keep && m <= n; m++) {
		dlevel_free(&u->F[m]);
		dlevel_free(&u->G[m]);
	}
	if (u->count || u->nolosers)
		return 0;
	/* L_m = D(W_(m+1)) - W_m */
	for (int m = ns - 1; m >= nf; m--) {
		if (route(u, &u->W[m + 1], 1, &u->L[m], 0) ||
		    dist_any(&u->d, dist_minus(&u->L[m], &u->W[m])))
			return -1;
		sized(u, &s->L[m], &u->L[m]);
		if (!u->keep)
			dlevel_free(&u->L[m]);
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

/* After a failure: did a rank go over its budget?  Rank 0 says how
 * much the neediest rank would have needed.  Collective. */
static int over_budget(struct run *u)
{
	uint64_t need = u->d.need, most = 0;

	MPI_Allreduce(&need, &most, 1, MPI_UINT64_T, MPI_MAX, u->d.comm);
	if (!most)
		return 0;
	if (!u->d.rank)
		cli_error("over the memory budget: a rank needs more than %.1f MB "
			  "for its share of the levels and the round buffers "
			  "(--memory-mb %g a rank, %d ranks): use more "
			  "ranks or a larger --memory-mb",
			  (double)most / (1 << 20), (double)u->d.budget / (1 << 20), u->d.size);
	return 1;
}

/* After a failure: a disk error of the spill (dspill.c)?  The lowest
 * rank that met one prints it; its status (3 out of disk space, 2
 * another error), the one of the message printed, is every rank's, or
 * 0.  Collective. */
static int disk_failed(struct run *u)
{
	int who = u->d.io ? u->d.rank : u->d.size, first = 0, st = u->d.io;

	MPI_Allreduce(&who, &first, 1, MPI_INT, MPI_MIN, u->d.comm);
	if (first == u->d.size)
		return 0;
	MPI_Bcast(&st, 1, MPI_INT, first, u->d.comm);
	if (first == u->d.rank)
		cli_error("%s", u->d.msg);
	return st;
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
	/* counts in 64-bit words (DCODE_WORDS a code) */
	int n = x->n > ((size_t)1 << 30) / DCODE_WORDS
			? -1
			: (int)(x->n * DCODE_WORDS);
	dcode *all = NULL, *tmp = NULL;
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
		tot /= DCODE_WORDS;
		u->d.held = held(u) + u->gathered;
		bad = tot * DCODE_WORDS > (size_t)INT32_MAX ||
		      dist_over(&u->d, 2 * tot * sizeof(dcode)) ||
		      !(all = malloc(sizeof(dcode) * (tot + 1))) ||
		      !(tmp = malloc(sizeof(dcode) * (tot + 1)));
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
			at[r] = r < k ? (size_t)dsp[r] / DCODE_WORDS : tot;
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
			memcpy(all, tmp, sizeof(dcode) * tot);
		}
		if (!at && k > 1) {
			free(all);
			all = NULL;
		}
		free(at);
		free(l->code);
		l->code = (uint64_t *)(void *)all;
		u->gathered += tot * sizeof(dcode);
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
				return over_budget(u)
					       ? EXIT_RESOURCES
					       : cli_fail("out of memory gathering "
							  "the levels for --out",
							  1);
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

static void run_free(struct run *u)
{
	for (int m = 0; m <= PEG_SETS_MAX_HOLES; m++) {
		dlevel_free(&u->F[m]);
		dlevel_free(&u->G[m]);
		dlevel_free(&u->W[m]);
		dlevel_free(&u->L[m]);
	}
	dist_free(&u->d);
}

/* PEGSOL_MPI_STATS: every rank's peak RSS in MB, one line from rank 0
 * (the budget's check: tests/cli/mpi.sh).  Collective. */
static void rss_report(struct run *u)
{
	struct rusage ru;
	long mb = 0;

	if (!getrusage(RUSAGE_SELF, &ru))
		mb = (ru.ru_maxrss + 1023) / 1024;
	if (u->d.rank) { /* one number to rank 0: no buffer to allocate */
		MPI_Send(&mb, 1, MPI_LONG, 0, 0, u->d.comm);
		return;
	}
	fprintf(stderr, "pegsol-mpi: peak RSS a rank (MB): %ld", mb);
	for (int r = 1; r < u->d.size; r++) {
		MPI_Recv(&mb, 1, MPI_LONG, r, 0, u->d.comm, MPI_STATUS_IGNORE);
		fprintf(stderr, " %ld", mb);
	}
	fprintf(stderr, "\n");
}

int mrun(const struct mjob *j)
{
	struct run u;
	struct cli_progress prog;
	struct peg_count_result res = {0};
	int rc, fail;
	double secs;

	memset(&u, 0, sizeof(u));
	u.b = j->b;
	u.p = j->p;
	u.s = j->s;
	u.raw = j->raw;
	u.count = j->count;
	u.fwd = j->fwd;
	u.to = j->to;
	u.work = j->work;
	u.nolosers = j->nolosers;
	u.keep = j->outfile != NULL;
	u.pphase = -1;
	fail = dist_init(&u.d, MPI_COMM_WORLD, u.b, u.s->group, u.s->n_group,
			 j->chunk);
	u.d.budget = j->budget;
	u.d.sets = u.s;
	u.d.tmpdir = j->tmpdir;
	u.d.force = j->partitions;
	if (dist_any(&u.d, fail)) {
		rc = cli_fail("out of memory computing the level sets", 1);
		goto out;
	}
	if (!u.d.rank && j->progress) {
		cli_progress_init(&prog);
		u.prog = &prog;
	}
	u.stats = getenv("PEGSOL_MPI_STATS") != NULL;
	u.t_last = MPI_Wtime();
	secs = cli_now();
	fail = pipeline(&u);
	if (!fail && u.count)
		fail = dist_count(&u.d, u.W, u.s->start_pegs,
				  u.s->finish_pegs, u.s->complement, &res);
	if (u.prog)
		cli_progress_end(u.prog);
	secs = cli_now() - secs;
	if (fail && over_budget(&u)) {
		rc = EXIT_RESOURCES;
		goto out;
	} else if (fail && (rc = disk_failed(&u)) != 0) {
		goto out;
	} else if (fail) {
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
	/* the spill: the most runs a level of a rank wrote, the bytes of
	 * every rank's runs (pegsol's partitions and disk_bytes) */
	MPI_Allreduce(&u.d.maxruns, &u.s->partitions, 1, MPI_INT, MPI_MAX,
		      u.d.comm);
	u.s->disk_bytes = dist_sum(&u.d, u.d.disk);
	if (u.count) {
		/* the count is on rank 0 */
		int yes = res.text && strcmp(res.text, "0");

		MPI_Bcast(&yes, 1, MPI_INT, 0, MPI_COMM_WORLD);
		rc = yes ? EXIT_YES : EXIT_NO;
	} else
		rc = u.fwd || u.s->W[u.s->finish_pegs].n ? EXIT_YES : EXIT_NO;
	if (!u.count && j->outfile) {
		int r = write_out(&u, j->outfile);

		if (r) {
			rc = r;
			goto out;
		}
	}
	if (!u.count && j->plot) {
		/* sizes only: rank 0 draws them as pegsol does */
		int r = u.d.rank ? 0 : svgout_plot_sets(j->plot, u.b, u.s);

		MPI_Bcast(&r, 1, MPI_INT, 0, MPI_COMM_WORLD);
		if (r || !strcmp(j->plot, "-")) {
			rc = r ? r : rc;
			goto out;
		}
	}
	if (u.stats)
		rss_report(&u);
	if (u.d.rank || j->quiet)
		goto out;
	if (u.count)
		cli_count_print(u.b, &res, u.s->n_group, u.s->partitions,
				u.s->disk_bytes, secs, j->json);
	else if (u.fwd)
		cli_sets_print_forward(u.b, u.s, secs, u.raw, j->json, u.work);
	else
		cli_sets_print(u.b, u.s, secs, u.raw, j->json, j->outfile);
	if (u.stats)
		fprintf(stderr,
			"pegsol-mpi: %d ranks, %llu rounds, %.3f s in MPI on "
			"rank 0, %.3f s in all\n",
			u.d.size, (unsigned long long)u.d.rounds, u.d.t_comm,
			secs);
out:
	peg_count_result_release(&res);
	run_free(&u);
	return rc;
}
