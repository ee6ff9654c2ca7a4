/* shortest.c - fewest-move solutions and solution catalogs, the public
 * entry points of the engine (shortest.h); the search itself is in
 * shortest_bfhs.c. */
#include "shortest_int.h"

#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <pthread.h>
#include <string.h>

/* ---- public entry points ------------------------------------------- */

void peg_shortest_result_release(struct peg_shortest_result *r)
{
	free(r->jumps);
	r->jumps = NULL;
}

static void search_opts(struct search *S, const struct peg_shortest_opts *o)
{
	S->dfs = !(o && o->no_dfs);
	S->dfs_slots = o ? o->dfs_slots : 0;
	S->dfs_budget = o ? o->dfs_budget : 0;
}

/* Verify a jump list from start; 0 when it ends with one peg at hole f. */
static int verify(const struct peg_board *b, uint64_t start,
		  const struct peg_jump *j, int n, int f, struct peg_err *err)
{
	unsigned char *pegs = malloc((size_t)b->n_holes);
	int r = -1;

	if (!pegs) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	peg_pos_from64(start, b->n_holes, pegs);
	if (!peg_jumps_replay(b, j, n, pegs, err)) {
		if (peg_pos_count(pegs, b->n_holes) == 1 && pegs[f])
			r = 0;
		else
			peg_err_set(err, "internal: solution does not end "
				    "with one peg at the finish");
	}
	free(pegs);
	return r;
}

int peg_shortest(const struct peg_board *b, uint64_t start, int finish,
		 const struct peg_shortest_opts *opts,
		 struct peg_shortest_result *res, struct peg_err *err)
{
	struct regions R;
	struct search S;
	struct hit *hits = NULL;
	uint64_t full, targets, unsolvable = 0;
	struct basis B;
	int rc = PEG_SHORTEST_OK;

	memset(res, 0, sizeof(*res));
	if (b->n_holes > 64) {
		peg_err_set(err, "board '%s' has %d holes, the shortest search "
			    "handles at most 64", b->spec, b->n_holes);
		return PEG_SHORTEST_BAD;
	}
	full = b->n_holes == 64 ? ~0ULL : ((1ULL << b->n_holes) - 1);
	if (!start || (start & ~full)) {
		peg_err_set(err, "the start position has no pegs");
		return PEG_SHORTEST_BAD;
	}
	targets = finish >= 0 ? 1ULL << finish : full;
	if (pegsh_regions_build(b, &R)) {
		pegsh_regions_free(&R);
		peg_err_set(err, "out of memory");
		return PEG_SHORTEST_RESOURCES;
	}
	if (pegsh_search_init(&S, b, &R, opt_max_states(opts), err)) {
		rc = PEG_SHORTEST_RESOURCES;
		goto out;
	}
	S.threads = opts && opts->threads > 0 ? opts->threads : 2;
	search_opts(&S, opts);
	if (S.threads > 16)
		S.threads = 16;
	res->lower_bound = pegsh_bound(&R, start, targets);
	pegsh_basis_build(b, &B);
	for (int f = 0; f < b->n_holes; f++)
		if ((targets >> f & 1) && !pegsh_basis_spans(&B, start ^ (1ULL << f)))
			targets &= ~(1ULL << f);
	if (!targets)
		goto out; /* proved: another position class */
	pegsh_set_group(&S, start, targets);
	hits = calloc((size_t)b->n_holes, sizeof(*hits));
	if (!hits) {
		rc = PEG_SHORTEST_RESOURCES;
		peg_err_set(err, "out of memory");
		goto out;
	}
	/* anywhere: stop at the first bound that reaches any target */
	if (pegsh_bfhs(&S, start, &targets, hits, &res->iterations, finish < 0,
		 opts ? opts->max_moves : 0, opts ? opts->min_moves : 0,
		 &unsolvable)) {
		peg_err_set(err, "state limit (%llu) or memory exhausted",
			    (unsigned long long)S.max_states);
		rc = PEG_SHORTEST_RESOURCES;
		goto out;
	}
	for (int h = 0; h < b->n_holes; h++) {
		if (!hits[h].jumps)
			continue;
		if (!res->solved || hits[h].moves < res->moves) {
			free(res->jumps);
			res->solved = 1;
			res->moves = hits[h].moves;
			res->jumps = hits[h].jumps;
			res->n_jumps = hits[h].n_jumps;
			res->finish = hits[h].hole;
			hits[h].jumps = NULL;
		}
	}
	if (!res->solved && targets && opts && opts->max_moves)
		res->capped = 1;
	if (res->solved && verify(b, start, res->jumps, res->n_jumps,
				  res->finish, err)) {
		rc = PEG_SHORTEST_BAD;
		goto out;
	}
out:
	res->nodes = S.nodes;
	res->peak_states = S.peak;
	res->dfs_bounds = S.dfs_used;
	if (hits)
		for (int h = 0; h < b->n_holes; h++)
			free(hits[h].jumps);
	free(hits);
	pegsh_search_release(&S);
	pegsh_regions_free(&R);
	return rc;
}

