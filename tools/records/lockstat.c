// SPDX-License-Identifier: GPL-2.0
/*
 * lockstat.c - read /proc/lock_stat (format 0.4, Linux 2.6.31 onwards;
 * kernel/locking/lockdep_proc.c: seq_header(), seq_stats()).
 *
 *   lock_stat version 0.4
 *   [*WARNING* lock debugging disabled!! - possibly due to a lockdep warning]
 *   ----...  (221 dashes)
 *                                 class name    con-bounces    contentions ...
 *   ----...
 *   <blank>
 * then per class with acquisitions, the name right-aligned in 40 columns
 * and a ':' in column 41 ("%40s:" or, for an rw class with both sides,
 * "%38s-W:" and "%38s-R:"), and 12 numbers: con-bounces, contentions,
 * waittime min/max/total/avg, acq-bounces, acquisitions, holdtime
 * min/max/total/avg.  A contended class adds a dash line, contention
 * point lines ("%40s %14lu %29s %pS": no ':' in column 41; a module's
 * symbol ends in " [module]"), a blank line
 * and a dot line.  Times are microseconds, "%lld.%02d".
 *
 * The numbers are evidence for verdicts: a line we cannot read is
 * refused with its place, never skipped.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "records/lockstat.h"

#define NAME_COLS	40
#define RULE_LEN	(40 + 1 + 12 * (14 + 1))

static const char *const columns[] = {
	"class", "name", "con-bounces", "contentions", "waittime-min",
	"waittime-max", "waittime-total", "waittime-avg", "acq-bounces",
	"acquisitions", "holdtime-min", "holdtime-max", "holdtime-total",
	"holdtime-avg",
};

struct reader {
	struct lf_lockstat *ls;
	int lineno;
	struct lf_lsclass *last;	/* the class the next -R may add to */
	struct strmap *lines;		/* class line -> its line number */
};

/* At most 40 bytes of input for a message (escaped by lf_die). */
static char *quote(const char *s)
{
	size_t n = strnlen(s, 41);
	char *q = xmalloc(n + 4);

	memcpy(q, s, n > 40 ? 40 : n);
	strcpy(q + (n > 40 ? 40 : n), n > 40 ? "..." : "");
	return q;
}

static void __attribute__((noreturn)) bad(struct reader *r, const char *what,
					  const char *got)
{
	if (got)
		lf_die("%s:%d: not /proc/lock_stat 0.4: expected %s, got '%s'",
		       r->ls->path, r->lineno, what, quote(got));
	lf_die("%s:%d: not /proc/lock_stat 0.4: expected %s", r->ls->path,
	       r->lineno, what);
}

static bool all_of(const char *s, char c)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (*s != c)
			return false;
	return true;
}

/* seq_line(): OFFSET blanks then dashes */
static bool dash_line(const char *s)
{
	s += strspn(s, " ");
	return all_of(s, '-');
}

static bool parse_ull(const char *s, unsigned long long *out)
{
	char *end;

	if (!isdigit((unsigned char)*s) || strlen(s) > 20)
		return false;
	errno = 0;
	*out = strtoull(s, &end, 10);
	return !errno && !*end;
}

/* "123.45" microseconds -> nanoseconds; "-0.01" for an unset min is
 * not written by 6.1 (min starts at 0), so only digits are read. */
static bool parse_time(const char *s, long long *ns)
{
	const char *dot = strchr(s, '.');
	unsigned long long us;
	char whole[24];

	if (!dot || dot == s || (size_t)(dot - s) >= sizeof(whole) ||
	    strlen(dot + 1) != 2 || !isdigit((unsigned char)dot[1]) ||
	    !isdigit((unsigned char)dot[2]))
		return false;
	memcpy(whole, s, dot - s);
	whole[dot - s] = 0;
	if (!parse_ull(whole, &us) || us > 9000000000000ULL)
		return false;
	*ns = (long long)us * 1000 + (dot[1] - '0') * 100 + (dot[2] - '0') * 10;
	return true;
}

