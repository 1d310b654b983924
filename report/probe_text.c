/* SPDX-License-Identifier: MIT */
/*
 * A probe record as text; every number says what it is.  Its strings print
 * with control bytes replaced, so a hostile probe file cannot move the
 * cursor or rewrite a CI log.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "lib/logcmd.h"
#include "model/sync_words.h"
#include "lib/units.h"
#include "lib/utf8.h"
#include "report/report.h"
#include "report/wrap.h"

struct text_ctx {
	FILE *fp;
	int ascii;
};

/* The few non-ASCII signs syncgate itself writes, in ASCII. */
static const char *
ascii_for(const unsigned char *s, size_t n)
{
	static const struct {
		const char *utf8, *ascii;
	} map[] = {
		{ "\xc2\xb5", "u" }, { "\xce\xbc", "u" }, { "\xc3\x97", "x" },
		{ "\xc2\xb1", "+/-" }, { "\xe2\x89\x88", "~" },
		{ "\xe2\x80\x94", "-" }, { "\xe2\x86\x92", "->" },
	};
	size_t i;

	for (i = 0; i < sizeof map / sizeof map[0]; i++)
		if (strlen(map[i].utf8) == n && memcmp(map[i].utf8, s, n) == 0)
			return map[i].ascii;
	return "?";
}

/*
 * Each byte of a hidden or malformed character as '?', and of a ':' or '#'
 * that could make a workflow command (lib/logcmd.h); ascii maps the rest.
 */
static void
put(const struct text_ctx *t, const char *s)
{
	const char *start;
	uint32_t cp, prev = 0;
	size_t n;

	s = s ? s : "unknown";
	for (start = s; *s != '\0'; s += n, prev = cp) {
		n = utf8_decode(s, &cp);
		if (utf8_hidden(cp) || logcmd_breaks(s, prev, s == start))
			fprintf(t->fp, "%.*s", (int)n, "????");
		else if (cp >= 0x80 && t->ascii)
			fputs(ascii_for((const unsigned char *)s, n), t->fp);
		else
			fwrite(s, 1, n, t->fp);
	}
}

static void
say(const struct text_ctx *t, const char *label, const char *value)
{
	fputs(label, t->fp);
	put(t, value);
}

static const char *
dur(const struct text_ctx *t, char *buf, double ns)
{
	return units_fmt_duration(buf, DURLEN, ns, t->ascii);
}

static int
write_timed(const struct probe_record *p)
{
	const struct sync_words *w = sync_words_lookup(p->method);

	return w != NULL && w->write_timed;
}

static const char *
sync_word(const struct probe_record *p)
{
	const struct sync_words *w = sync_words_lookup(p->method);

	return w != NULL ? w->word : p->method != NULL ? p->method : "sync";
}

static const char *
clean_word(const struct probe_record *p)
{
	const struct sync_words *w = sync_words_lookup(p->method);

	return w != NULL ? sync_words_clean(w, p->os) : sync_word(p);
}

static void
summary_line(const struct text_ctx *t, const struct probe_record *p)
{
	char sz[DURLEN], a[DURLEN], b[DURLEN], c[DURLEN], d[DURLEN], e[DURLEN];

	put(t, sync_word(p));
	if (p->write_bytes <= 0)        /* a record that did not say */
		fputs(write_timed(p) ? " of an unrecorded size" :
		    " after a write of unrecorded size", t->fp);
	else
		fprintf(t->fp, write_timed(p) ? " of %s" : " after a %s write",
		    units_fmt_bytes(sz, sizeof sz, (double)p->write_bytes));
	fprintf(t->fp, ", median of %zu: %s", p->nsamples, dur(t, a, p->median_ns));
	if (!isnan(p->ci_lo_ns))
		fprintf(t->fp, " (%.1f%% interval %s to %s; ", p->ci_level * 100,
		    dur(t, b, p->ci_lo_ns), dur(t, c, p->ci_hi_ns));
	else
		fprintf(t->fp, " (too few samples for an interval; ");
	fprintf(t->fp, "min %s, p90 %s, p99 %s, max %s)\n", dur(t, d, p->min_ns),
	    dur(t, e, p->p90_ns), dur(t, b, p->p99_ns), dur(t, c, p->max_ns));
}

