/* SPDX-License-Identifier: MIT */
/*
 * Quantiles and order-statistic intervals.  Binomial tails are summed over
 * twelve standard deviations around the mode: for ten million samples tens
 * of thousands of terms, not ten million.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/stats.h"

static int
stats_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Below this many values qsort wins; above, the radix sort does. */
#define RADIX_MIN 4096
#define RADIX_BITS 11
#define RADIX_BUCKETS (1 << RADIX_BITS)
#define RADIX_PASSES ((64 + RADIX_BITS - 1) / RADIX_BITS)

/* One pass by the digit at shift; memcpy, as one buffer holds doubles. */
static void
radix_pass(const unsigned char *src, unsigned char *dst, size_t n, int shift,
    size_t *count)
{
	size_t sum = 0, c, i;
	uint64_t k;

	for (i = 0; i < RADIX_BUCKETS; i++) {
		c = count[i];
		count[i] = sum;
		sum += c;
	}
	for (i = 0; i < n; i++) {
		memcpy(&k, src + i * sizeof k, sizeof k);
		memcpy(dst + count[(k >> shift) & (RADIX_BUCKETS - 1)]++ * sizeof k,
		    &k, sizeof k);
	}
}

/*
 * An LSD radix sort of keys in the numbers' order (a negative's bits turned
 * over, a positive's sign set), 11 bits a pass, a pass over bits all keys
 * share skipped (whole nanoseconds leave low mantissa bits zero): a million
 * latencies sort in 6-10 ms, where qsort's 20 million calls take 220-280.
 */
void
stats_sort(double *x, size_t n)
{
	size_t (*count)[RADIX_BUCKETS] = NULL, i;
	unsigned char *a, *b, *t;
	uint64_t *keys = NULL, k;
	int p;

	if (n >= RADIX_MIN && n <= SIZE_MAX / sizeof *keys &&
	    (keys = malloc(n * sizeof *keys)) != NULL)
		count = calloc(RADIX_PASSES, sizeof *count);
	if (count == NULL) {
		free(keys);
		if (n > 1)
			qsort(x, n, sizeof *x, stats_cmp_double);
		return;
	}
	for (i = 0; i < n; i++) {
		memcpy(&k, &x[i], sizeof k);
		keys[i] = k >> 63 ? ~k : k | UINT64_C(1) << 63;
		for (p = 0; p < RADIX_PASSES; p++)
			count[p][(keys[i] >> (p * RADIX_BITS)) & (RADIX_BUCKETS - 1)]++;
	}
	a = (unsigned char *)keys;
	b = (unsigned char *)x;
	for (p = 0; p < RADIX_PASSES; p++) {
		if (count[p][(keys[0] >> (p * RADIX_BITS)) & (RADIX_BUCKETS - 1)] == n)
			continue;
		radix_pass(a, b, n, p * RADIX_BITS, count[p]);
		t = a;
		a = b;
		b = t;
	}
	for (i = 0; i < n; i++) {
		memcpy(&k, a + i * sizeof k, sizeof k);
		k = k >> 63 ? k & ~(UINT64_C(1) << 63) : ~k;
		memcpy(&x[i], &k, sizeof k);
	}
	free(keys);
	free(count);
}

/*
 * Q(p) lies num / den of the way from x_(lo) to x_(lo+1).  A p of whole
 * millionths (all syncgate asks for) is placed in integers: 0.99 is no
 * double, 199 * 0.99 is 197.00999999999999, and a p99 of whole
 * microseconds came out as 1366719.9999999949 ns for 1366720.
 */
struct quantile_pos {
	size_t lo;
	double num, den;
};

static struct quantile_pos
quantile_at(size_t n, double p)
{
	double micro = p * 1e6, h = (double)(n - 1) * p;
	unsigned long long num;

	if (fabs(micro - nearbyint(micro)) < 1e-6 && n < (size_t)1 << 40) {
		num = (unsigned long long)nearbyint(micro) * (unsigned long long)(n - 1);
		return (struct quantile_pos){ (size_t)(num / 1000000),
		    (double)(num % 1000000), 1e6 };
	}
	return (struct quantile_pos){ (size_t)floor(h), h - floor(h), 1 };
}

/* One rounding for the step's fraction: the figure a decimal reader expects. */
static double
between(double a, double b, const struct quantile_pos *q)
{
	return q->num == 0 ? a : a + (b - a) * q->num / q->den;
}

