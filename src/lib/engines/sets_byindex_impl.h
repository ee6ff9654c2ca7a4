/* sets_byindex_impl.h - the combined "by index" winning sets of seed 001
 * sections 5-6 (sets.h, peg_sets_byindex).  Part of the sets body
 * (sets_impl.h includes it once per code width). */

struct NAME(entry_) {
	CW orbit, code; /* G-canonical code, exact code */
	unsigned bits;
};

static int NAME(entry_cmp_)(const void *a, const void *b)
{
	const struct NAME(entry_) *x = a, *y = b;

	if (x->orbit != y->orbit)
		return x->orbit < y->orbit ? -1 : 1;
	return x->code < y->code ? -1 : x->code > y->code;
}

/* The G-canonical codes of a level, sorted and distinct (malloc'd). */
static CW *NAME(orbits_of_)(const struct NAME(ctx_) *cg,
			   const struct peg_level *l, size_t *n)
{
	struct NAME(vec_) v = {0};

	v.a = malloc((l->n + 1) * sizeof(CW));
	if (!v.a)
		return NULL;
	for (size_t i = 0; i < l->n; i++)
		v.a[v.n++] = NAME(canon_)(cg, LC(l)[i]);
	if (NAME(vec_sort_unique_)(&v, cg->n)) {
		free(v.a);
		return NULL;
	}
	*n = v.n;
	return v.a;
}

static int NAME(has_code_)(const CW *a, size_t n, CW x)
{
	struct peg_level l = {0};

	l.n = n;
	LC(&l) = (CW *)a;
	return NAME(level_has_)(&l, x);
}

/* Fill x->count (Table 5), the degenerate problems 0..nd-1 keeping their
 * exact codes taken in frames frame[i] (symmetry indices), the problems
 * from nd on counted by G-orbit (nd < n_degenerate only while the frames
 * are being chosen).  *total is the number of entries.  0, or -1 out of
 * memory. */
static int NAME(entries_)(struct peg_byindex *x, const struct NAME(ctx_) *cg,
			  const struct peg_sets *sg,
			  struct peg_sets *const *si, const int *frame, int nd,
			  size_t *total)
{
	int p = x->n_problems, rc = -1;
	CW *wg[PEG_BYINDEX_MAX] = {0};
	size_t nwg[PEG_BYINDEX_MAX] = {0};
	struct NAME(entry_) *ent = NULL;

	memset(x->count, 0, (((size_t)x->half + 1) << p) * sizeof(size_t));
	*total = 0;
	for (int m = 1; m <= x->half; m++) {
		const struct peg_level *any = &sg->W[m];
		size_t ne = 0, cap = 0;

		for (int i = 0; i < p; i++) {
			free(wg[i]);
			wg[i] = NAME(orbits_of_)(cg, &si[i]->W[m], &nwg[i]);
			if (!wg[i])
				goto out;
		}
		/* exact entries of the degenerate problems, merged by code */
		for (int i = 0; i < nd; i++)
			cap += si[i]->W[m].n;
		free(ent);
		ent = malloc((cap + 1) * sizeof(*ent));
		if (!ent)
			goto out;
		for (int i = 0; i < nd; i++)
			for (size_t j = 0; j < si[i]->W[m].n; j++) {
				CW c = SYM_APPLY(SETS_SYMTAB(sg), frame[i],
						LC(&si[i]->W[m])[j]);

				ent[ne].orbit = NAME(canon_)(cg, c);
				ent[ne].code = c;
				ent[ne++].bits = 1u << i;
			}
		qsort(ent, ne, sizeof(*ent), NAME(entry_cmp_));
		{
			size_t k = 0;

			for (size_t j = 0; j < ne; j++)
				if (k && ent[k - 1].code == ent[j].code)
					ent[k - 1].bits |= ent[j].bits;
				else
					ent[k++] = ent[j];
			ne = k;
		}
		for (size_t a = 0, e = 0; a < any->n; a++) {
			CW o_ = LC(any)[a];
			unsigned bits = 0;
			int hit = 0;

			for (int i = nd; i < p; i++)
				if (NAME(has_code_)(wg[i], nwg[i], o_))
					bits |= 1u << i;
			while (e < ne && ent[e].orbit < o_)
				e++; /* (none: W^i lies inside W) */
			for (; e < ne && ent[e].orbit == o_; e++, hit = 1) {
				x->count[(size_t)m << p | (bits | ent[e].bits)]++;
				++*total;
			}
			if (!hit) {
				x->count[(size_t)m << p | bits]++;
				++*total;
			}
		}
	}
	rc = 0;
out:
	for (int i = 0; i < p; i++)
		free(wg[i]);
	free(ent);
	return rc;
}

