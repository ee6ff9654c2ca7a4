/* shortest.h - solutions with the fewest moves, solution catalogs and the
 * longest sweep (seed 000 section 4, seed 003 "Short Solutions" and
 * "Solution Catalogs").
 *
 * A move is one peg's consecutive jumps (moves.h).  The search is
 * breadth-first heuristic search by moves (Zhou and Hansen, as used by
 * Bell): for a bound U = L, L+1, ... it expands, layer by layer, the states
 * with g + h <= U, where g is the number of moves played and h an admissible
 * lower bound on the moves still needed.  The first U that reaches the
 * target is the minimum; a start from which no target is reachable at all is
 * recognised first by a jump-level search, so every answer is proved.
 *
 * Lower bound h (Merson regions, seed 000 section 4.1): a region R is
 * "Merson" when every jump over a hole of R starts or ends in R.  While R is
 * full, the first jump that removes a peg of R must start in R, so R costs a
 * move of its own.  The regions are found from the board's jump lines alone
 * (minimal Merson sets of up to 7 holes grown from each hole: corners, edge
 * pairs and 7-hole hexagons on the triangular lattice, 2x2 blocks on the
 * square lattice), and at each position a greedy packing of disjoint full
 * regions is counted.  A full one-hole region (a corner: no jump passes
 * over it) counts too: its peg is either removed by a jump from it or is
 * the survivor, which made the last move and so left the hole once.
 *
 * Two cuts that keep the search exact: when a state's bound is tight
 * (g + h == U) only moves starting inside its packed regions are generated
 * (a move from outside a full Merson region leaves it full), and the last
 * layer before the bound is not stored: each of its states is only tested
 * for a finishing move (every other peg must lie where the mover can jump).
 *
 * Symmetry: states are stored as canonical codes under the symmetries that
 * fix both the start and the set of targets, so the moves counted are
 * exact.
 *
 * Code widths: boards of up to 64 holes run on 64-bit codes, boards of 65
 * to 128 holes on 128-bit codes (the same engine compiled twice; the
 * testing switch PEGSOL_WIDE=1 in the environment takes the 128-bit one
 * on any board, so tests compare the two).  The calls taking a position
 * as a byte array (peg_shortest_pos, peg_shortest_bound_pos) and the
 * board-level ones (catalogs, sweeps, peg_class_feasible) take any board
 * of up to 128 holes; peg_shortest and peg_shortest_bound take a 64-bit
 * code and so boards of up to 64 holes.
 *
 * Threads: each layer is cut into chunks expanded by opts->threads workers
 * inserting into one shared table (lock-free with 64-bit codes, striped
 * spin locks with 128-bit ones); results and node counts do not
 * depend on the number of threads.
 *
 * Memory: a stored state costs 13 to 26 bytes of table (9 bytes a slot,
 * load 0.35 to 0.7) plus 8 bytes while it is in the layer being expanded
 * or built (with 128-bit codes 24 to 49, plus 16); no parent links
 * (solutions are rebuilt backwards by predecessor moves).  The caller
 * caps the number of states (max_states).  When a bound's layers outgrow
 * the cap at layer d, the bound is finished depth first from every state
 * of layer d with a fixed-size lossy table of explored states (its entry
 * packs a code and the moves left in one code word: codes of up to 56
 * holes in 64 bits, up to 120 in 128; a search on a board of 57 to 64
 * holes that outgrows the cap is run again on 128-bit codes; past
 * PEG_SHORTEST_DFS_HOLES, and with opts->no_dfs, the call fails with
 * PEG_SHORTEST_RESOURCES instead), so memory stays bounded and the result
 * is still exact; node counts and, with several threads,
 * the solution chosen then depend on timing.
 */
#ifndef PEGSOL_SHORTEST_H
#define PEGSOL_SHORTEST_H

#include "pegsol/board.h"

#include <stdint.h>

enum {
	PEG_SHORTEST_OK = 0,
	PEG_SHORTEST_BAD = -1,       /* bad input (err filled) */
	PEG_SHORTEST_RESOURCES = -2  /* memory or state cap exceeded */
};

/* Where one bound of a long search stands (peg_shortest_opts.mark and
 * .resume): after each stored layer (breadth first), and about every
 * mark_seconds while a bound is finished depth first.  Depth first, the
 * states of layer `layer` (the front) are taken in a fixed order (sorted
 * by hash, the same in every run) and front states [0, done) are
 * searched to the end with no solution found. */
