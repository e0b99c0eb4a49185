// SPDX-License-Identifier: GPL-2.0
/*
 * runtime.c - the runtime evidence stage (stage.h): /proc/lock_stat
 * classes mapped to lockfit's locks, their numbers summed per lock for
 * the verdicts (checks/rwlock_lockstat.c) and the report (docs/REPORT.md
 * "Runtime evidence").
 *
 * lockdep names a class after the expression its init site wrote
 * (rwlock_init(&sk->sk_callback_lock): "&sk->sk_callback_lock"), the
 * variable of a static definition (DEFINE_RWLOCK(tasklist_lock)), or what
 * lockdep_set_class*() gave it (rules/lockclasses.tbl).  A name is
 * mapped:
 *   - by rules/lockclasses.tbl, exactly or by prefix;
 *   - a plain name: the global or file-static lock of that name in the
 *     records (two statics of one name: ambiguous);
 *   - "&x->a.b", "&(x)->b", "(x).b", "&x->b[i]": the member identity of
 *     the records (any lock class, so that a spinlock's "&p->lock" is
 *     not taken for an rwlock's) whose path is the expression's last
 *     "->" step, or a shorter "." suffix of it (the identity names the
 *     innermost named struct); several structs with that member: the
 *     one whose tag is the variable's name or ends in "_" and it
 *     (&slots->lock: struct z3fold_buddy_slots), else ambiguous;
 *   - a member expression still ambiguous: the init sites of the tree
 *     (--tree, else the records' source root) whose one-argument init
 *     call has it as argument, as # spells it (index/inittext.c), in the
 *     code the records were built from: all of one of its candidates,
 *     that lock; of several locks, ambiguous, said with them.  No tree
 *     (--assume-complete): not looked up, said once.  Only these names
 *     are looked up: one the rules above map keeps its lock, and the
 *     tree is searched for tens of names, not for every class.
 * A spinlock's nested "&(&x->lock)->rlock" is its lock's "&x->lock";
 * "#N" (another init site of the same name) and "/N" (a subclass) are
 * the same lock.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "lib/util.h"
#include "lib/path.h"
#include "analysis/analysis.h"
#include "lib/cli.h"
#include "analysis/runtime.h"
#include "analysis/stage.h"
#include "index/index.h"
#include "index/inittext.h"
#include "index/pass.h"
#include "records/recdir.h"

/* One identity of the records, by the name a class could use. */
struct cand {
	const char *lock;
	const char *tag;	/* member: "sock"; else NULL */
};

/* How many candidates a variable name names (names_tag()), and one. */
struct tagged {
	size_t hits;
	const char *hit;
};

struct cands {
	struct cand *v;
	size_t n, cap;
	/* made on the first pick(): a class file names the same candidates
	 * again and again (100k "&p->lock#N" over 40k struct members) */
	struct strmap *bytag;	/* variable name -> struct tagged */
	const char *listed;	/* "a, b, c and N more" */
};

struct idx {
	struct strmap *names;	/* "tasklist_lock" -> struct cands */
	struct strmap *paths;	/* "sk_callback_lock", "a.b" -> struct cands */
	struct pairmap *added;	/* (key, lock) of either map: once each */
};

static void add_cand(struct idx *ix, struct strmap *m, const char *key,
		     const char *lock, const char *tag)
{
	struct cands *cs = strmap_get(m, key);
	struct cand c = { lock, tag };

	if (!cs) {
		cs = xcalloc(1, sizeof(*cs));
		strmap_put(m, key, cs);
	}
	if (pairmap_add(ix->added, key, lock, cs))
		VEC_PUSH(cs, c);
}

/* "struct sock::sk_callback_lock" -> "sk_callback_lock" with tag
 * "sock"; "*struct x::y[]" -> "y[]"; bit locks and bucket pointers
 * have no class. */
