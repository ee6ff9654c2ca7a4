/* server.c - the web game's HTTP server (pegsol-web): libmicrohttpd
 * serving the static page in web/ (embedded at build time) and the JSON
 * API of api.c (docs/play.md).
 *
 * Nothing a client sends can stall or kill it (issue 16; the limits and
 * their options are in docs/play.md, "Limits"):
 *
 *   connections  a few polling threads (epoll) serve every connection, so
 *                a slow client holds a socket, not a thread; a global and
 *                a per-address connection limit; a request must arrive
 *                whole within --timeout seconds of the connection opening
 *                or of the previous answer (a reaper thread cuts the
 *                tricklers), and idle connections close as soon;
 *   work         requests on small boards (up to WEB_LIGHT_HOLES holes) and
 *                requests that search nothing are answered at once in the
 *                polling thread; the rest go to --workers threads through
 *                a queue of --queue places (503 when it is full) while
 *                their connection is suspended; every request has a
 *                deadline (--request-ms) and the oracle's node budget
 *                (--budget), passed down to the engines;
 *   memory       the game service's context (play.h) keeps one ledger of
 *                --memory-mb for all the engines keep or reserve: cached
 *                oracles, winning sets (finished ones, and the one
 *                precomputation allowed at a time at its estimated peak),
 *                and each request's own engines; idle oracles and sets are
 *                evicted least recently used first;
 *   browsers     Host must name the address served, Origin (when sent) the
 *                page's own, a body must be application/json, and a GET
 *                has no effects: it starts no precomputation and writes no
 *                cache file (the page POSTs).
 */
#include "web.h"

#include "../cli/cli.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

/* The page, embedded from web/ (the Makefile makes server.o depend on
 * the files in web/).  Each file is NUL-terminated. */
#define EMBED(sym, path)                                                      \
	__asm__(".section .rodata\n.global " #sym "\n.balign 16\n" #sym       \
		":\n.incbin \"" path "\"\n.byte 0\n.previous\n");             \
	extern const char sym[]
EMBED(pegsol_web_index, "web/index.html");
EMBED(pegsol_web_app, "web/app.js");
EMBED(pegsol_web_style, "web/style.css");
EMBED(pegsol_web_manifest, "web/manifest.webmanifest");
EMBED(pegsol_web_icon, "web/favicon.svg");

#define MAX_BODY 65536
#define MHD_THREADS 4          /* polling threads */

/* The stop flag, read by every thread (the engines read it too). */
int web_stopping(struct server *sv)
{
	return __atomic_load_n(&sv->stopping, __ATOMIC_RELAXED);
}

/* ---- answers ---- */

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status,
				 const char *type, const char *text,
				 size_t len)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(
		len, (void *)text, MHD_RESPMEM_MUST_COPY);
	enum MHD_Result ret;

	if (!r)
		return MHD_NO;
	MHD_add_response_header(r, "Content-Type", type);
	MHD_add_response_header(r, "Cache-Control", "no-store");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "X-Frame-Options", "DENY");
	if (status == 503)
		MHD_add_response_header(r, "Retry-After", "5");
	ret = MHD_queue_response(c, status, r);
	MHD_destroy_response(r);
	return ret;
}


static enum MHD_Result send_answer(struct MHD_Connection *c,
				   struct request *rq)
{
	return send_text(c, rq->status, "application/json", rq->out,
			 strlen(rq->out));
}

/* An error sent at once, outside the request machinery. */
static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status,
				  const char *msg)
{
	char buf[300];
	cJSON *o = cJSON_CreateObject();
	char *s;
	enum MHD_Result r;

	cJSON_AddStringToObject(o, "error", msg);
	cJSON_AddNumberToObject(o, "status", status);
	s = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	if (!s) {
		snprintf(buf, sizeof(buf), "{\"status\":%u}", status);
		return send_text(c, status, "application/json", buf,
				 strlen(buf));
	}
	r = send_text(c, status, "application/json", s, strlen(s));
	free(s);
	return r;
}


/* ---- the workers ---- */

