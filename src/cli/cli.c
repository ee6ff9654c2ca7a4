/* cli.c - shared helpers of the subcommands (cli.h). */
#include "cli.h"

#include "pegsol/pos.h"
#include "pegsol/problem.h"
#include "pegsol/version.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *cli_cmd = "pegsol";

static _Thread_local int last_rc = EXIT_USAGE;

/* Length of the well-formed UTF-8 sequence at p (1 to 4), 0 when p does
 * not start one.  Stops at a NUL: it is no continuation byte. */
static size_t utf8_len(const unsigned char *p)
{
	unsigned char c = p[0], lo = 0x80, hi = 0xbf;
	size_t n;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	if (c == 0xe0)
		lo = 0xa0; /* no overlong forms */
	else if (c == 0xed)
		hi = 0x9f; /* no surrogates */
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f; /* nothing past U+10FFFF */
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return n;
}

/* Copy s into dst (cap bytes) showing control bytes, DEL, C1 controls and
 * bytes that are not UTF-8 as \xNN, and with bs a backslash as \\; after
 * max bytes of s, or when dst is full, end with "...". */
static void escape(char *dst, size_t cap, const char *s, size_t max, int bs)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, k = 0;

	while (u[i]) {
		size_t len = utf8_len(u + i), tl = 0;
		char t[20];

		if (i >= max)
			goto cut;
		if (len == 1 && u[i] >= 0x20 && u[i] != 0x7f &&
		    !(bs && u[i] == '\\')) {
			t[tl++] = (char)u[i];
		} else if (len == 1 && u[i] == '\\' && bs) {
			t[tl++] = '\\';
			t[tl++] = '\\';
		} else if (len > 1 && !(u[i] == 0xc2 && u[i + 1] < 0xa0)) {
			memcpy(t, u + i, len);
			tl = len;
		} else {
			if (!len)
				len = 1;
			for (size_t j = 0; j < len; j++)
				tl += (size_t)snprintf(t + tl, sizeof(t) - tl,
						       "\\x%02x", u[i + j]);
		}
		if (k + tl + 4 > cap)
			goto cut;
		memcpy(dst + k, t, tl);
		k += tl;
		i += len;
	}
	dst[k] = 0;
	return;
cut:
	memcpy(dst + k, "...", 4);
}

const char *cli_q(const char *text)
{
	static _Thread_local char buf[4][CLI_QUOTE_MAX * 4 + 8];
	static _Thread_local int next;
	char *b = buf[next++ & 3];

	escape(b, sizeof(buf[0]), text ? text : "(null)", CLI_QUOTE_MAX, 1);
	return b;
}

/* One escaped line on stderr: "pegsol CMD: PREFIXmessage". */
static void say(const char *prefix, const char *fmt, va_list ap)
{
	char line[CLI_LINE_MAX + 1], out[CLI_LINE_MAX + 8];
	int n = vsnprintf(line, sizeof(line), fmt, ap);

	if (n < 0)
		snprintf(line, sizeof(line), "(unprintable message)");
	/* a message vsnprintf cut ends in "..." too */
	escape(out, sizeof(out), line,
	       n > CLI_LINE_MAX - 1 ? CLI_LINE_MAX - 1 : CLI_LINE_MAX, 0);
	fprintf(stderr, "pegsol %s: %s%s\n", cli_cmd, prefix, out);
}

void cli_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say("", fmt, ap);
	va_end(ap);
	last_rc = EXIT_USAGE;
}

void cli_note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say("note: ", fmt, ap);
	va_end(ap);
}

/* Does an error message say that a resource ran out? */
static int names_resource(const char *msg)
{
	static const char *const words[] = {
		"out of memory", "memory exhausted", "Cannot allocate memory",
		"out of disk space", "No space left on device",
		"Disk quota exceeded", "File too large"};

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strstr(msg, words[i]))
			return 1;
	return 0;
}

int cli_fail(const char *msg, int resource)
{
	int rc = resource || names_resource(msg) ? EXIT_RESOURCES : EXIT_USAGE;

	cli_error("%s", msg);
	last_rc = rc;
	return rc;
}

int cli_exit_code(void)
{
	return last_rc;
}

