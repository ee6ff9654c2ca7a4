/* games_impl.h - game counting and listing for one code width (games.c).
 * Included twice by games.c, with WBITS 64 and 128 (codew.h); HASH is
 * games.c's hash of the width's code, MVGEN its move generator. */
#include "codew.h"
#undef MVGEN
#undef MVGEN_FN
#undef HASH
#undef MEMO
#undef GAMES
#define MVGEN struct CAT(peg_mvgen, SFX)
#define MVGEN_FN(x) CAT(CAT(peg_mvgen, SFX), x)
#define HASH NAME(hash_)
#define MEMO struct NAME(memo_ent_)
#define GAMES struct NAME(games_)

/* Memo: canonical code -> games from it.  Open addressing, linear probing,
 * key 0 = empty (the empty board never occurs below a position with
 * pegs), power-of-two size kept at most half full. */
MEMO {
	CW key;
	peg_u128 count;
	int16_t min, max;
};

#define CM(x) NAME(CAT(gmemo, x))
#define CM_KEY CW
#define CM_SLOT MEMO
#define CM_HASH HASH
#define CM_FULL(n, size) (2 * (n) > (size))
#define CM_MIN 1024
#include "codemap_impl.h"

GAMES {
	const struct peg_board *b;
	SYMTAB *sym;
	MVGEN g;
	int unique;
	struct NAME(gmemo_t) memo;
	int *stab;     /* 129 * n_syms: the stabiliser of the position with
			  k pegs on the current path at k * n_syms */
	int fail;      /* 1 oom, 2 overflow */
	/* listing */
	peg_game_fn fn;
	void *ctx;
	struct peg_jump *jumps;
	int *move_len;
	long long listed;
	int stop;
	unsigned char *pegs;
	CW start;
	struct peg_err *err;
};

static MEMO *NAME(memo_find_)(GAMES *G, CW key, int add)
{
	return add ? NAME(gmemo_add)(&G->memo, key)
		   : NAME(gmemo_find)(&G->memo, key);
}

/* Hole path of move i on the stack: from, then each to. */
static int NAME(move_path_)(const GAMES *G, int i, int *path)
{
	const int *j = G->g.jump + G->g.first[i];
	int len = MVGEN_FN(_len)(&G->g, i);

	path[0] = G->b->jumps[j[0]].from;
	for (int k = 0; k < len; k++)
		path[k + 1] = G->b->jumps[j[k]].to;
	return len + 1;
}

/* Is move i the representative (lexicographically least path) of its
 * orbit under the stabiliser stab[0..ns-1]? */
static int NAME(move_is_rep_)(const GAMES *G, int i, const int *stab, int ns)
{
	int path[WBITS + 2], n = NAME(move_path_)(G, i, path);
	const int *sym = G->b->sym;
	int nh = G->b->n_holes;

	for (int s = 1; s < ns; s++) {
		const int *p = sym + (size_t)stab[s] * nh;

		for (int k = 0; k < n; k++) {
			int a = p[path[k]];

			if (a < path[k])
				return 0;
			if (a > path[k])
				break;
		}
	}
	return 1;
}

/* Indices of the moves to follow from the moves on the stack base..top. */
static int NAME(keep_move_)(GAMES *G, int i, const int *stab, int ns)
{
	return !G->unique || ns == 1 || NAME(move_is_rep_)(G, i, stab, ns);
}

static MEMO *NAME(count_)(GAMES *G, CW c)
{
	CW key = SYMTAB_FN(_canon)(G->sym, c);
	MEMO *e = NAME(memo_find_)(G, key, 0), tmp;
	int base, n, ns = 1;
	int *stab = G->stab + (size_t)POPC(c) * G->b->n_syms;

	if (e || G->fail)
		return e;
	memset(&tmp, 0, sizeof(tmp));
	tmp.min = -1;
	if (POPC(c) == 1) {
		tmp.count = 1;
		tmp.min = tmp.max = 0;
		goto store;
	}
	base = G->g.n;
	n = MVGEN_FN(_push)(&G->g, c);
	if (n < 0) {
		G->fail = 1;
		return NULL;
	}
	if (G->unique)
		ns = NAME(peg_stabiliser)(G->sym, c, stab);
	for (int i = base; i < base + n; i++) {
		MEMO *ch;
		peg_u128 sum;

		if (!NAME(keep_move_)(G, i, stab, ns))
			continue;
		ch = NAME(count_)(G, G->g.after[i]);
		if (!ch) {
			G->g.n = base;
			return NULL;
		}
		if (!ch->count)
			continue;
		sum = tmp.count + ch->count;
		if (sum < tmp.count) {
			G->fail = 2;
			G->g.n = base;
			return NULL;
		}
		tmp.count = sum;
		if (tmp.min < 0 || ch->min + 1 < tmp.min)
			tmp.min = (int16_t)(ch->min + 1);
		if (ch->max + 1 > tmp.max)
			tmp.max = (int16_t)(ch->max + 1);
	}
	G->g.n = base;
store:
	e = NAME(memo_find_)(G, key, 1);
	if (!e) {
		G->fail = 1;
		return NULL;
	}
	e->count = tmp.count;
	e->min = tmp.min;
	e->max = tmp.max;
	return e;
}

