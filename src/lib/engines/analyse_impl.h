/* analyse_impl.h - the engines of analyse.c for one code width.  Included
 * twice by analyse.c, with WBITS 64 and 128 (codew.h gives the code type
 * CW and the other parameters; HT_HASH is analyse.c's ht_hash64 or
 * ht_hash128).  Everything here is static and named with the suffix; the
 * public functions in analyse.c pick the body with symv_wide. */
#include "codew.h"
#undef HT_HASH
#define HT_HASH CAT(ht_hash, SFX)
#define LEGAL FAST_FN(_legal)
#define HTC(x) CAT(CAT(htc, x), SFX) /* codemap_impl.h names */
#define HTAB struct HTC(_t)

/* ---- hash table: code -> value (a code, a mask or an index) ---- */

struct NAME(hslot_) {
	CW key, val; /* side by side: one cache miss */
};

#define CM(x) HTC(x)
#define CM_KEY CW
#define CM_SLOT struct NAME(hslot_)
#define CM_HASH HT_HASH
#define CM_FULL(n, size) (10 * (n) > 7 * (size))
#define CM_MIN 1024
#include "codemap_impl.h"

static inline int NAME(ht_init_)(HTAB *h, size_t cap)
{
	return HTC(_init)(h, cap);
}

static inline void NAME(ht_free_)(HTAB *h)
{
	HTC(_free)(h);
}

static inline void NAME(ht_clear_)(HTAB *h)
{
	HTC(_clear)(h);
}

static inline CW *NAME(ht_find_)(const HTAB *h, CW k)
{
	struct NAME(hslot_) *s = HTC(_find)(h, k);

	return s ? &s->val : NULL;
}

/* Insert or overwrite.  Returns 0, or -1 when out of memory. */
static inline int NAME(ht_put_)(HTAB *h, CW k, CW v)
{
	struct NAME(hslot_) *s = HTC(_add)(h, k);

	if (!s)
		return -1;
	s->val = v;
	return 0;
}

/* ---- the search context ---- */

struct NAME(actx_) {
	const struct peg_board *b;
	FAST *f;
	SYMTAB *st;
	int n_sub;   /* symmetries used for canonical codes */
	int *sub;    /* their indices */
	int *inv;    /* inverse of each symmetry */
	int finish;  /* hole or PEG_FINISH_ANYWHERE */
	CW goal;
	HTAB memo;
	uint64_t nodes;
	int oom;
	const struct peg_winsets *ws; /* when set, W_n answers win() */
};

static void NAME(ctx_free_)(struct NAME(actx_) *c)
{
	FAST_FN(_free)(c->f);
	SYMTAB_FN(_free)(c->st);
	free(c->sub);
	free(c->inv);
	NAME(ht_free_)(&c->memo);
}

/* Set up for board b and goal finish (the canonical code is over the
 * symmetries fixing finish).  Returns 0 or a negative status. */
static int NAME(ctx_init_)(struct NAME(actx_) *c, const struct peg_board *b,
			   int finish, struct peg_err *err)
{
	int n = b->n_holes;

	memset(c, 0, sizeof(*c));
	c->b = b;
	c->finish = finish;
	if (finish != PEG_FINISH_ANYWHERE && (finish < 0 || finish >= n)) {
		peg_err_set(err, "finish hole %d is not on the board", finish);
		return PEG_ANALYSE_EINPUT;
	}
	c->goal = finish >= 0 ? (CW)1 << finish : 0;
	c->f = FAST_FN(_new)(b);
	c->st = SYMTAB_FN(_new)(b);
	c->sub = malloc((size_t)b->n_syms * sizeof(int));
	c->inv = malloc((size_t)b->n_syms * sizeof(int));
	if (!c->f || !c->st || !c->sub || !c->inv ||
	    NAME(ht_init_)(&c->memo, 1024))
		goto nomem;
	sym_tables(b, finish, c->sub, &c->n_sub, c->inv);
	return 0;
nomem:
	NAME(ctx_free_)(c);
	peg_err_set(err, "out of memory");
	return PEG_ANALYSE_ENOMEM;
}

static inline CW NAME(canon_)(const struct NAME(actx_) *c, CW code)
{
	return SYM_CANON(c->st, c->sub, c->n_sub, code);
}