static void index_lock(struct idx *ix, const char *lock, const char *kind)
{
	const char *sep, *sp;
	char *tag;

	if (strstr(lock, " bit ") || strchr(lock, '('))
		return;
	if (!strcmp(kind, "global") || !strcmp(kind, "static")) {
		const char *name = strrchr(lock, ':');

		name = name ? name + 1 : lock;
		name += strspn(name, "*");
		add_cand(ix, ix->names, lf_intern(name), lock, NULL);
		return;
	}
	if (strcmp(kind, "member") || !(sep = strstr(lock, "::")))
		return;
	sp = strrchr(lock, ' ');
	if (!sp || sp > sep)
		sp = lock + strspn(lock, "*") - 1;
	tag = xasprintf("%.*s", (int)(sep - sp - 1), sp + 1);
	add_cand(ix, ix->paths, lf_intern(sep + 2), lock, lf_intern(tag));
	free(tag);
}

static void build_index(struct idx *ix, const struct lf_analysis *a)
{
	ix->names = strmap_new();
	ix->paths = strmap_new();
	ix->added = pairmap_new();
	for (size_t i = 0; i < a->recs.recs.n; i++) {
		const struct lf_rec *r = a->recs.recs.v[i];

		if ((r->kind == LF_REC_SECTION || r->kind == LF_REC_RELEASE_ONLY) &&
		    r->lock && r->lock_kind)
			index_lock(ix, r->lock, r->lock_kind);
	}
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$';
}

static bool is_ident(const char *s)
{
	if (!*s || isdigit((unsigned char)*s))
		return false;
	for (; *s; s++)
		if (!ident_char(*s))
			return false;
	return true;
}

/* "name#2/1" -> "name"; *TRUNC: lockdep may have cut it (seq_stats()
 * prints at most 37 bytes, less 2 for each suffix). */
static char *class_base(const char *name, bool *trunc)
{
	char *b = xstrdup(name);
	size_t n = strlen(b);
	int limit = 37;

	if (n > 2 && b[n - 2] == '/' && isdigit((unsigned char)b[n - 1])) {
		b[n -= 2] = 0;
		limit -= 2;
	}
	if (n > 2 && b[n - 2] == '#' && isdigit((unsigned char)b[n - 1])) {
		b[n -= 2] = 0;
		limit -= 2;
	}
	*trunc = (int)n >= limit;
	/* a spinlock's raw lock: "&(&x->lock)->rlock" */
	if (n > 10 && !strncmp(b, "&(&", 3) && !strcmp(b + n - 8, ")->rlock")) {
		memmove(b, b + 2, n - 10);
		b[n - 10] = 0;
	}
	return b;
}

static const char *table_lock(const struct lf_analysis *a, const char *base)
{
	for (size_t i = 0; i < a->rules.lockclasses.n; i++) {
		const char *c = a->rules.lockclasses.v[i].cls;
		size_t n = strlen(c);

		if (n && c[n - 1] == '*' ? !strncmp(base, c, n - 1) :
		    !strcmp(base, c))
			return a->rules.lockclasses.v[i].lock;
	}
	return NULL;
}

/* CS's candidates by the variable names that name them: a struct's
 * tag, or a part of it after a '_' ("slots" and "buddy_slots" for
 * z3fold_buddy_slots); and its list for messages. */
static void index_cands(struct cands *cs)
{
	struct plist *p = plist_new(3);

	cs->bytag = strmap_new();
	for (size_t i = 0; i < cs->n; i++) {
		const char *tag = cs->v[i].tag;

		plist_add(p, "%s", cs->v[i].lock);
		for (const char *s = tag; s && *s; s = strchr(s, '_') ? strchr(s, '_') + 1 : NULL) {
			struct tagged *t = strmap_get(cs->bytag, s);

			if (!t) {
				t = xcalloc(1, sizeof(*t));
				strmap_put(cs->bytag, s, t);
			}
			t->hits++;
			t->hit = cs->v[i].lock;
		}
	}
	cs->listed = xstrdup(plist_text(p));
}

/* Several: the one VAR names (the struct's tag, or its last words after
 * a '_'), else "ambiguous: a, b or c".  OBJECT: VAR is an object
 * ("(module_notify_list).rwsem"), not a pointer: its name says nothing
 * of its type, so even one candidate must be named. */
static const char *pick(struct cands *cs, const char *var, bool object,
			struct lf_rt_class *rc)
{
	const struct tagged *t;

