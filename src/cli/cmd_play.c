/* cmd_play.c - pegsol play: the terminal game (ncurses, keyboard and mouse)
 * over the session layer and the never-lose oracle (docs/play.md). */
#include "cli.h"
#include "playkit.h"

#include "pegsol/oracle.h"
#include "pegsol/puzzle.h"
#include "pegsol/session.h"
#include "pegsol/solution.h"

#include <curses.h>
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
	"                   [--save FILE] [--hints off|winnable|all]\n"
	"                   [--budget NODES] [--sets off|auto|all]\n"
	"                   [--cache DIR]\n"
	"       pegsol play BOARD --puzzle [--level easy|medium|hard]\n"
	"                   [--pegs N] [--seed S]\n\n"
	"Play peg solitaire in the terminal.  Keys: arrows move, Enter or\n"
	"space selects a peg / jumps to the hole under the cursor, u undo,\n"
	"r redo, R back to the start, h hint, H hint strength, s solve from\n"
	"here (animated), a play the redo tail (animated), : type a move\n"
	"(c3-a3-a1) or a hole to select, w save the game id to the --save\n"
	"FILE (default pegsol-game.txt), q quit.  The mouse selects and\n"
	"jumps too.  Losing jumps show as X (a bomb), winning ones as +.\n"
	"--replay loads a solution as the redo tail: press a to watch it.\n"
	"Hints come from precomputed winning sets on small boards (--sets\n"
	"auto: up to 25 holes and English; all: up to 36 holes), computed\n"
	"once and cached in --cache DIR (default $PEGSOL_CACHE,\n"
	"$XDG_CACHE_HOME/pegsol or ~/.cache/pegsol), else by a live search.\n"
	"--puzzle starts a generated puzzle (solvable by construction: reverse\n"
	"jumps from one peg, graded by the share of losing jumps on the way);\n"
	"its seed is printed, and --seed S makes the same puzzle again.\n";

enum hints { HINTS_OFF, HINTS_WINNABLE, HINTS_ALL };
static const char *hint_names[] = {"off", "still winnable?", "all bombs"};

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
	const char *save_path;
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

