// SPDX-License-Identifier: GPL-2.0
/*
 * tables.c - the tool's view of rules/: the tables are read and checked by
 * rules/reader.c (the reader the build runs too), then indexed here.
 *
 * The plugin compiles the same tables in; the tool reads them at run time
 * so that a tuned threshold takes effect without a rebuild, and so that
 * the verdicts always quote the numbers that produced them.  A threshold
 * the plugin uses is another matter (docs/DESIGN.md section 9): the
 * records were made with the value it was built with.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "lib/files.h"
#include "records/tables.h"

const char *lf_rules_dir(void)
{
	const char *env = getenv("LOCKFIT_RULES");

	return env && *env ? env : lf_files_path("rules");
}

/*
 * A threshold only the plugin reads shapes the records themselves: another
 * value here would change nothing but the text, so it is refused.  One
 * both read (rwlock_short_cost) is the report's to re-judge with, but the
 * compile's warnings used the built-in value: say so.
 */
static void plugin_thresholds(struct lf_rules *r, const struct lfr_tables *t)
{
	const char *path = t->thresholds_path;
	static bool said;	/* the rules may load twice (lockfit index) */

	for (int i = 0; i < LFR_T_COUNT; i++) {
		const struct lfr_threshold_info *ti = &lfr_threshold_info[i];

		if (!(ti->who & LFR_PLUGIN) || t->threshold[i] == lf_built_thresholds[i])
			continue;
		if (!(ti->who & LFR_TOOL))
			lf_die("%s:%d: %s %ld is not the plugin's %ld: it is compiled into "
			       "plugin/lockfit.so and shapes the records (change it in "
			       "rules/ and rebuild)", path, t->threshold_line[i],
			       ti->name, t->threshold[i], lf_built_thresholds[i]);
		if (!said)
			lf_err("%s:%d: warning: %s %ld is not the plugin's %ld: the "
			       "report judges with %ld, the compile's warnings used "
			       "%ld", path, t->threshold_line[i], ti->name,
			       t->threshold[i], lf_built_thresholds[i],
			       t->threshold[i], lf_built_thresholds[i]);
	}
	said = true;
}

/*
 * The plugin reads classes.tbl too (which sections are the rwlock check's,
 * which classes are locks): a class that waits or is judged otherwise
 * than the plugin was built with would be judged from records shaped for
 * another table.
 */
static char *module_names(unsigned judged)
{
	static const char *const names[] = {
#define LF_CHECKER(module, plugin, tool) #module,
#include "schema/checks.def"
	};
	struct strbuf sb = { 0 };

	for (int m = 0; m < LFR_MOD_COUNT; m++)
		if (judged & LFR_MOD_BIT(m))
			sb_printf(&sb, "%s%s", sb.len ? "," : "", names[m]);
	return judged ? sb_take(&sb) : xstrdup("-");
}

static void plugin_classes(const struct lfr_tables *t)
{
	for (size_t i = 0; i < lf_built_classes_count; i++) {
		const struct lfr_class *b = &lf_built_classes[i];
		const struct lfr_class *c = lfr_class(t, b->cls);

		if (c && (strcmp(c->waits, b->waits) || c->judged != b->judged))
			lf_die("%s/classes.tbl: class %s is not the plugin's (waits "
			       "%s, judged by %s): it is compiled into "
			       "plugin/lockfit.so and shapes the records (change it "
			       "in rules/ and rebuild)", t->dir, b->cls, b->waits,
			       module_names(b->judged));
	}
}

/* "guard(NAME)", kept for the run. */
static const char *guard_name(const char *name)
{
	char *g = xasprintf("guard(%s)", name);
	const char *kept = lf_intern(g);

	free(g);
	return kept;
}

