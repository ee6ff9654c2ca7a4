/* moves.h - moves (one peg's consecutive jumps) and games (sequences of
 * moves ending with one peg).
 *
 * A move is one or more consecutive jumps by the same peg, written as the
 * path it visits: "c3-a3-a1", a loop "a1-a3-c3-a1" (seed 000 section 4,
 * seed 002).  Every prefix of a chain of jumps is a move of its own: a
 * sweep may stop part-way (seed 002's fix to the greedy generator), and a
 * chain may pass a hole twice (loops).  Two moves are different when their
 * jump lists differ, even when they reach the same position.
 *
 * Move order is deterministic: pegs by hole index, then a depth-first walk
 * over each peg's chains taking the board's jumps in board order (sorted by
 * from hole), each chain listed before its extensions.
 *
 * Two interfaces:
 *   peg_movelist_*  any board, positions as byte arrays (pos.h);
 *   peg_mvgen64_*   the fast path for boards of up to 64 holes: positions
 *                   are codes, moves are appended to a stack that the caller
 *                   pops by restoring mvgen->n (one buffer serves a
 *                   recursive search);
 *   peg_mvgen128_*  the same with peg_u128 codes, boards of up to 128
 *                   holes (one body, src/lib/core/moves_impl.h, compiled for
 *                   both widths).
 *
 * Games (seed 002): peg_games_count counts every game from a position by
 * memoising on canonical codes (the count from a position equals the count
 * from any symmetric image).  With unique set, games are counted up to
 * subgame symmetry: at each position only one move of each orbit of the
 * position's stabiliser (the symmetries that fix it) is taken, so two games
 * that first differ by symmetric moves from a symmetric position count once.
 */
#ifndef PEGSOL_MOVES_H
#define PEGSOL_MOVES_H

#include "pegsol/board.h"
#include "pegsol/fast.h"
#include "pegsol/pos.h"

#include <stdint.h>

/* Moves of one position, any board.  Move m is the jumps
 * jump[first[m]] .. jump[first[m+1]-1] (indices into board->jumps). */
struct peg_movelist {
	int n_moves;
	int *first; /* n_moves + 1 offsets */
	int *jump;
	int cap_moves, cap_jumps;
};

void peg_movelist_init(struct peg_movelist *ml);
void peg_movelist_release(struct peg_movelist *ml);

/* Every move from pegs (n_holes bytes, not modified).  Returns the number of
 * moves, or -1 with err filled when memory runs out. */
int peg_movelist_gen(const struct peg_board *b, const unsigned char *pegs,
		     struct peg_movelist *ml, struct peg_err *err);

/* The jumps of move m as a malloc'd array of n (>= 1) struct peg_jump, for
 * peg_jumps_replay and peg_jumps_format (solution.h).  NULL when out of
 * memory. */
struct peg_jump *peg_movelist_jumps(const struct peg_board *b,
				    const struct peg_movelist *ml, int m,
				    int *n);

/* Move m as text "c3-a3-a1" (malloc'd). */
char *peg_movelist_format(const struct peg_board *b,
			  const struct peg_movelist *ml, int m);

/* The fast move generator for boards of up to 64 holes. */
struct peg_mvgen64 {
	const struct peg_board *b;
	struct peg_fast64 *f;
	int n;           /* moves on the stack */
	uint64_t *after; /* position after move i */
	int *first;      /* move i is jump[first[i]] .. jump[first[i+1]-1] */
	int *jump;
	int cap_moves, cap_jumps;
	int want_jumps;  /* record the jump lists (else only after[]) */
	int oom;         /* set when an append failed */
	int *to_first;   /* the jumps ending at hole h (for push_back): */
	int *to_list;    /* to_list[to_first[h] .. to_first[h+1]-1] */
};

/* Prepare a generator; want_jumps 0 records only the positions reached.
 * Returns 0, or -1 with err (board over 64 holes, out of memory). */
int peg_mvgen64_init(struct peg_mvgen64 *g, const struct peg_board *b,
		     int want_jumps, struct peg_err *err);
void peg_mvgen64_release(struct peg_mvgen64 *g);

/* Append every move from code to the stack (from index g->n on).  Returns
 * the number appended, or -1 when memory ran out.  Pop with g->n = old. */
