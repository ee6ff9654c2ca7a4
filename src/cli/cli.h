/* cli.h - shared helpers of the pegsol subcommands: option parsing, boards,
 * positions, JSON output, exit codes.  Each subcommand is one file
 * cmd_NAME.c defining int cmd_NAME(int argc, char **argv) and listed in
 * commands.def. */
#ifndef PEGSOL_CLI_H
#define PEGSOL_CLI_H

#include "pegsol/board.h"

#include <cjson/cJSON.h>

/* Exit codes (docs/cli.md). */
enum {
	EXIT_YES = 0,      /* success */
	EXIT_NO = 1,       /* well-formed question, answer is no */
	EXIT_USAGE = 2,    /* bad input or usage */
	EXIT_RESOURCES = 3 /* out of memory, time or disk */
};

/* The subcommand being run, for error messages. */
extern const char *cli_cmd;

/* Print "pegsol CMD: message" on stderr (one line). */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

enum cli_opt_kind { CLI_FLAG, CLI_STRING, CLI_INT };

struct cli_opt {
	const char *name; /* "--vacate" */
	enum cli_opt_kind kind;
	void *dest;       /* int * for CLI_FLAG / CLI_INT, const char ** */
};

/* Parse argv[1..] (argv[0] is the subcommand).  Options may come anywhere;
 * "--name=value" and "--name value" both work.  Positional arguments go to
 * pos[0..max_pos-1]; *n_pos receives their count.  "--help"/"-h" prints
 * usage on stdout and returns 1.  Errors print one line and return -1. */
int cli_parse(int argc, char **argv, const struct cli_opt *opts, int n_opts,
	      const char **pos, int max_pos, int *n_pos, const char *usage);

/* Load a board or print the error; NULL on failure. */
struct peg_board *cli_board(const char *spec);

/* Read a text argument: "@PATH" or "-" reads a file or stdin (malloc'd);
 * other text is copied.  NULL with an error printed on failure. */
char *cli_text_arg(const char *arg);

/* Build a start position: --position text (or full board) minus --vacate
 * holes.  pegs must hold n_holes bytes.  Returns 0 or -1 (error printed). */
int cli_start_position(const struct peg_board *b, const char *position,
		       const char *vacate, unsigned char *pegs);

/* Allocate and fill a start position with cli_start_position.  When
 * required is set, --position or --vacate must have been given.  Returns the
 * malloc'd pegs, or NULL with an error printed and *rc set (EXIT_RESOURCES
 * when out of memory, else EXIT_USAGE). */
unsigned char *cli_start(const struct peg_board *b, const char *position,
			 const char *vacate, int required, int *rc);

/* Print a JSON object on stdout as one line and delete it. */
void cli_json_print(cJSON *obj);

/* Add board identity fields ("board", "title", "holes") to a JSON object. */
void cli_json_board(cJSON *obj, const struct peg_board *b);

/* A JSON array of hole names from a peg array. */
cJSON *cli_json_holes(const struct peg_board *b, const unsigned char *pegs);

#endif
