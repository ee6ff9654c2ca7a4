/* analyse.c - fastest dead ends, worst games and random-player odds on the
 * 64-bit fast path (analyse.h).
 *
 * One small open-addressing table (struct htab) serves every engine here:
 * keys are 64-bit position codes, 0 is the empty marker (no engine stores
 * the empty board: a jump always leaves a peg, and starts without pegs are
 * rejected), the size is a power of two and doubles at 70% load.
 */
#include "pegsol/analyse.h"
#include "pegsol/theory.h"
#include "pegsol/winsets.h"

#include "pegsol/fast.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <gmp.h>
#include <stdlib.h>
#include <string.h>

/* ---- hash table: uint64 code -> uint64 value ---- */

struct hslot {
	uint64_t key, val;
};

struct htab {
	struct hslot *s; /* key and value side by side: one cache miss */
	size_t mask, n;
};

static inline size_t ht_hash(uint64_t k)
{
	k ^= k >> 30;
	k *= 0xbf58476d1ce4e5b9ULL;
	k ^= k >> 27;
	k *= 0x94d049bb133111ebULL;
	k ^= k >> 31;
	return (size_t)k;
}

static int ht_init(struct htab *h, size_t cap)
{
	size_t c = 1024;

	while (c < cap)
		c <<= 1;
	h->s = calloc(c, sizeof(struct hslot));
	h->mask = c - 1;
	h->n = 0;
	return h->s ? 0 : -1;
}

static void ht_free(struct htab *h)
{
	free(h->s);
	h->s = NULL;
	h->n = 0;
}

static void ht_clear(struct htab *h)
{
	memset(h->s, 0, (h->mask + 1) * sizeof(struct hslot));
	h->n = 0;
}

static uint64_t *ht_find(const struct htab *h, uint64_t k)
{
	size_t i = ht_hash(k) & h->mask;

	while (h->s[i].key) {
		if (h->s[i].key == k)
			return &h->s[i].val;
		i = (i + 1) & h->mask;
	}
	return NULL;
}

static int ht_grow(struct htab *h)
{
	struct htab g;

	if (ht_init(&g, 2 * (h->mask + 1)))
		return -1;
	for (size_t i = 0; i <= h->mask; i++) {
		size_t j;

		if (!h->s[i].key)
			continue;
		j = ht_hash(h->s[i].key) & g.mask;
		while (g.s[j].key)
			j = (j + 1) & g.mask;
		g.s[j] = h->s[i];
	}
	g.n = h->n;
	ht_free(h);
	*h = g;
	return 0;
}

/* Insert or overwrite.  Returns 0, or -1 when out of memory. */
static int ht_put(struct htab *h, uint64_t k, uint64_t v)
{
	size_t i;

	if (10 * (h->n + 1) > 7 * (h->mask + 1) && ht_grow(h))
		return -1;
	i = ht_hash(k) & h->mask;
	while (h->s[i].key) {
		if (h->s[i].key == k) {
			h->s[i].val = v;
			return 0;
		}
		i = (i + 1) & h->mask;
	}
	h->s[i].key = k;
	h->s[i].val = v;
	h->n++;
	return 0;
}

/* ---- the search context ---- */

struct actx {
	const struct peg_board *b;
	struct peg_fast64 *f;
	struct peg_symtab64 *st;
	int n_sub;   /* symmetries used for canonical codes */
	int *sub;    /* their indices */
	int *inv;    /* inverse of each symmetry */
	int finish;  /* hole or PEG_ANYWHERE */
	uint64_t goal;
	struct htab memo;
	uint64_t nodes;
	int oom;
	const struct peg_winsets *ws; /* when set, W_n answers win() */
};

static void ctx_free(struct actx *c)
{
	peg_fast64_free(c->f);
	peg_symtab64_free(c->st);
	free(c->sub);
	free(c->inv);
	ht_free(&c->memo);
}

/* Set up for board b and goal finish (the canonical code is over the
 * symmetries fixing finish).  Returns 0 or a negative status. */
static int ctx_init(struct actx *c, const struct peg_board *b, int finish,
		    struct peg_err *err)
{
	int n = b->n_holes;

