/* dist.h - the distributed level engine of pegsol-mpi (docs/scale.md).
 *
 * K MPI ranks share every level: a canonical code c (pos.h, the minimum
 * over the group) belongs to rank fmix64(c) mod K, and each rank keeps
 * its own codes of a level as one sorted array.  A level is made by
 * rounds: every rank generates the canonical children of up to `chunk`
 * of its parents' children, the children are sent to their owners with
 * one MPI_Alltoallv, and each rank appends what it receives, sorting and
 * deduplicating now and then so the buffer stays bounded; when no rank
 * has parents left the level is sorted once more.  The canonical
 * complements of a level (for W_n = F_n & ~G_(N-n)) take the same road,
 * one "child" a code.  Every rank runs the same number of collective
 * calls whatever its share, so none waits for ever; an allocation that
 * fails on one rank is agreed on in the next round and every rank
 * returns -1.
 *
 * Codes are dcode (dcode.h): this header and its files are compiled
 * once for boards of up to 64 holes (uint64_t) and once for 65 to 128
 * holes (peg_u128, names with _128).  The sets are the same for every K
 * and equal to the library's (sets.h): tests/cli/mpi.sh checks it.
 */
#ifndef PEGSOL_MPI_DIST_H
#define PEGSOL_MPI_DIST_H

#include "dcode.h"

#include "pegsol/board.h"
#include "pegsol/count.h"
#include "pegsol/levelfile.h"
#include "pegsol/fast.h"
#include "pegsol/pos.h"
#include "pegsol/sets.h"

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

/* One rank's part of a level: n sorted distinct canonical codes, as an
 * array (a) or packed (pk, levelfile.h: dist_pack; a is then NULL).
 * dist_route, dist_minus, dist_intersect, dist_raw and dlevel_each read
 * a packed level (a block at a time); dist_find and the count need an
 * array (dist_unpack). */
struct dlevel {
	dcode *a;
	size_t n;
	struct peg_lpack *pk;
};

struct dist {
	MPI_Comm comm;
	int rank, size;
	const struct peg_board *b;
	int n, nj, ng;
	struct dfast *f;
	struct dsymtab *t;
	int *group;      /* ng symmetry indices, identity first */
	dcode *sflip;    /* nj * ng: the flip masks' images, jump-major */
	dcode *img;      /* ng: a parent's images */
	dcode *seen;     /* codes sent lately (dist.c: put_code) */
	size_t chunk;    /* bytes a rank sends in one round */
	/* the memory budget of a rank (--memory-mb; 0: none): the bytes of
	 * the levels the caller holds (set before each call), and the most
	 * this rank would have needed when it went over (0: never) */
	size_t budget, held, need;
	/* the spill (dspill.c): with a budget, a rank whose share of the
	 * level being made would go over it writes its receive buffer as
	 * sorted runs (level files) under tmpdir and merges them into the
	 * level; force > 1 (--partitions P) sends every level through the
	 * disk and merges at most P runs at once.  pack_out: a spilled
	 * level may come out packed (the forward-only run under a budget);
	 * else it comes out as an array, within the budget or not at all */
	const struct peg_sets *sets; /* the level files' header fields */
	const char *tmpdir;          /* NULL: $TMPDIR, else /tmp */
	int force, pack_out;
	int maxruns;   /* most runs one level of this rank wrote */
	uint64_t disk; /* bytes of runs this rank wrote */
	int io;        /* a disk error: 3 out of space, 2 other (msg) */
	char msg[300];
	uint64_t rounds; /* exchange rounds (collective calls) */
	uint64_t sent;   /* bytes this rank sent */
	double t_comm;   /* seconds in MPI calls */
};

/* Set d up for board b (up to DCODE_BITS holes) and the group given as ng symmetry
 * indices.  chunk: bytes sent a round (0: 16 MB).  0, or -1 out of
 * memory. */
int dist_init(struct dist *d, MPI_Comm comm, const struct peg_board *b,
	      const int *group, int ng, size_t chunk);
void dist_free(struct dist *d);

/* Would holding `more` bytes besides d->held and the round buffers (3
 * rounds' bytes) go over d->budget?  1, noting the bytes in d->need, or
 * 0 (always 0 without a budget). */
int dist_over(struct dist *d, size_t more);

/* The rank owning canonical code c. */
int dist_owner(const struct dist *d, dcode c);

/* The canonical code of any code under d's group. */
dcode dist_canon(const struct dist *d, dcode x);

/* The level of a list of codes (any rank may give any codes: each is
 * made canonical and sent to its owner).  Collective. */
int dist_level_from(struct dist *d, const dcode *codes, size_t n,
		    struct dlevel *out);

