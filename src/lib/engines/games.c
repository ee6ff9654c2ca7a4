/* games.c - counting and listing games (sequences of moves ending with one
 * peg), optionally up to subgame symmetry (seed 002; moves.h).  The
 * engine is src/lib/engines/games_impl.h, compiled below for 64- and 128-bit
 * codes; the public functions pick the body by board size (symv_wide). */
#include "pegsol/moves.h"
#include "pegsol/solution.h"

#include "mix.h"
#include "symv.h"

#include <stdlib.h>
#include <string.h>

static uint64_t hash_64(uint64_t x)
{
	return mix_fmix64(x);
}

static uint64_t hash_128(peg_u128 x)
{
	return hash_64((uint64_t)x ^ hash_64((uint64_t)(x >> 64)));
}

#define WBITS 64
#include "games_impl.h"
#undef WBITS
#define WBITS 128
#include "games_impl.h"
#undef WBITS

static int too_big(const struct peg_board *b, int limit, struct peg_err *err)
{
	if (b->n_holes <= limit)
		return 0;
	peg_err_set(err, "board '%s' has %d holes, games handles at most %d",
		    b->spec, b->n_holes, limit);
	return 1;
}

int peg_games_count(const struct peg_board *b, uint64_t start, int unique,
		    struct peg_games_result *res, struct peg_err *err)
{
	memset(res, 0, sizeof(*res));
	res->min_moves = -1;
	if (too_big(b, 64, err))
		return -1;
	if (symv_wide(b->n_holes)) {
		unsigned char *p = malloc((size_t)b->n_holes + 1);
		int r;

		if (!p) {
			peg_err_set(err, "out of memory");
			return -1;
		}
		peg_pos_from64(start, b->n_holes, p);
		r = games_count_128(b, peg_pos_to128(p, b->n_holes), unique,
				    res, err);
		free(p);
		return r;
	}
	return games_count_64(b, start, unique, res, err);
}

int peg_games_count_pos(const struct peg_board *b, const unsigned char *start,
			int unique, struct peg_games_result *res,
			struct peg_err *err)
{
	memset(res, 0, sizeof(*res));
	res->min_moves = -1;
	if (too_big(b, 128, err))
		return -1;
	if (symv_wide(b->n_holes))
		return games_count_128(b, peg_pos_to128(start, b->n_holes),
				       unique, res, err);
	return games_count_64(b, peg_pos_to64(start, b->n_holes), unique, res,
			      err);
}

long long peg_games_list(const struct peg_board *b, uint64_t start,
			 int unique, peg_game_fn fn, void *ctx,
			 struct peg_err *err)
{
	if (too_big(b, 64, err))
		return -1;
	if (symv_wide(b->n_holes)) {
		unsigned char *p = malloc((size_t)b->n_holes + 1);
		long long r;

		if (!p) {
			peg_err_set(err, "out of memory");
			return -1;
		}
		peg_pos_from64(start, b->n_holes, p);
		r = games_list_128(b, peg_pos_to128(p, b->n_holes), unique, fn,
				   ctx, err);
		free(p);
		return r;
	}
	return games_list_64(b, start, unique, fn, ctx, err);
}

long long peg_games_list_pos(const struct peg_board *b,
			     const unsigned char *start, int unique,
			     peg_game_fn fn, void *ctx, struct peg_err *err)
{
	if (too_big(b, 128, err))
		return -1;
	if (symv_wide(b->n_holes))
		return games_list_128(b, peg_pos_to128(start, b->n_holes),
				      unique, fn, ctx, err);
	return games_list_64(b, peg_pos_to64(start, b->n_holes), unique, fn,
			     ctx, err);
}