	memset(c, 0, sizeof(*c));
	c->b = b;
	c->finish = finish;
	if (n > 64) {
		peg_err_set(err, "board '%s' has %d holes; the analyse engines "
			    "handle at most 64", b->spec, n);
		return PEG_ANALYSE_EINPUT;
	}
	if (finish != PEG_ANYWHERE && (finish < 0 || finish >= n)) {
		peg_err_set(err, "finish hole %d is not on the board", finish);
		return PEG_ANALYSE_EINPUT;
	}
	c->goal = finish >= 0 ? (uint64_t)1 << finish : 0;
	c->f = peg_fast64_new(b);
	c->st = peg_symtab64_new(b);
	c->sub = malloc((size_t)b->n_syms * sizeof(int));
	c->inv = malloc((size_t)b->n_syms * sizeof(int));
	if (!c->f || !c->st || !c->sub || !c->inv || ht_init(&c->memo, 1024))
		goto nomem;
	for (int s = 0; s < b->n_syms; s++) {
		const int *p = b->sym + (size_t)s * n;

		if (finish < 0 || p[finish] == finish)
			c->sub[c->n_sub++] = s;
		c->inv[s] = 0;
		for (int t = 0; t < b->n_syms; t++) {
			const int *q = b->sym + (size_t)t * n;
			int ok = 1;

			for (int i = 0; i < n && ok; i++)
				ok = q[p[i]] == i;
			if (ok) {
				c->inv[s] = t;
				break;
			}
		}
	}
	return 0;
nomem:
	ctx_free(c);
	peg_err_set(err, "out of memory");
	return PEG_ANALYSE_ENOMEM;
}

static inline uint64_t canon(const struct actx *c, uint64_t code)
{
	uint64_t m = code;

	for (int i = 1; i < c->n_sub; i++) {
		uint64_t x = peg_symtab64_apply(c->st, c->sub[i], code);

		if (x < m)
			m = x;
	}
	return m;
}

/* Canonical code over the whole group, and the symmetry that gives it. */
static inline uint64_t canon_arg(const struct actx *c, uint64_t code, int *s)
{
	uint64_t m = code;

	*s = 0;
	for (int t = 1; t < c->st->n_syms; t++) {
		uint64_t x = peg_symtab64_apply(c->st, t, code);

		if (x < m) {
			m = x;
			*s = t;
		}
	}
	return m;
}

static int popc(uint64_t x)
{
	return __builtin_popcountll(x);
}

/* Is the goal reachable from code (pegs pegs)?  Memoised on canonical
 * codes: value 1 winning, 2 losing. */
static int win(struct actx *c, uint64_t code, int pegs)
{
	const struct peg_fast64 *f = c->f;
	uint64_t key, *v;
	int w = 0;

	if (pegs == 1)
		return c->finish < 0 || code == c->goal;
	if (c->ws)
		return peg_winsets_has(c->ws, code);
	key = canon(c, code);
	v = ht_find(&c->memo, key);
	if (v)
		return *v == 1;
	for (int k = 0; k < f->n_jumps && !w && !c->oom; k++)
		if (peg_fast64_legal(f, k, code))
			w = win(c, code ^ f->flip[k], pegs - 1);
	if (c->oom)
		return 0;
	if (ht_put(&c->memo, key, w ? 1 : 2))
		c->oom = 1;
	c->nodes++;
	return w;
}

/* Bit mask of the holes where one peg can finish from code.  Memoised on
 * the canonical code over the whole group, the mask stored in the
 * canonical frame. */
static uint64_t fmask(struct actx *c, uint64_t code, int pegs)
{
	const struct peg_fast64 *f = c->f;
	uint64_t key, *v, m = 0;
	int s;

	if (pegs == 1)
		return code;
	key = canon_arg(c, code, &s);
	v = ht_find(&c->memo, key);
	if (v)
		return peg_symtab64_apply(c->st, c->inv[s], *v);
	for (int k = 0; k < f->n_jumps && !c->oom; k++)
		if (peg_fast64_legal(f, k, code))
			m |= fmask(c, code ^ f->flip[k], pegs - 1);
	if (c->oom)
		return 0;
	if (ht_put(&c->memo, key, peg_symtab64_apply(c->st, s, m)))
		c->oom = 1;
	c->nodes++;
	return m;
}

