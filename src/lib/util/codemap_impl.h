/* codemap_impl.h - an open-addressing table keyed by position codes,
 * written once as a template (internal) for the engines' memos, whose
 * slots carry different values (a code, a game count, an index).
 *
 * Layout: a power-of-two array of slots, the key first in each slot,
 * key 0 = empty (no engine stores the empty board: every memo holds
 * positions with pegs), linear probing from CM_HASH(key) & mask, grown
 * to twice the size when an insertion would pass the load the user
 * gives.  Nothing is ever removed (clear empties the whole table).
 * hashset.h is the same scheme for plain code sets (with a public API);
 * docs/dependencies.md ("Hash tables") lists the tables that stay
 * special and why.
 *
 * Define before including (no include guard: once per instance):
 *   CM(x)          the names, e.g. #define CM(x) CAT(CAT(memo, x), SFX)
 *   CM_KEY         the code type
 *   CM_SLOT        the slot type: a struct whose member `key` is a CM_KEY
 *   CM_HASH(k)     the hash of a code (size_t; masked here)
 *   CM_FULL(n, s)  nonzero when n used slots are too many for s slots
 *   CM_MIN         the least number of slots (a power of two)
 * and get, all static:
 *   struct CM(_t) { CM_SLOT *s; size_t mask, n; }
 *   int CM(_init)(struct CM(_t) *h, size_t cap)  at least cap slots; 0, -1
 *   void CM(_free)(struct CM(_t) *h), CM(_clear)(struct CM(_t) *h)
 *   CM_SLOT *CM(_find)(const struct CM(_t) *h, CM_KEY k)  NULL: absent
 *   CM_SLOT *CM(_add)(struct CM(_t) *h, CM_KEY k)  k's slot; a new one is
 *                  zero but for its key; NULL out of memory
 * The parameters are undefined at the end.
 */
#include <stdlib.h>
#include <string.h>

struct CM(_t) {
	CM_SLOT *s;
	size_t mask, n;
};

static inline int CM(_init)(struct CM(_t) *h, size_t cap)
{
	size_t c = CM_MIN;

	while (c < cap)
		c <<= 1;
	h->s = calloc(c, sizeof(*h->s));
	h->mask = c - 1;
	h->n = 0;
	return h->s ? 0 : -1;
}

static inline void CM(_free)(struct CM(_t) *h)
{
	free(h->s);
	h->s = NULL;
	h->n = 0;
}

static inline void CM(_clear)(struct CM(_t) *h)
{
	memset(h->s, 0, (h->mask + 1) * sizeof(*h->s));
	h->n = 0;
}

static inline CM_SLOT *CM(_find)(const struct CM(_t) *h, CM_KEY k)
{
	size_t i = CM_HASH(k) & h->mask;

	while (h->s[i].key) {
		if (h->s[i].key == k)
			return &h->s[i];
		i = (i + 1) & h->mask;
	}
	return NULL;
}

/* Twice the slots, the entries moved in slot order. */
static int CM(_grow)(struct CM(_t) *h)
{
	struct CM(_t) g;

	if (CM(_init)(&g, 2 * (h->mask + 1)))
		return -1;
	for (size_t i = 0; i <= h->mask; i++) {
		size_t j;

		if (!h->s[i].key)
			continue;
		j = CM_HASH(h->s[i].key) & g.mask;
		while (g.s[j].key)
			j = (j + 1) & g.mask;
		g.s[j] = h->s[i];
	}
	g.n = h->n;
	CM(_free)(h);
	*h = g;
	return 0;
}

static inline CM_SLOT *CM(_add)(struct CM(_t) *h, CM_KEY k)
{
	size_t i = CM_HASH(k) & h->mask;

	while (h->s[i].key) {
		if (h->s[i].key == k)
			return &h->s[i];
		i = (i + 1) & h->mask;
	}
	if (CM_FULL(h->n + 1, h->mask + 1)) {
		if (CM(_grow)(h))
			return NULL;
		i = CM_HASH(k) & h->mask;
		while (h->s[i].key)
			i = (i + 1) & h->mask;
	}
	h->s[i].key = k;
	h->n++;
	return &h->s[i];
}

#undef CM
#undef CM_KEY
#undef CM_SLOT
#undef CM_HASH
#undef CM_FULL
#undef CM_MIN