/* Canonical code over the whole group, and the symmetry that gives it. */
static inline CW NAME(canon_arg_)(const struct NAME(actx_) *c, CW code, int *s)
{
	CW m = code;

	*s = 0;
	for (int t = 1; t < c->st->n_syms; t++) {
		CW x = SYM_APPLY(c->st, t, code);

		if (x < m) {
			m = x;
			*s = t;
		}
	}
	return m;
}

/* Is the goal reachable from code (pegs pegs)?  Memoised on canonical
 * codes: value 1 winning, 2 losing. */
static int NAME(win_)(struct NAME(actx_) *c, CW code, int pegs)
{
	const FAST *f = c->f;
	CW key, *v;
	int w = 0;

	if (pegs == 1)
		return c->finish < 0 || code == c->goal;
	if (c->ws)
		return peg_winsets_has(c->ws, (uint64_t)code);
	key = NAME(canon_)(c, code);
	v = NAME(ht_find_)(&c->memo, key);
	if (v)
		return *v == 1;
	for (int k = 0; k < f->n_jumps && !w && !c->oom; k++)
		if (LEGAL(f, k, code))
			w = NAME(win_)(c, code ^ f->flip[k], pegs - 1);
	if (c->oom)
		return 0;
	if (NAME(ht_put_)(&c->memo, key, w ? 1 : 2))
		c->oom = 1;
	c->nodes++;
	return w;
}

/* Bit mask of the holes where one peg can finish from code.  Memoised on
 * the canonical code over the whole group, the mask stored in the
 * canonical frame. */
static CW NAME(fmask_)(struct NAME(actx_) *c, CW code, int pegs)
{
	const FAST *f = c->f;
	CW key, *v, m = 0;
	int s;

	if (pegs == 1)
		return code;
	key = NAME(canon_arg_)(c, code, &s);
	v = NAME(ht_find_)(&c->memo, key);
	if (v)
		return SYM_APPLY(c->st, c->inv[s], *v);
	for (int k = 0; k < f->n_jumps && !c->oom; k++)
		if (LEGAL(f, k, code))
			m |= NAME(fmask_)(c, code ^ f->flip[k], pegs - 1);
	if (c->oom)
		return 0;
	if (NAME(ht_put_)(&c->memo, key, SYM_APPLY(c->st, s, m)))
		c->oom = 1;
	c->nodes++;
	return m;
}

static int NAME(start_code_)(const struct peg_board *b,
			     const unsigned char *pos, CW *code,
			     struct peg_err *err)
{
	*code = POS_TO(pos, b->n_holes);
	if (!*code) {
		peg_err_set(err, "the position has no pegs");
		return PEG_ANALYSE_EINPUT;
	}
	return 0;
}

/* The start's code and a context for the goal finish.  0 or a negative
 * status. */
static int NAME(begin_)(const struct peg_board *b, const unsigned char *pos,
			int finish, CW *code, struct NAME(actx_) *c,
			struct peg_err *err)
{
	int r = NAME(start_code_)(b, pos, code, err);

	return r ? r : NAME(ctx_init_)(c, b, finish, err);
}

static int NAME(goal_reachable_)(const struct peg_board *b,
				 const unsigned char *pos, int finish,
				 uint64_t *nodes, struct peg_err *err)
{
	struct NAME(actx_) c;
	CW code;
	int r, w;

	r = NAME(begin_)(b, pos, finish, &code, &c, err);
	if (r)
		return r;
	w = NAME(win_)(&c, code, POPC(code));
	if (nodes)
		*nodes = c.nodes;
	r = c.oom ? oom_status(err) : w;
	NAME(ctx_free_)(&c);
	return r;
}

static int NAME(finish_holes_)(const struct peg_board *b,
			       const unsigned char *pos, peg_u128 *mask,
			       uint64_t *nodes, struct peg_err *err)
{
	struct NAME(actx_) c;
	CW code;
	int r;

	r = NAME(begin_)(b, pos, PEG_FINISH_ANYWHERE, &code, &c, err);
	if (r)
		return r;
	*mask = NAME(fmask_)(&c, code, POPC(code));
	if (nodes)
		*nodes = c.nodes;
	r = c.oom ? oom_status(err) : 0;
	NAME(ctx_free_)(&c);
	return r;
}

/* Replay a jump list from code and check it ends at end. */
static int NAME(verify_jumps_)(const struct peg_board *b, CW code,
			       const struct peg_jump *jumps, int n, CW end,
			       struct peg_err *err)
{
	unsigned char *pegs = malloc((size_t)b->n_holes);
	int r;

