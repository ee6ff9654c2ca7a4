/* analyse.h - how badly can you play: fastest dead ends, worst games
 * (stranded pegs) and the exact odds of random players.
 *
 * All three engines run on the fast paths of fast.h: one word for boards
 * of up to 64 holes, two (unsigned __int128) up to 128 holes, one body
 * compiled for both (src/lib/engines/analyse_impl.h); a larger board gets an
 * error.  The testing switch PEGSOL_WIDE (sets.h) runs the two-word body
 * on small boards too.  Positions go in as peg arrays (pos.h) and come out
 * as codes (peg_u128, bit i = hole i) plus jump lists that the library has
 * replayed with peg_jumps_replay before returning them.
 *
 * Dead ends (seed 001 section 7.1, Table 6; seed 003 on T5 and T6).  The
 * goal is one peg at a finish hole, or one peg anywhere
 * (PEG_FINISH_ANYWHERE, problem.h).  A position is winning when the goal can
 * be reached from it.  The engine decides that with a depth-first search
 * memoised on canonical codes (the canonical code is taken over the
 * symmetries that fix the finish hole, or the whole group for
 * PEG_FINISH_ANYWHERE); the memo is shared by every question of one call,
 * so no position is searched twice.  A breadth-first search by level from
 * the start then returns the first losing position: the fewest jumps after
 * which the goal can no longer be reached.  With PEG_FINISH_ANYWHERE this
 * is Bell's "fastest dead board position".
 *
 * Worst games (seed 003).  A dead position (no jump possible) with P pegs
 * reached from a single vacancy took N-1-P jumps, so the most pegs that can
 * be stranded and the fewest jumps to get stuck are one question.  The
 * engine enumerates dead positions with P = N-2, N-3, ... pegs (a line
 * x-y-z with a peg at y must have x and z alike) up to symmetry, and plays
 * each one backwards by the time-reversal trick: the complement of a dead
 * position D reduces to one peg at h exactly when D can be reached from
 * the vacancy h.  The first P whose dead positions reach a vacancy is that
 * vacancy's answer.
 *
 * Odds (seed 000 section 2.3, Table 2).  The exact probability that a
 * random player finishes with one peg, by propagating probability mass
 * forwards level by level over positions up to symmetry (no sampling).
 * Player A picks uniformly among the legal jumps (any board).  Players B
 * and C are defined on Triangle(5) only: B avoids jumps into a corner or
 * out of the interior b3/b4/c4, C avoids jumps that take the SAX count
 * below min(0, SAX of the start); both may break the rule on the first
 * jump when no jump obeys it, and on the last jump (two pegs on the board,
 * which always ends with one peg); otherwise a player with no allowed jump
 * has lost.  The SAX count here is Beasley's F - E form (seed 000,
 * addendum to section 2.3).
 *
 * Ownership: the result structs own their arrays; release them with the
 * matching _release call (which accepts a zeroed struct).
 */
#ifndef PEGSOL_ANALYSE_H
#define PEGSOL_ANALYSE_H

#include "pegsol/board.h"
#include "pegsol/pos.h"
#include "pegsol/problem.h"

#include <stdint.h>

/* Status of the engines: 0 done, or one of these with err filled. */
enum {
	PEG_ANALYSE_EINPUT = -1, /* bad board or position for this engine */
	PEG_ANALYSE_ENOMEM = -2  /* out of memory */
};

/* Is one peg at finish (a hole, or PEG_FINISH_ANYWHERE) reachable from pos?
 * Returns 1 yes, 0 no, or a negative status.  *nodes (may be NULL)
 * receives the number of positions decided. */
int peg_finish_reachable(const struct peg_board *b, const unsigned char *pos,
			 int finish, uint64_t *nodes, struct peg_err *err);

/* The holes where a single peg can still finish from pos: bit h of *mask
 * is set when one peg at h is reachable.  Returns 0 or a negative status. */
int peg_finish_holes(const struct peg_board *b, const unsigned char *pos,
		     peg_u128 *mask, uint64_t *nodes, struct peg_err *err);

