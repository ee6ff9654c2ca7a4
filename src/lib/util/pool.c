/* pool.c - the worker pool of the engines (pool.h).
 *
 * A persistent pool's helper i (1..n) waits on `go` for a new generation,
 * runs record i of the current job when the job has one, and counts
 * itself out on `done`; the caller runs record 0 and every record past
 * the helpers, then waits until all helpers of the generation are out.
 */
#include "pool.h"

#include <pthread.h>
#include <stdlib.h>

struct peg_pool {
	pthread_mutex_t lock;
	pthread_cond_t go, done;
	unsigned long gen; /* job generation; helpers run each one once */
	int quit;
	int n;        /* helpers running */
	int pending;  /* helpers not yet done with this generation */
	peg_pool_fn fn;
	char *base;
	size_t size;
	int n_rec;
	pthread_t th[PEG_POOL_MAX];
	struct helper {
		struct peg_pool *p;
		int index;
	} h[PEG_POOL_MAX];
};

static void *helper_main(void *arg)
{
	struct helper *h = arg;
	struct peg_pool *p = h->p;
	unsigned long seen = 0;

	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (p->gen == seen && !p->quit)
			pthread_cond_wait(&p->go, &p->lock);
		if (p->quit)
			break;
		seen = p->gen;
		if (h->index < p->n_rec) {
			peg_pool_fn fn = p->fn;
			void *rec = p->base + p->size * (size_t)h->index;

			pthread_mutex_unlock(&p->lock);
			fn(rec);
			pthread_mutex_lock(&p->lock);
		}
		if (--p->pending == 0)
			pthread_cond_signal(&p->done);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

struct peg_pool *peg_pool_new(int n_helpers)
{
	struct peg_pool *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	if (n_helpers > PEG_POOL_MAX - 1)
		n_helpers = PEG_POOL_MAX - 1;
	if (pthread_mutex_init(&p->lock, NULL)) {
		free(p);
		return NULL;
	}
	pthread_cond_init(&p->go, NULL);
	pthread_cond_init(&p->done, NULL);
	for (int i = 1; i <= n_helpers; i++) {
		p->h[i].p = p;
		p->h[i].index = i;
		if (pthread_create(&p->th[i], NULL, helper_main, &p->h[i]))
			break;
		p->n = i;
	}
	return p;
}

void peg_pool_free(struct peg_pool *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	p->quit = 1;
	pthread_cond_broadcast(&p->go);
	pthread_mutex_unlock(&p->lock);
	for (int i = 1; i <= p->n; i++)
		pthread_join(p->th[i], NULL);
	pthread_cond_destroy(&p->go);
	pthread_cond_destroy(&p->done);
	pthread_mutex_destroy(&p->lock);
	free(p);
}

int peg_pool_threads(const struct peg_pool *p)
{
	return p ? p->n : 0;
}

/* Threads for this call only: records 1..n-1 on new threads, those that
 * cannot start on the caller after record 0. */
static void run_once(peg_pool_fn fn, char *base, size_t size, int n)
{
	pthread_t th[PEG_POOL_MAX];
	unsigned char made[PEG_POOL_MAX] = {0};

	for (int t = 1; t < n && t < PEG_POOL_MAX; t++)
		made[t] = !pthread_create(&th[t], NULL, fn,
					  base + size * (size_t)t);
	fn(base);
	for (int t = 1; t < n; t++)
		if (t >= PEG_POOL_MAX || !made[t])
			fn(base + size * (size_t)t);
	for (int t = 1; t < n && t < PEG_POOL_MAX; t++)
		if (made[t])
			pthread_join(th[t], NULL);
}

void peg_pool_run(struct peg_pool *p, peg_pool_fn fn, void *base, size_t size,
		  int n)
{
	char *b = base;
	int helpers;

	if (n <= 1 || !p) {
		run_once(fn, b, size, n < 1 ? 1 : n);
		return;
	}
	if (!p->n) {
		for (int t = 0; t < n; t++)
			fn(b + size * (size_t)t);
		return;
	}
	pthread_mutex_lock(&p->lock);
	p->fn = fn;
	p->base = b;
	p->size = size;
	p->n_rec = n;
	p->pending = p->n;
	p->gen++;
	pthread_cond_broadcast(&p->go);
	pthread_mutex_unlock(&p->lock);
	fn(b);
	helpers = p->n;
	for (int t = helpers + 1; t < n; t++)
		fn(b + size * (size_t)t);
	pthread_mutex_lock(&p->lock);
	while (p->pending)
		pthread_cond_wait(&p->done, &p->lock);
	pthread_mutex_unlock(&p->lock);
}