static void index_rewrites(struct lf_rules *r, const struct lfr_tables *t)
{
	r->calls = strmap_new();
	r->rewritten = strmap_new();
	for (size_t i = 0; i < t->rewrites.n; i++) {
		const struct lfr_rewrite *rw = &t->rewrites.v[i];
		bool refused = !strcmp(rw->to, "-");
		char *key;

		if (!strcmp(rw->cat, "guard")) {
			/* a guard site's api is guard(NAME): the guard it becomes */
			key = xasprintf("%s %s guard(%s)", rw->kind, rw->when, rw->name);
			strmap_put(r->calls, key, (void *)(refused ? "-" :
				   guard_name(rw->to)));
			free(key);
			continue;
		}
		if (strcmp(rw->cat, "call"))
			continue;
		if (!refused) {
			key = xasprintf("%s %s", rw->kind, rw->name);
			strmap_put(r->rewritten, key, r);
			free(key);
		}
		key = xasprintf("%s %s %s", rw->kind, rw->when, rw->name);
		strmap_put(r->calls, key, (void *)(refused ? "-" : rw->to_name));
		free(key);
	}
}

static char *entry_key(const char *entry, int arg)
{
	return arg > 0 ? xasprintf("%s %d", entry, arg) : xstrdup(entry);
}

static void index_entries(struct lf_rules *r, const struct lfr_tables *t)
{
	r->entries = strmap_new();
	r->functions = strmap_new();
	r->user = strmap_new();
	r->config = strmap_new();
	for (size_t i = 0; i < t->entries.n; i++) {
		const struct lfr_entry *e = &t->entries.v[i];
		char *key;

		if (!strcmp(e->kind, "macro")) {
			VEC_PUSH(&r->macros, e);
			continue;
		}
		if (!strcmp(e->kind, "call") && e->name[strlen(e->name) - 1] == '*')
			VEC_PUSH(&r->call_families, e);
		if (!strcmp(e->kind, "user") || !strcmp(e->kind, "config")) {
			strmap_put(e->kind[0] == 'u' ? r->user : r->config,
				   e->name, (void *)e);
			continue;
		}
		if (!strcmp(e->kind, "role")) {
			VEC_PUSH(&r->roles, e);
			continue;
		}
		if (!strcmp(e->kind, "function")) {
			strmap_put(r->functions, e->name, (void *)e);
			continue;
		}
		key = entry_key(e->name, strcmp(e->kind, "call") ? -1 : atoi(e->arg));
		strmap_put(r->entries, key, (void *)e);
		free(key);
	}
}

const struct lfr_entry *lf_rules_entry(const struct lf_rules *r,
				       const char *entry, int arg)
{
	char *key = entry_key(entry, arg);
	const struct lfr_entry *e = strmap_get(r->entries, key);

	free(key);
	/* register_trace_sched_wakeup: the row register_trace_* */
	for (size_t i = 0; !e && i < r->call_families.n; i++) {
		const struct lfr_entry *f = r->call_families.v[i];
		size_t n = strlen(f->name) - 1;

		if (atoi(f->arg) == arg && !strncmp(f->name, entry, n) && entry[n])
			e = f;
	}
	return e;
}

const struct lfr_entry *lf_rules_function(const struct lf_rules *r,
					  const char *function)
{
	return strmap_get(r->functions, lf_fn_basename(function));
}

/* Is WORD one of NAME's '_'-separated words? */
static bool has_word(const char *name, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = name; (p = strstr(p, word)); p++)
		if ((p == name || p[-1] == '_') && (!p[n] || p[n] == '_'))
			return true;
	return false;
}

bool lf_rules_user(const struct lf_rules *r, const char *entry)
{
	return entry && strmap_get(r->user, entry);
}

bool lf_rules_config(const struct lf_rules *r, const char *entry)
{
	return entry && strmap_get(r->config, entry);
}

const struct lfr_entry *lf_rules_role(const struct lf_rules *r,
				      const char *function)
{
	const char *name = lf_fn_basename(function);

	for (size_t i = 0; i < r->roles.n; i++)
		if (has_word(name, r->roles.v[i]->name))
			return r->roles.v[i];
	return NULL;
}

