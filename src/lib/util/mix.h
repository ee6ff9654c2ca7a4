/* mix.h - the 64-bit finalisers that turn a position code into a hash,
 * shared by the engines' tables.  Each table keeps the one it was tuned
 * and benchmarked with (bench/nodes.sh counts depend on table layouts),
 * so both are here rather than one for all. */
#ifndef PEGSOL_MIX_H
#define PEGSOL_MIX_H

#include <stdint.h>

/* xor-shift, multiply, xor-shift, multiply, xor-shift: the form of both
 * finalisers below (constants inline, so it compiles to the same code). */
static inline uint64_t mix_xmxmx(uint64_t x, int s1, uint64_t m1, int s2,
				 uint64_t m2, int s3)
{
	x ^= x >> s1;
	x *= m1;
	x ^= x >> s2;
	x *= m2;
	return x ^ x >> s3;
}

/* MurmurHash3's fmix64. */
static inline uint64_t mix_fmix64(uint64_t x)
{
	return mix_xmxmx(x, 33, 0xff51afd7ed558ccdULL, 33,
			 0xc4ceb9fe1a85ec53ULL, 33);
}

/* splitmix64's output function (without the increment). */
static inline uint64_t mix_splitmix64(uint64_t x)
{
	return mix_xmxmx(x, 30, 0xbf58476d1ce4e5b9ULL, 27,
			 0x94d049bb133111ebULL, 31);
}

#endif
