/* sets.h - level sets of a problem: forward sets F_n, backward sets B_n,
 * winning sets W_n and one-jump losers L_n (seed 001 sections 3-4).
 *
 * For a start s and a goal (an exact final position f, or one peg
 * anywhere), by number of pegs n:
 *
 *   F_n  positions with n pegs reachable from s             (eq. 1)
 *   B_n  positions with n pegs from which the goal is reachable (eq. 2);
 *        computed as the complements of G_(N-n), the forward sets of the
 *        complemented goal (f-bar, or every full-minus-one board whose
 *        single peg is in the position class of s) in the jump game
 *   W_n  = F_n  intersect  B_n                                (eq. 3)
 *   L_n  = D(W_(n+1)) - W_n                                  (eq. 10)
 *
 * For a complement problem (f = s-bar) G = F, so only F is computed and
 * W_n = complement of W_(N-n) (eq. 8) halves the intersection work.
 *
 * Every set is a sorted array of distinct canonical codes: the minimum code
 * over a group H of board symmetries (pos.h).  H is chosen by the caller:
 *   PEG_GROUP_STAB  the symmetries fixing the start and the goal set (the
 *                   default: every set is then exactly the problem's, and
 *                   solution counts are exact);
 *   PEG_GROUP_FULL  the whole board group: Bell's mincode (seed 001); the
 *                   problem is loosened to "start and finish anywhere in
 *                   their symmetry classes" when they are not symmetric;
 *   PEG_GROUP_NONE  raw sets (identity only).
 * The raw size of a level (opts.raw) is the sum of its H-orbit sizes; it
 * is the number of raw positions when H fixes the start.
 *
 * Boards of up to 128 holes.  Up to 64 holes a code is a uint64_t (the
 * level arrays are `code`); from 65 to 128 holes an unsigned __int128
 * (`code128`, the same pointer: s->wide says which).  One body
 * (src/lib/engines/sets_impl.h) is compiled for both widths.  Children are
 * generated from the H-images of each parent by XOR with precomputed
 * images of the jump masks (64 bits: one 8-lane minimum with AVX-512,
 * else one min over |H| words), dropped into buckets by their top bits,
 * and each bucket radix sorted and deduplicated; opts.threads workers
 * split the parents, then the buckets (docs/solve.md).  The result does
 * not depend on the number of workers, nor on the code width.
 *
 * Testing switch: opts.wide = 1, or the environment variable PEGSOL_WIDE
 * set to anything but "0", runs the 128-bit body on boards of up to 64
 * holes too (the sets are the same, with code128 arrays); count and the
 * analyse engines (analyse.h) follow the same variable.
 */
#ifndef PEGSOL_SETS_H
#define PEGSOL_SETS_H

#include "pegsol/board.h"
#include "pegsol/levelfile.h"
#include "pegsol/pos.h"
#include "pegsol/solve.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define PEG_SETS_MAX_HOLES 128
/* The engines tabulate every jump's image under every symmetry of the
 * group: more than this many (symmetries x jumps, a dense symmetric graph
 * board) is refused as out of memory before anything is allocated. */
#define PEG_SYMJUMP_MAX ((size_t)1 << 26)

enum peg_group {
	PEG_GROUP_STAB,
	PEG_GROUP_FULL,
	PEG_GROUP_NONE
};

