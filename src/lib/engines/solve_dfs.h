/* solve_dfs.h - the depth-first search of solve.c for one code width.
 * Included twice by solve.c with WBITS 64 and 128; codew.h gives the
 * code type CW, the suffix SFX and NAME(), and the fast path (fast.h),
 * symmetry table (pos.h) and hash set (hashset.h) names of that width. */
#include "codew.h"

struct NAME(dfs_) {
	const FAST *f;
	const SYMTAB *t;
	const int *group;
	int n_group;
	HSET dead;
	size_t dead_max_slots; /* memory budget in slots */
	int table_full;
	CW goal;
	int goal_pegs, anywhere;
	uint64_t nodes, max_nodes;
	int stop; /* 1 node limit */
	int *path;
};

static CW NAME(canon_)(const struct NAME(dfs_) *d, CW c)
{
	return SYM_CANON(d->t, d->group, d->n_group, c);
}

static void NAME(mark_dead_)(struct NAME(dfs_) *d, CW key)
{
	int r;

	if (d->table_full)
		return;
	r = CAT(CAT(peg_hset, SFX), _add)(&d->dead, key);
	if (r >= 0)
		return;
	if (((size_t)2 << d->dead.bits) > d->dead_max_slots ||
	    CAT(CAT(peg_hset, SFX), _grow)(&d->dead)) {
		d->table_full = 1; /* keep searching without storing */
		return;
	}
	CAT(CAT(peg_hset, SFX), _add)(&d->dead, key);
}

/* 1 when the goal is reachable from c (npegs pegs); the jumps go to
 * path[depth..]. */
static int NAME(dfs_)(struct NAME(dfs_) *d, CW c, int npegs, int depth)
{
	const FAST *f = d->f;

	if (npegs == d->goal_pegs)
		return d->anywhere || c == d->goal;
	if (d->max_nodes && d->nodes >= d->max_nodes) {
		d->stop = 1;
		return 0;
	}
	d->nodes++;
	for (int k = 0; k < f->n_jumps; k++) {
		CW c2, key;

		if ((c & f->need[k]) != f->need[k] || (c & f->to[k]))
			continue;
		c2 = c ^ f->flip[k];
		key = NAME(canon_)(d, c2);
		if (CAT(CAT(peg_hset, SFX), _has)(&d->dead, key))
			continue;
		d->path[depth] = k;
		if (NAME(dfs_)(d, c2, npegs - 1, depth + 1))
			return 1;
		if (d->stop)
			return 0;
		NAME(mark_dead_)(d, key);
	}
	return 0;
}

/* Run the search; fills res (jumps, nodes, dead) and returns a status. */
static int NAME(search_)(const struct peg_board *b, const struct peg_problem *p,
			 const int *group, int n_group,
			 const struct peg_solve_opts *o,
			 struct peg_solve_result *res, struct peg_err *err)
{
	struct NAME(dfs_) d;
	FAST *f = CAT(CAT(peg_fast, SFX), _new)(b);
	SYMTAB *t = CAT(CAT(peg_symtab, SFX), _new)(b);
	int start_pegs = peg_pos_count(p->start, b->n_holes);
	size_t budget = (o && o->table_mb ? o->table_mb : 512) << 20;
	int rc = PEG_SOLVE_LIMIT, found;
	CW start = CAT(peg_pos_to, SFX)(p->start, b->n_holes);

	memset(&d, 0, sizeof(d));
	d.path = malloc(sizeof(int) * (size_t)(start_pegs + 1));
	if (!f || !t || !d.path ||
	    CAT(CAT(peg_hset, SFX), _init)(&d.dead, 1 << 16)) {
		peg_err_set(err, "out of memory");
		goto out;
	}
	d.f = f;
	d.t = t;
	d.group = group;
	d.n_group = n_group;
	d.dead_max_slots = budget / sizeof(CW);
	d.anywhere = p->goal == PEG_GOAL_ANYWHERE;
	d.goal_pegs = d.anywhere ? 1 : peg_pos_count(p->finish, b->n_holes);
	d.goal = d.anywhere ? 0 : CAT(peg_pos_to, SFX)(p->finish, b->n_holes);
	d.max_nodes = o ? o->max_nodes : 0;
	found = NAME(dfs_)(&d, start, start_pegs, 0);
	res->nodes = d.nodes;
	res->dead = d.dead.count;
	if (d.stop) {
		peg_err_set(err, "node limit %llu reached before an answer",
			    (unsigned long long)d.max_nodes);
		goto out;
	}
	if (!found) {
		rc = PEG_SOLVE_NONE;
		goto out;
	}
	res->n_jumps = start_pegs - d.goal_pegs;
	res->jumps = malloc(sizeof(struct peg_jump) *
			    (size_t)(res->n_jumps ? res->n_jumps : 1));
	if (!res->jumps) {
		peg_err_set(err, "out of memory");
		goto out;
	}
	for (int i = 0; i < res->n_jumps; i++)
		res->jumps[i] = b->jumps[d.path[i]];
	rc = PEG_SOLVE_FOUND;
out:
	CAT(CAT(peg_hset, SFX), _release)(&d.dead);
	free(d.path);
	CAT(CAT(peg_fast, SFX), _free)(f);
	CAT(CAT(peg_symtab, SFX), _free)(t);
	return rc;
}

#undef CAT_
#undef CAT
#undef NAME
#undef FAST
#undef SYMTAB
#undef HSET
