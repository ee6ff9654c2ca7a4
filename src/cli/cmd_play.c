/* cmd_play.c - pegsol play: the terminal game (ncurses, keyboard and mouse)
 * over the game service (play.h; docs/play.md).  This file holds the keys
 * and the messages; play_tui.c draws. */
#include "cli.h"
#include "play_tui.h"

#include "pegsol/play.h"
#include "pegsol/pos.h"

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

#define OPT_MAX_HOLES 21     /* fewest moves from the start: at once */

/* Before the winning sets are computed (play.h's computing hook). */
static void computing(void *arg, const struct peg_board *b, const char *dir)
{
	struct tui *t = arg;

	if (t->curses) {
		mvprintw(LINES - 1, 0, "computing the winning sets (once)...");
		refresh();
	} else {
		fprintf(stderr,
			"pegsol play: computing the winning sets of %s "
			"(once%s%s)...\n",
			b->spec, dir ? ", cached in " : "", dir ? dir : "");
	}
}

/* The game's oracle and sets, the screen arrays: 0 or -1 (memory). */
static int play_attach(struct tui *t)
{
	char note[300];
	int n = t->g->s->b->n_holes;

	t->msg[0] = 0; /* nothing of the last game's lines survives */
	t->computer = -1;
	switch (peg_game_prepare(t->g, note, sizeof(note))) {
	case PEG_PLAY_SETS_REFUSED:
		snprintf(t->msg, sizeof(t->msg), "%.200s: live search", note);
		if (!t->curses)
			cli_note("%s: hints by the live search (raise "
				 "--memory-mb to precompute them)",
				 note);
		break;
	case PEG_PLAY_SETS_FAILED:
		if (!t->curses)
			fprintf(stderr, "pegsol play: no winning sets (%s), "
				"using the live search\n", note);
		break;
	default:
		break;
	}
	t->row = calloc((size_t)n, sizeof(int));
	t->col = calloc((size_t)n, sizeof(int));
	t->edit = calloc((size_t)n, 1);
	if (!t->row || !t->col || !t->edit)
		return -1;
	tui_layout(t);
	t->sel = -1;
	t->cursor = 0;
	t->opt = -2;
	t->optinfo[0] = 0;
	t->good.from = -1;
	return 0;
}

static void play_detach(struct tui *t)
{
	peg_play_state_release(&t->st);
	free(t->row);
	free(t->col);
	free(t->edit);
	t->row = t->col = NULL;
	t->edit = NULL;
}

/* After the game's session changed: its oracle, sets and screen arrays
 * again (out of memory ends the game). */
void play_reattach(struct tui *t)
{
	play_detach(t);
	if (play_attach(t)) {
		endwin();
		fprintf(stderr, "pegsol play: out of memory\n");
		exit(EXIT_RESOURCES);
	}
}

/* Swap in a new session (a puzzle); the old one goes. */
static void replace_session(struct tui *t, struct peg_session *s)
{
	peg_game_replace(t->g, s);
	play_reattach(t);
}

/* Describe the position again: the verdicts (and one good jump). */
static void update_verdicts(struct tui *t)
{
	struct peg_play_line l;
	struct peg_err err;

	peg_play_state_release(&t->st);
	t->good.from = -1;
	if (t->hints == HINTS_OFF || !peg_game_has_oracle(t->g))
		return;
	if (peg_game_describe(t->g, PEG_PLAY_VERDICTS, &t->st, &err))
		return;
	if (t->hints == HINTS_GOOD && t->st.verdict == PEG_WIN &&
	    !peg_game_hint(t->g, &l, &err)) {
		if (l.verdict == PEG_WIN && l.n > 0)
			t->good = l.jumps[0];
		peg_play_line_release(&l);
	}
}

