/* play_tui.c - the terminal game's screen (play_tui.h): where each hole
 * is drawn, its glyph (from the verdicts the game service gave), the
 * status lines and the help. */
#include "play_tui.h"

#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>

static const char *hint_names[] = {"off", "still winnable?", "one good move",
				   "every losing jump"};

static const char *keys_help[] = {
	"arrows/keypad move   enter/space select, jump (a multi-jump is one move)",
	"esc deselect   u undo   r redo   R reset   h hint   H hint strength",
	"s solve from here   a animate redo   f fewest moves   : type a move",
	"p new puzzle   d difficulty   e board editor   w save   ? keys   q quit",
	NULL};

void tui_layout(struct tui *t)
{
	const struct peg_board *b = t->g->s->b;
	int min_c = 1 << 30;

	for (int h = 0; h < b->n_holes; h++) {
		t->row[h] = b->hy[h];
		t->col[h] = b->lattice == PEG_LATTICE_TRI ? 2 * b->hx[h] - b->hy[h]
			    : b->lattice == PEG_LATTICE_SQUARE ? 2 * b->hx[h]
							       : 3 * h;
		if (t->col[h] < min_c)
			min_c = t->col[h];
	}
	for (int h = 0; h < b->n_holes; h++)
		t->col[h] -= min_c;
	t->top = 2;
	t->left = 3;
}

void tui_start(void)
{
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED, NULL);
	mouseinterval(0);
	if (has_colors()) {
		start_color();
		use_default_colors();
		init_pair(1, COLOR_BLUE, -1);
		init_pair(2, COLOR_RED, -1);
		init_pair(3, COLOR_GREEN, -1);
		init_pair(4, COLOR_YELLOW, -1);
	}
}

/* Is every legal jump of the peg at h a losing one? */
static int doomed(const struct tui *t, int h)
{
	const struct peg_board *b = t->g->s->b;
	int any = 0;

	if (!t->st.verdicts)
		return 0;
	for (int k = b->jump_first[h]; k < b->jump_first[h + 1]; k++)
		if (peg_jump_legal(t->g->s->pegs, &b->jumps[k])) {
			any = 1;
			if (t->st.verdicts[k] != PEG_LOSE)
				return 0;
		}
	return any;
}

static char glyph(const struct tui *t, int h)
{
	const unsigned char *p = t->g->s->pegs;
	int oracle = peg_game_has_oracle(t->g);

	if (t->editing)
		return t->edit[h] ? 'o' : '.';
	if (t->sel >= 0 && !p[h]) {
		int k = peg_game_legal(t->g, t->sel, h);

		if (k >= 0) {
			if (t->hints == HINTS_GOOD && t->good.from == t->sel &&
			    t->good.to == h)
				return '+';
			if (t->hints != HINTS_ALL || !oracle)
				return '*';
			if (!t->st.verdicts)
				return '?';
			return t->st.verdicts[k] == PEG_WIN    ? '+'
			       : t->st.verdicts[k] == PEG_LOSE ? 'X'
							       : '?';
		}
	}
	if (h == t->sel)
		return '@';
	if (!p[h])
		return '.';
	if (t->hints == HINTS_GOOD && t->good.from == h)
		return '!';
	if (t->hints == HINTS_ALL && oracle && doomed(t, h))
		return 'B';
	return 'o';
}

static void draw_board(const struct tui *t, int *max_row)
{
	const struct peg_board *b = t->g->s->b;

	for (int h = 0; h < b->n_holes; h++) {
		char c = glyph(t, h);
		int attr = 0;

		if (t->row[h] > *max_row)
			*max_row = t->row[h];
		if (has_colors())
			attr = COLOR_PAIR(c == 'X' || c == 'B' ? 2
					  : c == '+' || c == '!' ? 3
					  : c == '@'	       ? 4
					  : c == 'o'	       ? 1
							       : 0);
		if (c == '!' || c == '@')
			attr |= A_BOLD;
		if (h == t->cursor)
			attr |= A_REVERSE;
		attron(attr);
		mvaddch(t->top + t->row[h], t->left + t->col[h], c);
		attroff(attr);
		if (h == t->cursor) {
			mvaddch(t->top + t->row[h], t->left + t->col[h] - 1, '[');
			mvaddch(t->top + t->row[h], t->left + t->col[h] + 1, ']');
		}
	}
}

