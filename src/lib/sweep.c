/* sweep.c - the longest sweep in any single vacancy to single survivor
 * solution, by enumeration or by construction (shortest.h, seed 003). */
#include "shortest_int.h"

#include "pegsol/fast.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <string.h>

/* ---- longest sweeps ------------------------------------------------ */

/* Can c be reduced to one peg?  Memo on canonical codes under the whole
 * group (fm: key -> 1 win, 2 loss). */
static int winnable(struct search *S, struct fmemo *m, uint64_t c)
{
	const struct peg_fast64 *f = S->g.f;
	uint64_t k;
	size_t slot;
	int w = 0;

	if (S->oom)
		return 0;
	if (__builtin_popcountll(c) <= 1)
		return __builtin_popcountll(c) == 1;
	k = peg_symtab64_canon(S->sym, c);
	if (pegsh_fmemo_slot(m, k, &slot)) {
		S->oom = 1;
		return 0;
	}
	if (m->key[slot])
		return m->val[slot] == 1;
	for (int j = 0; j < f->n_jumps && !w; j++)
		if (peg_fast64_legal(f, j, c))
			w = winnable(S, m, c ^ f->flip[j]);
	if (S->oom || pegsh_fmemo_slot(m, k, &slot)) {
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
static int reach_path(struct search *S, uint64_t c, uint64_t goal,
		      struct peg_jump *out, int depth)
{
	const struct peg_fast64 *f = S->g.f;
	size_t slot;

	if (S->oom)
		return -1;
	if (__builtin_popcountll(c) == 1)
		return (c & goal) ? depth : -1;
	if (pegsh_fmemo_slot(&S->fm, c, &slot)) {
		S->oom = 1;
		return -1;
	}
	if (S->fm.key[slot])
		return -1;
	for (int k = 0; k < f->n_jumps; k++) {
		int r;

		if (!peg_fast64_legal(f, k, c))
			continue;
		out[depth] = S->b->jumps[k];
		r = reach_path(S, c ^ f->flip[k], goal, out, depth + 1);
		if (r >= 0)
			return r;
	}
	if (S->oom || pegsh_fmemo_slot(&S->fm, c, &slot)) {
		S->oom = 1;
		return -1;
	}
	S->fm.key[slot] = c;
	S->fm.used++;
	return -1;
}

static void fm_clear(struct fmemo *m)
{
	free(m->key);
	free(m->val);
	memset(m, 0, sizeof(*m));
}

void peg_sweep_result_release(struct peg_sweep_result *res)
{
	free(res->start);
	free(res->finish);
	free(res->jumps);
	memset(res, 0, sizeof(*res));
}

/* Add (s, f) to the problem list unless an equivalent one is there. */
static int sweep_add_problem(struct search *S, struct peg_sweep_result *res,
			     int s, int f)
{
	int fr = __builtin_ctzll(pegsh_orbit_mask(S, f));

	for (int i = 0; i < res->n_problems; i++)
		if (res->start[i] == s && res->finish[i] == fr)
			return 0;
	res->start[res->n_problems] = s;
	res->finish[res->n_problems++] = fr;
	return 0;
}

/* Build a replayed SVSS solution through P, the sweep (jumps sw[0..len-1])
 * and on from Q. */
static int sweep_witness(struct search *S, struct peg_sweep_result *res,
			 int s, uint64_t P, const struct peg_jump *sw, int len,
			 uint64_t Q, struct peg_err *err)
{
	const struct peg_board *b = S->b;
	uint64_t full = b->n_holes == 64 ? ~0ULL : ((1ULL << b->n_holes) - 1);
	struct peg_jump *j = malloc(((size_t)b->n_holes + 1) * sizeof(*j));
	int n1, n2;

	if (!j)
		return -1;
	/* time reversal: ~P -> one peg at s, reversed, goes vacancy s -> P */
	fm_clear(&S->fm);
	n1 = reach_path(S, full & ~P, 1ULL << s, j, 0);
	fm_clear(&S->fm);
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
	n2 = reach_path(S, Q, full, j + n1 + len, 0);
	fm_clear(&S->fm);
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
		peg_pos_from64(full ^ (1ULL << s), b->n_holes, pegs);
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

struct sweep_cand {
	int s;     /* start hole */
	uint64_t q; /* position after a longest sweep */
};

/* The common start of both sweep searches: checks, an empty result and
 * a search context (with no Merson regions).  0 or an error code. */
static int sweep_begin(const struct peg_board *b,
		       const struct peg_shortest_opts *opts,
		       struct peg_sweep_result *res, struct search *S,
		       struct regions *R, uint64_t *full, struct peg_err *err)
{
	memset(res, 0, sizeof(*res));
	if (b->n_holes > 64) {
		peg_err_set(err, "board '%s' has %d holes, sweep handles at "
			    "most 64", b->spec, b->n_holes);
		return PEG_SHORTEST_BAD;
	}
	*full = b->n_holes == 64 ? ~0ULL : ((1ULL << b->n_holes) - 1);
	memset(R, 0, sizeof(*R));
	if (pegsh_search_init(S, b, R, opt_max_states(opts), err)) {
		pegsh_search_release(S);
		return PEG_SHORTEST_RESOURCES;
	}
	return 0;
}

int peg_sweep_longest(const struct peg_board *b,
		      const struct peg_shortest_opts *opts,
		      struct peg_sweep_result *res, struct peg_err *err)
{
	struct regions R;
	struct search S;
	struct fmemo win = {0};
	struct basis B;
	uint64_t full;
	int rc = PEG_SHORTEST_OK, rc0;
	size_t cap_pairs, n_cand = 0, cap_cand = 0;
	struct sweep_cand *cand = NULL;

	rc0 = sweep_begin(b, opts, res, &S, &R, &full, err);
	if (rc0)
		return rc0;
	pegsh_basis_build(b, &B);
	cap_pairs = (size_t)b->n_holes * (size_t)b->n_holes;
	res->start = malloc(cap_pairs * sizeof(int));
	res->finish = malloc(cap_pairs * sizeof(int));
	if (!res->start || !res->finish)
		goto oom;
	for (int s = 0; s < b->n_holes; s++) {
		uint64_t start = full ^ (1ULL << s);

		if (peg_board_hole_orbit_min(b, s) != s)
			continue;
		pegsh_set_group(&S, start, full);
		pegsh_states_reset(&S);
		if (pegsh_states_add(&S, canon(&S, start), UINT32_MAX) < 0)
			goto oom;
		for (size_t i = 0; i < S.n; i++) {
			uint64_t P = S.code[i];
			int base = S.gj.n, n;

			res->positions++;
			/* every move from P with a long enough sweep */
			n = peg_mvgen64_push(&S.gj, P);
			if (n < 0)
				goto oom;
			for (int m = base; m < base + n; m++) {
				int len = peg_mvgen64_len(&S.gj, m);
				uint64_t Q = S.gj.after[m];

				if (len < res->length || !winnable(&S, &win, Q))
					continue;
				if (S.oom)
					goto oom_pop;
				if (len > res->length) {
					struct peg_jump sw[64];

					for (int k = 0; k < len; k++)
						sw[k] = b->jumps[S.gj.jump
							[S.gj.first[m] + k]];
					res->length = len;
					n_cand = 0;
					if (sweep_witness(&S, res, s, P, sw, len,
							  Q, err))
						goto oom_pop;
				}
				if (n_cand == cap_cand) {
					size_t c = cap_cand ? 2 * cap_cand : 64;
					struct sweep_cand *x = realloc(
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
				if (!peg_fast64_legal(S.g.f, k, P))
					continue;
				if (pegsh_states_add(&S, canon(&S, P ^ S.g.f->flip[k]),
					       0) < 0)
					goto oom;
			}
		}
	}
	/* the problems in which a longest sweep occurs */
	for (size_t i = 0; i < n_cand; i++) {
		uint64_t start = full ^ (1ULL << cand[i].s);

		pegsh_set_group(&S, start, full);
		for (int f = 0; f < b->n_holes; f++) {
			int r;

			if (!pegsh_basis_spans(&B, start ^ (1ULL << f)))
				continue;
			fm_clear(&S.fm);
			r = pegsh_reach(&S, cand[i].q, 1ULL << f);
			fm_clear(&S.fm);
			if (S.oom)
				goto oom;
			if (r)
				sweep_add_problem(&S, res, cand[i].s, f);
		}
	}
	goto out;
oom_pop:
	S.gj.n = 0;
oom:
	peg_err_set(err, "state limit (%llu) or memory exhausted",
		    (unsigned long long)S.max_states);
	rc = PEG_SHORTEST_RESOURCES;
	peg_sweep_result_release(res);
out:
	free(cand);
	fm_clear(&win);
	pegsh_search_release(&S);
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
struct scon {
	struct search *S;
	struct fmemo *win;
	const struct peg_board *b;
	uint64_t full;
	int ne;
	int *ek;        /* jump index (from < to) of each class edge */
	int L;
	int *pick;      /* chosen edge indices */
	int found;
	uint64_t P, Q;  /* a success */
	int x, y;
	uint64_t tests;
	int oom;
};

/* Edges of the chosen set at vertex v (as a count). */
static int sc_deg(const struct scon *C, int v)
{
	int d = 0;

	for (int i = 0; i < C->L; i++) {
		const struct peg_jump *j = &C->b->jumps[C->ek[C->pick[i]]];

		d += (j->from == v) + (j->to == v);
	}
	return d;
}

/* Is the chosen edge set connected? */
static int sc_connected(const struct scon *C)
{
	uint64_t seen, all = 0, prev = 0;

	for (int i = 0; i < C->L; i++) {
		const struct peg_jump *j = &C->b->jumps[C->ek[C->pick[i]]];

		all |= 1ULL << j->from | 1ULL << j->to;
	}
	seen = all & -all;
	while (seen != prev) {
		prev = seen;
		for (int i = 0; i < C->L; i++) {
			const struct peg_jump *j =
				&C->b->jumps[C->ek[C->pick[i]]];
			uint64_t e = 1ULL << j->from | 1ULL << j->to;

			if (seen & e)
				seen |= e;
		}
	}
	return seen == all;
}

/* Test every start x (and end y), every extra peg set X. */
static void sc_test(struct scon *C)
{
	uint64_t land = 0, mid = 0, odd = 0, F;
	int nodd;

	for (int i = 0; i < C->L; i++) {
		const struct peg_jump *j = &C->b->jumps[C->ek[C->pick[i]]];

		land |= 1ULL << j->from | 1ULL << j->to;
		mid |= 1ULL << j->over;
	}
	for (uint64_t v = land; v; v &= v - 1)
		if (sc_deg(C, __builtin_ctzll(v)) & 1)
			odd |= v & -v;
	nodd = __builtin_popcountll(odd);
	if ((nodd != 0 && nodd != 2) || !sc_connected(C))
		return;
	F = C->full & ~land & ~mid;
	for (uint64_t xs = nodd ? odd : land; xs && !C->found; xs &= xs - 1) {
		int x = __builtin_ctzll(xs);
		int y = nodd ? __builtin_ctzll(odd & ~(1ULL << x)) : x;
		uint64_t X = 0;

		/* every subset X of F (Gosper-free: binary counting over F) */
		do {
			uint64_t P = 1ULL << x | mid | X, Q = 1ULL << y | X;

			C->tests++;
			if (winnable(C->S, C->win, Q) &&
			    winnable(C->S, C->win, C->full & ~P)) {
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
static void sc_choose(struct scon *C, int from, int k)
{
	if (C->found || C->oom)
		return;
	if (k == C->L) {
		sc_test(C);
		return;
	}
	for (int i = from; i <= C->ne - (C->L - k); i++) {
		C->pick[k] = i;
		sc_choose(C, i + 1, k + 1);
		if (C->found || C->oom)
			return;
	}
}

/* An Euler walk x -> ... over the edges of P's sweep (Hierholzer), as
 * jumps in playing order; returns its length. */
static int sc_walk(const struct scon *C, struct peg_jump *out)
{
	const struct peg_board *b = C->b;
	int sv[130], se[130], circ[65], nv = 0, ne = 0, nc = 0, cur;
	int used[65] = {0};
	uint64_t mid = C->P & ~(1ULL << C->x) & ~C->Q;
	int edges[65], m = 0;

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

int peg_sweep_construct(const struct peg_board *b,
			const struct peg_shortest_opts *opts,
			struct peg_sweep_result *res, struct peg_err *err)
{
	struct regions R;
	struct search S;
	struct fmemo win = {0};
	struct scon C;
	uint64_t full, done = 0;
	int rc = PEG_SHORTEST_OK, rc0, maxe = 0;
	int *ek = NULL, *pick = NULL;

	rc0 = sweep_begin(b, opts, res, &S, &R, &full, err);
	if (rc0)
		return rc0;
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
			sc_choose(&C, 0, 0);
		}
	}
	res->positions = C.tests;
	if (C.oom)
		goto oom;
	if (C.found) {
		struct peg_jump sw[65];
		int len = sc_walk(&C, sw), ok = 0;

		for (int s = 0; s < b->n_holes && !ok; s++) {
			struct peg_err e2;

			if (!(C.P >> s & 1) &&
			    !sweep_witness(&S, res, s, C.P, sw, len, C.Q, &e2))
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
	peg_err_set(err, "state limit (%llu) or memory exhausted",
		    (unsigned long long)S.max_states);
	rc = PEG_SHORTEST_RESOURCES;
	peg_sweep_result_release(res);
out:
	free(ek);
	free(pick);
	fm_clear(&win);
	pegsh_search_release(&S);
	return rc;
}
