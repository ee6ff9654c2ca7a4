/* heur_window.h - local improvement of the heuristic engine
 * (heuristic.h): exact iterative deepening over a window of a solution,
 * with only the jumps inside the window allowed.  Part of heur_body.h
 * (same HW_NW, HN and helpers); not a header of its own. */

/* Iterative deepening over moves from a to b (or to one peg when b is
 * NULL) with only the jumps inside `allowed`.  Lower bound: the disjoint
 * regions full now and not full at the goal (each needs a move starting
 * in it, shortest.h), plus the holes of allowed that no allowed jump
 * passes over holding a peg the goal does not (its peg must leave by a
 * move from it). */
struct HN(win) {
	struct heng *E;
	HT goal;
	int any;           /* goal: one peg (at E->finish when >= 0) */
	HT allowed;
	HT fixed;          /* allowed holes no allowed jump passes over */
	int *jf;           /* allowed jumps by from hole (offsets) */
	struct HN(jmp) *jl;
	int *rl;           /* regions usable: not full at the goal */
	int n_rl;
	uint64_t nodes, budget;
	struct hbudget *B;
	HT path[64];
	int found;
	/* transposition: code -> most moves left with which it failed */
	HT *tk;
	signed char *tv;
	size_t tmask;
};

static int HN(win_h)(const struct HN(win) *W, const HT *c)
{
	HT used;
	int cnt = 0;

	if (W->any) {
		if (HN(pop)(c) <= 1)
			return 0;
	}
	memset(&used, 0, sizeof(used));
	/* single fixed holes with a peg the goal lacks */
	for (int k = 0; k < HW_NW; k++) {
		uint64_t w = c->w[k] & W->fixed.w[k] & ~W->goal.w[k];

		used.w[k] = w;
		cnt += __builtin_popcountll(w);
	}
	for (int i = 0; i < W->n_rl; i++) {
		const HT *m = &W->E->reg[W->rl[i]];

		if (!HN(full)(c, m) || HN(meets)(&used, m))
			continue;
		HN(or)(&used, m);
		cnt++;
	}
	if (W->any && cnt == 0)
		cnt = 1;
	return cnt;
}

static inline int HN(win_goal)(const struct HN(win) *W, const HT *c)
{
	if (!W->any)
		return HN(eq)(c, &W->goal);
	if (HN(pop)(c) != 1)
		return 0;
	return W->E->finish < 0 || HN(bit)(c, W->E->finish);
}

static int HN(win_dfs)(struct HN(win) *W, const HT *c, int d, int left);

static int HN(win_chain)(struct HN(win) *W, const HT *c, int h, int d,
			 int left)
{
	for (int i = W->jf[h]; i < W->jf[h + 1]; i++) {
		int o = W->jl[i].over, t = W->jl[i].to;

		if (HN(bit)(c, o) && !HN(bit)(c, t)) {
			HT c2 = *c;

			HN(flip3)(&c2, h, o, t);
			if (HN(win_dfs)(W, &c2, d + 1, left - 1))
				return 1;
			if (W->found < 0)
				return 0;
			if (HN(win_chain)(W, &c2, t, d, left))
				return 1;
			if (W->found < 0)
				return 0;
		}
	}
	return 0;
}

static int HN(win_dfs)(struct HN(win) *W, const HT *c, int d, int left)
{
	size_t slot;

	W->path[d] = *c;
	if (HN(win_goal)(W, c)) {
		W->found = d;
		return 1;
	}
	if (left <= 0 || HN(win_h)(W, c) > left)
		return 0;
	if (++W->nodes > W->budget || ((W->nodes & 4095) == 0 &&
					hbudget_out(W->B))) {
		W->found = -1;
		return 0;
	}
	slot = HN(hash)(c) & W->tmask;
	if (W->tv[slot] >= left && HN(eq)(&W->tk[slot], c))
		return 0;
	for (int k = 0; k < HW_NW; k++)
		for (uint64_t w = c->w[k] & W->allowed.w[k]; w; w &= w - 1)
			if (HN(win_chain)(W, c, 64 * k + __builtin_ctzll(w), d,
					  left))
				return 1;
	if (W->found < 0)
		return 0;
	W->tk[slot] = *c;
	W->tv[slot] = (signed char)left;
	return 0;
}

static int HN(window)(void *arg, const struct hpos *a,
		      const struct hpos *b, const struct hpos *allowed,
		      int max_moves, uint64_t budget, struct hbudget *B,
		      struct hpos *mid)
{
	struct heng *E = arg;
	const struct peg_board *bd = E->P->b;
	struct HN(win) W;
	HT c0 = HN(load)(a);
	int rc = -1, nj = 0, lo;
	size_t tsize = 1 << 16;

	if (max_moves < 1 || max_moves > 60)
		return -1;
	memset(&W, 0, sizeof(W));
	W.E = E;
	W.any = b == NULL;
	if (b)
		W.goal = HN(load)(b);
	W.allowed = HN(load)(allowed);
	W.budget = budget;
	W.B = B;
	W.jf = malloc(((size_t)E->n + 1) * sizeof(int));
	W.jl = malloc(((size_t)bd->n_jumps + 1) * sizeof(*W.jl));
	W.rl = malloc(((size_t)E->n_reg + 1) * sizeof(int));
	W.tk = malloc(tsize * sizeof(HT));
	W.tv = malloc(tsize);
	if (!W.jf || !W.jl || !W.rl || !W.tk || !W.tv)
		goto out;
	W.tmask = tsize - 1;
	W.fixed = W.allowed;
	for (int h = 0; h < E->n; h++) {
		W.jf[h] = nj;
		if (!HN(bit)(&W.allowed, h))
			continue;
		for (int k = bd->jump_first[h]; k < bd->jump_first[h + 1];
		     k++) {
			const struct peg_jump *j = &bd->jumps[k];

			if (!HN(bit)(&W.allowed, j->over) ||
			    !HN(bit)(&W.allowed, j->to))
				continue;
			W.jl[nj].over = (short)j->over;
			W.jl[nj].to = (short)j->to;
			nj++;
			if (HN(bit)(&W.fixed, j->over))
				W.fixed.w[j->over >> 6] ^= 1ULL
							   << (j->over & 63);
		}
	}
	W.jf[E->n] = nj;
	if (W.any) {
		/* a one-peg goal: the survivor may sit on a fixed hole */
		memset(&W.fixed, 0, sizeof(W.fixed));
	}
	for (int i = 0; i < E->n_reg; i++)
		if (W.any || !HN(full)(&W.goal, &E->reg[i]))
			W.rl[W.n_rl++] = i;
	lo = HN(win_h)(&W, &c0);
	if (lo < 1 && !HN(win_goal)(&W, &c0))
		lo = 1;
	for (int L = lo; L <= max_moves; L++) {
		memset(W.tv, -1, tsize);
		W.found = 0;
		if (HN(win_dfs)(&W, &c0, 0, L)) {
			for (int d = 1; d <= W.found; d++)
				mid[d - 1] = HN(store)(&W.path[d]);
			rc = W.found;
			break;
		}
		if (W.found < 0)
			break;
	}
	B->nodes += W.nodes;
out:
	free(W.jf);
	free(W.jl);
	free(W.rl);
	free(W.tk);
	free(W.tv);
	return rc;
}
