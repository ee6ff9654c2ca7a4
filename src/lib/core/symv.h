/* symv.h - canonical codes under up to 8 symmetries at once (internal to
 * sets.c and count.c), and the helpers the 64- and 128-bit bodies of the
 * level-set, count and analyse engines share (code width, big arrays,
 * bit counts of 128-bit codes).
 *
 * For a group H of at most 8 symmetries (identity first) and a board of
 * up to 64 holes, img[k][v] holds in lane i the image under H[i] of the
 * byte value v at byte k of a code, and flip[j] the images of jump j's
 * flip mask; lanes past |H| repeat lane 0, so they never change a
 * minimum.  The 8 images of a code are then the OR of one 64-byte row
 * per byte, and the canonical code of a child p ^ flip[j] is the minimum
 * lane of images(p) XOR flip[j]: one load, one XOR and one 8-lane
 * minimum with AVX-512 (used when the CPU has it, checked at run time
 * and kept in simd; else the callers' scalar code runs).
 */
#ifndef PEGSOL_SYMV_H
#define PEGSOL_SYMV_H

#include "pegsol/pos.h"

#include "bigmem.h"
#include "pool.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define SYMV_X86 1
#else
#define SYMV_X86 0
#endif

/* The code width of the level-set, count and analyse engines: 1 (128-bit
 * codes) for boards of more than 64 holes, or when the testing switch
 * PEGSOL_WIDE is set in the environment to anything but "0" (the 128-bit
 * body then runs on a small board too, so tests can compare it with the
 * one-word path); else 0. */
static inline int symv_env_on(const char *name)
{
	const char *e = getenv(name);

	return e && *e && strcmp(e, "0");
}

static inline int symv_wide(int n_holes)
{
	return n_holes > 64 || symv_env_on("PEGSOL_WIDE");
}

static inline int symv_popc128(peg_u128 x)
{
	return __builtin_popcountll((uint64_t)x) +
	       __builtin_popcountll((uint64_t)(x >> 64));
}

/* Index of the lowest set bit (x != 0). */
static inline int symv_ctz128(peg_u128 x)
{
	uint64_t lo = (uint64_t)x;

	return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

/* Run fn on nt workers (worker 0 on this thread, at most 8); w is an
 * array of nt work records of `size` bytes (pool.h). */
static inline void symv_run(void *(*fn)(void *), void *w, size_t size, int nt)
{
	peg_pool_run(NULL, fn, w, size, nt < 8 ? nt : 8);
}

/* malloc for big arrays (free with free()): bigmem.h. */
static inline void *symv_big_alloc(size_t bytes)
{
	return peg_big_alloc(bytes);
}

struct symv {
	int ng, nbytes, nj;
	int simd;              /* 1: use the AVX-512 functions below */
	uint64_t (*img)[256][8]; /* nbytes rows, 64-byte aligned */
	uint64_t (*flip)[8];     /* nj rows */
};

static inline void symv_release(struct symv *v)
{
	free(v->img);
	free(v->flip);
	memset(v, 0, sizeof(*v));
}

/* Build the tables for group[0..ng) over t; flip[0..nj) are the jumps'
 * flip masks.  0, or -1 out of memory.  simd stays 0 when ng > 8 or the
 * CPU lacks AVX-512 (the tables are then not built). */
static inline int symv_init(struct symv *v, const struct peg_symtab64 *t,
			    const int *group, int ng, const uint64_t *flip,
			    int nj)
{
	memset(v, 0, sizeof(*v));
	v->ng = ng;
	v->nj = nj;
	v->nbytes = t->n_bytes;
#if SYMV_X86
	if (ng > 8 || !__builtin_cpu_supports("avx512f"))
		return 0;
	v->img = aligned_alloc(64, sizeof(*v->img) * (size_t)(v->nbytes + 1));
	v->flip = aligned_alloc(64, sizeof(*v->flip) * (size_t)(nj + 1));
	if (!v->img || !v->flip) {
		symv_release(v);
		return -1;
	}
	for (int k = 0; k < v->nbytes; k++)
		for (int b = 0; b < 256; b++)
			for (int i = 0; i < 8; i++)
				v->img[k][b][i] = t->t[group[i < ng ? i : 0]][k][b];
	for (int j = 0; j < nj; j++)
		for (int i = 0; i < 8; i++)
			v->flip[j][i] = peg_symtab64_apply(t, group[i < ng ? i : 0],
							   flip[j]);
	v->simd = 1;
#else
	(void)t;
	(void)group;
	(void)flip;
#endif
	return 0;
}

#if SYMV_X86
__attribute__((target("avx512f"))) static inline __m512i
symv_images(const struct symv *v, uint64_t code)
{
	__m512i r = _mm512_load_si512(v->img[0][code & 0xff]);

	for (int k = 1; k < v->nbytes; k++)
		r = _mm512_or_si512(
			r, _mm512_load_si512(v->img[k][(code >> (8 * k)) & 0xff]));
	return r;
}

/* The canonical code of code. */
__attribute__((target("avx512f"))) static inline uint64_t
symv_canon(const struct symv *v, uint64_t code)
{
	return _mm512_reduce_min_epu64(symv_images(v, code));
}

/* The canonical code of the child by jump j of the position whose images
 * are img. */
__attribute__((target("avx512f"))) static inline uint64_t
symv_child(const struct symv *v, __m512i img, int j)
{
	return _mm512_reduce_min_epu64(
		_mm512_xor_si512(img, _mm512_load_si512(v->flip[j])));
}
#endif

#endif