int cli_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;

	if (!text || !*text)
		return -1;
	for (const char *p = text; *p; p++) {
		unsigned d = (unsigned)(*p - '0');

		if (*p < '0' || *p > '9' || v > (UINT64_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	if (v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int cli_parse_u64(const char *name, const char *text, uint64_t min,
		  uint64_t max, uint64_t *out)
{
	if (!cli_u64(text, min, max, out))
		return 0;
	cli_error("bad %s '%s' (a whole number from %llu to %llu)", name,
		  cli_q(text), (unsigned long long)min,
		  (unsigned long long)max);
	return -1;
}

int cli_parse_int(const char *name, const char *text, int min, int max,
		  int *out)
{
	uint64_t v;

	if (cli_parse_u64(name, text, (uint64_t)(min > 0 ? min : 0),
			  (uint64_t)(max > 0 ? max : 0), &v))
		return -1;
	*out = (int)v;
	return 0;
}

int cli_int_range(const char *name, int value, int min, int max)
{
	if (value >= min && value <= max)
		return 0;
	cli_error("bad %s '%d' (a whole number from %d to %d)", name, value,
		  min, max);
	return -1;
}

int cli_parse_mb(const char *name, const char *text, double max_mb,
		 size_t *bytes)
{
	double v = 0, scale = 1;
	int digits = 0, dot = 0;

	for (const char *p = text; *p; p++) {
		if (*p == '.' && !dot) {
			dot = 1;
		} else if (*p >= '0' && *p <= '9' && digits < 30) {
			digits++;
			if (dot)
				v += (*p - '0') * (scale /= 10);
			else
				v = v * 10 + (*p - '0');
		} else {
			digits = 0;
			break;
		}
	}
	if (!digits || !(v > 0) || v > max_mb) {
		cli_error("bad %s '%s' (a positive number of MB up to %.0f)",
			  name, cli_q(text), max_mb);
		return -1;
	}
	*bytes = (size_t)(v * 1048576.0);
	if (!*bytes)
		*bytes = 1;
	return 0;
}

static int set_value(const struct cli_opt *o, const char *v)
{
	if (o->kind == CLI_STRING) {
		*(const char **)o->dest = v;
		return 0;
	}
	return cli_parse_int(o->name, v, 0, INT_MAX, (int *)o->dest);
}

int cli_parse(int argc, char **argv, const struct cli_opt *opts, int n_opts,
	      const char **pos, int max_pos, int *n_pos, const char *usage)
{
	int np = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const struct cli_opt *o = NULL;
		const char *eq;
		size_t len;

		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			fputs(usage, stdout);
			return 1;
		}
		if (a[0] != '-' || a[1] != '-' || a[2] == '\0') {
			if (a[0] == '-' && a[1] && a[1] != '-' &&
			    !(a[1] >= '0' && a[1] <= '9')) {
				cli_error("unknown option '%s' (see --help)",
					  cli_q(a));
				return -1;
			}
			if (np == max_pos) {
				cli_error("unexpected argument '%s' (see "
					  "--help)", cli_q(a));
				return -1;
			}
			pos[np++] = a;
			continue;
		}
		eq = strchr(a, '=');
		len = eq ? (size_t)(eq - a) : strlen(a);
		for (int k = 0; k < n_opts; k++)
			if (strlen(opts[k].name) == len &&
			    !strncmp(opts[k].name, a, len))
				o = &opts[k];
		if (!o) {
			char nm[CLI_QUOTE_MAX + 1];

			snprintf(nm, sizeof(nm), "%.*s", (int)len, a);
			cli_error("unknown option '%s' (see --help)",
				  cli_q(nm));
			return -1;
		}
		if (o->kind == CLI_FLAG) {
			if (eq) {
				cli_error("option %s takes no value", o->name);
				return -1;
			}
			*(int *)o->dest = 1;
			continue;
		}
		if (eq) {
			if (set_value(o, eq + 1))
				return -1;
		} else {
			if (i + 1 >= argc) {
				cli_error("option %s needs a value", o->name);
				return -1;
			}
			/* "--markdown --sweeps" forgot the value: a value
			 * that looks like an option is taken only as
			 * --name=VALUE */
			if (argv[i + 1][0] == '-' && argv[i + 1][1] == '-' &&
			    ((argv[i + 1][2] >= 'a' && argv[i + 1][2] <= 'z') ||
			     (argv[i + 1][2] >= 'A' && argv[i + 1][2] <= 'Z'))) {
				cli_error("option %s needs a value, not the "
					  "option '%s' (write %s=VALUE for a "
					  "value that starts with --)",
					  o->name, cli_q(argv[i + 1]), o->name);
				return -1;
			}
			if (set_value(o, argv[++i]))
				return -1;
		}
	}
	*n_pos = np;
	return 0;
}

struct peg_board *cli_board(const char *spec)
{
	struct peg_err err;
	struct peg_board *b;

	if (!spec) {
		cli_error("no board given (e.g. T5, english; see 'pegsol "
			  "boards')");
		return NULL;
	}
	b = peg_board_parse(spec, &err);
	if (!b)
		cli_fail(err.msg, 0);
	return b;
}

char *cli_text_arg(const char *arg)
{
	FILE *f;
	char *buf = NULL;
	size_t n = 0, cap = 0;
	int ch;

	if (arg[0] != '@' && strcmp(arg, "-"))
		return strdup(arg);
	f = strcmp(arg, "-") ? fopen(arg + 1, "rb") : stdin;
	if (!f) {
		cli_error("cannot open '%s': %s", cli_q(arg + 1),
			  strerror(errno));
		return NULL;
	}
	while ((ch = fgetc(f)) != EOF) {
		if (n + 2 > cap) {
			char *nb;

			cap = cap ? 2 * cap : 4096;
			if (cap > (256u << 20)) {
				cli_error("input '%s' is too large",
					  cli_q(arg));
				goto fail;
			}
			nb = realloc(buf, cap);
			if (!nb) {
				cli_error("out of memory");
				goto fail;
			}
			buf = nb;
		}
		if (ch == '\0') {
			cli_error("input '%s' is not text", cli_q(arg));
			goto fail;
		}
		buf[n++] = (char)ch;
	}
	if (f != stdin)
		fclose(f);
	if (!buf)
		buf = malloc(1);
	if (buf)
		buf[n] = '\0';
	return buf;
fail:
	if (f != stdin)
		fclose(f);
	free(buf);
	return NULL;
}

int cli_start_position(const struct peg_board *b, const char *position,
		       const char *vacate, unsigned char *pegs)
{
	struct peg_err err;

	if (position) {
		char *text = cli_text_arg(position);
		int r;

		if (!text)
			return -1;
		r = peg_pos_parse(b, text, pegs, &err);
		free(text);
		if (r) {
			cli_error("%s", err.msg);
			return -1;
		}
	} else {
		memset(pegs, 1, (size_t)b->n_holes);
	}
	if (vacate) {
		unsigned char *v = calloc((size_t)b->n_holes, 1);

		if (!v) {
			cli_error("out of memory");
			return -1;
		}
		if (peg_board_parse_holes(b, vacate, v, &err) < 0) {
			cli_error("%s", err.msg);
			free(v);
			return -1;
		}
		for (int i = 0; i < b->n_holes; i++)
			if (v[i])
				pegs[i] = 0;
		free(v);
	}
	return 0;
}

unsigned char *cli_start(const struct peg_board *b, const char *position,
			 const char *vacate, int required, int *rc)
{
	unsigned char *pegs = malloc((size_t)b->n_holes);

	*rc = EXIT_USAGE;
	if (!pegs) {
		*rc = cli_oom();
		return NULL;
	}
	if (cli_start_position(b, position, vacate, pegs))
		goto fail;
	if (required && !position && !vacate) {
		cli_error("give the start: --vacate H or --position P");
		goto fail;
	}
	return pegs;
fail:
	free(pegs);
	return NULL;
}

void cli_json_print(cJSON *obj)
{
	char *s;

	if (cJSON_IsObject(obj) && !cJSON_HasObjectItem(obj, "version"))
		cJSON_AddStringToObject(obj, "version", PEG_VERSION);
	s = cJSON_PrintUnformatted(obj);
	if (s) {
		fputs(s, stdout);
		fputc('\n', stdout);
		free(s);
	}
	cJSON_Delete(obj);
}

void cli_json_digits(cJSON *obj, const char *key, const char *digits)
{
	const char *d = digits + (digits[0] == '-');
	size_t n = strspn(d, "0123456789");

	if (n && !d[n] && (n == 1 || d[0] != '0'))
		cJSON_AddRawToObject(obj, key, digits);
	else
		cJSON_AddStringToObject(obj, key, digits);
}

void cli_json_u64(cJSON *obj, const char *key, uint64_t v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%llu", (unsigned long long)v);
	cJSON_AddRawToObject(obj, key, buf);
}

void cli_json_i64(cJSON *obj, const char *key, int64_t v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%lld", (long long)v);
	cJSON_AddRawToObject(obj, key, buf);
}

void cli_json_board(cJSON *obj, const struct peg_board *b)
{
	cJSON_AddStringToObject(obj, "board", b->spec);
	cJSON_AddStringToObject(obj, "title", b->title);
	cJSON_AddNumberToObject(obj, "holes", b->n_holes);
}

cJSON *cli_json_holes(const struct peg_board *b, const unsigned char *pegs)
{
	cJSON *a = cJSON_CreateArray();
	char name[64];

	for (int h = 0; h < b->n_holes; h++)
		if (pegs[h])
			cJSON_AddItemToArray(
				a, cJSON_CreateString(peg_board_hole_name(
					   b, h, name, sizeof(name))));
	return a;
}

struct peg_board *cli_board_max(const char *spec, long max_holes)
{
	struct peg_err err;
	long long holes;

	if (!spec)
		return cli_board(NULL); /* says that a board is missing */
	holes = peg_board_spec_holes(spec, &err);
	if (holes < 0) {
		cli_fail(err.msg, 0);
		return NULL;
	}
	if (holes > max_holes) {
		cli_error("board '%s' has %lld holes; %s handles at most %ld "
			  "holes",
			  cli_q(spec), holes, cli_cmd, max_holes);
		return NULL;
	}
	return cli_board(spec);
}

struct peg_board *cli_parse_board(int argc, char **argv,
				  const struct cli_opt *opts, int n_opts,
				  const char *usage, long max_holes, int *rc)
{
	const char *pos[1];
	int np = 0, r = cli_parse(argc, argv, opts, n_opts, pos, 1, &np, usage);
	struct peg_board *b;

	if (r) {
		*rc = r > 0 ? EXIT_YES : EXIT_USAGE;
		return NULL;
	}
	b = max_holes ? cli_board_max(np ? pos[0] : NULL, max_holes)
		      : cli_board(np ? pos[0] : NULL);
	if (!b)
		*rc = cli_exit_code();
	return b;
}

int cli_oom(void)
{
	cli_error("out of memory");
	return EXIT_RESOURCES;
}

void *cli_alloc(size_t n, int *rc)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		*rc = cli_oom();
	return p;
}

double cli_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int cli_finish_hole(const struct peg_board *b, const char *finish,
		    int anywhere, int *hole)
{
	struct peg_err err;

	if (finish && anywhere) {
		cli_error("give --finish F or --anywhere, not both");
		return -1;
	}
	if (anywhere) {
		*hole = PEG_FINISH_ANYWHERE;
		return 0;
	}
	if (!finish)
		return 1;
	*hole = peg_board_parse_hole(b, finish, &err);
	if (*hole < 0) {
		cli_error("%s", err.msg);
		return -1;
	}
	return 0;
}

void cli_json_hole(cJSON *obj, const char *key, const struct peg_board *b,
		   int hole)
{
	char name[64];

	cJSON_AddStringToObject(obj, key,
				peg_board_hole_name(b, hole, name,
						    sizeof(name)));
}

void cli_json_ints(cJSON *obj, ...)
{
	va_list ap;
	const char *key;

	va_start(ap, obj);
	while ((key = va_arg(ap, const char *)))
		cJSON_AddNumberToObject(obj, key, va_arg(ap, int));
	va_end(ap);
}
