/* moves.c - move generation: every chain of jumps by one peg, stopping
 * part-way included (moves.h).  The fast generators over codes are
 * src/lib/core/moves_impl.h, compiled below for 64- and 128-bit codes. */
#include "pegsol/moves.h"
#include "pegsol/solution.h"

#include "symv.h"

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

/* ---- fast path: one body per code width ---------------------------- */

#define WBITS 64
#include "moves_impl.h"
#undef WBITS
#define WBITS 128
#include "moves_impl.h"
#undef WBITS