	if (!pegs)
		return oom_status(err);
	POS_FROM(code, b->n_holes, pegs);
	r = peg_jumps_replay(b, jumps, n, pegs, err);
	if (!r && POS_TO(pegs, b->n_holes) != end) {
		peg_err_set(err, "internal error: replayed game misses its end");
		r = -1;
	}
	free(pegs);
	return r ? PEG_ANALYSE_EINPUT : 0;
}

/* ---- fastest dead end ---- */

struct NAME(lnode_) {
	CW code;    /* the position as reached (not canonical) */
	int parent; /* index in the previous level */
	int jump;   /* jump from the parent */
};

struct NAME(level_) {
	struct NAME(lnode_) *v;
	size_t n, cap;
};

static int NAME(level_push_)(struct NAME(level_) *l, struct NAME(lnode_) x)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		struct NAME(lnode_) *nv = realloc(l->v, cap * sizeof(*nv));

		if (!nv)
			return -1;
		l->v = nv;
		l->cap = cap;
	}
	l->v[l->n++] = x;
	return 0;
}

static int NAME(deadend_)(const struct peg_board *b,
			  const unsigned char *start, int finish,
			  const struct peg_deadend_opts *o,
			  struct peg_deadend *out, struct peg_err *err)
{
	struct NAME(actx_) c;
	struct NAME(level_) *lv = NULL;
	HTAB seen = {0};
	CW code;
	int r, depth = -1, found = -1, n_lv = 0;

	r = NAME(begin_)(b, start, finish, &code, &c, err);
	if (r)
		return r;
	c.ws = o->ws;
	lv = calloc((size_t)b->n_holes + 1, sizeof(*lv));
	if (!lv || NAME(ht_init_)(&seen, 1024) ||
	    NAME(level_push_)(&lv[0], (struct NAME(lnode_)){code, -1, -1}))
		goto nomem;
	n_lv = 1;
	out->generated = 1;
	out->start_winning = NAME(win_)(&c, code, POPC(code));
	if (c.oom)
		goto nomem;
	if (!out->start_winning) {
		depth = 0;
		found = 0;
	}
	for (int d = 0; found < 0 && lv[d].n; d++) {
		struct NAME(level_) *cur = &lv[d], *nx = &lv[d + 1];

		n_lv = d + 2;
		NAME(ht_clear_)(&seen);
		for (size_t i = 0; i < cur->n; i++) {
			CW p = cur->v[i].code;

			for (int k = 0; k < c.f->n_jumps; k++) {
				CW ch, key;

				if (!LEGAL(c.f, k, p))
					continue;
				ch = p ^ c.f->flip[k];
				key = NAME(canon_)(&c, ch);
				if (NAME(ht_find_)(&seen, key))
					continue;
				if (NAME(ht_put_)(&seen, key, 1) ||
				    NAME(level_push_)(
					    nx, (struct NAME(lnode_)){ch, (int)i,
								       k}))
					goto nomem;
			}
		}
		out->generated += nx->n;
		for (size_t i = 0; i < nx->n && found < 0; i++) {
			const struct NAME(lnode_) *x = &nx->v[i];

			if (!NAME(win_)(&c, x->code, POPC(x->code)))
				found = (int)i;
			if (c.oom)
				goto nomem;
		}
		if (found >= 0)
			depth = d + 1;
		if (o->progress) {
			struct peg_progress pr = {0};

			pr.phase = PEG_PHASE_DEADEND;
			pr.pegs = POPC(code) - (d + 1);
			pr.positions = nx->n;
			pr.total = out->generated;
			o->progress(o->progress_ctx, &pr);
		}
	}
	out->nodes = c.nodes;
	r = 0;
	if (depth >= 0) {
		int idx = found;

		out->depth = depth;
		out->end = lv[depth].v[found].code;
		out->jumps = malloc(((size_t)depth + 1) * sizeof(struct peg_jump));
		if (!out->jumps)
			goto nomem;
		for (int d = depth; d > 0; d--) {
			out->jumps[d - 1] = b->jumps[lv[d].v[idx].jump];
			idx = lv[d].v[idx].parent;
		}
		r = NAME(verify_jumps_)(b, code, out->jumps, depth,
					(CW)out->end, err);
	}
	goto out;
nomem:
	r = oom_status(err);
out:
	for (int d = 0; lv && d < n_lv; d++)
		free(lv[d].v);
	free(lv);
	NAME(ht_free_)(&seen);
	NAME(ctx_free_)(&c);
	return r;
}

