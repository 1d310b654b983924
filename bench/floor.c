/* SPDX-License-Identifier: MIT */
/*
 * The floor under `syncgate gate` for `make bench`: the work no gate of
 * samples files can skip, done plainly on one thread.  Each FILE is one
 * class's samples_file: mapped, its whole-nanosecond lines parsed into
 * an array, then one quickselect for the p50's rank and one for the p99's.
 * bench/run.sh times it beside the gate on the same files; not part of
 * syncgate.
 *
 * usage: floor FILE...
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static uint64_t
select_k(uint64_t *x, size_t n, size_t k)
{
	size_t lo = 0, hi = n - 1;

	while (lo < hi) {
		uint64_t pivot = x[lo + (hi - lo) / 2], t;
		size_t i = lo, j = hi;

		while (i <= j) {
			while (x[i] < pivot)
				i++;
			while (x[j] > pivot)
				j--;
			if (i <= j) {
				t = x[i], x[i] = x[j], x[j] = t;
				i++;
				if (j-- == 0)
					break;
			}
		}
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			break;
	}
	return x[k];
}

int
main(int argc, char **argv)
{
	int a;

	for (a = 1; a < argc; a++) {
		int fd = open(argv[a], O_RDONLY);
		struct stat st;
		const char *p, *end;
		uint64_t *x, v;
		size_t n = 0;

		if (fd < 0 || fstat(fd, &st) < 0 || st.st_size == 0) {
			perror(argv[a]);
			return 2;
		}
		p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (p == MAP_FAILED || (x = malloc((size_t)st.st_size / 2 *
		    sizeof *x + sizeof *x)) == NULL) {
			perror(argv[a]);
			return 2;
		}
		end = p + st.st_size;
		while (p < end) {
			if (*p == '#') {
				while (p < end && *p++ != '\n')
					;
				continue;
			}
			for (v = 0; p < end && *p != '\n'; p++)
				v = v * 10 + (uint64_t)(*p - '0');
			x[n++] = v;
			p++;
		}
		printf("%s: %zu samples, p50 %llu ns, p99 %llu ns\n", argv[a], n,
		    (unsigned long long)select_k(x, n, (n - 1) / 2),
		    (unsigned long long)select_k(x, n, (n - 1) * 99 / 100));
		free(x);
		close(fd);
	}
	return 0;
}
