/* sets_prune_lite.h - a few pagoda functions found from a level that the
 * forward pass has already made (opts.prune == 2, the winning-set runs of
 * peg_winsets_open; sets_prune_lite.c).  The full search of sets_prune.c
 * (peg_prune_new: a sample run of its own, up to 400 linear programs and
 * 11 functions) costs as much as the pruning saves on the English board;
 * this one samples the forward pass's own level and stops at a handful of
 * programs and functions, which cut most of what the full set cuts. */
#ifndef PEGSOL_SETS_PRUNE_LITE_H
#define PEGSOL_SETS_PRUNE_LITE_H

#include "pegsol/board.h"
#include "pegsol/sets.h"

#include <stddef.h>
#include <stdint.h>

/* The forward level (positions, at least) the functions are found from:
 * the levels above it are made unpruned. */
#define SETS_LITE_LEVEL 100000

/* Pagoda functions of problem p (goals: the finish's images under the
 * symmetries group[0 .. ng), indices into b->sym, or every single peg
 * when the goal is anywhere) proving that some of the positions code[0 ..
 * n) (64-bit codes of a forward level, sampled evenly) cannot reach the
 * goal, tested with their images under the group as sets_prune.h tests
 * them (int_pegs 0: no integer stage).  0 and *out (NULL when none was
 * found; free with peg_prune_free), or -1 out of memory. */
int sets_prune_lite(const struct peg_board *b, const struct peg_problem *p,
		    const int *group, int ng, const uint64_t *code, size_t n,
		    struct peg_prune **out);

#endif
