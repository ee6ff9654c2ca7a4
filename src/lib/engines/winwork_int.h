/* winwork_int.h - what winwork.c and winwork_walk.c share: the run's
 * context, sorted runs (codes in any order in, sorted distinct codes
 * out, through compressed runs of a bounded size) and a reader of packed
 * levels. */
#ifndef PEGSOL_WINWORK_INT_H
#define PEGSOL_WINWORK_INT_H

#include "winwork.h"

#include "pegsol/levelfile.h"
#include "pegsol/pos.h"
#include "pegsol/sets.h"

#include <stddef.h>
#include <stdint.h>

struct pegww {
	const struct peg_board *b;
	const struct pegww_opts *o;
	struct pegww_result *r;
	struct peg_sets *s;       /* the problem, group and codes of the run */
	struct peg_symtab64 *gt;  /* the group G (canonical codes) */
	int sigma, sigma_inv;     /* board symmetries (winwork.h) */
	int m;                    /* the middle level */
	uint64_t full;            /* every hole */
	uint64_t ftag, wtag;      /* the level files' tags */
	const char *fdir, *wdir;
	size_t memory;
	uint64_t *jm;             /* per jump: from|over, to */
	int nj;
	struct peg_lf *lf;
	uint64_t ptotal;          /* progress: positions of the phase */
};

/* canon_G(sg(~c)) */
uint64_t pegww_map(const struct pegww *w, int sg, uint64_t c);
void pegww_path(char *buf, size_t n, const char *dir, char kind, int pegs);
int pegww_load(struct pegww *w, char kind, int pegs, struct peg_level *l,
	       struct peg_err *err);
void pegww_level_free(struct peg_level *l);

/* Sorted runs: push codes; drain merges the runs and hands the distinct
 * codes in increasing order to emit (0, or nonzero to stop). */
typedef int pegww_emit_fn(void *ctx, const uint64_t *a, size_t k);

struct pegww_srt {
	uint64_t *a, *t;          /* the buffer and the sort's scratch */
	size_t n, cap;
	int bits;
	struct peg_lpack **run;
	size_t nrun;
	struct peg_lf *lf;
};

int pegww_srt_init(struct pegww_srt *s, size_t memory, int bits);
int pegww_srt_push(struct pegww_srt *s, uint64_t x);
int pegww_srt_drain(struct pegww_srt *s, pegww_emit_fn *emit, void *ctx);
void pegww_srt_free(struct pegww_srt *s);

/* A packed level read code by code. */
struct pegww_rd {
	const struct peg_lpack *p;
	struct peg_lf *lf;
	size_t blk, i, n;
	uint64_t *a;
};

int pegww_rd_open(struct pegww_rd *r, const struct peg_lpack *p);
int pegww_rd_next(struct pegww_rd *r, uint64_t *x);
void pegww_rd_close(struct pegww_rd *r);

/* Report level n of phase ph (k positions) to the progress callback. */
void pegww_progress(struct pegww *w, enum peg_phase ph, int n, uint64_t k);

/* winwork_walk.c: the fastest dead end, the count. */
int pegww_dead_end(struct pegww *w, struct peg_err *err);
int pegww_count(struct pegww *w, struct peg_err *err);

#endif
