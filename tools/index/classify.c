// SPDX-License-Identifier: GPL-2.0
/*
 * classify.c - what a use of a lock is (classify.h), from the call
 * around it: rules/primitives.tbl (read by rules/reader.c) gives take,
 * release, init and assert, rules/sourceforms.tbl the source forms it
 * does not hold and cleanup.h's guards.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "records/recparse.h"
#include "records/tables.h"
#include "index/classify.h"
#include "index/clex.h"
#include "index/state.h"

static const char *const what_names[] = {
	"take", "release", "init", "decl", "assert", "addr", "other",
};

const char *lf_use_what_name(enum lf_use_what w)
{
	return what_names[w];
}

/* name -> enum lf_use_what + 1, from primitives.tbl (GIMPLE names and the
 * api a developer writes) and sourceforms.tbl (the source-level forms
 * primitives.tbl does not list). */
static struct strmap *calls;
/* cleanup.h guard name -> its mode, from sourceforms.tbl's guard rows */
static struct strmap *guards;
/* call or guard name -> the lock class it takes ("" when rows disagree),
 * and lock type -> class (locktypes.tbl) */
static struct strmap *call_classes, *type_classes;
/* what the tables above were made of */
static uint64_t tables_hash;

static void put_call(const char *name, enum lf_use_what w)
{
	tables_hash = lf_index_fnv(tables_hash, name, strlen(name) + 1);
	tables_hash = lf_index_fnv(tables_hash, &w, sizeof(w));
	if (!strmap_get(calls, name))
		strmap_put(calls, name, (void *)(long)(w + 1));
}

static void put_class(struct strmap *m, const char *name, const char *cls)
{
	const char *had = strmap_get(m, name);

	tables_hash = lf_index_fnv(tables_hash, name, strlen(name) + 1);
	tables_hash = lf_index_fnv(tables_hash, cls, strlen(cls) + 1);
	if (!had)
		strmap_put(m, name, (void *)lf_intern(cls));
	else if (strcmp(had, cls))
		strmap_put(m, name, (void *)"");
}

void lf_use_tables_load(void)
{
	static const char *const contexts[] = { "preempt", "irq", "bh", "rcu_sched" };
	struct lf_rules r;
	struct lfr_tables t;

	calls = strmap_new();
	call_classes = strmap_new();
	type_classes = strmap_new();
	tables_hash = LF_FNV_INIT;
	lf_rules_load(&r);
	lfr_read(&t, r.dir, lf_die);
	for (size_t i = 0; i < t.primitives.n; i++) {
		const struct lfr_primitive *p = &t.primitives.v[i];
		const char *a = p->action;
		enum lf_use_what w = LF_USE_OTHER;
		bool ctx = false;

		for (size_t k = 0; k < ARRAY_SIZE(contexts); k++)
			ctx |= !strcmp(p->cls, contexts[k]);
		if (ctx)
			continue;
		if (!strcmp(a, "acquire") || !strcmp(a, "try") ||
		    !strcmp(a, "try0") || !strcmp(a, "spin"))
			w = LF_USE_TAKE;
		else if (!strcmp(a, "release") || !strcmp(a, "unspin"))
			w = LF_USE_RELEASE;
		else if (!strcmp(a, "init"))
			w = LF_USE_INIT;
		else if (!strcmp(a, "assert") || !strcmp(a, "query"))
			w = LF_USE_ASSERT;
		else if (!strcmp(a, "pass"))
			continue;	/* spinlock_check: a take's inner call */
		put_call(p->name, w);
		put_call(p->api, w);
		put_class(call_classes, p->name, p->cls);
		put_class(call_classes, p->api, p->cls);
	}
	for (size_t i = 0; i < t.locktypes.n; i++)
		put_class(type_classes, t.locktypes.v[i].type, t.locktypes.v[i].cls);
	guards = strmap_new();
	for (size_t i = 0; i < t.sourceforms.n; i++) {
		const struct lfr_sourceform *f = &t.sourceforms.v[i];

		if (f->cls) {
			strmap_put(guards, f->name, (void *)lf_intern(f->mode));
			put_class(call_classes, f->name, f->cls);
			tables_hash = lf_index_fnv(tables_hash, f->name, strlen(f->name) + 1);
			tables_hash = lf_index_fnv(tables_hash, f->mode, strlen(f->mode) + 1);
		}
		else
			put_call(f->name, !strcmp(f->what, "init") ?
				 LF_USE_INIT : LF_USE_ASSERT);
	}
}

static bool decl_like(const char *t, size_t bol, size_t s, size_t end)
{
	static const char *const not_types[] = { "return", "case", "goto",
		"else", "sizeof", "do" };
	size_t i = bol, words = 0;
	const char *after = t + end;

	for (; i < s; i++) {
		if (lf_c_ident_char((unsigned char)t[i])) {
			size_t w = i;

			while (i < s && lf_c_ident_char((unsigned char)t[i]))
				i++;
			for (size_t k = 0; k < ARRAY_SIZE(not_types); k++)
				if (i - w == strlen(not_types[k]) &&
				    !strncmp(t + w, not_types[k], i - w))
					return false;
			words++;
			i--;
		} else if (!isspace((unsigned char)t[i]) && t[i] != '*') {
			return false;
		}
	}
	while (*after == ' ' || *after == '\t')
		after++;
	return words && (strchr(";=[,", *after) || !strncmp(after, "__", 2));
}