struct peg_sets_opts {
	enum peg_group group;
	int threads;   /* workers; 0 = 2 */
	int raw;       /* also count raw sizes (orbit sums) */
	int no_losers; /* skip L_n */
	int half;      /* complement problems: F only down to N/2 pegs (enough
			  for W by eq. 8 and 9); the F table is then partial */
	int lift;      /* complement problems under PEG_GROUP_STAB smaller
			  than the board group: compute W under the whole
			  group first and rebuild the exact sets inside it
			  (docs/solve.md); W is exact, F then holds only the
			  forward positions inside those orbits */
	/* Memory budget (seed 001 section 3.1; docs/solve.md).  When the
	 * children of a level would need more than `memory` bytes (16 per
	 * child, 32 with 128-bit codes), they are written to p temporary files by canonical code
	 * mod p, each partition is sorted and deduplicated on its own, and
	 * the sorted partitions are merged into the level.  The levels
	 * themselves stay in memory.  The sets are identical either way. */
	size_t memory;      /* bytes; 0 = no budget (all in memory) */
	int partitions;     /* > 1: force p partitions on every level
			       (tests); 0 = chosen from the budget */
	const char *tmpdir; /* NULL: $TMPDIR, else /tmp */
	int wide;           /* 1: 128-bit codes on any board (tests) */
	/* Packed levels (with a budget: pegsol sets --memory-mb).  Every
	 * finished level is kept as compressed blocks (levelfile.h, about a
	 * byte a code) instead of an array: l->pack is set and l->code is
	 * NULL.  Parents are unpacked chunk by chunk, disk partitions merge
	 * straight into a pack, big intersections stream, so what stays in
	 * memory is the packed levels plus the budget's working memory
	 * (docs/solve.md).  peg_level_has, peg_sets_winning and
	 * peg_sets_save take packed levels; the count walk and the lift do
	 * not (they ignore pack). */
	int pack;
	/* Progress (problem.h): called after each level of every phase
	 * (forward, backward, winning, losers, lift); NULL: none. */
	peg_progress_fn *progress;
	void *progress_ctx;
	/* Long runs (issue 14 item 3; docs/solve.md "Long runs").
	 * forward_only: compute F only, from the start down to `to` pegs
	 * (0: the finish's pegs); B, W and L stay empty (have 0).  work
	 * (forward_only only): a directory that keeps each finished level as
	 * a level file (peg_sets_level_save) next to a manifest naming the
	 * problem; a run on a directory that already holds levels of the
	 * same problem resumes after the lowest one (calling resumed(ctx,
	 * pegs) first), a directory of another problem is refused.  With
	 * work only the level being expanded and the new one are kept in
	 * memory: the levels above keep their size (n, raw) with have 0. */
	int forward_only;
	int to;
	const char *work;
	void (*resumed)(void *ctx, int pegs);
	void *resumed_ctx;
	/* Pagoda pruning (issue 14 item 3, issue 15 item 3; peg_prune_new
	 * below): drop from every forward level F_n the positions that a
	 * pagoda function proves cannot reach the goal.  F is then pruned
	 * (F_n intersect the positions that pass every function), W, L and
	 * B stay exact: a winning position passes every function, and for a
	 * complement problem so does the complement of one (eq. 8).  With
	 * work and without forward_only (complement problems) the forward
	 * levels go through the work directory and W is computed from them.
	 * 1: the functions of peg_prune_new (a sample run of their own, up
	 * to 400 programs, the integer stage on big boards); 2: a few
	 * functions found from the forward pass's own first level of at
	 * least SETS_LITE_LEVEL positions (sets_prune_lite.h: at most 24
	 * programs and 4 functions; the levels above it unpruned), as the
	 * winning-set runs of peg_winsets_open use; 2 prunes only the
	 * in-memory forward pass (not lifted runs or work directories). */
	int prune;
};

/* One level: n sorted distinct canonical codes (code when the sets are
 * 64-bit, code128 when they are wide; or, with opts.pack, code NULL and
 * the codes in pack). */
struct peg_level {
	size_t n;
	union {
		uint64_t *code;
		peg_u128 *code128;
	};
	uint64_t raw; /* sum of orbit sizes (opts.raw), else 0 */
	int have;     /* computed */
	struct peg_lpack *pack; /* packed codes (levelfile.h), or NULL */
};

