/* sweep_impl.h - the longest sweep in any single vacancy to single
 * survivor solution, by enumeration or by construction, for one code
 * width (sweep.c includes it twice; shortest_int.h, shortest.h). */
#include "codew.h"
#undef SWEEP_CAND
#undef SCON
#define SWEEP_CAND struct NAME(sweep_cand_)
#define SCON struct NAME(scon_)

/* ---- longest sweeps ------------------------------------------------ */

/* Can c be reduced to one peg?  Memo on canonical codes under the whole
 * group (fm: key -> 1 win, 2 loss). */
static int NAME(winnable_)(SEARCH *S, FMEMO *m, CW c)
{
	const FAST *f = S->g.f;
	CW k;
	size_t slot;
	int w = 0;

	if (S->oom)
		return 0;
	if (POPC(c) <= 1)
		return POPC(c) == 1;
	k = SYMTAB_FN(_canon)(S->sym, c);
	if (SH(_fmemo_slot)(m, k, &slot)) {
		S->oom = 1;
		return 0;
	}
	if (m->key[slot])
		return m->val[slot] == 1;
	for (int j = 0; j < f->n_jumps && !w; j++)
		if (FAST_FN(_legal)(f, j, c))
			w = NAME(winnable_)(S, m, c ^ f->flip[j]);
	if (S->oom || SH(_fmemo_slot)(m, k, &slot)) {
		S->oom = 1;
		return 0;
	}
	m->key[slot] = k;
	m->val[slot] = w ? 1 : 2;
	m->used++;
	return w;
}

/* Jumps from c to one peg in goal (depth-first with a fresh dead-position
 * memo); returns the number of jumps written to out, or -1. */
static int NAME(reach_path_)(SEARCH *S, CW c, CW goal,
			     struct peg_jump *out, int depth)
{
	const FAST *f = S->g.f;
	size_t slot;

	if (S->oom)
		return -1;
	if (POPC(c) == 1)
		return (c & goal) ? depth : -1;
	if (SH(_fmemo_slot)(&S->fm, c, &slot)) {
		S->oom = 1;
		return -1;
	}
	if (S->fm.key[slot])
		return -1;
	for (int k = 0; k < f->n_jumps; k++) {
		int r;

		if (!FAST_FN(_legal)(f, k, c))
			continue;
		out[depth] = S->b->jumps[k];
		r = NAME(reach_path_)(S, c ^ f->flip[k], goal, out, depth + 1);
		if (r >= 0)
			return r;
	}
	if (S->oom || SH(_fmemo_slot)(&S->fm, c, &slot)) {
		S->oom = 1;
		return -1;
	}
	S->fm.key[slot] = c;
	S->fm.used++;
	return -1;
}

static void NAME(fm_clear_)(FMEMO *m)
{
	free(m->key);
	free(m->val);
	memset(m, 0, sizeof(*m));
}

/* Add (s, f) to the problem list unless an equivalent one is there. */
static int NAME(sweep_add_problem_)(SEARCH *S, struct peg_sweep_result *res,
				    int s, int f)
{
	int fr = CTZ(SH(_orbit_mask)(S, f));

	for (int i = 0; i < res->n_problems; i++)
		if (res->start[i] == s && res->finish[i] == fr)
			return 0;
	res->start[res->n_problems] = s;
	res->finish[res->n_problems++] = fr;
	return 0;
}

/* Build a replayed SVSS solution through P, the sweep (jumps sw[0..len-1])
 * and on from Q. */