/* The guard named by T[A..B) (blanks around it allowed), or NULL. */
static const char *guard_name(const char *t, size_t a, size_t b, const char **mode)
{
	char *name;
	const char *r = NULL;

	while (a < b && isspace((unsigned char)t[a]))
		a++;
	while (b > a && isspace((unsigned char)t[b - 1]))
		b--;
	name = xasprintf("%.*s", (int)(b - a), t + a);
	if ((*mode = strmap_get(guards, name)))
		r = lf_intern(name);
	free(name);
	return r;
}

static bool guard_call(const char **call, const char *macro, const char *g)
{
	char *c = xasprintf("%s(%s)", macro, g);

	*call = lf_intern(c);
	free(c);
	return true;
}

/*
 * A cleanup.h guard whose argument list opens at T[I]: guard(NAME)(&l),
 * or scoped_guard(NAME, &l) and scoped_cond_guard(NAME, fail, &l) (the
 * name before the '(' is CALLEE).  The call it makes ("guard(read_lock)",
 * "scoped_guard(write_lock_irq)") into *CALL and its mode into *MODE;
 * false if it is none, or its guard is not one of sourceforms.tbl.
 */
static bool guard_use(const char *t, size_t i, const char *callee,
		      const char **call, const char **mode)
{
	const char *g;
	size_t e = lf_c_back_space(t, i), open, n;

	if (!callee && e && t[e - 1] == ')') {
		/* guard(NAME)(...): the group before is NAME, "guard" before it */
		open = lf_c_back_group(t, e);
		n = lf_c_back_space(t, open);
		if (n < 5 || strncmp(t + n - 5, "guard", 5) ||
		    (n > 5 && lf_c_ident_char((unsigned char)t[n - 6])))
			return false;
		if (!(g = guard_name(t, open + 1, e - 1, mode)))
			return false;
		return guard_call(call, "guard", g);
	}
	if (!callee || (strcmp(callee, "scoped_guard") &&
			strcmp(callee, "scoped_cond_guard")))
		return false;
	n = i + 1 + strcspn(t + i + 1, ",);");
	if (t[n] != ',' || !(g = guard_name(t, i + 1, n, mode)))
		return false;
	return guard_call(call, callee, g);
}

/* A guard use is a take, or an init for 7.2's init guards
 * (guard(rwlock_init)(&l): sourceforms.tbl mode init), which have none. */
static enum lf_use_what guard_what(const char **mode)
{
	if (strcmp(*mode, "init"))
		return LF_USE_TAKE;
	*mode = NULL;
	return LF_USE_INIT;
}

/* What the use at offset O of T (line starting at BOL, name ending at
 * END) is. */
enum lf_use_what lf_use_classify(const char *t, size_t bol, size_t o,
				 size_t end, bool member, const char **call,
				 const char **mode)
{
	size_t s = member ? lf_c_expr_start(t, o) : o, b = lf_c_back_space(t, s);
	bool addr = b && t[b - 1] == '&' && (b < 2 || t[b - 2] != '&');
	size_t i = s, lim = s > 4000 ? s - 4000 : 0;
	int depth = 0;

	while (i > lim) {
		char c = t[--i];

		if (c == ')' || c == ']') {
			depth++;
		} else if (c == '(' || c == '[') {
			if (depth--)
				continue;
			if (c == '(') {
				size_t e = lf_c_back_space(t, i), n = e;
				char *name;
				long w;

				while (n && lf_c_ident_char((unsigned char)t[n - 1]))
					n--;
				if (n == e) {
					if (guard_use(t, i, NULL, call, mode))
						return guard_what(mode);
					break;
				}
				name = xasprintf("%.*s", (int)(e - n), t + n);
				if (guard_use(t, i, name, call, mode)) {
					free(name);
					return guard_what(mode);
				}
				w = (long)strmap_get(calls, name);
				if (!strncmp(name, "DEFINE_", 7) ||
				    !strncmp(name, "DECLARE_", 8))
					w = LF_USE_DECL + 1;
				else if (!w && (strstr(name, "_UNLOCKED") ||
						strstr(name, "_INITIALIZER")))
					w = LF_USE_INIT + 1;
				if (w)
					*call = lf_intern(name);
				free(name);
				if (w)
					return w - 1;
			}
			break;
		} else if (!depth && (c == ';' || c == '{' || c == '}')) {
			break;
		}
	}
	if (!member && decl_like(t, bol, s, end))
		return LF_USE_DECL;
	return addr ? LF_USE_ADDR : LF_USE_OTHER;
}

uint64_t lf_use_tables_hash(void)
{
	if (!calls)
		lf_use_tables_load();
	return tables_hash;
}

/* The lock class CALL (lf_use_classify's: "read_lock_bh",
 * "guard(mutex)") takes, or NULL: no lock call, or rows that disagree. */
const char *lf_use_call_class(const char *call)
{
	const char *open = call ? strchr(call, '(') : NULL, *cls;
	char *name;

	if (!call)
		return NULL;
	if (!calls)
		lf_use_tables_load();
	if (!open)
		cls = strmap_get(call_classes, call);
	else {
		name = xasprintf("%.*s", (int)strcspn(open + 1, ")"), open + 1);
		cls = strmap_get(call_classes, name);
		free(name);
	}
	return cls && *cls ? cls : NULL;
}

/* The lock class of lock type TYPE ("rwlock_t", "struct mutex"), or NULL. */
const char *lf_use_type_class(const char *type)
{
	const char *cls;

	if (!calls)
		lf_use_tables_load();
	cls = strmap_get(type_classes, type);
	return cls && *cls ? cls : NULL;
}