static void *worker(void *arg)
{
	struct server *sv = arg;

	for (;;) {
		struct request *rq;

		pthread_mutex_lock(&sv->qlock);
		while (!sv->qhead && !web_stopping(sv))
			pthread_cond_wait(&sv->qcond, &sv->qlock);
		rq = sv->qhead;
		if (!rq) {
			pthread_mutex_unlock(&sv->qlock);
			return NULL;
		}
		sv->qhead = rq->qnext;
		if (!sv->qhead)
			sv->qtail = NULL;
		sv->n_queued--;
		pthread_mutex_unlock(&sv->qlock);
		web_api_run(&sv->api, rq); /* answers 503 when stopping */
		rq->state = RQ_DONE;
		pthread_mutex_lock(&sv->qlock);
		MHD_resume_connection(rq->c);
		sv->n_jobs--;
		pthread_cond_broadcast(&sv->qidle);
		pthread_mutex_unlock(&sv->qlock);
	}
}

/* Queue a request for the workers and suspend its connection: 0, or -1
 * (answer made: 503) when the queue is full or the server stops. */
static int enqueue(struct server *sv, struct request *rq)
{
	pthread_mutex_lock(&sv->qlock);
	if (web_stopping(sv)) {
		pthread_mutex_unlock(&sv->qlock);
		web_fail_why(rq, 503, "stopping", "the server is stopping");
		return -1;
	}
	if (sv->n_queued >= sv->cfg->queue_max) {
		pthread_mutex_unlock(&sv->qlock);
		web_fail_why(rq, 503, "busy",
			 "the server is busy (every worker and queue place "
			 "is taken); try again");
		return -1;
	}
	/* suspended before any worker can resume it */
	MHD_suspend_connection(rq->c);
	rq->state = RQ_QUEUED;
	rq->qnext = NULL;
	if (sv->qtail)
		sv->qtail->qnext = rq;
	else
		sv->qhead = rq;
	sv->qtail = rq;
	sv->n_queued++;
	sv->n_jobs++;
	pthread_cond_signal(&sv->qcond);
	pthread_mutex_unlock(&sv->qlock);
	return 0;
}

/* ---- connections: phases for the reaper ---- */

static struct conn *conn_of(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);

	return ci ? ci->socket_context : NULL;
}

static void conn_phase(struct server *sv, struct MHD_Connection *c, int phase)
{
	struct conn *k = conn_of(c);

	if (!k)
		return;
	pthread_mutex_lock(&sv->clock);
	k->phase = phase;
	k->since = web_now_ms();
	pthread_mutex_unlock(&sv->clock);
}

static void notify_conn(void *cls, struct MHD_Connection *c,
			void **socket_context,
			enum MHD_ConnectionNotificationCode toe)
{
	struct server *sv = cls;
	struct conn *k = *socket_context;

	if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *ci = MHD_get_connection_info(
			c, MHD_CONNECTION_INFO_CONNECTION_FD);

		k = calloc(1, sizeof(*k));
		if (!k)
			return;
		k->fd = ci ? ci->connect_fd : -1;
		k->phase = CONN_WAIT;
		k->since = web_now_ms();
		pthread_mutex_lock(&sv->clock);
		k->next = sv->conns;
		if (sv->conns)
			sv->conns->prev = k;
		sv->conns = k;
		pthread_mutex_unlock(&sv->clock);
		*socket_context = k;
	} else if (k) {
		/* MHD closes the socket after this: no cut can reach a
		 * reused descriptor */
		pthread_mutex_lock(&sv->clock);
		if (k->prev)
			k->prev->next = k->next;
		else
			sv->conns = k->next;
		if (k->next)
			k->next->prev = k->prev;
		pthread_mutex_unlock(&sv->clock);
		free(k);
		*socket_context = NULL;
	}
}

/* Every 250 ms: cut the connections whose request has not arrived whole
 * within --timeout seconds (headers and body trickled byte by byte keep
 * MHD's idle timeout from firing). */
static void *reaper(void *arg)
{
	struct server *sv = arg;

	while (!web_stopping(sv)) {
		struct timespec ts = {0, 250 * 1000 * 1000};
		double now;

		nanosleep(&ts, NULL);
		now = web_now_ms();
		pthread_mutex_lock(&sv->clock);
		for (struct conn *k = sv->conns; k; k = k->next)
			if (k->phase != CONN_BUSY && !k->cut && k->fd >= 0 &&
			    now - k->since > sv->cfg->timeout * 1e3) {
				shutdown(k->fd, SHUT_RDWR);
				k->cut = 1;
			}
		pthread_mutex_unlock(&sv->clock);
	}
	return NULL;
}