struct peg_shortest_mark {
	int bound;           /* U */
	int layer;           /* the layer just stored, or the front's */
	int depth_first;     /* 1: finishing the bound from the front */
	uint64_t states;     /* states of that layer */
	uint64_t stored;     /* states in the layered table */
	uint64_t front_hash; /* depth first: order-free hash of the front */
	uint64_t done;       /* depth first: front states finished */
	uint64_t nodes;      /* states expanded by this call so far */
};

struct peg_shortest_opts {
	int threads;         /* worker threads on one search; 0 = 2 */
	uint64_t max_states; /* states stored at once; 0 = 100 million */
	int max_moves;       /* peg_shortest: give up past this bound (0 =
				no limit); res->capped then says so */
	int min_moves;       /* peg_shortest: start at this bound (the
				caller knows no shorter solution exists;
				0 = the Merson bound) */
	int no_dfs;          /* fail when the table fills instead of
				finishing the bound depth first */
	uint64_t dfs_slots;  /* entries of the depth-first table (8 bytes
				each, 16 with 128-bit codes; 0 = 4 x
				max_states) */
	uint64_t dfs_budget; /* states the depth-first search may expand
				in one bound before the call fails with
				PEG_SHORTEST_RESOURCES (0 = no cap) */
	/* peg_catalog_build: called after each start class is done (start
	 * hole, problems found, their least and most moves, states
	 * expanded, bounds finished depth first); NULL = none */
	void (*progress)(void *ctx, int start, int problems, int lo, int hi,
			 uint64_t nodes, int dfs_bounds);
	void *progress_ctx;
	/* peg_shortest_pos / peg_shortest (a long search): called with each
	 * mark, from the calling thread or a worker (one call at a time);
	 * NULL = none.  mark_seconds: depth first, the least time between
	 * two marks (0 = 1 s). */
	void (*mark)(void *ctx, const struct peg_shortest_mark *m);
	void *mark_ctx;
	double mark_seconds;
	/* A mark of an earlier call on the same board, start, finish and
	 * max_states whose bound ended unfinished (a node budget, a kill):
	 * when this call finishes the same bound depth first from the same
	 * front (layer, states and hash agree), front states [0, done) are
	 * not searched again.  NULL = none. */
	const struct peg_shortest_mark *resume;
};

struct peg_shortest_result {
	int solved;             /* 1 solution found, 0 proved none exists */
	int moves;              /* the minimum (when solved) */
	int lower_bound;        /* Merson bound at the start */
	int finish;             /* hole of the final peg (when solved) */
	struct peg_jump *jumps; /* a shortest solution, replayed (malloc'd) */
	int n_jumps;
	uint64_t nodes;         /* states expanded over all bounds */
	uint64_t peak_states;   /* most states stored at once */
	int iterations;         /* bounds tried */
	int capped;             /* no solution within opts->max_moves (not
				   a proof that none exists) */
	int dfs_bounds;         /* bounds finished depth first */
};

void peg_shortest_result_release(struct peg_shortest_result *r);

/* Fewest moves from start (n_holes bytes, pos.h) to one peg at hole
 * finish, or anywhere when finish < 0, on a board of up to 128 holes.
 * Returns PEG_SHORTEST_OK with res filled (res->solved says whether a
 * solution exists), or an error code with err filled.  opts may be
 * NULL. */
int peg_shortest_pos(const struct peg_board *b, const unsigned char *start,
		     int finish, const struct peg_shortest_opts *opts,
		     struct peg_shortest_result *res, struct peg_err *err);

/* The same from a 64-bit position code (boards of up to 64 holes). */
int peg_shortest(const struct peg_board *b, uint64_t start, int finish,
		 const struct peg_shortest_opts *opts,
		 struct peg_shortest_result *res, struct peg_err *err);

/* The Merson lower bound of a position (moves to one peg at finish, or
 * anywhere when finish < 0); -1 when the board is over 128 holes. */
int peg_shortest_bound_pos(const struct peg_board *b,
			   const unsigned char *pos, int finish);

/* The same from a 64-bit code; -1 when the board is over 64 holes. */
int peg_shortest_bound(const struct peg_board *b, uint64_t pos, int finish);