static int NAME(sweep_witness_)(SEARCH *S, struct peg_sweep_result *res,
				int s, CW P, const struct peg_jump *sw, int len,
				CW Q, struct peg_err *err)
{
	const struct peg_board *b = S->b;
	CW full = FULL(b->n_holes);
	struct peg_jump *j = malloc(((size_t)b->n_holes + 1) * sizeof(*j));
	int n1, n2;

	if (!j)
		return -1;
	/* time reversal: ~P -> one peg at s, reversed, goes vacancy s -> P */
	NAME(fm_clear_)(&S->fm);
	n1 = NAME(reach_path_)(S, full & ~P, (CW)1 << s, j, 0);
	NAME(fm_clear_)(&S->fm);
	if (n1 < 0) {
		free(j);
		return -1;
	}
	for (int i = 0; i < n1 / 2; i++) {
		struct peg_jump t = j[i];

		j[i] = j[n1 - 1 - i];
		j[n1 - 1 - i] = t;
	}
	memcpy(j + n1, sw, (size_t)len * sizeof(*j));
	n2 = NAME(reach_path_)(S, Q, full, j + n1 + len, 0);
	NAME(fm_clear_)(&S->fm);
	if (n2 < 0) {
		free(j);
		return -1;
	}
	free(res->jumps);
	res->jumps = j;
	res->n_jumps = n1 + len + n2;
	res->sweep_first = n1;
	res->start_hole = s;
	{
		unsigned char *pegs = malloc((size_t)b->n_holes);
		int ok;

		if (!pegs)
			return -1;
		POS_FROM(full ^ BIT(s), b->n_holes, pegs);
		ok = !peg_jumps_replay(b, j, res->n_jumps, pegs, err) &&
		     peg_pos_count(pegs, b->n_holes) == 1;
		for (int h = 0; h < b->n_holes; h++)
			if (pegs[h])
				res->finish_hole = h;
		free(pegs);
		if (!ok)
			return -1;
	}
	return 0;
}

SWEEP_CAND {
	int s;     /* start hole */
	CW q; /* position after a longest sweep */
};

/* The common start of both sweep searches: checks, an empty result and
 * a search context (with no Merson regions).  0 or an error code. */
static int NAME(sweep_begin_)(const struct peg_board *b,
			      const struct peg_shortest_opts *opts,
			      struct peg_sweep_result *res, SEARCH *S,
			      REGIONS *R, CW *full, struct peg_err *err)
{
	memset(res, 0, sizeof(*res));
	if (b->n_holes > WBITS) {
		peg_err_set(err, "board '%s' has %d holes, sweep handles at "
			    "most %d", b->spec, b->n_holes, WBITS);
		return PEG_SHORTEST_BAD;
	}
	*full = FULL(b->n_holes);
	memset(R, 0, sizeof(*R));
	if (SH(_search_init)(S, b, R, opt_max_states(opts), err)) {
		SH(_search_release)(S);
		return PEG_SHORTEST_RESOURCES;
	}
	return 0;
}

/* The out-of-resources exit of both searches: the message, no result. */
static int NAME(sweep_oom_)(const SEARCH *S, struct peg_sweep_result *res,
			    struct peg_err *err)
{
	peg_err_set(err, "state limit (%llu) or memory exhausted",
		    (unsigned long long)S->max_states);
	peg_sweep_result_release(res);
	return PEG_SHORTEST_RESOURCES;
}

/* What both searches release at the end. */
static void NAME(sweep_end_)(SEARCH *S, FMEMO *win)
{
	NAME(fm_clear_)(win);
	SH(_search_release)(S);
}

int SH(_sweep_longest)(const struct peg_board *b,
		       const struct peg_shortest_opts *opts,
		       struct peg_sweep_result *res, struct peg_err *err)
{
	REGIONS R;
	SEARCH S;
	FMEMO win = {0};
	BASIS B;
	CW full;
	int rc;
	size_t cap_pairs, n_cand = 0, cap_cand = 0;
	SWEEP_CAND *cand = NULL;

