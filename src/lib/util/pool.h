/* pool.h - the worker pool of the engines (internal).
 *
 * An engine that splits a job over workers fills an array of n work
 * records (each `size` bytes, one per worker, the worker's index and
 * shared pointers in it) and calls
 *
 *     peg_pool_run(pool, fn, records, size, n);
 *
 * which runs fn(record t) once for every t in 0..n-1 and returns when all
 * have finished: record 0 on the calling thread, the others on the pool's
 * threads.  Every record runs exactly once whatever the machine allows: a
 * record the pool has no thread for (a thread that could not be made, or
 * n past the pool's size) runs on the calling thread after record 0, so
 * an engine's result never depends on how many threads really started
 * (records that take work from a shared counter simply find less).
 *
 * pool = NULL runs the helpers on threads made for this one call (the
 * engines whose jobs are few and long: sets, count, shortest); a pool
 * from peg_pool_new keeps its threads waiting between calls (the
 * heuristic's beam runs one job per layer, thousands per search).  A pool
 * serves one caller at a time; it holds no other state, so engines stay
 * free of hidden globals (docs/ARCHITECTURE.md).
 */
#ifndef PEGSOL_POOL_H
#define PEGSOL_POOL_H

#include <stddef.h>

struct peg_pool;

typedef void *(*peg_pool_fn)(void *record);

/* A pool with threads for n_helpers records past record 0 (at most
 * PEG_POOL_MAX - 1); NULL out of memory.  Fewer threads start when the
 * system refuses some (their records then run on the caller). */
#define PEG_POOL_MAX 64
struct peg_pool *peg_pool_new(int n_helpers);
void peg_pool_free(struct peg_pool *p);

/* Helper threads actually running (0 for NULL). */
int peg_pool_threads(const struct peg_pool *p);

/* Run fn on the n records at base (n >= 1), as the top of this file
 * says; at most PEG_POOL_MAX run at once. */
void peg_pool_run(struct peg_pool *p, peg_pool_fn fn, void *base, size_t size,
		  int n);

#endif
