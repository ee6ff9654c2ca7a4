/* winsets.h - precomputed winning sets for the never-lose oracle (seed 001
 * sections 4-6: onePegFinishPossible / problemIsSolvable), cached on disk.
 *
 * For a start position s and a goal (one peg at hole f, or anywhere) the
 * exhaustive engine (sets.h) computes W_n = F_n intersect B_n: the positions
 * with n pegs that occur in some solution.  A position reached by legal
 * jumps from s is winning exactly when it is in W_n, so for positions
 * *played from s* one binary search answers the oracle's question.
 *
 * Symmetry: the sets are reduced under the stabiliser of the start and the
 * goal (sets.h PEG_GROUP_STAB), which is exact: it never merges a position
 * that can finish at f with its mirror image that cannot (the degeneracy of
 * seed 001 section 4.1).  For a complement problem only F down to N/2 pegs
 * is computed and the rest follows from W_n = ~W_(N-n) (eq. 8, 9).
 *
 * Cache: only the W levels are kept, as compressed blocks (levelfile.h;
 * about a byte a code: the English central game's 1,679,072 codes take
 * 2.25 MB, 13.4 MB before).  The file is written by peg_sets_save into
 * cache_dir (created when missing) under a name made of the board spec, the
 * start code and the goal, atomically (afile.h), and read back on the next
 * use.  It carries the problem it answers (board spec, start, goal, group)
 * and an XXH3 checksum: a file that fails its checksum, does not load or
 * answers another problem is never used, but recomputed and rewritten.  A
 * FIFO, device, directory or symbolic link at the path is neither read
 * (opened O_NONBLOCK | O_NOFOLLOW, then fstat) nor replaced.  info->note
 * says what happened then.  A NULL cache_dir keeps the sets in memory
 * only.  Where the cache directory is (XDG_CACHE_HOME and so on) is
 * the faces' business, not the library's.
 *
 * Boards of up to 63 holes.  peg_winsets_auto() says which boards are small
 * enough to compute on first use without asking; bigger ones (up to
 * PEG_WINSETS_MAX_HOLES) only when the caller insists (force).
 */
#ifndef PEGSOL_WINSETS_H
#define PEGSOL_WINSETS_H

#include "pegsol/board.h"

#include <stddef.h>
#include <stdint.h>

#define PEG_WINSETS_MAX_HOLES 36
#define PEG_WINSETS_AUTO_HOLES 25

struct peg_winsets;

struct peg_winsets_info {
	int from_cache;    /* loaded from the cache file */
	int saved;         /* written to the cache file */
	double ms;         /* wall time of open (compute or load) */
	size_t codes;      /* codes held (all W levels) */
	char path[1024];   /* the cache file ("" without cache_dir) */
	char note[PEG_ERR_MAX]; /* why a cache file was not used or not
				   written ("" when nothing went wrong) */
};

/* Is the board small enough to compute its sets on first use without
 * asking (up to PEG_WINSETS_AUTO_HOLES holes, or the English board)? */
int peg_winsets_auto(const struct peg_board *b);

/* Open the winning sets of (b, start, finish): finish is the goal hole or
 * -1 for one peg anywhere.  b must outlive the sets.  threads is passed to
 * the engine (0 = 2).  Returns 0 and *out (free with peg_winsets_free), or
 * -1 with err (board too big, bad start, out of memory).  info may be
 * NULL. */
int peg_winsets_open(const struct peg_board *b, const unsigned char *start,
		     int finish, const char *cache_dir, int threads,
		     struct peg_winsets **out, struct peg_winsets_info *info,
		     struct peg_err *err);

void peg_winsets_free(struct peg_winsets *w);

/* Is the position (a code of up to 63 holes) in W_n, n its peg count?
 * Only meaningful for positions reached by legal jumps from the start. */
int peg_winsets_has(const struct peg_winsets *w, uint64_t code);

/* The start the sets were computed for (a code) and the goal hole (-1 =
 * anywhere). */
uint64_t peg_winsets_start(const struct peg_winsets *w);
int peg_winsets_finish(const struct peg_winsets *w);

/* The cache file name for the problem, written into buf: DIR/SPEC-START-
 * GOAL.pegsets with SPEC made file-safe.  Returns buf. */
char *peg_winsets_path(const struct peg_board *b, const unsigned char *start,
		       int finish, const char *cache_dir, char *buf,
		       size_t size);

/* What computing the sets of (b, start, finish) would cost, estimated
 * from the board alone in microseconds (winsets_cost.c): every level the
 * engine keeps is bounded by the positions of its peg count in its
 * position class, divided by the symmetries the codes are reduced by.
 * The estimate errs high (measured peaks are 1/3 to 3/4 of it; the
 * numbers are in winsets_cost.c), so a caller that computes only within
 * a memory budget never starts a computation that would outgrow it. */
struct peg_winsets_cost {
	double codes;         /* codes in the levels kept at the peak */
	double largest_level; /* codes in the largest level */
	double bytes;         /* peak memory of the computation */
	double result_bytes;  /* bound on the W codes kept afterwards */
	int group;            /* symmetries the codes are reduced by */
	int complement;       /* complement problem (half the levels) */
};

/* 0 and *out filled (any board: past PEG_WINSETS_MAX_HOLES the sets are
 * not computed anyway), or -1 with err (goal hole off the board, out of
 * memory). */
int peg_winsets_estimate(const struct peg_board *b, const unsigned char *start,
			 int finish, struct peg_winsets_cost *out,
			 struct peg_err *err);

/* Bytes the sets hold (their W codes). */
size_t peg_winsets_memory(const struct peg_winsets *w);

#endif
