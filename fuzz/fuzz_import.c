/* SPDX-License-Identifier: MIT */
/*
 * Every importer of import/formats.c on arbitrary bytes, as `syncgate
 * import` runs it: parse, then the result written as syncgate-result/1 and
 * read back as the gate reads it.  SYNCGATE_FUZZ_FORMAT ("fio", "hgrm us")
 * picks the format and the input is the file; without it the input's first
 * line names the format, so one corpus walks the whole table.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz.h"
#include "import/formats.h"
#include "lib/err.h"

static const char *pinned;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	pinned = getenv("SYNCGATE_FUZZ_FORMAT");
	return 0;
}

/*
 * The format a line "NAME" or "NAME UNIT" (n bytes) names and its parser,
 * or NULL; a format that takes --unit gets its first unit when the line
 * names none.
 */
static const struct import_format *
named(const char *s, size_t n, import_parse_fn *parse)
{
	const struct import_format *fmt;
	char name[32], *unit;

	if (n == 0 || n >= sizeof name)
		return NULL;
	memcpy(name, s, n);
	name[n] = '\0';
	if ((unit = strchr(name, ' ')) != NULL)
		*unit++ = '\0';
	if ((fmt = import_format_find(name)) == NULL)
		return NULL;
	*parse = import_format_parser(fmt, unit != NULL ? unit : fmt->units[0]);
	return *parse != NULL ? fmt : NULL;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct import_notes notes = { NULL, 0, 0 };
	const char *buf = (const char *)data, *nl;
	const struct import_format *fmt;
	import_parse_fn parse;
	struct result r;
	char err[ERRLEN];
	cJSON *root;

	if (pinned != NULL) {
		if ((fmt = named(pinned, strlen(pinned), &parse)) == NULL)
			abort();        /* the harness's mistake, said at once */
	} else {
		if ((nl = memchr(buf, '\n', size)) == NULL ||
		    (fmt = named(buf, (size_t)(nl - buf), &parse)) == NULL)
			return 0;
		size -= (size_t)(nl + 1 - buf);
		buf = nl + 1;
	}
	memset(&r, 0, sizeof r);
	err[0] = '\0';
	if (import_format_parse(fmt, parse, buf, size, "fuzz.txt", &r, &notes,
	    err) == 0) {
		r.engine = xstrdup("engine");
		root = result_to_json(&r, NULL);
		(void)result_reload(root, "fuzz.txt", NULL, err);
		cJSON_Delete(root);
	} else if (strlen(err) == 0) {
		abort();
	}
	import_notes_free(&notes);
	result_free(&r);
	return 0;
}
