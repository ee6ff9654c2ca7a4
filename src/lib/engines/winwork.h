/* winwork.h - the winning sets W_n of a problem that is its own time
 * reverse, from the forward sets F_n of a work directory (docs/solve.md
 * "Winning sets from a work directory"; internal to the library, used by
 * pegsol sets --winning).
 *
 * A problem s -> f (start S, finish F, |S| + |F| = N holes) is its own
 * reverse when a board symmetry sigma maps the reversed problem ~F -> ~S
 * onto it: sigma(~F) = S and sigma(~S) = F.  Complementing a solution
 * and playing it backwards is a solution of the reverse (seed 001
 * footnote 3), so
 *
 *   B_n = { p : sigma(~p) in F_(N-n) }          (the goal is reachable)
 *   W_n = sigma(~W_(N-n))                       (seed 001 eq. 8; sigma = 1
 *                                                for a complement problem)
 *
 * and W needs F only down to m = N/2 pegs:
 *
 *   W_m = F_m & B_m
 *   W_n = D(W_(n+1)) & B_n          n = m-1 .. |F|  (D: every child)
 *   W_n = sigma(~W_(N-n))           n = m+1 .. |S|
 *
 * Codes are canonical under the group G the forward run used (the
 * symmetries fixing start and finish); sigma normalises G (it must: the
 * run checks it), so sigma(~p) has one canonical code a G-orbit.  Every
 * level goes through sorted runs of at most `memory` bytes (16 a code:
 * the codes and the radix sort's buffer), kept compressed (levelfile.h)
 * and merged while they are intersected with the forward level, which is
 * read back packed from its file; W_n is written as wdir/W-nnn.lvl (the
 * level file format of the work directory, tagged with the hash of
 * wdir/W-manifest, which names the forward directory's manifest and
 * sigma).  A run on a directory that already holds W levels of the same
 * problem keeps them (each checked) and goes on after them.
 *
 * With W on disk: the fastest dead end of seed 001 Table 6 (the first n
 * from the top with |F_n| != |W_n|: every position above is winning, so
 * some winning position jumps out of W there; a witness is traced back
 * through F to the start and replayed), and with count the number of
 * solutions (jump sequences): T(O) paths from the start to a G-orbit O,
 * walked from the start down to m (count.h), then
 *
 *   solutions = sum over O in W_m of T(O) T(sigma(~O)) / |O|
 *
 * (T counts the paths into a whole orbit, count.h) since the paths from
 * p to the finish are the paths from the start to sigma(~p).  The walk holds two levels as arrays (24 bytes a position).
 * 64-bit codes only (boards of up to 64 holes).
 *
 * Any problem (opts.rwork, "meet in the middle"): the forward levels G_n
 * of the reverse problem's start ~F, or of a symmetric image tau^-1(~F)
 * (tau found: it maps rwork's start onto ~F), give
 *
 *   B_n = { p : tau^-1(~p) in G_(N-n) }
 *   W_n = F_n & B_n at m = N/2, D(W_(n+1)) & B_n below it,
 *   R_n = the reverse problem's W in rwork's codes, made the same way
 *         from G (its own F) and F (its B), n = N-m-1 down,
 *   W_n = tau(~R_(N-n)) above m,
 *
 * so neither side needs levels past the middle (F down to m, G down to
 * N-m-1).  rwork's group K must hold H' = tau^-1 G tau; when it is
 * larger (a 2-symmetry run serving a trivial-group problem) its orbits
 * are expanded where a G level is pushed, and candidates met with a G
 * level carry a few bits naming the element of K that made their code,
 * so the position is recovered (pegww_map_tag).  The count walks W from
 * the start down to the finish.  A forward directory made for another
 * goal serves when start and group agree and it is not pruned (its
 * manifest is read field by field, winwork_dir.c).
 */
#ifndef PEGSOL_WINWORK_H
#define PEGSOL_WINWORK_H

#include "pegsol/board.h"
#include "pegsol/error.h"
#include "pegsol/problem.h"
#include "pegsol/sets.h"

#include <stddef.h>
#include <stdint.h>

struct pegww_opts {
	const char *work;  /* the forward run's work directory (read only) */
	const char *wdir;  /* where the W levels go (NULL: work) */
	const char *rwork; /* the forward levels of the reverse problem's
			      start or a symmetric image (NULL: the problem
			      is its own reverse; see below) */
	size_t memory;     /* bytes for one sorted run, and the count's
			      levels; 0 = PEGWW_DEFAULT_MEMORY */
	int prune;         /* the forward run was pruned (its manifest
			      says so; W stays exact) */
	int count;         /* also count the solutions */
	peg_progress_fn *progress; /* each W level, then each count level */
	void *progress_ctx;
	void (*resumed)(void *ctx, int pegs); /* W levels found on disk */
	void *resumed_ctx;
};

#define PEGWW_DEFAULT_MEMORY ((size_t)512 << 20)

struct pegww_result {
	int n_holes, start_pegs, finish_pegs;
	int middle;     /* m: W_m = F_m & B_m */
	int sigma;      /* the board symmetry swapping the problem and its
			   reverse (index into b->sym; -1 with rwork) */
	int rev, tau;   /* rwork given; tau maps its start onto ~finish */
	int fgoal_other; /* work was made for another goal (unpruned) */
	int f_group;    /* |the group of work's codes|: n_group, or more
			   with rwork (F_n then counts its orbits) */
	int n_group;    /* |G| */
	int have_f[PEG_SETS_MAX_HOLES + 1]; /* F_n found in the work dir */
	uint64_t f[PEG_SETS_MAX_HOLES + 1]; /* |F_n| */
	uint64_t w[PEG_SETS_MAX_HOLES + 1]; /* |W_n| */
	int resumed;    /* W levels found on disk (0: none) */
	uint64_t wbytes; /* bytes of the W level files */
	/* the fastest dead end: after dead_jumps jumps, at dead_pegs pegs
	 * (0: none among the levels with F; dead_text NULL) */
	int dead_pegs, dead_jumps;
	char *dead_text;   /* the jumps (Bell notation, replayed) */
	uint64_t dead_code; /* the position reached (raw code) */
	char *count;       /* with opts.count: solutions in decimal */
	uint64_t edges;    /* the count walk's edges */
};

/* Compute the W levels of problem p on b from o->work (see above).  0,
 * or -1 with err ("out of memory ..." / "out of disk space ..." when
 * out of resources; anything else is a bad problem or directory). */
int pegww_run(const struct peg_board *b, const struct peg_problem *p,
	      const struct pegww_opts *o, struct pegww_result *r,
	      struct peg_err *err);

void pegww_result_release(struct pegww_result *r);

#endif
