/* cmd_play.c - pegsol play: the terminal game (ncurses, keyboard and mouse)
 * over the session layer and the never-lose oracle (docs/play.md). */
#include "cli.h"
#include "playkit.h"

#include "pegsol/afile.h"
#include "pegsol/line.h"
#include "pegsol/oracle.h"
#include "pegsol/pos.h"
#include "pegsol/puzzle.h"
#include "pegsol/session.h"
#include "pegsol/shortest.h"
#include "pegsol/solution.h"
#include "pegsol/theory.h"

#include <curses.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char usage[] =
	"usage: pegsol play BOARD [--vacate H] [--position P]\n"
	"                   [--goal anywhere|complement|HOLE]\n"
	"                   [--load GAMEID|@FILE] [--replay SOLUTION|@FILE]\n"
	"                   [--save FILE] [--hints off|winnable|good|all]\n"
	"                   [--budget NODES] [--sets off|auto|all]\n"
	"                   [--cache DIR] [--memory-mb M]\n"
	"       pegsol play BOARD --puzzle [--level easy|medium|hard]\n"
	"                   [--pegs N] [--seed S]\n\n"
	"Play peg solitaire in the terminal.  Keys: arrows (or the numeric\n"
	"keypad) move, Enter or space selects a peg / jumps to the hole under\n"
	"the cursor, Esc deselects, u undo, r redo, R back to the start,\n"
	"h hint, H hint strength (off, still winnable?, one good move, every\n"
	"losing jump), s solve from here (animated: fewest moves where\n"
	"affordable, the constructive solution on T_n, else the oracle's\n"
	"line), a play the redo tail (animated), f fewest moves from the\n"
	"start, p new puzzle, d puzzle difficulty, e board editor (Enter\n"
	"toggles a peg, e plays the edited position, Esc leaves), : type a\n"
	"move (c3-a3-a1) or a hole to select, w save the game id to the\n"
	"--save FILE (default pegsol-game.txt), ? keys, q quit.  The mouse\n"
	"selects and jumps too.  Shapes: + winning jump, X losing jump (a\n"
	"bomb), ? undecided, B a peg whose every jump loses, ! the good move.\n"
	"--replay loads a solution as the redo tail: press a to watch it.\n"
	"Hints come from precomputed winning sets on small boards (--sets\n"
	"auto: up to 25 holes and English; all: up to 36 holes), computed\n"
	"once and cached in --cache DIR (default $PEGSOL_CACHE,\n"
	"$XDG_CACHE_HOME/pegsol or ~/.cache/pegsol), else by a live search.\n"
	"The sets are computed only when their estimated peak memory fits in\n"
	"--memory-mb (default 1024; English d4 complement needs about 360).\n"
	"--puzzle starts a generated puzzle (solvable by construction: reverse\n"
	"jumps from one peg, graded by the share of losing jumps on the way);\n"
	"its seed is printed, and --seed S makes the same puzzle again.\n";

enum hints { HINTS_OFF, HINTS_WINNABLE, HINTS_GOOD, HINTS_ALL };
static const char *hint_names[] = {"off", "still winnable?", "one good move",
				   "every losing jump"};

#define EDIT_CHUNK 200000L   /* editor: nodes searched between key polls */
#define EDIT_ROUNDS 100      /* editor: chunks before giving up */
#define OPT_MAX_HOLES 21     /* fewest moves from the start: boards */

struct game {
	struct peg_session *s;
	struct peg_oracle *o; /* NULL past 63 holes */
	struct peg_winsets *w; /* precomputed winning sets, or NULL */
	enum peg_verdict *v;  /* per board jump, for the current position */
	enum peg_verdict verdict;
	long nodes, budget;
	int *row, *col;       /* screen place of each hole */
	int cursor, sel;      /* hole indices, sel -1 = none */
	enum hints hints;
	struct peg_jump good; /* HINTS_GOOD: one winning jump, from -1 none */
	const char *save_path;
	int sets_mode;
	const char *cache;
	size_t memory;        /* --memory-mb: the sets' estimated peak */
	int curses;           /* the screen is up: no stderr */
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
	int top, left;
};

static void layout(struct game *g)
{
	const struct peg_board *b = g->s->b;
	int min_c = 1 << 30;

	for (int h = 0; h < b->n_holes; h++) {
		g->row[h] = b->hy[h];
		g->col[h] = b->lattice == PEG_LATTICE_TRI ? 2 * b->hx[h] - b->hy[h]
			    : b->lattice == PEG_LATTICE_SQUARE ? 2 * b->hx[h]
							       : 3 * h;
		if (g->col[h] < min_c)
			min_c = g->col[h];
	}
	for (int h = 0; h < b->n_holes; h++)
		g->col[h] -= min_c;
	g->top = 2;
	g->left = 3;
}

/* May the sets of g->s be computed within --memory-mb?  When not, says
 * so (on the message line once the screen is up). */