/* out = the canonical children of src (expand = 1) or the canonical
 * complements of src's codes (expand = 0).  Collective; 0, or -1 on
 * every rank when one ran out of memory or (dist_over) would have gone
 * over its budget: the receive buffer is deduplicated (sorted in place)
 * before the next round could take it over. */
int dist_route(struct dist *d, const struct dlevel *src, int expand,
	       struct dlevel *out);

/* a minus b (the same rank's parts: the same owner), a and b arrays or
 * packs: an array a is compacted in place, a packed a gets a new pack.
 * 0, or -1 out of memory (a is then to be freed). */
int dist_minus(struct dlevel *a, const struct dlevel *b);
/* out = a & b, a and b arrays or packs read a block at a time: an
 * array (room for the smaller of a and b), or packed when pack is 1.
 * 0, or -1 out of memory. */
int dist_intersect(const struct dlevel *a, const struct dlevel *b, int pack,
		   struct dlevel *out);

/* Is c in l (binary search)?  Its index or -1. */
long dist_find(const struct dlevel *l, dcode c);

/* The size of x's orbit under d's group. */
int dist_orbit(const struct dist *d, dcode x);

/* The sum of the orbit sizes of l's codes (the raw size). */
uint64_t dist_raw(const struct dist *d, const struct dlevel *l);

void dlevel_free(struct dlevel *l);

/* Call fn on l's codes in order, a block at a time (an array, or its
 * pack decoded).  0, or the first nonzero fn returned, or -1 when a
 * block does not decode (out of memory). */
int dlevel_each(const struct dlevel *l,
		int (*fn)(void *ctx, const dcode *a, size_t n), void *ctx);

/* The runs of one level spilled by a rank (dspill.c): level files
 * (peg_sets_level_save: written to a temporary name and renamed, every
 * block and the whole file hashed) in a directory of its own under
 * d->tmpdir, each a sorted, distinct part of the codes received. */
struct dspill {
	char dir[3200]; /* "" until the first run */
	int nrun, next; /* runs on disk; the next file number */
	int *id;        /* each run's file number */
	size_t *cnt;    /* each run's codes */
	int cap;
};

/* Write a[0..n) (sorted, distinct) as a run.  0, or -1 (d->io and
 * d->msg on a disk error). */
int dspill_put(struct dist *d, struct dspill *sp, const dcode *a, size_t n);

/* Merge the runs into out (deduplicated): packed when d->pack_out, else
 * an array (refused by dist_over when it would go over the budget);
 * merged at most fan-in runs at once, the intermediate results runs
 * again.  Every run file is checked as it is read.  0 or -1. */
int dspill_merge(struct dist *d, struct dspill *sp, struct dlevel *out);

/* Remove the runs and their directory (and free sp). */
void dspill_clear(struct dspill *sp);

/* Pack l's array (the forward-only parent under a budget, as pegsol
 * keeps its levels compressed) and free it.  0, or -1 out of memory (l
 * unchanged). */
int dist_pack(struct dlevel *l);

/* The array of a packed l (its pack freed).  0, or -1 out of memory (l
 * unchanged). */
int dist_unpack(struct dlevel *l);

/* The bytes l takes (its array, or its pack). */
size_t dlevel_bytes(const struct dlevel *l);

/* Sum a counter over the ranks (every rank gets it).  Collective. */
uint64_t dist_sum(struct dist *d, uint64_t v);
/* Agree on a failure: 1 on every rank when any rank passes fail != 0. */
int dist_any(struct dist *d, int fail);

/* One round of exchange: send[r] (n[r] bytes) to rank r, everything
 * received appended to *recv (realloc'd; *recv_n its length).  0, or -1
 * out of memory (agreed: every rank gets -1). */
struct dbuf {
	unsigned char *p;
	size_t n, cap;
};
int dbuf_reserve(struct dbuf *b, size_t more);
/* Free the d->size send buffers and their array (NULL is fine). */
void dist_bufs_free(const struct dist *d, struct dbuf *send);
int dist_exchange(struct dist *d, struct dbuf *send, struct dbuf *recv,
		  int fail);

/* The path count of the winning levels W[nf..ns] (count.h: T(start) = 1,
 * T pushed along every jump into W_(n-1), meet in the middle at N/2 for
 * complement problems), on d's ranks: the count (text malloc'd), the
 * edges walked and the winning positions, the same on every K as
 * peg_count_sets.  A level of W may be packed: it is expanded when the
 * walk reaches it, and freed once walked (all but the levels of the
 * meet).  Collective; rank 0's r is the result. */
int dist_count(struct dist *d, struct dlevel *W, int ns, int nf,
	       int complement, struct peg_count_result *r);

#endif
