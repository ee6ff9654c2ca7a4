/* hashset.c - open-addressing sets of position codes (hashset.h). */
#include "pegsol/hashset.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define GOLDEN 0x9e3779b97f4a7c15ULL

static size_t slot_of64(uint64_t code, int bits)
{
	uint64_t x = code ^ (code >> 29);

	return (size_t)((x * GOLDEN) >> (64 - bits));
}

static size_t slot_of128(peg_u128 code, int bits)
{
	uint64_t lo = (uint64_t)code, hi = (uint64_t)(code >> 64);

	return slot_of64(lo ^ (hi * 0xc2b2ae3d27d4eb4fULL), bits);
}

static int bits_for(size_t slots)
{
	int bits = 4;

	while (bits < 62 && ((size_t)1 << bits) < slots)
		bits++;
	return bits;
}

#define SFX 64
#define KEY uint64_t
#define SLOT_OF slot_of64
#include "hashset_impl.h"
#undef SLOT_OF
#undef KEY
#undef SFX

#define SFX 128
#define KEY peg_u128
#define SLOT_OF slot_of128
#include "hashset_impl.h"
#undef SLOT_OF
#undef KEY
#undef SFX