const struct lfr_entry *lf_rules_macro(const struct lf_rules *r,
				       const char *function)
{
	const char *name = lf_fn_basename(function);
	const struct lfr_entry *best = NULL;

	for (size_t i = 0; i < r->macros.n; i++) {
		const struct lfr_entry *e = r->macros.v[i];
		size_t n = strlen(e->arg);

		if (!strncmp(name, e->arg, n) && name[n] &&
		    (!best || n > strlen(best->arg)))
			best = e;
	}
	return best;
}

static const struct lfr_primitive *primitive_row(const struct lfr_tables *t,
						 const char *name)
{
	for (size_t i = 0; i < t->primitives.n; i++)
		if (!strcmp(t->primitives.v[i].name, name))
			return &t->primitives.v[i];
	return NULL;
}

/* Exclusive takes and the drops that close them (serialized readers):
 * a lock class, unconditional, not a read or shared mode.  Key: the
 * name, with "+" for a take (the caller's own name holds no '+'). */
static void index_excl(struct lf_rules *r, const struct lfr_tables *t)
{
	r->excl = strmap_new();
	for (size_t i = 0; i < t->primitives.n; i++) {
		const struct lfr_primitive *p = &t->primitives.v[i];
		const struct lfr_primitive *take = p;
		bool is_take = !strcmp(p->action, "acquire");

		if (strcmp(p->mode, "excl") && strcmp(p->mode, "write"))
			continue;
		if (!is_take && strcmp(p->action, "release"))
			continue;
		/* a drop whose take is not a row still ends what it holds */
		if (!is_take && !(take = primitive_row(t, p->pair)))
			take = p;
		strmap_put(r->excl, is_take ? xasprintf("+%s", p->name) : p->name,
			   (void *)take->api);
	}
}

void lf_rules_load(struct lf_rules *r)
{
	struct lfr_tables t;

	memset(r, 0, sizeof(*r));
	r->dir = lf_rules_dir();
	lfr_read(&t, r->dir, lf_die);
#define X(name, who, min, max) r->name = t.threshold[LFR_T_##name];
	LFR_THRESHOLDS(X)
#undef X
	plugin_thresholds(r, &t);
	plugin_classes(&t);
	r->apis = strmap_new();
	r->pairs = strmap_new();
	for (size_t i = 0; i < t.primitives.n; i++) {
		char *key = xasprintf("%s %s", t.primitives.v[i].cls,
				      t.primitives.v[i].api);

		strmap_put(r->apis, key, r);
		free(key);
		strmap_put(r->pairs, t.primitives.v[i].name,
			   (void *)t.primitives.v[i].pair);
	}
	index_excl(r, &t);
	r->classes = strmap_new();
	for (size_t i = 0; i < t.classes.n; i++)
		strmap_put(r->classes, t.classes.v[i].cls, &t.classes.v[i]);
	index_rewrites(r, &t);
	r->lockclasses.v = t.lockclasses.v;
	r->lockclasses.n = t.lockclasses.n;
	r->lockcosts.v = t.lockcosts.v;
	r->lockcosts.n = t.lockcosts.n;
	r->hot = strmap_new();
	for (size_t i = 0; i < t.hot.n; i++)
		strmap_put(r->hot, t.hot.v[i], r);
	index_entries(r, &t);
	r->nogrow = strmap_new();
	for (size_t i = 0; i < t.nogrow.n; i++)
		strmap_put(r->nogrow, t.nogrow.v[i].name, (void *)t.nogrow.v[i].why);
	r->sleeping = strmap_new();
	for (size_t i = 0; i < t.sleeping.n; i++)
		strmap_put(r->sleeping, t.sleeping.v[i].name,
			   (void *)t.sleeping.v[i].why);
	r->rcu = strmap_new();
	for (size_t i = 0; i < t.rcu.n; i++) {
		char *key = xasprintf("%s %s", t.rcu.v[i].kind, t.rcu.v[i].name);

		strmap_put(r->rcu, key, &t.rcu.v[i]);
		free(key);
	}
}

