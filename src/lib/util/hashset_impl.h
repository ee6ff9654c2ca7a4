/* hashset_impl.h - the body of one open-addressing code set, included by
 * hashset.c once per key width: define SFX (64 or 128), KEY (the key type)
 * and SLOT_OF (the key's hash into a slot index) first. */
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define HSET struct CAT(peg_hset, SFX)
#define FN(name) CAT(CAT(peg_hset, SFX), name)

int FN(_init)(HSET *h, size_t slots)
{
	memset(h, 0, sizeof(*h));
	h->bits = bits_for(slots);
	h->slot = calloc((size_t)1 << h->bits, sizeof(KEY));
	if (!h->slot)
		return -1;
	h->limit = ((size_t)3 << h->bits) / 4;
	return 0;
}

void FN(_release)(HSET *h)
{
	free(h->slot);
	memset(h, 0, sizeof(*h));
}

void FN(_clear)(HSET *h)
{
	memset(h->slot, 0, ((size_t)1 << h->bits) * sizeof(KEY));
	h->count = 0;
}

int FN(_has)(const HSET *h, KEY code)
{
	size_t mask = ((size_t)1 << h->bits) - 1;

	for (size_t i = SLOT_OF(code, h->bits);; i = (i + 1) & mask) {
		if (h->slot[i] == code)
			return 1;
		if (!h->slot[i])
			return 0;
	}
}

int FN(_add)(HSET *h, KEY code)
{
	size_t mask = ((size_t)1 << h->bits) - 1;

	assert(code != 0);
	for (size_t i = SLOT_OF(code, h->bits);; i = (i + 1) & mask) {
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

int FN(_grow)(HSET *h)
{
	HSET g;
	size_t n = (size_t)1 << h->bits;

	if (FN(_init)(&g, n * 2))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (h->slot[i])
			FN(_add)(&g, h->slot[i]);
	free(h->slot);
	*h = g;
	return 0;
}

#undef FN
#undef HSET
#undef CAT
#undef CAT_
