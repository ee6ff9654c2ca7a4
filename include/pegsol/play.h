/* play.h - the game service: what both games (the terminal game and the web
 * server) call, modelled on the midend of Simon Tatham's puzzles.  A face
 * parses its input, calls this and prints; no rule, search or cache policy
 * lives in a face (docs/play.md, "The play API").
 *
 * Two objects:
 *
 *   struct peg_play_ctx   what many games share: the never-lose oracles
 *                         (one per board and goal hole), the precomputed
 *                         winning sets (one per board, start and goal), the
 *                         fewest-moves optima, and one memory ledger of
 *                         opts.memory bytes for all of them and for the
 *                         engines a call runs.  Idle oracles and sets are
 *                         evicted least recently used first; an entry in
 *                         use is held by a reference count.  Thread-safe:
 *                         the web server shares one context between all
 *                         its threads.
 *
 *   struct peg_game       one game: a session (session.h: history,
 *                         undo/redo, the game id) bound to a context, with
 *                         the limits of the current call (a deadline, and
 *                         whether the call may have effects: start a
 *                         precomputation, write a cache file).  A game is
 *                         used by one thread at a time.
 *
 * A hint request flows: peg_game_describe / peg_game_hint take the cached
 * oracle of (board, goal) and the winning sets of (board, start, goal) from
 * the context (computing or loading the sets when policy and memory allow,
 * else the live search answers), lock the oracle for one search under the
 * call's deadline, node budget and stop flag, and return plain data: the
 * legal jumps with their verdicts (win: a good jump, lose: a bomb), the
 * position's verdict, where the answer came from and why it may be
 * incomplete.  The face turns that into a screen or JSON.
 *
 * Ownership: _new/_create/_load pair with _free (free accepts NULL); the
 * result structs are filled by the call and released with their _release.
 */
#ifndef PEGSOL_PLAY_H
#define PEGSOL_PLAY_H

#include "pegsol/board.h"
#include "pegsol/line.h"
#include "pegsol/oracle.h"
#include "pegsol/puzzle.h"
#include "pegsol/session.h"

#include <stddef.h>
#include <stdint.h>

/* ---- the context ---- */

/* When precomputed winning sets answer the hints. */
enum peg_play_sets {
	PEG_PLAY_SETS_OFF,  /* live search only */
	PEG_PLAY_SETS_AUTO, /* boards peg_winsets_auto() accepts */
	PEG_PLAY_SETS_ALL   /* every board of up to PEG_WINSETS_MAX_HOLES */
};

/* Parse "off", "auto" or "all"; -1 when bad. */
int peg_play_sets_parse(const char *text);

/* The cache directory: opt when given, else $PEGSOL_CACHE, else
 * $XDG_CACHE_HOME/pegsol, else $HOME/.cache/pegsol; NULL when none is set
 * (the sets then stay in memory).  Returns buf or NULL. */
const char *peg_play_cache_dir(const char *opt, char *buf, size_t size);

/* The memory budget both games default to (--memory-mb). */
#define PEG_PLAY_MEMORY_MB 1024

struct peg_play_opts {
	long budget;           /* oracle nodes per position described
				  (0 = 2,000,000) */
	long hint_budget;      /* nodes of a hint (0 = budget) */
	long solve_budget;     /* oracle nodes of solve from here
				  (0 = 4 x budget) */
	size_t memory;         /* the ledger (0 = PEG_PLAY_MEMORY_MB MB) */
	size_t oracle_entries; /* table entries per oracle (0 = the
				  oracle's default); capped so that a
				  table (16 bytes an entry) takes at most
				  an eighth of memory */
	int max_holes;         /* boards past it refused from the spec
				  alone (0 = no limit) */
	enum peg_play_sets sets;
	const char *cache_dir; /* copied; NULL = sets in memory only */
	int sets_threads;      /* threads of the sets engine (0 = 2) */
	/* 0: every winning set is computed in the calling thread.  Else
	 * sets estimated past this many MB are computed only by calls with
	 * effects, one at a time, in a background thread (or loaded from
	 * the cache file in the call), while the live search answers. */
	double sync_sets_mb;
	int reserve;           /* each call's own engines (fewest moves,
				  solve from here, puzzles) reserve their
				  memory in the ledger first */
	/* solve from here (line.h: 0 = its defaults) */
	uint64_t line_states, line_dfs_budget;
	/* fewest moves from the start (shortest.h; shortest_dfs_budget 0 =
	 * 100,000,000 expansions: the search has no deadline of its own) */
	int shortest_holes;    /* boards of up to (0 = 64) holes */
	uint64_t shortest_states, shortest_dfs_slots, shortest_dfs_budget;
	const volatile int *stop; /* nonzero stops every search (NULL) */
	/* called before a computation that takes a while (the winning sets
	 * of a board past 21 holes with no cache file), so that the face
	 * can say so; NULL = none */
	void (*computing)(void *arg, const struct peg_board *b,
			  const char *cache_dir);
	void *computing_arg;
};

