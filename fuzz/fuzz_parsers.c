/* fuzz_parsers.c - libFuzzer target for every text parser: board specs,
 * hole names, positions, solution text and board files.  The first byte of
 * the input picks the parser; the rest is its text. */
#include "pegsol/board.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Boards of up to this many holes are built (libFuzzer's memory limit). */
#define FUZZ_MAX_HOLES 100000

static struct peg_board *boards[4];

static void init(void)
{
	static const char *specs[4] = {"T5", "english", "hexagon:3", "T30"};
	struct peg_err err;

	for (int i = 0; i < 4; i++)
		if (!boards[i])
			boards[i] = peg_board_parse(specs[i], &err);
}

static void parse_file(const char *text, int graph)
{
	char path[64], spec[80];
	FILE *f;
	struct peg_err err;
	struct peg_board *b;

	snprintf(path, sizeof(path), "/tmp/pegsol-fuzz-%d.txt", (int)getpid());
	f = fopen(path, "w");
	if (!f)
		return;
	fputs(text, f);
	fclose(f);
	snprintf(spec, sizeof(spec), "%s:%s", graph ? "graph" : "file", path);
	b = peg_board_parse_max(spec, FUZZ_MAX_HOLES, &err);
	peg_board_free(b);
	remove(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct peg_err err;
	struct peg_board *b;
	unsigned char pegs[600];
	char *text;
	int which;

	if (size < 1 || size > 4096)
		return 0;
	init();
	text = malloc(size);
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	which = data[0] % 8;
	b = boards[data[0] / 8 % 4];
	switch (which) {
	case 0:
		/* board specs, big numbers too: the hole limit refuses them
		 * from the spec, before building */
		if (size < 64) {
			struct peg_board *nb =
				peg_board_parse_max(text, FUZZ_MAX_HOLES, &err);

			peg_board_free(nb);
		}
		break;
	case 1:
		peg_board_parse_hole(b, text, &err);
		break;
	case 2:
		memset(pegs, 0, sizeof(pegs));
		peg_board_parse_holes(b, text, pegs, &err);
		break;
	case 3:
		peg_pos_parse(b, text, pegs, &err);
		break;
	case 4:
	case 5: {
		struct peg_moves mv;
		struct peg_jump *j = NULL;
		int nj;

		if (peg_moves_parse(b, text, &mv, &err) == 0) {
			memset(pegs, 1, (size_t)b->n_holes);
			pegs[data[0] % b->n_holes] = 0;
			peg_moves_replay(b, &mv, pegs, &j, &nj, &err);
			free(j);
			peg_moves_free(&mv);
		}
		break;
	}
	case 6:
		parse_file(text, 0);
		break;
	case 7:
		parse_file(text, 1);
		break;
	}
	free(text);
	return 0;
}