struct peg_sets {
	char *spec;  /* board spec */
	int n_holes;
	int n_group; /* symmetries used, identity first */
	int *group;  /* n_group indices into the board's sym (malloc'd) */
	enum peg_group group_kind;
	int anywhere;   /* goal: one peg anywhere */
	int complement; /* goal = complement of start */
	int wide;       /* codes are peg_u128 (code128, symtab128) */
	int threads;    /* workers (opts.threads; 0 when loaded): the count
			   walk (count.h) uses as many */
	peg_u128 start, finish; /* codes (finish 0 when anywhere) */
	int start_pegs, finish_pegs;
	/* indexed by pegs 0..n_holes */
	struct peg_level F[PEG_SETS_MAX_HOLES + 1];
	struct peg_level G[PEG_SETS_MAX_HOLES + 1]; /* B_n = ~G_(N-n); empty
						      when complement */
	struct peg_level W[PEG_SETS_MAX_HOLES + 1];
	struct peg_level L[PEG_SETS_MAX_HOLES + 1];
	uint64_t children; /* children generated (deterministic work count) */
	struct peg_symtab64 *symtab;     /* 64-bit sets */
	struct peg_symtab128 *symtab128; /* wide sets */
	/* disk partitioning (opts.memory): the most partitions one level
	 * used (0: all in memory) and the bytes written to temporary files */
	int partitions;
	uint64_t disk_bytes;
	/* forward_only runs: the lowest level computed (F from start_pegs
	 * down to bottom), the level a --work run resumed from (0: none) and
	 * the bytes of the work directory's level files */
	int forward_only, bottom, resumed;
	uint64_t work_bytes;
	/* opts.prune: the pagoda functions (NULL: none) and the positions
	 * each forward level lost to them (levels computed in this run) */
	struct peg_prune *prune;
	uint64_t pruned[PEG_SETS_MAX_HOLES + 1];
};

/*
 * Pagoda pruning (opts.prune; sets_prune.c; docs/performance.md "Pagoda
 * pruning").  The pagoda functions are found for the problem's goal by
 * linear programming (peg_pagoda_find, GLPK): the forward levels from the
 * start down to sample_pegs (at most 9 jumps, no pruning) are sampled,
 * up to 64 positions a level, top level first; a sampled position that
 * passes every function found so far is given to the LP, and a function
 * proving that it cannot reach the goal (integer weights in [-16, 16],
 * least total |w|) joins the list, until PEG_PRUNE_BASE_MAX functions or
 * PEG_PRUNE_LP_MAX programs.  Each function is tested with its images
 * under the sets' group too (a canonical code stands for its orbit), each
 * against its least value over the goals (the finish's images, or every
 * single peg with goal anywhere).
 */
#define PEG_PRUNE_BASE_MAX 12
#define PEG_PRUNE_LP_MAX 400

struct peg_prune {
	int n_holes;
	int n_base;      /* functions found by the LP */
	long *w;         /* n_base * n_holes weights */
	long *goal;      /* n_base: the least value over the goals */
	int sample_pegs; /* lowest level sampled */
	int lp_calls;    /* linear programs solved */
	int n_fn;        /* functions tested: the base ones and their
			    distinct images under the group */
	int *fn_base;    /* n_fn: the base function of each */
	/* positions cut, by the base function of the first test that cut
	 * them (the tests run in order: base functions first found first) */
	uint64_t cut[PEG_PRUNE_BASE_MAX];
	/* evaluation tables (sets_prune.h): 4 functions a group */
	int ngrp, nbytes;
	uint64_t *tab, *init;
	/* the integer stage (sets_prune.c, docs/performance.md "Integer jump
	 * counts"): a position of at least int_pegs pegs (0: none) that
	 * passes every function is kept only if the integer program of its
	 * jump counts is feasible; its cuts are counted in cut[n_base] (the
	 * test's index n_fn, fn_base[n_fn] == n_base) */
	int int_pegs;
	void *ip; /* the program's data (sets_prune.c) */
};

/* The pagoda functions of problem p under the symmetries group[0 ..
 * ng) (indices into b->sym; kind as in the sets opts, for the sample
 * levels).  0 and *out (free with peg_prune_free), or -1 with err. */
int peg_prune_new(const struct peg_board *b, const struct peg_problem *p,
		  enum peg_group kind, const int *group, int ng, int threads,
		  struct peg_prune **out, struct peg_err *err);
