// SPDX-License-Identifier: GPL-2.0
/*
 * patch_via.c - the -D via option of a lock in an embedded struct:
 * struct netns_ipv6 is struct net's ipv6, and the use index found uses
 * reached through it (&net->ipv6.fib6_walker_lock), which
 * rwlock_to_spinlock rewrites with "-D via=OUTER.MEMBER".  One
 * embedding of one level; any other is refused with the reason, never
 * left half converted.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "index/index.h"
#include "patch/patch.h"

void lf_pjob_via(struct lf_pjob *j, const struct lf_ilock *l)
{
	const char *via, *sep;

	if (!l->vias.n || j->refused)
		return;
	via = l->vias.v[0];
	sep = strstr(via, "::");
	if (!j->kind->via)
		j->refused = xasprintf("its uses are reached through %s: the "
				       "%s rewrite does not follow an embedding",
				       lf_mail_esc(via), j->kind->name);
	else if (l->vias.n > 1)
		j->refused = xasprintf("its uses are reached through %zu embeddings "
				       "(%s, ...): the script follows one",
				       l->vias.n, lf_mail_esc(via));
	else if (strncmp(via, "struct ", 7) || !sep ||
		 !lf_is_ident(via + 7, sep - via - 7) ||
		 !lf_is_ident(sep + 2, strlen(sep + 2)))
		j->refused = xasprintf("its uses are reached through %s: the script "
				       "follows one member of a struct",
				       lf_mail_esc(via));
	else {
		char *opt = xasprintf("%.*s.%s", (int)(sep - via - 7), via + 7, sep + 2);

		lf_pjob_dopt(j, "via=%.*s", opt, strlen(opt));
		free(opt);
	}
}