static int sets_fit(struct game *g)
{
	struct peg_winsets_cost cost;
	char note[300];

	if (playkit_sets_fit(g->s, g->memory, &cost, note, sizeof(note)))
		return 1;
	snprintf(g->msg, sizeof(g->msg), "%.200s: live search", note);
	if (!g->curses)
		cli_note("%s: hints by the live search (raise --memory-mb to "
			 "precompute them)", note);
	return 0;
}

/* Oracle, winning sets and screen arrays for g->s; 0 or -1 (memory). */
static int attach(struct game *g)
{
	struct peg_err err;

	g->o = peg_oracle_new(g->s->b, &g->s->goal, 0, &err);
	/* past the budget the live search answers */
	if (g->o && playkit_sets_wanted(g->s, g->sets_mode) && sets_fit(g)) {
		char cache_buf[1024], path[1100];
		const char *dir = playkit_cache_dir(g->cache, cache_buf,
						    sizeof(cache_buf));
		struct peg_winsets_info info;

		peg_winsets_path(g->s->b, g->s->start, playkit_finish(g->s),
				 dir, path, sizeof(path));
		if (g->s->b->n_holes > 21 && (!dir || access(path, R_OK))) {
			if (g->curses) {
				mvprintw(LINES - 1, 0, "computing the winning "
					 "sets (once)...");
				refresh();
			} else {
				fprintf(stderr,
					"pegsol play: computing the winning "
					"sets of %s (once%s%s)...\n",
					g->s->b->spec, dir ? ", cached in " : "",
					dir ? dir : "");
			}
		}
		if (peg_winsets_open(g->s->b, g->s->start, playkit_finish(g->s),
				     dir, 0, &g->w, &info, &err)) {
			if (!g->curses)
				fprintf(stderr, "pegsol play: no winning sets "
					"(%s), using the live search\n",
					err.msg);
			g->w = NULL;
		}
	}
	g->v = calloc((size_t)g->s->b->n_jumps + 1, sizeof(*g->v));
	g->row = calloc((size_t)g->s->b->n_holes, sizeof(int));
	g->col = calloc((size_t)g->s->b->n_holes, sizeof(int));
	g->edit = calloc((size_t)g->s->b->n_holes, 1);
	if (!g->v || !g->row || !g->col || !g->edit)
		return -1;
	layout(g);
	g->sel = -1;
	g->cursor = 0;
	g->opt = -2;
	g->optinfo[0] = 0;
	g->good.from = -1;
	return 0;
}

static void detach(struct game *g)
{
	peg_winsets_free(g->w);
	peg_oracle_free(g->o);
	free(g->v);
	free(g->row);
	free(g->col);
	free(g->edit);
	g->w = NULL;
	g->o = NULL;
	g->v = NULL;
	g->row = g->col = NULL;
	g->edit = NULL;
}

/* Swap in a new session (puzzle, edited position); the old one goes. */
static void replace_session(struct game *g, struct peg_session *s)
{
	detach(g);
	peg_session_free(g->s);
	g->s = s;
	if (attach(g)) {
		endwin();
		fprintf(stderr, "pegsol play: out of memory\n");
		exit(EXIT_RESOURCES);
	}
}

/* Recompute the oracle's verdicts for the current position. */
static void update_verdicts(struct game *g)
{
	struct peg_oracle_stats st;
	struct peg_jump *jumps = NULL;
	int n = 0;

	g->verdict = PEG_UNKNOWN;
	g->nodes = 0;
	g->good.from = -1;
	if (!g->o || g->hints == HINTS_OFF)
		return;
	g->verdict = peg_oracle_classify_played(g->o, g->w, g->s->pegs,
						g->budget, g->v);
	peg_oracle_stats(g->o, &st);
	g->nodes = st.nodes;
	if (g->hints == HINTS_GOOD && g->verdict == PEG_WIN &&
	    peg_oracle_solve_played(g->o, g->w, g->s->pegs, g->budget, &jumps,
				    &n) == PEG_WIN &&
	    n > 0)
		g->good = jumps[0];
	free(jumps);
}

static int legal_from_to(const struct game *g, int from, int to)
{
	const struct peg_board *b = g->s->b;

	for (int k = b->jump_first[from]; k < b->jump_first[from + 1]; k++)
		if ((to < 0 || b->jumps[k].to == to) &&
		    peg_jump_legal(g->s->pegs, &b->jumps[k]))
			return k;
	return -1;
}

static char glyph(const struct game *g, int h)
{
	const struct peg_board *b = g->s->b;
	const unsigned char *p = g->s->pegs;

	if (g->editing)
		return g->edit[h] ? 'o' : '.';
	if (g->sel >= 0 && !p[h]) {
		int k = legal_from_to(g, g->sel, h);

		if (k >= 0) {
			if (g->hints == HINTS_GOOD && g->good.from == g->sel &&
			    g->good.to == h)
				return '+';
			if (g->hints != HINTS_ALL || !g->o)
				return '*';
			return g->v[k] == PEG_WIN    ? '+'
			       : g->v[k] == PEG_LOSE ? 'X'
						     : '?';
		}
	}
	if (h == g->sel)
		return '@';
	if (!p[h])
		return '.';
	if (g->hints == HINTS_GOOD && g->good.from == h)
		return '!';
	if (g->hints == HINTS_ALL && g->o) {
		int any = 0, all_lose = 1;

		for (int k = b->jump_first[h]; k < b->jump_first[h + 1]; k++)
			if (peg_jump_legal(p, &b->jumps[k])) {
				any = 1;
				if (g->v[k] != PEG_LOSE)
					all_lose = 0;
			}
		if (any && all_lose)
			return 'B';
	}
	return 'o';
}