/* The fewest moves from the start once the game is won. */
void play_fewest(struct tui *t, int asked)
{
	const struct peg_session *s = t->g->s;
	int mine = peg_session_moves(s), won = peg_session_won(s);

	if (t->opt == -2 && (s->b->n_holes <= OPT_MAX_HOLES || asked)) {
		struct peg_play_fewest f;

		peg_game_fewest(t->g, &f);
		t->opt = f.moves == -2 ? -3 : f.moves;
		peg_play_fewest_release(&f);
	}
	if (t->opt == -2)
		snprintf(t->optinfo, sizeof(t->optinfo),
			 "fewest moves: press f (computed at once up to %d "
			 "holes)", OPT_MAX_HOLES);
	else if (t->opt == -3)
		snprintf(t->optinfo, sizeof(t->optinfo),
			 "fewest moves: not computed (board too big)");
	else if (t->opt == -1)
		snprintf(t->optinfo, sizeof(t->optinfo),
			 "fewest moves: no solution from the start");
	else if (t->computer >= 0 && peg_session_jumps(s) > t->computer)
		snprintf(t->optinfo, sizeof(t->optinfo),
			 "fewest moves from the start: %d (%s)", t->opt,
			 won ? "won with the computer's Solve: no score"
			     : "the computer played the last moves");
	else
		snprintf(t->optinfo, sizeof(t->optinfo),
			 "fewest moves from the start: %d (you: %d%s)", t->opt,
			 mine,
			 !won		   ? " so far"
			 : mine <= t->opt ? ", optimal!"
					   : "");
}

void play_after_change(struct tui *t)
{
	update_verdicts(t);
	if (t->sel >= 0 && (!t->g->s->pegs[t->sel] ||
			    peg_game_legal(t->g, t->sel, -1) < 0))
		t->sel = -1;
	if (peg_session_won(t->g->s))
		play_fewest(t, 0);
	else if (t->optinfo[0] && t->opt >= 0)
		play_fewest(t, 1);
}

/* A full board before any jump: no jump is possible, so Enter (or a
 * click) on a hole empties it to choose the start (as on Bell's pages). */
int play_full_board(const struct tui *t)
{
	const struct peg_session *s = t->g->s;

	return peg_session_jumps(s) == 0 &&
	       peg_pos_count(s->pegs, s->b->n_holes) == s->b->n_holes;
}

/* Enter on hole h: jump there, select it, or deselect. */
void play_act(struct tui *t, int h)
{
	struct peg_err err;
	const unsigned char *pegs = t->g->s->pegs;

	t->msg[0] = 0;
	if (play_full_board(t)) { /* choosing the start: empty h */
		unsigned char *start = malloc((size_t)t->g->s->b->n_holes);
		char name[64];

		if (!start) {
			snprintf(t->msg, sizeof(t->msg), "out of memory");
			return;
		}
		memcpy(start, pegs, (size_t)t->g->s->b->n_holes);
		start[h] = 0;
		if (peg_game_restart(t->g, start, &err)) {
			snprintf(t->msg, sizeof(t->msg), "%s", err.msg);
		} else {
			play_reattach(t);
			snprintf(t->msg, sizeof(t->msg),
				 "start: %s vacated; your move",
				 peg_board_hole_name(t->g->s->b, h, name,
						     sizeof(name)));
			play_after_change(t);
		}
		free(start);
		return;
	}
	if (t->sel >= 0 && peg_game_legal(t->g, t->sel, h) >= 0) {
		/* a jump of the player's own before the computer's part
		 * drops that part (no redo past a new jump) */
		if (t->computer >= 0 && peg_session_jumps(t->g->s) <= t->computer)
			t->computer = -1;
		if (peg_game_play(t->g, t->sel, h, &err))
			snprintf(t->msg, sizeof(t->msg), "%s", err.msg);
		t->sel = h; /* the same peg may go on: one move */
		play_after_change(t);
		return;
	}
	if (pegs[h] && peg_game_legal(t->g, h, -1) >= 0 && h != t->sel) {
		t->sel = h;
	} else {
		if (pegs[h] && h != t->sel)
			snprintf(t->msg, sizeof(t->msg), "that peg cannot jump");
		t->sel = -1;
	}
}

void play_animate(struct tui *t)
{
	const struct peg_session *s = t->g->s;
	int left = s->n_hist - s->cur;
	int ms = left > 0 ? 3000 / left : 250;

	if (ms > 250)
		ms = 250;
	if (ms < 5)
		ms = 5;
	while (!peg_game_redo(t->g)) {
		t->sel = -1;
		if (s->b->n_holes <= 63 || s->cur == s->n_hist)
			play_after_change(t);
		tui_draw(t);
		napms(ms);
	}
}

