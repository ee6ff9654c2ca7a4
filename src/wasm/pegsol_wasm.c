/* pegsol_wasm.c - the WebAssembly module of the static web game (make
 * wasm, docs/play.md "The static WebAssembly page"): the same JSON API as
 * the server (src/web/api.c, web_api_run), answered inside the page.
 * app.js calls pegsol_api(method, path, body) with what it would have
 * sent to the server and reads the answer and pegsol_status(), the HTTP
 * status the server would have sent.
 *
 * One call at a time in the page's Web Worker (web/worker.js; the page
 * ends the worker to stop a call): no worker queue and no threads, so the winning sets are not precomputed (hints come from the
 * oracle's live search, under the same node budget and a deadline per
 * call); nothing is written (no sets cache).  It compiles natively too:
 * tests/test_wasm_shims.c asks both builds the same requests. */
#include "../web/api.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#else /* natively, for tests/test_wasm_shims.c */
#define EMSCRIPTEN_KEEPALIVE
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WASM_BUDGET 300000     /* oracle nodes per call (serve's default) */
#define WASM_REQUEST_MS 5000.0 /* a call's deadline: the page waits */
#define WASM_MEMORY_MB 256     /* the game service's ledger */
#define WASM_MAX_BODY 65536    /* as the server's MAX_BODY */

static struct web_config cfg;
static struct web_api api;
static volatile int never_stop;
static unsigned last_status;

/* the game service, made by the first call; 0, or -1 */
static int start(char *msg, size_t size)
{
	struct peg_play_opts po;
	struct peg_err err;

	if (api.play)
		return 0;
	cfg.budget = WASM_BUDGET;
	cfg.memory = (size_t)WASM_MEMORY_MB << 20;
	cfg.sets_mode = PEG_PLAY_SETS_OFF;
	cfg.request_ms = WASM_REQUEST_MS;
	web_play_opts(&cfg, &po);
	po.stop = &never_stop;
	api.play = peg_play_ctx_new(&po, &err);
	if (!api.play) {
		snprintf(msg, size, "%s", err.msg);
		return -1;
	}
	api.cfg = &cfg;
	api.stopping = &never_stop;
	return 0;
}

static int hex(int c)
{
	return c >= '0' && c <= '9'   ? c - '0'
	       : c >= 'a' && c <= 'f' ? c - 'a' + 10
	       : c >= 'A' && c <= 'F' ? c - 'A' + 10
				      : -1;
}

/* s[0..n) of a query string, %XX and '+' decoded, malloc'd */
static char *url_decode(const char *s, size_t n)
{
	char *d = malloc(n + 1), *o = d;

	if (!d)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '%' && i + 2 < n && hex(s[i + 1]) >= 0 &&
		    hex(s[i + 2]) >= 0) {
			*o++ = (char)(hex(s[i + 1]) * 16 + hex(s[i + 2]));
			i += 2;
		} else {
			*o++ = s[i] == '+' ? ' ' : s[i];
		}
	}
	*o = 0;
	return d;
}

/* the query's arguments into rq->args (the first of a key wins, as the
 * server's); -1 without memory */
static int query_args(struct request *rq, const char *q)
{
	while (q && *q) {
		size_t n = strcspn(q, "&"), k = strcspn(q, "=");
		char *key, *value;

		if (k > n)
			k = n;
		key = url_decode(q, k);
		value = url_decode(k < n ? q + k + 1 : q + k,
				   k < n ? n - k - 1 : 0);
		if (!key || !value) {
			free(key);
			free(value);
			return -1;
		}
		if (*key && !cJSON_GetObjectItemCaseSensitive(rq->args, key))
			cJSON_AddStringToObject(rq->args, key, value);
		free(key);
		free(value);
		q += n + (q[n] == '&');
	}
	return 0;
}

static char *fail(unsigned status, const char *msg)
{
	struct request rq = {0};
	char *out;

	web_fail_why(&rq, status, NULL, msg);
	last_status = rq.status;
	out = rq.out;
	return out;
}

/* The answer to METHOD PATH (with its query) and BODY (JSON, or empty),
 * malloc'd: the caller frees it (Module._free).  pegsol_status() is the
 * HTTP status the server would have sent. */
EMSCRIPTEN_KEEPALIVE
char *pegsol_api(const char *method, const char *path, const char *body)
{
	struct request rq = {0};
	char msg[256], call[32];
	const char *q;
	size_t n;

	if (start(msg, sizeof(msg)))
		return fail(503, msg);
	if (!method || (strcmp(method, "GET") && strcmp(method, "POST")))
		return fail(405, "method not allowed");
	if (!path || strncmp(path, "/api/", 5))
		return fail(404, "not found");
	q = strchr(path, '?');
	n = q ? (size_t)(q - path - 5) : strlen(path + 5);
	if (n >= sizeof(call) || n >= sizeof(rq.call))
		return fail(404, "unknown API call");
	memcpy(call, path + 5, n);
	call[n] = 0;
	if (!web_known_call(call))
		return fail(404, "unknown API call");
	memcpy(rq.call, call, n + 1); /* n < sizeof(rq.call) */
	rq.body = (char *)(body ? body : "");
	rq.len = strlen(rq.body);
	if (rq.len > WASM_MAX_BODY)
		return fail(413, "request body too large");
	rq.post = !strcmp(method, "POST");
	rq.t0 = web_now_ms();
	rq.deadline = rq.t0 + cfg.request_ms;
	rq.args = cJSON_CreateObject();
	if (!rq.args || query_args(&rq, q ? q + 1 : NULL)) {
		cJSON_Delete(rq.args);
		return fail(503, "out of memory");
	}
	if (web_args_body(&rq)) {
		cJSON_Delete(rq.args);
		return fail(400, "request body is not a JSON object");
	}
	web_api_run(&api, &rq);
	cJSON_Delete(rq.args);
	last_status = rq.status;
	return rq.out;
}

EMSCRIPTEN_KEEPALIVE
int pegsol_status(void)
{
	return (int)last_status;
}
