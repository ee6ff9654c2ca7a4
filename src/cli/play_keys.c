/* play_keys.c - the terminal game's keys (play_tui.h): the key loop,
 * the mouse, a typed move (:), saving the game id (w) and the board
 * editor's mode; the other actions they call are in
 * cmd_play.c, over the game service (play.h). */
#include "play_tui.h"

#include "pegsol/afile.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EDIT_CHUNK 200000L /* editor: nodes searched between key polls */

/* ':' then a move "c3-a3-a1" or a hole to select. */
static void play_command(struct tui *t)
{
	char line[200];
	struct peg_err err;
	int h;

	mvprintw(LINES - 1, 0, ":");
	clrtoeol();
	echo();
	curs_set(1);
	getnstr(line, sizeof(line) - 1);
	noecho();
	t->msg[0] = 0;
	if (!strchr(line, '-') && !strchr(line, ',')) {
		h = peg_board_parse_hole(t->g->s->b, line, &err);
		if (h < 0) {
			snprintf(t->msg, sizeof(t->msg), "%s", err.msg);
			return;
		}
		t->cursor = h;
		if (t->editing)
			return;
		t->sel = -1;
		play_act(t, h);
		return;
	}
	if (t->editing)
		return;
	h = peg_game_play_text(t->g, line, &err);
	if (h)
		snprintf(t->msg, sizeof(t->msg), "%s", err.msg);
	if (h == -1)
		return; /* nothing played */
	t->sel = -1;
	play_after_change(t);
}

/* Written atomically (afile.h): a full disk keeps the old save. */
static void play_save(struct tui *t)
{
	char *id = peg_game_id(t->g);
	struct peg_afile *f;
	struct peg_err err;
	int r = -1;

	snprintf(err.msg, sizeof(err.msg), "out of memory");
	if (id && !peg_afile_open(t->save_path, &f, &err)) {
		peg_afile_printf(f, "%s\n", id);
		r = peg_afile_commit(f, &err);
	}
	if (r)
		snprintf(t->msg, sizeof(t->msg), "%s", err.msg);
	else
		snprintf(t->msg, sizeof(t->msg), "saved to %s", t->save_path);
	free(id);
}

/* ---- the board editor ---- */

/* The class at once; the search verdict in chunks between key polls. */
void tui_edit_analyse(struct tui *t, int restart)
{
	const struct peg_board *b = t->g->s->b;
	struct peg_play_analysis an;
	struct peg_err err;
	char name[32], holes[200] = "";
	size_t len = 0;
	long budget;
	int oracle = peg_game_has_oracle(t->g);
	const char *verdict;

	if (restart) {
		t->ev = PEG_UNKNOWN;
		t->erounds = 0;
	}
	budget = t->ev == PEG_UNKNOWN && oracle && t->erounds < EDIT_ROUNDS
			 ? EDIT_CHUNK
			 : 0;
	if (peg_play_analyse(t->g->ctx, b, t->edit, &t->g->s->goal, budget,
			     0, 1, &an, &err))
		return;
	for (int h = 0; h < b->n_holes && an.n_finish > 0; h++)
		if (an.finish[h] && len + 8 < sizeof(holes)) {
			peg_board_hole_name(b, h, name, sizeof(name));
			len += (size_t)snprintf(holes + len, sizeof(holes) - len,
						"%s%s", len ? " " : "", name);
		}
	if (an.class_lose) {
		t->ev = PEG_LOSE;
	} else if (budget) {
		t->erounds++;
		t->ev = an.verdict >= 0 ? (enum peg_verdict)an.verdict
					: PEG_UNKNOWN;
	}
	verdict = t->ev == PEG_WIN    ? "solvable"
		  : t->ev == PEG_LOSE ? (an.class_lose ? "not solvable (class)"
						       : "not solvable")
		  : !oracle			? "no search past 63 holes"
		  : t->erounds >= EDIT_ROUNDS ? "undecided"
					      : "searching...";
	if (an.have_class)
		snprintf(t->einfo, sizeof(t->einfo),
			 "class %s, a last peg can be at: %s   search: %s",
			 an.class_name, an.n_finish > 0 ? holes : "no hole",
			 verdict);
	else
		snprintf(t->einfo, sizeof(t->einfo), "search: %s", verdict);
	peg_play_analysis_release(&an);
}

static void edit_start(struct tui *t)
{
	memcpy(t->edit, t->g->s->pegs, (size_t)t->g->s->b->n_holes);
	t->editing = 1;
	t->sel = -1;
	t->msg[0] = 0;
	tui_edit_analyse(t, 1);
}

/* 'e' in the editor: a new game from the edited position (the goal hole
 * stays; "complement" becomes that hole). */
static void edit_play(struct tui *t)
{
	struct peg_err err;

	t->editing = 0;
	if (peg_game_restart(t->g, t->edit, &err)) {
		snprintf(t->msg, sizeof(t->msg), "%s", err.msg);
		return;
	}
	play_reattach(t);
	t->pzinfo[0] = 0;
	snprintf(t->msg, sizeof(t->msg), "playing the edited position");
	play_after_change(t);
}