double
stats_median(const double *x, size_t n)
{
	double *y, m;

	if (n == 0)
		return NAN;
	y = xmalloc(n * sizeof *y);
	memcpy(y, x, n * sizeof *y);
	m = stats_quantile_select(y, n, 0.5);
	free(y);
	return m;
}

double
stats_quantile_by(size_t n, double p, double (*at)(const void *arg, size_t k),
    const void *arg)
{
	struct quantile_pos q;

	if (n == 0)
		return NAN;
	if (p <= 0)
		return at(arg, 0);
	q = quantile_at(n, p < 1 ? p : 1);
	if (q.lo >= n - 1)
		return at(arg, n - 1);
	return between(at(arg, q.lo), at(arg, q.lo + 1), &q);
}

static double
array_at(const void *arg, size_t k)
{
	return ((const double *)arg)[k];
}

double
stats_quantile_sorted(const double *x, size_t n, double p)
{
	return stats_quantile_by(n, p, array_at, x);
}

static void
swap(double *a, double *b)
{
	double t = *a;

	*a = *b;
	*b = t;
}

/* Hoare-style selection with a median-of-three pivot. */
double
stats_select(double *x, size_t n, size_t k)
{
	size_t left = 0, right = n - 1;

	while (right > left) {
		size_t mid = left + (right - left) / 2, i, j;
		double pivot;

		if (x[mid] < x[left])
			swap(&x[mid], &x[left]);
		if (x[right] < x[left])
			swap(&x[right], &x[left]);
		if (x[right] < x[mid])
			swap(&x[right], &x[mid]);
		pivot = x[mid];
		i = left;
		j = right;
		while (i <= j) {
			while (x[i] < pivot)
				i++;
			while (x[j] > pivot)
				j--;
			if (i <= j) {
				swap(&x[i], &x[j]);
				i++;
				if (j == 0)
					break;
				j--;
			}
		}
		if (k <= j)
			right = j;
		else if (k >= i)
			left = i;
		else
			return x[k];
	}
	return x[k];
}

double
stats_quantile_select(double *x, size_t n, double p)
{
	struct quantile_pos q;
	double a, b;
	size_t i;

	if (n == 0)
		return NAN;
	p = p <= 0 ? 0 : p >= 1 ? 1 : p;
	q = quantile_at(n, p);
	a = stats_select(x, n, q.lo < n - 1 ? q.lo : n - 1);
	if (q.num == 0 || q.lo + 1 >= n)
		return a;
	/* everything right of lo is >= a: its minimum is x_(lo+1) */
	b = x[q.lo + 1];
	for (i = q.lo + 2; i < n; i++)
		if (x[i] < b)
			b = x[i];
	return between(a, b, &q);
}

/*
 * Bin(n, 1/2) for n <= 53 exactly, sums of C(n, j) over 2^n: the median's
 * coverage for 15 samples is 0.96484375, where the recurrences below gave
 * 0.9648437499999999.
 */
static double *
binom_window_half(size_t n, size_t *pa, size_t *pb)
{
	double *cdf = xcalloc(n + 1, sizeof *cdf);
	uint64_t c = 1, sum = 0;
	size_t k;

	*pa = 0;
	*pb = n;
	for (k = 0; k <= n; k++) {
		sum += c;
		cdf[k] = ldexp((double)sum, -(int)n);
		c = c * (n - k) / (k + 1);      /* C(n, k + 1), exact */
	}
	return cdf;
}

/* The window [a, b] around the mode outside which the mass is nil; the mode. */
static double
window_edges(size_t n, double p, size_t *pa, size_t *pb)
{
	double sd = sqrt((double)n * p * (1 - p)), w = ceil(12 * sd + 12);
	double mode = floor(((double)n + 1) * p);

	if (mode > (double)n)
		mode = (double)n;
	*pa = mode - w > 0 ? (size_t)(mode - w) : 0;
	*pb = mode + w < (double)n ? (size_t)(mode + w) : n;
	return mode;
}

