/* shortest_work.h - the work directory of a long `pegsol shortest` over
 * every start (--work DIR, docs/shortest.md "Lower bounds that survive"):
 * the finished units of work, with the command they belong to, kept in
 * one checksummed file written atomically (afile.h), so the same command
 * run again skips them.
 *
 * A unit is one (bound, start) search: finished ("fail": no solution at
 * that bound; "dead": no solution at all) or over its resources in one
 * round (round 0: the breadth-first table; round r >= 1: the r-th
 * depth-first node budget), with the states it expanded and its seconds.
 * Within a start finished depth first, the latest mark (shortest.h,
 * struct peg_shortest_mark: the front states searched to the end) is kept
 * too, so a killed search resumes from it.  Without a directory the same
 * structure lives in memory only (the budget rounds resume from the
 * marks of the round before). */
#ifndef PEGSOL_SHORTEST_WORK_H
#define PEGSOL_SHORTEST_WORK_H

#include "pegsol/board.h"
#include "pegsol/shortest.h"

#include <stdint.h>

enum sw_kind { SW_FAIL, SW_DEAD, SW_OVER };

struct sw_unit {
	int bound, start;  /* U and the vacated hole */
	enum sw_kind kind;
	int round;         /* SW_OVER: the round that ran out */
	uint64_t nodes;
	int iterations, dfs_bounds;
	double seconds;
};

struct sw_mark {
	int start;
	struct peg_shortest_mark m;
};

struct shortest_work {
	const struct peg_board *b;
	char *path;             /* DIR/shortest.work, NULL: memory only */
	char *params;           /* the command's lines */
	struct sw_unit *u;
	int n, cap;
	struct sw_mark *mk;
	int n_mk, cap_mk;
	double seconds_before;  /* elapsed in earlier runs */
	int runs;               /* earlier runs */
	double t0, last_save;
};

/* Open the work directory dir (created when missing) for the command
 * described by params (lines "key value"), or memory only when dir is
 * NULL.  A directory holding another command's work, or files that are
 * not pegsol's, is refused.  0, or an exit code with the error printed. */
int sw_open(struct shortest_work *w, const struct peg_board *b,
	    const char *dir, const char *params);
void sw_close(struct shortest_work *w);

/* The finished unit (bound, start), or its SW_OVER unit of that round,
 * or NULL. */
const struct sw_unit *sw_done(const struct shortest_work *w, int bound,
			      int start);
const struct sw_unit *sw_over(const struct shortest_work *w, int bound,
			      int start, int round);
/* All the nodes, iterations and depth-first bounds recorded for (bound,
 * start), added to the three totals. */
void sw_sum(const struct shortest_work *w, int bound, int start,
	    uint64_t *nodes, int *iterations, int *dfs_bounds);

/* Record a unit (and drop the start's mark when it is finished); saved
 * at once.  0, or an exit code with the error printed. */
int sw_add(struct shortest_work *w, const struct sw_unit *u);

/* The latest mark of (bound, start), or NULL. */
const struct peg_shortest_mark *sw_mark_get(const struct shortest_work *w,
					    int start, int bound);
/* Keep a depth-first mark; saved when force is set or save_secs have
 * passed since the last save.  0, or an exit code (error printed). */
int sw_mark_put(struct shortest_work *w, int start,
		const struct peg_shortest_mark *m, int force,
		double save_secs);

/* Seconds of this run plus the earlier ones. */
double sw_elapsed(const struct shortest_work *w);

/* One line saying what earlier runs did, for "resuming: ...", in buf;
 * 0 when there is nothing to resume. */
int sw_summary(const struct shortest_work *w, char *buf, size_t n);

#endif
