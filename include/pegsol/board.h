/* board.h - a peg solitaire board: holes, jump lines and symmetry group.
 *
 * Every engine works on this structure and nothing else.  Lattice knowledge
 * (triangular: 6 directions, square: 4 or 8, graph: every path u-v-w) lives
 * only in the constructors (families.c, boardfile.c).
 *
 * Coordinates.  Triangular lattice boards use George Bell's skew coordinates
 * (x, y): y is the row (0 = top), x the position along the row; the six jump
 * directions are (+-1,0), (0,+-1), (+-1,+-1).  On T_n hole (x,y) has
 * 0 <= x <= y < n, a1 = (0,0).  Square lattice boards use Cartesian (x, y)
 * with y increasing downwards (English d4 = (3,3)).  Coordinates are shifted
 * so the smallest x and y over the board are 0.  Graph boards have x = index,
 * y = 0 and carry node labels.  Names and the coordinates users type are
 * (hx + name_x0, hy + name_y0): zero except where a family keeps the names
 * of the board it was cut from (truncated triangles keep Triangle(n)'s).
 *
 * Hole index i is row-major: sorted by (y, x).  A position's code is the sum
 * of 2^i over its pegs (seed 001 section 2).
 *
 * Some boards forbid jumps (Think and Jump, Maple Leaf, @forbid in a board
 * file): their jump list is the lattice's minus those, jumps_removed says
 * how many.
 *
 * Symmetries are computed from the geometry: every lattice isometry (12 on
 * the triangular lattice, 8 on the square one) that maps the hole set onto
 * itself, and the jumps onto the jumps; for graph boards the automorphisms
 * of the graph (the jump structure: they map paths u-v-w to paths), or a
 * subgroup of them when there are too many to list (peg_board_from_graph).
 * sym[s * n_holes + i] is the image of hole i under symmetry s; s = 0 is the
 * identity.
 */
#ifndef PEGSOL_BOARD_H
#define PEGSOL_BOARD_H

#include "pegsol/error.h"

#include <stddef.h>
#include <stdint.h>

enum peg_lattice {
	PEG_LATTICE_TRI,    /* triangular lattice, skew coordinates */
	PEG_LATTICE_SQUARE, /* square lattice, orthogonal (+ diagonal) jumps */
	PEG_LATTICE_GRAPH   /* an arbitrary graph */
};

struct peg_jump {
	int from, over, to;
};

struct peg_board {
	char *spec;  /* canonical spec, e.g. "triangle:5" */
	char *title; /* human name, e.g. "Triangle(5)" */
	enum peg_lattice lattice;
	int diagonal; /* square lattice: diagonal jumps allowed */
	int n_holes;
	int *hx, *hy;        /* coordinates of each hole */
	int width, height;   /* 1 + max x, 1 + max y */
	int *grid;           /* width * height: hole index or -1 */
	int *row_first;      /* height + 1 offsets: holes of row y are
				row_first[y] .. row_first[y+1]-1 */
	char **labels;       /* graph boards: node names, else NULL */
	int n_jumps;         /* every (from, over, to), both directions */
	struct peg_jump *jumps; /* sorted by from */
	int *jump_first;     /* n_holes + 1 offsets into jumps by from */
	int n_syms;
	int *sym; /* n_syms * n_holes, identity first */
	int sym_reflect_first; /* index of the first orientation-reversing
				  symmetry (lattice boards), n_syms if none */
	int name_x0, name_y0; /* added to (hx, hy) in names and in parsed
				 coordinates: a truncated triangle keeps its
				 triangle's names (seed 003), so its top row
				 is row 2 */
	int jumps_removed; /* lattice jumps the board's rule takes away
			      (Think and Jump, Maple Leaf, board files with
			      @forbid: docs/board-files.md); 0 when every
			      lattice line of three holes is a jump */
};

/* Build a board from a spec string such as "T5", "triangle:5", "english",
 * "rect:4x5", "file:PATH" or "graph:PATH".  Returns NULL and fills err on
 * bad input.  The spec is checked against the default limits
 * (peg_board_limits_init(lim, 0)) before the board is built. */
struct peg_board *peg_board_parse(const char *spec, struct peg_err *err);

/* Limits a spec is checked against before anything proportional to the
 * board is allocated.  A family's hole count is computed from its
 * parameters (triangle:N has N(N+1)/2 holes); a board file is read up to
 * max_file_bytes and scanned for its holes and the box they span; a graph
 * file for its nodes and jumps.  Memory: about 145 bytes per hole for a
 * lattice board (jumps, 12 symmetries), so the default 10 million holes
 * is about 1.4 GB.  docs/board-files.md, "Limits", lists them. */
struct peg_board_limits {
	long max_holes;      /* holes (graph nodes) */
	long max_jumps;      /* graph boards: jumps, sum of deg(v)(deg(v)-1) */
	long max_area;       /* board files: width x height of the box */
	long max_file_bytes; /* board and graph files */
};

#define PEG_BOARD_MAX_HOLES 10000000L  /* the default hole limit */
#define PEG_BOARD_HARD_HOLES 200000000L /* no limit goes past this (int
					   jump and grid indices) */