struct peg_play_ctx;

struct peg_play_ctx *peg_play_ctx_new(const struct peg_play_opts *opts,
				      struct peg_err *err);
void peg_play_ctx_free(struct peg_play_ctx *c);

/* The options in force (defaults filled) and the ledger's bytes in use. */
const struct peg_play_opts *peg_play_ctx_opts(const struct peg_play_ctx *c);
size_t peg_play_ctx_memory(struct peg_play_ctx *c);

/* Reserve bytes of the ledger for a caller's own engine, evicting idle
 * entries: 0, or -1 when they do not fit.  Give them back with
 * peg_play_unreserve. */
int peg_play_reserve(struct peg_play_ctx *c, size_t bytes);
void peg_play_unreserve(struct peg_play_ctx *c, size_t bytes);

/* ---- a game ---- */

struct peg_play_pin; /* the oracle and sets a game holds (play_int.h) */

struct peg_game {
	struct peg_play_ctx *ctx;
	struct peg_session *s; /* owned; read it, change it through the
				  calls below */
	double deadline;       /* of the current call: CLOCK_MONOTONIC ms,
				  0 = none */
	int effects;           /* the call may start a precomputation and
				  write cache files (1 by default) */
	struct peg_play_pin *pin;
};

/* A game on session s (ownership passes, also on failure). */
struct peg_game *peg_game_new(struct peg_play_ctx *c, struct peg_session *s,
			      struct peg_err *err);
/* peg_session_create / peg_session_load under the context's max_holes. */
struct peg_game *peg_game_create(struct peg_play_ctx *c, const char *spec,
				 const char *position, const char *vacate,
				 const char *goal, struct peg_err *err);
struct peg_game *peg_game_load(struct peg_play_ctx *c, const char *id,
			       struct peg_err *err);
void peg_game_free(struct peg_game *g);

/* Every call below honours g->deadline and opts.stop: the oracle
 * searches stop at them (UNKNOWN), and the engines that have no stop of
 * their own (fewest moves, winning sets computed for the call) run in a
 * helper thread the call waits for no longer than them.  An oracle's
 * table grows only in a search, which first reserves the most it can
 * grow to in the ledger (a "memory budget is in use" note when it does
 * not fit) and gives back what it did not use.  peg_play_ctx_free may
 * be called while helpers run (a server's exit): the last one frees. */

/* A game id that peg_game_load refused for a bad move: the game of its
 * board, start and goal with the longest legal prefix of whole moves (the
 * MOVES field, then FUTURE's as the redo tail), *bad the index of the
 * first bad move counted over MOVES then FUTURE, split at commas (-1: no
 * bad move).  NULL with err when the board, start or goal is bad. */
struct peg_game *peg_game_load_prefix(struct peg_play_ctx *c, const char *id,
				      int *bad, struct peg_err *err);

/* Put session s in place of the game's (a puzzle, an edited position);
 * the old one and what the game held go. */
void peg_game_replace(struct peg_game *g, struct peg_session *s);

/* A new game in place from the position pegs on the same board and goal
 * (a "complement" goal becomes its hole): the board editor's "play this
 * position".  0, or -1 with err (the game unchanged). */
int peg_game_restart(struct peg_game *g, const unsigned char *pegs,
		     struct peg_err *err);

/* The game id with the redo tail (malloc'd; peg_session_save). */
char *peg_game_id(const struct peg_game *g);

