/* test_wasm_shims.c - the WebAssembly module (make wasm) against the same
 * code built natively: src/wasm/pegsol_wasm.c's pegsol_api() linked here
 * with Debian's libcjson and libgmp, and $BUILD/wasm/pegsol.js (cJSON,
 * GMP's mini-gmp and zstd compiled by emcc from Debian's sources,
 * docs/dependencies.md "The WebAssembly build") run by node, must give
 * every request below the same status and the same JSON text, byte for
 * byte once the fields that measure time are dropped.  The requests go
 * through cJSON's parser (bodies, escapes, bad JSON) and printer, and
 * through GMP (positions given as numbers, one too big for the board).
 * Without node or the module only the native answers are checked. */
#include "check.h"

#include "../src/wasm/pegsol_wasm.c"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct req {
	const char *method, *path, *body;
	unsigned status; /* what the native build must answer */
	const char *has; /* text its answer must hold */
};

/* 2^32 + 1 and 2^40 - 1 as position numbers: 33-bit and 40-bit numbers
 * through mpz_set_str (the English board has 33 holes: the first fits,
 * the second is refused); 8589934591 = 2^33 - 1, the full board */
static const struct req reqs[] = {
	{"GET", "/api/boards", "", 200, "\"english\""},
	{"GET", "/api/analyse?board=english&position=8589934591", "", 200,
	 "\"pegs_left\":33"},
	{"GET", "/api/analyse?board=english&position=4294967297", "", 200,
	 "\"pegs_left\":2"},
	{"GET", "/api/analyse?board=english&position=1099511627775", "", 400,
	 "\"error\""},
	{"GET", "/api/analyse?board=english&position=4294967297&goal=d4", "",
	 200, "\"goal\":\"d4\""},
	{"POST", "/api/analyse",
	 "{\"board\":\"english\",\"position\":\"8589934591\"}", 200,
	 "\"pegs_left\":33"},
	{"POST", "/api/analyse",
	 "{ \"board\" : \"\\u0065nglish\", \"position\" : 4294967297 }", 200,
	 "\"pegs_left\":2"},
	{"POST", "/api/analyse", "{\"board\":\"english\",", 400, "\"error\""},
	{"POST", "/api/analyse", "[1,2]", 400, "\"error\""},
	{"GET", "/api/analyse?board=%E2%9C%93", "", 400, "\"error\""},
	{"GET", "/api/nothing", "", 404, "\"error\""},
	{"PUT", "/api/boards", "", 405, "\"error\""},
};
#define NREQ (sizeof(reqs) / sizeof(reqs[0]))

/* the text with every "ms":NUMBER (a time) dropped, malloc'd */
static char *timeless(const char *s)
{
	char *o = malloc(strlen(s) + 1), *d = o;

	while (o && *s) {
		const char *t = strstr(s, "\"ms\":");

		if (!t) {
			strcpy(d, s);
			return o;
		}
		memcpy(d, s, (size_t)(t - s));
		d += t - s;
		s = t + 5;
		s += strspn(s, "0123456789.e+-");
		if (*s == ',')
			s++;
		else if (d > o && d[-1] == ',')
			d--;
	}
	if (o)
		*d = 0;
	return o;
}

/* a JSON array of strings, malloc'd */
static char *json_strings(const char *const v[], int n)
{
	cJSON *a = cJSON_CreateArray();
	char *t;

	for (int i = 0; i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(v[i]));
	t = cJSON_PrintUnformatted(a);
	cJSON_Delete(a);
	return t;
}

/* the module's answers through node: "STATUS TEXT" lines, NREQ of them
 * into got[] (malloc'd); 0, or -1 when the module or node is missing */
static int wasm_answers(unsigned status[], char *got[])
{
	const char *build = getenv("BUILD") ? getenv("BUILD") : "build";
	char js[4096], abs[4096], script[] = "/tmp/pegsol-wasm-XXXXXX";
	char cmd[4200], line[1 << 16];
	const char *one[1] = {abs};
	char *t;
	FILE *f, *p;
	int fd, n = 0;

	snprintf(js, sizeof(js), "%s/wasm/pegsol.js", build);
	if (access(js, R_OK) || !realpath(js, abs) ||
	    system("node --version >/dev/null 2>&1")) {
		printf("SKIP the module's answers: no %s or no node "
		       "(make wasm)\n", js);
		return -1;
	}
	fd = mkstemp(script);
	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f)
		return -1;
	fprintf(f, "const reqs = [\n");
	for (size_t i = 0; i < NREQ; i++) {
		const char *v[3] = {reqs[i].method, reqs[i].path, reqs[i].body};

		t = json_strings(v, 3);
		fprintf(f, "%s,\n", t);
		free(t);
	}
	t = json_strings(one, 1);
	/* wasmBinary: emscripten 3.1's loader fetch()es the .wasm under
	 * a node that has fetch, which file paths do not satisfy */
	fprintf(f, "];\nconst js = %s[0];\n"
		   "require(js)({ wasmBinary: require('fs').readFileSync("
		   "js.replace(/\\.js$/, '.wasm')) }).then((M) => {\n"
		   "\tfor (const [m, p, b] of reqs) {\n"
		   "\t\tconst a = M.ccall('pegsol_api', 'number', "
		   "['string', 'string', 'string'], [m, p, b]);\n"
		   "\t\tconst t = M.UTF8ToString(a);\n"
		   "\t\tM._free(a);\n"
		   "\t\tconsole.log(M._pegsol_status() + ' ' + t);\n"
		   "\t}\n});\n",
		t);
	free(t);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "node %s", script);
	p = popen(cmd, "r");
	while (p && n < (int)NREQ && fgets(line, sizeof(line), p)) {
		char *sp = strchr(line, ' ');

		line[strcspn(line, "\n")] = 0;
		if (!sp)
			break;
		status[n] = (unsigned)strtoul(line, NULL, 10);
		got[n++] = strdup(sp + 1);
	}
	if (p)
		pclose(p);
	unlink(script);
	CHECK_INT(n, NREQ, "answers from the module");
	return 0;
}

int main(void)
{
	unsigned status[NREQ];
	char *native[NREQ] = {0}, *got[NREQ] = {0};

	for (size_t i = 0; i < NREQ; i++) {
		char *a = pegsol_api(reqs[i].method, reqs[i].path,
				     reqs[i].body);

		CHECK_INT(pegsol_status(), reqs[i].status, reqs[i].path);
		CHECK(a && strstr(a, reqs[i].has), "%s %s: '%s' in %s",
		      reqs[i].method, reqs[i].path, reqs[i].has,
		      a ? a : "(null)");
		native[i] = a ? timeless(a) : NULL;
		free(a);
	}
	if (!wasm_answers(status, got)) {
		for (size_t i = 0; i < NREQ; i++) {
			char *w = got[i] ? timeless(got[i]) : NULL;

			CHECK_INT(got[i] ? status[i] : 0, reqs[i].status,
				  reqs[i].path);
			CHECK(w && native[i] && !strcmp(w, native[i]),
			      "%s %s: the module answered\n  %s\nnatively\n  %s",
			      reqs[i].method, reqs[i].path, w ? w : "(null)",
			      native[i] ? native[i] : "(null)");
			free(w);
			free(got[i]);
		}
	}
	for (size_t i = 0; i < NREQ; i++)
		free(native[i]);
	return check_done();
}
