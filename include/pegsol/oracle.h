/* oracle.h - the "never lose" oracle: can a position still reach the goal,
 * and which legal jumps keep it reachable.
 *
 * A goal is one peg left anywhere, or one peg left at a given hole (the
 * complement problem is the goal "finish at the start vacancy", seed 001
 * section 4).  The oracle answers with a memoised depth-first search on the
 * 64-bit fast path (boards of up to 63 holes: a table
 * slot packs the canonical code and the verdict in one word):
 *
 *   solvable(c) = c has one peg and it satisfies the goal, or
 *                 some legal jump leads to a solvable position
 *
 * Results are kept in a transposition table keyed by canonical code.  For
 * "anywhere" the code is canonicalised over the whole symmetry group; for a
 * goal hole only over the symmetries that fix that hole, which resolves the
 * symmetry degeneracy of seed 001 section 4.1 (two positions in one
 * symmetry class may differ in whether they can finish at the hole).
 *
 * Pruning: the position class.  Every f: holes -> GF(2) with
 * f(a) + f(b) + f(c) = 0 on every jump line a-b-c makes sum f over the pegs
 * an invariant (each jump flips a, b and c).  The oracle computes a basis
 * of these functions from the board's jump lines (so it works on every
 * lattice and on graph boards) and rejects positions whose class differs
 * from the class of every admissible one-peg finish (seed 000 section 2).
 *
 * Budget.  Each call is given a node budget (positions expanded that were
 * not in the table), and the oracle may carry a deadline and a cancel flag
 * for every call (peg_oracle_set_limits).  When one runs out the answer is
 * PEG_UNKNOWN; only fully proved results enter the table, so a later call
 * with a new budget continues where the earlier one stopped.  The table
 * lives as long as the oracle: keep one oracle per board and goal to
 * answer many positions fast.
 *
 * Memory.  The table holds at most max_entries positions (8 bytes each, in
 * a power-of-two open-addressed array kept at most half full); when it
 * would grow past that it is cleared and refilled.
 *
 * Threads: an oracle is not locked; callers serialise calls on one oracle.
 */
#ifndef PEGSOL_ORACLE_H
#define PEGSOL_ORACLE_H

#include "pegsol/board.h"
#include "pegsol/problem.h"

#include <stddef.h>

enum peg_verdict {
	PEG_LOSE = 0,    /* the goal can no longer be reached */
	PEG_WIN = 1,     /* the goal can still be reached */
	PEG_UNKNOWN = 2, /* the budget ran out first */
	PEG_ILLEGAL = 3  /* (classify) the jump is not legal here */
};

const char *peg_verdict_name(enum peg_verdict v); /* "lose", "win", ... */

#define PEG_ORACLE_DEFAULT_ENTRIES ((size_t)1 << 23)

struct peg_oracle;

/* A new oracle for board b (not copied: b must outlive the oracle) and
 * goal g.  max_entries 0 means PEG_ORACLE_DEFAULT_ENTRIES.  Returns NULL
 * with err filled when the board has more than 63 holes or memory fails. */
struct peg_oracle *peg_oracle_new(const struct peg_board *b,
				  const struct peg_goal *g, size_t max_entries,
				  struct peg_err *err);
void peg_oracle_free(struct peg_oracle *o);

/* Statistics of the last call and of the oracle's life. */
struct peg_oracle_stats {
	long nodes;     /* positions expanded by the last call */
	long entries;   /* positions in the table now */
	long clears;    /* times the table was cleared for lack of room */
	int class_dim;  /* dimension of the position-class invariant space */
	int stopped;    /* the last call stopped at the deadline or a cancel */
};

void peg_oracle_stats(const struct peg_oracle *o, struct peg_oracle_stats *st);

/* Limits for every later call besides its node budget: a deadline in
 * CLOCK_MONOTONIC milliseconds (0 = none) and a flag that stops the search
 * when it becomes nonzero (NULL = none; read without locking, so another
 * thread may set it).  Both are checked every 1024 positions expanded;
 * past them a call answers as if its node budget ran out (UNKNOWN), and
 * stats.stopped says why. */
void peg_oracle_set_limits(struct peg_oracle *o, double deadline_ms,
			   const volatile int *cancel);

/* Bytes the oracle holds now (table, symmetry tables), and the most an
 * oracle for board b with max_entries (0 = the default) can hold. */
size_t peg_oracle_memory(const struct peg_oracle *o);
size_t peg_oracle_max_memory(const struct peg_board *b, size_t max_entries);

/* Can the position still reach the goal?  budget <= 0 means no limit. */
enum peg_verdict peg_oracle_solvable(struct peg_oracle *o,
				     const unsigned char *pegs, long budget);

/* Classify every jump of the board in the position: out[k] for board jump k
 * is PEG_ILLEGAL, or the verdict of the position after it.  The budget is
 * shared by all jumps.  Returns the verdict of the position itself (WIN when
 * some jump wins or the position is a finished win, LOSE when every legal
 * jump loses, else UNKNOWN). */
enum peg_verdict peg_oracle_classify(struct peg_oracle *o,
				     const unsigned char *pegs, long budget,
				     enum peg_verdict *out);

/* Find a winning continuation.  On PEG_WIN fills *jumps (malloc'd, to be
 * freed by the caller; NULL when the position is already won) and *n, and
 * the jump list has been replayed and checked from pegs. */
enum peg_verdict peg_oracle_solve(struct peg_oracle *o,
				  const unsigned char *pegs, long budget,
				  struct peg_jump **jumps, int *n);

/* ---- answers from precomputed winning sets (winsets.h) ----
 *
 * The *_played calls are for positions the caller reached by legal jumps
 * from the start the sets w were computed for (a game's positions): such a
 * position is winning exactly when it is in W_n, so they answer from the
 * sets with no search (every answer a few binary searches).  w may be NULL,
 * or made for another goal: then they are the live calls above.  Never
 * pass a position that was not played from w's start (an edited one):
 * outside F the sets say nothing and the answer would be wrong. */
struct peg_winsets;

enum peg_verdict peg_oracle_classify_played(struct peg_oracle *o,
					    const struct peg_winsets *w,
					    const unsigned char *pegs,
					    long budget,
					    enum peg_verdict *out);

enum peg_verdict peg_oracle_solve_played(struct peg_oracle *o,
					 const struct peg_winsets *w,
					 const unsigned char *pegs, long budget,
					 struct peg_jump **jumps, int *n);

/* Whole moves (one peg's consecutive jumps, a multi-jump; every prefix of a
 * chain is a move of its own).  Move i is the jumps
 * jump[off[i]] .. jump[off[i+1]-1] and its verdict is that of the position
 * after it. */
struct peg_move_verdicts {
	int n;                     /* moves */
	int *off;                  /* n + 1 offsets into jump */
	struct peg_jump *jump;
	enum peg_verdict *verdict; /* n */
	int truncated;             /* stopped at max_moves */
};

void peg_move_verdicts_release(struct peg_move_verdicts *m);

/* Classify every legal move of the position (at most max_moves; 0 = 4096),
 * from the sets when w is given (positions played from its start, as
 * above), else by the budgeted search.  Returns the verdict of the position
 * like classify, or -1 when memory fails.  Release out with
 * peg_move_verdicts_release. */
int peg_oracle_classify_moves(struct peg_oracle *o,
			      const struct peg_winsets *w,
			      const unsigned char *pegs, long budget,
			      int max_moves, struct peg_move_verdicts *out);

#endif