	if (cs->n == 1 && !object)
		return cs->v[0].lock;
	if (!cs->bytag)
		index_cands(cs);
	t = var ? strmap_get(cs->bytag, var) : NULL;
	if (t && t->hits == 1)
		return t->hit;
	rc->ambiguous = cs->n > 1;
	rc->how = cs->n > 1 ? xasprintf("ambiguous: %s", cs->listed) :
		  xasprintf("the member of an object whose type the records do "
			    "not give (only %s has it)", cs->v[0].lock);
	return NULL;
}

/* "&x->a.b[i]": VAR "x", PATH "a.b[]"; the last "->" step only.
 * *OBJECT: no "->", VAR is an object ("(x).b", "x.b"). */
static bool split_expr(const char *base, char **var, char **path, bool *object)
{
	const char *s = base, *arrow, *end;
	struct strbuf v = { 0 }, p = { 0 };

	s += strspn(s, "&(");
	arrow = strstr(s, "->");
	end = s;
	while (ident_char(*end))
		end++;
	if (end == s)
		return false;
	sb_printf(&v, "%.*s", (int)(end - s), s);
	*object = !arrow;
	if (arrow) {
		const char *last;

		for (last = arrow; (arrow = strstr(last + 2, "->")); last = arrow) {
			const char *q = arrow;

			while (q > last + 2 && ident_char(q[-1]))
				q--;
			free(sb_take(&v));
			sb_printf(&v, "%.*s", (int)(arrow - q), q);
		}
		s = last + 2;
	} else {
		s = end + strspn(end, ")");
		if (*s != '.')
			return false;
		s++;
	}
	/* the member path: identifiers, '.', and "[...]" as "[]" */
	while (*s) {
		if (ident_char(*s) || *s == '.') {
			sb_printf(&p, "%c", *s++);
		} else if (*s == '[') {
			const char *close = strchr(s, ']');

			if (!close)
				return false;
			sb_printf(&p, "[]");
			s = close + 1;
		} else {
			return false;
		}
	}
	if (!p.len)
		return false;
	*var = sb_take(&v);
	*path = sb_take(&p);
	return true;
}

/* *AMB: the candidates of a member expression they leave ambiguous. */
static void map_class(const struct lf_analysis *a, struct idx *ix,
		      struct lf_rt_class *rc, struct cands **amb)
{
	bool trunc;
	char *base = class_base(rc->c->name, &trunc), *var, *path;
	struct cands *cs;
	bool object;

	if ((rc->lock = table_lock(a, base))) {
		rc->how = "rules/lockclasses.tbl";
	} else if (is_ident(base)) {
		cs = strmap_get(ix->names, lf_intern(base));
		rc->lock = cs ? pick(cs, NULL, false, rc) : NULL;
		rc->how = rc->lock ? "its name" : rc->how;
	} else if (split_expr(base, &var, &path, &object)) {
		/* "a.b.c", then "b.c", then "c" */
		for (const char *p = path; p && !rc->lock && !rc->ambiguous;
		     p = strchr(p, '.') ? strchr(p, '.') + 1 : NULL) {
			cs = strmap_get(ix->paths, lf_intern(p));
			if (cs)
				rc->lock = pick(cs, var, object, rc);
			if (cs && rc->ambiguous && !trunc)
				*amb = cs;
		}
		rc->how = rc->lock ? "its init expression" : rc->how;
		free(var);
		free(path);
	}
	if (!rc->lock && !rc->how)
		rc->how = trunc ? "no lock of the records (name maybe cut by lockdep)" :
			  "no lock of the records";
	free(base);
}

static struct lf_rt_lock *evidence(struct lf_runtime *rt, const char *lock,
				   const struct lf_lock *l, const struct lf_rules *ru)
{
	struct lf_rt_lock *e = strmap_get(rt->bylock, lock);

	if (!e) {
		e = xcalloc(1, sizeof(*e));
		e->lock = lock;
		e->rw = l && lf_rules_class_serves(ru, l->cls, LF_FACT_LOCKSTAT);
		strmap_put(rt->bylock, lock, e);
		if (l)
			VEC_PUSH(&rt->locks, e);
	}
	return e;
}

