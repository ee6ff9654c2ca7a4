/* main.c - the pegsol command: dispatch to one subcommand. */
#include "cli.h"

#include "pegsol/version.h"

#include <stdio.h>
#include <string.h>

#define CMD(name, summary) int cmd_##name(int argc, char **argv);
#include "commands.def"
#undef CMD

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
};

static const struct command commands[] = {
#define CMD(name, summary) {#name, cmd_##name, summary},
#include "commands.def"
#undef CMD
};

#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *f)
{
	fputs("usage: pegsol COMMAND [ARGS] [--json] [--help]\n"
	      "       pegsol --version\n\n"
	      "pegsol solves and analyses peg solitaire on triangular, "
	      "square and graph boards.\n\ncommands:\n",
	      f);
	for (size_t i = 0; i < N_COMMANDS; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name,
			commands[i].summary);
	fputs("\nboards: T5, triangle:N, hexagon:N, english, ... "
	      "(pegsol boards)\nholes: Bell's names (a1, c5, d4), (x,y), "
	      "(x,y,z), #k\nexit status: 0 yes, 1 no, 2 bad input, 3 out of "
	      "resources\n",
	      f);
}

int main(int argc, char **argv)
{
	const char *name;

	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	name = argv[1];
	if (!strcmp(name, "--version") || !strcmp(name, "version")) {
		printf("pegsol %s\n", PEG_VERSION);
		return EXIT_YES;
	}
	if (!strcmp(name, "help") || !strcmp(name, "--help") ||
	    !strcmp(name, "-h")) {
		if (argc > 2) {
			for (size_t i = 0; i < N_COMMANDS; i++)
				if (!strcmp(argv[2], commands[i].name)) {
					char *a[] = {argv[2], "--help", NULL};

					cli_cmd = commands[i].name;
					return commands[i].run(2, a);
				}
			fprintf(stderr, "pegsol: unknown command '%s'\n",
				argv[2]);
			return EXIT_USAGE;
		}
		usage(stdout);
		return EXIT_YES;
	}
	for (size_t i = 0; i < N_COMMANDS; i++)
		if (!strcmp(name, commands[i].name)) {
			cli_cmd = commands[i].name;
			return commands[i].run(argc - 1, argv + 1);
		}
	fprintf(stderr, "pegsol: unknown command '%s' (try 'pegsol help')\n",
		name);
	return EXIT_USAGE;
}