/* ---- worst games ---- */

struct NAME(strand_ctx_) {
	struct NAME(actx_) c;
	int n, target;         /* holes, pegs wanted in the dead position */
	int *line_first;       /* per hole: lines whose largest hole it is */
	int (*line)[3];        /* x, y (middle), z */
	int *want;             /* per hole: an orbit still to answer */
	int n_want;
	int *hole_p;           /* per orbit representative: found pegs */
	CW *hole_d;            /* dead position found */
	int *hole_h;           /* finish hole of the backward game */
	uint64_t enum_nodes, dead;
};

static void NAME(strand_found_)(struct NAME(strand_ctx_) *s, CW d)
{
	CW m;

	s->dead++;
	m = NAME(fmask_)(&s->c, s->c.f->full ^ d, s->n - s->target);
	for (int h = 0; h < s->n && m; h++) {
		int r;

		if (!(m >> h & 1))
			continue;
		r = peg_board_hole_orbit_min(s->c.b, h);
		if (s->want[r] && s->hole_p[r] < 0) {
			s->hole_p[r] = s->target;
			s->hole_d[r] = d;
			s->hole_h[r] = h;
			s->n_want--;
		}
	}
}

/* Assign hole i given the holes below it (code, pegs). */
static void NAME(strand_enum_)(struct NAME(strand_ctx_) *s, int i, CW code,
			       int pegs)
{
	if (s->n_want == 0 || s->c.oom)
		return;
	s->enum_nodes++;
	if (i == s->n) {
		if (NAME(canon_)(&s->c, code) == code)
			NAME(strand_found_)(s, code);
		return;
	}
	for (int v = 1; v >= 0; v--) {
		CW x = code | ((CW)v << i);
		int np = pegs + v, ok = 1;

		if (np > s->target || np + (s->n - i - 1) < s->target)
			continue;
		for (int l = s->line_first[i]; l < s->line_first[i + 1] && ok;
		     l++) {
			const int *t = s->line[l];

			if ((x >> t[1] & 1) &&
			    ((x >> t[0] & 1) != (x >> t[2] & 1)))
				ok = 0;
		}
		if (ok)
			NAME(strand_enum_)(s, i + 1, x, np);
	}
}

/* The backward game of orbit r: jumps from full-minus-vacancy to the dead
 * position.  Returns 0 or a negative status. */
static int NAME(strand_game_)(struct NAME(strand_ctx_) *s, int r, int vac,
			      struct peg_strand *out, struct peg_err *err)
{
	const struct peg_board *b = s->c.b;
	const FAST *f = s->c.f;
	CW x = f->full ^ s->hole_d[r], bit = (CW)1 << s->hole_h[r];
	int nj = s->n - 1 - s->hole_p[r], t = 0, sy = -1;
	struct peg_jump *back;

	out->pegs = s->hole_p[r];
	out->n_jumps = nj;
	out->jumps = malloc(((size_t)nj + 1) * sizeof(struct peg_jump));
	back = malloc(((size_t)nj + 1) * sizeof(struct peg_jump));
	if (!out->jumps || !back) {
		free(back);
		return oom_status(err);
	}
	while (t < nj) {
		int k;

		for (k = 0; k < f->n_jumps; k++)
			if (LEGAL(f, k, x) &&
			    (NAME(fmask_)(&s->c, x ^ f->flip[k], POPC(x) - 1) &
			     bit))
				break;
		if (k == f->n_jumps || s->c.oom) {
			free(back);
			peg_err_set(err, "internal error: lost the worst game");
			return PEG_ANALYSE_EINPUT;
		}
		back[t++] = b->jumps[k];
		x ^= f->flip[k];
	}
	/* the symmetry taking the backward finish to the vacancy asked for */
	for (int g = 0; g < b->n_syms && sy < 0; g++)
		if (b->sym[(size_t)g * s->n + s->hole_h[r]] == vac)
			sy = g;
	for (int i = 0; i < nj; i++) {
		const int *p = b->sym + (size_t)sy * s->n;
		const struct peg_jump *j = &back[nj - 1 - i];

		out->jumps[i] = (struct peg_jump){p[j->from], p[j->over],
						  p[j->to]};
	}
	out->end = SYM_APPLY(s->c.st, sy, s->hole_d[r]);
	free(back);
	return NAME(verify_jumps_)(b, f->full ^ ((CW)1 << vac), out->jumps, nj,
				   (CW)out->end, err);
}

