/* problem.h - the one vocabulary of what is asked: a start and a goal.
 *
 * Every engine and face speaks of goals with these types:
 *
 *   enum peg_goal_kind   what counts as finished
 *   struct peg_goal      a one-peg goal: anywhere, at the start vacancy
 *                        (complement) or at a chosen hole; the oracle,
 *                        sessions, lines and puzzles take it
 *   struct peg_problem   a start position and a goal that is either one
 *                        peg anywhere or an exact final position; solve,
 *                        sets and count take it
 *   int finish           analyse.h, shortest.h, heuristic.h and winsets.h
 *                        take the finishing hole alone: a hole index, or
 *                        PEG_FINISH_ANYWHERE (peg_goal_finish converts)
 *
 * Positions are n_holes bytes (1 = peg); the arrays are not owned.
 */
#ifndef PEGSOL_PROBLEM_H
#define PEGSOL_PROBLEM_H

#include "pegsol/board.h"

#include <stddef.h>
#include <stdint.h>

enum peg_goal_kind {
	PEG_GOAL_ANYWHERE,   /* one peg, anywhere */
	PEG_GOAL_COMPLEMENT, /* one peg at the start vacancy (hole set) */
	PEG_GOAL_HOLE,       /* one peg at a chosen hole */
	PEG_GOAL_POSITION    /* exactly the pegs of peg_problem.finish */
};

/* A one-peg goal (kind ANYWHERE, COMPLEMENT or HOLE). */
struct peg_goal {
	enum peg_goal_kind kind;
	int hole; /* the finishing hole; -1 for PEG_GOAL_ANYWHERE */
};

/* The finishing hole of the analyse and shortest engines for "anywhere". */
#define PEG_FINISH_ANYWHERE (-1)

/* g as a finishing hole: its hole, or PEG_FINISH_ANYWHERE. */
static inline int peg_goal_finish(const struct peg_goal *g)
{
	return g->kind == PEG_GOAL_ANYWHERE ? PEG_FINISH_ANYWHERE : g->hole;
}

/* A problem of the exhaustive engines: goal is PEG_GOAL_ANYWHERE or
 * PEG_GOAL_POSITION (then finish holds the final position). */
struct peg_problem {
	const unsigned char *start;
	enum peg_goal_kind goal;
	const unsigned char *finish; /* PEG_GOAL_POSITION only */
};

/* Parse a goal: "anywhere", "complement" (needs start with exactly one
 * empty hole; start may be NULL for the other forms) or a hole ("a1",
 * "(0,0)", "#1").  Returns 0, or -1 with err filled. */
int peg_goal_parse(const struct peg_board *b, const char *text,
		   const unsigned char *start, struct peg_goal *out,
		   struct peg_err *err);

/* "anywhere", "complement" or the hole name, into buf; returns buf. */
char *peg_goal_format(const struct peg_board *b, const struct peg_goal *g,
		      char *buf, size_t size);

/* Is a position with the given pegs a finished win for the goal? */
int peg_goal_reached(const struct peg_goal *g, const unsigned char *pegs,
		     int n_holes);

/* Progress of a long engine call (pegsol --progress).  The engines that
 * take a progress callback (sets.h, count.h, analyse.h) call it on the
 * calling thread after each level they finish, never per position: a NULL
 * callback costs one test a level, and no result or node count depends on
 * it.  The callback must not call back into the engine. */
enum peg_phase {
	PEG_PHASE_FORWARD,  /* forward sets F_n (sets.h) */
	PEG_PHASE_BACKWARD, /* backward sets, as the forward sets G_n */
	PEG_PHASE_WINNING,  /* winning sets W_n */
	PEG_PHASE_LOSERS,   /* one-jump losers L_n */
	PEG_PHASE_LIFT,     /* the exact sets rebuilt inside W (sets.h) */
	PEG_PHASE_COUNT,    /* the count walk (count.h) */
	PEG_PHASE_DEADEND   /* the dead-end level search (analyse.h) */
};

struct peg_progress {
	enum peg_phase phase;
	int pegs;            /* the level just finished, by pegs */
	uint64_t positions;  /* positions in that level */
	uint64_t total;      /* positions of the phase so far */
	int partitions;      /* sets: the most disk partitions a level used so
				far (0: all in memory) */
	uint64_t disk_bytes; /* sets: bytes written to temporary files */
};

/* The callback of the engines' options: ctx is theirs (progress_ctx). */
typedef void peg_progress_fn(void *ctx, const struct peg_progress *p);

#endif
