/* error.h - how a library call fails, and what an outcome means.
 *
 * A failing call returns its status (or -1 / NULL) and fills a struct
 * peg_err: one line, lower case, no full stop, the offending text in
 * quotes.  The library never prints and never exits.
 *
 * Every outcome is one of four kinds, and the pegsol command exits with
 * that number (docs/cli.md):
 *
 *   PEG_EXIT_YES       0  done; the answer is yes
 *   PEG_EXIT_NO        1  a well-formed question whose answer is no
 *                         (unsolvable, not found)
 *   PEG_EXIT_INPUT     2  bad input or usage
 *   PEG_EXIT_RESOURCE  3  out of resources (memory, time, nodes, disk)
 *
 * Engine status enums either take these values (peg_solve_status,
 * peg_construct_status) or are negative codes of their own whose
 * *_EINPUT / *_ERESOURCE (*_ENOMEM) members map to 2 / 3.
 */
#ifndef PEGSOL_ERROR_H
#define PEGSOL_ERROR_H

#define PEG_ERR_MAX 256

/* An error message filled by a failing library call. */
struct peg_err {
	char msg[PEG_ERR_MAX];
};

/* printf into err->msg (cut at PEG_ERR_MAX - 1 bytes); err may be NULL. */
void peg_err_set(struct peg_err *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

enum peg_exit {
	PEG_EXIT_YES = 0,
	PEG_EXIT_NO = 1,
	PEG_EXIT_INPUT = 2,
	PEG_EXIT_RESOURCE = 3
};

#endif