/* *SUM += V for class C of the file at PATH; a sum past
 * LF_LS_MAX_COUNT (or a time total past LLONG_MAX) is refused there. */
static void add_count(unsigned long long *sum, unsigned long long v,
		      const char *path, const struct lf_lsclass *c)
{
	if (__builtin_add_overflow(*sum, v, sum) || *sum > LF_LS_MAX_COUNT)
		lf_die("%s:%d: %s: the counts of its lock summed over its "
		       "classes exceed %llu", path, c->line, c->name,
		       LF_LS_MAX_COUNT);
}

static void add_side(const struct lf_lsside *s, unsigned long long *acq,
		     long long *total, long long *max, unsigned long long *cont,
		     const char *path, const struct lf_lsclass *c)
{
	if (!s->present)
		return;
	add_count(acq, s->acquisitions, path, c);
	if (__builtin_add_overflow(*total, s->hold_total, total))
		lf_die("%s:%d: %s: the hold time of its lock summed over its "
		       "classes overflows", path, c->line, c->name);
	if (s->hold_max > *max)
		*max = s->hold_max;
	add_count(cont, s->contentions, path, c);
}

static void sum(struct lf_rt_lock *e, const struct lf_lsclass *c,
		const char *path)
{
	VEC_PUSH(&e->classes, c);
	add_side(&c->write, &e->write_acq, &e->write_hold_total,
		 &e->write_hold_max, &e->contentions, path, c);
	add_side(&c->read, &e->read_acq, &e->read_hold_total,
		 &e->read_hold_max, &e->contentions, path, c);
	/* one class: the file's own averages; several: from the totals,
	 * cut to the file's 10 ns as lockdep_proc.c cuts them */
	if (e->classes.n == 1) {
		e->read_hold_avg = c->read.hold_avg;
		e->write_hold_avg = c->write.hold_avg;
		return;
	}
	e->read_hold_avg = e->read_acq ?
			   e->read_hold_total / (long long)e->read_acq / 10 * 10 : 0;
	e->write_hold_avg = e->write_acq ?
			    e->write_hold_total / (long long)e->write_acq / 10 * 10 : 0;
}

struct lf_runtime *lf_runtime_load(const char *path)
{
	struct lf_runtime *rt = xcalloc(1, sizeof(*rt));

	lf_lockstat_load(path, &rt->ls);
	rt->bylock = strmap_new();
	return rt;
}

/* The tree whose init sites are looked up: --tree, else the records'
 * source root if it is a kernel tree here; NULL (and why) if none. */
static const char *init_tree(struct lf_runtime *rt, const struct lf_analysis *a)
{
	const char *src = NULL, *obj = NULL;

	if (rt->opts.assume_complete) {
		rt->no_tree = "--assume-complete";
	} else if (rt->opts.tree) {
		if (!lf_is_dir(rt->opts.tree))
			lf_die("--tree %s: not a directory", rt->opts.tree);
		rt->tree = realpath(rt->opts.tree, NULL);
	} else if (lf_records_build_dirs(&a->recs, &src, &obj) &&
		   lf_kernel_tree(src)) {
		rt->tree = realpath(src, NULL);
	}
	if (!rt->tree && !rt->no_tree)
		rt->no_tree = "no source tree: give --tree DIR";
	return rt->tree;
}

static bool is_cand(const struct cands *cs, const char *lock)
{
	for (size_t i = 0; i < cs->n; i++)
		if (!strcmp(cs->v[i].lock, lock))
			return true;
	return false;
}

/* RC, ambiguous among CS by its name, decided by the init sites written
 * with it (TEXT) in the code the records were built from (BUILT: their
 * units and files; headers count, a .c file they never compiled does
 * not): all of one lock of CS, none untyped.  Several locks (one maybe
 * of a kind the records do not hold, a local_lock_t): ambiguous, said
 * with their sites. */