static int split(char *s, char **w, int max)
{
	int n = 0;
	char *save, *t;

	for (t = strtok_r(s, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
		if (n == max)
			return max + 1;
		w[n++] = t;
	}
	return n;
}

static void header_row(struct reader *r, char *line)
{
	char *w[ARRAY_SIZE(columns) + 1];
	int n = split(line, w, ARRAY_SIZE(columns));

	if (n != (int)ARRAY_SIZE(columns))
		bad(r, "the column header 'class name con-bounces contentions "
		    "waittime-min ... holdtime-avg' (14 words)", NULL);
	for (int i = 0; i < n; i++)
		if (strcmp(w[i], columns[i]))
			bad(r, xasprintf("column '%s'", columns[i]), w[i]);
}

static void numbers(struct reader *r, char *text, struct lf_lsside *s)
{
	static const char *const what[] = {
		"con-bounces", "contentions", "waittime-min", "waittime-max",
		"waittime-total", "waittime-avg", "acq-bounces", "acquisitions",
		"holdtime-min", "holdtime-max", "holdtime-total", "holdtime-avg",
	};
	unsigned long long *counts[] = {
		&s->con_bounces, &s->contentions, NULL, NULL, NULL, NULL,
		&s->acq_bounces, &s->acquisitions, NULL, NULL, NULL, NULL,
	};
	long long *times[] = {
		NULL, NULL, &s->wait_min, &s->wait_max, &s->wait_total,
		&s->wait_avg, NULL, NULL, &s->hold_min, &s->hold_max,
		&s->hold_total, &s->hold_avg,
	};
	char *w[13];
	int n = split(text, w, 12);

	if (n != 12)
		bad(r, "12 numbers after the class name (con-bounces ... "
		    "holdtime-avg)", NULL);
	for (int i = 0; i < 12; i++) {
		bool ok = counts[i] ? parse_ull(w[i], counts[i]) :
			  parse_time(w[i], times[i]);

		if (!ok)
			bad(r, xasprintf("%s as %s", what[i], counts[i] ?
					 "a count" : "microseconds 'N.NN'"), w[i]);
		if (counts[i] && *counts[i] > LF_LS_MAX_COUNT)
			lf_die("%s:%d: %s %s out of range (at most %llu)",
			       r->ls->path, r->lineno, what[i], w[i],
			       LF_LS_MAX_COUNT);
	}
	s->present = true;
}

static struct lf_lsclass *new_class(struct reader *r, const char *name)
{
	struct lf_lsclass c = { .name = xstrdup(name), .line = r->lineno };

	VEC_PUSH(&r->ls->classes, c);
	return &r->ls->classes.v[r->ls->classes.n - 1];
}

/* "%40s:" or "%38s-W:" / "%38s-R:".  Two classes may print one name
 * (lockdep cuts long ones), never one line twice: a copy would count
 * its acquisitions twice. */
static void stats_line(struct reader *r, char *line)
{
	char *name = line + strspn(line, " ");
	size_t n;
	char side = 0;
	struct lf_lsclass *c;
	const char *key = lf_intern(line);
	intptr_t first = (intptr_t)strmap_get(r->lines, key);

	if (first)
		lf_die("%s:%d: the class line of line %d again", r->ls->path,
		       r->lineno, (int)first);
	strmap_put(r->lines, key, (void *)(intptr_t)r->lineno);
	line[NAME_COLS] = 0;
	n = strlen(name);
	if (!n)
		bad(r, "a class name before the ':' in column 41", NULL);
	if (n > 2 && name[n - 2] == '-' && (name[n - 1] == 'W' || name[n - 1] == 'R')) {
		side = name[n - 1];
		name[n - 2] = 0;
	}
	/* -W comes first; -R follows it, or stands alone (read-only) */
	if (side == 'R' && r->last && r->last->rw && !r->last->read.present &&
	    !strcmp(r->last->name, name))
		c = r->last;
	else
		c = new_class(r, name);
	c->rw |= side != 0;
	numbers(r, line + NAME_COLS + 1, side == 'R' ? &c->read : &c->write);
	r->last = side == 'W' ? c : NULL;
}

/* "%40s %14lu %29s %pS": where the class was contended */
static void point_line(struct reader *r, char *line)
{
	struct lf_lockstat *ls = r->ls;
	char *w[5];
	unsigned long long count;
	int n = split(line + NAME_COLS + 1, w, 4);

	/* a module's symbol: "torture_shuffle+0x9a/0x160 [torture]" */
	if ((n != 3 && (n != 4 || w[3][0] != '[')) || !parse_ull(w[0], &count) ||
	    strncmp(w[1], "[<", 2))
		bad(r, "a contention point 'COUNT [<ADDRESS>] SYMBOL [MODULE]'", NULL);
	if (!ls->classes.n)
		bad(r, "a class line before its contention points", NULL);
	ls->classes.v[ls->classes.n - 1].points++;
}

static void body_line(struct reader *r, char *line)
{
	size_t len = strlen(line);

	if (!len || dash_line(line) || all_of(line, '.'))
		return;
	if (len <= NAME_COLS + 1)
		bad(r, "a class line ('NAME:' in 41 columns, then 12 numbers)",
		    line + strspn(line, " "));
	if (line[NAME_COLS] == ':')
		stats_line(r, line);
	else if (line[NAME_COLS] == ' ')
		point_line(r, line);
	else
		bad(r, "':' or ' ' in column 41 after the class name", NULL);
}

static void head_line(struct reader *r, char *line, int *state)
{
	switch (*state) {
	case 0:
		if (strncmp(line, "lock_stat version ", 18))
			bad(r, "'lock_stat version 0.4'", line);
		if (strcmp(line + 18, "0.4"))
			bad(r, "version 0.4 (the format of Linux 2.6.31 and later)",
			    line + 18);
		r->ls->version = "0.4";
		break;
	case 1:
		if (!strncmp(line, "*WARNING* lock debugging disabled", 33)) {
			r->ls->debug_off = true;
			return;		/* same state */
		}
		/* fall through */
	case 3:
		if (strlen(line) != RULE_LEN || !all_of(line, '-'))
			bad(r, xasprintf("a rule of %d dashes", RULE_LEN), NULL);
		break;
	case 2:
		header_row(r, line);
		break;
	case 4:
		if (*line)
			bad(r, "a blank line after the header", line);
		break;
	}
	(*state)++;
}

void lf_lockstat_load(const char *path, struct lf_lockstat *ls)
{
	size_t len;
	char *buf = lf_read_file(path, &len), *line, *nl;
	struct reader r = { .ls = ls, .lines = strmap_new() };
	int state = 0;

	if (!buf)
		lf_die("cannot read lock_stat %s: %s", path, strerror(errno));
	memset(ls, 0, sizeof(*ls));
	ls->path = path;
	if (memchr(buf, 0, len))
		lf_die("%s: not a text file (a NUL byte)", path);
	if (!len)
		lf_die("%s:1: empty: expected 'lock_stat version 0.4'", path);
	for (line = buf; *line; line = nl + 1) {
		r.lineno++;
		nl = strchr(line, '\n');
		if (!nl)
			lf_die("%s:%d: truncated: the last line has no newline",
			       path, r.lineno);
		if (nl - line > LF_LS_MAX_LINE)
			lf_die("%s:%d: line longer than %d bytes", path, r.lineno,
			       LF_LS_MAX_LINE);
		*nl = 0;
		if (state < 5)
			head_line(&r, line, &state);
		else
			body_line(&r, line);
	}
	if (state < 5)
		lf_die("%s:%d: truncated: the header ends early", path, r.lineno);
}

char *lf_lockstat_us(long long ns)
{
	return xasprintf("%lld.%02lld", ns / 1000, ns % 1000 / 10);
}