/* ---- browsers: Host and Origin ---- */

/* Is host ("name", "name:port", "[v6]:port") the address served? */
static int host_ok(struct server *sv, struct MHD_Connection *c,
		   const char *host)
{
	char name[300];
	const char *colon;
	size_t len;
	unsigned long port = 80;

	if (!host || !*host)
		return 0;
	colon = strrchr(host, ':');
	if (colon && !strchr(colon, ']')) {
		char *end;

		port = strtoul(colon + 1, &end, 10);
		if (*end || colon[1] < '0' || colon[1] > '9')
			return 0;
		len = (size_t)(colon - host);
	} else {
		len = strlen(host);
	}
	if (port != sv->port || len == 0 || len >= sizeof(name))
		return 0;
	memcpy(name, host, len);
	name[len] = 0;
	if (!strcasecmp(name, "127.0.0.1") || !strcasecmp(name, "localhost") ||
	    !strcasecmp(name, sv->host))
		return 1;
	if (sv->any_addr) {
		/* listening everywhere: the address the client reached */
		const union MHD_ConnectionInfo *ci = MHD_get_connection_info(
			c, MHD_CONNECTION_INFO_CONNECTION_FD);
		struct sockaddr_in a;
		socklen_t al = sizeof(a);
		char ip[INET_ADDRSTRLEN];

		if (ci && !getsockname(ci->connect_fd, (struct sockaddr *)&a,
				       &al) &&
		    a.sin_family == AF_INET &&
		    inet_ntop(AF_INET, &a.sin_addr, ip, sizeof(ip)) &&
		    !strcmp(ip, name))
			return 1;
	}
	return 0;
}

/* 0 when Host, Origin and Sec-Fetch-Site allow the request, else the
 * message of a 403. */
static const char *check_browser(struct server *sv, struct MHD_Connection *c)
{
	const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						       "Host");
	const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
							 "Origin");
	const char *site = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						       "Sec-Fetch-Site");

	if (!host_ok(sv, c, host))
		return "Host does not name this server";
	if (origin && (strncasecmp(origin, "http://", 7) ||
		       strchr(origin + 7, '/') ||
		       !host_ok(sv, c, origin + 7)))
		return "requests from other origins are refused";
	if (site && !strcasecmp(site, "cross-site"))
		return "requests from other sites are refused";
	return NULL;
}

/* Is the request's Content-Type application/json (parameters allowed)? */
static int is_json(struct MHD_Connection *c)
{
	const char *t = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						    "Content-Type");
	size_t n = strlen("application/json");

	return t && !strncasecmp(t, "application/json", n) &&
	       (t[n] == 0 || t[n] == ';' || t[n] == ' ');
}

/* ---- static files ----
 *
 * Each file is prepared once (the embedded ones at startup, a --root
 * file per request): an ETag from a hash of its bytes and a gzip copy.
 * The answer carries "Cache-Control: no-cache" (keep it, but ask again),
 * the ETag, and "Vary: Accept-Encoding"; If-None-Match with the ETag is
 * answered 304 with no body.  API answers stay "no-store". */

struct web_file {
	const char *data;
	size_t len;
	unsigned char *gz; /* gzip form (malloc'd), NULL when not smaller */
	size_t gz_len;
	char etag[24];     /* "<hash>" of the bytes; the gzip form's is
			      "<hash>-gz" */
	char gz_etag[28];
};

static const struct {
	const char *url, *file, *type;
	const char *data;
} web_files[] = {
	{"/", "index.html", "text/html; charset=utf-8", pegsol_web_index},
	{"/index.html", "index.html", "text/html; charset=utf-8",
	 pegsol_web_index},
	{"/app.js", "app.js", "text/javascript; charset=utf-8",
	 pegsol_web_app},
	{"/style.css", "style.css", "text/css; charset=utf-8",
	 pegsol_web_style},
	{"/manifest.webmanifest", "manifest.webmanifest",
	 "application/manifest+json", pegsol_web_manifest},
	{"/favicon.svg", "favicon.svg", "image/svg+xml", pegsol_web_icon},
};
#define N_WEB_FILES (sizeof(web_files) / sizeof(web_files[0]))