void peg_prune_free(struct peg_prune *pr);

/* Compute the sets of problem p.  Returns 0 and *out (free with
 * peg_sets_free), or -1 with err (bad problem, board too big, out of
 * memory). */
int peg_sets_compute(const struct peg_board *b, const struct peg_problem *p,
		     const struct peg_sets_opts *opts, struct peg_sets **out,
		     struct peg_err *err);

void peg_sets_free(struct peg_sets *s);

/* |B_n|: the size of the backward set with n pegs. */
size_t peg_sets_backward_size(const struct peg_sets *s, int n);

/* The canonical code of a position code under the sets' group (either
 * width of sets; the 64-bit call needs a board of up to 64 holes). */
uint64_t peg_sets_canon(const struct peg_sets *s, uint64_t code);
peg_u128 peg_sets_canon128(const struct peg_sets *s, peg_u128 code);

/* Is code in the level (binary search)?  peg_level_has for the levels of
 * 64-bit sets, peg_level_has128 for wide ones. */
int peg_level_has(const struct peg_level *l, uint64_t code);
int peg_level_has128(const struct peg_level *l, peg_u128 code);

/* Is the position (any code, not necessarily canonical) winning: in W_n,
 * n its number of pegs?  The never-lose test (either width of sets; the
 * 64-bit call needs a board of up to 64 holes). */
int peg_sets_winning(const struct peg_sets *s, uint64_t code);
int peg_sets_winning128(const struct peg_sets *s, peg_u128 code);

/* Write the sets to a binary file (format in docs/solve.md: version 5,
 * the levels as compressed blocks with an XXH3-64 hash each, levelfile.h;
 * a hashed header and section headers; an XXH3-64 trailer), atomically
 * (afile.h: a temporary file in the same directory, synced, renamed over
 * path; on failure path is left as it was).  Returns 0, or a
 * PEG_AFILE_E* status with err: -1 path cannot be written, -2 out of disk
 * space or memory. */
int peg_sets_save(const struct peg_sets *s, const char *path,
		  struct peg_err *err);

/* Load sets written by peg_sets_save for board b (the spec and hole count
 * must match; 128-bit codes give wide sets).  Every byte is checked
 * before it is used: version 5 by the hash of its header, section and
 * block, and the trailer at the end; the uncompressed versions 3 (64-bit
 * codes) and 4 (128-bit codes) of older pegsol by their trailer, read
 * first; files of versions 1 and 2 (no checksum) are refused.  path must
 * be a regular file.  Returns 0 and *out, or -1 with err (no such file,
 * not a sets file, "'PATH' fails its checksum (corrupt or truncated:
 * WHERE)", another board) or -2 (out of memory). */
int peg_sets_load(const struct peg_board *b, const char *path,
		  struct peg_sets **out, struct peg_err *err);

/* What peg_sets_check found in a good file. */
struct peg_sets_file_info {
	int version;    /* 3, 4 or 5 */
	int wide;       /* 128-bit codes */
	int sections;   /* levels stored */
	uint64_t codes; /* codes in them */
	uint64_t bytes; /* file size */
};

/* Check a sets file for board b as peg_sets_load does, without keeping its
 * codes (a version 5 file is decoded block by block: memory for one
 * block).  0 and *info, or -1 / -2 with err as peg_sets_load. */
int peg_sets_check(const struct peg_board *b, const char *path,
		   struct peg_sets_file_info *info, struct peg_err *err);

/* The board spec a sets file was written for (malloc'd into *spec), after
 * checking its magic, version and the checksum of its header (version 5)
 * or of the whole file (versions 3 and 4): the first step of checking a
 * file without knowing its board (pegsol sets --check).  0, -1 or -2 as
 * peg_sets_load. */
int peg_sets_file_spec(const char *path, char **spec, struct peg_err *err);

