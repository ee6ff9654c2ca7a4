/* shortest_impl.h - fewest-move solutions and solution catalogs for one
 * code width (shortest.c includes it twice; shortest_int.h). */
#include "codew.h"
#undef CAT_SHARED
#define CAT_SHARED struct NAME(cat_shared_)

static void NAME(search_opts_)(SEARCH *S, const struct peg_shortest_opts *o)
{
	S->dfs = !(o && o->no_dfs);
	S->dfs_slots = o ? o->dfs_slots : 0;
	S->dfs_budget = o ? o->dfs_budget : 0;
	S->mo = o && (o->mark || o->resume) ? o : NULL;
	S->mark_secs = o && o->mark_seconds > 0 ? o->mark_seconds : 1.0;
}

/* Verify a jump list from start; 0 when it ends with one peg at hole f. */
static int NAME(verify_)(const struct peg_board *b, CW start,
			 const struct peg_jump *j, int n, int f,
			 struct peg_err *err)
{
	unsigned char *pegs = malloc((size_t)b->n_holes);
	int r = -1;

	if (!pegs) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	POS_FROM(start, b->n_holes, pegs);
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

int SH(_shortest)(const struct peg_board *b, CW start, int finish,
		  const struct peg_shortest_opts *opts,
		  struct peg_shortest_result *res, struct peg_err *err)
{
	REGIONS R;
	SEARCH S;
	struct hit *hits = NULL;
	CW full, targets, unsolvable = 0;
	BASIS B;
	int rc = PEG_SHORTEST_OK;

	memset(res, 0, sizeof(*res));
	if (b->n_holes > WBITS) {
		peg_err_set(err, "board '%s' has %d holes, the shortest search "
			    "handles at most %d", b->spec, b->n_holes, WBITS);
		return PEG_SHORTEST_BAD;
	}
	full = FULL(b->n_holes);
	if (!start || (start & ~full)) {
		peg_err_set(err, "the start position has no pegs");
		return PEG_SHORTEST_BAD;
	}
	targets = finish >= 0 ? BIT(finish) : full;
	if (SH(_regions_build)(b, &R)) {
		SH(_regions_free)(&R);
		peg_err_set(err, "out of memory");
		return PEG_SHORTEST_RESOURCES;
	}
	if (SH(_search_init)(&S, b, &R, opt_max_states(opts), err)) {
		rc = PEG_SHORTEST_RESOURCES;
		goto out;
	}
	S.threads = opts && opts->threads > 0 ? opts->threads : 2;
	NAME(search_opts_)(&S, opts);
	if (S.threads > 16)
		S.threads = 16;
	res->lower_bound = SH(_bound)(&R, start, targets);
	SH(_basis_build)(b, &B);
	for (int f = 0; f < b->n_holes; f++)
		if ((targets >> f & 1) && !SH(_basis_spans)(&B, start ^ BIT(f)))
			targets &= ~BIT(f);
	if (!targets)
		goto out; /* proved: another position class */
	SH(_set_group)(&S, start, targets);
	hits = calloc((size_t)b->n_holes, sizeof(*hits));
	if (!hits) {
		rc = PEG_SHORTEST_RESOURCES;
		peg_err_set(err, "out of memory");
		goto out;
	}
	/* anywhere: stop at the first bound that reaches any target */
	if (SH(_bfhs)(&S, start, &targets, hits, &res->iterations, finish < 0,
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
	if (res->solved && NAME(verify_)(b, start, res->jumps, res->n_jumps,
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
	SH(_search_release)(&S);
	SH(_regions_free)(&R);
	return rc;
}

/* ---- catalogs ------------------------------------------------------ */

CAT_SHARED {
	const struct peg_board *b;
	const REGIONS *reg;
	const BASIS *B;
	uint64_t max_states;
	int max_moves;                  /* 0 or the last bound searched */
	int threads;                    /* workers on each search */
	const struct peg_shortest_opts *opts;
	struct cat_job *jobs;
	int n_jobs, next;
	pthread_mutex_t lock;
};

static int NAME(cat_one_)(SEARCH *S, const CAT_SHARED *C,
			  struct cat_job *J)
{
	const struct peg_board *b = C->b;
	CW full = FULL(b->n_holes);
	CW start = full ^ BIT(J->start), cand = 0, todo, unsolv = 0;
	struct hit *hits;
	int it = 0;

	for (int f = 0; f < b->n_holes; f++)
		if (SH(_basis_spans)(C->B, start ^ BIT(f)))
			cand |= BIT(f);
	SH(_set_group)(S, start, cand);
	todo = cand;
	hits = calloc((size_t)b->n_holes, sizeof(*hits));
	J->e = calloc((size_t)b->n_holes, sizeof(*J->e));
	if (!hits || !J->e) {
		free(hits);
		peg_err_set(&J->err, "out of memory");
		return PEG_SHORTEST_RESOURCES;
	}
	if (todo && SH(_bfhs)(S, start, &todo, hits, &it, 0, C->max_moves, 0,
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
		if (CTZ(SH(_orbit_mask)(S, f)) != f)
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
				pegsh_map_jumps(b, S->H[i], h->jumps,
						h->n_jumps);
				h->hole = f;
			}
		if (NAME(verify_)(b, start, h->jumps, h->n_jumps, f, &J->err)) {
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
		e->longest_move = pegsh_longest_move(h->jumps, h->n_jumps);
		h->jumps = NULL;
	}
	free(hits);
	return 0;
}

static void *NAME(cat_worker_)(void *arg)
{
	CAT_SHARED *C = arg;
	SEARCH S;
	struct peg_err err;
	int ok = !SH(_search_init)(&S, C->b, C->reg, C->max_states, &err);

	S.threads = C->threads;
	NAME(search_opts_)(&S, C->opts);

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
		J->rc = NAME(cat_one_)(&S, C, J);
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
	SH(_search_release)(&S);
	return NULL;
}

int SH(_catalog_build)(const struct peg_board *b,
		       const struct peg_shortest_opts *opts,
		       struct peg_catalog *cat, struct peg_err *err)
{
	REGIONS R;
	BASIS B;
	CAT_SHARED C;
	int nt = opts && opts->threads > 0 ? opts->threads : 2;
	int rc = PEG_SHORTEST_OK, total = 0;

	memset(cat, 0, sizeof(*cat));
	if (b->n_holes > WBITS) {
		peg_err_set(err, "board '%s' has %d holes, catalogs handle at "
			    "most %d", b->spec, b->n_holes, WBITS);
		return PEG_SHORTEST_BAD;
	}
	if (nt > 16)
		nt = 16;
	if (SH(_regions_build)(b, &R)) {
		SH(_regions_free)(&R);
		peg_err_set(err, "out of memory");
		return PEG_SHORTEST_RESOURCES;
	}
	SH(_basis_build)(b, &B);
	memset(&C, 0, sizeof(C));
	C.b = b;
	C.reg = &R;
	C.B = &B;
	C.max_states = opt_max_states(opts);
	C.max_moves = opts ? opts->max_moves : 0;
	C.opts = opts;
	C.jobs = calloc((size_t)b->n_holes, sizeof(*C.jobs));
	if (!C.jobs) {
		SH(_regions_free)(&R);
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
	NAME(cat_worker_)(&C);
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
	SH(_regions_free)(&R);
	if (rc)
		peg_catalog_release(cat);
	return rc;
}