struct peg_deadend {
	int start_winning;      /* the goal is reachable from the start */
	int depth;              /* jumps to the first dead end, -1 if none */
	struct peg_jump *jumps; /* depth jumps (replayed), malloc'd */
	peg_u128 end;           /* code of the dead position */
	uint64_t nodes;         /* positions decided by the winning search */
	uint64_t generated;     /* distinct positions of the level search */
};

/* Fastest dead end from start for the goal finish (a hole or
 * PEG_FINISH_ANYWHERE).
 * When the start itself is losing, depth is 0.  When every position that
 * can be reached is winning, depth is -1.  Returns 0 or a negative status. */
int peg_deadend_find(const struct peg_board *b, const unsigned char *start,
		     int finish, struct peg_deadend *out, struct peg_err *err);

/* The same, deciding "still winning" by lookups in the winning sets ws of
 * (b, start, finish) (winsets.h) instead of a search: the answer is the
 * same, and nodes stays 0.  ws NULL = peg_deadend_find. */
struct peg_winsets;
int peg_deadend_find_sets(const struct peg_board *b,
			  const unsigned char *start, int finish,
			  const struct peg_winsets *ws, struct peg_deadend *out,
			  struct peg_err *err);

/* The same with options: ws as for peg_deadend_find_sets (NULL: search),
 * and a progress callback (problem.h; NULL: none) called after each level
 * of the breadth-first search (PEG_PHASE_DEADEND: the distinct positions
 * of the level, and generated so far).  o NULL = peg_deadend_find. */
struct peg_deadend_opts {
	const struct peg_winsets *ws;
	peg_progress_fn *progress;
	void *progress_ctx;
};
int peg_deadend_find_opts(const struct peg_board *b,
			  const unsigned char *start, int finish,
			  const struct peg_deadend_opts *o,
			  struct peg_deadend *out, struct peg_err *err);
void peg_deadend_release(struct peg_deadend *d);

struct peg_strand {
	int vacancy;            /* the starting vacancy (orbit representative
				   or the hole asked for) */
	int pegs;               /* most pegs left with no jump, -1 if none */
	int n_jumps;            /* fewest jumps to get stuck: N - 1 - pegs */
	struct peg_jump *jumps; /* the worst game (replayed), malloc'd */
	peg_u128 end;           /* code of the dead position */
};

struct peg_strand_result {
	int n;                  /* entries in v */
	struct peg_strand *v;   /* one per vacancy, by hole index */
	uint64_t nodes;         /* enumeration nodes + backward positions */
	uint64_t dead;          /* dead positions examined (up to symmetry) */
};

/* Worst games from one vacancy (a hole) or, with vacancy -1, from every
 * starting vacancy up to symmetry.  Returns 0 or a negative status. */
int peg_strand_find(const struct peg_board *b, int vacancy,
		    struct peg_strand_result *out, struct peg_err *err);
void peg_strand_release(struct peg_strand_result *r);

enum peg_player {
	PEG_PLAYER_A, /* uniform over legal jumps */
	PEG_PLAYER_B, /* rule of thumb (Triangle(5)) */
	PEG_PLAYER_C  /* follows the SAX count (Triangle(5)) */
};

struct peg_odds {
	long double p;    /* probability of finishing with one peg */
	char *exact;      /* "num/den" when asked for, malloc'd, else NULL */
	uint64_t nodes;   /* positions expanded (up to symmetry) */
	int max_level;    /* largest level (positions with the same pegs) */
};

/* Odds of finishing with one peg from start for the given player.  With
 * exact != 0 the probability is also computed as a GMP rational.  Returns
 * 0 or a negative status (PEG_ANALYSE_EINPUT for player B or C off
 * Triangle(5)). */
int peg_odds_compute(const struct peg_board *b, const unsigned char *start,
		     enum peg_player player, int exact, struct peg_odds *out,
		     struct peg_err *err);
void peg_odds_release(struct peg_odds *o);

/* The SAX count of a Triangle(5) position (seed 000 section 2.3 and its
 * addendum: fodder pegs minus exits still owed to the six regions).
 * Returns INT32_MIN when b is not Triangle(5). */
int peg_analyse_sax5(const struct peg_board *b, uint64_t code);

#endif
