/* SPDX-License-Identifier: MIT */
/* The outputs of one command: their options, checks and writing (outputs.h). */
#include <string.h>

#include "lib/err.h"
#include "lib/outputs.h"

void
outputs_init(struct outputs *o, size_t max, outputs_name_fn *name)
{
	memset(o, 0, sizeof *o);
	o->max = max < 1 ? 1 : max > OUTPUTS_MAX ? OUTPUTS_MAX : max;
	o->name = name;
}

int
outputs_format(struct outputs *o, const char *name, char *err)
{
	const char *names[32];
	char list[256];
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0] &&
	    (names[i] = o->name(i)) != NULL; i++)
		if (strcmp(names[i], name) == 0) {
			o->format = i;
			o->pending = 1;
			return 0;
		}
	return errf(err, "--format: %s is not one of %s", name,
	    err_list(list, sizeof list, names, i, ", "));
}

int
outputs_add(struct outputs *o, const char *path, char *err)
{
	size_t i;

	if (o->n == o->max && o->max == 1)
		return errf(err, "-o is given twice; expected it once");
	if (o->n == o->max)
		return errf(err, "-o: more than %zu outputs; expected at most %zu",
		    o->max, o->max);
	for (i = 0; i < o->n; i++) {
		const char *was = o->v[i].path != NULL ? o->v[i].path : "-";

		if (!fileset_same_output(o->v[i].path, path))
			continue;
		if (strcmp(was, path) == 0)
			return errf(err, "-o %s is given twice; expected one file a format",
			    path);
		return errf(err, "-o %s is given twice; expected one file a format "
		    "(-o %s is the same output)", path, was);
	}
	o->v[o->n++] = (struct output){ .format = o->pending ? o->format : 0,
	    .path = strcmp(path, "-") == 0 ? NULL : path };
	o->pending = 0;
	return 0;
}

int
outputs_end(struct outputs *o, char *err)
{
	if (o->n > 0 && o->pending)
		return errf(err, "--format %s after the last -o has no file; expected "
		    "-o FILE after it (- for standard output)", o->name(o->format));
	if (o->n == 0)
		o->v[o->n++] = (struct output){ .format = o->format };
	return 0;
}

int
outputs_check(const struct outputs *o, struct fileset *fs, const char *purpose,
    char *err)
{
	char label[ERRLEN];
	size_t i;

	for (i = 0; i < o->n; i++) {
		if (o->v[i].path != NULL)
			snprintf(label, sizeof label, "-o %s", o->v[i].path[0] != '\0' ?
			    o->v[i].path : "\"\"");
		else
			snprintf(label, sizeof label, "standard output");
		if (fileset_output(fs, o->v[i].path, label, purpose, err) < 0)
			return -1;
	}
	return 0;
}

int
outputs_check_annotations(const struct outputs *o, char *err)
{
	size_t i;

	for (i = 0; i < o->n; i++)
		if (o->v[i].path == NULL && o->v[i].format != 0)
			return errf(err, "--github-annotations writes to standard output, "
			    "where --format %s goes; expected -o FILE for it",
			    o->name(o->v[i].format));
	return 0;
}

int
output_finish(struct outfile *of, const struct output *out,
    output_render_fn *render, const void *arg, char *err)
{
	if (render(of->fp, out, arg, err) < 0) {
		outfile_abort(of);
		return -1;
	}
	return outfile_close(of, err);
}

int
output_write(const struct output *out, output_render_fn *render,
    const void *arg, char *err)
{
	struct outfile of;

	return outfile_open(&of, out->path, err) < 0 ? -1 :
	    output_finish(&of, out, render, arg, err);
}

int
outputs_write(const struct outputs *o, output_render_fn *render,
    const void *arg)
{
	char err[ERRLEN];
	size_t i;
	int failed = 0;

	for (i = 0; i < o->n; i++)
		if (output_write(&o->v[i], render, arg, err) < 0) {
			err_warn("%s", err);
			failed = -1;
		}
	return failed;
}