static const char *keys_help[] = {
	"arrows/keypad move   enter/space select, jump (a multi-jump is one move)",
	"esc deselect   u undo   r redo   R reset   h hint   H hint strength",
	"s solve from here   a animate redo   f fewest moves   : type a move",
	"p new puzzle   d difficulty   e board editor   w save   ? keys   q quit",
	NULL};

static void draw_editor_status(struct game *g, int *y)
{
	const struct peg_board *b = g->s->b;
	char goal[64];

	mvprintw((*y)++, 0, "BOARD EDITOR: enter toggles a peg, c clears, "
		 "F fills, e plays this position, esc leaves");
	mvprintw((*y)++, 0, "pegs %d   goal: %s",
		 peg_pos_count(g->edit, b->n_holes),
		 peg_goal_format(b, &g->s->goal, goal, sizeof(goal)));
	mvprintw((*y)++, 0, "%.*s", COLS > 0 ? COLS - 1 : 79, g->einfo);
}

static void draw(struct game *g)
{
	struct peg_session *s = g->s;
	const struct peg_board *b = s->b;
	int y, n_legal = peg_session_n_legal(s), max_row = 0;
	char goal[64], cur[64];

	erase();
	mvprintw(0, 0, "pegsol play: %s", b->title);
	for (int h = 0; h < b->n_holes; h++) {
		char c = glyph(g, h);
		int attr = 0;

		if (g->row[h] > max_row)
			max_row = g->row[h];
		if (has_colors())
			attr = COLOR_PAIR(c == 'X' || c == 'B' ? 2
					  : c == '+' || c == '!' ? 3
					  : c == '@'	       ? 4
					  : c == 'o'	       ? 1
							       : 0);
		if (c == '!' || c == '@')
			attr |= A_BOLD;
		if (h == g->cursor)
			attr |= A_REVERSE;
		attron(attr);
		mvaddch(g->top + g->row[h], g->left + g->col[h], c);
		attroff(attr);
		if (h == g->cursor) {
			mvaddch(g->top + g->row[h], g->left + g->col[h] - 1, '[');
			mvaddch(g->top + g->row[h], g->left + g->col[h] + 1, ']');
		}
	}
	y = g->top + max_row + 2;
	if (g->editing) {
		draw_editor_status(g, &y);
		mvprintw(y++, 0, "cursor: %s",
			 peg_board_hole_name(b, g->cursor, cur, sizeof(cur)));
		mvprintw(y++, 0, "%s", g->msg);
		move(g->top + g->row[g->cursor], g->left + g->col[g->cursor]);
		refresh();
		return;
	}
	mvprintw(y++, 0, "goal: %s   hints: %s   cursor: %s",
		 peg_goal_format(b, &s->goal, goal, sizeof(goal)),
		 hint_names[g->hints],
		 peg_board_hole_name(b, g->cursor, cur, sizeof(cur)));
	mvprintw(y++, 0, "jumps %d   moves %d   pegs %d%s",
		 peg_session_jumps(s), peg_session_moves(s),
		 peg_session_pegs(s),
		 s->cur < s->n_hist ? "   (redo available)" : "");
	if (peg_session_won(s))
		mvprintw(y++, 0, "SOLVED: one peg left. u undo, q quit");
	else if (!n_legal)
		mvprintw(y++, 0, "GAME OVER: no jump left with %d pegs",
			 peg_session_pegs(s));
	else if (g->hints != HINTS_OFF && g->o)
	{
		char how[64];

		if (g->w)
			snprintf(how, sizeof(how), "winning sets");
		else
			snprintf(how, sizeof(how), "%ld positions searched",
				 g->nodes);
		mvprintw(y++, 0, "still winnable: %s  (%s)",
			 g->verdict == PEG_WIN	  ? "yes"
			 : g->verdict == PEG_LOSE ? "no"
						  : "unknown (budget)",
			 how);
	}
	else if (!g->o)
		mvprintw(y++, 0, "no oracle past 63 holes");
	else
		y++;
	if (g->optinfo[0])
		mvprintw(y++, 0, "%s", g->optinfo);
	if (g->pzinfo[0])
		mvprintw(y++, 0, "%.*s", COLS > 0 ? COLS - 1 : 79, g->pzinfo);
	mvprintw(y++, 0, "%.*s", COLS > 0 ? COLS - 1 : 79, g->msg);
	if (g->hints == HINTS_ALL || g->hints == HINTS_GOOD)
		mvprintw(y++, 0, "o peg  . hole  @ selected  + wins  X bomb "
			 "(loses)  ? undecided  B doomed peg  ! good move");
	if (g->help)
		for (int i = 0; keys_help[i]; i++)
			mvprintw(y + 1 + i, 0, "%s", keys_help[i]);
	else
		mvprintw(y + 1, 0, "? keys   s solve   p puzzle (%s)   "
			 "e editor   q quit",
			 peg_puzzle_level_name(g->level));
	move(g->top + g->row[g->cursor], g->left + g->col[g->cursor]);
	refresh();
}