/* the embedded files, prepared by web_serve */
static struct web_file embedded[N_WEB_FILES];

/* Fill f for data[0..len): the ETags, and the gzip form when zlib makes
 * one that is smaller. */
static void file_prepare(struct web_file *f, const char *data, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a */
	z_stream z;

	memset(f, 0, sizeof(*f));
	f->data = data;
	f->len = len;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)data[i]) * 0x100000001b3ull;
	snprintf(f->etag, sizeof(f->etag), "\"%016llx\"",
		 (unsigned long long)h);
	snprintf(f->gz_etag, sizeof(f->gz_etag), "\"%016llx-gz\"",
		 (unsigned long long)h);
	memset(&z, 0, sizeof(z));
	if (deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) !=
	    Z_OK)
		return;
	f->gz_len = deflateBound(&z, (uLong)len);
	f->gz = malloc(f->gz_len);
	z.next_in = (Bytef *)data;
	z.avail_in = (uInt)len;
	z.next_out = f->gz;
	z.avail_out = (uInt)f->gz_len;
	if (!f->gz || deflate(&z, Z_FINISH) != Z_STREAM_END ||
	    z.total_out >= len) {
		free(f->gz);
		f->gz = NULL;
	} else {
		f->gz_len = z.total_out;
	}
	deflateEnd(&z);
}

static void file_release(struct web_file *f)
{
	free(f->gz);
	f->gz = NULL;
}

/* Does the request's Accept-Encoding take gzip (not with q=0)? */
static int wants_gzip(struct MHD_Connection *c)
{
	const char *ae = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						     "Accept-Encoding");

	while (ae && *ae) {
		size_t n = strcspn(ae, ",");
		const char *q = memchr(ae, ';', n);
		size_t name = q ? (size_t)(q - ae) : n;

		while (name && ae[name - 1] == ' ')
			name--;
		while (name && *ae == ' ')
			ae++, name--, n--;
		if ((name == 4 && !strncasecmp(ae, "gzip", 4)) ||
		    (name == 1 && *ae == '*')) {
			/* "q=0", "q=0.0": refused */
			const char *v = q ? strstr(q, "q=") : NULL;

			return !(v && v < ae + n && strtod(v + 2, NULL) == 0);
		}
		ae += n;
		if (*ae == ',')
			ae++;
	}
	return 0;
}

/* Does If-None-Match name f's ETag (either form) or "*"? */
static int not_modified(struct MHD_Connection *c, const struct web_file *f)
{
	const char *inm = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						      "If-None-Match");

	while (inm && *inm) {
		size_t n;

		inm += strspn(inm, " ,");
		if (!strncmp(inm, "W/", 2))
			inm += 2;
		n = strcspn(inm, " ,");
		if ((n == 1 && *inm == '*') ||
		    (n == strlen(f->etag) && !strncmp(inm, f->etag, n)) ||
		    (n == strlen(f->gz_etag) && !strncmp(inm, f->gz_etag, n)))
			return 1;
		inm += n;
	}
	return 0;
}

static enum MHD_Result send_file(struct MHD_Connection *c, const char *type,
				 const struct web_file *f)
{
	int gz = f->gz && wants_gzip(c), fresh = not_modified(c, f);
	struct MHD_Response *r;
	enum MHD_Result ret;

	if (fresh)
		r = MHD_create_response_from_buffer(0, NULL,
						    MHD_RESPMEM_PERSISTENT);
	else
		r = MHD_create_response_from_buffer(
			gz ? f->gz_len : f->len,
			gz ? (void *)f->gz : (void *)f->data,
			MHD_RESPMEM_MUST_COPY);
	if (!r)
		return MHD_NO;
	if (!fresh) {
		MHD_add_response_header(r, "Content-Type", type);
		if (gz)
			MHD_add_response_header(r, "Content-Encoding", "gzip");
	}
	MHD_add_response_header(r, "Cache-Control", "no-cache");
	MHD_add_response_header(r, "ETag", gz ? f->gz_etag : f->etag);
	MHD_add_response_header(r, "Vary", "Accept-Encoding");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "X-Frame-Options", "DENY");
	ret = MHD_queue_response(c, fresh ? MHD_HTTP_NOT_MODIFIED : 200, r);
	MHD_destroy_response(r);
	return ret;
}

