/* tricolor_play.c - pegsol tricolor play: the three-colour game (seed 004)
 * in the terminal.  A thin face: the game, its history and every answer
 * come from the library (trigame.h); this file draws and reads keys. */
#include "cli.h"
#include "play_tui.h"

#include "pegsol/trigame.h"

#include <curses.h>
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char usage[] =
	"usage: pegsol tricolor play BOARD [--position P | --vacate H]\n"
	"                            [--seed S] [--max-states N]\n\n"
	"Play three-colour peg solitaire (seed 004) in the terminal: a jump\n"
	"over a peg of the same colour turns it to the other colour, over the\n"
	"other colour removes it; the goal is one peg anywhere.  The start is\n"
	"P (tricolor notation: 1, 2 and . per hole) or a random colouring\n"
	"from seed S (default: the clock; printed) with H empty (default: a\n"
	"hole drawn from S).  Keys: arrows move, Enter or space selects a\n"
	"peg and jumps, Esc deselects, u undo, r redo, R back to the start,\n"
	"h hints on/off (+ a jump that keeps a win, X one that loses, ? not\n"
	"decided: exact on boards of up to 16 holes, else each jump searched\n"
	"with a share of --max-states), s solve from here (animated), q quit.\n"
	"\"still solvable\" comes from the retrograde table up to 16 holes,\n"
	"else from a search of at most --max-states states (default 2\n"
	"million): past it the answer is \"unknown\".\n";

struct tview {
	struct peg_trigame *g;
	const struct peg_board *b;
	int *row, *col, rows, cols;
	int cursor, sel, hints;
	enum peg_trigame_verdict v;
	uint64_t nodes;
	signed char *jv; /* jump verdicts of this position, -1 not asked */
	char msg[300];
};

static const char *verdict_name(enum peg_trigame_verdict v)
{
	return v == PEG_TRIGAME_WIN ? "yes" : v == PEG_TRIGAME_LOSE ? "no"
								    : "unknown (budget)";
}

/* The position changed: its verdict, and no jump verdict asked yet (a
 * searched one costs a share of the budget: asked once, not a redraw). */
static void analyse(struct tview *t)
{
	t->v = peg_trigame_verdict(t->g, &t->nodes);
	memset(t->jv, -1, (size_t)t->b->n_jumps);
}

/* The glyph of hole h and its colour pair. */
static char glyph(struct tview *t, int h, int *pair)
{
	const unsigned char *c = peg_trigame_colors(t->g);
	int k;

	*pair = 0;
	if (t->sel >= 0 && !c[h] &&
	    (k = peg_trigame_legal(t->g, t->sel, h)) >= 0) {
		enum peg_trigame_verdict v = PEG_TRIGAME_UNKNOWN;

		if (t->hints) {
			if (t->jv[k] < 0)
				t->jv[k] = (signed char)peg_trigame_jump_verdict(
					t->g, k);
			v = (enum peg_trigame_verdict)t->jv[k];
		}

		*pair = v == PEG_TRIGAME_WIN ? 3 : v == PEG_TRIGAME_LOSE ? 2 : 4;
		return v == PEG_TRIGAME_WIN ? '+' : v == PEG_TRIGAME_LOSE ? 'X'
									  : '*';
	}
	if (!c[h])
		return '.';
	*pair = c[h] == 1 ? 1 : 2;
	return (char)('0' + c[h]);
}