/* Play from hole `from` to hole `to`; by hole names; or a move text of
 * Bell notation ("c3-a3-a1, b5-b3": every jump in turn, stopping at the
 * first illegal one).  0, or -1 with err; peg_game_play_text returns -1
 * when the text does not parse (nothing played) and -2 at an illegal
 * jump (the jumps before it stay played). */
int peg_game_play(struct peg_game *g, int from, int to, struct peg_err *err);
int peg_game_play_names(struct peg_game *g, const char *from, const char *to,
			struct peg_err *err);
int peg_game_play_text(struct peg_game *g, const char *text,
		       struct peg_err *err);

/* 0, or -1 at the start / the end. */
int peg_game_undo(struct peg_game *g);
int peg_game_redo(struct peg_game *g);
void peg_game_reset(struct peg_game *g);

/* A solution text made the redo tail, to be replayed with redo. */
int peg_game_replay(struct peg_game *g, const char *moves,
		    struct peg_err *err);

/* The board jump index from hole `from` to `to` (to < 0: any) legal in
 * the current position, or -1. */
int peg_game_legal(const struct peg_game *g, int from, int to);

/* What peg_game_prepare found about the winning sets. */
enum peg_play_sets_status {
	PEG_PLAY_SETS_NONE,    /* not wanted (--sets, board size) */
	PEG_PLAY_SETS_READY,   /* in use */
	PEG_PLAY_SETS_REFUSED, /* over the memory budget: note says so */
	PEG_PLAY_SETS_FAILED,  /* could not be made: note says why */
	PEG_PLAY_SETS_PENDING  /* being computed elsewhere */
};

/* Take the game's oracle and winning sets now (computing the sets when
 * they fit) and hold them until the game is freed or replaced, as a long
 * game does; without it every call takes them for itself.  Returns the
 * status of the sets, note filled for REFUSED, FAILED and PENDING (the
 * reason alone, without ": live search"). */
enum peg_play_sets_status peg_game_prepare(struct peg_game *g, char *note,
					   size_t size);

/* Is there an oracle for the game's board (up to PEG_PLAY_ORACLE_HOLES
 * holes)?  Past it there are no hints. */
#define PEG_PLAY_ORACLE_HOLES 63
int peg_game_has_oracle(const struct peg_game *g);

/* ---- describing the position ---- */

enum peg_play_status { PEG_PLAY_PLAYING, PEG_PLAY_WON, PEG_PLAY_STUCK };

#define PEG_PLAY_VERDICTS 1 /* classify the legal jumps */
#define PEG_PLAY_MOVES 2    /* and the legal moves (multi-jumps) */

struct peg_play_state {
	enum peg_play_status status;
	int n_legal;              /* legal jumps */
	/* per board jump (b->n_jumps): PEG_ILLEGAL or the verdict after it;
	 * NULL when not classified */
	enum peg_verdict *verdicts;
	int verdict;              /* the position's, or -1 when none */
	struct peg_move_verdicts moves; /* with PEG_PLAY_MOVES and a verdict */
	int have_moves;
	long nodes;               /* positions searched */
	const char *source;       /* "sets", "search" or NULL */
	char note[240];           /* why the answer may be incomplete ("") */
	double ms;
};

/* Describe the current position; flags as above (0: the status alone,
 * plus the verdict of a finished game).  Returns 0, or -1 with err when
 * memory fails. */
int peg_game_describe(struct peg_game *g, int flags,
		      struct peg_play_state *out, struct peg_err *err);
void peg_play_state_release(struct peg_play_state *st);

/* ---- hints, solve from here, fewest moves ---- */

struct peg_play_line {
	enum peg_verdict verdict;  /* WIN: jumps set (maybe none: won) */
	enum peg_line_kind kind;   /* the engine of a solve's line */
	struct peg_jump *jumps;    /* malloc'd (a hint: the first only) */
	int n, moves;
	char note[240];            /* why the oracle gave none ("") */
	char line_note[128];       /* solve: why the engines before the
				      oracle gave none (line.h) */
	double ms;
};

/* A hint: one winning jump (opts.hint_budget nodes of the oracle).
 * Returns 0; out->verdict WIN with n == 1 when there is one, LOSE when
 * every jump loses, UNKNOWN past the budget (out->note says why when the
 * oracle did not answer). */
int peg_game_hint(struct peg_game *g, struct peg_play_line *out,
		  struct peg_err *err);

