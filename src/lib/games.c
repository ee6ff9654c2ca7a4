/* games.c - counting and listing games (sequences of moves ending with one
 * peg), optionally up to subgame symmetry (seed 002; moves.h). */
#include "pegsol/moves.h"
#include "pegsol/solution.h"

#include <stdlib.h>
#include <string.h>

/* Memo: canonical code -> games from it.  Open addressing, linear probing,
 * key 0 = empty (the empty board never occurs below a position with
 * pegs), power-of-two size kept at most half full. */
struct memo_ent {
	uint64_t key;
	peg_u128 count;
	int16_t min, max;
};

struct games {
	const struct peg_board *b;
	struct peg_symtab64 *sym;
	struct peg_mvgen64 g;
	int unique;
	struct memo_ent *tab;
	size_t mask, used;
	int *stab;     /* n_syms */
	int fail;      /* 1 oom, 2 overflow */
	/* listing */
	peg_game_fn fn;
	void *ctx;
	struct peg_jump *jumps;
	int *move_len;
	long long listed;
	int stop;
	unsigned char *pegs;
	uint64_t start;
	struct peg_err *err;
};

static uint64_t mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return x;
}

static struct memo_ent *memo_find(struct games *G, uint64_t key, int add)
{
	size_t i = mix(key) & G->mask;

	while (G->tab[i].key) {
		if (G->tab[i].key == key)
			return &G->tab[i];
		i = (i + 1) & G->mask;
	}
	if (!add)
		return NULL;
	if (2 * (G->used + 1) > G->mask + 1) {
		size_t n = 2 * (G->mask + 1);
		struct memo_ent *t = calloc(n, sizeof(*t)), *old = G->tab;
		size_t oldn = G->mask + 1;

		if (!t)
			return NULL;
		G->tab = t;
		G->mask = n - 1;
		for (size_t k = 0; k < oldn; k++) {
			size_t j;

			if (!old[k].key)
				continue;
			j = mix(old[k].key) & G->mask;
			while (t[j].key)
				j = (j + 1) & G->mask;
			t[j] = old[k];
		}
		free(old);
		i = mix(key) & G->mask;
		while (t[i].key)
			i = (i + 1) & G->mask;
	}
	G->tab[i].key = key;
	G->used++;
	return &G->tab[i];
}

/* Hole path of move i on the stack: from, then each to. */
static int move_path(const struct games *G, int i, int *path)
{
	const int *j = G->g.jump + G->g.first[i];
	int len = peg_mvgen64_len(&G->g, i);

	path[0] = G->b->jumps[j[0]].from;
	for (int k = 0; k < len; k++)
		path[k + 1] = G->b->jumps[j[k]].to;
	return len + 1;
}

/* Is move i the representative (lexicographically least path) of its
 * orbit under the stabiliser stab[0..ns-1]? */