static int NAME(strand_)(const struct peg_board *b, int vacancy,
			 struct peg_strand_result *out, struct peg_err *err)
{
	struct NAME(strand_ctx_) s;
	int r, n = b->n_holes;

	memset(&s, 0, sizeof(s));
	r = NAME(ctx_init_)(&s.c, b, PEG_FINISH_ANYWHERE, err);
	if (r)
		return r;
	if (vacancy < -1 || vacancy >= n) {
		NAME(ctx_free_)(&s.c);
		peg_err_set(err, "vacancy %d is not on the board", vacancy);
		return PEG_ANALYSE_EINPUT;
	}
	s.n = n;
	s.want = calloc((size_t)n, sizeof(int));
	s.hole_p = malloc((size_t)n * sizeof(int));
	s.hole_d = calloc((size_t)n, sizeof(CW));
	s.hole_h = calloc((size_t)n, sizeof(int));
	out->v = calloc((size_t)n, sizeof(*out->v));
	if (!s.want || !s.hole_p || !s.hole_d || !s.hole_h || !out->v ||
	    strand_lines(b, &s.line, &s.line_first))
		goto nomem;
	for (int h = 0; h < n; h++) {
		s.hole_p[h] = -1;
		if (vacancy >= 0 ? h == peg_board_hole_orbit_min(b, vacancy)
				 : h == peg_board_hole_orbit_min(b, h)) {
			s.want[h] = 1;
			s.n_want++;
		}
	}
	for (s.target = n - 1; s.target >= 1 && s.n_want; s.target--) {
		NAME(strand_enum_)(&s, 0, 0, 0);
		if (s.c.oom)
			goto nomem;
	}
	for (int h = 0; h < n; h++) {
		struct peg_strand *e;

		if (!s.want[h])
			continue;
		e = &out->v[out->n++];
		e->vacancy = vacancy >= 0 ? vacancy : h;
		e->pegs = -1;
		e->n_jumps = -1;
		if (s.hole_p[h] < 0)
			continue;
		r = NAME(strand_game_)(&s, h, e->vacancy, e, err);
		if (r)
			goto out;
	}
	r = 0;
	goto out;
nomem:
	r = oom_status(err);
out:
	out->nodes = s.enum_nodes + s.c.nodes;
	out->dead = s.dead;
	free(s.want);
	free(s.hole_p);
	free(s.hole_d);
	free(s.hole_h);
	free(s.line);
	free(s.line_first);
	NAME(ctx_free_)(&s.c);
	return r;
}

/* ---- odds of random players ---- */

/* One level of the forward propagation: distinct canonical positions with
 * their probability mass (and the exact mass when asked for). */
struct NAME(omap_) {
	HTAB h; /* code -> index */
	CW *code;
	long double *p;
	mpq_t *q;
	size_t n, cap;
	int exact;
};

static int NAME(omap_init_)(struct NAME(omap_) *m, int exact)
{
	memset(m, 0, sizeof(*m));
	m->exact = exact;
	return NAME(ht_init_)(&m->h, 1024);
}

static void NAME(omap_free_)(struct NAME(omap_) *m)
{
	if (m->q)
		for (size_t i = 0; i < m->n; i++)
			mpq_clear(m->q[i]);
	free(m->code);
	free(m->p);
	free(m->q);
	NAME(ht_free_)(&m->h);
	memset(m, 0, sizeof(*m));
}

/* Add mass p (and exact mass q * 1/den) to code.  Returns 0 or -1. */
static int NAME(omap_add_)(struct NAME(omap_) *m, CW code, long double p,
			   const mpq_t q, unsigned long den)
{
	CW *v = NAME(ht_find_)(&m->h, code);
	size_t i;

	if (v) {
		i = (size_t)*v;
	} else {
		if (m->n == m->cap) {
			size_t cap = m->cap ? 2 * m->cap : 1024;
			CW *nc = realloc(m->code, cap * sizeof(*nc));
			long double *np;

			if (!nc)
				return -1;
			m->code = nc;
			np = realloc(m->p, cap * sizeof(*np));
			if (!np)
				return -1;
			m->p = np;
			if (m->exact) {
				mpq_t *nq = realloc(m->q, cap * sizeof(*nq));

				if (!nq)
					return -1;
				m->q = nq;
			}
			m->cap = cap;
		}
		i = m->n;
		if (NAME(ht_put_)(&m->h, code, i))
			return -1;
		m->n++;
		m->code[i] = code;
		m->p[i] = 0;
		if (m->exact)
			mpq_init(m->q[i]);
	}
	m->p[i] += p;
	if (m->exact) {
		mpq_t t;

		mpq_init(t);
		mpq_set_ui(t, 1, den);
		mpq_mul(t, t, q);
		mpq_add(m->q[i], m->q[i], t);
		mpq_clear(t);
	}
	return 0;
}