/* Nearest hole from the cursor in a direction (dr, dc). */
static int step(const struct game *g, int dr, int dc)
{
	int best = -1, best_d = 1 << 30, r0 = g->row[g->cursor],
	    c0 = g->col[g->cursor];

	for (int h = 0; h < g->s->b->n_holes; h++) {
		int r = g->row[h] - r0, c = g->col[h] - c0, d;

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
	return best < 0 ? g->cursor : best;
}

/* The fewest moves from the start (shortest.h) once the game is won. */
static void fewest(struct game *g, int asked)
{
	const struct peg_board *b = g->s->b;
	int mine = peg_session_moves(g->s), won = peg_session_won(g->s);

	if (g->opt == -2 && (b->n_holes <= OPT_MAX_HOLES || asked)) {
		struct peg_shortest_opts so = {0};
		struct peg_shortest_result res;
		struct peg_err err;

		so.threads = 1;
		so.max_states = 2000000;
		memset(&res, 0, sizeof(res));
		if (b->n_holes > 64 ||
		    peg_shortest(b, peg_pos_to64(g->s->start, b->n_holes),
				 playkit_finish(g->s), &so, &res, &err))
			g->opt = -3;
		else
			g->opt = res.solved ? res.moves : -1;
		peg_shortest_result_release(&res);
	}
	if (g->opt == -2)
		snprintf(g->optinfo, sizeof(g->optinfo),
			 "fewest moves: press f (computed at once up to %d "
			 "holes)", OPT_MAX_HOLES);
	else if (g->opt == -3)
		snprintf(g->optinfo, sizeof(g->optinfo),
			 "fewest moves: not computed (board too big)");
	else if (g->opt == -1)
		snprintf(g->optinfo, sizeof(g->optinfo),
			 "fewest moves: no solution from the start");
	else
		snprintf(g->optinfo, sizeof(g->optinfo),
			 "fewest moves from the start: %d (you: %d%s)", g->opt,
			 mine,
			 !won		   ? " so far"
			 : mine <= g->opt ? ", optimal!"
					   : "");
}

static void after_change(struct game *g)
{
	update_verdicts(g);
	if (g->sel >= 0 && (!g->s->pegs[g->sel] || legal_from_to(g, g->sel, -1) < 0))
		g->sel = -1;
	if (peg_session_won(g->s))
		fewest(g, 0);
	else if (g->optinfo[0] && g->opt >= 0)
		fewest(g, 1);
}

/* Enter on hole h: jump there, select it, or deselect. */
static void act(struct game *g, int h)
{
	struct peg_err err;

	g->msg[0] = 0;
	if (g->sel >= 0 && legal_from_to(g, g->sel, h) >= 0) {
		if (peg_session_play_holes(g->s, g->sel, h, &err))
			snprintf(g->msg, sizeof(g->msg), "%s", err.msg);
		g->sel = h; /* the same peg may go on: one move */
		after_change(g);
		return;
	}
	if (g->s->pegs[h] && legal_from_to(g, h, -1) >= 0 && h != g->sel)
		g->sel = h;
	else {
		if (g->s->pegs[h] && h != g->sel)
			snprintf(g->msg, sizeof(g->msg), "that peg cannot jump");
		g->sel = -1;
	}
}

static void animate(struct game *g)
{
	int left = g->s->n_hist - g->s->cur;
	int ms = left > 0 ? 3000 / left : 250;

	if (ms > 250)
		ms = 250;
	if (ms < 5)
		ms = 5;
	while (!peg_session_redo(g->s)) {
		g->sel = -1;
		if (g->s->b->n_holes <= 63 || g->s->cur == g->s->n_hist)
			after_change(g);
		draw(g);
		napms(ms);
	}
}

static void solve(struct game *g)
{
	struct peg_line line;
	struct peg_line_opts lo = {0};
	struct peg_err err;
	char msg[200];

	snprintf(g->msg, sizeof(g->msg), "searching...");
	draw(g);
	lo.budget = g->budget * 4;
	if (peg_line_find(g->s->b, g->s->pegs, &g->s->goal, g->o, g->w, &lo,
			  &line, &err)) {
		snprintf(g->msg, sizeof(g->msg), "%s", err.msg);
		return;
	}
	if (line.verdict != PEG_WIN) {
		snprintf(g->msg, sizeof(g->msg), "%s",
			 line.verdict == PEG_LOSE
				 ? "the goal can no longer be reached"
			 : line.note[0] ? line.note
					: "no solution found within the budget");
		peg_line_release(&line);
		return;
	}
	if (line.n && peg_session_set_future(g->s, line.jumps, line.n, &err)) {
		snprintf(g->msg, sizeof(g->msg), "%s", err.msg);
		peg_line_release(&line);
		return;
	}
	snprintf(msg, sizeof(msg), "solving from here: %s line, %d moves "
		 "(%d jumps)%s",
		 line.kind == PEG_LINE_SHORTEST	      ? "fewest-moves"
		 : line.kind == PEG_LINE_CONSTRUCTIVE ? "constructive"
						      : "oracle (any winning)",
		 line.moves, line.n,
		 line.kind == PEG_LINE_SHORTEST ? ", proved minimal" : "");
	snprintf(g->msg, sizeof(g->msg), "%s", msg);
	peg_line_release(&line);
	animate(g);
	snprintf(g->msg, sizeof(g->msg), "%s", msg);
}

static void hint(struct game *g)
{
	struct peg_jump *jumps;
	int n;
	enum peg_verdict v;
	char a[32], c[32];

	if (!g->o) {
		snprintf(g->msg, sizeof(g->msg), "no hints past 63 holes");
		return;
	}
	v = peg_oracle_solve_played(g->o, g->w, g->s->pegs, g->budget, &jumps,
				    &n);
	if (v == PEG_WIN && n > 0) {
		g->sel = jumps[0].from;
		g->cursor = jumps[0].to;
		snprintf(g->msg, sizeof(g->msg), "hint: %s-%s",
			 peg_board_hole_name(g->s->b, jumps[0].from, a,
					     sizeof(a)),
			 peg_board_hole_name(g->s->b, jumps[0].to, c,
					     sizeof(c)));
	} else {
		snprintf(g->msg, sizeof(g->msg), "%s",
			 v == PEG_LOSE ? "no winning jump from here"
				       : "no hint within the budget");
	}
	free(jumps);
}

/* ':' then a move "c3-a3-a1" or a hole to select. */
static void command(struct game *g)
{
	char line[200];
	struct peg_err err;
	struct peg_moves mv;
	int h;

	mvprintw(LINES - 1, 0, ":");
	clrtoeol();
	echo();
	curs_set(1);
	getnstr(line, sizeof(line) - 1);
	noecho();
	g->msg[0] = 0;
	if (!strchr(line, '-') && !strchr(line, ',')) {
		h = peg_board_parse_hole(g->s->b, line, &err);
		if (h < 0) {
			snprintf(g->msg, sizeof(g->msg), "%s", err.msg);
			return;
		}
		g->cursor = h;
		if (g->editing)
			return;
		g->sel = -1;
		act(g, h);
		return;
	}
	if (g->editing)
		return;
	if (peg_moves_parse(g->s->b, line, &mv, &err)) {
		snprintf(g->msg, sizeof(g->msg), "%s", err.msg);
		return;
	}
	for (int m = 0; m < mv.n_moves; m++)
		for (int i = 1; i < mv.len[m]; i++)
			if (peg_session_play_holes(g->s, mv.path[m][i - 1],
						   mv.path[m][i], &err)) {
				snprintf(g->msg, sizeof(g->msg), "%s", err.msg);
				goto out;
			}
out:
	peg_moves_free(&mv);
	g->sel = -1;
	after_change(g);
}

/* Written atomically (afile.h): a full disk keeps the old save. */
static void save(struct game *g)
{
	char *id = peg_session_save(g->s, 1);
	struct peg_afile *f;
	struct peg_err err;
	int r = -1;

	snprintf(err.msg, sizeof(err.msg), "out of memory");
	if (id && !peg_afile_open(g->save_path, &f, &err)) {
		peg_afile_printf(f, "%s\n", id);
		r = peg_afile_commit(f, &err);
	}
	if (r)
		snprintf(g->msg, sizeof(g->msg), "%s", err.msg);
	else
		snprintf(g->msg, sizeof(g->msg), "saved to %s", g->save_path);
	free(id);
}

/* ---- puzzles ---- */

static struct peg_session *make_puzzle(struct peg_board *b,
				       enum peg_puzzle_level level,
				       uint64_t seed, int pegs, char *info,
				       size_t info_size, struct peg_err *err)
{
	struct peg_puzzle_opts o = {0};
	struct peg_puzzle pz;
	struct peg_session *s;
	struct peg_goal g;
	char name[64];

	o.seed = seed;
	o.pegs = pegs;
	o.finish = -1;
	o.level = level;
	if (peg_puzzle_generate(b, &o, &pz, err)) {
		peg_board_free(b);
		return NULL;
	}
	snprintf(info, info_size,
		 "puzzle seed %llu: %d pegs, finish at %s, graded %s "
		 "(%.0f%% of the jumps on the way lose)",
		 (unsigned long long)pz.seed, pz.pegs,
		 peg_board_hole_name(b, pz.finish, name, sizeof(name)),
		 peg_puzzle_level_name(pz.grade), 100 * pz.score);
	g.kind = PEG_GOAL_HOLE;
	g.hole = pz.finish;
	s = peg_session_new(b, pz.start, &g, err);
	peg_puzzle_release(&pz);
	return s;
}

/* 'p': a new puzzle on the same board at the chosen level; the seeds go
 * on from the last one, so a run of puzzles is reproducible too. */
static void new_puzzle(struct game *g)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(g->s->b->spec, &err);
	struct peg_session *s;
	char info[200];

	if (!b) {
		snprintf(g->msg, sizeof(g->msg), "%s", err.msg);
		return;
	}
	g->seed++;
	mvprintw(LINES - 1, 0, "making a puzzle...");
	refresh();
	s = make_puzzle(b, g->level, g->seed, 0, info, sizeof(info), &err);
	if (!s) {
		snprintf(g->msg, sizeof(g->msg), "%s", err.msg);
		return;
	}
	replace_session(g, s);
	snprintf(g->pzinfo, sizeof(g->pzinfo), "%s", info);
	snprintf(g->msg, sizeof(g->msg), "new %s puzzle",
		 peg_puzzle_level_name(g->level));
	after_change(g);
}