static void
stop_line(const struct text_ctx *t, const struct probe_record *p)
{
	const char *why = p->stopped_by ? p->stopped_by : "";
	const char *pm = t->ascii ? "+/-" : "\xc2\xb1";
	char buf[DURLEN];

	/* a record without warmup says nothing of it; 0 would be a claim */
	if (p->warmup >= 0)
		fprintf(t->fp, "  %d warm-up sample%s discarded; ", p->warmup,
		    p->warmup == 1 ? "" : "s");
	else
		fprintf(t->fp, "  warm-up not recorded; ");
	if (strcmp(why, "precision") == 0)
		fprintf(t->fp, "stopped when the interval was within %s%g%% of the "
		    "median", pm, p->precision * 100);
	else if (strcmp(why, "max-samples") == 0)
		fprintf(t->fp, "stopped at --max-samples before the interval was "
		    "within %s%g%%", pm, p->precision * 100);
	else if (strcmp(why, "max-time") == 0)
		fprintf(t->fp, "stopped at --max-time");
	else if (strcmp(why, "samples") == 0)
		fprintf(t->fp, "a fixed count of %zu samples", p->nsamples);
	else
		fprintf(t->fp, "stopped by %s", why[0] ? why : "an unrecorded cause");
	if (!isnan(p->elapsed_s))
		fprintf(t->fp, "; the probe took %s",
		    dur(t, buf, p->elapsed_s * 1e9));
	fprintf(t->fp, "\n");
}

#define REF_ROWS 6

struct ref_rows {
	char label[REF_ROWS][96];
	double ns[REF_ROWS];
	size_t n;
};

static void
ref_add(struct ref_rows *r, const char *before, const char *word,
    const char *after, double ns)
{
	if (isnan(ns))
		return;
	snprintf(r->label[r->n], sizeof r->label[0], "%s%s%s", before, word, after);
	r->ns[r->n++] = ns;
}

/* Labels are ASCII except for words from the record, printed cleaned. */
static void
refs_block(const struct text_ctx *t, const struct probe_record *p)
{
	struct ref_rows r = { .n = 0 };
	char sz[DURLEN], a[DURLEN];
	size_t i, w = 0;
	int timed = write_timed(p);

	if (p->write_bytes > 0)
		units_fmt_bytes(sz, sizeof sz, (double)p->write_bytes);
	else
		snprintf(sz, sizeof sz, "the same");
	ref_add(&r, "", clean_word(p), " with nothing dirty", p->refs.clean_sync_ns);
	ref_add(&r, "", clean_word(p), " with nothing dirty, past libc",
	    p->refs.clean_raw_sync_ns);
	ref_add(&r, "", "empty system call", "", p->refs.null_syscall_ns);
	ref_add(&r, "", sz, " write without a sync", p->refs.plain_write_ns);
	ref_add(&r, timed ? "" : "dirty ", sync_word(p),
	    timed ? ", opened through libc" : " through libc",
	    p->refs.libc_sync_ns);
	ref_add(&r, timed ? "" : "dirty ", sync_word(p),
	    timed ? ", opened past libc" : " past libc", p->refs.raw_sync_ns);
	if (r.n == 0)
		return;
	for (i = 0; i < r.n; i++)
		if (text_width(r.label[i]) > w)
			w = text_width(r.label[i]);
	fprintf(t->fp, "reference timings from the same run, medians:\n");
	for (i = 0; i < r.n; i++) {
		say(t, "  ", r.label[i]);
		fprintf(t->fp, "%*s  %s\n", (int)(w - text_width(r.label[i])), "",
		    dur(t, a, r.ns[i]));
	}
}

static void
group_line(const struct text_ctx *t, const struct probe_record *p)
{
	char a[DURLEN], b[DURLEN];

	if (p->group.writers <= 0)
		return;
	fprintf(t->fp, "group commit, %d writers at once: each writer's ",
	    p->group.writers);
	put(t, sync_word(p));
	fprintf(t->fp, " median %s = %.2f single-writer syncs, p99 %s = %.2f "
	    "syncs (%zu timed%s)\n", dur(t, a, p->group.median_ns),
	    p->group.syncs_p50, dur(t, b, p->group.p99_ns), p->group.syncs_p99,
	    p->group.nsamples, p->group.stopped_by != NULL &&
	    strcmp(p->group.stopped_by, "max-time") == 0 ?
	    "; stopped at --max-time" : "");
}