	rc = NAME(sweep_begin_)(b, opts, res, &S, &R, &full, err);
	if (rc)
		return rc;
	SH(_basis_build)(b, &B);
	cap_pairs = (size_t)b->n_holes * (size_t)b->n_holes;
	res->start = malloc(cap_pairs * sizeof(int));
	res->finish = malloc(cap_pairs * sizeof(int));
	if (!res->start || !res->finish)
		goto oom;
	for (int s = 0; s < b->n_holes; s++) {
		CW start = full ^ BIT(s);

		if (peg_board_hole_orbit_min(b, s) != s)
			continue;
		SH(_set_group)(&S, start, full);
		SH(_states_reset)(&S);
		if (SH(_states_add)(&S, CANON(&S, start), UINT32_MAX) < 0)
			goto oom;
		for (size_t i = 0; i < S.n; i++) {
			CW P = S.code[i];
			int base = S.gj.n, n;

			res->positions++;
			/* every move from P with a long enough sweep */
			n = MVGEN_FN(_push)(&S.gj, P);
			if (n < 0)
				goto oom;
			for (int m = base; m < base + n; m++) {
				int len = MVGEN_FN(_len)(&S.gj, m);
				CW Q = S.gj.after[m];

				if (len < res->length ||
				    !NAME(winnable_)(&S, &win, Q))
					continue;
				if (S.oom)
					goto oom_pop;
				if (len > res->length) {
					struct peg_jump sw[WBITS];

					for (int k = 0; k < len; k++)
						sw[k] = b->jumps[S.gj.jump
							[S.gj.first[m] + k]];
					res->length = len;
					n_cand = 0;
					if (NAME(sweep_witness_)(&S, res, s, P,
								 sw, len, Q,
								 err))
						goto oom_pop;
				}
				if (n_cand == cap_cand) {
					size_t c = cap_cand ? 2 * cap_cand : 64;
					SWEEP_CAND *x = realloc(
						cand, c * sizeof(*x));

					if (!x)
						goto oom_pop;
					cand = x;
					cap_cand = c;
				}
				cand[n_cand].s = s;
				cand[n_cand++].q = Q;
			}
			S.gj.n = base;
			/* the reachable set, jump by jump */
			for (int k = 0; k < S.g.f->n_jumps; k++) {
				if (!FAST_FN(_legal)(S.g.f, k, P))
					continue;
				if (SH(_states_add)(
					    &S, CANON(&S, P ^ S.g.f->flip[k]),
					    0) < 0)
					goto oom;
			}
		}
	}
	/* the problems in which a longest sweep occurs */
	for (size_t i = 0; i < n_cand; i++) {
		CW start = full ^ BIT(cand[i].s);

		SH(_set_group)(&S, start, full);
		for (int f = 0; f < b->n_holes; f++) {
			int r;

			if (!SH(_basis_spans)(&B, start ^ BIT(f)))
				continue;
			NAME(fm_clear_)(&S.fm);
			r = SH(_reach)(&S, cand[i].q, (CW)1 << f);
			NAME(fm_clear_)(&S.fm);
			if (S.oom)
				goto oom;
			if (r)
				NAME(sweep_add_problem_)(&S, res, cand[i].s, f);
		}
	}
	goto out;
oom_pop:
	S.gj.n = 0;
oom:
	rc = NAME(sweep_oom_)(&S, res, err);
out:
	free(cand);
	NAME(sweep_end_)(&S, &win);
	return rc;
}

/* ---- longest sweeps by construction (large boards) -----------------
 *
 * A sweep is a trail of the mover in its landing class: the holes a peg
 * can land on from a hole form a class (the from -> to graph's
 * component), and a move of length L is a walk x -> y over L distinct
 * edges of that class graph (an edge is a jump, its over hole the peg
 * removed; distinct edges have distinct over holes).  Before the move the
 * position P has the mover at x, a peg on every over hole, the other
 * landing holes of the walk empty and any pegs X on the free holes F;
 * after it Q = y + X.  The sweep occurs in an SVSS solution exactly when
 * P is reachable from a single vacancy (time reversal: the complement of
 * P reduces to one peg) and Q reduces to one peg.  For each length L from
 * the longest walk down, every edge set of size L that is a walk (Euler:
 * connected, at most two odd vertices), every start x and every X subset
 * of F is tested; the first L with a success is the answer and the search
 * below it proves nothing longer exists.  Edge sets near the maximum are
 * few (one of 18 on T8, thirty of 30 on T10) and F is small, so this is
 * for large boards where enumerating the reachable set is out of reach. */
SCON {
	SEARCH *S;
	FMEMO *win;
	const struct peg_board *b;
	CW full;
	int ne;
	int *ek;        /* jump index (from < to) of each class edge */
	int L;
	int *pick;      /* chosen edge indices */
	int found;
	CW P, Q;  /* a success */
	int x, y;
	uint64_t tests;
	int oom;
};

