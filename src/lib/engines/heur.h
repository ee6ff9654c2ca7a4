/* heur.h - internals of the heuristic search (heuristic.h) shared by the
 * driver (heuristic.c) and the width-specific engine (heur_body.h, compiled
 * once per code width: 1, 2 and 3 64-bit words).
 *
 * Positions cross between the two as struct hpos (three words, bit i =
 * hole i, row-major as in pos.h); inside the engine they are HW_NW words.
 */
#ifndef PEGSOL_HEUR_H
#define PEGSOL_HEUR_H

#include "pegsol/board.h"

#include "pool.h"

#include <stdint.h>

#define HW_MAX 3 /* words of struct hpos: up to 192 holes */
#define HEUR_MAX_THREADS 16 /* workers of one beam */

struct hpos {
	uint64_t w[HW_MAX];
};

static inline int hpos_bit(const struct hpos *p, int i)
{
	return (int)(p->w[i >> 6] >> (i & 63) & 1);
}

static inline void hpos_flip(struct hpos *p, int i)
{
	p->w[i >> 6] ^= 1ULL << (i & 63);
}

static inline int hpos_count(const struct hpos *p)
{
	int n = 0;

	for (int k = 0; k < HW_MAX; k++)
		n += __builtin_popcountll(p->w[k]);
	return n;
}

/* Score weights of the beam (lower is better), in units of 1/16 of a
 * Merson region; the defaults are default_score in heuristic.c and
 * bench/RESULTS-heuristic.md records the measurements behind them. */
struct hscore {
	int moves;    /* per move played */
	int merson;   /* per region of the Merson packing */
	int alone;    /* per peg with no pegged neighbour */
	int clusters; /* per cluster of pegs past the first */
	int stray;    /* per peg with no peg within two steps */
	int noise;    /* amplitude of the seeded noise */
};

/* One problem: a start, a finish, the symmetries fixing the finish. */
struct hprob {
	const struct peg_board *b;
	int n;                 /* holes */
	int finish;            /* -1 anywhere */
	struct hpos start;
	int n_syms;            /* symmetries fixing the finish (all of them
				  when it is anywhere) */
	const int *sym[12];    /* their hole maps (b->sym rows) */
	int n_reg;             /* Merson regions, smallest first */
	const struct hpos *reg;
	const struct hpos *nbr; /* neighbours of each hole (jump overs) */
	struct hscore sc;
	void *memo;            /* the endgame memos, one per worker, shared
				  by every start of a search (heng_ops
				  memos_new / memos_free) */
	int end_pegs;          /* children with this many pegs or fewer
				  are kept only when solvable */
};

/* A path of moves: pos[0] = its start .. pos[m] = one peg. */
struct hpath {
	int m;
	struct hpos *pos;
};

/* Budget and counters shared by every engine call of one search. */
struct hbudget {
	double deadline;     /* monotonic seconds, 0 = none */
	uint64_t max_nodes;  /* 0 = none */
	uint64_t nodes;
	uint64_t kept;       /* positions kept in beam layers */
	int threads;
	struct peg_pool *pool; /* threads - 1 helpers for the beam's layers
				  (pool.h), NULL: threads made per layer */
	int stopped;         /* the time ran out */
};

double heur_now(void);

static inline int hbudget_out(struct hbudget *B)
{
	if (B->stopped)
		return 1;
	if (B->max_nodes && B->nodes >= B->max_nodes)
		return 1;
	if (B->deadline > 0 && heur_now() >= B->deadline) {
		B->stopped = 1;
		return 1;
	}
	return 0;
}

static inline uint64_t heur_mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* The width-specific engine (one per problem) is opaque here. */

struct heng_ops {
	void *(*memos_new)(void);
	void (*memos_free)(void *memo);
	void *(*new_)(const struct hprob *P);
	void (*free_)(void *E);
	/* One beam of the given width from start (layers by pegs left); a
	 * path to the goal with fewer than best moves goes to *out (1
	 * returned), else 0; -1 out of memory. */
	int (*beam)(void *E, const struct hpos *start, int width,
		    uint64_t seed, int best, struct hbudget *B,
		    struct hpath *out);
	/* Fewest moves from a to b (at most max_moves), restricted to jumps
	 * inside allowed; writes the positions after each move to mid and
	 * returns their number, or -1 when none within max_moves or the
	 * node budget ran out. */
	int (*window)(void *E, const struct hpos *a,
		      const struct hpos *b, const struct hpos *allowed,
		      int max_moves, uint64_t budget, struct hbudget *B,
		      struct hpos *mid);
	/* Merson packing of a position. */
	int (*bound)(void *E, const struct hpos *p);
};


#endif