static void
series_start(const struct probe_series *s, char *buf, size_t len)
{
	time_t when = (time_t)s->base_unix_s + (time_t)(s->t_ns[0] / 1e9);
	struct tm tm;

	if (gmtime_r(&when, &tm) == NULL ||
	    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		snprintf(buf, len, "an unprintable time");
}

static void
watch_line(const struct text_ctx *t, const struct probe_record *p)
{
	char iv[DURLEN], b[DURLEN], bs[DURLEN];

	if (!(p->watch.interval_ns > 0))
		return;
	units_fmt_bytes(b, sizeof b, (double)p->write_bytes);
	units_fmt_bytes(bs, sizeof bs, (double)p->write_bytes * 1e9 /
	    p->watch.interval_ns);
	fprintf(t->fp, "watch: one %s write and ", p->write_bytes > 0 ? b :
	    "unrecorded");
	put(t, sync_word(p));
	fprintf(t->fp, " every %s (%s and %.3g sync%s a second), stopped by ",
	    dur(t, iv, p->watch.interval_ns), p->write_bytes > 0 ? bs : "?",
	    1e9 / p->watch.interval_ns, p->watch.interval_ns == 1e9 ? "" : "s");
	put(t, p->watch.stopped_by);
	fputs("\n", t->fp);
}

static void
series_block(const struct text_ctx *t, const struct probe_record *p)
{
	const struct probe_series *s = &p->series;
	char a[DURLEN], b[DURLEN], c[DURLEN], d[DURLEN], e[DURLEN], when[40];
	size_t i;

	if (!s->present)
		return;
	if (s->n == 0) {
		fprintf(t->fp, "series: no samples\n");
	} else {
		series_start(s, when, sizeof when);
		fprintf(t->fp, "series: %zu samples from %s over %s: median %s, p99 "
		    "%s, min %s, max %s\n", s->n, when, dur(t, a, s->t_ns[s->n - 1] -
		    s->t_ns[0] + s->samples_ns[s->n - 1]), dur(t, b, s->median_ns),
		    dur(t, c, s->p99_ns), dur(t, d, s->min_ns), dur(t, e, s->max_ns));
	}
	if (s->ndev == 0 && s->flushes_unavailable != NULL) {
		say(t, "  flush requests over the window: not counted: ",
		    s->flushes_unavailable);
		fputs("\n", t->fp);
	}
	for (i = 0; i < s->ndev; i++) {
		fprintf(t->fp, "  flush requests over the %s window, everyone's: ",
		    isnan(s->window_ns[0]) ? "" : dur(t, a, s->window_ns[1] -
		    s->window_ns[0]));
		if (!isnan(s->dev[i].flushes))
			fprintf(t->fp, "%.0f by ", s->dev[i].flushes);
		put(t, s->dev[i].name);
		if (s->dev[i].dropped != NULL)
			say(t, " dropped: ", s->dev[i].dropped);
		fputs("\n", t->fp);
	}
}

static void
verdict_block(const struct text_ctx *t, const struct probe_record *p)
{
	size_t i;

	fprintf(t->fp, "reaches a device: %s", reach_name(p->reaches));
	if (p->nevidence == 0) {
		fprintf(t->fp, " (no evidence recorded)\n");
		return;
	}
	/* the deciding sentence on the verdict's line, the rest beneath */
	for (i = 0; i < p->nevidence; i++) {
		say(t, i == 0 ? ". " : "  ", p->evidence[i]);
		fputc('\n', t->fp);
	}
}

static void
identity_block(const struct text_ctx *t, const struct probe_record *p)
{
	say(t, "host: ", p->host_name);
	say(t, " (id ", p->host_id);
	say(t, " from ", p->host_id_source);
	say(t, "), ", p->os);
	say(t, ", kernel ", p->kernel);
	if (p->virt != NULL)
		say(t, "; virtualised: ", p->virt);
	say(t, "\nvolume: ", p->volume_id);
	say(t, " (", p->volume_id_source);
	say(t, "), device ", p->device);
	say(t, ", model ", p->model);
	say(t, ", write cache ", p->write_cache);
	fprintf(t->fp, ", %s\n", p->rotational == 1 ? "rotational" :
	    p->rotational == 0 ? "not rotational" : "rotation unknown");
	say(t, "  mounted at ", p->mount_point);
	say(t, " with ", p->mount_options);
	fputs("\n", t->fp);
}

int
report_probe_text(FILE *out, const struct probe_record *p, const struct render_opts *o)
{
	struct wrap w;
	FILE *fp = wrap_begin(&w, out);
	struct text_ctx t = { fp, o->ascii };

	if (p->nsamples == 0)
		return wrap_end(&w, -1);
	say(&t, "probe of ", p->path);
	if (p->symlink != NULL) {
		say(&t, " (given as ", p->symlink);
		fputs(", a symbolic link)", fp);
	}
	say(&t, " on ", p->fs);
	say(&t, ", method ", p->method);
	fputs("\n", fp);
	summary_line(&t, p);
	if (p->method_detail != NULL) {
		say(&t, "  ", p->method_detail);
		fputs("\n", fp);
	}
	stop_line(&t, p);
	refs_block(&t, p);
	group_line(&t, p);
	watch_line(&t, p);
	series_block(&t, p);
	verdict_block(&t, p);
	identity_block(&t, p);
	return wrap_end(&w, 0);
}