/* Edges of the chosen set at vertex v (as a count). */
static int NAME(sc_deg_)(const SCON *C, int v)
{
	int d = 0;

	for (int i = 0; i < C->L; i++) {
		const struct peg_jump *j = &C->b->jumps[C->ek[C->pick[i]]];

		d += (j->from == v) + (j->to == v);
	}
	return d;
}

/* Is the chosen edge set connected? */
static int NAME(sc_connected_)(const SCON *C)
{
	CW seen, all = 0, prev = 0;

	for (int i = 0; i < C->L; i++) {
		const struct peg_jump *j = &C->b->jumps[C->ek[C->pick[i]]];

		all |= (CW)1 << j->from | (CW)1 << j->to;
	}
	seen = all & -all;
	while (seen != prev) {
		prev = seen;
		for (int i = 0; i < C->L; i++) {
			const struct peg_jump *j =
				&C->b->jumps[C->ek[C->pick[i]]];
			CW e = (CW)1 << j->from | (CW)1 << j->to;

			if (seen & e)
				seen |= e;
		}
	}
	return seen == all;
}

/* Test every start x (and end y), every extra peg set X. */
static void NAME(sc_test_)(SCON *C)
{
	CW land = 0, mid = 0, odd = 0, F;
	int nodd;

	for (int i = 0; i < C->L; i++) {
		const struct peg_jump *j = &C->b->jumps[C->ek[C->pick[i]]];

		land |= (CW)1 << j->from | (CW)1 << j->to;
		mid |= (CW)1 << j->over;
	}
	for (CW v = land; v; v &= v - 1)
		if (NAME(sc_deg_)(C, CTZ(v)) & 1)
			odd |= v & -v;
	nodd = POPC(odd);
	if ((nodd != 0 && nodd != 2) || !NAME(sc_connected_)(C))
		return;
	F = C->full & ~land & ~mid;
	for (CW xs = nodd ? odd : land; xs && !C->found; xs &= xs - 1) {
		int x = CTZ(xs);
		int y = nodd ? CTZ(odd & ~BIT(x)) : x;
		CW X = 0;

		/* every subset X of F (Gosper-free: binary counting over F) */
		do {
			CW P = (CW)1 << x | mid | X, Q = (CW)1 << y | X;

			C->tests++;
			if (NAME(winnable_)(C->S, C->win, Q) &&
			    NAME(winnable_)(C->S, C->win, C->full & ~P)) {
				C->found = 1;
				C->P = P;
				C->Q = Q;
				C->x = x;
				C->y = y;
			}
			if (C->S->oom) {
				C->oom = 1;
				return;
			}
			X = (X - F) & F;
		} while (X && !C->found);
	}
}

/* Choose L of the ne edges (indices from 'from' on). */
static void NAME(sc_choose_)(SCON *C, int from, int k)
{
	if (C->found || C->oom)
		return;
	if (k == C->L) {
		NAME(sc_test_)(C);
		return;
	}
	for (int i = from; i <= C->ne - (C->L - k); i++) {
		C->pick[k] = i;
		NAME(sc_choose_)(C, i + 1, k + 1);
		if (C->found || C->oom)
			return;
	}
}

/* An Euler walk x -> ... over the edges of P's sweep (Hierholzer), as
 * jumps in playing order; returns its length. */
