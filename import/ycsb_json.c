/* SPDX-License-Identifier: MIT */
/*
 * YCSB's JSON exporters (JSONArrayMeasurementsExporter, or
 * JSONMeasurementsExporter without the array): {"metric" : "READ",
 * "measurement" : "50thPercentileLatency(us)", "value" : 412}.  Each record
 * becomes its text line, at the line it starts on, read as import_ycsb_parse
 * reads text: both outputs import alike, messages naming the JSON's lines.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/parse.h"
#include "lib/decimal.h"
#include "lib/err.h"
#include "lib/json.h"
#include "lib/utf8.h"

#define WHAT import_ycsb_json_what

const char import_ycsb_json_what[] = "YCSB's JSON exporter output";

/* The text as one JSON array, no line moved, and each object's line. */
static char *
as_array(const char *buf, size_t len, size_t *n, size_t *open, size_t **lines,
    size_t *nlines)
{
	char *copy = xmalloc(2 * len + 3);
	size_t i = utf8_bom(buf, len), k = 0, depth = 0, line = 1, counted = 0, cap = 0;
	int in_string = 0, wrap;

	while (i < len && memchr(" \t\r\n", buf[i], 4) != NULL)
		copy[k++] = buf[i++];
	wrap = i < len && buf[i] == '{';
	if (wrap)
		copy[k++] = '[';
	for (; i < len; i++) {
		char c = buf[i];

		copy[k++] = c;
		if (in_string) {
			if (c == '\\' && i + 1 < len)
				copy[k++] = buf[++i];
			else if (c == '"')
				in_string = 0;
		} else if (c == '"') {
			in_string = 1;
		} else if (c == '{' || c == '[') {
			if (c == '{' && depth + (size_t)wrap == 1) {
				for (; counted < i; counted++)
					line += buf[counted] == '\n';
				xgrow(lines, &cap, *nlines + 1, sizeof **lines);
				(*lines)[(*nlines)++] = line;
			}
			depth++;
		} else if ((c == '}' || c == ']') && depth > 0 && --depth == 0 && wrap) {
			size_t j = i + 1;

			while (j < len && memchr(" \t\r\n", buf[j], 4) != NULL)
				j++;
			if (j < len && buf[j] == '{')
				copy[k++] = ',';
		}
	}
	if (wrap)
		copy[k++] = ']';
	*n = k;
	*open = depth;
	return copy;
}

/* Whether s would break the text line it goes into. */
static int
unfit(const char *s, int metric)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f || (metric && *s == ']') ||
		    (!metric && s[0] == ',' && s[1] == ' '))
			return 1;
	return 0;
}

/* The number as text that reads back as the same double. */
static void
number_text(double v, char *buf, size_t len)
{
	double back;

	snprintf(buf, len, "%.15g", fabs(v));
	if (decimal_parse(buf, strlen(buf), &back) < 0 || back != fabs(v))
		snprintf(buf, len, "%.17g", fabs(v));
	if (v < 0) {
		memmove(buf + 1, buf, strlen(buf) + 1);
		buf[0] = '-';
	}
}

/* Record i as "[METRIC], MEASUREMENT, VALUE" at line `line` of text. */
static int
add_record(const cJSON *rec, size_t i, size_t line, const char *name, char **text,
    size_t *tlen, size_t *tline, char *err)
{
	const cJSON *m = json_member(rec, "metric"), *me = json_member(rec, "measurement");
	const cJSON *v = json_member(rec, "value");
	char num[40];
	size_t need;

	if (!cJSON_IsString(m) || !cJSON_IsString(me) || !cJSON_IsNumber(v) ||
	    !isfinite(v->valuedouble))
		return errf(err, "%s: line %zu: record [%zu] is not {\"metric\": a string, "
		    "\"measurement\": a string, \"value\": a number}; expected %s", name,
		    line, i, WHAT);
	if (m->valuestring[0] == '\0' || unfit(m->valuestring, 1) ||
	    unfit(me->valuestring, 0))
		return errf(err, "%s: line %zu: record [%zu]: a metric or measurement with "
		    "a control character, \"]\" or \", \"; expected YCSB's names", name,
		    line, i);
	number_text(v->valuedouble, num, sizeof num);
	need = *tlen + (line > *tline ? line - *tline : 0) + strlen(m->valuestring) +
	    strlen(me->valuestring) + strlen(num) + 8;
	*text = xrealloc(*text, need + 1);
	for (; *tline < line; ++*tline)
		(*text)[(*tlen)++] = '\n';
	*tlen += (size_t)sprintf(*text + *tlen, "[%s], %s, %s\n", m->valuestring,
	    me->valuestring, num);
	++*tline;
	return 0;
}

/* The records as YCSB's text, each at its object's line; NULL with err. */
static char *
to_text(const cJSON *root, const size_t *lines, size_t nlines, const char *name,
    size_t *tlen, char *err)
{
	const cJSON *rec;
	char *text = xmalloc(1);
	size_t i = 0, tline = 1, line = 1;

	*tlen = 0;
	cJSON_ArrayForEach(rec, root) {
		/* a record that is no object has no line of its own: its neighbour's */
		if (i < nlines)
			line = lines[i];
		if (add_record(rec, i, line, name, &text, tlen, &tline, err) < 0) {
			free(text);
			return NULL;
		}
		i++;
	}
	return text;
}

static size_t
last_line(const char *buf, size_t len)
{
	size_t line = 1, i, last = 1;

	for (i = 0; i < len; i++) {
		if (buf[i] == '\n')
			line++;
		else if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\r')
			last = line;
	}
	return last;
}

int
import_ycsb_json_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err)
{
	char *copy, *text = NULL;
	size_t n, tlen, open, *lines = NULL, nlines = 0, i = utf8_bom(buf, len);
	cJSON *root = NULL;
	int rc = -1;

	if (import_begin(buf, len, name, WHAT, out, err) < 0)
		return -1;
	while (i < len && memchr(" \t\r\n", buf[i], 4) != NULL)
		i++;
	if (i >= len || (buf[i] != '[' && buf[i] != '{')) {
		errf(err, "%s: not JSON; expected %s, which starts with [ or {", name,
		    WHAT);
		return IMPORT_FOREIGN;
	}
	copy = as_array(buf, len, &n, &open, &lines, &nlines);
	if (open > 0)
		errf(err, "%s: truncated at line %zu: the JSON opened at line %zu does "
		    "not close; expected %s", name, last_line(buf, len),
		    import_line_at(buf, i), WHAT);
	else if ((root = json_parse_buffer(name, copy, n, err)) == NULL)
		rc = IMPORT_FOREIGN;
	else if (!cJSON_IsArray(root) || cJSON_GetArraySize(root) == 0)
		errf(err, "%s: %s; expected %s, records of metric, measurement and value",
		    name, cJSON_IsArray(root) ? "no records" : "not an array of records",
		    WHAT);
	else
		text = to_text(root, lines, nlines, name, &tlen, err);
	if (text != NULL)
		rc = import_ycsb_parse(text, tlen, name, out, notes, err);
	free(text);
	free(lines);
	free(copy);
	cJSON_Delete(root);
	return rc;
}