static int start_code(const struct peg_board *b, const unsigned char *pos,
		      uint64_t *code, struct peg_err *err)
{
	if (b->n_holes > 64) {
		peg_err_set(err, "board '%s' has %d holes; the analyse engines "
			    "handle at most 64", b->spec, b->n_holes);
		return PEG_ANALYSE_EINPUT;
	}
	*code = peg_pos_to64(pos, b->n_holes);
	if (!*code) {
		peg_err_set(err, "the position has no pegs");
		return PEG_ANALYSE_EINPUT;
	}
	return 0;
}

static int oom_status(struct peg_err *err)
{
	peg_err_set(err, "out of memory");
	return PEG_ANALYSE_ENOMEM;
}

int peg_goal_reachable(const struct peg_board *b, const unsigned char *pos,
		       int finish, uint64_t *nodes, struct peg_err *err)
{
	struct actx c;
	uint64_t code;
	int r, w;

	r = start_code(b, pos, &code, err);
	if (r)
		return r;
	r = ctx_init(&c, b, finish, err);
	if (r)
		return r;
	w = win(&c, code, popc(code));
	if (nodes)
		*nodes = c.nodes;
	r = c.oom ? oom_status(err) : w;
	ctx_free(&c);
	return r;
}

int peg_finish_holes(const struct peg_board *b, const unsigned char *pos,
		     uint64_t *mask, uint64_t *nodes, struct peg_err *err)
{
	struct actx c;
	uint64_t code;
	int r;

	r = start_code(b, pos, &code, err);
	if (r)
		return r;
	r = ctx_init(&c, b, PEG_ANYWHERE, err);
	if (r)
		return r;
	*mask = fmask(&c, code, popc(code));
	if (nodes)
		*nodes = c.nodes;
	r = c.oom ? oom_status(err) : 0;
	ctx_free(&c);
	return r;
}

/* Replay a jump list from code and check it ends at end. */
static int verify_jumps(const struct peg_board *b, uint64_t code,
			const struct peg_jump *jumps, int n, uint64_t end,
			struct peg_err *err)
{
	unsigned char *pegs = malloc((size_t)b->n_holes);
	int r;

	if (!pegs)
		return oom_status(err);
	peg_pos_from64(code, b->n_holes, pegs);
	r = peg_jumps_replay(b, jumps, n, pegs, err);
	if (!r && peg_pos_to64(pegs, b->n_holes) != end) {
		peg_err_set(err, "internal error: replayed game misses its end");
		r = -1;
	}
	free(pegs);
	return r ? PEG_ANALYSE_EINPUT : 0;
}

/* ---- fastest dead end ---- */

struct lnode {
	uint64_t code; /* the position as reached (not canonical) */
	int parent;    /* index in the previous level */
	int jump;      /* jump from the parent */
};

struct level {
	struct lnode *v;
	size_t n, cap;
};

static int level_push(struct level *l, struct lnode x)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		struct lnode *nv = realloc(l->v, cap * sizeof(*nv));

		if (!nv)
			return -1;
		l->v = nv;
		l->cap = cap;
	}
	l->v[l->n++] = x;
	return 0;
}

void peg_deadend_release(struct peg_deadend *d)
{
	if (!d)
		return;
	free(d->jumps);
	d->jumps = NULL;
}

int peg_deadend_find(const struct peg_board *b, const unsigned char *start,
		     int finish, struct peg_deadend *out, struct peg_err *err)
{
	return peg_deadend_find_sets(b, start, finish, NULL, out, err);
}

int peg_deadend_find_sets(const struct peg_board *b,
			  const unsigned char *start, int finish,
			  const struct peg_winsets *ws, struct peg_deadend *out,
			  struct peg_err *err)
{
	struct actx c;
	struct level *lv = NULL;
	struct htab seen = {0};
	uint64_t code;
	int r, depth = -1, found = -1, n_lv = 0;