/* ---- catalogs ------------------------------------------------------ */

struct cat_job {
	int start;                      /* hole */
	struct peg_catalog_entry *e;    /* found problems of this start */
	int n, n_unsolvable, n_open;
	uint64_t nodes, peak;
	int dfs_bounds;
	int rc;
	struct peg_err err;
};

struct cat_shared {
	const struct peg_board *b;
	const struct regions *reg;
	const struct basis *B;
	uint64_t max_states;
	int max_moves;                  /* 0 or the last bound searched */
	int threads;                    /* workers on each search */
	const struct peg_shortest_opts *opts;
	struct cat_job *jobs;
	int n_jobs, next;
	pthread_mutex_t lock;
};

static int longest_move(const struct peg_jump *j, int n)
{
	int best = 0, run = 0;

	for (int i = 0; i < n; i++) {
		run = (i && j[i].from == j[i - 1].to) ? run + 1 : 1;
		if (run > best)
			best = run;
	}
	return best;
}

static int cat_one(struct search *S, const struct cat_shared *C,
		   struct cat_job *J)
{
	const struct peg_board *b = C->b;
	uint64_t full = b->n_holes == 64 ? ~0ULL : ((1ULL << b->n_holes) - 1);
	uint64_t start = full ^ (1ULL << J->start), cand = 0, todo, unsolv = 0;
	struct hit *hits;
	int it = 0;

	for (int f = 0; f < b->n_holes; f++)
		if (pegsh_basis_spans(C->B, start ^ (1ULL << f)))
			cand |= 1ULL << f;
	pegsh_set_group(S, start, cand);
	todo = cand;
	hits = calloc((size_t)b->n_holes, sizeof(*hits));
	J->e = calloc((size_t)b->n_holes, sizeof(*J->e));
	if (!hits || !J->e) {
		free(hits);
		peg_err_set(&J->err, "out of memory");
		return PEG_SHORTEST_RESOURCES;
	}
	if (todo && pegsh_bfhs(S, start, &todo, hits, &it, 0, C->max_moves, 0,
			 &unsolv)) {
		for (int h = 0; h < b->n_holes; h++)
			free(hits[h].jumps);
		free(hits);
		peg_err_set(&J->err, "state limit (%llu) or memory exhausted",
			    (unsigned long long)S->max_states);
		return PEG_SHORTEST_RESOURCES;
	}
	/* class-feasible finishes proved unsolvable, up to symmetry */
	for (int f = 0; f < b->n_holes; f++) {
		if (__builtin_ctzll(pegsh_orbit_mask(S, f)) != f)
			continue;
		J->n_unsolvable += (int)(unsolv >> f & 1);
		J->n_open += (int)(todo >> f & 1);
	}
	for (int f = 0; f < b->n_holes; f++) {
		struct peg_catalog_entry *e;
		struct hit *h = &hits[f];

		if (!h->jumps)
			continue;
		/* turn the solution so it ends at f itself */
		for (int i = 0; i < S->nH && h->hole != f; i++)
			if (b->sym[(size_t)S->H[i] * b->n_holes + h->hole] ==
			    f) {
				pegsh_map_jumps(b, S->H[i], h->jumps, h->n_jumps);
				h->hole = f;
			}
		if (verify(b, start, h->jumps, h->n_jumps, f, &J->err)) {
			for (int k = 0; k < b->n_holes; k++)
				free(hits[k].jumps);
			free(hits);
			return PEG_SHORTEST_BAD;
		}
		e = &J->e[J->n++];
		e->start = J->start;
		e->finish = f;
		e->moves = h->moves;
		e->jumps = h->jumps;
		e->n_jumps = h->n_jumps;
		e->longest_move = longest_move(h->jumps, h->n_jumps);
		h->jumps = NULL;
	}
	free(hits);
	return 0;
}