void play_solve(struct tui *t)
{
	struct peg_play_line l;
	struct peg_err err;
	const char *reason;
	char msg[200];

	snprintf(t->msg, sizeof(t->msg), "searching...");
	tui_draw(t);
	if (t->computer < 0 || peg_session_jumps(t->g->s) < t->computer)
		t->computer = peg_session_jumps(t->g->s);
	if (peg_game_solve(t->g, &l, &reason, &err)) {
		snprintf(t->msg, sizeof(t->msg), "%s", err.msg);
		return;
	}
	if (l.verdict != PEG_WIN) {
		snprintf(t->msg, sizeof(t->msg), "%s",
			 l.verdict == PEG_LOSE
				 ? "the goal can no longer be reached"
			 : l.line_note[0] ? l.line_note
					  : "no solution found within the budget");
		peg_play_line_release(&l);
		return;
	}
	snprintf(msg, sizeof(msg), "solving from here: %s line, %d moves "
		 "(%d jumps)%s",
		 l.kind == PEG_LINE_SHORTEST	   ? "fewest-moves"
		 : l.kind == PEG_LINE_CONSTRUCTIVE ? "constructive"
						   : "oracle (any winning)",
		 l.moves, l.n,
		 l.kind == PEG_LINE_SHORTEST ? ", proved minimal" : "");
	snprintf(t->msg, sizeof(t->msg), "%s", msg);
	peg_play_line_release(&l);
	play_animate(t);
	snprintf(t->msg, sizeof(t->msg), "%s", msg);
}

void play_hint(struct tui *t)
{
	struct peg_play_line l;
	struct peg_err err;
	char a[32], c[32];

	if (!peg_game_has_oracle(t->g)) {
		snprintf(t->msg, sizeof(t->msg), "no hints past 63 holes");
		return;
	}
	peg_game_hint(t->g, &l, &err);
	if (l.verdict == PEG_WIN && l.n > 0) {
		t->sel = l.jumps[0].from;
		t->cursor = l.jumps[0].to;
		snprintf(t->msg, sizeof(t->msg), "hint: %s-%s",
			 peg_board_hole_name(t->g->s->b, l.jumps[0].from, a,
					     sizeof(a)),
			 peg_board_hole_name(t->g->s->b, l.jumps[0].to, c,
					     sizeof(c)));
	} else {
		snprintf(t->msg, sizeof(t->msg), "%s",
			 l.verdict == PEG_LOSE ? "no winning jump from here"
					       : "no hint within the budget");
	}
	peg_play_line_release(&l);
}

/* ---- puzzles ---- */

/* A puzzle of spec at level (seed t->seed) as a session; info says what
 * it is.  NULL with err. */
static struct peg_session *make_puzzle(struct tui *t, struct peg_play_ctx *c,
				       const char *spec, int pegs, char *info,
				       size_t info_size, struct peg_err *err)
{
	struct peg_puzzle_opts o = {0};
	struct peg_puzzle pz;
	struct peg_session *s;
	const char *reason;
	char name[64];

	o.seed = t->seed;
	o.pegs = pegs;
	o.finish = -1;
	o.level = t->level;
	if (peg_play_puzzle(c, spec, &o, &s, &pz, &reason, err))
		return NULL;
	snprintf(info, info_size,
		 "puzzle seed %llu: %d pegs, finish at %s, graded %s "
		 "(%.0f%% of the jumps on the way lose)",
		 (unsigned long long)pz.seed, pz.pegs,
		 peg_board_hole_name(s->b, pz.finish, name, sizeof(name)),
		 peg_puzzle_level_name(pz.grade), 100 * pz.score);
	peg_puzzle_release(&pz);
	return s;
}

/* 'p': a new puzzle on the same board at the chosen level; the seeds go
 * on from the last one, so a run of puzzles is reproducible too. */