	memset(out, 0, sizeof(*out));
	out->depth = -1;
	r = start_code(b, start, &code, err);
	if (r)
		return r;
	r = ctx_init(&c, b, finish, err);
	if (r)
		return r;
	c.ws = ws;
	lv = calloc((size_t)b->n_holes + 1, sizeof(*lv));
	if (!lv || ht_init(&seen, 1024) ||
	    level_push(&lv[0], (struct lnode){code, -1, -1}))
		goto nomem;
	n_lv = 1;
	out->generated = 1;
	out->start_winning = win(&c, code, popc(code));
	if (c.oom)
		goto nomem;
	if (!out->start_winning) {
		depth = 0;
		found = 0;
	}
	for (int d = 0; found < 0 && lv[d].n; d++) {
		struct level *cur = &lv[d], *nx = &lv[d + 1];

		n_lv = d + 2;
		ht_clear(&seen);
		for (size_t i = 0; i < cur->n; i++) {
			uint64_t p = cur->v[i].code;

			for (int k = 0; k < c.f->n_jumps; k++) {
				uint64_t ch, key;

				if (!peg_fast64_legal(c.f, k, p))
					continue;
				ch = p ^ c.f->flip[k];
				key = canon(&c, ch);
				if (ht_find(&seen, key))
					continue;
				if (ht_put(&seen, key, 1) ||
				    level_push(nx, (struct lnode){ch, (int)i,
								  k}))
					goto nomem;
			}
		}
		out->generated += nx->n;
		for (size_t i = 0; i < nx->n && found < 0; i++) {
			const struct lnode *x = &nx->v[i];

			if (!win(&c, x->code, popc(x->code)))
				found = (int)i;
			if (c.oom)
				goto nomem;
		}
		if (found >= 0)
			depth = d + 1;
	}
	out->nodes = c.nodes;
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
		r = verify_jumps(b, code, out->jumps, depth, out->end, err);
		if (r)
			goto out;
	}
	r = 0;
	goto out;
nomem:
	r = oom_status(err);
out:
	for (int d = 0; lv && d < n_lv; d++)
		free(lv[d].v);
	free(lv);
	ht_free(&seen);
	ctx_free(&c);
	if (r)
		peg_deadend_release(out);
	return r;
}

/* ---- worst games ---- */

struct strand_ctx {
	struct actx c;
	int n, target;         /* holes, pegs wanted in the dead position */
	int *line_first;       /* per hole: lines whose largest hole it is */
	int (*line)[3];        /* x, y (middle), z */
	int *want;             /* per hole: an orbit still to answer */
	int n_want;
	int *hole_p;           /* per orbit representative: found pegs */
	uint64_t *hole_d;      /* dead position found */
	int *hole_h;           /* finish hole of the backward game */
	uint64_t enum_nodes, dead;
};

