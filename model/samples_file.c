/* SPDX-License-Identifier: MIT */
/*
 * Reading a samples_file.  Millions of lines are the point: chunks, the
 * common line (a whole number) parsed in place, nothing built per line.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/decimal.h"
#include "lib/err.h"
#include "lib/path.h"
#include "model/result_limits.h"
#include "model/samples.h"
#include "model/samples_file.h"
#include "lib/utf8.h"

#define LINE_MAX_BYTES 4096     /* anything longer is not a latency */
#define CHUNK (1024 * 1024)

/* The growing array and where its messages point. */
struct sample_reader {
	const char *where;      /* "ours.json: classes[1] \"write\"" */
	char name[80];          /* the samples_file as the result gave it, quoted */
	struct samples *s;      /* s->n samples so far, room for cap */
	size_t cap, max, line;
	char *err;
};

static int
bad_line(struct sample_reader *r, const char *tok, size_t len, const char *what)
{
	char buf[48], show[80];
	size_t k = len < sizeof buf - 1 ? len : sizeof buf - 1;

	memcpy(buf, tok, k);
	buf[k] = '\0';
	return errf(r->err, "%s: samples_file %s, line %zu: \"%s\"%s %s; expected "
	    "one positive latency in nanoseconds, from 1 to a day", r->where,
	    r->name, r->line, err_quote(show, sizeof show, buf),
	    len > k ? "..." : "", what);
}

/*
 * Appends v, doubling the array but never past the limit, so the limit
 * and not the doubling decides what is refused.  The first latency not
 * whole below 2^32 turns what is held into doubles.
 */
static int
keep(struct sample_reader *r, double v)
{
	struct samples *s = r->s;
	int whole = v == floor(v) && v <= UINT32_MAX;

	if (s->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 4096;

		if (s->n >= r->max)
			return errf(r->err, "%s: samples_file %s holds more than %zu "
			    "latencies; expected at most that many", r->where, r->name,
			    r->max);
		if (cap > r->max)
			cap = r->max;
		samples_reserve(s, cap, !whole);
		r->cap = cap;
	} else if (!whole && s->f64 == NULL) {
		samples_reserve(s, r->cap, 1);
	}
	if (s->f64 != NULL)
		s->f64[s->n++] = v;
	else
		s->u32[s->n++] = (uint32_t)v;
	return 0;
}

/* One line: blank, a comment, or a latency with an optional comment. */
static int
parse_line(struct sample_reader *r, const char *s, size_t len)
{
	const char *why;
	size_t i = 0, end, j, k;
	double v;

	r->line++;
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i == len || s[i] == '#' || (s[i] == '\r' && i + 1 == len))
		return 0;
	for (end = i; end < len && s[end] != ' ' && s[end] != '\t' &&
	    s[end] != '\r' && s[end] != '#'; end++)
		;
	for (j = end; j < len && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r'); j++)
		;
	/* what numbers are written with, to the end of the word */
	for (k = i; k < end && s[k] != '\0' && strchr("0123456789.eE+-", s[k]); k++)
		;
	if (end - i > DECIMAL_MAX_LEN && (j == len || s[j] == '#') && k == end)
		return bad_line(r, s + i, end - i, "is too long");
	if ((j < len && s[j] != '#') || decimal_parse(s + i, end - i, &v) < 0)
		return bad_line(r, s + i, (j < len && s[j] != '#' ? len : end) - i,
		    "is not a number");
	why = !(v > 0) ? "is not positive" : v < RESULT_MIN_NS ? "is under 1ns" :
	    !(v <= RESULT_MAX_NS) ? "is over a day" : NULL;
	return why != NULL ? bad_line(r, s + i, end - i, why) : keep(r, v);
}

/* A line of at most 15 digits parsed in place: its length, or 0 for others. */
static size_t
plain_line(struct sample_reader *r, const char *s, const char *end)
{
	const char *p = s;
	uint64_t u = 0;

	while (p < end && (unsigned)(*p - '0') <= 9 && p - s < 15)
		u = u * 10 + (uint64_t)(*p++ - '0');
	if (p == s || p == end || *p != '\n' || u == 0 || u > UINT32_MAX)
		return 0;
	if (r->s->n == r->cap)
		return 0;       /* the general parser grows the array, or refuses */
	keep(r, (double)u);
	r->line++;
	return (size_t)(p - s) + 1;
}