/* cdf[i] = P(B <= a + i) over the window [a, b]; the caller frees it. */
static double *
binom_window(size_t n, double p, size_t *pa, size_t *pb)
{
	size_t a, b, i, m, len;
	double *pmf;

	if (p == 0.5 && n <= 53)
		return binom_window_half(n, pa, pb);
	m = (size_t)window_edges(n, p, &a, &b) - a;
	len = b - a + 1;
	pmf = xcalloc(len, sizeof *pmf);
	/* at the mode through lgamma (0 < p < 1), the rest by recurrence */
	pmf[m] = exp(lgamma((double)n + 1) - lgamma((double)(a + m) + 1) -
	    lgamma((double)(n - a - m) + 1) + (double)(a + m) * log(p) +
	    (double)(n - a - m) * log1p(-p));
	for (i = m; i + 1 < len; i++)
		pmf[i + 1] = pmf[i] * ((double)(n - a - i) / (double)(a + i + 1)) *
		    (p / (1 - p));
	for (i = m; i > 0; i--)
		pmf[i - 1] = pmf[i] * ((double)(a + i) / (double)(n - a - i + 1)) *
		    ((1 - p) / p);
	/* summed in place; the mass below a is zero at double precision */
	for (i = 1; i < len; i++)
		pmf[i] += pmf[i - 1];
	/* normalise away the rounding accumulated in the recurrences */
	for (i = 0; i < len; i++)
		pmf[i] /= pmf[len - 1];
	*pa = a;
	*pb = b;
	return pmf;
}

static double
cdf_at(const double *cdf, size_t a, size_t b, size_t k)
{
	return k < a ? 0 : k > b ? 1 : cdf[k - a];
}

double
stats_binom_cdf(size_t n, double p, size_t k)
{
	size_t a, b;
	double *cdf, v;

	if (k >= n || p <= 0)
		return 1;
	if (p >= 1)
		return 0;
	cdf = binom_window(n, p, &a, &b);
	v = cdf_at(cdf, a, b, k);
	free(cdf);
	return v;
}

/*
 * B counts samples below q: x_(l) <= q when B >= l, the largest l with
 * P(B <= l - 1) <= tail; x_(u) >= q when B <= u - 1, the smallest u with
 * P(B >= u) <= tail.  Scans start at the window's edges: no 10^10 steps.
 */
void
stats_order_bounds(size_t n, double p, double tail, size_t *lo, size_t *hi)
{
	double *cdf;
	size_t a, b, k;

	*lo = *hi = 0;
	if (n < 1 || !(p > 0 && p < 1) || !(tail > 0 && tail < 1))
		return;
	cdf = binom_window(n, p, &a, &b);
	*lo = a < n ? a : n;
	for (k = *lo; k < n && cdf_at(cdf, a, b, k) <= tail; k++)
		*lo = k + 1;
	*hi = b + 2 <= n ? b + 2 : 0;
	for (k = b + 2 <= n ? b + 1 : n; k >= 1 &&
	    1 - cdf_at(cdf, a, b, k - 1) <= tail; k--)
		*hi = k;
	free(cdf);
}

int
stats_order_ci(size_t n, double p, double level, size_t *lo, size_t *hi,
    double *achieved)
{
	size_t l, u;

	if (n < 2 || !(level > 0 && level < 1))
		return -1;
	/* [x_(l), x_(u)] covers the quantile when l <= B <= u - 1 */
	stats_order_bounds(n, p, (1 - level) / 2, &l, &u);
	if (l < 1 || u < 1 || l >= u)
		return -1;
	*lo = l;
	*hi = u;
	if (achieved != NULL)
		*achieved = 1 - stats_binom_cdf(n, p, l - 1) -
		    (1 - stats_binom_cdf(n, p, u - 1));
	return 0;
}

/* The scans' ranks lie in [a, b + 2]; type 7's two lie well inside. */
void
stats_order_span(size_t n, double p, size_t *first, size_t *last)
{
	size_t a, b;

	*first = 1;
	*last = n;
	if (n == 0 || !(p > 0 && p < 1) || (p == 0.5 && n <= 53))
		return;
	window_edges(n, p, &a, &b);
	if (a > 1)
		*first = a;
	if (b + 2 < n)
		*last = b + 2;
}

/* A modified Lentz step through a term an / (bn + ...): its factor. */
static double
lentz_step(double an, double bn, double *c, double *d)
{
	*d = bn + an * *d;
	*c = bn + an / *c;
	*d = 1 / (fabs(*d) < 1e-300 ? 1e-300 : *d);
	*c = fabs(*c) < 1e-300 ? 1e-300 : *c;
	return *d * *c;
}