static void strand_found(struct strand_ctx *s, uint64_t d)
{
	uint64_t m;

	s->dead++;
	m = fmask(&s->c, s->c.f->full ^ d, s->n - s->target);
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
static void strand_enum(struct strand_ctx *s, int i, uint64_t code, int pegs)
{
	if (s->n_want == 0 || s->c.oom)
		return;
	s->enum_nodes++;
	if (i == s->n) {
		if (canon(&s->c, code) == code)
			strand_found(s, code);
		return;
	}
	for (int v = 1; v >= 0; v--) {
		uint64_t x = code | ((uint64_t)v << i);
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
			strand_enum(s, i + 1, x, np);
	}
}

static int strand_lines(struct strand_ctx *s)
{
	const struct peg_board *b = s->c.b;
	int m = 0, *cnt;

	s->line = malloc(((size_t)b->n_jumps + 1) * sizeof(*s->line));
	s->line_first = calloc((size_t)s->n + 1, sizeof(int));
	cnt = calloc((size_t)s->n + 1, sizeof(int));
	if (!s->line || !s->line_first || !cnt) {
		free(cnt);
		return -1;
	}
	/* each line once (from < to), grouped by its largest hole */
	for (int h = 0; h < s->n; h++)
		for (int k = 0; k < b->n_jumps; k++) {
			const struct peg_jump *j = &b->jumps[k];
			int top = j->from > j->to ? j->from : j->to;

			if (j->over > top)
				top = j->over;
			if (j->from < j->to && top == h) {
				s->line[m][0] = j->from;
				s->line[m][1] = j->over;
				s->line[m][2] = j->to;
				m++;
				cnt[h]++;
			}
		}
	for (int h = 0; h < s->n; h++)
		s->line_first[h + 1] = s->line_first[h] + cnt[h];
	free(cnt);
	return 0;
}

/* The backward game of orbit r: jumps from full-minus-vacancy to the dead
 * position.  Returns 0 or a negative status. */
static int strand_game(struct strand_ctx *s, int r, int vac,
		       struct peg_strand *out, struct peg_err *err)
{
	const struct peg_board *b = s->c.b;
	const struct peg_fast64 *f = s->c.f;
	uint64_t x = f->full ^ s->hole_d[r], bit = (uint64_t)1 << s->hole_h[r];
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
			if (peg_fast64_legal(f, k, x) &&
			    (fmask(&s->c, x ^ f->flip[k], popc(x) - 1) & bit))
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
	out->end = peg_symtab64_apply(s->c.st, sy, s->hole_d[r]);
	free(back);
	return verify_jumps(b, f->full ^ ((uint64_t)1 << vac), out->jumps, nj,
			    out->end, err);
}

void peg_strand_release(struct peg_strand_result *r)
{
	if (!r)
		return;
	for (int i = 0; i < r->n; i++)
		free(r->v[i].jumps);
	free(r->v);
	r->v = NULL;
	r->n = 0;
}

int peg_strand_find(const struct peg_board *b, int vacancy,
		    struct peg_strand_result *out, struct peg_err *err)
{
	struct strand_ctx s;
	int r, n = b->n_holes;

	memset(out, 0, sizeof(*out));
	memset(&s, 0, sizeof(s));
	r = ctx_init(&s.c, b, PEG_ANYWHERE, err);
	if (r)
		return r;
	if (vacancy < -1 || vacancy >= n) {
		ctx_free(&s.c);
		peg_err_set(err, "vacancy %d is not on the board", vacancy);
		return PEG_ANALYSE_EINPUT;
	}
	s.n = n;
	s.want = calloc((size_t)n, sizeof(int));
	s.hole_p = malloc((size_t)n * sizeof(int));
	s.hole_d = calloc((size_t)n, sizeof(uint64_t));
	s.hole_h = calloc((size_t)n, sizeof(int));
	out->v = calloc((size_t)n, sizeof(*out->v));
	if (!s.want || !s.hole_p || !s.hole_d || !s.hole_h || !out->v ||
	    strand_lines(&s))
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
		strand_enum(&s, 0, 0, 0);
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
		r = strand_game(&s, h, e->vacancy, e, err);
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
	ctx_free(&s.c);
	if (r)
		peg_strand_release(out);
	return r;
}

/* ---- odds of random players ---- */

/* The SAX count on Triangle(5) (theory.h, seed 000 section 2.3) as bit
 * masks for the hot loop: SAX = |A pegs| - |X pegs| + the number of edge
 * regions holding two or more pegs. */
struct sax5 {
	uint64_t plus, minus, region[3], interior, corners;
};

static int sax5_masks(const struct peg_board *b, struct sax5 *m)
{
	if (strcmp(b->spec, "triangle:5"))
		return -1;
	memset(m, 0, sizeof(*m));
	for (int h = 0; h < b->n_holes; h++) {
		int w = peg_theory_sax_weight(b, h);
		int r = peg_theory_sax_region(b, h);
		uint64_t bit = (uint64_t)1 << h;

		if (w > 0)
			m->plus |= bit;
		else if (w < 0)
			m->minus |= bit;
		if (r >= 0)
			m->region[r] |= bit;
		else if (w > 0)
			m->interior |= bit; /* b3, b4, c4 */
		else if (w < 0)
			m->corners |= bit; /* a1, a5, e5 */
	}
	return 0;
}

static int sax5(const struct sax5 *m, uint64_t code)
{
	int s = popc(code & m->plus) - popc(code & m->minus);

	for (int i = 0; i < 3; i++)
		s += popc(code & m->region[i]) >= 2;
	return s;
}

int peg_analyse_sax5(const struct peg_board *b, uint64_t code)
{
	struct sax5 m;

	if (sax5_masks(b, &m))
		return INT32_MIN;
	return sax5(&m, code);
}

/* One level of the forward propagation: distinct canonical positions with
 * their probability mass (and the exact mass when asked for). */
struct omap {
	struct htab h; /* code -> index */
	uint64_t *code;
	long double *p;
	mpq_t *q;
	size_t n, cap;
	int exact;
};

static int omap_init(struct omap *m, int exact)
{
	memset(m, 0, sizeof(*m));
	m->exact = exact;
	return ht_init(&m->h, 1024);
}

static void omap_free(struct omap *m)
{
	if (m->q)
		for (size_t i = 0; i < m->n; i++)
			mpq_clear(m->q[i]);
	free(m->code);
	free(m->p);
	free(m->q);
	ht_free(&m->h);
	memset(m, 0, sizeof(*m));
}

/* Add mass p (and exact mass q * 1/den) to code.  Returns 0 or -1. */
static int omap_add(struct omap *m, uint64_t code, long double p,
		    const mpq_t q, unsigned long den)
{
	uint64_t *v = ht_find(&m->h, code);
	size_t i;

	if (v) {
		i = (size_t)*v;
	} else {
		if (m->n == m->cap) {
			size_t cap = m->cap ? 2 * m->cap : 1024;
			uint64_t *nc = realloc(m->code, cap * sizeof(*nc));
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
		if (ht_put(&m->h, code, i))
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

void peg_odds_release(struct peg_odds *o)
{
	if (!o)
		return;
	free(o->exact);
	o->exact = NULL;
}

int peg_odds_compute(const struct peg_board *b, const unsigned char *start,
		     enum peg_player player, int exact, struct peg_odds *out,
		     struct peg_err *err)
{
	struct actx c;
	struct omap cur, nx;
	struct sax5 sm;
	uint64_t code;
	int r, pegs, start_pegs, thr = 0, *kept = NULL;
	mpq_t one, win_q;

	memset(out, 0, sizeof(*out));
	r = start_code(b, start, &code, err);
	if (r)
		return r;
	if (player != PEG_PLAYER_A && sax5_masks(b, &sm)) {
		peg_err_set(err, "player %c is defined on triangle:5 only, not "
			    "'%s'", 'A' + (int)player, b->spec);
		return PEG_ANALYSE_EINPUT;
	}
	r = ctx_init(&c, b, PEG_ANYWHERE, err);
	if (r)
		return r;
	mpq_init(one);
	mpq_init(win_q);
	mpq_set_ui(one, 1, 1);
	if (omap_init(&cur, exact) || omap_init(&nx, exact))
		goto nomem;
	kept = malloc(((size_t)b->n_jumps + 1) * sizeof(int));
	if (!kept || omap_add(&cur, canon(&c, code), 1.0L, one, 1))
		goto nomem;
	start_pegs = pegs = popc(code);
	if (player == PEG_PLAYER_C) {
		thr = sax5(&sm, code);
		if (thr > 0)
			thr = 0;
	}
	for (; cur.n && pegs > 1; pegs--) {
		if ((int)cur.n > out->max_level)
			out->max_level = (int)cur.n;
		for (size_t i = 0; i < cur.n; i++) {
			uint64_t p = cur.code[i];
			int n_kept = 0;

			out->nodes++;
			for (int k = 0; k < c.f->n_jumps; k++) {
				uint64_t ch;
				int ok = 1;

				if (!peg_fast64_legal(c.f, k, p))
					continue;
				ch = p ^ c.f->flip[k];
				if (player == PEG_PLAYER_B)
					ok = !(c.f->to[k] & sm.corners) &&
					     !(((uint64_t)1 << b->jumps[k].from) &
					       sm.interior);
				else if (player == PEG_PLAYER_C)
					ok = sax5(&sm, ch) >= thr;
				if (ok)
					kept[n_kept++] = k;
			}
			if (player != PEG_PLAYER_A &&
			    (pegs == 2 || (pegs == start_pegs && !n_kept))) {
				n_kept = 0;
				for (int k = 0; k < c.f->n_jumps; k++)
					if (peg_fast64_legal(c.f, k, p))
						kept[n_kept++] = k;
			}
			for (int t = 0; t < n_kept; t++) {
				uint64_t ch = p ^ c.f->flip[kept[t]];

				if (omap_add(&nx, canon(&c, ch),
					     cur.p[i] / n_kept,
					     exact ? cur.q[i] : one,
					     (unsigned long)n_kept))
					goto nomem;
			}
		}
		omap_free(&cur);
		cur = nx;
		if (omap_init(&nx, exact))
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
	omap_free(&cur);
	omap_free(&nx);
	mpq_clear(one);
	mpq_clear(win_q);
	ctx_free(&c);
	return r;
}