static void by_init(struct lf_runtime *rt, struct lf_rt_class *rc,
		    const struct cands *cs, const char *text,
		    const struct lf_initsites *sites, const struct strmap *built)
{
	const struct lf_initsite *first = NULL, *untyped = NULL;
	struct plist *p = plist_new(4);
	struct strmap *seen = strmap_new();
	size_t locks = 0;

	for (size_t i = 0; i < sites->n; i++) {
		const struct lf_initsite *s = &sites->v[i];

		size_t n = strlen(s->file);

		if (strcmp(s->text, text) || (n > 2 && !strcmp(s->file + n - 2, ".c") &&
					      !strmap_get(built, lf_intern(s->file))))
			continue;
		if (!s->lock) {
			untyped = untyped ? untyped : s;
			continue;
		}
		if (strmap_get(seen, s->lock))
			continue;
		strmap_put(seen, s->lock, (void *)s);
		plist_add(p, "%s (%s:%d)", s->lock, s->file, s->line);
		first = first ? first : s;
		locks++;
	}
	if (locks == 1 && !untyped && is_cand(cs, first->lock)) {
		rc->lock = first->lock;
		rc->ambiguous = false;
		rc->how = xasprintf("its init site %s:%d", first->file, first->line);
		rt->by_init++;
	} else if (locks > 1) {
		rc->how = xasprintf("init sites of different locks share its text: %s",
				    plist_text(p));
	} else if (locks == 1 && untyped) {
		rc->how = xasprintf("its init site %s:%d is of %s, but the type of "
				    "its init site %s:%d is not known", first->file,
				    first->line, first->lock, untyped->file,
				    untyped->line);
	}
}

/* The classes the records leave ambiguous among AMB[i], looked up in
 * the tree's init sites (index/inittext.c). */
static void init_sites(struct lf_runtime *rt, const struct lf_analysis *a,
		       struct cands **amb)
{
	struct lf_strv texts = { 0 };
	struct lf_initsites sites = { 0 };
	struct lf_index ix = { 0 };
	struct strmap *built = strmap_new();
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	bool trunc;

	struct strmap *once = strmap_new();

	for (size_t i = 0; i < rt->classes.n; i++)
		rt->looked_up += !!amb[i];
	if (!rt->looked_up || !init_tree(rt, a))
		return;
	for (size_t i = 0; i < rt->classes.n; i++)
		if (amb[i]) {
			char *base = class_base(rt->classes.v[i].c->name, &trunc);

			if (!strmap_get(once, base)) {
				strmap_put(once, base, once);
				lf_strv_add(&texts, base);
			}
			free(base);
		}
	ix.tree = rt->tree;
	ix.jobs = cpus > 0 ? (int)cpus : 1;
	ix.cache = rt->opts.no_cache ? NULL : lf_index_cache_dir();
	lf_index_cache_prepare(&ix);
	lf_index_init_sites(&ix, &texts, &sites);
	rt->spatch_failed = sites.failed;
	for (size_t i = 0; i < a->recs.recs.n; i++) {
		const struct lf_rec *r = a->recs.recs.v[i];

		if (r->tu)
			strmap_put(built, lf_intern(r->tu), built);
		if (r->file)
			strmap_put(built, lf_intern(r->file), built);
	}
	for (size_t i = 0; i < rt->classes.n; i++)
		if (amb[i]) {
			char *base = class_base(rt->classes.v[i].c->name, &trunc);

			by_init(rt, &rt->classes.v[i], amb[i], lf_intern(base),
				&sites, built);
			free(base);
		}
}

void lf_runtime_map(struct lf_runtime *rt, const struct lf_analysis *a)
{
	struct cands **amb = xcalloc(rt->ls.classes.n + 1, sizeof(*amb));
	struct idx ix;

	build_index(&ix, a);
	for (size_t i = 0; i < rt->ls.classes.n; i++) {
		struct lf_rt_class rc = { .c = &rt->ls.classes.v[i] };

		map_class(a, &ix, &rc, &amb[i]);
		VEC_PUSH(&rt->classes, rc);
	}
	init_sites(rt, a, amb);
	free(amb);
	for (size_t i = 0; i < rt->classes.n; i++) {
		const struct lf_rt_class rc = rt->classes.v[i];

		if (!rc.lock)
			continue;
		rt->mapped++;
		sum(evidence(rt, lf_intern(rc.lock),
			     lf_lock_find(&a->locks, rc.lock), &a->rules),
		    rc.c, rt->ls.path);
	}
	for (size_t i = 0; i < a->locks.locks.n; i++) {
		const struct lf_lock *l = a->locks.locks.v[i];

		if (lf_rules_class_serves(&a->rules, l->cls, LF_FACT_LOCKSTAT) &&
		    lf_kind_comparable(l->kind) && !strmap_get(rt->bylock, l->name))
			VEC_PUSH(&rt->absent, l->name);
	}
}