int peg_mvgen64_push(struct peg_mvgen64 *g, uint64_t code);

/* Every move that ends in code, walked backwards (predecessor moves): the
 * moves from some position p whose result is code.  after[i] is p and the
 * jump list of move i is stored in playing order.  Same stack rules. */
int peg_mvgen64_push_back(struct peg_mvgen64 *g, uint64_t code);

/* The same, only the moves of at most max_len jumps (a move of L jumps
 * leaves L more pegs before it: on a sparse position of a large board
 * the backward walks are many, and a search knows how many pegs a
 * predecessor may have). */
int peg_mvgen64_push_back_max(struct peg_mvgen64 *g, uint64_t code,
			      int max_len);

/* Jumps of move i on the stack (want_jumps must be set). */
static inline int peg_mvgen64_len(const struct peg_mvgen64 *g, int i)
{
	return g->first[i + 1] - g->first[i];
}

/* The two-word generator: the same calls and stack rules, codes of up to
 * 128 holes (any board of at most 128 holes, small ones included). */
struct peg_mvgen128 {
	const struct peg_board *b;
	struct peg_fast128 *f;
	int n;
	peg_u128 *after;
	int *first;
	int *jump;
	int cap_moves, cap_jumps;
	int want_jumps;
	int oom;
	int *to_first, *to_list;
};

int peg_mvgen128_init(struct peg_mvgen128 *g, const struct peg_board *b,
		      int want_jumps, struct peg_err *err);
void peg_mvgen128_release(struct peg_mvgen128 *g);
int peg_mvgen128_push(struct peg_mvgen128 *g, peg_u128 code);
int peg_mvgen128_push_back(struct peg_mvgen128 *g, peg_u128 code);
int peg_mvgen128_push_back_max(struct peg_mvgen128 *g, peg_u128 code,
			       int max_len);

static inline int peg_mvgen128_len(const struct peg_mvgen128 *g, int i)
{
	return g->first[i + 1] - g->first[i];
}

/* Game counting (seed 002). */
struct peg_games_result {
	peg_u128 games;    /* number of games (move sequences to one peg) */
	uint64_t positions; /* distinct canonical positions memoised */
	int min_moves;     /* shortest game, -1 when there is none */
	int max_moves;     /* longest game */
};

/* Count the games from start (n_holes bytes, pos.h) on a board of up to
 * 128 holes (64-bit codes up to 64 holes, else 128-bit ones; the testing
 * switch PEGSOL_WIDE=1 takes the 128-bit body on any board).  unique != 0
 * counts up to subgame symmetry.  Returns 0, or -1 with err (board too
 * big, out of memory, count overflow). */
int peg_games_count_pos(const struct peg_board *b, const unsigned char *start,
			int unique, struct peg_games_result *res,
			struct peg_err *err);

/* The same from a 64-bit code (boards of up to 64 holes). */
int peg_games_count(const struct peg_board *b, uint64_t start, int unique,
		    struct peg_games_result *res, struct peg_err *err);

/* Called once per game with its jumps; return nonzero to stop. */
typedef int (*peg_game_fn)(void *ctx, const struct peg_jump *jumps,
			   int n_jumps, const int *move_len, int n_moves);

/* Enumerate the games from start in move order (unique as above).  Every
 * game handed to fn has been replayed by peg_jumps_replay.  Returns the
 * number of games listed (stopped early when fn returns nonzero), or -1 with
 * err. */
long long peg_games_list_pos(const struct peg_board *b,
			     const unsigned char *start, int unique,
			     peg_game_fn fn, void *ctx, struct peg_err *err);

/* The same from a 64-bit code (boards of up to 64 holes). */
long long peg_games_list(const struct peg_board *b, uint64_t start,
			 int unique, peg_game_fn fn, void *ctx,
			 struct peg_err *err);

/* Stabiliser of code: writes the indices of the symmetries s with
 * apply(s, code) == code into out (at least n_syms ints); returns their
 * number (>= 1, the identity first). */
int peg_stabiliser64(const struct peg_symtab64 *t, uint64_t code, int *out);
int peg_stabiliser128(const struct peg_symtab128 *t, peg_u128 code,
		      int *out);

#endif
