/* play_tui.c - the terminal game's screen (play_tui.h): where each hole
 * is drawn, its glyph (from the verdicts the game service gave), the
 * status lines and the help. */
#include "play_tui.h"

#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <curses.h>
#include <stdarg.h>
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

void tui_place(const struct peg_board *b, int *row, int *col, int *rows,
	       int *cols)
{
	int min_c = 1 << 30;

	for (int h = 0; h < b->n_holes; h++) {
		row[h] = b->hy[h];
		col[h] = b->lattice == PEG_LATTICE_TRI ? 2 * b->hx[h] - b->hy[h]
			 : b->lattice == PEG_LATTICE_SQUARE ? 2 * b->hx[h]
							    : 3 * h;
		if (col[h] < min_c)
			min_c = col[h];
	}
	*rows = *cols = 0;
	for (int h = 0; h < b->n_holes; h++) {
		col[h] -= min_c;
		if (row[h] + 1 > *rows)
			*rows = row[h] + 1;
		if (col[h] + 1 > *cols)
			*cols = col[h] + 1;
	}
}

void tui_layout(struct tui *t)
{
	tui_place(t->g->s->b, t->row, t->col, &t->rows, &t->cols);
	t->top = 2;
	t->left = 3;
	t->vtop = t->vleft = 0;
	t->cropped = 0;
}

/* One status line at (y, x), cut to the screen's width (a line never
 * wraps onto the next) and dropped below the last row. */
void tui_put(int y, int x, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int w = (COLS > 0 ? COLS : 80) - x - 1;

	if (y < 0 || y >= (LINES > 0 ? LINES : 24) || w <= 0)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	mvprintw(y, x, "%.*s", w, buf);
}

#define put tui_put

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

/* The holes inside the view: rows vtop .. vtop + vh - 1 and columns
 * vleft .. vleft + vw - 1 of the board, drawn from (top, left). */
static void draw_board(const struct tui *t, int vh, int vw)
{
	const struct peg_board *b = t->g->s->b;

	for (int h = 0; h < b->n_holes; h++) {
		int r = t->row[h] - t->vtop, c = t->col[h] - t->vleft;
		char ch = glyph(t, h);
		int attr = 0;

		if (r < 0 || r >= vh || c < 0 || c >= vw)
			continue;
		if (has_colors())
			attr = COLOR_PAIR(ch == 'X' || ch == 'B' ? 2
					  : ch == '+' || ch == '!' ? 3
					  : ch == '@'		 ? 4
					  : ch == 'o'		 ? 1
								 : 0);
		if (ch == '!' || ch == '@')
			attr |= A_BOLD;
		if (h == t->cursor)
			attr |= A_REVERSE;
		attron(attr);
		mvaddch(t->top + r, t->left + c, ch);
		attroff(attr);
		if (h == t->cursor) {
			if (t->left + c > 0)
				mvaddch(t->top + r, t->left + c - 1, '[');
			mvaddch(t->top + r, t->left + c + 1, ']');
		}
	}
}

/* Scroll the view (vh rows, vw columns) so that the cursor is inside it,
 * with a margin where the board allows. */
static void follow_cursor(struct tui *t, int vh, int vw)
{
	int r = t->row[t->cursor], c = t->col[t->cursor];
	int mr = vh > 6 ? 2 : 0, mc = vw > 12 ? 4 : 1;

	if (t->rows <= vh)
		t->vtop = 0;
	else if (r < t->vtop + mr)
		t->vtop = r - mr > 0 ? r - mr : 0;
	else if (r > t->vtop + vh - 1 - mr)
		t->vtop = r - (vh - 1 - mr);
	if (t->vtop > t->rows - vh && t->rows > vh)
		t->vtop = t->rows - vh;
	if (t->cols <= vw)
		t->vleft = 0;
	else if (c < t->vleft + mc)
		t->vleft = c - mc > 0 ? c - mc : 0;
	else if (c > t->vleft + vw - 1 - mc)
		t->vleft = c - (vw - 1 - mc);
	if (t->vleft > t->cols - vw && t->cols > vw)
		t->vleft = t->cols - vw;
}

