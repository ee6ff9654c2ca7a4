/* session.h - a game in progress: the history layer of the game service
 * (play.h, the "midend" of Simon Tatham's puzzles, which both games call;
 * a struct peg_game owns one session).
 *
 * A session owns a board, a start position, a goal and a history of jumps
 * with a cursor:
 *
 *     hist[0] ... hist[cur-1]   played        (undo walks back to start)
 *     hist[cur] ... hist[n-1]   undone        (redo walks forward)
 *
 * Playing a jump at the cursor drops the redo tail unless it is the very
 * jump redo would play.  Reset moves the cursor to 0 and keeps the history
 * for redo.  A move is consecutive jumps by one peg (solution.h).
 *
 * The game id is one line of text that saves everything:
 *
 *     SPEC;START;GOAL;PLAYED[;FUTURE]
 *
 *   SPEC    the board spec ("triangle:5"), as peg_board_parse reads it
 *   START   "full", "empty:a1,..." or "pegs:a1,..." (peg_pos_parse)
 *   GOAL    "anywhere", "complement" or a hole name (oracle.h)
 *   PLAYED  the played jumps in Bell notation, moves merged ("c3-a3-a1")
 *   FUTURE  the redo tail from the current position, same notation
 *
 * SPEC may itself contain ';' (a file path): the last fields are read from
 * the right.  Everything in it is checked on load: a bad id gives an error,
 * never a half-loaded game.
 */
#ifndef PEGSOL_SESSION_H
#define PEGSOL_SESSION_H

#include "pegsol/board.h"
#include "pegsol/oracle.h"

struct peg_session {
	struct peg_board *b;    /* owned */
	unsigned char *start;   /* n_holes */
	unsigned char *pegs;    /* the current position */
	struct peg_goal goal;
	struct peg_jump *hist;  /* n_hist jumps, cur of them played */
	int n_hist, cur, cap;
};

/* A new session on board b (ownership passes to the session, also on
 * failure) from start (copied).  Returns NULL with err filled. */
struct peg_session *peg_session_new(struct peg_board *b,
				    const unsigned char *start,
				    const struct peg_goal *goal,
				    struct peg_err *err);

/* Build from a board spec, a start position text (NULL = full board), a
 * list of holes to vacate (NULL = none) and a goal text (NULL =
 * "anywhere"). */
struct peg_session *peg_session_create(const char *spec, const char *position,
				       const char *vacate, const char *goal,
				       struct peg_err *err);

/* The same refusing, from the spec alone and before anything is built, a
 * board of more than max_holes holes (0 = no limit). */
struct peg_session *peg_session_create_max(const char *spec,
					   const char *position,
					   const char *vacate,
					   const char *goal, int max_holes,
					   struct peg_err *err);

void peg_session_free(struct peg_session *s);

/* Play jump j (must be legal in the current position): 0 or -1 with err. */
int peg_session_play(struct peg_session *s, const struct peg_jump *j,
		     struct peg_err *err);

/* Play the jump from hole `from` to hole `to`; -1 with err if there is no
 * such legal jump. */
int peg_session_play_holes(struct peg_session *s, int from, int to,
			   struct peg_err *err);

/* Undo / redo one jump; return 0, or -1 when at the start / end. */
int peg_session_undo(struct peg_session *s);
int peg_session_redo(struct peg_session *s);

/* Back to the start position, keeping the history for redo. */
void peg_session_reset(struct peg_session *s);

/* Replace the redo tail with jumps (checked from the current position). */
int peg_session_set_future(struct peg_session *s, const struct peg_jump *j,
			   int n, struct peg_err *err);

/* Parse a solution text (Bell notation or integer pairs) and make it the
 * redo tail from the current position, so redo replays it. */
int peg_session_load_moves(struct peg_session *s, const char *text,
			   struct peg_err *err);

int peg_session_jumps(const struct peg_session *s); /* jumps played */
int peg_session_moves(const struct peg_session *s); /* moves played */
int peg_session_pegs(const struct peg_session *s);  /* pegs on the board */

/* Is the goal reached (one peg, at the goal hole when there is one)? */
int peg_session_won(const struct peg_session *s);

/* Number of legal jumps in the current position (0 = game over). */
int peg_session_n_legal(const struct peg_session *s);

/* The game id (malloc'd); with_future adds the redo tail. */
char *peg_session_save(const struct peg_session *s, int with_future);

/* Load a game id.  Returns NULL with err filled on any bad field. */
struct peg_session *peg_session_load(const char *id, struct peg_err *err);

/* The same with a limit on the board's holes (peg_session_create_max). */
struct peg_session *peg_session_load_max(const char *id, int max_holes,
					 struct peg_err *err);

/* The start position as text: "full", "empty:..." or "pegs:..." whichever
 * is shortest (malloc'd). */
char *peg_session_position_text(const struct peg_board *b,
				const unsigned char *pegs);

#endif
