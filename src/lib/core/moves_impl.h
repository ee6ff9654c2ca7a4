/* moves_impl.h - the fast move generator for one code width (moves.h:
 * peg_mvgen64_* and peg_mvgen128_*, peg_stabiliser64/128).  Included
 * twice by moves.c, with WBITS 64 and 128 (codew.h gives CW, NAME, FAST,
 * SYMTAB ...); MVGEN is the width's struct peg_mvgenNN. */
#include "codew.h"
#undef MVGEN
#undef MVGEN_FN
#define MVGEN struct CAT(peg_mvgen, SFX)
#define MVGEN_FN(x) CAT(CAT(peg_mvgen, SFX), x)

int MVGEN_FN(_init)(MVGEN *g, const struct peg_board *b,
		    int want_jumps, struct peg_err *err)
{
	int nh = b->n_holes;

	memset(g, 0, sizeof(*g));
	if (b->n_holes > WBITS) {
		peg_err_set(err, "board '%s' has %d holes, the move search "
			    "handles at most %d", b->spec, b->n_holes, WBITS);
		return -1;
	}
	g->b = b;
	g->want_jumps = want_jumps;
	g->f = FAST_FN(_new)(b);
	g->cap_moves = 256;
	g->cap_jumps = 1024;
	g->after = malloc((size_t)g->cap_moves * sizeof(CW));
	g->first = malloc(((size_t)g->cap_moves + 1) * sizeof(int));
	g->jump = malloc((size_t)g->cap_jumps * sizeof(int));
	g->to_first = calloc((size_t)nh + 2, sizeof(int));
	g->to_list = malloc(((size_t)b->n_jumps + 1) * sizeof(int));
	if (!g->f || !g->after || !g->first || !g->jump || !g->to_first ||
	    !g->to_list) {
		MVGEN_FN(_release)(g);
		peg_err_set(err, "out of memory");
		return -1;
	}
	g->first[0] = 0;
	/* the jumps by landing hole, in board order: to_first[h + 1] counts
	 * them, then (shifted) is the next free place while filling */
	for (int k = 0; k < b->n_jumps; k++)
		g->to_first[b->jumps[k].to + 2]++;
	for (int h = 1; h <= nh; h++)
		g->to_first[h + 1] += g->to_first[h];
	for (int k = 0; k < b->n_jumps; k++)
		g->to_list[g->to_first[b->jumps[k].to + 1]++] = k;
	return 0;
}

void MVGEN_FN(_release)(MVGEN *g)
{
	FAST_FN(_free)(g->f);
	free(g->after);
	free(g->first);
	free(g->jump);
	free(g->to_first);
	free(g->to_list);
	memset(g, 0, sizeof(*g));
}

/* Room for one more move of len jumps. */
static int NAME(room_)(MVGEN *g, int len)
{
	if (g->n + 1 >= g->cap_moves) {
		int c = g->cap_moves * 2;
		CW *a = realloc(g->after, (size_t)c * sizeof(*a));
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

static void NAME(emit_)(MVGEN *g, CW after, const int *path,
			int len, int reverse)
{
	int n = g->n;

	if (NAME(room_)(g, len)) {
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

static void NAME(chain_)(MVGEN *g, CW c, int h, int *path,
			 int depth)
{
	const FAST *f = g->f;
	const struct peg_board *b = g->b;

	for (int k = b->jump_first[h]; k < b->jump_first[h + 1]; k++) {
		CW c2;

		if (!FAST_FN(_legal)(f, k, c))
			continue;
		c2 = c ^ f->flip[k];
		path[depth] = k;
		NAME(emit_)(g, c2, path, depth + 1, 0);
		if (g->oom)
			return;
		NAME(chain_)(g, c2, b->jumps[k].to, path, depth + 1);
	}
}

int MVGEN_FN(_push)(MVGEN *g, CW code)
{
	int path[WBITS + 1], start = g->n;
	CW c = code;

	while (c) {
		int h = CTZ(c);

		c &= c - 1;
		NAME(chain_)(g, code, h, path, 0);
		if (g->oom)
			return -1;
	}
	return g->n - start;
}

/* Walk a peg at h backwards: undo a jump k ending at h (k.to == h) when
 * k.over and k.from are empty; the peg goes back to k.from.  Moves of at
 * most B->max jumps. */
struct NAME(back_) {
	MVGEN *g;
	const int *to_first, *to_list;
	int *path;
	int max;
};

static void NAME(chain_back_)(const struct NAME(back_) *B, CW c, int h,
			      int depth)
{
	MVGEN *g = B->g;
	const FAST *f = g->f;
	const int *to_list = B->to_list;
	int end = B->to_first[h + 1];

	for (int i = B->to_first[h]; i < end; i++) {
		int k = to_list[i];
		CW c2;

		if (c & f->need[k])
			continue;
		c2 = c ^ f->flip[k];
		B->path[depth] = k;
		NAME(emit_)(g, c2, B->path, depth + 1, 1);
		if (g->oom)
			return;
		if (depth + 1 < B->max)
			NAME(chain_back_)(B, c2, f->jumps[k].from, depth + 1);
	}
}

int MVGEN_FN(_push_back)(MVGEN *g, CW code)
{
	return MVGEN_FN(_push_back_max)(g, code, WBITS);
}

int MVGEN_FN(_push_back_max)(MVGEN *g, CW code, int max_len)
{
	int path[WBITS + 1], start = g->n;
	struct NAME(back_) B = {g, g->to_first, g->to_list, path, max_len};
	CW c = code;

	while (c && !g->oom && max_len > 0) {
		int h = CTZ(c);

		c &= c - 1;
		NAME(chain_back_)(&B, code, h, 0);
	}
	return g->oom ? -1 : g->n - start;
}

int NAME(peg_stabiliser)(const SYMTAB *t, CW code, int *out)
{
	return SYM_FIXING_CODES(t, &code, 1, out);
}