static void draw_editor(const struct tui *t, int y)
{
	const struct peg_board *b = t->g->s->b;
	char goal[64], cur[64];

	mvprintw(y++, 0, "BOARD EDITOR: enter toggles a peg, c clears, "
		 "F fills, e plays this position, esc leaves");
	mvprintw(y++, 0, "pegs %d   goal: %s",
		 peg_pos_count(t->edit, b->n_holes),
		 peg_goal_format(b, &t->g->s->goal, goal, sizeof(goal)));
	mvprintw(y++, 0, "%.*s", COLS > 0 ? COLS - 1 : 79, t->einfo);
	mvprintw(y++, 0, "cursor: %s",
		 peg_board_hole_name(b, t->cursor, cur, sizeof(cur)));
	mvprintw(y++, 0, "%s", t->msg);
}

/* The line under the counters: won, over, or still winnable. */
static void draw_verdict(const struct tui *t, int *y)
{
	const struct peg_session *s = t->g->s;

	if (peg_session_won(s)) {
		mvprintw((*y)++, 0, "SOLVED: one peg left. u undo, q quit");
	} else if (!peg_session_n_legal(s)) {
		mvprintw((*y)++, 0, "GAME OVER: no jump left with %d pegs",
			 peg_session_pegs(s));
	} else if (t->hints != HINTS_OFF && peg_game_has_oracle(t->g)) {
		char how[64];
		int sets = t->st.source && !strcmp(t->st.source, "sets");

		if (sets)
			snprintf(how, sizeof(how), "winning sets");
		else
			snprintf(how, sizeof(how), "%ld positions searched",
				 t->st.nodes);
		mvprintw((*y)++, 0, "still winnable: %s  (%s)",
			 t->st.verdict == PEG_WIN    ? "yes"
			 : t->st.verdict == PEG_LOSE ? "no"
						     : "unknown (budget)",
			 how);
	} else if (!peg_game_has_oracle(t->g)) {
		mvprintw((*y)++, 0, "no oracle past 63 holes");
	} else {
		(*y)++;
	}
}

void tui_draw(struct tui *t)
{
	const struct peg_session *s = t->g->s;
	const struct peg_board *b = s->b;
	int y, max_row = 0;
	char goal[64], cur[64];

	erase();
	mvprintw(0, 0, "pegsol play: %s", b->title);
	draw_board(t, &max_row);
	y = t->top + max_row + 2;
	if (t->editing) {
		draw_editor(t, y);
		move(t->top + t->row[t->cursor], t->left + t->col[t->cursor]);
		refresh();
		return;
	}
	mvprintw(y++, 0, "goal: %s   hints: %s   cursor: %s",
		 peg_goal_format(b, &s->goal, goal, sizeof(goal)),
		 hint_names[t->hints],
		 peg_board_hole_name(b, t->cursor, cur, sizeof(cur)));
	mvprintw(y++, 0, "jumps %d   moves %d   pegs %d%s",
		 peg_session_jumps(s), peg_session_moves(s),
		 peg_session_pegs(s),
		 s->cur < s->n_hist ? "   (redo available)" : "");
	draw_verdict(t, &y);
	if (t->optinfo[0])
		mvprintw(y++, 0, "%s", t->optinfo);
	if (t->pzinfo[0])
		mvprintw(y++, 0, "%.*s", COLS > 0 ? COLS - 1 : 79, t->pzinfo);
	mvprintw(y++, 0, "%.*s", COLS > 0 ? COLS - 1 : 79, t->msg);
	if (t->hints == HINTS_ALL || t->hints == HINTS_GOOD)
		mvprintw(y++, 0, "o peg  . hole  @ selected  + wins  X bomb "
			 "(loses)  ? undecided  B doomed peg  ! good move");
	if (t->help)
		for (int i = 0; keys_help[i]; i++)
			mvprintw(y + 1 + i, 0, "%s", keys_help[i]);
	else
		mvprintw(y + 1, 0, "? keys   s solve   p puzzle (%s)   "
			 "e editor   q quit",
			 peg_puzzle_level_name(t->level));
	move(t->top + t->row[t->cursor], t->left + t->col[t->cursor]);
	refresh();
}

int tui_step(const struct tui *t, int dr, int dc)
{
	int best = -1, best_d = 1 << 30, r0 = t->row[t->cursor],
	    c0 = t->col[t->cursor];

	for (int h = 0; h < t->g->s->b->n_holes; h++) {
		int r = t->row[h] - r0, c = t->col[h] - c0, d;

		if (dr && (r * dr <= 0))
			continue;
		if (dc && (r != 0 || c * dc <= 0))
			continue;
		d = dr ? abs(r) * 100 + abs(c) : abs(c);
		if (d < best_d) {
			best_d = d;
			best = h;
		}
	}
	return best < 0 ? t->cursor : best;
}

int tui_hole_at(const struct tui *t, int y, int x)
{
	for (int h = 0; h < t->g->s->b->n_holes; h++)
		if (t->top + t->row[h] == y && abs(t->left + t->col[h] - x) <= 1)
			return h;
	return -1;
}