const struct lf_rt_lock *lf_runtime_of(const struct lf_analysis *a,
				       const char *lock)
{
	return a->runtime ? strmap_get(a->runtime->bylock, lf_intern(lock)) : NULL;
}

/* ---- output ---- */

static char *class_list(const struct lf_rt_lock *r)
{
	struct plist *p = plist_new(3);

	for (size_t i = 0; i < r->classes.n; i++)
		plist_add(p, "%s", r->classes.v[i]->name);
	return xstrdup(plist_text(p));
}

void lf_runtime_text_header(FILE *out, const struct lf_analysis *a)
{
	const struct lf_runtime *rt = a->runtime;
	struct plist *p = plist_new(5);

	if (!rt)
		return;
	for (size_t i = 0; i < rt->absent.n; i++)
		plist_add(p, "%s", rt->absent.v[i]);
	lf_fprintf(out, "lock_stat: %s (version %s%s, %zu classes, times in us): "
		   "%zu classes mapped, %zu of %zu rwlock/rwsem locks matched; "
		   "no class: %s\n", rt->ls.path, rt->ls.version,
		   rt->ls.debug_off ? ", lock debugging was off" : "",
		   rt->ls.classes.n, rt->mapped, rt->locks.n,
		   rt->locks.n + rt->absent.n, rt->absent.n ? plist_text(p) : "none");
}

void lf_runtime_text_lock(FILE *out, const struct lf_rt_lock *r, const char *indent)
{
	char *rh = lf_lockstat_us(r->read_hold_avg), *rm = lf_lockstat_us(r->read_hold_max);
	char *wh = lf_lockstat_us(r->write_hold_avg), *cls = class_list(r);

	if (!r->rw)
		lf_fprintf(out, "%sruntime: %llu acquisitions, hold %s us avg, "
			   "%llu contentions (class %s)\n", indent, r->write_acq,
			   wh, r->contentions, cls);
	else
		lf_fprintf(out, "%sruntime: %llu read, %llu write acquisitions%s; "
			   "read hold %s us avg, %s us max; write hold %s us avg; "
			   "%llu contentions (class %s)\n", indent, r->read_acq,
			   r->write_acq, r->read_acq ? "" : " (never read-acquired)",
			   rh, rm, wh, r->contentions, cls);
	free(rh);
	free(rm);
	free(wh);
	free(cls);
}

void lf_runtime_text(FILE *out, const struct lf_analysis *a)
{
	const struct lf_runtime *rt = a->runtime;
	size_t amb = 0;

	if (!rt)
		return;
	lf_fprintf(out, "\nruntime evidence (%s, times in us): %zu locks\n",
		   rt->ls.path, rt->locks.n);
	for (size_t i = 0; i < rt->locks.n; i++) {
		lf_fprintf(out, "  %s\n", rt->locks.v[i]->lock);
		lf_runtime_text_lock(out, rt->locks.v[i], "    ");
	}
	for (size_t i = 0; i < rt->classes.n; i++)
		if (rt->classes.v[i].ambiguous && amb++ < 10)
			lf_fprintf(out, "  class %s not mapped: %s\n",
				   rt->classes.v[i].c->name, rt->classes.v[i].how);
	if (rt->tree)
		lf_fprintf(out, "  init sites: %zu ambiguous member name%s looked up "
			   "in %s, %zu mapped by their init site%s%s\n", rt->looked_up,
			   lf_plural(rt->looked_up), rt->tree, rt->by_init,
			   rt->spatch_failed ? "; spatch failed, sites left untyped: " : "",
			   rt->spatch_failed ? rt->spatch_failed : "");
	else if (rt->no_tree)
		lf_fprintf(out, "  init sites: %zu ambiguous member name%s not looked "
			   "up in a source tree (%s)\n", rt->looked_up,
			   lf_plural(rt->looked_up), rt->no_tree);
}

