// SPDX-License-Identifier: GPL-2.0
/*
 * identity.c - a lock identity (docs/RECORDS.md, "Names") as the use
 * index searches it (index.h: lf_ilock_parse): its kind, the word the
 * text holds, and for a member its type, tag and field path.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "records/recparse.h"
#include "index/clex.h"
#include "index/index.h"

static bool none(struct lf_ilock *l, const char *why)
{
	l->kind = LF_IK_NONE;
	l->why = xstrdup(why);
	return true;
}

bool lf_ilock_parse(struct lf_ilock *l, const char *id, char **why)
{
	const char *s = id, *sep;
	int kind = -1;
	size_t n;

	memset(l, 0, sizeof(*l));
	l->id = id;
	/*
	 * The grammar has one overlap: "local:F:V" is a static's form too
	 * (unit "local", function F).  A record writes it for a local
	 * pointer, so the local kind, after static in the list, wins.
	 */
	for (int i = 0; lf_lock_kinds[i]; i++)
		if ((kind < 0 || kind == LF_IK_static) &&
		    lf_lock_id_ok(id, lf_lock_kinds[i]))
			kind = i;
	if (kind < 0) {
		*why = xasprintf("'%s' is no lock identity (docs/RECORDS.md, "
				 "\"Names\")", id);
		return false;
	}
	if (strstr(id, " bit ") || strstr(id, " *"))
		return none(l, "a bit lock: its word is not a lock object");
	if (kind == LF_IK_param || kind == LF_IK_local)
		return none(l, "a parameter or local pointer: no name in the tree");
	if (kind == LF_IK_unknown)
		return none(l, "no identity");
	while (*s == '*')
		s++;
	n = strlen(s);
	while (n >= 2 && !strcmp(s + n - 2, "[]"))
		n -= 2;
	if (kind == LF_IK_member) {
		sep = strstr(s, "::");
		l->type = xasprintf("%.*s", (int)(sep - s), s);
		l->tag = xstrdup(strchr(l->type, ' ') ? strchr(l->type, ' ') + 1 : l->type);
		l->path = xasprintf("%.*s", (int)(n - (sep + 2 - s)), sep + 2);
		if (strstr(l->path, "[]"))
			return none(l, "an array element inside the member path");
		l->word = xstrdup(l->path);
		l->word[strcspn(l->word, ".")] = 0;
	} else if (kind == LF_IK_static) {
		sep = strrchr(s, ':');
		l->tu = xasprintf("%.*s", (int)(strchr(s, ':') - s), s);
		l->word = xasprintf("%.*s", (int)(n - (sep + 1 - s)), sep + 1);
	} else {
		l->word = xasprintf("%.*s", (int)n, s);
	}
	l->kind = kind;
	if (!lf_c_ident_ok(l->word, strlen(l->word)))
		return none(l, "no plain name to search for");
	l->indexed = true;
	return true;
}
