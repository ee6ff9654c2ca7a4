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

enum { PEGWW_MAX_GROUP = 1024 }; /* symmetries a work directory's group */

/* A work directory's group K, which may be larger than the group of the
 * codes wanted from it (its levels then hold one code a K-orbit): its
 * codes, its inverses (board indices) and the tag bits that name one of
 * its elements (pegww_map_tag; 0 when not coarse). */
struct pegww_cg {
	struct peg_symtab64 *t;
	int inv[PEGWW_MAX_GROUP];
	int tb, coarse;
};

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
	/* meeting the reverse problem (opts.rwork; winwork.h): its forward
	 * levels (kind 'G') in gdir under the group kt = tau^-1 G tau, its
	 * W levels (kind 'R') in wdir, computed down from rm */
	int rev;                  /* 1: opts.rwork given */
	int tau, tau_inv;         /* tau maps gdir's start onto ~finish */
	const char *gdir;
	uint64_t gtag, gstart;    /* gdir's manifest hash, its start (raw) */
	int gstart_pegs, rm;
	uint64_t rw[PEG_SETS_MAX_HOLES + 1]; /* |R_n| */
	/* gdir's group K may be larger than the problem's moved, H' =
	 * tau^-1 G tau (R's codes: ht; ht == K.t when they agree), and
	 * fdir's FK larger than G (FK.t == gt when they agree) */
	struct peg_symtab64 *ht;
	int hconj[PEGWW_MAX_GROUP];
	struct pegww_cg K, FK;
	int fgoal_other;          /* fdir was made for another goal */
};

/* A forward work directory's manifest (sets.c writes it), read. */

struct pegww_man {
	uint64_t tag;             /* its hash: the level files' tag */
	uint64_t start, goal;     /* raw codes (64-bit boards) */
	int anywhere, pruned;
	int group[PEGWW_MAX_GROUP], n_group;
};

/* winwork_dir.c */
char *pegww_slurp(const char *path, size_t *len);
int pegww_manifest_read(const char *dir, const struct peg_board *b,
			struct pegww_man *man, struct peg_err *err);
/* dir serves w's problem: same start and group (with w->rev a larger
 * group: w->FK.coarse), not pruned */
int pegww_forward_check(struct pegww *w, const char *dir,
			const struct pegww_man *man, struct peg_err *err);
/* tau (and tau_inv) for the reverse directory of manifest man */
int pegww_find_tau(struct pegww *w, const struct pegww_man *man,
		   struct peg_err *err);
int pegww_compose(const struct peg_board *b, int x, int y, int *tmp);

/* canon_G(sg(~c)); pegww_map_t: canon under t */
uint64_t pegww_map(const struct pegww *w, int sg, uint64_t c);
uint64_t pegww_map_t(const struct pegww *w, const struct peg_symtab64 *t,
		     int sg, uint64_t c);
uint64_t pegww_map_tag(const struct pegww *w, const struct pegww_cg *cg,
		       int sg, uint64_t c);
/* cg for a directory's group (coarse: larger than the codes wanted) */
int pegww_cg_init(struct pegww *w, struct pegww_cg *cg, const int *group,
		  int n, int coarse, struct peg_err *err);
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
