/* solution.h - solutions as jump lists: parsing Bell's move notation and the
 * integer-pair notation of OEIS A120422, replaying, printing.
 *
 * A move is one peg's consecutive jumps, written as the path of holes it
 * visits: "c3-a3-a1".  A solution is a list of moves separated by commas,
 * semicolons or new lines ("a3-a1, c3-a3, ...").  The integer-pair notation
 * lists each jump as two 1-based hole numbers (from, to): "4 1 6 4 ...".
 *
 * Parsing gives the paths; replaying resolves each step into a jump (the
 * hole jumped over is the one between, or on a graph board the unique
 * pegged middle hole) and checks it against the position.
 */
#ifndef PEGSOL_SOLUTION_H
#define PEGSOL_SOLUTION_H

#include "pegsol/board.h"

/* Parsed solution text: moves as paths of hole indices. */
struct peg_moves {
	int n_moves;
	int *len;   /* holes in each move's path (>= 2) */
	int **path; /* path[m][0..len[m]-1] */
};

void peg_moves_free(struct peg_moves *m);

/* Parse Bell notation or integer pairs (detected: only digits and
 * separators).  Returns 0, or -1 with err naming the bad token. */
int peg_moves_parse(const struct peg_board *b, const char *text,
		    struct peg_moves *out, struct peg_err *err);

/* Replay moves from pegs (modified in place).  On success fills *jumps
 * (malloc'd) and *n_jumps and returns 0.  On an illegal jump returns -1 with
 * err saying which move, which jump and why; pegs then holds the position
 * before the bad jump and *n_jumps the number of jumps played. */
int peg_moves_replay(const struct peg_board *b, const struct peg_moves *mv,
		     unsigned char *pegs, struct peg_jump **jumps, int *n_jumps,
		     struct peg_err *err);

/* Check a jump list from a start position: 0 when every jump is legal, else
 * -1 with err; pegs is modified in place to the final position. */
int peg_jumps_replay(const struct peg_board *b, const struct peg_jump *jumps,
		     int n, unsigned char *pegs, struct peg_err *err);

/* Number of moves in a jump list (consecutive jumps by the same peg). */
int peg_jumps_count_moves(const struct peg_jump *jumps, int n);

/* Bell notation "a3-a1, c3-a3-a1" (malloc'd). */
char *peg_jumps_format(const struct peg_board *b, const struct peg_jump *jumps,
		       int n);

/* Integer pairs "4 1 6 4 ..." with 1-based hole numbers (malloc'd). */
char *peg_jumps_format_pairs(const struct peg_jump *jumps, int n);

/* Is jump j legal in pegs? */
static inline int peg_jump_legal(const unsigned char *pegs,
				 const struct peg_jump *j)
{
	return pegs[j->from] && pegs[j->over] && !pegs[j->to];
}

static inline void peg_jump_apply(unsigned char *pegs,
				  const struct peg_jump *j)
{
	pegs[j->from] = 0;
	pegs[j->over] = 0;
	pegs[j->to] = 1;
}

static inline void peg_jump_undo(unsigned char *pegs, const struct peg_jump *j)
{
	pegs[j->from] = 1;
	pegs[j->over] = 1;
	pegs[j->to] = 0;
}

#endif