/*
 * Lines of one to seven digits (under 10 ms) a 8-byte word at a time:
 * the newline by the zero-byte test, the digits by Lemire's SWAR parse
 * ("Fast float parsing in practice", 2021), shifted to the word's top
 * over leading zeros.  Returns the bytes of such lines kept, 0 at any
 * other.  Reads up to 8 bytes past a line, only inside the data.
 */
static size_t
short_lines(struct sample_reader *r, const char *s, const char *end)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const uint64_t ones = 0x0101010101010101ULL, zeros = 0x3030303030303030ULL;
	const uint64_t nibbles = 0xF0F0F0F0F0F0F0F0ULL, threes = 0x3333333333333333ULL;
	const uint64_t mask = 0x000000FF000000FFULL;
	const uint64_t mul1 = 100 + (1000000ULL << 32), mul2 = 1 + (10000ULL << 32);
	struct samples *x = r->s;
	const char *p = s;
	uint32_t *out, *lim;
	size_t lines = 0;

	if (x->u32 == NULL)
		return 0;
	out = x->u32 + x->n;
	lim = x->u32 + r->cap;
	while (out < lim && end - p > 8) {
		uint64_t w, z, d;
		unsigned len, sh;

		memcpy(&w, p, sizeof w);
		z = w ^ (ones * '\n');
		z = (z - ones) & ~z & (ones << 7);
		if (z == 0)
			break;
		len = (unsigned)__builtin_ctzll(z) >> 3;
		if (len == 0)
			break;
		sh = 64 - 8 * len;
		w <<= sh;
		if (((w & nibbles) | (((w + (ones * 6 << sh)) & nibbles) >> 4)) !=
		    threes << sh)
			break;
		d = w - (zeros << sh);
		d = d * 10 + (d >> 8);
		d = (((d & mask) * mul1) + (((d >> 16) & mask) * mul2)) >> 32;
		if (d == 0)
			break;
		*out++ = (uint32_t)d;
		p += len + 1;
		lines++;
	}
	x->n = (size_t)(out - x->u32);
	r->line += lines;
	return (size_t)(p - s);
#else
	(void)r;
	(void)s;
	(void)end;
	return 0;
#endif
}

/* Parses every complete line of buf[0..len); returns bytes consumed. */
static long
parse_lines(struct sample_reader *r, const char *buf, size_t len, int eof)
{
	size_t pos = 0, k;

	for (;;) {
		const char *nl;
		size_t llen;

		while (pos < len && ((k = short_lines(r, buf + pos, buf + len)) > 0 ||
		    (k = plain_line(r, buf + pos, buf + len)) > 0))
			pos += k;
		nl = memchr(buf + pos, '\n', len - pos);
		if (nl == NULL && (!eof || pos == len))
			return (long)pos;
		llen = nl != NULL ? (size_t)(nl - (buf + pos)) : len - pos;
		if (parse_line(r, buf + pos, llen) < 0)
			return -1;
		pos += llen + (nl != NULL);
		if (nl == NULL)
			return (long)pos;
	}
}

static int
read_lines(int fd, struct sample_reader *r)
{
	char *buf = xmalloc(CHUNK + LINE_MAX_BYTES);
	size_t have = 0, bom;
	long used;
	int rc = -1, first = 1;

	for (;;) {
		ssize_t got = read(fd, buf + have, CHUNK + LINE_MAX_BYTES - have);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			errf(r->err, "%s: samples_file %s:", r->where, r->name);
			goto out;
		}
		have += (size_t)got;
		if (first && have < 3 && got > 0)
			continue;       /* a byte order mark may still be arriving */
		if (first) {
			bom = utf8_bom(buf, have);
			memmove(buf, buf + bom, have - bom);
			have -= bom;
			first = 0;
		}
		used = parse_lines(r, buf, have, got == 0);
		if (used < 0)
			goto out;
		memmove(buf, buf + used, have - (size_t)used);
		have -= (size_t)used;
		if (got == 0)
			break;
		if (have >= LINE_MAX_BYTES) {
			errf(r->err, "%s: samples_file %s, line %zu is longer than %d "
			    "bytes; expected one latency a line", r->where, r->name,
			    r->line + 1, LINE_MAX_BYTES);
			goto out;
		}
	}
	rc = 0;
out:
	free(buf);
	return rc;
}