const char *lf_rules_call(const struct lf_rules *r, const char *kind,
			  const char *api, const char *promote)
{
	char *key = promote ? xasprintf("%s promote=%s %s", kind, promote, api) : NULL;
	const char *to = key ? strmap_get(r->calls, key) : NULL;

	free(key);
	if (to)
		return to;
	key = xasprintf("%s - %s", kind, api);
	to = strmap_get(r->calls, key);
	free(key);
	return to;
}

bool lf_rules_rewrites_call(const struct lf_rules *r, const char *kind,
			    const char *api)
{
	char *key = xasprintf("%s %s", kind, api);
	bool found = strmap_get(r->rewritten, key) != NULL;

	free(key);
	return found;
}

bool lf_rules_is_hot(const struct lf_rules *r, const char *function)
{
	return strmap_get(r->hot, lf_fn_basename(function)) != NULL;
}

const char *lf_rules_nogrow(const struct lf_rules *r, const char *name)
{
	return strmap_get(r->nogrow, name);
}

const char *lf_rules_sleeps(const struct lf_rules *r, const char *callee)
{
	return strmap_get(r->sleeping, lf_fn_basename(callee));
}

const struct lfr_rcu *lf_rules_rcu(const struct lf_rules *r, const char *kind,
				   const char *callee)
{
	char *key = xasprintf("%s %s", kind, lf_fn_basename(callee));
	const struct lfr_rcu *row = strmap_get(r->rcu, key);

	free(key);
	return row;
}

const char *lf_rules_excl(const struct lf_rules *r, const char *callee,
			  bool *take)
{
	const char *fn = lf_fn_basename(callee);
	char *key = xasprintf("+%s", fn);
	const char *api = strmap_get(r->excl, key);

	free(key);
	*take = api != NULL;
	return api ? api : strmap_get(r->excl, fn);
}

const char *lf_rules_pair(const struct lf_rules *r, const char *primitive)
{
	const char *pair = strmap_get(r->pairs, primitive);

	return pair && strcmp(pair, "-") ? pair : NULL;
}

bool lf_rules_has_api(const struct lf_rules *r, const char *cls, const char *api)
{
	char *key = xasprintf("%s %s", cls, api);
	bool found = strmap_get(r->apis, key) != NULL;

	free(key);
	return found;
}

const struct lfr_lockcost *lf_rules_lockcost(const struct lf_rules *r,
					     const char *type)
{
	for (size_t i = 0; i < r->lockcosts.n; i++)
		if (!strcmp(r->lockcosts.v[i].type, type))
			return &r->lockcosts.v[i];
	return NULL;
}

static const struct lfr_class *class_row(const struct lf_rules *r,
					 const char *cls)
{
	return cls ? strmap_get(r->classes, cls) : NULL;
}

bool lf_rules_class_spins(const struct lf_rules *r, const char *cls)
{
	const struct lfr_class *c = class_row(r, cls);

	return c && !strcmp(c->waits, "spin");
}

bool lf_rules_class_sleeps(const struct lf_rules *r, const char *cls)
{
	const struct lfr_class *c = class_row(r, cls);

	return c && !strcmp(c->waits, "sleep");
}

bool lf_rules_class_judged(const struct lf_rules *r, const char *cls,
			   unsigned modules)
{
	const struct lfr_class *c = class_row(r, cls);

	return c && (c->judged & modules);
}

bool lf_rules_class_serves(const struct lf_rules *r, const char *cls,
			   unsigned fact)
{
	const struct lfr_class *c = class_row(r, cls);

	return c && (lfr_judged_facts(c->judged) & fact);
}

const char *lf_rules_class_type(const struct lf_rules *r, const char *cls)
{
	const struct lfr_class *c = class_row(r, cls);

	return c ? c->type : NULL;
}