/* ---- the board editor ---- */

/* The class at once; the search verdict in chunks between key polls. */
static void edit_analyse(struct game *g, int restart)
{
	const struct peg_board *b = g->s->b;
	char cls_name[64], name[32], holes[200] = "";
	unsigned cls;
	int nf = -1, class_lose = 0;
	size_t len = 0;
	struct peg_err err;
	unsigned char *fin = malloc((size_t)b->n_holes);
	const char *verdict;

	if (restart) {
		g->ev = PEG_UNKNOWN;
		g->erounds = 0;
	}
	cls_name[0] = 0;
	if (fin && !peg_theory_class(b, g->edit, &cls, &err)) {
		nf = peg_theory_finish_holes(b, g->edit, fin, &err);
		peg_theory_class_name(b, cls, cls_name, sizeof(cls_name));
		for (int h = 0; h < b->n_holes && nf > 0; h++)
			if (fin[h] && len + 8 < sizeof(holes)) {
				peg_board_hole_name(b, h, name, sizeof(name));
				len += (size_t)snprintf(holes + len,
							sizeof(holes) - len,
							"%s%s", len ? " " : "",
							name);
			}
		if (nf == 0 || (g->s->goal.kind != PEG_GOAL_ANYWHERE &&
				nf > 0 && !fin[g->s->goal.hole]))
			class_lose = 1;
	}
	free(fin);
	if (class_lose) {
		g->ev = PEG_LOSE;
	} else if (g->ev == PEG_UNKNOWN && g->o &&
		   g->erounds < EDIT_ROUNDS) {
		g->erounds++;
		g->ev = peg_oracle_solvable(g->o, g->edit, EDIT_CHUNK);
	}
	verdict = g->ev == PEG_WIN    ? "solvable"
		  : g->ev == PEG_LOSE ? (class_lose ? "not solvable (class)"
						    : "not solvable")
		  : !g->o	      ? "no search past 63 holes"
		  : g->erounds >= EDIT_ROUNDS ? "undecided"
					      : "searching...";
	if (cls_name[0])
		snprintf(g->einfo, sizeof(g->einfo),
			 "class %s, a last peg can be at: %s   search: %s",
			 cls_name, nf > 0 ? holes : "no hole", verdict);
	else
		snprintf(g->einfo, sizeof(g->einfo), "search: %s", verdict);
}

