/* check.h - the test harness: CHECK counts assertions; main ends with
 * return check_done(); which prints "RESULT <passed> <failed>" for
 * tests/run.sh.  Every check names the seed table its number comes from in
 * the message or a comment next to it. */
#ifndef PEGSOL_CHECK_H
#define PEGSOL_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_passed, check_failed;

#define CHECK(cond, ...)                                                      \
	do {                                                                  \
		if (cond) {                                                   \
			check_passed++;                                       \
		} else {                                                      \
			check_failed++;                                       \
			fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);  \
			fprintf(stderr, __VA_ARGS__);                         \
			fputc('\n', stderr);                                  \
		}                                                             \
	} while (0)

#define CHECK_INT(got, want, what)                                            \
	do {                                                                  \
		long long g_ = (long long)(got), w_ = (long long)(want);      \
		CHECK(g_ == w_, "%s: got %lld, want %lld", what, g_, w_);     \
	} while (0)

#define CHECK_STR(got, want, what)                                            \
	do {                                                                  \
		const char *g_ = (got), *w_ = (want);                         \
		CHECK(g_ && !strcmp(g_, w_), "%s: got '%s', want '%s'", what, \
		      g_ ? g_ : "(null)", w_);                                \
	} while (0)

static int check_done(void)
{
	printf("RESULT %d %d\n", check_passed, check_failed);
	return check_failed ? 1 : 0;
}

#endif
