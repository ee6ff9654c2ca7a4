/* moves.c - move generation: every chain of jumps by one peg, stopping
 * part-way included (moves.h). */
#include "pegsol/moves.h"
#include "pegsol/solution.h"

#include <stdlib.h>
#include <string.h>

/* ---- any board, byte arrays ---------------------------------------- */

void peg_movelist_init(struct peg_movelist *ml)
{
	memset(ml, 0, sizeof(*ml));
}

void peg_movelist_release(struct peg_movelist *ml)
{
	free(ml->first);
	free(ml->jump);
	peg_movelist_init(ml);
}

static int grow(void **p, int *cap, int need, size_t size)
{
	int c = *cap ? *cap : 64;
	void *q;

	if (need <= *cap)
		return 0;
	while (c < need)
		c *= 2;
	q = realloc(*p, (size_t)c * size);
	if (!q)
		return -1;
	*p = q;
	*cap = c;
	return 0;
}

struct gen_ctx {
	const struct peg_board *b;
	unsigned char *pegs;
	struct peg_movelist *ml;
	int *path; /* jumps of the chain being walked */
	int depth;
	int oom;
};

/* Record the current chain as a move, then extend it from hole h. */
static void gen_chain(struct gen_ctx *c, int h)
{
	const struct peg_board *b = c->b;
	struct peg_movelist *ml = c->ml;

	for (int k = b->jump_first[h]; k < b->jump_first[h + 1]; k++) {
		const struct peg_jump *j = &b->jumps[k];
		int nm = ml->n_moves, nj;

		if (!c->pegs[j->over] || c->pegs[j->to])
			continue;
		c->path[c->depth++] = k;
		nj = ml->first[nm] + c->depth;
		if (grow((void **)&ml->first, &ml->cap_moves, nm + 2,
			 sizeof(int)) ||
		    grow((void **)&ml->jump, &ml->cap_jumps, nj,
			 sizeof(int))) {
			c->oom = 1;
			c->depth--;
			return;
		}
		memcpy(ml->jump + ml->first[nm], c->path,
		       (size_t)c->depth * sizeof(int));
		ml->first[nm + 1] = nj;
		ml->n_moves = nm + 1;
		peg_jump_apply(c->pegs, j);
		gen_chain(c, j->to);
		peg_jump_undo(c->pegs, j);
		c->depth--;
		if (c->oom)
			return;
	}
}

int peg_movelist_gen(const struct peg_board *b, const unsigned char *pegs,
		     struct peg_movelist *ml, struct peg_err *err)
{
	struct gen_ctx c = {b, NULL, ml, NULL, 0, 0};

	ml->n_moves = 0;
	if (grow((void **)&ml->first, &ml->cap_moves, 1, sizeof(int)))
		goto oom;
	ml->first[0] = 0;
	c.pegs = malloc((size_t)b->n_holes + 1);
	c.path = malloc(((size_t)b->n_holes + 1) * sizeof(int));
	if (!c.pegs || !c.path)
		goto oom;
	memcpy(c.pegs, pegs, (size_t)b->n_holes);
	for (int h = 0; h < b->n_holes && !c.oom; h++)
		if (c.pegs[h])
			gen_chain(&c, h);
	if (c.oom)
		goto oom;
	free(c.pegs);
	free(c.path);
	return ml->n_moves;
oom:
	free(c.pegs);
	free(c.path);
	peg_err_set(err, "out of memory generating moves");
	return -1;
}

struct peg_jump *peg_movelist_jumps(const struct peg_board *b,
				    const struct peg_movelist *ml, int m,
				    int *n)
{
	int len = ml->first[m + 1] - ml->first[m];
	struct peg_jump *j = malloc((size_t)len * sizeof(*j));

	if (!j)
		return NULL;
	for (int i = 0; i < len; i++)
		j[i] = b->jumps[ml->jump[ml->first[m] + i]];
	*n = len;
	return j;
}

char *peg_movelist_format(const struct peg_board *b,
			  const struct peg_movelist *ml, int m)
{
	int len = ml->first[m + 1] - ml->first[m];
	size_t cap = (size_t)(len + 1) * 16, used = 0;
	char *s = malloc(cap), name[16];

	if (!s)
		return NULL;
	s[0] = '\0';
	for (int i = 0; i <= len; i++) {
		int k = ml->jump[ml->first[m] + (i ? i - 1 : 0)];
		int h = i ? b->jumps[k].to : b->jumps[k].from;
		size_t l;

		peg_board_hole_name(b, h, name, sizeof(name));
		l = strlen(name);
		if (used + l + 2 > cap)
			break;
		if (i)
			s[used++] = '-';
		memcpy(s + used, name, l + 1);
		used += l;
	}
	return s;
}

/* ---- fast path ----------------------------------------------------- */

int peg_mvgen64_init(struct peg_mvgen64 *g, const struct peg_board *b,
		     int want_jumps, struct peg_err *err)
{
	memset(g, 0, sizeof(*g));
	if (b->n_holes > 64) {
		peg_err_set(err, "board '%s' has %d holes, the move search "
			    "handles at most 64", b->spec, b->n_holes);
		return -1;
	}
	g->b = b;
	g->want_jumps = want_jumps;
	g->f = peg_fast64_new(b);
	g->cap_moves = 256;
	g->cap_jumps = 1024;
	g->after = malloc((size_t)g->cap_moves * sizeof(uint64_t));
	g->first = malloc(((size_t)g->cap_moves + 1) * sizeof(int));
	g->jump = malloc((size_t)g->cap_jumps * sizeof(int));
	if (!g->f || !g->after || !g->first || !g->jump) {
		peg_mvgen64_release(g);
		peg_err_set(err, "out of memory");
		return -1;
	}
	g->first[0] = 0;
	return 0;
}