static void draw_editor(const struct tui *t, int y, int x)
{
	const struct peg_board *b = t->g->s->b;
	char goal[64], cur[64];

	put(y++, x, "BOARD EDITOR: enter toggles a peg, c clears, "
	    "F fills, e plays this position, esc leaves");
	put(y++, x, "pegs %d   goal: %s", peg_pos_count(t->edit, b->n_holes),
	    peg_goal_format(b, &t->g->s->goal, goal, sizeof(goal)));
	put(y++, x, "%s", t->einfo);
	put(y++, x, "cursor: %s",
	    peg_board_hole_name(b, t->cursor, cur, sizeof(cur)));
	put(y++, x, "%s", t->msg);
}

/* The line under the counters: won, over, or still winnable. */
static void draw_verdict(const struct tui *t, int *y, int x)
{
	const struct peg_session *s = t->g->s;

	if (play_full_board(t)) {
		put((*y)++, x, "choose the start: Enter (or a click) empties "
		    "the hole under the cursor");
	} else if (peg_session_won(s)) {
		put((*y)++, x, "SOLVED: one peg left. u undo, q quit");
	} else if (!peg_session_n_legal(s)) {
		put((*y)++, x, "GAME OVER: no jump left with %d pegs",
		    peg_session_pegs(s));
	} else if (t->hints != HINTS_OFF && peg_game_has_oracle(t->g)) {
		char how[64];
		int sets = t->st.source && !strcmp(t->st.source, "sets");

		if (sets)
			snprintf(how, sizeof(how), "winning sets");
		else
			snprintf(how, sizeof(how), "%ld positions searched",
				 t->st.nodes);
		put((*y)++, x, "still winnable: %s  (%s)",
		    t->st.verdict == PEG_WIN    ? "yes"
		    : t->st.verdict == PEG_LOSE ? "no"
						: "unknown (budget)",
		    how);
	} else if (!peg_game_has_oracle(t->g)) {
		put((*y)++, x, "no oracle past 63 holes");
	} else {
		(*y)++;
	}
}

/* The lines under (or beside) the board from row y, column x: the full
 * panel, or with compact set the few lines a small screen has room for. */
static void draw_panel(const struct tui *t, int y, int x, int compact)
{
	const struct peg_session *s = t->g->s;
	const struct peg_board *b = s->b;
	char goal[64], cur[64];

	if (compact) {
		put(y++, x, "%s%s j%d m%d pegs %d  goal %s  hints %s",
		    t->cropped ? "[cropped: scrolls] " : "",
		    peg_board_hole_name(b, t->cursor, cur, sizeof(cur)),
		    peg_session_jumps(s), peg_session_moves(s),
		    peg_session_pegs(s),
		    peg_goal_format(b, &s->goal, goal, sizeof(goal)),
		    hint_names[t->hints]);
		draw_verdict(t, &y, x);
		put(y++, x, "%s", t->msg[0] ? t->msg : t->optinfo);
		put(y, x, "? keys  s solve  u undo  q quit");
		return;
	}
	put(y++, x, "goal: %s   hints: %s   cursor: %s",
	    peg_goal_format(b, &s->goal, goal, sizeof(goal)),
	    hint_names[t->hints],
	    peg_board_hole_name(b, t->cursor, cur, sizeof(cur)));
	put(y++, x, "jumps %d   moves %d   pegs %d%s", peg_session_jumps(s),
	    peg_session_moves(s), peg_session_pegs(s),
	    s->cur < s->n_hist ? "   (redo available)" : "");
	draw_verdict(t, &y, x);
	if (t->optinfo[0])
		put(y++, x, "%s", t->optinfo);
	if (t->pzinfo[0])
		put(y++, x, "%s", t->pzinfo);
	put(y++, x, "%s", t->msg);
	if (t->hints == HINTS_ALL || t->hints == HINTS_GOOD)
		put(y++, x, "o peg  . hole  @ selected  + wins  X loses  "
		    "? undecided  B doomed  ! good move");
	if (t->help)
		for (int i = 0; keys_help[i]; i++)
			put(y + 1 + i, x, "%s", keys_help[i]);
	else
		put(y + 1, x, "? keys   s solve   p puzzle (%s)   e editor   "
		    "q quit",
		    peg_puzzle_level_name(t->level));
}