/* peg_odds_compute for this width (sm filled for players B and C). */
static int NAME(odds_)(const struct peg_board *b, const unsigned char *start,
		       enum peg_player player, const struct sax5 *sm,
		       int exact, struct peg_odds *out, struct peg_err *err)
{
	struct NAME(actx_) c;
	struct NAME(omap_) cur, nx;
	CW code;
	int r, pegs, start_pegs, thr = 0, *kept = NULL;
	mpq_t one, win_q;

	r = NAME(begin_)(b, start, PEG_FINISH_ANYWHERE, &code, &c, err);
	if (r)
		return r;
	mpq_init(one);
	mpq_init(win_q);
	mpq_set_ui(one, 1, 1);
	if (NAME(omap_init_)(&cur, exact) || NAME(omap_init_)(&nx, exact))
		goto nomem;
	kept = malloc(((size_t)b->n_jumps + 1) * sizeof(int));
	if (!kept ||
	    NAME(omap_add_)(&cur, NAME(canon_)(&c, code), 1.0L, one, 1))
		goto nomem;
	start_pegs = pegs = POPC(code);
	if (player == PEG_PLAYER_C) {
		/* players B and C: Triangle(5) only, so the code fits 64 bits */
		thr = sax5(sm, (uint64_t)code);
		if (thr > 0)
			thr = 0;
	}
	for (; cur.n && pegs > 1; pegs--) {
		if ((int)cur.n > out->max_level)
			out->max_level = (int)cur.n;
		for (size_t i = 0; i < cur.n; i++) {
			CW p = cur.code[i];
			int n_kept = 0;

			out->nodes++;
			for (int k = 0; k < c.f->n_jumps; k++) {
				CW ch;
				int ok = 1;

				if (!LEGAL(c.f, k, p))
					continue;
				ch = p ^ c.f->flip[k];
				if (player == PEG_PLAYER_B)
					ok = !((uint64_t)c.f->to[k] & sm->corners) &&
					     !(((uint64_t)1 << b->jumps[k].from) &
					       sm->interior);
				else if (player == PEG_PLAYER_C)
					ok = sax5(sm, (uint64_t)ch) >= thr;
				if (ok)
					kept[n_kept++] = k;
			}
			if (player != PEG_PLAYER_A &&
			    (pegs == 2 || (pegs == start_pegs && !n_kept))) {
				n_kept = 0;
				for (int k = 0; k < c.f->n_jumps; k++)
					if (LEGAL(c.f, k, p))
						kept[n_kept++] = k;
			}
			for (int t = 0; t < n_kept; t++) {
				CW ch = p ^ c.f->flip[kept[t]];

				if (NAME(omap_add_)(&nx, NAME(canon_)(&c, ch),
						    cur.p[i] / n_kept,
						    exact ? cur.q[i] : one,
						    (unsigned long)n_kept))
					goto nomem;
			}
		}
		NAME(omap_free_)(&cur);
		cur = nx;
		if (NAME(omap_init_)(&nx, exact))
			goto nomem;
	}
	out->p = 0;
	if (pegs == 1)
		for (size_t i = 0; i < cur.n; i++) {
			out->p += cur.p[i];
			if (exact)
				mpq_add(win_q, win_q, cur.q[i]);
		}
	if (exact) {
		out->exact = mpq_get_str(NULL, 10, win_q);
		if (!out->exact)
			goto nomem;
	}
	r = 0;
	goto out;
nomem:
	r = oom_status(err);
out:
	free(kept);
	NAME(omap_free_)(&cur);
	NAME(omap_free_)(&nx);
	mpq_clear(one);
	mpq_clear(win_q);
	NAME(ctx_free_)(&c);
	return r;
}

#undef HTAB
#undef HTC
#undef LEGAL
