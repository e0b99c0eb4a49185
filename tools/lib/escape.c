// SPDX-License-Identifier: GPL-2.0
/*
 * escape.c - what lockfit prints for people and CI logs.
 *
 * Record strings, profile and table rows, baseline entries and file
 * names may come from anywhere.  Printed raw, a newline forges a line
 * (a GitHub Actions "::error file=...::" acts at the start of any line),
 * a "##" starts a command anywhere in a line (GitHub's "##[error]",
 * Azure's "##vso[", TeamCity's "##teamcity[") and an ESC drives the
 * terminal.  So every string argument of lf_fprintf() is escaped by
 * lf_esc_text(), while the format, which is ours, is not: a line lockfit
 * prints is always one line, and never holds "##".  JSON and
 * SARIF are escaped by jansson; lf_json_str() (below) keeps what
 * jansson cannot take (bytes that are not UTF-8).  docs/REPORT.md says what is escaped.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "lib/util.h"

/* Length of the UTF-8 sequence at S, 0 if it is not one.  Overlong
 * forms, surrogates and code points past U+10FFFF are not UTF-8. */
static size_t utf8_len(const unsigned char *s, uint32_t *cp)
{
	size_t n;
	uint32_t c, min;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if ((s[0] & 0xe0) == 0xc0)
		n = 2, c = s[0] & 0x1f, min = 0x80;
	else if ((s[0] & 0xf0) == 0xe0)
		n = 3, c = s[0] & 0x0f, min = 0x800;
	else if ((s[0] & 0xf8) == 0xf0)
		n = 4, c = s[0] & 0x07, min = 0x10000;
	else
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

/* Code points a terminal or a log viewer acts on: C0, DEL and C1
 * controls; line and paragraph separators, bidirectional overrides and
 * isolates (they reorder what the reader sees). */
static bool is_control(uint32_t c)
{
	return c < 0x20 || (c >= 0x7f && c <= 0x9f) ||
	       (c >= 0x2028 && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

/* Every "##" in SB from FROM on (and one joined to the byte before it)
 * made "#\x23": a CI runner acts on "##[" and its kin anywhere in a
 * line, and two strings printed side by side can make one. */
static void defuse_hashes(struct strbuf *sb, size_t from)
{
	struct strbuf out = { 0 };
	char *s;

	if (from)
		from--;
	if (!sb->s || !strstr(sb->s + from, "##"))
		return;
	s = sb_take(sb);
	sb_printf(sb, "%.*s", (int)from, s);
	for (const char *p = s + from; *p; p++)
		if (*p == '#' && p > s && p[-1] == '#')
			sb_printf(&out, "\\x23");
		else
			sb_printf(&out, "%c", *p);
	sb_printf(sb, "%s", sb_str(&out));
	free(out.s);
	free(s);
}

void lf_esc_text(struct strbuf *sb, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "(null)");
	size_t from = sb->len;

	while (*p) {
		uint32_t c;
		size_t n = 0;

		/* a run of printable ASCII at once */
		while (p[n] >= 0x20 && p[n] < 0x7f && p[n] != '\\')
			n++;
		if (n) {
			sb_printf(sb, "%.*s", (int)n, (const char *)p);
			p += n;
			continue;
		}
		n = utf8_len(p, &c);

		if (!n || is_control(c)) {
			/* every byte of it, so nothing is lost */
			for (size_t i = 0; i < (n ? n : 1); i++)
				sb_printf(sb, "\\x%02x", p[i]);
			p += n ? n : 1;
		} else if (c == '\\') {
			sb_printf(sb, "\\\\");
			p++;
		} else {
			sb_printf(sb, "%.*s", (int)n, (const char *)p);
			p += n;
		}
	}
	if (!sb->s)
		sb_printf(sb, "%s", "");
	defuse_hashes(sb, from);
}

char *lf_esc(const char *s)
{
	struct strbuf sb = { 0 };

	lf_esc_text(&sb, s);
	return sb_take(&sb);
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
/* SPEC is a string conversion ("%-5s", "%*s"...): S escaped, then SPEC
 * applied to it.  At the start of a line (BOL: only blanks before it) a
 * leading ':' or '#' is escaped too: "::error ..." and "##[error]..."
 * are CI workflow commands there. */
static void put_str(struct strbuf *sb, const char *spec, const int *star,
		    int nstar, const char *s, bool bol)
{
	char *e = lf_esc(s), *p = e + strspn(e, " ");

	if (bol && (*p == ':' || *p == '#')) {
		char *t = xasprintf("%.*s\\x%02x%s", (int)(p - e), e, *p, p + 1);

		free(e);
		e = t;
	}

	if (nstar == 2)
		sb_printf(sb, spec, star[0], star[1], e);
	else if (nstar == 1)
		sb_printf(sb, spec, star[0], e);
	else
		sb_printf(sb, spec, e);
	free(e);
}
#pragma GCC diagnostic pop

/* One conversion of FMT (from '%' to its letter) into SB, its argument
 * taken from AP: a string escaped, anything else printed as printf
 * would.  Returns the end of the conversion. */
static const char *convert(struct strbuf *sb, const char *fmt, va_list *ap,
			   bool bol)
{
	const char *p = fmt + 1;
	char spec[32], lenmod[3] = "";
	int star[2], nstar = 0;
	size_t n;

	p += strspn(p, "-+ #0");
	if (*p == '*')
		star[nstar++] = va_arg(*ap, int), p++;
	p += strspn(p, "0123456789");
	if (*p == '.') {
		p++;
		if (*p == '*')
			star[nstar++] = va_arg(*ap, int), p++;
		p += strspn(p, "0123456789");
	}
	n = strspn(p, "hlzjtL");
	if (n > 2)
		lf_die("bad format '%s'", fmt);
	memcpy(lenmod, p, n);
	p += n;
	if (!*p || (size_t)(p + 1 - fmt) >= sizeof(spec))
		lf_die("bad format '%s'", fmt);
	memcpy(spec, fmt, p + 1 - fmt);
	spec[p + 1 - fmt] = 0;

#define ONE(type) do {							\
		type v_ = va_arg(*ap, type);				\
		if (nstar == 2)						\
			sb_printf(sb, spec, star[0], star[1], v_);	\
		else if (nstar == 1)					\
			sb_printf(sb, spec, star[0], v_);		\
		else							\
			sb_printf(sb, spec, v_);			\
	} while (0)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	switch (*p) {
	case 's':
		put_str(sb, spec, star, nstar, va_arg(*ap, const char *), bol);
		break;
	case 'c': {
		char c[2] = { (char)va_arg(*ap, int), 0 };

		spec[p - fmt] = 's';
		put_str(sb, spec, star, nstar, c, bol);
		break;
	}
	case 'd': case 'i': case 'u': case 'x': case 'X': case 'o':
		if (!strcmp(lenmod, "l"))
			ONE(long);
		else if (!strcmp(lenmod, "ll"))
			ONE(long long);
		else if (!strcmp(lenmod, "z"))
			ONE(size_t);
		else if (!strcmp(lenmod, "j"))
			ONE(intmax_t);
		else if (!strcmp(lenmod, "t"))
			ONE(ptrdiff_t);
		else
			ONE(int);	/* hh and h are promoted to int */
		break;
	case 'f': case 'F': case 'e': case 'E': case 'g': case 'G':
		if (!strcmp(lenmod, "L"))
			ONE(long double);
		else
			ONE(double);
		break;
	case 'p':
		ONE(void *);
		break;
	default:
		lf_die("bad format '%s'", fmt);
	}
#pragma GCC diagnostic pop
#undef ONE
	return p + 1;
}

/* Is S[FROM..TO) blank, and was the line blank up to FROM (BOL)? */
static bool still_bol(const char *s, size_t from, size_t to, bool bol)
{
	for (size_t i = from; i < to; i++) {
		if (s[i] == '\n')
			bol = true;
		else if (s[i] != ' ')
			bol = false;
	}
	return bol;
}

/* Appended to SB; a call on an empty SB is taken to start a line (it
 * may, printed after another). */
void lf_esc_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list copy;
	bool bol = !sb->len || sb->s[sb->len - 1] == '\n';
	size_t start = sb->len;

	va_copy(copy, ap);
	while (*fmt) {
		size_t lit = strcspn(fmt, "%"), from = sb->len;

		if (lit)
			sb_printf(sb, "%.*s", (int)lit, fmt);
		fmt += lit;
		if (*fmt && fmt[1] == '%') {
			sb_printf(sb, "%%");
			fmt += 2;
		} else if (*fmt) {
			bol = still_bol(sb_str(sb), from, sb->len, bol);
			from = sb->len;
			fmt = convert(sb, fmt, &copy, bol);
		}
		bol = still_bol(sb_str(sb), from, sb->len, bol);
	}
	va_end(copy);
	defuse_hashes(sb, start);
}

void lf_vfprintf(FILE *out, const char *fmt, va_list ap)
{
	struct strbuf sb = { 0 };

	lf_esc_vprintf(&sb, fmt, ap);
	fputs(sb_str(&sb), out);
	free(sb.s);
}

void lf_fprintf(FILE *out, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	lf_vfprintf(out, fmt, ap);
	va_end(ap);
}

json_t *lf_json_str(const char *s)
{
	json_t *j;
	char *e;

	if (!s)
		return json_null();
	j = json_string(s);
	if (j)
		return j;
	/* Not UTF-8 (a file name, a table row): escaped as for text, which
	 * leaves only UTF-8. */
	e = lf_esc(s);
	j = json_string(e);
	free(e);
	if (!j)
		lf_die("out of memory");
	return j;
}