static void draw(struct tview *t)
{
	int top = 2, left = 3, y;

	erase();
	tui_put(0, 0, "pegsol tricolor play: %s, three colours", t->b->title);
	for (int h = 0; h < t->b->n_holes; h++) {
		int pair, attr;
		char ch = glyph(t, h, &pair);

		if (top + t->row[h] >= LINES - 5 || left + t->col[h] >= COLS - 1)
			continue;
		attr = has_colors() && pair ? COLOR_PAIR(pair) : 0;
		if (h == t->sel)
			attr |= A_BOLD | A_UNDERLINE;
		if (h == t->cursor)
			attr |= A_REVERSE;
		attron(attr);
		mvaddch(top + t->row[h], left + t->col[h], ch);
		attroff(attr);
	}
	y = top + t->rows + 1;
	if (y > LINES - 5)
		y = LINES - 5;
	{
		char cur[64];

		tui_put(y++, 0, "jumps %d   pegs %d   cursor %s%s",
			peg_trigame_jumps(t->g), peg_trigame_pegs(t->g),
			peg_board_hole_name(t->b, t->cursor, cur, sizeof(cur)),
			peg_trigame_can_redo(t->g) ? "   (redo available)" : "");
	}
	if (peg_trigame_won(t->g))
		tui_put(y++, 0, "SOLVED: one peg left. u undo, q quit");
	else if (!peg_trigame_n_legal(t->g))
		tui_put(y++, 0, "GAME OVER: no jump left with %d pegs",
			peg_trigame_pegs(t->g));
	else if (peg_trigame_has_table(t->g))
		tui_put(y++, 0, "still solvable: %s  (exact table)",
			verdict_name(t->v));
	else
		tui_put(y++, 0, "still solvable: %s  (%llu states searched)",
			verdict_name(t->v), (unsigned long long)t->nodes);
	tui_put(y++, 0, "%s", t->msg);
	tui_put(y++, 0, "1 2 pegs  . hole  %s",
		t->hints ? "+ a jump that keeps a win  X one that loses"
			 : "* a landing hole");
	tui_put(y, 0, "u undo  r redo  R reset  s solve  h hints  q quit");
	move(top + t->row[t->cursor], left + t->col[t->cursor]);
	refresh();
}

static void act(struct tview *t)
{
	struct peg_err err;
	const unsigned char *c = peg_trigame_colors(t->g);

	t->msg[0] = 0;
	if (t->sel >= 0 && peg_trigame_legal(t->g, t->sel, t->cursor) >= 0) {
		if (peg_trigame_play(t->g, t->sel, t->cursor, &err))
			snprintf(t->msg, sizeof(t->msg), "%s", err.msg);
		t->sel = peg_trigame_legal(t->g, t->cursor, -1) >= 0 ? t->cursor
								     : -1;
		analyse(t);
	} else if (c[t->cursor] && t->cursor != t->sel &&
		   peg_trigame_legal(t->g, t->cursor, -1) >= 0) {
		t->sel = t->cursor;
	} else {
		if (c[t->cursor] && t->cursor != t->sel)
			snprintf(t->msg, sizeof(t->msg), "that peg cannot jump");
		t->sel = -1;
	}
}

static void solve(struct tview *t)
{
	int *jumps, n;
	enum peg_trigame_verdict v;

	snprintf(t->msg, sizeof(t->msg), "searching...");
	draw(t);
	v = peg_trigame_solve(t->g, &jumps, &n);
	free(jumps);
	if (v != PEG_TRIGAME_WIN) {
		snprintf(t->msg, sizeof(t->msg), "%s",
			 v == PEG_TRIGAME_LOSE
				 ? "no one-peg finish from here"
				 : "no solution found within --max-states");
		return;
	}
	t->sel = -1;
	for (int i = 0; i < n && !peg_trigame_redo(t->g); i++) {
		struct timespec ts = {0, 120 * 1000000L};

		analyse(t);
		snprintf(t->msg, sizeof(t->msg), "solving from here: %d jumps",
			 n);
		draw(t);
		nanosleep(&ts, NULL);
	}
	analyse(t);
}

