/* SPDX-License-Identifier: MIT */
/*
 * Widths follow East Asian Width (W, F) and the nonspacing marks of the
 * likely scripts; others take one column, as on most terminals.
 */
#include <string.h>

#include "lib/utf8.h"

size_t
utf8_decode(const char *s, uint32_t *cp)
{
	static const uint32_t min[] = { 0, 0, 0x80, 0x800, 0x10000 };
	const unsigned char *u = (const unsigned char *)s;
	/* the lead byte: the sequence's length (0: none) and its bits */
	size_t n = u[0] < 0x80 ? 1 : u[0] < 0xC2 ? 0 : u[0] < 0xE0 ? 2 :
	    u[0] < 0xF0 ? 3 : u[0] < 0xF5 ? 4 : 0, i;
	uint32_t v = n == 1 ? u[0] : u[0] & (0xFF >> (n + 1));

	if (n == 0)
		goto bad;
	for (i = 1; i < n; i++) {
		if ((u[i] & 0xC0) != 0x80)
			goto bad;
		v = (v << 6) | (u[i] & 0x3F);
	}
	if (v < min[n] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
		goto bad;
	*cp = v;
	return n;
bad:
	*cp = UTF8_BAD;
	return 1;
}

int
utf8_space(uint32_t cp)
{
	return (cp >= 0x09 && cp <= 0x0D) || cp == 0x20 || cp == 0x85 ||
	    cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) ||
	    cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F ||
	    cp == 0x3000;
}

int
utf8_blank(const char *s)
{
	uint32_t cp;
	size_t n;

	for (; *s != '\0'; s += n) {
		n = utf8_decode(s, &cp);
		if (!utf8_space(cp))
			return 0;
	}
	return 1;
}

size_t
utf8_bom(const char *buf, size_t len)
{
	return len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

size_t
utf8_valid_prefix(const char *buf, size_t len)
{
	size_t i = 0;

	while (i < len) {
		char tail[5] = { 0 };
		uint32_t cp;
		size_t n = len - i < 4 ? len - i : 4;

		if ((unsigned char)buf[i] < 0x80) {
			i++;
			continue;
		}
		/* decode from a terminated copy: buf need not end in a NUL */
		memcpy(tail, buf + i, n);
		n = utf8_decode(tail, &cp);
		if (cp == UTF8_BAD)
			return i;
		i += n;
	}
	return len;
}

int
utf8_hidden(uint32_t cp)
{
	return cp == UTF8_BAD || cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) ||
	    (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202E) ||
	    (cp >= 0x2060 && cp <= 0x206F) || cp == 0xFEFF ||
	    cp == 0xFFFE || cp == 0xFFFF;
}

/* Code point ranges, sorted, that a terminal prints in no column. */
static const uint32_t zero_width[][2] = {
	{ 0x0300, 0x036F }, { 0x0483, 0x0489 }, { 0x0591, 0x05BD },
	{ 0x0610, 0x061A }, { 0x064B, 0x065F }, { 0x0E31, 0x0E31 },
	{ 0x0E34, 0x0E3A }, { 0x0E47, 0x0E4E }, { 0x1AB0, 0x1AFF },
	{ 0x1DC0, 0x1DFF }, { 0x200B, 0x200F }, { 0x202A, 0x202E },
	{ 0x2060, 0x2064 }, { 0x2066, 0x206F }, { 0x20D0, 0x20FF },
	{ 0xFE00, 0xFE0F }, { 0xFE20, 0xFE2F }, { 0xFEFF, 0xFEFF },
	{ 0xE0100, 0xE01EF },
};