static int NAME(games_init_)(GAMES *G, const struct peg_board *b, int unique,
			     struct peg_err *err)
{
	memset(G, 0, sizeof(*G));
	G->b = b;
	G->unique = unique;
	G->err = err;
	if (MVGEN_FN(_init)(&G->g, b, 1, err))
		return -1;
	G->sym = SYMTAB_FN(_new)(b);
	G->stab = malloc(129 * sizeof(int) * (size_t)b->n_syms);
	if (!G->sym || NAME(gmemo_init)(&G->memo, 1024) || !G->stab) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	return 0;
}

static void NAME(games_release_)(GAMES *G)
{
	MVGEN_FN(_release)(&G->g);
	SYMTAB_FN(_free)(G->sym);
	NAME(gmemo_free)(&G->memo);
	free(G->stab);
	free(G->jumps);
	free(G->move_len);
	free(G->pegs);
}

static int NAME(games_fail_)(GAMES *G, struct peg_err *err)
{
	if (G->fail == 2)
		peg_err_set(err, "game count overflows 128 bits");
	else
		peg_err_set(err, "out of memory counting games");
	return -1;
}

static int NAME(games_count_)(const struct peg_board *b, CW start, int unique,
			      struct peg_games_result *res, struct peg_err *err)
{
	GAMES G;
	MEMO *e;

	memset(res, 0, sizeof(*res));
	res->min_moves = -1;
	if (NAME(games_init_)(&G, b, unique, err)) {
		NAME(games_release_)(&G);
		return -1;
	}
	if (!start) {
		NAME(games_release_)(&G);
		return 0;
	}
	e = NAME(count_)(&G, start);
	if (!e) {
		NAME(games_fail_)(&G, err);
		NAME(games_release_)(&G);
		return -1;
	}
	res->games = e->count;
	res->positions = G.memo.n;
	res->min_moves = e->count ? e->min : -1;
	res->max_moves = e->count ? e->max : 0;
	NAME(games_release_)(&G);
	return 0;
}

/* Depth-first listing along moves that lead to at least one game. */
static void NAME(list_)(GAMES *G, CW c, int n_jumps, int n_moves)
{
	int base, n, ns = 1;
	int *stab = G->stab + (size_t)POPC(c) * G->b->n_syms;

	if (G->stop || G->fail)
		return;
	if (POPC(c) == 1) {
		struct peg_err rerr;

		POS_FROM(G->start, G->b->n_holes, G->pegs);
		if (peg_jumps_replay(G->b, G->jumps, n_jumps, G->pegs, &rerr)) {
			G->fail = 3;
			*G->err = rerr;
			return;
		}
		G->listed++;
		if (G->fn(G->ctx, G->jumps, n_jumps, G->move_len, n_moves))
			G->stop = 1;
		return;
	}
	base = G->g.n;
	n = MVGEN_FN(_push)(&G->g, c);
	if (n < 0) {
		G->fail = 1;
		return;
	}
	if (G->unique)
		ns = NAME(peg_stabiliser)(G->sym, c, stab);
	for (int i = base; i < base + n && !G->stop && !G->fail; i++) {
		MEMO *e;
		int len = MVGEN_FN(_len)(&G->g, i);

		if (!NAME(keep_move_)(G, i, stab, ns))
			continue;
		e = NAME(count_)(G, G->g.after[i]);
		if (!e || !e->count)
			continue;
		for (int k = 0; k < len; k++)
			G->jumps[n_jumps + k] =
				G->b->jumps[G->g.jump[G->g.first[i] + k]];
		G->move_len[n_moves] = len;
		NAME(list_)(G, G->g.after[i], n_jumps + len, n_moves + 1);
	}
	G->g.n = base;
}

static long long NAME(games_list_)(const struct peg_board *b, CW start,
				   int unique, peg_game_fn fn, void *ctx,
				   struct peg_err *err)
{
	GAMES G;
	long long r;

	if (NAME(games_init_)(&G, b, unique, err)) {
		NAME(games_release_)(&G);
		return -1;
	}
	G.fn = fn;
	G.ctx = ctx;
	G.start = start;
	G.jumps = malloc(((size_t)b->n_holes + 1) * sizeof(*G.jumps));
	G.move_len = malloc(((size_t)b->n_holes + 1) * sizeof(int));
	G.pegs = malloc((size_t)b->n_holes + 1);
	if (!G.jumps || !G.move_len || !G.pegs) {
		peg_err_set(err, "out of memory");
		NAME(games_release_)(&G);
		return -1;
	}
	if (start)
		NAME(list_)(&G, start, 0, 0);
	if (G.fail) {
		if (G.fail != 3)
			NAME(games_fail_)(&G, err);
		NAME(games_release_)(&G);
		return -1;
	}
	r = G.listed;
	NAME(games_release_)(&G);
	return r;
}
