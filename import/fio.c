/* SPDX-License-Identifier: MIT */
/*
 * fio's JSON output (json or json+, fio 3), as stat.c writes it: "jobs",
 * each with "read", "write", "trim" and "sync", latencies in ns under
 * "clat_ns" and "lat_ns" (sync: lat_ns only), each with "N", "percentile"
 * keyed "%f" (50.000000) and, for json+, "bins": each bucket that counted,
 * keyed by its printed value.  fio's histogram (stat.h: FIO_IO_U_PLAT_BITS
 * 6, 29 groups) has a bucket a ns below 128 ns, then 64 between powers of
 * two, printed as its midpoint (plat_idx_to_val): a percentile is known
 * only as its bucket, 1/64 to 1/128 of the value wide.  Read: HOWTO.rst,
 * stat.c, client.c.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/parse.h"
#include "lib/decimal.h"
#include "lib/err.h"
#include "lib/json.h"

#define WHAT import_fio_what
#define PCT_HINT "fio prints them with its default --percentile_list, or one " \
	"that holds 50 and 99 (--percentile_list=50:99)"
#define PLAT_BITS 6
#define PLAT_GROUPS 29

const char import_fio_what[] =
    "fio's JSON output (--output-format=json or json+)";

struct fio_text {
	size_t start, end;      /* the JSON document: [start, end) */
	size_t start_line, end_line;
	size_t before, after;   /* non-blank lines before and after it */
	size_t after_line;      /* the first of those after */
};

struct fio_dir {
	const char *name;       /* the file's */
	const char *job, *dir;  /* "fsync", "write" */
	size_t index;           /* the job's index in "jobs" */
	const char *lat;        /* "lat_ns" or "clat_ns" */
};

/* The bucket fio prints as v (ns), [lo, hi]; -1 when none prints as v. */
static int
fio_bucket(double v, double *lo, double *hi)
{
	unsigned long long m, width;
	int msb = 0;

	if (!(v >= 0) || v > 9007199254740991.0 || v != floor(v))
		return -1;
	m = (unsigned long long)v;
	if (m < 2 << PLAT_BITS) {
		*lo = *hi = v;
		return 0;
	}
	while (m >> (msb + 1))
		msb++;
	/* 29 groups: the last holds values of 2^33 ns (8.6 s) and more */
	if (msb > PLAT_BITS + PLAT_GROUPS - 2)
		return -1;
	width = 1ULL << (msb - PLAT_BITS);
	if ((m - (1ULL << msb)) % width != width / 2)
		return -1;
	*lo = (double)(m - width / 2);
	*hi = (double)(m - width / 2 + width - 1);
	/* ...and its last bucket every latency above it */
	if (msb == PLAT_BITS + PLAT_GROUPS - 2 &&
	    (m - (1ULL << msb)) / width == (1U << PLAT_BITS) - 1)
		*hi = RESULT_MAX_NS;
	return 0;
}

