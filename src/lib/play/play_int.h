/* play_int.h - internals of the game service shared by playctx.c (the
 * context: caches and the memory ledger), game.c (a game) and playmisc.c
 * (puzzles, the editor, the constructive demo).  Internal names start
 * with pegpl_. */
#ifndef PEGSOL_PLAY_INT_H
#define PEGSOL_PLAY_INT_H

#include "pegsol/play.h"
#include "pegsol/shortest.h"
#include "pegsol/winsets.h"

#include <pthread.h>

#define PEGPL_MAX_ORACLES 256  /* oracles kept at most (LRU) */
#define PEGPL_MAX_WINSETS 512  /* winning-set entries kept at most (LRU) */
#define PEGPL_MAX_SHORTEST 256 /* fewest-moves optima kept (LRU) */
#define PEGPL_LOCK_WAIT_MS 2000 /* waiting for an oracle another call holds */
#define PEGPL_MAX_FEWEST 2     /* fewest-moves searches running at once */
#define PEGPL_MAX_CALL_SETS 2  /* winning sets computed for calls with a
				  deadline at once (helper threads) */
#define PEGPL_FEWEST_MS 20000  /* a fewest-moves call's wait when the game
				  has no deadline */
#define PEGPL_FEWEST_BUDGET 100000000 /* its depth-first expansions when
					 opts.shortest_dfs_budget is 0 */

/* One oracle per board and goal hole. */
struct pegpl_oracle {
	char *spec;
	int goal_hole;        /* -1 = anywhere */
	struct peg_board *b;
	struct peg_oracle *o;
	pthread_mutex_t lock; /* one search at a time */
	int refs;             /* holders (ctx->lock) */
	size_t mem;           /* bytes in the ledger (ctx->lock): what the
				 table holds when idle, max while a search
				 runs (reserved before the table grows) */
	size_t max;           /* the most the oracle can hold */
	uint64_t tick;        /* last use (ctx->lock) */
};

enum { PEGPL_WS_COMPUTING, PEGPL_WS_READY, PEGPL_WS_REFUSED,
       PEGPL_WS_FAILED };

/* Precomputed winning sets of one problem (board, start, goal hole). */
struct pegpl_sets {
	char *spec;
	uint64_t start;
	int finish;
	struct peg_board *b;     /* owned: the sets point into it */
	unsigned char *startpos;
	struct peg_winsets *w;   /* when ready */
	int state;               /* PEGPL_WS_* */
	int refs;                /* holders (ctx->lock) */
	size_t mem;              /* bytes in the ledger (ctx->lock) */
	uint64_t tick;           /* last use (ctx->lock) */
	int save;                /* write the cache file */
	char note[200];          /* why there are none (refused, failed) */
	struct peg_play_ctx *ctx;
};

/* A known fewest-moves optimum. */
struct pegpl_opt {
	char *key;  /* spec;start;finish */
	int moves;  /* -1 unsolvable */
	char *solution;
	uint64_t tick;
};

/* A fewest-moves search running in a helper thread, so that a call
 * waits for it only until its deadline or the stop flag (the engine has
 * neither; its node budget bounds it): the answer then is unknown and
 * the search goes on, remembering its optimum for the next call. */
struct pegpl_fjob {
	char *key;               /* spec;start;finish */
	struct peg_board *b;     /* owned */
	uint64_t start;
	int finish;
	struct peg_shortest_opts so;
	size_t mem;              /* reserved in the ledger */
	int done, moves;         /* moves: -1 none, -2 not computed */
	char *solution;
	char note[240];
	int refs;                /* the thread and the calls waiting */
	struct peg_play_ctx *ctx;
};

