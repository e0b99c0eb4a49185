// SPDX-License-Identifier: GPL-2.0
/*
 * reader_rcu.c - the one reader's part for rcu.tbl: KIND NAME | FORM |
 * why, what the RCU rewrite, the rcu verdict's reason and the rcu patch
 * check know about readers' and writers' calls.  An update, remove or
 * walk has
 * an RCU form that is an identifier; an rbtree call or a safe reference
 * has none ("-"); a reviving reference says what it must become.
 */
#include <stdbool.h>
#include <string.h>
#include "reader.h"
#include "reader_table.h"

static const char expected[] = "expected 'KIND NAME | FORM | reason'";

/* the part of *S up to the next '|' (or the end), trimmed; *S after it */
static char *column(const char **s)
{
	const char *bar = strchr(*s, '|');
	size_t n = bar ? (size_t)(bar - *s) : strlen(*s);
	char *c = lfr_trim(*s, n);

	*s += n + (bar != NULL);
	return c;
}

static size_t bars(const char *s)
{
	size_t n = 0;

	while ((s = strchr(s, '|')))
		n++, s++;
	return n;
}

static void check_form(struct table *tb, const char *kind, const char *form)
{
	bool has_rcu_form = lfr_has(" update remove walk", kind);

	if (has_rcu_form && !lfr_identifier(form, strlen(form)))
		lfr_fail(tb, "an update, remove or walk needs its RCU form, a name, not", form, NULL);
	if (!has_rcu_form && strcmp(kind, "revive") && strcmp(form, "-"))
		lfr_fail(tb, "an rbwalk, rbtree or ref row has no form ('-'), not", form, NULL);
	if (strpbrk(form, "\"\\"))	/* the template puts it in a python string */
		lfr_fail(tb, "a form without quotes or backslashes, not", form, NULL);
	if (!strcmp(kind, "revive") && !strcmp(form, "-"))
		lfr_fail(tb, "a revive row says what the reference must become, not '-'",
			 NULL, NULL);
}

void lfr_row_rcu(struct table *tb, const char *line)
{
	const char *s = line;
	char *head = column(&s), *form = column(&s), *why = column(&s);
	char *w[2];
	struct lfr_rcu r;

	if (bars(line) != 2 || !*form || !*why || lfr_split(head, w, 2) != 2 ||
	    !lfr_identifier(w[1], strlen(w[1])))
		lfr_fail(tb, expected, NULL, NULL);
	if (!lfr_has(" update remove walk rbwalk rbtree ref revive", w[0]))
		lfr_fail(tb, "unknown kind", w[0],
			 " (expected update, remove, walk, rbwalk, rbtree, ref or revive)");
	check_form(tb, w[0], form);
	lfr_once(tb, head, 0, "");
	r = (struct lfr_rcu){ w[0], w[1], form, why, tb->lineno };
	PUSH(&tb->t->rcu, r);
}

const struct lfr_rcu *lfr_rcu_row(const struct lfr_tables *t, const char *kind,
				  const char *name)
{
	for (size_t i = 0; i < t->rcu.n; i++)
		if (!strcmp(t->rcu.v[i].kind, kind) && !strcmp(t->rcu.v[i].name, name))
			return &t->rcu.v[i];
	return NULL;
}