static void loop(struct tview *t)
{
	for (;;) {
		int ch;
		MEVENT ev;

		draw(t);
		ch = getch();
		switch (ch) {
		case 'q':
		case 'Q':
			return;
		case KEY_UP:
		case KEY_DOWN:
		case KEY_LEFT:
		case KEY_RIGHT:
			t->cursor = tui_step_at(
				t->row, t->col, t->b->n_holes, t->cursor,
				ch == KEY_UP ? -1 : ch == KEY_DOWN ? 1 : 0,
				ch == KEY_LEFT ? -1 : ch == KEY_RIGHT ? 1 : 0);
			break;
		case KEY_MOUSE:
			if (getmouse(&ev) == OK &&
			    (ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)))
				for (int h = 0; h < t->b->n_holes; h++)
					if (2 + t->row[h] == ev.y &&
					    abs(3 + t->col[h] - ev.x) <= 1) {
						t->cursor = h;
						act(t);
					}
			break;
		case '\n':
		case '\r':
		case ' ':
		case KEY_ENTER:
			act(t);
			break;
		case 27:
			t->sel = -1;
			break;
		case 'u':
		case 'r':
		case 'R':
			t->sel = -1;
			if (ch == 'R')
				peg_trigame_reset(t->g);
			snprintf(t->msg, sizeof(t->msg), "%s",
				 ch == 'u' && peg_trigame_undo(t->g)
					 ? "at the start"
				 : ch == 'r' && peg_trigame_redo(t->g)
					 ? "nothing to redo"
				 : ch == 'R' ? "back at the start (r redoes)"
					     : "");
			analyse(t);
			break;
		case 'h':
			t->hints = !t->hints;
			snprintf(t->msg, sizeof(t->msg), "hints %s%s",
				 t->hints ? "on" : "off",
				 t->hints && !peg_trigame_has_table(t->g)
					 ? " (searched: ? not decided)"
					 : "");
			break;
		case 's':
			solve(t);
			break;
		default:
			break;
		}
	}
}

int tricolor_play(int argc, char **argv)
{
	const char *pos[1], *position = NULL, *vacate = NULL, *seed_s = NULL;
	int np, r, max_states = 0;
	struct cli_opt opts[] = {{"--position", CLI_STRING, &position},
				 {"--vacate", CLI_STRING, &vacate},
				 {"--seed", CLI_STRING, &seed_s},
				 {"--max-states", CLI_INT, &max_states}};
	struct tview t = {0};
	struct peg_err err;
	unsigned long long seed;
	char *end = NULL, *text = NULL;

	r = cli_parse(argc, argv, opts, 4, pos, 1, &np, usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	if (!np) {
		cli_error("missing BOARD (try 'pegsol tricolor play --help')");
		return EXIT_USAGE;
	}
	if (position && vacate) {
		cli_error("give --position or --vacate, not both");
		return EXIT_USAGE;
	}
	if (max_states < 0) {
		cli_error("bad --max-states %d", max_states);
		return EXIT_USAGE;
	}
	seed = (unsigned long long)time(NULL);
	if (seed_s) {
		errno = 0;
		seed = strtoull(seed_s, &end, 10);
		if (!*seed_s || *end || errno || *seed_s == '-') {
			cli_error("bad --seed '%s'", cli_q(seed_s));
			return EXIT_USAGE;
		}
	}
	if (position) {
		text = cli_text_arg(position); /* "@FILE" or the text */
		if (!text)
			return cli_exit_code();
		position = text;
	}
	t.g = peg_trigame_new(pos[0], position, vacate, seed,
			      (uint64_t)max_states, &err);
	free(text);
	if (!t.g)
		return cli_fail(err.msg, 0);
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		peg_trigame_free(t.g);
		cli_error("the terminal game needs a terminal");
		return EXIT_USAGE;
	}
	t.b = peg_trigame_board(t.g);
	t.row = calloc((size_t)t.b->n_holes, sizeof(int));
	t.col = calloc((size_t)t.b->n_holes, sizeof(int));
	t.jv = malloc((size_t)t.b->n_jumps + 1);
	if (!t.row || !t.col || !t.jv) {
		free(t.row);
		free(t.col);
		free(t.jv);
		peg_trigame_free(t.g);
		return cli_oom();
	}
	tui_place(t.b, t.row, t.col, &t.rows, &t.cols);
	t.sel = -1;
	t.hints = 1;
	if (!position)
		snprintf(t.msg, sizeof(t.msg), "random start, seed %llu", seed);
	analyse(&t);
	setlocale(LC_ALL, "");
	if (!initscr()) {
		free(t.row);
		free(t.col);
		free(t.jv);
		peg_trigame_free(t.g);
		cli_error("cannot start the terminal");
		return EXIT_RESOURCES;
	}
	tui_start();
	loop(&t);
	endwin();
	free(t.row);
	free(t.col);
	free(t.jv);
	peg_trigame_free(t.g);
	return EXIT_YES;
}