/* The most holes a board may have for a bound that outgrows the state
 * cap to be finished depth first (the depth-first table packs a code and
 * the moves left in one 128-bit word). */
#define PEG_SHORTEST_DFS_HOLES 120

/* One problem of a catalog: vacate start, finish at finish. */
struct peg_catalog_entry {
	int start, finish;      /* orbit representatives */
	int moves;              /* minimum moves, -1 when unsolvable */
	struct peg_jump *jumps; /* a shortest solution (replayed) */
	int n_jumps;
	int longest_move;       /* jumps in the longest move of it */
};

struct peg_catalog {
	int n;                  /* problems listed (solvable ones) */
	struct peg_catalog_entry *e;
	int n_unsolvable;       /* class-feasible pairs proved unsolvable */
	int n_open;             /* pairs with no solution within
				   opts->max_moves (not listed; their
				   minimum is larger) */
	int min_moves, max_moves;
	uint64_t nodes;         /* states expanded, all searches */
	uint64_t peak_states;
	int dfs_bounds;         /* bounds finished depth first, all starts */
};

/* Every single-vacancy-to-single-survivor problem of b up to symmetry
 * (start hole up to the board's symmetries, finish hole up to the
 * symmetries fixing the start), in the same position class, with its
 * minimum number of moves and one shortest solution.  Problems sorted by
 * start then finish hole index; only solvable problems are listed.  With
 * opts->max_moves > 0 each search stops at that bound: the problems listed
 * are exactly those solvable in at most max_moves moves, the rest are
 * counted in n_open. */
int peg_catalog_build(const struct peg_board *b,
		      const struct peg_shortest_opts *opts,
		      struct peg_catalog *cat, struct peg_err *err);
void peg_catalog_release(struct peg_catalog *cat);

/* Is "vacate s, finish f" in one position class (the GF(2) parity test:
 * start xor finish lies in the span of the jumps)?  -1 for boards over
 * 128 holes. */
int peg_class_feasible(const struct peg_board *b, int s, int f);

/* The longest sweep (jumps in one move) that occurs in any single vacancy
 * to single survivor solution (seed 003 "Longest sweeps").  A move from P
 * to Q can occur in such a solution when P is reachable from a vacancy and
 * Q can be reduced to one peg.  Every position reachable from each start
 * (up to the start's symmetries) is examined; Q is tested by a memoised
 * jump search.  The witness solution is built with the time-reversal trick
 * (seed 003): a solution from the complement of P to one peg at the start
 * hole, played backwards, reaches P from the vacancy; then the sweep; then
 * any solution from Q.  It is replayed before it is returned. */
struct peg_sweep_result {
	int length;             /* the longest sweep, 0 when no SVSS game */
	int n_problems;         /* problems (start, finish up to symmetry)
				   with a solution containing it */
	int *start, *finish;    /* n_problems each (malloc'd) */
	struct peg_jump *jumps; /* one such solution (malloc'd) */
	int n_jumps;
	int sweep_first;        /* index of the sweep's first jump in it */
	int start_hole, finish_hole;
	uint64_t positions;     /* positions examined */
};

/* Returns PEG_SHORTEST_OK or an error code (max_states caps the positions
 * stored for one start). */
int peg_sweep_longest(const struct peg_board *b,
		      const struct peg_shortest_opts *opts,
		      struct peg_sweep_result *res, struct peg_err *err);
void peg_sweep_result_release(struct peg_sweep_result *res);

/* The same question answered by construction, for boards too large to
 * enumerate (seed 003: Triangle(8) 18-loop, Triangle(10) 29 but not 30).
 * A sweep is a walk of the mover over distinct jump lines of its landing
 * class; for each length from the longest walk down, every edge set that
 * forms a walk, every start and every set of extra pegs on the holes the
 * sweep does not touch is tested: the position before it must have a
 * complement that reduces to one peg (time reversal: then it is
 * reachable from a vacancy) and the position after it must reduce to one
 * peg.  The first length with a success is the answer (the longer ones
 * were all refuted).  n_problems is 1: the witness's problem only;
 * positions counts the positions tested.  Fast when the longest sweeps
 * use nearly every edge of their class (few edge sets, few free holes). */
int peg_sweep_construct(const struct peg_board *b,
			const struct peg_shortest_opts *opts,
			struct peg_sweep_result *res, struct peg_err *err);

#endif