/* Recompute the oracle's verdicts for the current position. */
static void update_verdicts(struct game *g)
{
	struct peg_oracle_stats st;

	g->verdict = PEG_UNKNOWN;
	g->nodes = 0;
	if (!g->o || g->hints == HINTS_OFF)
		return;
	g->verdict = peg_oracle_classify_played(g->o, g->w, g->s->pegs,
						g->budget, g->v);
	peg_oracle_stats(g->o, &st);
	g->nodes = st.nodes;
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

	if (g->sel >= 0 && !p[h]) {
		int k = legal_from_to(g, g->sel, h);

		if (k >= 0) {
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
					  : c == '+'	       ? 3
					  : c == '@'	       ? 4
					  : c == 'o'	       ? 1
							       : 0);
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
	mvprintw(y++, 0, "%s", g->msg);
	mvprintw(y + 1, 0,
		 "arrows move  enter select/jump  u undo  r redo  R reset  "
		 "h hint  H hints");
	mvprintw(y + 2, 0,
		 "s solve  a animate redo  : type move  w save  q quit");
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

static void after_change(struct game *g)
{
	update_verdicts(g);
	if (g->sel >= 0 && (!g->s->pegs[g->sel] || legal_from_to(g, g->sel, -1) < 0))
		g->sel = -1;
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
	while (!peg_session_redo(g->s)) {
		g->sel = -1;
		after_change(g);
		draw(g);
		napms(250);
	}
}

static void solve(struct game *g)
{
	struct peg_jump *jumps;
	struct peg_err err;
	int n;
	enum peg_verdict v;

	if (!g->o) {
		snprintf(g->msg, sizeof(g->msg), "no solver past 63 holes");
		return;
	}
	snprintf(g->msg, sizeof(g->msg), "searching...");
	draw(g);
	v = peg_oracle_solve_played(g->o, g->w, g->s->pegs, g->budget * 4,
				    &jumps, &n);
	if (v != PEG_WIN) {
		snprintf(g->msg, sizeof(g->msg), "%s",
			 v == PEG_LOSE ? "the goal can no longer be reached"
				       : "no solution found within the budget");
		return;
	}
	if (peg_session_set_future(g->s, jumps, n, &err))
		snprintf(g->msg, sizeof(g->msg), "%s", err.msg);
	free(jumps);
	snprintf(g->msg, sizeof(g->msg), "solving from here: %d jumps", n);
	animate(g);
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
		g->sel = -1;
		act(g, h);
		return;
	}
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

static void save(struct game *g)
{
	char *id = peg_session_save(g->s, 1);
	FILE *f = id ? fopen(g->save_path, "w") : NULL;

	if (!f) {
		snprintf(g->msg, sizeof(g->msg), "cannot write '%s'",
			 g->save_path);
		free(id);
		return;
	}
	fprintf(f, "%s\n", id);
	fclose(f);
	snprintf(g->msg, sizeof(g->msg), "saved to %s", g->save_path);
	free(id);
}

static void loop(struct game *g)
{
	MEVENT ev;
	int ch;

	for (;;) {
		draw(g);
		ch = getch();
		switch (ch) {
		case 'q':
		case 'Q':
			return;
		case KEY_UP:
			g->cursor = step(g, -1, 0);
			break;
		case KEY_DOWN:
			g->cursor = step(g, 1, 0);
			break;
		case KEY_LEFT:
			g->cursor = step(g, 0, -1);
			break;
		case KEY_RIGHT:
			g->cursor = step(g, 0, 1);
			break;
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
			g->hints = (g->hints + 1) % 3;
			after_change(g);
			break;
		case 's':
			solve(g);
			break;
		case 'a':
			animate(g);
			break;
		case ':':
			command(g);
			break;
		case 'w':
			save(g);
			break;
		case KEY_MOUSE:
			if (getmouse(&ev) == OK &&
			    (ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED |
					  BUTTON1_RELEASED))) {
				for (int h = 0; h < g->s->b->n_holes; h++)
					if (g->top + g->row[h] == ev.y &&
					    abs(g->left + g->col[h] - ev.x) <= 1) {
						g->cursor = h;
						if (!(ev.bstate & BUTTON1_RELEASED))
							act(g, h);
						break;
					}
			}
			break;
		default:
			break;
		}
	}
}

/* --puzzle: a generated puzzle (puzzle.h) as a new session; the seed is
 * printed so that the same puzzle can be asked for again. */
static struct peg_session *puzzle_session(const char *spec, const char *level,
					  const char *seed, const char *pegs,
					  struct peg_err *err)
{
	struct peg_puzzle_opts o = {0};
	struct peg_puzzle pz;
	struct peg_board *b;
	struct peg_session *s;
	struct peg_goal g;
	char *end, name[64];
	int lv = level ? peg_puzzle_level_parse(level) : PEG_PUZZLE_MEDIUM;

	err->msg[0] = 0;
	if (lv < 0) {
		peg_err_set(err, "bad --level '%s' (easy, medium or hard)",
			    level);
		return NULL;
	}
	if (seed) {
		o.seed = strtoull(seed, &end, 10);
		if (!*seed || *end) {
			peg_err_set(err, "bad --seed '%s' (a number)", seed);
			return NULL;
		}
	} else {
		o.seed = (uint64_t)time(NULL) % 1000000000ull;
	}
	if (pegs) {
		o.pegs = (int)strtol(pegs, &end, 10);
		if (!*pegs || *end || o.pegs < 2) {
			peg_err_set(err, "bad --pegs '%s'", pegs);
			return NULL;
		}
	}
	o.finish = -1;
	o.level = (enum peg_puzzle_level)lv;
	b = peg_board_parse(spec, err);
	if (!b)
		return NULL;
	if (peg_puzzle_generate(b, &o, &pz, err)) {
		peg_board_free(b);
		return NULL;
	}
	printf("puzzle seed %llu: %d pegs, finish at %s, graded %s "
	       "(%.0f%% of the jumps on the way lose)\n",
	       (unsigned long long)pz.seed, pz.pegs,
	       peg_board_hole_name(b, pz.finish, name, sizeof(name)),
	       peg_puzzle_level_name(pz.grade), 100 * pz.score);
	fflush(stdout);
	g.kind = PEG_GOAL_HOLE;
	g.hole = pz.finish;
	s = peg_session_new(b, pz.start, &g, err);
	peg_puzzle_release(&pz);
	return s;
}

int cmd_play(int argc, char **argv)
{
	int np, r, ret = EXIT_YES;
	const char *pos[1], *vacate = NULL, *position = NULL, *goal = NULL;
	const char *load = NULL, *replay = NULL, *hints = "all";
	const char *budget = NULL, *sets = "auto", *cache = NULL;
	char cache_buf[1024];
	const char *level = NULL, *seed = NULL, *pz_pegs = NULL;
	int sets_mode, puzzle = 0;
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
				 {"--cache", CLI_STRING, &cache},
				 {"--puzzle", CLI_FLAG, &puzzle},
				 {"--level", CLI_STRING, &level},
				 {"--seed", CLI_STRING, &seed},
				 {"--pegs", CLI_STRING, &pz_pegs}};
	struct peg_err err;

	memset(&g, 0, sizeof(g));
	g.save_path = "pegsol-game.txt";
	r = cli_parse(argc, argv, opts, 14, pos, 1, &np, usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	sets_mode = playkit_sets_parse(sets);
	if (sets_mode < 0) {
		cli_error("bad --sets '%s' (off, auto or all)", sets);
		return EXIT_USAGE;
	}
	g.budget = 2000000;
	if (budget) {
		char *end;

		g.budget = strtol(budget, &end, 10);
		if (*end || g.budget < 1) {
			cli_error("bad budget '%s'", budget);
			return EXIT_USAGE;
		}
	}
	if (!strcmp(hints, "off"))
		g.hints = HINTS_OFF;
	else if (!strcmp(hints, "winnable"))
		g.hints = HINTS_WINNABLE;
	else if (!strcmp(hints, "all"))
		g.hints = HINTS_ALL;
	else {
		cli_error("bad --hints '%s' (off, winnable or all)", hints);
		return EXIT_USAGE;
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
			g.s = puzzle_session(pos[0], level, seed, pz_pegs, &err);
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
	g.o = peg_oracle_new(g.s->b, &g.s->goal, 0, &err);
	if (g.o && playkit_sets_wanted(g.s, sets_mode)) {
		const char *dir = playkit_cache_dir(cache, cache_buf,
						    sizeof(cache_buf));
		struct peg_winsets_info info;
		char path[1100];

		peg_winsets_path(g.s->b, g.s->start, playkit_finish(g.s), dir,
				 path, sizeof(path));
		if (g.s->b->n_holes > 21 && (!dir || access(path, R_OK)))
			fprintf(stderr,
				"pegsol play: computing the winning sets of "
				"%s (once%s%s)...\n",
				g.s->b->spec, dir ? ", cached in " : "",
				dir ? dir : "");
		if (peg_winsets_open(g.s->b, g.s->start, playkit_finish(g.s),
				     dir, 0, &g.w, &info, &err))
			fprintf(stderr, "pegsol play: no winning sets (%s), "
				"using the live search\n", err.msg);
	}
	g.v = calloc((size_t)g.s->b->n_jumps + 1, sizeof(*g.v));
	g.row = calloc((size_t)g.s->b->n_holes, sizeof(int));
	g.col = calloc((size_t)g.s->b->n_holes, sizeof(int));
	if (!g.v || !g.row || !g.col) {
		cli_error("out of memory");
		ret = EXIT_RESOURCES;
		goto out;
	}
	layout(&g);
	g.sel = -1;
	g.cursor = 0;
	setlocale(LC_ALL, "");
	if (!initscr()) {
		cli_error("cannot start the terminal");
		ret = EXIT_USAGE;
		goto out;
	}
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
	peg_winsets_free(g.w);
	peg_oracle_free(g.o);
	free(g.v);
	free(g.row);
	free(g.col);
	peg_session_free(g.s);
	return ret;
}