/* Level files (the work directory of opts.work; format in docs/solve.md):
 * one level l with `pegs` pegs of the sets s (its board, code width),
 * tagged with a 64-bit value naming the problem (the hash of the work
 * directory's manifest): a hashed header, the codes as blocks
 * (levelfile.h) and an XXH3-64 trailer, written atomically (afile.h).
 * Save returns 0 or a PEG_AFILE_E* status with err.  Load checks the
 * file's header (magic, board, width, pegs, tag) and then, when keep is
 * set, decodes every block into l->code (l->n, l->raw and l->have set),
 * else checks the trailer over the whole file and sets only l->n and
 * l->raw.  0, -1 with err ("'PATH' fails its checksum (...)", "'PATH' is
 * not a level file of this problem") or -2 out of memory. */
int peg_sets_level_save(const struct peg_sets *s, const char *path, int pegs,
			const struct peg_level *l, uint64_t tag,
			struct peg_err *err);
int peg_sets_level_load(const struct peg_sets *s, const char *path, int pegs,
			uint64_t tag, int keep, struct peg_level *l,
			struct peg_err *err);

/* peg_sets_load from an open stream of `size` bytes (peg_afile_read_open);
 * path is for messages. */
int peg_sets_read(const struct peg_board *b, FILE *fp, uint64_t size,
		  const char *path, struct peg_sets **out,
		  struct peg_err *err);

/*
 * The combined "by index" winning sets of seed 001 sections 5-6.
 *
 * The type of a vacancy h: every hole whose single vacancy, after some
 * board symmetry, is in the position class of h's.  For all SVSS problems
 * of that type, with codes reduced by the whole board group G:
 *   any[n]   = |W_n| of "any vacancy of the type, one peg anywhere",
 *              W_n = F_n intersect ~F_(N-n), F from all those vacancies
 *              (the sets of section 5, AnyFinish);
 *   problems = the complement problems of the type, one per G-orbit of
 *              holes; problem i is bit i-1 of an index.  A problem is
 *              degenerate (section 4.1) when some position reachable in it
 *              lies in the G-orbit of a winning position without being
 *              winning itself; degenerate problems come first and keep
 *              their exact codes (reduced by their stabiliser only);
 *   count[n << n_problems | index] = entries with n pegs and that index
 *              (Table 5): one entry per G-orbit of W_n, except that orbits
 *              holding winning positions of degenerate problems get one
 *              entry per such exact code.
 * Rows n = 1 .. N/2 (the rest follow by eq. 8).  total_any and
 * total_index are Table 8's two columns (total_index is 0 when no
 * complement problem is solvable).  Boards of up to 128 holes (the
 * 128-bit body past 64 holes, or with PEGSOL_WIDE) and 16 problems.
 */
#define PEG_BYINDEX_MAX 16
#define PEG_BYINDEX_FRAMES 48

struct peg_byindex {
	int n_holes, half;            /* rows n = 1 .. half */
	int n_problems, n_degenerate; /* problems 1 .. p, degenerate first */
	int hole[PEG_BYINDEX_MAX];     /* each problem's vacancy */
	int solvable[PEG_BYINDEX_MAX];
	size_t any[PEG_SETS_MAX_HOLES + 1];
	size_t *count; /* (half + 1) << n_problems */
	size_t total_any, total_index;
	/* the frames: degenerate problem i > 1 takes its codes in the image
	 * of its start (symmetry index frame[i]) that gives the fewest
	 * entries, chosen in turn; frame_total[g] is total_index with the
	 * last degenerate problem in frame g (0 when fewer than 2) */
	int frame[PEG_BYINDEX_MAX];
	size_t frame_total[PEG_BYINDEX_FRAMES];
	uint64_t children; /* deterministic work count */
};

/* Compute the by-index sets of the type of vacancy `hole`.  0 and *out
 * (free with peg_byindex_free), or -1 with err. */
int peg_sets_byindex(const struct peg_board *b, int hole, int threads,
		     struct peg_byindex **out, struct peg_err *err);
void peg_byindex_free(struct peg_byindex *x);

#endif