/* Sorted ranges of East Asian Wide and Fullwidth characters: two columns. */
static const uint32_t double_width[][2] = {
	{ 0x1100, 0x115F }, { 0x231A, 0x231B }, { 0x2329, 0x232A },
	{ 0x23E9, 0x23EC }, { 0x23F0, 0x23F0 }, { 0x23F3, 0x23F3 },
	{ 0x25FD, 0x25FE }, { 0x2614, 0x2615 }, { 0x2648, 0x2653 },
	{ 0x267F, 0x267F }, { 0x2693, 0x2693 }, { 0x26A1, 0x26A1 },
	{ 0x26AA, 0x26AB }, { 0x26BD, 0x26BE }, { 0x26C4, 0x26C5 },
	{ 0x26CE, 0x26CE }, { 0x26D4, 0x26D4 }, { 0x26EA, 0x26EA },
	{ 0x26F2, 0x26F3 }, { 0x26F5, 0x26F5 }, { 0x26FA, 0x26FA },
	{ 0x26FD, 0x26FD }, { 0x2705, 0x2705 }, { 0x270A, 0x270B },
	{ 0x2728, 0x2728 }, { 0x274C, 0x274C }, { 0x274E, 0x274E },
	{ 0x2753, 0x2755 }, { 0x2757, 0x2757 }, { 0x2795, 0x2797 },
	{ 0x27B0, 0x27B0 }, { 0x27BF, 0x27BF }, { 0x2B1B, 0x2B1C },
	{ 0x2B50, 0x2B50 }, { 0x2B55, 0x2B55 }, { 0x2E80, 0x303E },
	{ 0x3041, 0x33FF }, { 0x3400, 0x4DBF }, { 0x4E00, 0x9FFF },
	{ 0xA000, 0xA4CF }, { 0xA960, 0xA97F }, { 0xAC00, 0xD7A3 },
	{ 0xF900, 0xFAFF }, { 0xFE10, 0xFE19 }, { 0xFE30, 0xFE6F },
	{ 0xFF00, 0xFF60 }, { 0xFFE0, 0xFFE6 }, { 0x16FE0, 0x16FE4 },
	{ 0x17000, 0x18CFF }, { 0x1B000, 0x1B2FF }, { 0x1F004, 0x1F004 },
	{ 0x1F0CF, 0x1F0CF }, { 0x1F18E, 0x1F18E }, { 0x1F191, 0x1F19A },
	{ 0x1F200, 0x1F251 }, { 0x1F300, 0x1F320 }, { 0x1F32D, 0x1F335 },
	{ 0x1F337, 0x1F37C }, { 0x1F37E, 0x1F393 }, { 0x1F3A0, 0x1F3CA },
	{ 0x1F3CF, 0x1F3D3 }, { 0x1F3E0, 0x1F3F0 }, { 0x1F3F4, 0x1F3F4 },
	{ 0x1F3F8, 0x1F43E }, { 0x1F440, 0x1F440 }, { 0x1F442, 0x1F4FC },
	{ 0x1F4FF, 0x1F53D }, { 0x1F54B, 0x1F54E }, { 0x1F550, 0x1F567 },
	{ 0x1F57A, 0x1F57A }, { 0x1F595, 0x1F596 }, { 0x1F5A4, 0x1F5A4 },
	{ 0x1F5FB, 0x1F64F }, { 0x1F680, 0x1F6C5 }, { 0x1F6CC, 0x1F6CC },
	{ 0x1F6D0, 0x1F6D2 }, { 0x1F6D5, 0x1F6D7 }, { 0x1F6EB, 0x1F6EC },
	{ 0x1F6F4, 0x1F6FC }, { 0x1F7E0, 0x1F7EB }, { 0x1F90C, 0x1F93A },
	{ 0x1F93C, 0x1F945 }, { 0x1F947, 0x1F9FF }, { 0x1FA70, 0x1FAFF },
	{ 0x20000, 0x2FFFD }, { 0x30000, 0x3FFFD },
};

static int
in_ranges(uint32_t c, const uint32_t (*r)[2], size_t n)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (c < r[mid][0])
			hi = mid;
		else if (c > r[mid][1])
			lo = mid + 1;
		else
			return 1;
	}
	return 0;
}

/* UTF8_BAD is in neither table: an invalid byte takes one column. */
size_t
text_width(const char *s)
{
	size_t nz = sizeof zero_width / sizeof zero_width[0], w = 0;
	size_t nd = sizeof double_width / sizeof double_width[0];
	uint32_t cp;

	while (*s != '\0') {
		s += utf8_decode(s, &cp);
		if (!in_ranges(cp, zero_width, nz))
			w += in_ranges(cp, double_width, nd) ? 2 : 1;
	}
	return w;
}