/* Refuses, before anything is opened, a path absolute or climbing by "..". */
static int
check_relative(const char *rel, const struct sample_reader *r)
{
	const char *p = rel;
	long depth = 0;

	if (rel[0] == '/')
		return errf(r->err, "%s: samples_file %s is an absolute path; "
		    "expected a path relative to the result file's folder", r->where,
		    r->name);
	while (*p != '\0') {
		size_t n = strcspn(p, "/");

		if (n == 2 && p[0] == '.' && p[1] == '.')
			depth--;
		else if (n > 0 && !(n == 1 && p[0] == '.'))
			depth++;
		if (depth < 0)
			return errf(r->err, "%s: samples_file %s climbs out of the "
			    "result file's folder with ..; expected a file inside it",
			    r->where, r->name);
		p += n + strspn(p + n, "/");
	}
	return 0;
}

/*
 * path's folder, resolved, to free.  A linked result's samples files are
 * beside the file the link names, so the link is resolved first.
 */
static char *
result_dir(const char *path, const struct sample_reader *r)
{
	char *file = realpath(path, NULL), *dir, *real;

	dir = path_dir(file != NULL ? file : path);
	free(file);
	real = realpath(dir, NULL);
	if (real == NULL)
		errf(r->err, "%s: its folder %s:", r->where, dir);
	free(dir);
	return real;
}

/* A regular file within the size limit, judged from what was opened. */
static int
check_opened(int fd, const struct sample_reader *r)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return errf(r->err, "%s: samples_file %s:", r->where, r->name);
	if (!S_ISREG(st.st_mode))
		return errf(r->err, "%s: samples_file %s is %s; expected a regular "
		    "file of latencies", r->where, r->name,
		    S_ISDIR(st.st_mode) ? "a directory" : S_ISFIFO(st.st_mode) ?
		    "a FIFO" : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ?
		    "a device" : "not a regular file");
	if ((unsigned long long)st.st_size > SAMPLES_FILE_MAX_BYTES)
		return errf(r->err, "%s: samples_file %s is %lld bytes, over the %lu "
		    "MiB limit; expected a smaller file", r->where, r->name,
		    (long long)st.st_size, SAMPLES_FILE_MAX_BYTES >> 20);
	return 0;
}

/*
 * Opens rel, its real path still inside the result's folder.  O_NONBLOCK
 * keeps a FIFO, refused just after, from hanging the open.
 */
static int
open_inside(const char *path, const char *rel, const struct sample_reader *r,
    char **real_out)
{
	char *dir = NULL, *joined = NULL, *real = NULL;
	size_t dlen;
	int fd = -1;

	if (check_relative(rel, r) < 0 || (dir = result_dir(path, r)) == NULL)
		goto out;
	dlen = strlen(dir);
	joined = xasprintf("%s/%s", dir, rel);
	real = realpath(joined, NULL);
	if (real == NULL) {
		errf(r->err, "%s: samples_file %s:", r->where, r->name);
		goto out;
	}
	if (strncmp(real, dir, dlen) != 0 ||
	    (real[dlen] != '/' && strcmp(dir, "/") != 0)) {
		errf(r->err, "%s: samples_file %s leads out of the result file's "
		    "folder through a symbolic link; expected a file inside it",
		    r->where, r->name);
		goto out;
	}
	fd = open(real, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		errf(r->err, "%s: samples_file %s:", r->where, r->name);
	else if (check_opened(fd, r) < 0) {
		close(fd);
		fd = -1;
	} else if (real_out != NULL) {
		*real_out = real;
		real = NULL;
	}
out:
	free(dir);
	free(joined);
	free(real);
	return fd;
}

int
samples_file_read(const char *result_path, const char *rel,
    const char *where, size_t max_count, struct samples *s, char **real,
    char *err)
{
	struct sample_reader r = { .where = where, .s = s, .max = max_count,
		.err = err };
	int fd, rc;

	memset(s, 0, sizeof *s);
	err_quote(r.name, sizeof r.name, rel);
	fd = open_inside(result_path, rel, &r, real);
	if (fd < 0)
		return -1;
	rc = read_lines(fd, &r);
	close(fd);
	if (rc == 0 && s->n == 0)
		rc = errf(err, "%s: samples_file %s holds no latencies; expected one "
		    "a line", where, r.name);
	if (rc < 0) {
		samples_free(s);
		if (real != NULL) {
			free(*real);
			*real = NULL;
		}
		return -1;
	}
	/* give back what the doubling reserved beyond the last latency */
	samples_reserve(s, s->n, 0);
	return 0;
}
