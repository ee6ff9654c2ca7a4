/* play_tui.h - the terminal game's screen (play_tui.c): the state of the
 * face and its drawing; cmd_play.c holds the keys and calls the game
 * service (play.h). */
#ifndef PEGSOL_CLI_PLAY_TUI_H
#define PEGSOL_CLI_PLAY_TUI_H

#include "pegsol/play.h"

#include <stdint.h>

enum tui_hints { HINTS_OFF, HINTS_WINNABLE, HINTS_GOOD, HINTS_ALL };

#define EDIT_ROUNDS 100 /* editor: search chunks before giving up */

struct tui {
	struct peg_game *g;
	struct peg_play_state st; /* the position described */
	enum tui_hints hints;
	struct peg_jump good;     /* HINTS_GOOD: one winning jump, from -1 */
	const char *save_path;
	int curses;               /* the screen is up: no stderr */
	/* puzzles */
	enum peg_puzzle_level level;
	uint64_t seed;
	char pzinfo[200];
	/* fewest moves from the start: -2 not asked, -1 none, -3 unknown */
	int opt;
	char optinfo[200];
	/* the board editor */
	int editing;
	unsigned char *edit;
	enum peg_verdict ev;
	int erounds;
	char einfo[400];
	int help;
	char msg[256];
	/* the computer's Solve took over at this many jumps (-1: never):
	 * a win past it earns no "optimal!" credit */
	int computer;
	/* the screen place of each hole: board row and column, the board's
	 * size in them, and where tui_draw put it (top, left: the screen
	 * place of row vtop, column vleft; a board bigger than the screen
	 * scrolls with the cursor) */
	int *row, *col;
	int rows, cols;
	int top, left, vtop, vleft;
	int cropped;              /* the last draw showed part of the board */
	int cursor, sel;          /* hole indices, sel -1 = none */
};

/* Screen places of the board's holes (t->row, t->col allocated). */
void tui_layout(struct tui *t);
/* The same for any board: row and column of each hole (arrays of
 * n_holes), and the board's size in rows and columns. */
void tui_place(const struct peg_board *b, int *row, int *col, int *rows,
	       int *cols);
/* One line at (y, x) cut to the screen (printf format). */
void tui_put(int y, int x, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The nearest hole from cursor in direction (dr, dc) over places row/col. */
int tui_step_at(const int *row, const int *col, int n, int cursor, int dr,
		int dc);

/* Draw the whole screen. */
void tui_draw(struct tui *t);

/* Nearest hole from the cursor in a direction (dr, dc). */
int tui_step(const struct tui *t, int dr, int dc);

/* The hole drawn at screen (y, x), or -1. */
int tui_hole_at(const struct tui *t, int y, int x);

/* Colours and keys of the screen once initscr() ran. */
void tui_start(void);

/* The key loop until q (play_keys.c); the board editor's analysis of
 * t->edit (restart: a new position, else the search goes on). */
void tui_loop(struct tui *t);
void tui_edit_analyse(struct tui *t, int restart);

/* The actions the keys call (cmd_play.c). */
void play_reattach(struct tui *t);
void play_after_change(struct tui *t);
void play_act(struct tui *t, int h);
int play_full_board(const struct tui *t);
void play_animate(struct tui *t);
void play_solve(struct tui *t);
void play_hint(struct tui *t);
void play_fewest(struct tui *t, int asked);
void play_new_puzzle(struct tui *t);

/* pegsol tricolor play (tricolor_play.c): argv[0] is "play". */
int tricolor_play(int argc, char **argv);

#endif
