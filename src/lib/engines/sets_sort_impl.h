/* sets_sort_impl.h - sorting and deduplicating code arrays for the level
 * sets: LSD radix sort, insertion sort for small runs, growable vectors.
 * Part of the sets body (sets_impl.h includes it once per code width). */

/* LSD radix sort of a[0..n) on the low `bits` bits, at most 11 bits a
 * pass (the passes balanced); tmp holds n codes, cnt (11 bits worth of
 * counters) is scratch.  Passes where every key has the same digit are
 * skipped.  Returns the array holding the result (a or tmp). */
static CW *NAME(radix_sort_)(CW *a, CW *tmp, size_t n, int bits, size_t *cnt)
{
	int lo = 0, passes, R;
	size_t B;

#if WBITS > 64
	{
		/* long keys: sort on the span of bits that vary only */
		CW any = 0, all = ~(CW)0;

		for (size_t i = 0; i < n; i++) {
			any |= a[i];
			all &= a[i];
		}
		any ^= all;
		if (!any)
			return a;
		lo = CTZ(any);
		bits = (uint64_t)(any >> 64)
			       ? 128 - __builtin_clzll((uint64_t)(any >> 64))
			       : 64 - __builtin_clzll((uint64_t)any);
	}
#endif
	passes = (bits - lo + 10) / 11;
	R = passes ? (bits - lo + passes - 1) / passes : 1;
	B = (size_t)1 << R;
	for (int sh = lo; sh < bits; sh += R) {
		size_t sum = 0;
		CW *t;

		memset(cnt, 0, B * sizeof(size_t));
		for (size_t i = 0; i < n; i++)
			cnt[(size_t)(a[i] >> sh) & (B - 1)]++;
		if (cnt[(size_t)(a[0] >> sh) & (B - 1)] == n)
			continue;
		for (size_t d = 0; d < B; d++) {
			size_t x = cnt[d];

			cnt[d] = sum;
			sum += x;
		}
		for (size_t i = 0; i < n; i++)
			tmp[cnt[(size_t)(a[i] >> sh) & (B - 1)]++] = a[i];
		t = a;
		a = tmp;
		tmp = t;
	}
	return a;
}

static void NAME(insertion_sort_)(CW *a, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		CW x = a[i];
		size_t j = i;

		for (; j > 0 && a[j - 1] > x; j--)
			a[j] = a[j - 1];
		a[j] = x;
	}
}

/* Sort a[0..n) (codes of `bits` bits) and drop duplicates; tmp holds n
 * codes.  Returns the new length, or (size_t)-1 when out of memory. */
static size_t NAME(sort_unique_)(CW *a, CW *tmp, size_t n, int bits)
{
	size_t *cnt, m = 0;
	CW *r;

	if (n < 2)
		return n;
	if (n <= 32) {
		r = a;
		NAME(insertion_sort_)(a, n);
	} else {
		cnt = malloc((1 << 11) * sizeof(size_t));
		if (!cnt)
			return (size_t)-1;
		r = NAME(radix_sort_)(a, tmp, n, bits, cnt);
		free(cnt);
	}
	for (size_t i = 0; i < n; i++)
		if (!m || a[m - 1] != r[i])
			a[m++] = r[i];
	return m;
}

/* Sort and deduplicate v in place.  -1 no memory. */
static int NAME(vec_sort_unique_)(struct NAME(vec_) *v, int bits)
{
	CW *tmp;
	size_t m;

	if (v->n < 2)
		return 0;
	tmp = malloc(v->n * sizeof(CW));
	if (!tmp)
		return -1;
	m = NAME(sort_unique_)(v->a, tmp, v->n, bits);
	free(tmp);
	if (m == (size_t)-1)
		return -1;
	v->n = m;
	return 0;
}

/* Make room for k more codes. */
static int NAME(vec_reserve_)(struct NAME(vec_) *v, size_t k)
{
	if (v->n + k > v->cap) {
		size_t cap = v->cap ? v->cap + v->cap / 2 : 1 << 16;
		CW *a;

		if (cap < v->n + k)
			cap = v->n + k;
		a = realloc(v->a, cap * sizeof(CW));
		if (!a)
			return -1;
		v->a = a;
		v->cap = cap;
	}
	return 0;
}
