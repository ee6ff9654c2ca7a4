/* error.c - filling a struct peg_err (error.h). */
#include "pegsol/error.h"

#include <stdarg.h>
#include <stdio.h>

void peg_err_set(struct peg_err *err, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
}