/* peg_sets_byindex for this width (x allocated, hole checked). */
static int NAME(byindex_)(const struct peg_board *b, int hole, int threads,
			  struct peg_byindex *x, struct peg_err *err)
{
	int n = b->n_holes, p = 0, ok = 0, rep[PEG_SETS_MAX_HOLES];
	int degen[PEG_SETS_MAX_HOLES], order[PEG_BYINDEX_MAX];
	int frame[PEG_BYINDEX_MAX] = {0};
	struct peg_sets *sg = NULL, *si[PEG_BYINDEX_MAX] = {0};
	FAST *f = NULL;
	struct NAME(ctx_) cg;
	unsigned char *st = NULL, *q = NULL, *fin = NULL;
	CW *starts = NULL;

	memset(&cg, 0, sizeof(cg));
	sg = calloc(1, sizeof(*sg));
	st = malloc((size_t)n);
	q = malloc((size_t)n);
	fin = calloc((size_t)n, 1);
	starts = malloc(sizeof(CW) * (size_t)(n + 1));
	if (!sg || !st || !q || !fin || !starts)
		goto nomem;
	x->n_holes = n;
	x->half = n / 2;
	/* the whole group, and the holes of the type */
	sg->spec = strdup(b->spec);
	sg->group = malloc(sizeof(int) * (size_t)b->n_syms);
	sg->wide = WBITS > 64;
	SETS_SYMTAB(sg) = SYMTAB_FN(_new)(b);
	f = FAST_FN(_new)(b);
	if (!sg->spec || !sg->group || !SETS_SYMTAB(sg) || !f)
		goto nomem;
	sg->n_holes = n;
	sg->threads = threads > 0 ? threads : 2;
	sg->n_group = b->n_syms;
	sg->group_kind = PEG_GROUP_FULL;
	for (int g = 0; g < b->n_syms; g++)
		sg->group[g] = g;
	if (NAME(ctx_init_)(&cg, b, f, sg))
		goto nomem;
	memset(st, 1, (size_t)n);
	st[hole] = 0;
	{
		size_t ns = 0;

		for (int h = 0; h < n; h++) {
			int in = 0;

			rep[h] = -1;
			for (int g = 0; g < b->n_syms && !in; g++) {
				memset(q, 1, (size_t)n);
				q[b->sym[g * n + h]] = 0;
				in = peg_solve_same_class(b, st, q) == 1;
			}
			if (!in)
				continue;
			starts[ns++] = NAME(canon_)(&cg, f->full ^ ((CW)1 << h));
			/* its problem: the least hole of its G-orbit */
			rep[h] = h;
			for (int g = 0; g < b->n_syms; g++)
				if (b->sym[g * n + h] < rep[h])
					rep[h] = b->sym[g * n + h];
		}
		/* F from every vacancy of the type, to 1 peg; W = F & ~F */
		if (NAME(level_from_)(&sg->F[n - 1], starts, ns, n) ||
		    NAME(forward_)(&cg, sg->F, n - 1, 0, threads, &x->children,
				   PEG_PHASE_FORWARD))
			goto nomem;
		for (int m = 1; m <= x->half; m++) {
			if (NAME(winning_)(&cg, &sg->F[m], &sg->F[n - m],
					   &sg->W[m]))
				goto nomem;
			x->any[m] = sg->W[m].n;
			x->total_any += sg->W[m].n;
		}
	}
	/* the complement problems, exact, and which are degenerate */
	for (int h = 0; h < n; h++) {
		struct peg_sets_opts o = {0};
		struct peg_problem pr;

		if (rep[h] != h)
			continue;
		if (p == PEG_BYINDEX_MAX) {
			peg_err_set(err, "more than %d complement problems",
				    PEG_BYINDEX_MAX);
			goto fail;
		}
		memset(fin, 0, (size_t)n);
		fin[h] = 1;
		memset(q, 1, (size_t)n);
		q[h] = 0;
		pr.start = q;
		pr.goal = PEG_GOAL_POSITION;
		pr.finish = fin;
		o.group = PEG_GROUP_STAB;
		o.no_losers = 1;
		o.threads = threads;
		o.wide = WBITS > 64;
		if (peg_sets_compute(b, &pr, &o, &si[p], err))
			goto fail;
		x->children += si[p]->children;
		x->hole[p] = h;
		x->solvable[p] = si[p]->W[1].n > 0;
		degen[p] = 0;
		for (int m = 1; m < n && !degen[p]; m++) {
			size_t nw = 0;
			CW *o_ = NAME(orbits_of_)(&cg, &si[p]->W[m], &nw);

			if (!o_)
				goto nomem;
			for (size_t i = 0; i < si[p]->F[m].n && !degen[p]; i++) {
				CW c = LC(&si[p]->F[m])[i];

				degen[p] = NAME(has_code_)(o_, nw,
							   NAME(canon_)(&cg, c)) &&
					   !NAME(level_has_)(&si[p]->W[m], c);
			}
			free(o_);
		}
		p++;
	}
	/* degenerate problems first, each group in hole order */
	x->n_problems = p;
	for (int pass = 0, k = 0; pass < 2; pass++)
		for (int i = 0; i < p; i++)
			if (degen[i] == !pass) {
				order[k++] = i;
				x->n_degenerate += !pass;
			}
	{
		int hole_[PEG_BYINDEX_MAX], solv[PEG_BYINDEX_MAX];
		struct peg_sets *s_[PEG_BYINDEX_MAX];

		for (int i = 0; i < p; i++) {
			hole_[i] = x->hole[order[i]];
			solv[i] = x->solvable[order[i]];
			s_[i] = si[order[i]];
		}
		for (int i = 0; i < p; i++) {
			x->hole[i] = hole_[i];
			x->solvable[i] = solv[i];
			si[i] = s_[i];
		}
	}
	x->count = calloc(((size_t)x->half + 1) << p, sizeof(size_t));
	if (!x->count)
		goto nomem;
	/* each degenerate problem's codes are taken in the frame (image of
	 * its start under a board symmetry) that shares the most codes with
	 * the problems before it: the first keeps its own, the others are
	 * chosen greedily by the total number of entries */
	for (int i = 1; i < x->n_degenerate; i++) {
		size_t best = (size_t)-1;
		int bestg = 0;

		for (int g = 0; g < b->n_syms; g++) {
			size_t tot = 0;

			frame[i] = g;
			if (NAME(entries_)(x, &cg, sg, si, frame, i + 1, &tot))
				goto nomem;
			if (i == x->n_degenerate - 1 && g < PEG_BYINDEX_FRAMES)
				x->frame_total[g] = tot;
			if (tot < best) {
				best = tot;
				bestg = g;
			}
		}
		frame[i] = bestg;
	}
	{
		size_t tot = 0;

		if (NAME(entries_)(x, &cg, sg, si, frame, x->n_degenerate, &tot))
			goto nomem;
		memcpy(x->frame, frame, sizeof(frame));
	}
	for (int m = 1; m <= x->half; m++)
		for (size_t k = 0; k < (size_t)1 << p; k++)
			x->total_index += x->count[(size_t)m << p | k];
	{
		int any_solvable = 0;

		for (int i = 0; i < p; i++)
			any_solvable |= x->solvable[i];
		if (!any_solvable)
			x->total_index = 0;
	}
	ok = 1;
nomem:
	if (!ok)
		peg_err_set(err, "out of memory computing the by-index sets");
fail:
	for (int i = 0; i < PEG_BYINDEX_MAX; i++)
		peg_sets_free(si[i]);
	NAME(ctx_free_)(&cg);
	FAST_FN(_free)(f);
	peg_sets_free(sg);
	free(st);
	free(q);
	free(fin);
	free(starts);
	return ok ? 0 : -1;
}