void peg_mvgen64_release(struct peg_mvgen64 *g)
{
	peg_fast64_free(g->f);
	free(g->after);
	free(g->first);
	free(g->jump);
	memset(g, 0, sizeof(*g));
}

/* Room for one more move of len jumps. */
static int room(struct peg_mvgen64 *g, int len)
{
	if (g->n + 1 >= g->cap_moves) {
		int c = g->cap_moves * 2;
		uint64_t *a = realloc(g->after, (size_t)c * sizeof(*a));
		int *fi;

		if (!a)
			return -1;
		g->after = a;
		fi = realloc(g->first, ((size_t)c + 1) * sizeof(int));
		if (!fi)
			return -1;
		g->first = fi;
		g->cap_moves = c;
	}
	if (g->want_jumps && g->first[g->n] + len > g->cap_jumps) {
		int c = g->cap_jumps * 2;
		int *j;

		while (c < g->first[g->n] + len)
			c *= 2;
		j = realloc(g->jump, (size_t)c * sizeof(int));
		if (!j)
			return -1;
		g->jump = j;
		g->cap_jumps = c;
	}
	return 0;
}

static void emit(struct peg_mvgen64 *g, uint64_t after, const int *path,
		 int len, int reverse)
{
	int n = g->n;

	if (room(g, len)) {
		g->oom = 1;
		return;
	}
	g->after[n] = after;
	if (g->want_jumps) {
		int *dst = g->jump + g->first[n];

		for (int i = 0; i < len; i++)
			dst[i] = reverse ? path[len - 1 - i] : path[i];
		g->first[n + 1] = g->first[n] + len;
	} else {
		g->first[n + 1] = g->first[n];
	}
	g->n = n + 1;
}

static void chain64(struct peg_mvgen64 *g, uint64_t c, int h, int *path,
		    int depth)
{
	const struct peg_fast64 *f = g->f;
	const struct peg_board *b = g->b;

	for (int k = b->jump_first[h]; k < b->jump_first[h + 1]; k++) {
		uint64_t c2;

		if (!peg_fast64_legal(f, k, c))
			continue;
		c2 = c ^ f->flip[k];
		path[depth] = k;
		emit(g, c2, path, depth + 1, 0);
		if (g->oom)
			return;
		chain64(g, c2, b->jumps[k].to, path, depth + 1);
	}
}

int peg_mvgen64_push(struct peg_mvgen64 *g, uint64_t code)
{
	int path[65], start = g->n;
	uint64_t c = code;

	while (c) {
		int h = __builtin_ctzll(c);

		c &= c - 1;
		chain64(g, code, h, path, 0);
		if (g->oom)
			return -1;
	}
	return g->n - start;
}

/* Walk a peg at h backwards: undo a jump k ending at h (k.to == h) when
 * k.over and k.from are empty; the peg goes back to k.from. */
static void chain64_back(struct peg_mvgen64 *g, uint64_t c, int h,
			 int *path, int depth, const int *to_first,
			 const int *to_list)
{
	const struct peg_fast64 *f = g->f;

	for (int i = to_first[h]; i < to_first[h + 1]; i++) {
		int k = to_list[i];
		uint64_t c2;

		if (c & f->need[k])
			continue;
		c2 = c ^ f->flip[k];
		path[depth] = k;
		emit(g, c2, path, depth + 1, 1);
		if (g->oom)
			return;
		chain64_back(g, c2, g->b->jumps[k].from, path, depth + 1,
			     to_first, to_list);
	}
}

int peg_mvgen64_push_back(struct peg_mvgen64 *g, uint64_t code)
{
	const struct peg_board *b = g->b;
	int path[65], start = g->n, nh = b->n_holes;
	int *to_first = calloc((size_t)nh + 1, sizeof(int));
	int *to_list = malloc(((size_t)b->n_jumps + 1) * sizeof(int));
	uint64_t c = code;

	if (!to_first || !to_list) {
		free(to_first);
		free(to_list);
		return -1;
	}
	for (int k = 0; k < b->n_jumps; k++)
		to_first[b->jumps[k].to + 1]++;
	for (int h = 0; h < nh; h++)
		to_first[h + 1] += to_first[h];
	{
		int *pos = malloc(((size_t)nh + 1) * sizeof(int));

		if (!pos) {
			free(to_first);
			free(to_list);
			return -1;
		}
		memcpy(pos, to_first, (size_t)nh * sizeof(int));
		for (int k = 0; k < b->n_jumps; k++)
			to_list[pos[b->jumps[k].to]++] = k;
		free(pos);
	}
	while (c && !g->oom) {
		int h = __builtin_ctzll(c);

		c &= c - 1;
		chain64_back(g, code, h, path, 0, to_first, to_list);
	}
	free(to_first);
	free(to_list);
	return g->oom ? -1 : g->n - start;
}

int peg_stabiliser64(const struct peg_symtab64 *t, uint64_t code, int *out)
{
	int n = 0;

	out[n++] = 0;
	for (int s = 1; s < t->n_syms; s++)
		if (peg_symtab64_apply(t, s, code) == code)
			out[n++] = s;
	return n;
}