/* The document starts a line with '{': fio's notes and terse output precede. */
static int
locate(const char *buf, size_t len, const char *name, struct fio_text *t,
    char *err)
{
	struct import_lines it;
	struct import_line line;
	struct json_scan sc;
	size_t i;

	memset(t, 0, sizeof *t);
	for (import_lines_init(&it, buf, len); import_lines_next(&it, &line);) {
		size_t k = 0;

		while (k < line.len && (line.text[k] == ' ' || line.text[k] == '\t'))
			k++;
		if (k < line.len && line.text[k] == '{') {
			t->start = (size_t)(line.text + k - buf);
			t->start_line = line.number;
			break;
		}
		t->before += !import_line_blank(&line);
	}
	if (t->start_line == 0) {
		errf(err, "%s: no line starts a JSON object; expected %s", name, WHAT);
		return IMPORT_FOREIGN;
	}
	json_scan(buf + t->start, len - t->start, &sc);
	t->end = sc.end;
	if (t->end == 0)
		return errf(err, "%s: truncated at line %zu: the JSON object opened at "
		    "line %zu does not close; expected fio's whole output", name,
		    import_line_at(buf, len) - (len > 0 && buf[len - 1] == '\n'), t->start_line);
	t->end += t->start;
	t->end_line = import_line_at(buf, t->end);
	for (i = t->end; i < len; i++) {
		if (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n')
			continue;
		if (t->after_line == 0)
			t->after_line = import_line_at(buf, i);
		if (buf[i] == '{' && t->after == 0)
			return errf(err, "%s: line %zu: a second JSON document (the first is "
			    "lines %zu to %zu): fio's --status-interval output, or two runs' "
			    "in one file; expected one run's: keep the last document (the "
			    "whole run) alone", name, t->after_line, t->start_line,
			    t->end_line);
		t->after++;
		while (i < len && buf[i] != '\n')
			i++;
	}
	return 0;
}

/* The document as json_parse_buffer reads it, at its lines in the file. */
static cJSON *
parse_document(const char *buf, const struct fio_text *t, const char *name,
    char *err)
{
	char *copy = xmalloc(t->end + 1);
	cJSON *root;
	size_t i;

	/* what precedes the document is blanked, so lines keep their numbers */
	for (i = 0; i < t->start; i++)
		copy[i] = buf[i] == '\n' ? '\n' : ' ';
	memcpy(copy + t->start, buf + t->start, t->end - t->start);
	root = json_parse_buffer(name, copy, t->end, err);
	free(copy);
	return root;
}

/* A whole number of at least min, as fio prints its counts and latencies. */
static int
whole(const cJSON *item, double min, double *v)
{
	return json_finite(item, v) < 0 || *v < min || *v != floor(*v) ||
	    *v > 9007199254740991.0 ? -1 : 0;
}

/* fmt's message of d's job or direction: "NAME: jobs[0] \"JOB\": write..." */
static int __attribute__((format(printf, 3, 4)))
bad(const struct fio_dir *d, char *err, const char *fmt, ...)
{
	va_list ap;
	char *what;

	va_start(ap, fmt);
	what = xvasprintf(fmt, ap);
	va_end(ap);
	errf(err, "%s: jobs[%zu] \"%s\": %s%s%s%s", d->name, d->index, d->job,
	    d->dir, d->lat != NULL ? "." : "", d->lat != NULL ? d->lat : "", what);
	free(what);
	return -1;
}

/* json+'s "bins" as c's histogram, ascending, checked against N. */
static int
read_bins(const cJSON *bins, double n, const struct fio_dir *d,
    struct result_class *c, char *err)
{
	struct result_bucket *b = xcalloc((size_t)cJSON_GetArraySize(bins) + 1, sizeof *b);
	const cJSON *k;
	double sum = 0, v, count;
	size_t nb = 0;

	c->buckets = b;         /* freed with out on an error */
	cJSON_ArrayForEach(k, bins) {
		if (decimal_parse(k->string, strlen(k->string), &v) < 0 ||
		    fio_bucket(v, &b[nb].lo_ns, &b[nb].hi_ns) < 0)
			return bad(d, err, ".bins: the key \"%.40s\" is not a value fio's "
			    "latency histogram prints (a bucket's midpoint in ns)", k->string);
		if (whole(k, 1, &count) < 0)
			return bad(d, err, ".bins[\"%.40s\"] is %s; expected a count of at "
			    "least 1", k->string, json_kind(k));
		if (nb > 0 && b[nb].lo_ns <= b[nb - 1].hi_ns)
			return bad(d, err, ".bins: \"%.40s\" is out of order; expected fio's "
			    "ascending buckets", k->string);
		/* a whole 0 ns is a latency under fio's nanosecond: at most 1 ns */
		b[nb].hi_ns = fmax(b[nb].hi_ns, RESULT_MIN_NS);
		b[nb++].count = (long long)count;
		sum += count;
	}
	if (sum != n)
		return bad(d, err, ".bins count %.0f latencies, but N is %.0f; expected the "
		    "same number (a file cut off or edited?)", sum, n);
	import_histogram(c, b, nb);
	return 0;
}

static int
read_percentile(const cJSON *c, const struct fio_dir *d, double *lo, double *hi,
    char *err)
{
	double point;

	if (whole(c, 0, &point) < 0 || fio_bucket(point, lo, hi) < 0)
		return bad(d, err, ".percentile[\"%.20s\"] is %s; expected a latency "
		    "fio's histogram prints (a whole number of ns, a bucket's midpoint)",
		    c->string, cJSON_IsNumber(c) ? "not one" : json_kind(c));
	if (point == 0)
		return bad(d, err, ".percentile[\"%.20s\"] is 0 ns; expected at least 1",
		    c->string);
	return 0;
}

/*
 * Without json+'s bins, each percentile names the bucket of one rank, and
 * the ranks between are bounded only by the percentiles around them.
 */
static int
percentile_bounds(const cJSON *pct, double n, const struct fio_dir *d,
    struct result_class *c, char *err)
{
	struct import_bounds b = { NULL, 0, 0 };
	const cJSON *k;
	double key, lo, hi, p50 = NAN, p99 = NAN;
	int rc = -1;

	cJSON_ArrayForEach(k, pct) {
		if (decimal_parse(k->string, strlen(k->string), &key) < 0 ||
		    !(key > 0 && key <= 100))
			continue;
		if (read_percentile(k, d, &lo, &hi, err) < 0)
			goto out;
		if (key == 50 || key == 99)
			*(key == 50 ? &p50 : &p99) = k->valuedouble;
		import_bound_percentile(&b, (long long)n, key / 100, lo, hi);
	}
	if (isnan(p50) || isnan(p99))
		bad(d, err, ".percentile has no %s.000000; %s", isnan(p50) ? "50" :
		    "99", PCT_HINT);
	else if (import_bounds_histogram(&b, (long long)n, c) < 0)
		bad(d, err, ".percentile: a percentile is below one before it; "
		    "expected them in order");
	else {
		import_points(c, p50, p99);
		rc = 0;
	}
out:
	import_bounds_free(&b);
	return rc;
}

/* p50 and p99 into c, from the bins where json+ gave them. */
static int
percentiles(const cJSON *lat, double n, const struct fio_dir *d,
    struct result_class *c, struct import_notes *notes, char *err)
{
	const cJSON *bins = json_member(lat, "bins"), *pct = json_member(lat, "percentile");

	if (!cJSON_IsObject(pct))
		return bad(d, err, "%s", pct == NULL ? " has no percentile object; fio "
		    "prints it unless run with --clat_percentiles=0 (or, for lat_ns, "
		    "without --lat_percentiles=1)" : ".percentile is not an object");
	if (bins == NULL)
		return percentile_bounds(pct, n, d, c, err);
	if (!cJSON_IsObject(bins) || cJSON_GetArraySize(bins) == 0)
		return bad(d, err, ".bins is not an object of counts");
	if (read_bins(bins, n, d, c, err) < 0)
		return -1;
	if (c->p50_hi_ns >= RESULT_MAX_NS || c->p99_hi_ns >= RESULT_MAX_NS)
		import_note(notes, "%s:%s: a percentile fell in fio's last bucket, "
		    "which counts every latency from about 17 s up: its high is "
		    "written as a day", d->job, d->dir);
	return 0;
}

/* lat_ns if the job kept percentiles, else clat_ns (a sync engine's call). */
static const cJSON *
pick_latency(const cJSON *dir, struct fio_dir *d)
{
	const cJSON *lat = json_member(dir, "lat_ns");

	d->lat = "lat_ns";
	if (strcmp(d->dir, "sync") == 0 || json_member(lat, "percentile") != NULL)
		return lat;
	d->lat = "clat_ns";
	return json_member(dir, "clat_ns");
}

static int
add_direction(const cJSON *dir, struct fio_dir *d, struct result *out,
    struct import_notes *notes, char *err)
{
	const cJSON *lat = pick_latency(dir, d);
	struct result_class *c;
	char cname[512];
	double n;

	if (!cJSON_IsObject(lat)) {
		d->lat = NULL;
		if (json_member(dir, "clat") != NULL || json_member(dir, "lat") != NULL)
			return bad(d, err, " has clat and lat in microseconds, as fio "
			    "before 3.0 wrote them; expected fio 3's clat_ns and lat_ns");
		return bad(d, err, " has no lat_ns or clat_ns object; expected fio 3's "
		    "latencies");
	}
	if (whole(json_member(lat, "N"), 0, &n) < 0)
		return bad(d, err, ".N is not a count; expected the number of latencies");
	if (n == 0)
		return 0;
	snprintf(cname, sizeof cname, "%.400s:%s", d->job, d->dir);
	if (result_find(out, cname) != NULL)
		return errf(err, "%s: jobs[%zu] \"%s\": a second job of that name; "
			    "expected each job named once (numjobs clones share their "
			    "name: run with --group_reporting to merge them, or name each "
			    "job)", d->name, d->index, d->job);
	c = result_add_class(out, cname, strcmp(d->dir, "read") == 0 ? KIND_READ :
	    KIND_WRITE);
	if (percentiles(lat, n, d, c, notes, err) < 0)
		return -1;
	if (strcmp(d->lat, "clat_ns") == 0)
		import_note(notes, "%s: completion latency (clat_ns); fio keeps total "
		    "latency percentiles with --lat_percentiles=1", cname);
	return 0;
}

/*
 * The errors a job carried on past (continue_on_error: total_err) are its
 * class's failed operations; fio counts them by job, not by direction.
 */
static int
keep_errors(const cJSON *job, const struct fio_dir *d, size_t first,
    struct result *out, struct import_notes *notes, char *err)
{
	const cJSON *te = json_member(job, "total_err");
	double n;

	if (te == NULL)
		return 0;
	if (whole(te, 0, &n) < 0)
		return bad(d, err, "total_err is %s; expected fio's count of errors",
		    json_kind(te));
	if (n == 0)
		return 0;
	if (out->nclasses - first != 1)
		return bad(d, err, "total_err is %.0f: fio carried on past errors "
		    "(continue_on_error) and counts them for the job, not for each of its "
		    "%zu directions; expected a job of one direction, so the errors are "
		    "known to be its", n, out->nclasses - first);
	out->classes[first].failed = (long long)n;
	import_note(notes, "%s: %.0f operations failed (fio's total_err, with "
	    "continue_on_error), kept as failed, never timed", out->classes[first].name,
	    n);
	return 0;
}

static int
add_job(const cJSON *job, size_t index, const char *name, struct result *out,
    struct import_notes *notes, char *err)
{
	static const char *const dirs[] = { "read", "write", "trim", "sync" };
	const cJSON *jobname = json_member(job, "jobname"), *dir;
	struct fio_dir d = { name, NULL, "", index, NULL };
	double error;
	size_t i, first;

	if (!cJSON_IsString(jobname) || jobname->valuestring[0] == '\0')
		return errf(err, "%s: jobs[%zu].jobname is %s; expected the job's name",
		    name, index, json_kind(jobname));
	d.job = jobname->valuestring;
	if (whole(json_member(job, "error"), 0, &error) < 0)
		return bad(&d, err, "error is %s; expected fio's error number, 0",
		    json_kind(json_member(job, "error")));
	if (error != 0)
		return bad(&d, err, "error is %.0f; expected 0 (fio stopped the job on an "
		    "error: its latencies are of a run cut short)", error);
	dir = json_member(job, "mixed");
	if (dir != NULL && json_member(job, "write") == NULL)
		return bad(&d, err, "mixed, with reads and writes in one "
		    "(unified_rw_reporting=mixed); expected them apart "
		    "(unified_rw_reporting=none or both)");
	if (dir != NULL)
		import_note(notes, "%s: mixed (unified_rw_reporting=both), its reads and "
		    "writes together, passed over: they are imported apart", d.job);
	first = out->nclasses;
	for (i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		d.dir = dirs[i];
		if ((dir = json_member(job, dirs[i])) != NULL &&
		    add_direction(dir, &d, out, notes, err) < 0)
			return -1;
	}
	d.dir = "";
	d.lat = NULL;
	return keep_errors(job, &d, first, out, notes, err);
}

static int
read_jobs(const cJSON *root, const char *name, struct result *out,
    struct import_notes *notes, char *err)
{
	const cJSON *jobs = json_member(root, "jobs"), *job;
	size_t i = 0;

	if (!cJSON_IsString(json_member(root, "fio version")))
		return errf(err, "%s: the JSON has no \"fio version\"; expected %s", name,
		    WHAT);
	if (jobs == NULL && json_member(root, "client_stats") != NULL)
		return errf(err, "%s: client_stats: fio's client/server output (--client); "
		    "expected a local run's jobs: run fio on the host itself", name);
	if (!cJSON_IsArray(jobs) || cJSON_GetArraySize(jobs) == 0)
		return errf(err, "%s: jobs is %s; expected fio's array of jobs", name,
		    cJSON_IsArray(jobs) ? "empty" : json_kind(jobs));
	cJSON_ArrayForEach(job, jobs) {
		if (!cJSON_IsObject(job))
			return errf(err, "%s: jobs[%zu] is %s; expected a job", name, i,
			    json_kind(job));
		if (add_job(job, i++, name, out, notes, err) < 0)
			return -1;
	}
	if (out->nclasses == 0)
		return errf(err, "%s: no job read, wrote, trimmed or synced anything; "
		    "nothing to import", name);
	return 0;
}

int
import_fio_parse(const char *buf, size_t len, const char *name,
    struct result *out, struct import_notes *notes, char *err)
{
	struct fio_text t;
	cJSON *root;
	int rc;

	if (import_begin(buf, len, name, WHAT, out, err) < 0)
		return -1;
	if ((rc = locate(buf, len, name, &t, err)) < 0)
		return rc;
	if ((root = parse_document(buf, &t, name, err)) == NULL)
		return -1;
	if (!cJSON_IsObject(root))
		rc = errf(err, "%s: line %zu: the JSON is not an object; expected %s",
		    name, t.start_line, WHAT);
	else
		rc = read_jobs(root, name, out, notes, err);
	cJSON_Delete(root);
	if (rc < 0) {
		result_free(out);
		return rc;
	}
	if (t.before > 0)
		import_note(notes, "%zu line%s before the JSON (fio's notes or terse "
		    "output), passed over", t.before, t.before == 1 ? "" : "s");
	if (t.after > 0)
		import_note(notes, "%zu line%s after the JSON from line %zu (fio's normal "
		    "output?), passed over", t.after, t.after == 1 ? "" : "s",
		    t.after_line);
	import_note(notes, "fio counts latencies into a histogram (buckets 1/64 to "
	    "1/128 of the value wide): kept as histogram_ns, json+'s buckets with "
	    "their counts, or what fio's percentiles say of the ranks between them, "
	    "so the gate bounds p50 and p99 by as many operations as ran");
	return 0;
}