static void *cat_worker(void *arg)
{
	struct cat_shared *C = arg;
	struct search S;
	struct peg_err err;
	int ok = !pegsh_search_init(&S, C->b, C->reg, C->max_states, &err);

	S.threads = C->threads;
	search_opts(&S, C->opts);

	for (;;) {
		struct cat_job *J;
		uint64_t n0, p0;

		pthread_mutex_lock(&C->lock);
		J = C->next < C->n_jobs ? &C->jobs[C->next++] : NULL;
		pthread_mutex_unlock(&C->lock);
		if (!J)
			break;
		if (!ok) {
			J->rc = PEG_SHORTEST_RESOURCES;
			J->err = err;
			continue;
		}
		n0 = S.nodes;
		S.peak = 0;
		p0 = S.peak;
		S.dfs_used = 0;
		J->rc = cat_one(&S, C, J);
		J->nodes = S.nodes - n0;
		J->peak = S.peak - p0;
		J->dfs_bounds = S.dfs_used;
		if (C->opts && C->opts->progress) {
			int lo = 0, hi = 0;

			for (int i = 0; i < J->n; i++) {
				if (!i || J->e[i].moves < lo)
					lo = J->e[i].moves;
				if (J->e[i].moves > hi)
					hi = J->e[i].moves;
			}
			C->opts->progress(C->opts->progress_ctx, J->start,
					  J->rc ? -1 : J->n, lo, hi, J->nodes,
					  J->dfs_bounds);
		}
	}
	pegsh_search_release(&S);
	return NULL;
}

void peg_catalog_release(struct peg_catalog *cat)
{
	for (int i = 0; i < cat->n; i++)
		free(cat->e[i].jumps);
	free(cat->e);
	memset(cat, 0, sizeof(*cat));
}

int peg_catalog_build(const struct peg_board *b,
		      const struct peg_shortest_opts *opts,
		      struct peg_catalog *cat, struct peg_err *err)
{
	struct regions R;
	struct basis B;
	struct cat_shared C;
	int nt = opts && opts->threads > 0 ? opts->threads : 2;
	int rc = PEG_SHORTEST_OK, total = 0;

	memset(cat, 0, sizeof(*cat));
	if (b->n_holes > 64) {
		peg_err_set(err, "board '%s' has %d holes, catalogs handle at "
			    "most 64", b->spec, b->n_holes);
		return PEG_SHORTEST_BAD;
	}
	if (nt > 16)
		nt = 16;
	if (pegsh_regions_build(b, &R)) {
		pegsh_regions_free(&R);
		peg_err_set(err, "out of memory");
		return PEG_SHORTEST_RESOURCES;
	}
	pegsh_basis_build(b, &B);
	memset(&C, 0, sizeof(C));
	C.b = b;
	C.reg = &R;
	C.B = &B;
	C.max_states = opt_max_states(opts);
	C.max_moves = opts ? opts->max_moves : 0;
	C.opts = opts;
	C.jobs = calloc((size_t)b->n_holes, sizeof(*C.jobs));
	if (!C.jobs) {
		pegsh_regions_free(&R);
		peg_err_set(err, "out of memory");
		return PEG_SHORTEST_RESOURCES;
	}
	for (int h = 0; h < b->n_holes; h++)
		if (peg_board_hole_orbit_min(b, h) == h)
			C.jobs[C.n_jobs++].start = h;
	pthread_mutex_init(&C.lock, NULL);
	/* the starts one after another, every thread on each search (the
	 * hardest start dominates, so starts in parallel would leave cores
	 * idle) */
	C.threads = nt;
	cat_worker(&C);
	pthread_mutex_destroy(&C.lock);
	for (int j = 0; j < C.n_jobs; j++) {
		if (C.jobs[j].rc && rc == PEG_SHORTEST_OK) {
			rc = C.jobs[j].rc;
			*err = C.jobs[j].err;
		}
		total += C.jobs[j].n;
	}
	cat->e = calloc((size_t)total + 1, sizeof(*cat->e));
	if (!cat->e && rc == PEG_SHORTEST_OK) {
		rc = PEG_SHORTEST_RESOURCES;
		peg_err_set(err, "out of memory");
	}
	cat->min_moves = -1;
	for (int j = 0; j < C.n_jobs; j++) {
		struct cat_job *J = &C.jobs[j];

		cat->nodes += J->nodes;
		cat->dfs_bounds += J->dfs_bounds;
		if (J->peak > cat->peak_states)
			cat->peak_states = J->peak;
		cat->n_unsolvable += J->n_unsolvable;
		cat->n_open += J->n_open;
		for (int i = 0; i < J->n; i++) {
			if (!cat->e || rc) {
				free(J->e[i].jumps);
				continue;
			}
			cat->e[cat->n++] = J->e[i];
			if (cat->min_moves < 0 ||
			    J->e[i].moves < cat->min_moves)
				cat->min_moves = J->e[i].moves;
			if (J->e[i].moves > cat->max_moves)
				cat->max_moves = J->e[i].moves;
		}
		free(J->e);
	}
	free(C.jobs);
	pegsh_regions_free(&R);
	if (rc)
		peg_catalog_release(cat);
	return rc;
}
