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

int peg_hset64_init(struct peg_hset64 *h, size_t slots)
{
	memset(h, 0, sizeof(*h));
	h->bits = bits_for(slots);
	h->slot = calloc((size_t)1 << h->bits, sizeof(uint64_t));
	if (!h->slot)
		return -1;
	h->limit = ((size_t)3 << h->bits) / 4;
	return 0;
}

void peg_hset64_release(struct peg_hset64 *h)
{
	free(h->slot);
	memset(h, 0, sizeof(*h));
}

void peg_hset64_clear(struct peg_hset64 *h)
{
	memset(h->slot, 0, ((size_t)1 << h->bits) * sizeof(uint64_t));
	h->count = 0;
}

int peg_hset64_has(const struct peg_hset64 *h, uint64_t code)
{
	size_t mask = ((size_t)1 << h->bits) - 1;

	for (size_t i = slot_of64(code, h->bits);; i = (i + 1) & mask) {
		if (h->slot[i] == code)
			return 1;
		if (!h->slot[i])
			return 0;
	}
}

int peg_hset64_add(struct peg_hset64 *h, uint64_t code)
{
	size_t mask = ((size_t)1 << h->bits) - 1;

	assert(code != 0);
	for (size_t i = slot_of64(code, h->bits);; i = (i + 1) & mask) {
		if (h->slot[i] == code)
			return 0;
		if (!h->slot[i]) {
			if (h->count >= h->limit)
				return -1;
			h->slot[i] = code;
			h->count++;
			return 1;
		}
	}
}

int peg_hset64_grow(struct peg_hset64 *h)
{
	struct peg_hset64 g;
	size_t n = (size_t)1 << h->bits;

	if (peg_hset64_init(&g, n * 2))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (h->slot[i])
			peg_hset64_add(&g, h->slot[i]);
	free(h->slot);
	*h = g;
	return 0;
}

int peg_hset128_init(struct peg_hset128 *h, size_t slots)
{
	memset(h, 0, sizeof(*h));
	h->bits = bits_for(slots);
	h->slot = calloc((size_t)1 << h->bits, sizeof(peg_u128));
	if (!h->slot)
		return -1;
	h->limit = ((size_t)3 << h->bits) / 4;
	return 0;
}

void peg_hset128_release(struct peg_hset128 *h)
{
	free(h->slot);
	memset(h, 0, sizeof(*h));
}

void peg_hset128_clear(struct peg_hset128 *h)
{
	memset(h->slot, 0, ((size_t)1 << h->bits) * sizeof(peg_u128));
	h->count = 0;
}

int peg_hset128_has(const struct peg_hset128 *h, peg_u128 code)
{
	size_t mask = ((size_t)1 << h->bits) - 1;

	for (size_t i = slot_of128(code, h->bits);; i = (i + 1) & mask) {
		if (h->slot[i] == code)
			return 1;
		if (!h->slot[i])
			return 0;
	}
}

int peg_hset128_add(struct peg_hset128 *h, peg_u128 code)
{
	size_t mask = ((size_t)1 << h->bits) - 1;

	assert(code != 0);
	for (size_t i = slot_of128(code, h->bits);; i = (i + 1) & mask) {
		if (h->slot[i] == code)
			return 0;
		if (!h->slot[i]) {
			if (h->count >= h->limit)
				return -1;
			h->slot[i] = code;
			h->count++;
			return 1;
		}
	}
}

int peg_hset128_grow(struct peg_hset128 *h)
{
	struct peg_hset128 g;
	size_t n = (size_t)1 << h->bits;

	if (peg_hset128_init(&g, n * 2))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (h->slot[i])
			peg_hset128_add(&g, h->slot[i]);
	free(h->slot);
	*h = g;
	return 0;
}
