/* graphaut.h - automorphism groups of graph boards (board.c), listed.
 *
 * The group is found by individualisation and refinement, the method of
 * nauty (McKay and Piperno, "Practical graph isomorphism II", 2014): the
 * coarsest equitable partition of two copies of the graph is refined after
 * matching a vertex of one copy with a vertex of the other, and a matching
 * that ends in a discrete partition is an automorphism.  A base path
 * b1, b2, ..., bk (individualise, refine, until the partition is discrete)
 * gives the stabiliser chain G = G0 >= G1 >= ... >= Gk = 1, Gi fixing
 * b1..bi; the orbit of b(i+1) under Gi is found bottom up, one search per
 * vertex of its cell that no generator found so far reaches.  |G| is the
 * product of the orbit lengths, so a group too large to list is known
 * before it is listed.
 *
 * Cost: each search refines in O((n + m) log n) per level of its tree;
 * graphs that colour refinement does not split well (strongly regular
 * graphs and their kind) can need many dead branches, so the work is
 * bounded (GRAPHAUT_WORK) and the search stops early.
 *
 * When the whole group has more than max elements, or the work bound is
 * reached, the result is the largest Gi of the chain that was completed
 * and has at most max elements: a subgroup, the identity at least.
 * Canonical codes are minima over the group the board stores, so any
 * subgroup gives correct (if less merged) results. */
#ifndef PEGSOL_GRAPHAUT_H
#define PEGSOL_GRAPHAUT_H

/* Work units (neighbour visits, moved and sorted entries) one group
 * computation may spend: about a second. */
#ifndef GRAPHAUT_WORK
#define GRAPHAUT_WORK 400000000L
#endif

/* The automorphisms of the simple graph with n vertices and adjacency
 * lists adj[xadj[v] .. xadj[v+1]-1] (each edge listed from both ends, no
 * loops or repeats), or the subgroup described above when the group has
 * more than max elements.  On success *out (malloc'd, *n_out * n ints,
 * element s maps vertex i to out[s*n + i]) lists the elements sorted
 * lexicographically, the identity first, and *complete is 1 when they are
 * the whole group.  Returns 0, or -1 out of memory. */
int peg_graph_automorphisms(int n, const int *xadj, const int *adj, int max,
			    int **out, int *n_out, int *complete);

#endif