void play_new_puzzle(struct tui *t)
{
	struct peg_err err;
	struct peg_session *s;
	char info[200], *spec = strdup(t->g->s->b->spec);

	t->seed++;
	mvprintw(LINES - 1, 0, "making a puzzle...");
	refresh();
	snprintf(err.msg, sizeof(err.msg), "out of memory");
	s = spec ? make_puzzle(t, t->g->ctx, spec, 0, info, sizeof(info),
			       &err)
		 : NULL;
	free(spec);
	if (!s) {
		snprintf(t->msg, sizeof(t->msg), "%s", err.msg);
		return;
	}
	replace_session(t, s);
	snprintf(t->pzinfo, sizeof(t->pzinfo), "%s", info);
	snprintf(t->msg, sizeof(t->msg), "new %s puzzle",
		 peg_puzzle_level_name(t->level));
	play_after_change(t);
}

/* --puzzle: a generated puzzle as the first session; the seed is printed
 * so that the same puzzle can be asked for again. */
static struct peg_session *puzzle_session(struct tui *t,
					  struct peg_play_ctx *c,
					  const char *spec, const char *level,
					  const char *seed, const char *pegs,
					  struct peg_err *err)
{
	struct peg_session *s;
	uint64_t u = 0;
	int lv = level ? peg_puzzle_level_parse(level) : PEG_PUZZLE_MEDIUM;

	err->msg[0] = 0;
	if (lv < 0 || lv == PEG_PUZZLE_ANY) {
		peg_err_set(err, "bad --level '%s' (easy, medium or hard)",
			    level);
		return NULL;
	}
	if (seed && cli_u64(seed, 0, UINT64_MAX, &t->seed)) {
		peg_err_set(err, "bad --seed '%s' (a whole number from 0 to "
			    "%llu)", cli_q(seed), (unsigned long long)UINT64_MAX);
		return NULL;
	}
	if (pegs && cli_u64(pegs, 2, INT_MAX, &u)) {
		peg_err_set(err, "bad --pegs '%s' (a whole number from 2 to "
			    "%d)", cli_q(pegs), INT_MAX);
		return NULL;
	}
	t->level = (enum peg_puzzle_level)lv;
	s = make_puzzle(t, c, spec, pegs ? (int)u : 0, t->pzinfo,
			sizeof(t->pzinfo), err);
	if (s) {
		printf("%s\n", t->pzinfo);
		fflush(stdout);
	}
	return s;
}

/* --hints: the level, or -1. */
static int hints_parse(const char *text)
{
	static const char *names[] = {"off", "winnable", "good", "all"};

	for (int i = 0; i < 4; i++)
		if (!strcmp(text, names[i]))
			return i;
	return -1;
}

struct play_args {
	const char *board, *vacate, *position, *goal, *load, *replay;
	const char *level, *seed, *pegs;
	int puzzle;
};

/* The first session from the options; NULL (error printed, *rc set). */
static struct peg_session *first_session(struct tui *t, struct peg_play_ctx *c,
					 const struct play_args *a, int *rc)
{
	struct peg_session *s = NULL;
	struct peg_err err;
	char *text;

	*rc = EXIT_USAGE;
	err.msg[0] = 0;
	if (a->load) {
		if (!(text = cli_text_arg(a->load)))
			return NULL;
		s = peg_session_load(text, &err);
		free(text);
	} else if (!a->board) {
		cli_error("missing BOARD (try --help)");
		return NULL;
	} else if (a->puzzle) {
		s = puzzle_session(t, c, a->board, a->level, a->seed, a->pegs,
				   &err);
		if (!s && !err.msg[0])
			return NULL;
	} else if (a->position) {
		if (!(text = cli_text_arg(a->position)))
			return NULL;
		s = peg_session_create(a->board, text, a->vacate, a->goal,
				       &err);
		free(text);
	} else {
		s = peg_session_create(a->board, NULL, a->vacate, a->goal,
				       &err);
	}
	if (!s) {
		cli_error("%s", err.msg);
		return NULL;
	}
	if (a->replay) {
		text = cli_text_arg(a->replay);
		if (!text || peg_session_load_moves(s, text, &err)) {
			if (text)
				cli_error("%s", err.msg);
			free(text);
			peg_session_free(s);
			return NULL;
		}
		free(text);
	}
	return s;
}