static int NAME(sc_walk_)(const SCON *C, struct peg_jump *out)
{
	const struct peg_board *b = C->b;
	int sv[2 * WBITS + 2], se[2 * WBITS + 2], circ[WBITS + 1];
	int nv = 0, ne = 0, nc = 0, cur;
	int used[WBITS + 1] = {0};
	CW mid = C->P & ~BIT(C->x) & ~C->Q;
	int edges[WBITS + 1], m = 0;

	for (int i = 0; i < C->ne; i++)
		if (mid >> b->jumps[C->ek[i]].over & 1)
			edges[m++] = C->ek[i];
	sv[nv++] = C->x;
	while (nv) {
		int v = sv[nv - 1], e = -1;

		for (int i = 0; i < m && e < 0; i++)
			if (!used[i] && (b->jumps[edges[i]].from == v ||
					 b->jumps[edges[i]].to == v))
				e = i;
		if (e >= 0) {
			used[e] = 1;
			sv[nv++] = b->jumps[edges[e]].from == v
					   ? b->jumps[edges[e]].to
					   : b->jumps[edges[e]].from;
			se[ne++] = e;
		} else {
			nv--;
			if (ne)
				circ[nc++] = se[--ne];
		}
	}
	cur = C->x;
	for (int i = nc - 1; i >= 0; i--) {
		const struct peg_jump *j = &b->jumps[edges[circ[i]]];
		int to = j->from == cur ? j->to : j->from;

		out[nc - 1 - i].from = cur;
		out[nc - 1 - i].over = j->over;
		out[nc - 1 - i].to = to;
		cur = to;
	}
	return nc;
}

int SH(_sweep_construct)(const struct peg_board *b,
			 const struct peg_shortest_opts *opts,
			 struct peg_sweep_result *res, struct peg_err *err)
{
	SCON C;
	int *ek = NULL, *pick = NULL, maxe = 0, rc;
	SEARCH S;
	REGIONS R;
	FMEMO win = {0};
	CW full, done = 0;

	rc = NAME(sweep_begin_)(b, opts, res, &S, &R, &full, err);
	if (rc)
		return rc;
	ek = malloc(((size_t)b->n_jumps + 1) * sizeof(int));
	pick = malloc(((size_t)b->n_jumps + 1) * sizeof(int));
	res->start = malloc(sizeof(int));
	res->finish = malloc(sizeof(int));
	if (!ek || !pick || !res->start || !res->finish)
		goto oom;
	/* the longest walk is at most the largest class's edge count */
	for (int h = 0; h < b->n_holes; h++) {
		int n = 0;

		if (done >> h & 1)
			continue;
		for (int k = 0; k < b->n_jumps; k++)
			if (b->jumps[k].from < b->jumps[k].to &&
			    (S.xg.land[h] >> b->jumps[k].from & 1))
				n++;
		done |= S.xg.land[h];
		if (n > maxe)
			maxe = n;
	}
	memset(&C, 0, sizeof(C));
	C.S = &S;
	C.win = &win;
	C.b = b;
	C.full = full;
	C.ek = ek;
	C.pick = pick;
	for (int L = maxe; L >= 1 && !C.found && !C.oom; L--) {
		done = 0;
		for (int h = 0; h < b->n_holes && !C.found && !C.oom; h++) {
			if (done >> h & 1)
				continue;
			done |= S.xg.land[h];
			C.ne = 0;
			for (int k = 0; k < b->n_jumps; k++)
				if (b->jumps[k].from < b->jumps[k].to &&
				    (S.xg.land[h] >> b->jumps[k].from & 1))
					ek[C.ne++] = k;
			if (C.ne < L)
				continue;
			C.L = L;
			NAME(sc_choose_)(&C, 0, 0);
		}
	}
	res->positions = C.tests;
	if (C.oom)
		goto oom;
	if (C.found) {
		struct peg_jump sw[WBITS + 1];
		int len = NAME(sc_walk_)(&C, sw), ok = 0;

		for (int s = 0; s < b->n_holes && !ok; s++) {
			struct peg_err e2;

			if (!(C.P >> s & 1) &&
			    !NAME(sweep_witness_)(&S, res, s, C.P, sw, len,
						  C.Q, &e2))
				ok = 1;
		}
		if (!ok) {
			peg_err_set(err, "internal: no witness for the sweep");
			rc = PEG_SHORTEST_BAD;
			peg_sweep_result_release(res);
			goto out;
		}
		res->length = len;
		res->n_problems = 1;
		res->start[0] = res->start_hole;
		res->finish[0] = res->finish_hole;
	}
	goto out;
oom:
	rc = NAME(sweep_oom_)(&S, res, err);
out:
	free(ek);
	free(pick);
	NAME(sweep_end_)(&S, &win);
	return rc;
}
