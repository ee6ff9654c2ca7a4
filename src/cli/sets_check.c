/* sets_check.c - pegsol sets --check FILE (sets_check.h): the header,
 * then every block checked for the board the file names. */
#include "sets_check.h"

#include "cli.h"

#include "pegsol/sets.h"

#include <stdio.h>
#include <stdlib.h>

int cli_sets_check(const char *path, int json)
{
	struct peg_board *b = NULL;
	struct peg_sets_file_info fi;
	struct peg_err err;
	int r;
	char *spec = NULL;

	r = peg_sets_file_spec(path, &spec, &err);
	if (r)
		return cli_fail(err.msg, r == -2);
	b = cli_board(spec);
	free(spec);
	if (!b)
		return cli_exit_code();
	r = peg_sets_check(b, path, &fi, &err);
	if (r) {
		peg_board_free(b);
		return cli_fail(err.msg, r == -2);
	}
	if (json) {
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "file", path);
		cJSON_AddBoolToObject(o, "ok", 1);
		cli_json_board(o, b);
		cJSON_AddNumberToObject(o, "version", fi.version);
		cJSON_AddNumberToObject(o, "code_bits", fi.wide ? 128 : 64);
		cJSON_AddNumberToObject(o, "sections", fi.sections);
		cli_json_u64(o, "codes", fi.codes);
		cli_json_u64(o, "bytes", fi.bytes);
		cli_json_print(o);
	} else {
		printf("%s: ok: %s, %d-bit codes, %d sections, %llu codes, "
		       "checksum good (version %d, %llu bytes)\n",
		       path, b->spec, fi.wide ? 128 : 64, fi.sections,
		       (unsigned long long)fi.codes, fi.version,
		       (unsigned long long)fi.bytes);
	}
	peg_board_free(b);
	return EXIT_YES;
}
