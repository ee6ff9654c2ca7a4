/* cli.h - shared helpers of the pegsol subcommands: option parsing, boards,
 * positions, JSON output, exit codes.  Each subcommand is one file
 * cmd_NAME.c defining int cmd_NAME(int argc, char **argv) and listed in
 * commands.def. */
#ifndef PEGSOL_CLI_H
#define PEGSOL_CLI_H

#include "pegsol/board.h"

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdint.h>

/* Exit codes (docs/cli.md): the outcomes of error.h. */
enum {
	EXIT_YES = PEG_EXIT_YES,           /* success */
	EXIT_NO = PEG_EXIT_NO,             /* well-formed question, answer no */
	EXIT_USAGE = PEG_EXIT_INPUT,       /* bad input or usage */
	EXIT_RESOURCES = PEG_EXIT_RESOURCE /* out of memory, time or disk */
};

/* The subcommand being run, for error messages. */
extern const char *cli_cmd;

/* Print "pegsol CMD: message" on stderr as one line: control bytes,
 * invalid UTF-8 and C1 controls are shown as \xNN, and a line past
 * CLI_LINE_MAX bytes is cut and ends in "...". */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#define CLI_LINE_MAX 1000

/* The same for a remark that is no error ("pegsol CMD: note: ..."), e.g.
 * a cache file that was refused and recomputed. */
void cli_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Some user text made safe to quote in a message: escaped as cli_error
 * does, a backslash as \\, and at most CLI_QUOTE_MAX bytes of it shown
 * (then "...").  The result lives in one of 4 rotating thread-local
 * buffers, so up to 4 can appear in one call. */
#define CLI_QUOTE_MAX 64
const char *cli_q(const char *text);

/* Report a failed library call: print msg (one line) and return its exit
 * code: EXIT_RESOURCES when resource is set (the engine returned its
 * out-of-resources status) or msg names an exhausted resource (out of
 * memory, no space left on the device, a quota, a file size limit), else
 * EXIT_USAGE. */
int cli_fail(const char *msg, int resource);

/* The exit code of the last error printed: EXIT_RESOURCES after cli_fail
 * reported a resource, else EXIT_USAGE.  For helpers that return NULL
 * (cli_board). */
int cli_exit_code(void);

/* Numbers.  Every numeric option goes through these: decimal digits only
 * (no sign, space, exponent or hex), checked against [min, max] without
 * wrapping or clamping.  A bad value prints one line naming the option and
 * the value, e.g. "bad --threads '99' (a whole number from 0 to 8)", and
 * returns -1. */
int cli_parse_u64(const char *name, const char *text, uint64_t min,
		  uint64_t max, uint64_t *out);
int cli_parse_int(const char *name, const char *text, int min, int max,
		  int *out);
/* The same check on a value already parsed (a CLI_INT option). */
int cli_int_range(const char *name, int value, int min, int max);
/* A positive decimal number of MB (fractions allowed: 0.05) up to max_mb,
 * in bytes. */
int cli_parse_mb(const char *name, const char *text, double max_mb,
		 size_t *bytes);
/* The check alone, printing nothing (for the web server's parameters):
 * 0 and *out, or -1. */
int cli_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out);

enum cli_opt_kind { CLI_FLAG, CLI_STRING, CLI_INT };

struct cli_opt {
	const char *name; /* "--vacate" */
	enum cli_opt_kind kind;
	void *dest;       /* int * for CLI_FLAG / CLI_INT (a whole number
			     from 0 to INT_MAX, cli_parse_int; narrow it
			     with cli_int_range), const char ** */
};

/* Parse argv[1..] (argv[0] is the subcommand).  Options may come anywhere;
 * "--name=value" and "--name value" both work.  Positional arguments go to
 * pos[0..max_pos-1]; *n_pos receives their count.  "--help"/"-h" prints
 * usage on stdout and returns 1.  Errors print one line and return -1. */
int cli_parse(int argc, char **argv, const struct cli_opt *opts, int n_opts,
	      const char **pos, int max_pos, int *n_pos, const char *usage);

/* Load a board or print the error; NULL on failure (exit with
 * cli_exit_code(): 3 when the board did not fit in memory). */
struct peg_board *cli_board(const char *spec);

/* Read a text argument: "@PATH" or "-" reads a file or stdin (malloc'd);
 * other text is copied.  NULL with an error printed on failure. */
char *cli_text_arg(const char *arg);

/* cli_board for a command limited to max_holes holes: the spec's size is
 * found without building it (peg_board_spec_holes) and a bigger board is
 * refused with one line, "board 'T16' has 136 holes; sets handles at most
 * 128 holes".  NULL with the error printed (exit with cli_exit_code()). */
struct peg_board *cli_board_max(const char *spec, long max_holes);

/* cli_parse for a command whose one positional argument is the board, then
 * the board (cli_board_max when max_holes > 0, else cli_board).  Returns
 * it, or NULL with *rc set: EXIT_YES after --help, else the error's exit
 * code (the error printed). */
struct peg_board *cli_parse_board(int argc, char **argv,
				  const struct cli_opt *opts, int n_opts,
				  const char *usage, long max_holes, int *rc);

/* The entries of an option table. */
#define CLI_N(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Print "out of memory" and return EXIT_RESOURCES. */
int cli_oom(void);

/* malloc(n), or NULL with "out of memory" printed and *rc set to
 * EXIT_RESOURCES. */
void *cli_alloc(size_t n, int *rc);

/* Seconds on the monotonic clock (the timings the commands print). */
double cli_now(void);

/* The finishing hole from --finish F / --anywhere: 0 and *hole (a hole or
 * PEG_FINISH_ANYWHERE), 1 when neither was given (*hole untouched), or -1
 * with the error printed (both given, a bad hole). */
int cli_finish_hole(const struct peg_board *b, const char *finish,
		    int anywhere, int *hole);

/* The problem options (start and goal) of the commands that take them. */
struct cli_problem_args {
	int anywhere;
	const char *vacate, *position, *finish;
};

/* The struct cli_opt entries of the start options (--vacate, --position)
 * and of all the problem options, for an option table. */
#define CLI_START_OPTS(a)                                                     \
	{"--vacate", CLI_STRING, &(a).vacate},                                \
		{"--position", CLI_STRING, &(a).position}
#define CLI_PROBLEM_OPTS(a)                                                   \
	{"--anywhere", CLI_FLAG, &(a).anywhere}, CLI_START_OPTS(a),           \
		{"--finish", CLI_STRING, &(a).finish}

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

/* Exact integers in JSON.  cJSON keeps numbers as doubles, exact only up
 * to 2^53, so counts are written as raw decimal digits: a JSON integer
 * with every digit (docs/notation.md says which readers need care). */
void cli_json_u64(cJSON *obj, const char *key, uint64_t v);
void cli_json_i64(cJSON *obj, const char *key, int64_t v);
/* digits: a decimal integer as text (an optional '-', then digits);
 * anything else is added as a string. */
void cli_json_digits(cJSON *obj, const char *key, const char *digits);

/* Add int members: key, value pairs (every value an int), then NULL. */
void cli_json_ints(cJSON *obj, ...) __attribute__((sentinel));

/* Add the name of a hole (peg_board_hole_name) under key. */
void cli_json_hole(cJSON *obj, const char *key, const struct peg_board *b,
		   int hole);

/* A JSON array of hole names from a peg array. */
cJSON *cli_json_holes(const struct peg_board *b, const unsigned char *pegs);

#endif