/* Rows the full panel needs under the board. */
static int panel_rows(const struct tui *t)
{
	int n = 5 + (t->optinfo[0] != 0) + (t->pzinfo[0] != 0) +
		(t->hints == HINTS_ALL || t->hints == HINTS_GOOD);

	return n + (t->help ? 4 : 1);
}

#define PANEL_MIN_COLS 44 /* a panel beside the board: at least this wide */

/* Three layouts (docs/play.md "Terminal"): the panel under the board when
 * both fit; beside it when the board fits the height but not with the
 * panel under it; else a compact one: the board scrolls with the cursor
 * above four status lines, and says it is cropped. */
void tui_draw(struct tui *t)
{
	int lines = LINES > 0 ? LINES : 24, cols = COLS > 0 ? COLS : 80;
	int need = 2 + t->rows + 1 + panel_rows(t);
	int vh, vw, y;

	erase();
	put(0, 0, "pegsol play: %s", t->g->s->b->title);
	t->left = 3;
	if (t->editing || (need <= lines && t->left + t->cols + 1 < cols)) {
		t->top = 2;
		vh = lines - t->top;
		vw = cols - t->left - 1;
		follow_cursor(t, vh, vw);
		t->cropped = t->rows > vh || t->cols > vw;
		draw_board(t, vh, vw);
		y = t->top + (t->rows < vh ? t->rows : vh) + 1;
		if (t->editing)
			draw_editor(t, y, 0);
		else
			draw_panel(t, y, 0, 0);
	} else if (2 + t->rows <= lines &&
		   t->left + t->cols + 3 + PANEL_MIN_COLS <= cols) {
		t->top = 2;
		t->vtop = t->vleft = 0;
		t->cropped = 0;
		draw_board(t, t->rows, t->cols);
		draw_panel(t, 2, t->left + t->cols + 3, 0);
	} else {
		t->top = 1;
		t->left = 2;
		vh = lines - t->top - 4;
		vw = cols - t->left - 2;
		if (vh < 1)
			vh = 1;
		if (vw < 1)
			vw = 1;
		follow_cursor(t, vh, vw);
		t->cropped = t->rows > vh || t->cols > vw;
		draw_board(t, vh, vw);
		draw_panel(t, lines - 4, 0, 1);
	}
	move(t->top + t->row[t->cursor] - t->vtop,
	     t->left + t->col[t->cursor] - t->vleft);
	refresh();
}

int tui_step_at(const int *row, const int *col, int n, int cursor, int dr,
		int dc)
{
	int best = -1, best_d = 1 << 30, r0 = row[cursor], c0 = col[cursor];

	for (int h = 0; h < n; h++) {
		int r = row[h] - r0, c = col[h] - c0, d;

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
	return best < 0 ? cursor : best;
}

int tui_step(const struct tui *t, int dr, int dc)
{
	return tui_step_at(t->row, t->col, t->g->s->b->n_holes, t->cursor, dr,
			   dc);
}

int tui_hole_at(const struct tui *t, int y, int x)
{
	for (int h = 0; h < t->g->s->b->n_holes; h++)
		if (t->top + t->row[h] - t->vtop == y &&
		    abs(t->left + t->col[h] - t->vleft - x) <= 1)
			return h;
	return -1;
}