static void edit_start(struct game *g)
{
	memcpy(g->edit, g->s->pegs, (size_t)g->s->b->n_holes);
	g->editing = 1;
	g->sel = -1;
	g->msg[0] = 0;
	edit_analyse(g, 1);
}

/* 'e' in the editor: a new game from the edited position (the goal hole
 * stays; "complement" becomes that hole). */
static void edit_play(struct game *g)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(g->s->b->spec, &err);
	struct peg_goal goal = g->s->goal;
	struct peg_session *s;

	g->editing = 0;
	if (!b) {
		snprintf(g->msg, sizeof(g->msg), "%s", err.msg);
		return;
	}
	if (goal.kind == PEG_GOAL_COMPLEMENT)
		goal.kind = PEG_GOAL_HOLE;
	s = peg_session_new(b, g->edit, &goal, &err);
	if (!s) {
		snprintf(g->msg, sizeof(g->msg), "%s", err.msg);
		return;
	}
	replace_session(g, s);
	g->pzinfo[0] = 0;
	snprintf(g->msg, sizeof(g->msg), "playing the edited position");
	after_change(g);
}

/* Keys in the editor; returns 1 when handled. */
static int edit_key(struct game *g, int ch)
{
	int n = g->s->b->n_holes;

	switch (ch) {
	case '\n':
	case '\r':
	case ' ':
	case KEY_ENTER:
		g->edit[g->cursor] = !g->edit[g->cursor];
		break;
	case 'c':
		memset(g->edit, 0, (size_t)n);
		break;
	case 'F':
		memset(g->edit, 1, (size_t)n);
		break;
	case 'e':
		edit_play(g);
		return 1;
	case 27:
		g->editing = 0;
		snprintf(g->msg, sizeof(g->msg), "editor left, game unchanged");
		return 1;
	default:
		return 0;
	}
	edit_analyse(g, 1);
	return 1;
}