/* Solve from here (line.h: fewest moves, constructive, else the oracle's
 * line with opts.solve_budget nodes); on WIN the line becomes the redo
 * tail.  Returns 0, or -1 with err (out of memory, or the ledger full
 * when opts.reserve: then *reason = "memory"). */
int peg_game_solve(struct peg_game *g, struct peg_play_line *out,
		   const char **reason, struct peg_err *err);
void peg_play_line_release(struct peg_play_line *l);

struct peg_play_fewest {
	int moves;      /* fewest moves from the start; -1 no solution,
			   -2 not computed (note says why: "unknown
			   (budget): ..." when the search did not end
			   within the call's deadline or the stop flag) */
	char *solution; /* malloc'd Bell text of a shortest solution */
	char note[240];
};

/* The fewest moves from the game's start (shortest.h), remembered in the
 * context per problem.  The search runs in a helper thread (at most two
 * at once, its bytes reserved in the ledger with opts.reserve) and the
 * call waits for it until g->deadline (0: 20 s) or opts.stop; then the
 * answer is unknown and the search goes on to its node budget, so that
 * a later call finds the optimum. */
void peg_game_fewest(struct peg_game *g, struct peg_play_fewest *out);
void peg_play_fewest_release(struct peg_play_fewest *f);

/* ---- the boards a picker offers ---- */

/* A board a game's picker offers, with a start and goal that can be won
 * (checked with the oracle; tests/cli/serve_api.sh checks them again). */
struct peg_play_offer {
	const char *spec, *vacate, *goal;
};

/* The offered boards, ended by a NULL spec. */
const struct peg_play_offer *peg_play_offers(void);

/* ---- puzzles, the editor, the constructive demo ---- */

/* The resource failures below set *reason: "memory", "time", "nodes" or
 * "stopping". */
#define PEG_PLAY_RESOURCES (-2)
#define PEG_PLAY_INTERNAL (-3) /* a result failed its own check */

/* A generated puzzle of board spec (puzzle.h, opts as there) as a new
 * session with the goal "one peg at its finish" (for peg_game_new or
 * peg_game_replace).  Returns 0 with *out and *pz (the puzzle: release it
 * with peg_puzzle_release), -1 with err (bad input), or
 * PEG_PLAY_RESOURCES. */
int peg_play_puzzle(struct peg_play_ctx *c, const char *spec,
		    const struct peg_puzzle_opts *opts, struct peg_session **out,
		    struct peg_puzzle *pz, const char **reason,
		    struct peg_err *err);

/* The board editor: a position's class and whether it can be solved. */
struct peg_play_analysis {
	int have_class;
	char class_name[64];
	int n_finish;             /* holes a last peg can be at (-1 unknown) */
	unsigned char *finish;    /* n_holes flags (malloc'd) */
	int class_lose;           /* the class rules the goal out */
	int verdict;              /* the search's, -1 when none ran */
	long nodes;
	char note[240];
};

/* Analyse pegs on b for goal g with budget oracle nodes under the
 * deadline (0 = none); skip_lost: no search when the class already says
 * lose.  The oracle is the context's for (b, g), so each call goes on
 * where the last stopped.  Returns 0, or -1 with err (memory). */
int peg_play_analyse(struct peg_play_ctx *c, const struct peg_board *b,
		     const unsigned char *pegs, const struct peg_goal *g,
		     long budget, double deadline, int skip_lost,
		     struct peg_play_analysis *out, struct peg_err *err);
void peg_play_analysis_release(struct peg_play_analysis *a);

/* The constructive solution of T_n from one vacancy (construct.h, vacate
 * a hole name, NULL = a1), replayed before it is returned.  0, -1 with
 * err (bad input), PEG_PLAY_RESOURCES (memory) or PEG_PLAY_INTERNAL. */
struct peg_play_construct {
	struct peg_board *b;      /* T_n (owned) */
	int vacate, finish;       /* holes */
	struct peg_jump *jumps;   /* malloc'd */
	long n;
	int moves;
	long purges;
};

int peg_play_construct(int n, const char *vacate,
		       struct peg_play_construct *out, struct peg_err *err);
void peg_play_construct_release(struct peg_play_construct *c);

#endif