/* Lentz's fraction, fast below x = (a + 1) / (a + b + 2). */
static double
beta_fraction(double a, double b, double x)
{
	double c = 1, d = 1 - (a + b) * x / (a + 1), h, step;
	int m;

	h = d = 1 / (fabs(d) < 1e-300 ? 1e-300 : d);
	for (m = 1; m <= 1000; m++) {
		double m2 = 2.0 * m;

		h *= lentz_step(m * (b - m) * x / ((a - 1 + m2) * (a + m2)), 1, &c, &d);
		step = lentz_step(-(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2)),
		    1, &c, &d);
		h *= step;
		if (fabs(step - 1) < 1e-15)
			break;
	}
	return h;
}

double
stats_beta_inc(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
	    b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_fraction(a, b, x) / a;
	return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

/* The series below a + 1, where it converges fast; above, Q's fraction. */
double
stats_gamma_p(double a, double x)
{
	double front, sum, term, b, c, d, h, step;
	int n;

	if (!(x > 0))
		return 0;
	front = exp(a * log(x) - x - lgamma(a));
	if (x < a + 1) {
		sum = term = 1 / a;
		for (n = 1; n < 1000 && fabs(term) > 1e-16 * fabs(sum); n++) {
			term *= x / (a + n);
			sum += term;
		}
		return fmin(1, front * sum);
	}
	b = x + 1 - a;
	c = 1 / 1e-300;
	h = d = 1 / b;
	for (n = 1; n < 1000; n++) {
		b += 2;
		step = lentz_step(-n * (n - a), b, &c, &d);
		h *= step;
		if (fabs(step - 1) < 1e-16)
			break;
	}
	return fmax(0, 1 - front * h);
}

/*
 * The x > 0 where cdf reaches p, bracketed by doubling hi: Newton's steps
 * inside the bracket, else bisection, a handful where bisection takes fifty.
 */
static double
invert(double (*cdf)(double x, double df), double (*pdf)(double x, double df),
    double df, double p, double hi)
{
	double lo = 0, x, f, d, next;
	int i;

	while (cdf(hi, df) < p && hi < 1e300)
		hi *= 2;
	x = hi / 2;
	for (i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
		f = cdf(x, df) - p;
		if (f == 0)
			return x;
		if (f < 0)
			lo = x;
		else
			hi = x;
		d = pdf(x, df);
		next = d > 0 ? x - f / d : NAN;
		if (!(next > lo && next < hi))
			next = lo + (hi - lo) / 2;
		if (fabs(next - x) <= 1e-15 * fabs(x))
			return next;
		x = next;
	}
	return x;
}

static double
chi2_cdf(double x, double df)
{
	return stats_gamma_p(df / 2, x / 2);
}

static double
chi2_pdf(double x, double df)
{
	double k = df / 2;

	return exp((k - 1) * log(x) - x / 2 - k * log(2) - lgamma(k));
}

double
stats_chi2_quantile(double p, double df)
{
	if (!(p > 0 && p < 1) || !(df > 0))
		return NAN;
	return invert(chi2_cdf, chi2_pdf, df, p, df > 1 ? df : 1);
}

/* Past this many degrees of freedom t and the normal differ by under 1e-7. */
#define T_NORMAL_DF 1e7

double
stats_t_cdf(double t, double df)
{
	double tail;

	if (isnan(t) || !(df > 0))
		return NAN;
	if (df >= T_NORMAL_DF)
		return 0.5 * erfc(-t / sqrt(2));
	tail = 0.5 * stats_beta_inc(df / 2, 0.5, df / (df + t * t));
	return t > 0 ? 1 - tail : tail;
}

static double
t_pdf(double t, double v)
{
	return exp(lgamma((v + 1) / 2) - lgamma(v / 2) - 0.5 * log(v * M_PI) -
	    (v + 1) / 2 * log1p(t * t / v));
}

/* Cornish-Fisher about the normal's z (Abramowitz and Stegun 26.7.5). */
static double
t_expansion(double z, double df)
{
	double z2 = z * z;

	return z + z * (z2 + 1) / (4 * df) +
	    z * ((5 * z2 + 16) * z2 + 3) / (96 * df * df) +
	    z * (((3 * z2 + 19) * z2 + 17) * z2 - 15) / (384 * df * df * df) +
	    z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) /
	    (92160 * df * df * df * df);
}

