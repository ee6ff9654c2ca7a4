/* cli.c - shared helpers of the subcommands (cli.h). */
#include "cli.h"

#include "pegsol/pos.h"
#include "pegsol/version.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *cli_cmd = "pegsol";

void cli_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "pegsol %s: ", cli_cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static int set_value(const struct cli_opt *o, const char *v)
{
	if (o->kind == CLI_STRING) {
		*(const char **)o->dest = v;
		return 0;
	}
	{
		char *end;
		long x;

		errno = 0;
		x = strtol(v, &end, 10);
		if (!*v || *end || errno || x < -1000000000L ||
		    x > 1000000000L) {
			cli_error("option %s needs a whole number, got '%s'",
				  o->name, v);
			return -1;
		}
		*(int *)o->dest = (int)x;
	}
	return 0;
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
				cli_error("unknown option '%s' (see --help)", a);
				return -1;
			}
			if (np == max_pos) {
				cli_error("unexpected argument '%s' (see --help)",
					  a);
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
			cli_error("unknown option '%.*s' (see --help)", (int)len,
				  a);
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
		cli_error("%s", err.msg);
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
		cli_error("cannot open '%s': %s", arg + 1, strerror(errno));
		return NULL;
	}
	while ((ch = fgetc(f)) != EOF) {
		if (n + 2 > cap) {
			char *nb;

			cap = cap ? 2 * cap : 4096;
			if (cap > (256u << 20)) {
				cli_error("input '%s' is too large", arg);
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
			cli_error("input '%s' is not text", arg);
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
		cli_error("out of memory");
		*rc = EXIT_RESOURCES;
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