/* The screen up, the game played, the screen down. */
static int run(struct tui *t)
{
	if (play_attach(t)) {
		cli_error("out of memory");
		return EXIT_RESOURCES;
	}
	setlocale(LC_ALL, "");
	if (!initscr()) {
		cli_error("cannot start the terminal");
		return EXIT_USAGE;
	}
	t->curses = 1;
	tui_start();
	play_after_change(t);
	tui_loop(t);
	endwin();
	return EXIT_YES;
}

int cmd_play(int argc, char **argv)
{
	int np, r, ret = EXIT_USAGE;
	const char *pos[1], *hints = "all", *budget = NULL, *sets = "auto";
	const char *memory = NULL, *cache = NULL;
	struct play_args a = {0};
	struct tui t;
	struct peg_play_opts po = {0};
	struct peg_play_ctx *c;
	struct peg_session *s;
	struct peg_err err;
	char cache_buf[1024];
	struct cli_opt opts[] = {{"--vacate", CLI_STRING, &a.vacate},
				 {"--position", CLI_STRING, &a.position},
				 {"--goal", CLI_STRING, &a.goal},
				 {"--load", CLI_STRING, &a.load},
				 {"--replay", CLI_STRING, &a.replay},
				 {"--save", CLI_STRING, &t.save_path},
				 {"--hints", CLI_STRING, &hints},
				 {"--budget", CLI_STRING, &budget},
				 {"--sets", CLI_STRING, &sets},
				 {"--cache", CLI_STRING, &cache},
				 {"--puzzle", CLI_FLAG, &a.puzzle},
				 {"--level", CLI_STRING, &a.level},
				 {"--seed", CLI_STRING, &a.seed},
				 {"--pegs", CLI_STRING, &a.pegs},
				 {"--memory-mb", CLI_STRING, &memory}};

	memset(&t, 0, sizeof(t));
	t.save_path = "pegsol-game.txt";
	t.level = PEG_PUZZLE_MEDIUM;
	t.seed = (uint64_t)time(NULL) % 1000000000ull;
	r = cli_parse(argc, argv, opts, (int)(sizeof(opts) / sizeof(opts[0])),
		      pos, 1, &np, usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	a.board = np ? pos[0] : NULL;
	po.memory = (size_t)PEG_PLAY_MEMORY_MB << 20;
	if (memory && cli_parse_mb("--memory-mb", memory, 1 << 24, &po.memory))
		return EXIT_USAGE;
	if ((int)(po.sets = peg_play_sets_parse(sets)) < 0) {
		cli_error("bad --sets '%s' (off, auto or all)", sets);
		return EXIT_USAGE;
	}
	po.budget = 2000000;
	if (budget) {
		uint64_t u;

		/* the hint search runs 4 x budget: 10^12 keeps that far
		 * from overflowing a long */
		if (cli_parse_u64("--budget", budget, 1, 1000000000000ull, &u))
			return EXIT_USAGE;
		po.budget = (long)u;
	}
	if ((r = hints_parse(hints)) < 0) {
		cli_error("bad --hints '%s' (off, winnable, good or all)",
			  hints);
		return EXIT_USAGE;
	}
	t.hints = (enum tui_hints)r;
	if (a.level && !a.puzzle) {
		int lv = peg_puzzle_level_parse(a.level);

		if (lv <= PEG_PUZZLE_ANY) {
			cli_error("bad --level '%s' (easy, medium or hard)",
				  a.level);
			return EXIT_USAGE;
		}
		t.level = (enum peg_puzzle_level)lv;
	}
	po.cache_dir = peg_play_cache_dir(cache, cache_buf, sizeof(cache_buf));
	po.shortest_states = 2000000;
	po.computing = computing;
	po.computing_arg = &t;
	c = peg_play_ctx_new(&po, &err);
	if (!c) {
		cli_error("%s", err.msg);
		return EXIT_RESOURCES;
	}
	s = first_session(&t, c, &a, &ret);
	if (!s)
		goto out;
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		cli_error("the terminal game needs a terminal");
		peg_session_free(s);
		ret = EXIT_USAGE;
		goto out;
	}
	t.g = peg_game_new(c, s, &err);
	ret = t.g ? run(&t) : EXIT_RESOURCES;
	play_detach(&t);
	peg_game_free(t.g);
out:
	peg_play_ctx_free(c);
	return ret;
}
