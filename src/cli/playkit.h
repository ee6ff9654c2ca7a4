/* playkit.h - helpers shared by the two games (cmd_play.c, cmd_serve.c):
 * where the winning-sets cache lives and when to use it. */
#ifndef PEGSOL_CLI_PLAYKIT_H
#define PEGSOL_CLI_PLAYKIT_H

#include "pegsol/session.h"
#include "pegsol/winsets.h"

#include <stddef.h>

/* When the games use precomputed winning sets (--sets). */
enum playkit_sets {
	PLAYKIT_SETS_OFF,  /* live search only */
	PLAYKIT_SETS_AUTO, /* boards peg_winsets_auto() accepts (default) */
	PLAYKIT_SETS_ALL   /* every board of up to PEG_WINSETS_MAX_HOLES */
};

/* Parse "off", "auto" or "all"; -1 when bad. */
int playkit_sets_parse(const char *text);

/* The cache directory: opt when given, else $PEGSOL_CACHE, else
 * $XDG_CACHE_HOME/pegsol, else $HOME/.cache/pegsol; NULL when none of
 * them is set (the sets then stay in memory).  Returns buf or NULL. */
const char *playkit_cache_dir(const char *opt, char *buf, size_t size);

/* Would the sets be used for this session's board under mode? */
int playkit_sets_wanted(const struct peg_session *s, int mode);

/* The goal hole of a session for the sets (-1 = anywhere). */
int playkit_finish(const struct peg_session *s);

/* The memory budget both games default to (--memory-mb): what the winning
 * sets may need at their peak, estimated before they are computed. */
#define PLAYKIT_MEMORY_MB 1024

/* May the session's sets be computed within `budget` bytes?  1 yes (*cost
 * filled), 0 no: note says why in one line ("the winning sets would need
 * about 8224 MB, over --memory-mb 1024"). */
int playkit_sets_fit(const struct peg_session *s, size_t budget,
		     struct peg_winsets_cost *cost, char *note, size_t size);

#endif