/* /favicon.ico: no icon, but no 404 either (a day in the cache). */
static enum MHD_Result send_no_icon(struct MHD_Connection *c)
{
	struct MHD_Response *r =
		MHD_create_response_from_buffer(0, NULL,
						MHD_RESPMEM_PERSISTENT);
	enum MHD_Result ret;

	if (!r)
		return MHD_NO;
	MHD_add_response_header(r, "Cache-Control", "max-age=86400");
	ret = MHD_queue_response(c, MHD_HTTP_NO_CONTENT, r);
	MHD_destroy_response(r);
	return ret;
}

/* A --root file prepared as f: 0, or the answer's status. */
static unsigned read_root(struct server *sv, const char *file,
			  struct web_file *f)
{
	char path[4096], *buf;
	FILE *fp;
	long len;

	snprintf(path, sizeof(path), "%s/%s", sv->cfg->root, file);
	fp = fopen(path, "rb");
	if (!fp)
		return 404;
	fseek(fp, 0, SEEK_END);
	len = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	buf = len >= 0 && len < (1L << 24) ? malloc((size_t)len + 1) : NULL;
	if (!buf || fread(buf, 1, (size_t)len, fp) != (size_t)len) {
		free(buf);
		fclose(fp);
		return 500;
	}
	fclose(fp);
	file_prepare(f, buf, (size_t)len);
	return 0;
}

static enum MHD_Result serve_file(struct server *sv, struct MHD_Connection *c,
				  const char *url)
{
	if (!strcmp(url, "/favicon.ico"))
		return send_no_icon(c);
	for (size_t i = 0; i < N_WEB_FILES; i++) {
		struct web_file f;
		enum MHD_Result r;
		unsigned status;

		if (strcmp(url, web_files[i].url))
			continue;
		if (!sv->cfg->root || !web_files[i].file)
			return send_file(c, web_files[i].type, &embedded[i]);
		status = read_root(sv, web_files[i].file, &f);
		if (status)
			return send_error(c, status, status == 404
							     ? "file not found"
							     : "read failed");
		r = send_file(c, web_files[i].type, &f);
		file_release(&f);
		free((char *)f.data);
		return r;
	}
	return send_error(c, 404, "not found");
}

static enum MHD_Result add_query_arg(void *cls, enum MHD_ValueKind kind,
				     const char *key, const char *value)
{
	cJSON *args = cls;

	if (key && !cJSON_GetObjectItemCaseSensitive(args, key))
		cJSON_AddStringToObject(args, key, value ? value : "");
	return MHD_YES;
}

/* The arguments of a request: the query string, then the body's keys
 * (web_args_body).  -1 when the body is not a JSON object. */
