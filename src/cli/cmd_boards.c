/* cmd_boards.c - pegsol boards: the board families. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: pegsol boards [--json]\n\n"
	"List the board families with their parameters, and for each one\n"
	"example its hole, jump and symmetry counts.  A board spec is\n"
	"FAMILY:PARAM (triangle:5, alias T5; rect:4x5) or a bare name\n"
	"(english, french, wiegleb).\n";

int cmd_boards(int argc, char **argv)
{
	int json = 0, np;
	const char *pos[1];
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json}};
	cJSON *arr = NULL;
	int r = cli_parse(argc, argv, opts, 1, pos, 0, &np, usage);

	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	if (json)
		arr = cJSON_CreateArray();
	else
		printf("%-15s %-10s %-18s %6s %6s %5s  %s\n", "family", "param",
		       "example", "holes", "jumps", "syms", "description");
	for (const struct peg_family_info *f = peg_board_families(); f->name;
	     f++) {
		struct peg_err err;
		struct peg_board *b = NULL;

		if (strcmp(f->name, "file") && strcmp(f->name, "graph"))
			b = peg_board_parse(f->example, &err);
		if (json) {
			cJSON *o = cJSON_CreateObject();

			cJSON_AddStringToObject(o, "family", f->name);
			cJSON_AddStringToObject(o, "param", f->params);
			cJSON_AddStringToObject(o, "description", f->summary);
			cJSON_AddStringToObject(o, "example", f->example);
			if (b) {
				cJSON_AddNumberToObject(o, "holes", b->n_holes);
				cJSON_AddNumberToObject(o, "jumps", b->n_jumps);
				cJSON_AddNumberToObject(o, "symmetries",
							b->n_syms);
			}
			cJSON_AddItemToArray(arr, o);
		} else if (b) {
			printf("%-15s %-10s %-18s %6d %6d %5d  %s\n", f->name,
			       f->params, f->example, b->n_holes, b->n_jumps,
			       b->n_syms, f->summary);
		} else {
			printf("%-15s %-10s %-18s %6s %6s %5s  %s\n", f->name,
			       f->params, f->example, "-", "-", "-",
			       f->summary);
		}
		peg_board_free(b);
	}
	if (json) {
		cJSON *o = cJSON_CreateObject();

		cJSON_AddItemToObject(o, "families", arr);
		cli_json_print(o);
	}
	return EXIT_YES;
}