static json_t *us(long long ns)
{
	return json_real(ns / 1000.0);
}

json_t *lf_runtime_json_lock(const struct lf_rt_lock *r)
{
	json_t *o = json_object(), *cls = json_array();

	for (size_t i = 0; i < r->classes.n; i++)
		json_array_append_new(cls, lf_json_str(r->classes.v[i]->name));
	if (r->rw) {
		json_object_set_new(o, "read_acquisitions", json_integer(r->read_acq));
		json_object_set_new(o, "write_acquisitions", json_integer(r->write_acq));
		json_object_set_new(o, "read_hold_avg", us(r->read_hold_avg));
		json_object_set_new(o, "read_hold_max", us(r->read_hold_max));
		json_object_set_new(o, "write_hold_avg", us(r->write_hold_avg));
	} else {
		json_object_set_new(o, "acquisitions", json_integer(r->write_acq));
		json_object_set_new(o, "hold_avg", us(r->write_hold_avg));
	}
	json_object_set_new(o, "contentions", json_integer(r->contentions));
	json_object_set_new(o, "class", cls);
	return o;
}

json_t *lf_runtime_json_summary(const struct lf_analysis *a)
{
	const struct lf_runtime *rt = a->runtime;
	json_t *absent = json_array(), *amb = json_array();

	for (size_t i = 0; i < rt->absent.n; i++)
		json_array_append_new(absent, lf_json_str(rt->absent.v[i]));
	for (size_t i = 0; i < rt->classes.n; i++)
		if (rt->classes.v[i].ambiguous)
			json_array_append_new(amb, json_pack("{s:o, s:o}",
				"class", lf_json_str(rt->classes.v[i].c->name),
				"why", lf_json_str(rt->classes.v[i].how)));
	return json_pack("{s:o, s:s, s:s, s:I, s:I, s:I, s:o, s:o, s:{s:o, s:o, s:I, s:I, s:o}}",
			 "file", lf_json_str(rt->ls.path), "version", rt->ls.version,
			 "unit", "us", "classes", (json_int_t)rt->ls.classes.n,
			 "mapped_classes", (json_int_t)rt->mapped,
			 "matched_locks", (json_int_t)rt->locks.n,
			 "locks_without_class", absent, "ambiguous_classes", amb,
			 "init_sites", "tree", rt->tree ? lf_json_str(rt->tree) : json_null(),
			 "not_looked_up", rt->no_tree ? lf_json_str(rt->no_tree) : json_null(),
			 "names", (json_int_t)rt->looked_up,
			 "mapped", (json_int_t)rt->by_init,
			 "spatch_failed", rt->spatch_failed ?
			 lf_json_str(rt->spatch_failed) : json_null());
}

/* lockfit explain LOCK: what LOCK measured, or that it has no class. */
static void explain(const struct lf_analysis *a, const char *lock)
{
	const struct lf_rt_lock *r = lf_runtime_of(a, lock);

	if (!a->runtime)
		return;
	lf_printf("\nruntime evidence from %s (lock_stat %s, times in us):\n",
		  a->runtime->ls.path, a->runtime->ls.version);
	if (r)
		lf_runtime_text_lock(stdout, r, "  ");
	else
		lf_printf("  no lock class of the file maps to this lock\n");
}

static void load(struct lf_analysis *a, const struct lf_evidence *e)
{
	if (e->lock_stat) {
		a->runtime = lf_runtime_load(e->lock_stat);
		a->runtime->opts = e->cov;
	}
}

static void map(struct lf_analysis *a)
{
	if (a->runtime)
		lf_runtime_map(a->runtime, a);
}

static json_t *json(const struct lf_analysis *a)
{
	return a->runtime ? lf_runtime_json_summary(a) : NULL;
}

const struct lf_stage lf_stage_runtime = {
	.name = "runtime",
	.load = load,
	.map = map,
	.text_header = lf_runtime_text_header,
	.text = lf_runtime_text,
	.json_key = "lock_stat",
	.json = json,
	.explain = explain,
};