static int collect_args(struct request *rq)
{
	rq->args = cJSON_CreateObject();
	if (!rq->args)
		return -1;
	MHD_get_connection_values(rq->c, MHD_GET_ARGUMENT_KIND, add_query_arg,
				  rq->args);
	return web_args_body(rq);
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *c,
			       const char *url, const char *method,
			       const char *version, const char *upload,
			       size_t *upload_size, void **con_cls)
{
	struct server *sv = cls;
	struct request *rq = *con_cls;
	const char *why;

	if (!rq) {
		/* the headers are in: checks that need no body */
		rq = calloc(1, sizeof(*rq));
		if (!rq)
			return MHD_NO;
		*con_cls = rq;
		rq->c = c;
		rq->t0 = web_now_ms();
		rq->deadline = rq->t0 + sv->cfg->request_ms;
		rq->post = !strcmp(method, "POST");
		conn_phase(sv, c, CONN_BODY);
		if (strcmp(method, "GET") && strcmp(method, "POST") &&
		    strcmp(method, "HEAD"))
			return send_error(c, 405, "method not allowed");
		if ((why = check_browser(sv, c)))
			return send_error(c, 403, why);
		if (MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						"Content-Type") &&
		    !is_json(c))
			return send_error(c, 415,
					  "a request body must be "
					  "application/json");
		return MHD_YES;
	}
	if (*upload_size) {
		if (rq->len + *upload_size > MAX_BODY) {
			rq->too_big = 1;
		} else {
			char *nb = realloc(rq->body, rq->len + *upload_size + 1);

			if (!nb)
				return MHD_NO;
			rq->body = nb;
			memcpy(rq->body + rq->len, upload, *upload_size);
			rq->len += *upload_size;
			rq->body[rq->len] = 0;
		}
		*upload_size = 0;
		return MHD_YES;
	}
	if (rq->state == RQ_DONE)
		return send_answer(c, rq);
	if (rq->state == RQ_QUEUED)
		return MHD_YES; /* not expected: still with a worker */
	conn_phase(sv, c, CONN_BUSY);
	if (rq->too_big)
		return send_error(c, 413, "request body too large");
	if (rq->len && !is_json(c))
		return send_error(c, 415, "a request body must be "
					  "application/json");
	if (strncmp(url, "/api/", 5)) {
		if (rq->post)
			return send_error(c, 405, "method not allowed");
		return serve_file(sv, c, url);
	}
	if (!web_known_call(url + 5))
		return send_error(c, 404, "unknown API call");
	snprintf(rq->call, sizeof(rq->call), "%s", url + 5);
	if (collect_args(rq))
		return send_error(c, 400, "request body is not a JSON object");
	if (web_is_light(rq)) {
		web_api_run(&sv->api, rq);
		return send_answer(c, rq);
	}
	if (enqueue(sv, rq))
		return send_answer(c, rq);
	return MHD_YES;
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
		      enum MHD_RequestTerminationCode toe)
{
	struct server *sv = cls;
	struct request *rq = *con_cls;

	conn_phase(sv, c, CONN_WAIT);
	if (rq) {
		free(rq->body);
		free(rq->out);
		cJSON_Delete(rq->args);
		free(rq);
		*con_cls = NULL;
	}
}

/* ---- main ---- */

static void *watchdog(void *arg)
{
	struct timespec ts = {1, 800 * 1000 * 1000};

	(void)arg;
	nanosleep(&ts, NULL);
	_exit(EXIT_YES); /* a search that ignores the stop flag */
}

/* Stop: refuse new work, let the workers answer what is queued (503) and
 * finish what runs (the engines see sv->stopping), then stop the daemon;
 * all within 2 s, or the watchdog ends the process. */
static void stop_server(struct server *sv, struct MHD_Daemon *d)
{
	pthread_t wd;
	struct timespec t;

	pthread_create(&wd, NULL, watchdog, NULL);
	pthread_mutex_lock(&sv->qlock);
	__atomic_store_n(&sv->stopping, 1, __ATOMIC_SEQ_CST);
	pthread_cond_broadcast(&sv->qcond);
	clock_gettime(CLOCK_REALTIME, &t);
	t.tv_sec += 1;
	while (sv->n_jobs > 0)
		if (pthread_cond_timedwait(&sv->qidle, &sv->qlock, &t))
			break;
	if (sv->n_jobs > 0) {
		pthread_mutex_unlock(&sv->qlock);
		_exit(EXIT_YES); /* suspended connections: no clean stop */
	}
	pthread_mutex_unlock(&sv->qlock);
	MHD_stop_daemon(d);
	for (int i = 0; i < sv->cfg->workers; i++)
		pthread_join(sv->wthreads[i], NULL);
}

/* The address to listen on from cfg: 0, or -1 (error printed). */
static int listen_addr(struct server *sv, struct sockaddr_in *addr)
{
	const char *host = sv->cfg->host;

	memset(addr, 0, sizeof(*addr));
	addr->sin_family = AF_INET;
	addr->sin_port = htons((uint16_t)sv->cfg->port);
	if (!strcmp(host, "localhost"))
		host = "127.0.0.1";
	if (strlen(host) >= sizeof(sv->host) ||
	    inet_pton(AF_INET, host, &addr->sin_addr) != 1) {
		cli_error("bad host address '%s' (an IPv4 address)",
			  cli_q(host));
		return -1;
	}
	snprintf(sv->host, sizeof(sv->host), "%s", host);
	sv->any_addr = addr->sin_addr.s_addr == htonl(INADDR_ANY);
	return 0;
}

/* Start the workers and the daemon: the daemon, or NULL (error printed,
 * *rc set). */
