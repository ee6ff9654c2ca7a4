/* hashset.h - sets of position codes: open addressing for the engines.
 *
 * Design note.  A set is one array of 2^k slots holding codes (uint64_t for
 * boards of up to 64 holes, peg_u128 up to 128).  Linear probing from
 * (code * golden) >> (64 - k); no deletion (clear empties everything).
 *
 *   empty marker:  the code 0 (the board with no peg).  The engines only
 *                  store positions with at least one peg, so 0 is never a
 *                  key; inserting 0 is a programmer error (assert).
 *   size:          set by the caller (slots, rounded up to a power of two);
 *                  at most 3/4 of the slots are filled: insert then returns
 *                  -1 and the caller chooses to grow, clear or stop
 *                  inserting (a memory budget is the caller's business).
 *   memory:        8 (or 16) bytes per slot, nothing else.
 *
 * Not thread safe: one set per thread, or outside locking.
 */
#ifndef PEGSOL_HASHSET_H
#define PEGSOL_HASHSET_H

#include "pegsol/pos.h"

#include <stddef.h>
#include <stdint.h>

struct peg_hset64 {
	uint64_t *slot; /* 2^bits slots, 0 = empty */
	int bits;
	size_t count, limit; /* keys stored, 3/4 of the slots */
};

struct peg_hset128 {
	peg_u128 *slot;
	int bits;
	size_t count, limit;
};

/* Allocate a set of at least `slots` slots (>= 16).  Returns 0, -1 when
 * out of memory. */
int peg_hset64_init(struct peg_hset64 *h, size_t slots);
void peg_hset64_release(struct peg_hset64 *h);
void peg_hset64_clear(struct peg_hset64 *h);
/* 1 when code is in the set. */
int peg_hset64_has(const struct peg_hset64 *h, uint64_t code);
/* Insert: 1 added, 0 already there, -1 the set is full (3/4). */
int peg_hset64_add(struct peg_hset64 *h, uint64_t code);
/* Double the slots, keeping the keys.  0, or -1 out of memory (the set is
 * unchanged). */
int peg_hset64_grow(struct peg_hset64 *h);

int peg_hset128_init(struct peg_hset128 *h, size_t slots);
void peg_hset128_release(struct peg_hset128 *h);
void peg_hset128_clear(struct peg_hset128 *h);
int peg_hset128_has(const struct peg_hset128 *h, peg_u128 code);
int peg_hset128_add(struct peg_hset128 *h, peg_u128 code);
int peg_hset128_grow(struct peg_hset128 *h);

#endif