static int move_is_rep(const struct games *G, int i, const int *stab, int ns)
{
	int path[66], n = move_path(G, i, path);
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
static int keep_move(struct games *G, int i, const int *stab, int ns)
{
	return !G->unique || ns == 1 || move_is_rep(G, i, stab, ns);
}

static struct memo_ent *count(struct games *G, uint64_t c)
{
	uint64_t key = peg_symtab64_canon(G->sym, c);
	struct memo_ent *e = memo_find(G, key, 0), tmp;
	int base, n, ns = 1;
	int stab[48];

	if (e || G->fail)
		return e;
	memset(&tmp, 0, sizeof(tmp));
	tmp.min = -1;
	if (__builtin_popcountll(c) == 1) {
		tmp.count = 1;
		tmp.min = tmp.max = 0;
		goto store;
	}
	base = G->g.n;
	n = peg_mvgen64_push(&G->g, c);
	if (n < 0) {
		G->fail = 1;
		return NULL;
	}
	if (G->unique)
		ns = peg_stabiliser64(G->sym, c, stab);
	for (int i = base; i < base + n; i++) {
		struct memo_ent *ch;
		peg_u128 sum;

		if (!keep_move(G, i, stab, ns))
			continue;
		ch = count(G, G->g.after[i]);
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
	e = memo_find(G, key, 1);
	if (!e) {
		G->fail = 1;
		return NULL;
	}
	e->count = tmp.count;
	e->min = tmp.min;
	e->max = tmp.max;
	return e;
}

static int games_init(struct games *G, const struct peg_board *b, int unique,
		      struct peg_err *err)
{
	memset(G, 0, sizeof(*G));
	G->b = b;
	G->unique = unique;
	G->err = err;
	if (peg_mvgen64_init(&G->g, b, 1, err))
		return -1;
	G->sym = peg_symtab64_new(b);
	G->mask = 1023;
	G->tab = calloc(G->mask + 1, sizeof(*G->tab));
	if (!G->sym || !G->tab || b->n_syms > 48) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	return 0;
}

static void games_release(struct games *G)
{
	peg_mvgen64_release(&G->g);
	peg_symtab64_free(G->sym);
	free(G->tab);
	free(G->jumps);
	free(G->move_len);
	free(G->pegs);
}

static int games_fail(struct games *G, struct peg_err *err)
{
	if (G->fail == 2)
		peg_err_set(err, "game count overflows 128 bits");
	else
		peg_err_set(err, "out of memory counting games");
	return -1;
}

int peg_games_count(const struct peg_board *b, uint64_t start, int unique,
		    struct peg_games_result *res, struct peg_err *err)
{
	struct games G;
	struct memo_ent *e;

	memset(res, 0, sizeof(*res));
	res->min_moves = -1;
	if (games_init(&G, b, unique, err)) {
		games_release(&G);
		return -1;
	}
	if (!start) {
		games_release(&G);
		return 0;
	}
	e = count(&G, start);
	if (!e) {
		games_fail(&G, err);
		games_release(&G);
		return -1;
	}
	res->games = e->count;
	res->positions = G.used;
	res->min_moves = e->count ? e->min : -1;
	res->max_moves = e->count ? e->max : 0;
	games_release(&G);
	return 0;
}

/* Depth-first listing along moves that lead to at least one game. */
static void list(struct games *G, uint64_t c, int n_jumps, int n_moves)
{
	int base, n, ns = 1, stab[48];

	if (G->stop || G->fail)
		return;
	if (__builtin_popcountll(c) == 1) {
		struct peg_err rerr;

		peg_pos_from64(G->start, G->b->n_holes, G->pegs);
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
	n = peg_mvgen64_push(&G->g, c);
	if (n < 0) {
		G->fail = 1;
		return;
	}
	if (G->unique)
		ns = peg_stabiliser64(G->sym, c, stab);
	for (int i = base; i < base + n && !G->stop && !G->fail; i++) {
		struct memo_ent *e;
		int len = peg_mvgen64_len(&G->g, i);

		if (!keep_move(G, i, stab, ns))
			continue;
		e = count(G, G->g.after[i]);
		if (!e || !e->count)
			continue;
		for (int k = 0; k < len; k++)
			G->jumps[n_jumps + k] =
				G->b->jumps[G->g.jump[G->g.first[i] + k]];
		G->move_len[n_moves] = len;
		list(G, G->g.after[i], n_jumps + len, n_moves + 1);
	}
	G->g.n = base;
}

long long peg_games_list(const struct peg_board *b, uint64_t start,
			 int unique, peg_game_fn fn, void *ctx,
			 struct peg_err *err)
{
	struct games G;
	long long r;

	if (games_init(&G, b, unique, err)) {
		games_release(&G);
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
		games_release(&G);
		return -1;
	}
	if (start)
		list(&G, start, 0, 0);
	if (G.fail) {
		if (G.fail != 3)
			games_fail(&G, err);
		games_release(&G);
		return -1;
	}
	r = G.listed;
	games_release(&G);
	return r;
}