static struct MHD_Daemon *start(struct server *sv, struct sockaddr_in *addr,
				int max_conn, int per_ip, int *rc)
{
	const struct web_config *cfg = sv->cfg;
	const union MHD_DaemonInfo *info;
	struct MHD_Daemon *d;

	*rc = EXIT_RESOURCES;
	sv->wthreads = calloc((size_t)cfg->workers, sizeof(*sv->wthreads));
	if (!sv->wthreads) {
		cli_error("out of memory");
		return NULL;
	}
	for (int i = 0; i < cfg->workers; i++)
		if (pthread_create(&sv->wthreads[i], NULL, worker, sv)) {
			cli_error("cannot start the worker threads");
			return NULL;
		}
	d = MHD_start_daemon(
		MHD_USE_AUTO_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME,
		(uint16_t)cfg->port, NULL, NULL, handler, sv,
		MHD_OPTION_SOCK_ADDR, (struct sockaddr *)addr,
		MHD_OPTION_THREAD_POOL_SIZE, (unsigned)MHD_THREADS,
		MHD_OPTION_NOTIFY_COMPLETED, completed, sv,
		MHD_OPTION_NOTIFY_CONNECTION, notify_conn, sv,
		MHD_OPTION_CONNECTION_TIMEOUT, cfg->timeout,
		MHD_OPTION_CONNECTION_LIMIT, (unsigned)max_conn,
		MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)per_ip,
		MHD_OPTION_END);
	if (!d) {
		cli_error("cannot listen on %s:%d: %s", sv->host, cfg->port,
			  strerror(errno));
		return NULL;
	}
	info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
	sv->port = info ? info->port : (unsigned)cfg->port;
	return d;
}

int web_serve(const struct web_config *cfg)
{
	static struct server sv;
	struct peg_play_opts po;
	struct sockaddr_in addr;
	struct MHD_Daemon *d;
	struct rlimit rl;
	struct peg_err err;
	pthread_t reap;
	sigset_t set;
	int sig, rc, max_conn = cfg->max_conn, per_ip = cfg->per_ip;

	memset(&sv, 0, sizeof(sv));
	sv.cfg = cfg;
	for (size_t i = 0; i < N_WEB_FILES; i++)
		if (!embedded[i].data)
			file_prepare(&embedded[i], web_files[i].data,
				     strlen(web_files[i].data));
	/* connections need descriptors */
	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur != RLIM_INFINITY &&
	    (rlim_t)max_conn + 64 > rl.rlim_cur) {
		max_conn = rl.rlim_cur > 96 ? (int)rl.rlim_cur - 64 : 32;
		cli_note("--max-connections lowered to %d (open file limit "
			 "%llu)",
			 max_conn, (unsigned long long)rl.rlim_cur);
	}
	if (listen_addr(&sv, &addr))
		return EXIT_USAGE;
	/* on loopback every client is one address: a per-address limit
	 * would only make locking the others out easier */
	if (per_ip < 0)
		per_ip = (ntohl(addr.sin_addr.s_addr) >> 24) == 127 ? max_conn
								     : 64;
	web_play_opts(cfg, &po);
	po.stop = &sv.stopping;
	sv.play = peg_play_ctx_new(&po, &err);
	if (!sv.play) {
		cli_error("%s", err.msg);
		return EXIT_RESOURCES;
	}
	sv.api.cfg = cfg;
	sv.api.play = sv.play;
	sv.api.stopping = &sv.stopping;
	pthread_mutex_init(&sv.qlock, NULL);
	pthread_mutex_init(&sv.clock, NULL);
	pthread_cond_init(&sv.qcond, NULL);
	pthread_cond_init(&sv.qidle, NULL);
	/* every thread inherits this mask; main waits for a signal */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	d = start(&sv, &addr, max_conn, per_ip, &rc);
	if (!d)
		return rc;
	if (pthread_create(&reap, NULL, reaper, &sv)) {
		cli_error("cannot start the reaper thread");
		return EXIT_RESOURCES;
	}
	printf("pegsol serve: listening on http://%s:%u/\n", sv.host,
	       sv.port);
	fflush(stdout);
	sigwait(&set, &sig);
	stop_server(&sv, d);
	pthread_join(reap, NULL);
	peg_play_ctx_free(sv.play);
	free(sv.wthreads);
	return EXIT_YES;
}