static void mouse(struct game *g)
{
	MEVENT ev;

	if (getmouse(&ev) != OK ||
	    !(ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED)))
		return;
	for (int h = 0; h < g->s->b->n_holes; h++)
		if (g->top + g->row[h] == ev.y &&
		    abs(g->left + g->col[h] - ev.x) <= 1) {
			g->cursor = h;
			if (ev.bstate & BUTTON1_RELEASED)
				break;
			if (g->editing)
				edit_key(g, ' ');
			else
				act(g, h);
			break;
		}
}

static void loop(struct game *g)
{
	int ch;

	for (;;) {
		draw(g);
		/* the editor's search goes on between keys */
		timeout(g->editing && g->ev == PEG_UNKNOWN && g->o &&
				g->erounds < EDIT_ROUNDS
			? 20
			: -1);
		ch = getch();
		if (ch == ERR) {
			if (g->editing)
				edit_analyse(g, 0);
			continue;
		}
		switch (ch) {
		case KEY_UP:
		case '8':
			g->cursor = step(g, -1, 0);
			continue;
		case KEY_DOWN:
		case '2':
			g->cursor = step(g, 1, 0);
			continue;
		case KEY_LEFT:
		case '4':
			g->cursor = step(g, 0, -1);
			continue;
		case KEY_RIGHT:
		case '6':
			g->cursor = step(g, 0, 1);
			continue;
		case KEY_HOME:
			g->cursor = 0;
			continue;
		case KEY_END:
			g->cursor = g->s->b->n_holes - 1;
			continue;
		case KEY_MOUSE:
			mouse(g);
			continue;
		case ':':
			command(g);
			continue;
		case '?':
			g->help = !g->help;
			continue;
		case 'q':
		case 'Q':
			return;
		default:
			break;
		}
		if (g->editing) {
			edit_key(g, ch);
			continue;
		}
		switch (ch) {
		case '\n':
		case '\r':
		case ' ':
		case KEY_ENTER:
			act(g, g->cursor);
			break;
		case 27:
			g->sel = -1;
			break;
		case 'u':
			g->sel = -1;
			if (peg_session_undo(g->s))
				snprintf(g->msg, sizeof(g->msg),
					 "at the start");
			else
				g->msg[0] = 0;
			after_change(g);
			break;
		case 'r':
			g->sel = -1;
			if (peg_session_redo(g->s))
				snprintf(g->msg, sizeof(g->msg),
					 "nothing to redo");
			else
				g->msg[0] = 0;
			after_change(g);
			break;
		case 'R':
			g->sel = -1;
			peg_session_reset(g->s);
			snprintf(g->msg, sizeof(g->msg),
				 "back at the start (r redoes)");
			after_change(g);
			break;
		case 'h':
			hint(g);
			break;
		case 'H':
			g->hints = (g->hints + 1) % 4;
			after_change(g);
			break;
		case 's':
			solve(g);
			break;
		case 'a':
			animate(g);
			break;
		case 'f':
			fewest(g, 1);
			break;
		case 'p':
			new_puzzle(g);
			break;
		case 'd':
			g->level = g->level >= PEG_PUZZLE_HARD
					   ? PEG_PUZZLE_EASY
					   : g->level + 1;
			snprintf(g->msg, sizeof(g->msg),
				 "puzzle difficulty: %s (p makes one)",
				 peg_puzzle_level_name(g->level));
			break;
		case 'e':
			edit_start(g);
			break;
		case 'w':
			save(g);
			break;
		default:
			break;
		}
	}
}

/* --puzzle: a generated puzzle (puzzle.h) as a new session; the seed is
 * printed so that the same puzzle can be asked for again. */
static struct peg_session *puzzle_session(struct game *g, const char *spec,
					  const char *level, const char *seed,
					  const char *pegs,
					  struct peg_err *err)
{
	struct peg_board *b;
	struct peg_session *s;
	uint64_t u = 0;
	int lv = level ? peg_puzzle_level_parse(level) : PEG_PUZZLE_MEDIUM;
	int n_pegs = 0;

	err->msg[0] = 0;
	if (lv < 0 || lv == PEG_PUZZLE_ANY) {
		peg_err_set(err, "bad --level '%s' (easy, medium or hard)",
			    level);
		return NULL;
	}
	if (seed && cli_u64(seed, 0, UINT64_MAX, &g->seed)) {
		peg_err_set(err, "bad --seed '%s' (a whole number from 0 to "
			    "%llu)", cli_q(seed), (unsigned long long)UINT64_MAX);
		return NULL;
	}
	if (pegs && cli_u64(pegs, 2, INT_MAX, &u)) {
		peg_err_set(err, "bad --pegs '%s' (a whole number from 2 to "
			    "%d)", cli_q(pegs), INT_MAX);
		return NULL;
	}
	n_pegs = pegs ? (int)u : 0;
	g->level = (enum peg_puzzle_level)lv;
	b = peg_board_parse(spec, err);
	if (!b)
		return NULL;
	s = make_puzzle(b, g->level, g->seed, n_pegs, g->pzinfo,
			sizeof(g->pzinfo), err);
	if (s) {
		printf("%s\n", g->pzinfo);
		fflush(stdout);
	}
	return s;
}