struct peg_play_ctx {
	struct peg_play_opts o; /* defaults filled; cache_dir points at
				   cache_buf */
	char cache_buf[1024];
	pthread_mutex_t lock;   /* everything below */
	uint64_t tick;
	size_t mem_used;
	struct pegpl_oracle *orc[PEGPL_MAX_ORACLES];
	int n_orc;
	struct pegpl_sets *ws[PEGPL_MAX_WINSETS];
	int n_ws;
	struct pegpl_sets *computing; /* the background precomputation */
	struct pegpl_opt opt[PEGPL_MAX_SHORTEST];
	int n_opt;
	struct pegpl_fjob *fjob[PEGPL_MAX_FEWEST];
	int n_fjob;
	/* helper threads (the background precomputation, sets computed for
	 * a call with a deadline, fewest-moves searches) hold the context:
	 * peg_play_ctx_free while one runs leaves the freeing to the last */
	pthread_cond_t done; /* a helper finished (broadcast) */
	int threads;
	int call_sets;       /* ws_call helpers running */
	int closing;
};

/* What a game holds across calls (peg_game_prepare). */
struct peg_play_pin {
	struct pegpl_oracle *orc;
	struct pegpl_sets *sets;
};

/* The cached oracle of (b, goal) with a reference taken (give it back
 * with pegpl_oracle_put); NULL with *note set when there is none. */
struct pegpl_oracle *pegpl_oracle_get(struct peg_play_ctx *c,
				      const struct peg_board *b,
				      const struct peg_goal *goal,
				      const char **note);
/* Lock for one search under deadline, reserving in the ledger the most
 * the table can grow to (given back by pegpl_oracle_unlock): 0, -1 when
 * another search holds it past PEGPL_LOCK_WAIT_MS, -2 when the ledger
 * has no room for the growth. */
int pegpl_oracle_lock(struct peg_play_ctx *c, struct pegpl_oracle *e,
		      double deadline);
void pegpl_oracle_unlock(struct peg_play_ctx *c, struct pegpl_oracle *e);
void pegpl_oracle_put(struct peg_play_ctx *c, struct pegpl_oracle *e);

/* The winning sets of s's problem when ready, with a reference on *held
 * (give it back with pegpl_sets_put); NULL otherwise with *note saying
 * why (nbuf is its storage) and *status set. */
const struct peg_winsets *pegpl_sets_get(struct peg_play_ctx *c,
					 const struct peg_session *s,
					 int effects, double deadline,
					 struct pegpl_sets **held,
					 int *status, const char **note,
					 char *nbuf, size_t nsize);
void pegpl_sets_put(struct peg_play_ctx *c, struct pegpl_sets *e);

/* The goal hole of a session for the sets (-1 = anywhere). */
int pegpl_finish(const struct peg_session *s);

/* A remembered optimum: 1 found (moves, *solution malloc'd or NULL), 0
 * not known.  pegpl_opt_put remembers one (key is taken). */
int pegpl_opt_find(struct peg_play_ctx *c, const char *key, int *moves,
		   char **solution);
void pegpl_opt_put(struct peg_play_ctx *c, char *key, int moves,
		   const char *solution);

/* Start (or join) the fewest-moves search of key and wait for it until
 * deadline (CLOCK_MONOTONIC ms, 0 = PEGPL_FEWEST_MS from now) or the
 * stop flag: out->moves as in play.h, -2 with out->note when it did not
 * finish in time (it goes on) or could not start.  so and mem (ledger
 * bytes to reserve, 0 = none) describe the search. */
void pegpl_fewest_wait(struct peg_play_ctx *c, const struct peg_session *s,
		       const char *key, const struct peg_shortest_opts *so,
		       size_t mem, double deadline,
		       struct peg_play_fewest *out);

/* Wait on c->done (c->lock held) until settled(arg), the deadline (0 =
 * none) or the stop flag: 1 when settled. */
int pegpl_wait(struct peg_play_ctx *c, int (*settled)(const void *),
	       const void *arg, double deadline);

/* Bytes a fewest-moves search of b may hold under cap. */
size_t pegpl_shortest_bytes(const struct peg_board *b, size_t cap);

double pegpl_now_ms(void);

/* peg_game_load_prefix's session (session.c): the id's board, start and
 * goal with the longest legal prefix of its moves, *bad the index of the
 * first bad move (-1 when none); NULL with err when the id's fields or
 * its board, start or goal are bad. */
struct peg_session *pegpl_session_load_prefix(const char *id, int max_holes,
					      int *bad, struct peg_err *err);

#endif