double
stats_t_quantile(double p, double df)
{
	double z, e, u, x, step;
	int i;

	if (!(p > 0 && p < 1) || !(df > 0))
		return NAN;
	if (df >= T_NORMAL_DF)
		return stats_norm_quantile(p);
	if (p < 0.5)
		return -stats_t_quantile(1 - p, df);
	if (p == 0.5)
		return 0;
	z = stats_norm_quantile(p);
	/* one Halley step takes Acklam's 1e-9 to the last bits */
	e = 0.5 * erfc(-z / sqrt(2)) - p;
	u = e * sqrt(2 * M_PI) * exp(z * z / 2);
	z -= u / (1 + z * u / 2);
	/* past 1000 within 1e-12, where beta's fraction takes thousands of terms */
	if (df >= 1000)
		return t_expansion(z, df);
	if (df < 3)
		return invert(stats_t_cdf, t_pdf, df, p, 1);
	/*
	 * From 3 the expansion is within 2%, and Newton's steps (t's CDF is
	 * concave above 0) square the error: one under 1e-9 leaves it below
	 * the last bits.  Three or four steps where a search from 1 takes ten.
	 */
	x = t_expansion(z, df);
	for (i = 0; i < 20; i++) {
		step = (stats_t_cdf(x, df) - p) / t_pdf(x, df);
		if (!(x - step > 0))
			return invert(stats_t_cdf, t_pdf, df, p, 1);
		x -= step;
		if (fabs(step) <= 1e-9 * x)
			break;
	}
	return x;
}

/* Acklam's rational approximation, relative error below 1.2e-9. */
double
stats_norm_quantile(double p)
{
	static const double a[] = { -3.969683028665376e+01, 2.209460984245205e+02,
		-2.759285104469687e+02, 1.383577518672690e+02,
		-3.066479806614716e+01, 2.506628277459239e+00 };
	static const double b[] = { -5.447609879822406e+01, 1.615858368580409e+02,
		-1.556989798598866e+02, 6.680131188771972e+01,
		-1.328068155288572e+01 };
	static const double c[] = { -7.784894002430293e-03, -3.223964580411365e-01,
		-2.400758277161838e+00, -2.549732539343734e+00,
		4.374664141464968e+00, 2.938163982698783e+00 };
	static const double d[] = { 7.784695709041462e-03, 3.224671290700398e-01,
		2.445134137142996e+00, 3.754408661907416e+00 };
	double q, r;

	if (!(p > 0 && p < 1))
		return NAN;
	if (p < 0.02425 || p > 1 - 0.02425) {
		q = sqrt(-2 * (p < 0.5 ? log(p) : log1p(-p)));
		r = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
		    ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
		return p < 0.5 ? r : -r;
	}
	q = p - 0.5;
	r = q * q;
	return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
	    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

void
stats_summarize(double *x, size_t n, double level, struct stats_summary *s)
{
	stats_sort(x, n);
	s->n = n;
	s->min = n ? x[0] : NAN;
	s->max = n ? x[n - 1] : NAN;
	s->median = stats_quantile_sorted(x, n, 0.5);
	s->p90 = stats_quantile_sorted(x, n, 0.9);
	s->p99 = stats_quantile_sorted(x, n, 0.99);
	s->ci_lo = s->ci_hi = s->ci_level = NAN;
	s->ci_lo_rank = s->ci_hi_rank = 0;
	/* stats_order_ci writes ranks and coverage only when it succeeds */
	if (stats_order_ci(n, 0.5, level, &s->ci_lo_rank, &s->ci_hi_rank,
	    &s->ci_level) == 0) {
		s->ci_lo = x[s->ci_lo_rank - 1];
		s->ci_hi = x[s->ci_hi_rank - 1];
	}
}

size_t
stats_min_samples(double p, double level)
{
	size_t lo = 1, hi = 2, l, h;

	/* doubling, then bisection: stats_order_ci succeeds from some n on */
	while (stats_order_ci(hi, p, level, &l, &h, NULL) < 0) {
		lo = hi;
		hi *= 2;
		if (hi > ((size_t)1 << 40))
			return 0;
	}
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (stats_order_ci(mid, p, level, &l, &h, NULL) == 0)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