int cmd_play(int argc, char **argv)
{
	int np, r, ret = EXIT_YES;
	const char *pos[1], *vacate = NULL, *position = NULL, *goal = NULL;
	const char *load = NULL, *replay = NULL, *hints = "all";
	const char *budget = NULL, *sets = "auto", *memory = NULL;
	const char *level = NULL, *seed = NULL, *pz_pegs = NULL;
	int puzzle = 0;
	struct game g;
	struct cli_opt opts[] = {{"--vacate", CLI_STRING, &vacate},
				 {"--position", CLI_STRING, &position},
				 {"--goal", CLI_STRING, &goal},
				 {"--load", CLI_STRING, &load},
				 {"--replay", CLI_STRING, &replay},
				 {"--save", CLI_STRING, &g.save_path},
				 {"--hints", CLI_STRING, &hints},
				 {"--budget", CLI_STRING, &budget},
				 {"--sets", CLI_STRING, &sets},
				 {"--cache", CLI_STRING, &g.cache},
				 {"--puzzle", CLI_FLAG, &puzzle},
				 {"--level", CLI_STRING, &level},
				 {"--seed", CLI_STRING, &seed},
				 {"--pegs", CLI_STRING, &pz_pegs},
				 {"--memory-mb", CLI_STRING, &memory}};
	struct peg_err err;

	memset(&g, 0, sizeof(g));
	g.save_path = "pegsol-game.txt";
	g.level = PEG_PUZZLE_MEDIUM;
	g.seed = (uint64_t)time(NULL) % 1000000000ull;
	r = cli_parse(argc, argv, opts, (int)(sizeof(opts) / sizeof(opts[0])),
		      pos, 1, &np, usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	g.memory = (size_t)PLAYKIT_MEMORY_MB << 20;
	if (memory && cli_parse_mb("--memory-mb", memory, 1 << 24, &g.memory))
		return EXIT_USAGE;
	g.sets_mode = playkit_sets_parse(sets);
	if (g.sets_mode < 0) {
		cli_error("bad --sets '%s' (off, auto or all)", sets);
		return EXIT_USAGE;
	}
	g.budget = 2000000;
	if (budget) {
		uint64_t u;

		/* the hint search runs 4 x budget: 10^12 keeps that far
		 * from overflowing a long */
		if (cli_parse_u64("--budget", budget, 1, 1000000000000ull, &u))
			return EXIT_USAGE;
		g.budget = (long)u;
	}
	if (!strcmp(hints, "off"))
		g.hints = HINTS_OFF;
	else if (!strcmp(hints, "winnable"))
		g.hints = HINTS_WINNABLE;
	else if (!strcmp(hints, "good"))
		g.hints = HINTS_GOOD;
	else if (!strcmp(hints, "all"))
		g.hints = HINTS_ALL;
	else {
		cli_error("bad --hints '%s' (off, winnable, good or all)",
			  hints);
		return EXIT_USAGE;
	}
	if (level && !puzzle) {
		int lv = peg_puzzle_level_parse(level);

		if (lv <= PEG_PUZZLE_ANY) {
			cli_error("bad --level '%s' (easy, medium or hard)",
				  level);
			return EXIT_USAGE;
		}
		g.level = (enum peg_puzzle_level)lv;
	}
	if (load) {
		char *text = cli_text_arg(load);

		if (!text)
			return EXIT_USAGE;
		g.s = peg_session_load(text, &err);
		free(text);
	} else {
		if (!np) {
			cli_error("missing BOARD (try --help)");
			return EXIT_USAGE;
		}
		if (puzzle) {
			g.s = puzzle_session(&g, pos[0], level, seed, pz_pegs,
					     &err);
			if (!g.s && !err.msg[0])
				return EXIT_USAGE;
		} else if (position) {
			char *text = cli_text_arg(position);

			if (!text)
				return EXIT_USAGE;
			g.s = peg_session_create(pos[0], text, vacate, goal,
						 &err);
			free(text);
		} else {
			g.s = peg_session_create(pos[0], NULL, vacate, goal,
						 &err);
		}
	}
	if (!g.s) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	if (replay) {
		char *text = cli_text_arg(replay);

		if (!text || peg_session_load_moves(g.s, text, &err)) {
			if (text)
				cli_error("%s", err.msg);
			free(text);
			peg_session_free(g.s);
			return EXIT_USAGE;
		}
		free(text);
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		cli_error("the terminal game needs a terminal");
		peg_session_free(g.s);
		return EXIT_USAGE;
	}
	if (attach(&g)) {
		cli_error("out of memory");
		ret = EXIT_RESOURCES;
		goto out;
	}
	setlocale(LC_ALL, "");
	if (!initscr()) {
		cli_error("cannot start the terminal");
		ret = EXIT_USAGE;
		goto out;
	}
	g.curses = 1;
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
	after_change(&g);
	loop(&g);
	endwin();
out:
	detach(&g);
	peg_session_free(g.s);
	return ret;
}