#define PEG_BOARD_MAX_AREA 40000000L   /* default picture box, in cells */
#define PEG_BOARD_MAX_FILE_BYTES (32L << 20)
#define PEG_GRAPH_MAX_NODES 4096       /* graph boards, always */
#define PEG_GRAPH_MAX_JUMPS 16000000L  /* default jump limit of graphs */
#define PEG_GRAPH_MAX_SYMS 4096        /* graph symmetries listed, at */
#define PEG_GRAPH_SYM_ENTRIES (1L << 22) /* most this many ints in all, */
#define PEG_GRAPH_SMALL_ENTRIES (1L << 17) /* this many up to 128 nodes */

/* Fill lim for a hole limit (max_holes <= 0: PEG_BOARD_MAX_HOLES).  The
 * other limits scale with it, between a floor and their defaults:
 * max_jumps = 64 max_holes in [65536, PEG_GRAPH_MAX_JUMPS], max_area =
 * 64 max_holes in [2^20, PEG_BOARD_MAX_AREA], max_file_bytes = 256
 * max_holes in [2^20, PEG_BOARD_MAX_FILE_BYTES].  Raise one by setting
 * its field afterwards. */
void peg_board_limits_init(struct peg_board_limits *lim, long max_holes);

/* peg_board_parse under the limits lim (NULL: the defaults).  A spec over
 * a limit is refused before it is built, with one line such as "board
 * 'triangle:4000' has 8002000 holes; the limit here is 1000". */
struct peg_board *peg_board_parse_limits(const char *spec,
					 const struct peg_board_limits *lim,
					 struct peg_err *err);

/* peg_board_parse_limits with peg_board_limits_init(lim, max_holes): the
 * call for a caller with a hole budget (the web server's 1000). */
struct peg_board *peg_board_parse_max(const char *spec, long max_holes,
				      struct peg_err *err);

/* The number of holes of a spec without building the board: arithmetic
 * for a family, a scan for a board or graph file (under the default file
 * limits).  Returns -1 with err filled on a bad spec. */
long long peg_board_spec_holes(const char *spec, struct peg_err *err);

/* Build a lattice board from a list of cells.  The cells may be given in any
 * order and with any offset; duplicates are an error.  spec and title are
 * copied. */
struct peg_board *peg_board_from_cells(enum peg_lattice lattice, int diagonal,
				       int n, const int *x, const int *y,
				       const char *spec, const char *title,
				       struct peg_err *err);

/* Build a graph board: n nodes with labels, m undirected edges (pairs of
 * node indices; repeats and loops are ignored).  A jump is every path
 * u-v-w with u != w.  At most PEG_GRAPH_MAX_NODES nodes and
 * PEG_GRAPH_MAX_JUMPS jumps.  The symmetries are the graph's
 * automorphisms when there are at most PEG_GRAPH_MAX_SYMS of them and
 * n_syms * n fits PEG_GRAPH_SYM_ENTRIES (PEG_GRAPH_SMALL_ENTRIES for
 * n <= 128), else a subgroup within those bounds (src/lib/core/graphaut.h says
 * which). */
struct peg_board *peg_board_from_graph(int n, char **labels, int m,
				       const int *edges, const char *spec,
				       struct peg_err *err);

void peg_board_free(struct peg_board *b);

/* Hole at lattice coordinates (x, y), or -1 when there is none. */
int peg_board_hole_at(const struct peg_board *b, int x, int y);

/* Name of hole h in Bell's notation (column letters a..z, aa, ab, ... then
 * the row number from 1), or the node label on a graph board.  Writes into
 * buf and returns it. */
char *peg_board_hole_name(const struct peg_board *b, int h, char *buf,
			  size_t size);

/* Parse one hole: a name ("c5", "aa12"), skew or Cartesian coordinates
 * "(x,y)", cube coordinates "(x,y,z)" (triangular lattice, seed 002), or a
 * 1-based hole number "#k".  Returns the hole index or -1 with err filled. */
int peg_board_parse_hole(const struct peg_board *b, const char *text,
			 struct peg_err *err);

/* Parse a list of holes separated by commas and/or spaces into out (an array
 * of n_holes flags, set to 1 for each hole named).  Returns the number of
 * holes named or -1 on error. */
int peg_board_parse_holes(const struct peg_board *b, const char *text,
			  unsigned char *out, struct peg_err *err);

/* Column letters for column x (0 -> "a", 25 -> "z", 26 -> "aa"). */
void peg_column_letters(int x, char *buf, size_t size);

/* Orbit representative of hole h under the symmetry group (the smallest
 * index in its orbit). */
int peg_board_hole_orbit_min(const struct peg_board *b, int h);

/* Name of a family for listing by `pegsol boards`. */
struct peg_family_info {
	const char *name;    /* "triangle" */
	const char *params;  /* "N" or "" */
	const char *summary; /* one line */
	const char *example; /* "triangle:5" */
};

/* The board families, terminated by an entry with name NULL. */
const struct peg_family_info *peg_board_families(void);

#endif