/* Keys in the editor; returns 1 when handled. */
static int edit_key(struct tui *t, int ch)
{
	int n = t->g->s->b->n_holes;

	switch (ch) {
	case '\n':
	case '\r':
	case ' ':
	case KEY_ENTER:
		t->edit[t->cursor] = !t->edit[t->cursor];
		break;
	case 'c':
		memset(t->edit, 0, (size_t)n);
		break;
	case 'F':
		memset(t->edit, 1, (size_t)n);
		break;
	case 'e':
		edit_play(t);
		return 1;
	case 27:
		t->editing = 0;
		snprintf(t->msg, sizeof(t->msg), "editor left, game unchanged");
		return 1;
	default:
		return 0;
	}
	tui_edit_analyse(t, 1);
	return 1;
}

static void mouse(struct tui *t)
{
	MEVENT ev;
	int h;

	if (getmouse(&ev) != OK ||
	    !(ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED)))
		return;
	h = tui_hole_at(t, ev.y, ev.x);
	if (h < 0)
		return;
	t->cursor = h;
	if (ev.bstate & BUTTON1_RELEASED)
		return;
	if (t->editing)
		edit_key(t, ' ');
	else
		play_act(t, h);
}

/* Keys that move the cursor or work in every mode: 1 handled, 0 not,
 * -1 quit. */
static int common_key(struct tui *t, int ch)
{
	static const struct {
		int key, pad, dr, dc; /* an arrow, its keypad digit */
	} arrows[] = {{KEY_UP, '8', -1, 0},
		      {KEY_DOWN, '2', 1, 0},
		      {KEY_LEFT, '4', 0, -1},
		      {KEY_RIGHT, '6', 0, 1}};

	for (int i = 0; i < 4; i++)
		if (ch == arrows[i].key || ch == arrows[i].pad) {
			t->cursor = tui_step(t, arrows[i].dr, arrows[i].dc);
			return 1;
		}
	switch (ch) {
	case KEY_HOME:
		t->cursor = 0;
		return 1;
	case KEY_END:
		t->cursor = t->g->s->b->n_holes - 1;
		return 1;
	case KEY_MOUSE:
		mouse(t);
		return 1;
	case ':':
		play_command(t);
		return 1;
	case '?':
		t->help = !t->help;
		return 1;
	case 'q':
	case 'Q':
		return -1;
	default:
		return 0;
	}
}

/* u, r, R: through the game's history. */
static void history_key(struct tui *t, int ch)
{
	t->sel = -1;
	if (ch == 'u')
		snprintf(t->msg, sizeof(t->msg), "%s",
			 peg_game_undo(t->g) ? "at the start" : "");
	else if (ch == 'r')
		snprintf(t->msg, sizeof(t->msg), "%s",
			 peg_game_redo(t->g) ? "nothing to redo" : "");
	else {
		peg_game_reset(t->g);
		snprintf(t->msg, sizeof(t->msg),
			 "back at the start (r redoes)");
	}
	play_after_change(t);
}

static void game_key(struct tui *t, int ch)
{
	switch (ch) {
	case '\n':
	case '\r':
	case ' ':
	case KEY_ENTER:
		play_act(t, t->cursor);
		break;
	case 27:
		t->sel = -1;
		break;
	case 'u':
	case 'r':
	case 'R':
		history_key(t, ch);
		break;
	case 'h':
		play_hint(t);
		break;
	case 'H':
		t->hints = (t->hints + 1) % 4;
		play_after_change(t);
		break;
	case 's':
		play_solve(t);
		break;
	case 'a':
		play_animate(t);
		break;
	case 'f':
		play_fewest(t, 1);
		break;
	case 'p':
		play_new_puzzle(t);
		break;
	case 'd':
		t->level = t->level >= PEG_PUZZLE_HARD ? PEG_PUZZLE_EASY
						       : t->level + 1;
		snprintf(t->msg, sizeof(t->msg),
			 "puzzle difficulty: %s (p makes one)",
			 peg_puzzle_level_name(t->level));
		break;
	case 'e':
		edit_start(t);
		break;
	case 'w':
		play_save(t);
		break;
	default:
		break;
	}
}

void tui_loop(struct tui *t)
{
	int ch, r;

	for (;;) {
		tui_draw(t);
		/* the editor's search goes on between keys */
		timeout(t->editing && t->ev == PEG_UNKNOWN &&
				peg_game_has_oracle(t->g) &&
				t->erounds < EDIT_ROUNDS
			? 20
			: -1);
		ch = getch();
		if (ch == ERR) {
			if (t->editing)
				tui_edit_analyse(t, 0);
			continue;
		}
		r = common_key(t, ch);
		if (r < 0)
			return;
		if (r)
			continue;
		if (t->editing)
			edit_key(t, ch);
		else
			game_key(t, ch);
	}
}

