// SPDX-License-Identifier: GPL-2.0
/*
 * check_rwlock.c - rwlock read sections, one function at a time.
 *
 * A read section is "short" when no path through it loops, every call in
 * it has a known, bounded body, and its longest path is at most
 * rules/thresholds.tbl's rwlock_short_cost: readers then almost never
 * overlap and the rwlock only costs an extra atomic (docs/DESIGN.md section 1).
 * Whether the whole lock may become a spinlock_t is decided across files
 * by the report tool; here we only say what one section shows.
 */
#include "compat.h"
#include "diag.h"
#include "check_rwlock.h"

#define CHECK "rwlock-spinlock"

bool lf_rwlock_section_short(const struct lf_section *sec)
{
	return sec->cost_known && !sec->loop && !sec->open_at_exit &&
	       !sec->releases.is_empty() && sec->cost <= lf_rwlock_short_cost;
}

static void check_recursion(const struct lf_fn *fn, const struct lf_section *sec)
{
	const struct lf_event *acq = &fn->events[sec->acquire];
	unsigned i;
	int index;

	FOR_EACH_VEC_ELT(sec->nested, i, index) {
		const struct lf_event *again = &fn->events[index];

		if (!lf_same_lock_object(fn, acq, again))
			continue;
		lf_warn(again->loc, CHECK,
			"'%s' is read-acquired again while read-held: "
			"a spinlock_t here would deadlock",
			fn->locks[acq->lock].name);
		lf_note(acq->loc, "first read-acquired here");
	}
	for (i = 0; i < sec->nested_via.length(); i++) {
		const struct lf_nested_via *via = &sec->nested_via[i];
		char buf[512];

		if (strcmp(via->lock->name, fn->locks[acq->lock].name) ||
		    via->lock->kind == LF_ID_member)
			continue;
		lf_warn(lf_user_location(gimple_location(via->stmt)), CHECK,
			"'%s' is %s-acquired again inside %s() while read-held: "
			"a spinlock_t here would deadlock", via->lock->name,
			lf_mode_name(via->lock->mode),
			lf_callee_name(via->callee, buf, sizeof(buf)));
		lf_note(acq->loc, "first read-acquired here");
	}
}

/* Is event ACQ taken while another section of its own lock is held? */
static bool inside_own_lock(const struct lf_fn *fn, int acq)
{
	unsigned i, j;
	struct lf_section *sec;
	int index;

	FOR_EACH_VEC_ELT(fn->sections, i, sec)
		FOR_EACH_VEC_ELT(sec->nested, j, index)
			if (index == acq && lf_same_lock_object(fn,
					&fn->events[sec->acquire], &fn->events[acq]))
				return true;
	return false;
}

void lf_check_rwlock(const struct lf_fn *fn)
{
	unsigned i;
	struct lf_section *sec;

	FOR_EACH_VEC_ELT(fn->sections, i, sec) {
		const struct lf_event *acq = &fn->events[sec->acquire];
		const struct lf_lockid *id = &fn->locks[acq->lock];

		if (acq->cls != LF_CLASS_rwlock ||
		    acq->prim->mode != LF_MODE_read)
			continue;
		if (sec->recursive) {
			check_recursion(fn, sec);
			continue;
		}
		if (id->kind == LF_ID_unknown || !lf_rwlock_section_short(sec) ||
		    inside_own_lock(fn, sec->acquire))
			continue;
		if (!sec->writes.is_empty())
			lf_warn(acq->loc, CHECK,
				"read section of rwlock '%s' is short (%d insns, no "
				"loop, no call of unknown length) but updates shared "
				"state (line %d): a spinlock_t would serialise "
				"concurrent updaters", id->name, sec->cost,
				LOCATION_LINE(lf_user_location(
					gimple_location(sec->writes[0]))));
		else
			lf_warn(acq->loc, CHECK,
				"read section of rwlock '%s' is short (%d insns, no "
				"loop, no call of unknown length): a spinlock_t "
				"would save an atomic per entry", id->name, sec->cost);
	}
}

/*
 * Readers that write: an rwlock read side used as a shared lock for
 * concurrent updaters (eventpoll's lockless list adds).  A spinlock_t
 * serialises them; RCU readers would no longer exclude the writer.
 * Only the section's own statements are looked at, not callees' bodies.
 */

/* atomic_inc, atomic64_fetch_add, arch_atomic_long_cmpxchg ...: every
 * atomic*_ op but the plain reads and sets. */
static bool atomic_rmw_name(const char *name)
{
	static const char *const prefixes[] = {
		"atomic_long_", "atomic64_", "atomic_",
	};

	if (!strncmp(name, "arch_", 5))
		name += 5;
	else if (!strncmp(name, "raw_", 4))
		name += 4;
	for (unsigned i = 0; i < ARRAY_SIZE(prefixes); i++) {
		size_t n = strlen(prefixes[i]);

		if (!strncmp(name, prefixes[i], n))
			return strncmp(name + n, "read", 4) &&
			       strncmp(name + n, "set", 3) && name[n];
	}
	return false;
}

/* llist_add, list_add_tail, hlist_del_init ...: links a node in or out */
static bool list_update_name(const char *name)
{
	static const char *const prefixes[] = {
		"llist_add", "list_add", "list_del", "list_move",
		"hlist_add", "hlist_del",
	};

	for (unsigned i = 0; i < ARRAY_SIZE(prefixes); i++)
		if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

/* __atomic_fetch_add_4, __sync_val_compare_and_swap_8 ...: not the
 * loads, stores, fences and queries */
static bool builtin_rmw_name(const char *name)
{
	if (strncmp(name, "__atomic_", 9) && strncmp(name, "__sync_", 7))
		return false;
	return !strstr(name, "load") && !strstr(name, "store") &&
	       !strstr(name, "fence") && !strstr(name, "lock_free") &&
	       !strstr(name, "synchronize") && !strstr(name, "lock_release");
}

void lf_section_note_write(struct lf_section *sec, gimple *stmt)
{
	if (gasm *as = dyn_cast<gasm *>(stmt)) {
		const char *text = gimple_asm_string(as);

		/* x86: LOCK_PREFIX, or xchg (locked without it) */
		if (strstr(text, "lock") || strstr(text, "xchg"))
			sec->writes.safe_push(stmt);
		return;
	}
	if (is_gimple_call(stmt) && !gimple_call_internal_p(stmt)) {
		const char *name = lf_decl_name(gimple_call_fndecl(stmt));

		if (name && (atomic_rmw_name(name) || list_update_name(name) ||
			     builtin_rmw_name(name)))
			sec->writes.safe_push(stmt);
	}
}

json_t *lf_section_writes_json(const struct lf_section *sec)
{
	json_t *arr = json_array();
	unsigned i;
	gimple *stmt;

	FOR_EACH_VEC_ELT(sec->writes, i, stmt) {
		const char *what = is_gimple_call(stmt) ?
			lf_decl_name(gimple_call_fndecl(stmt)) : "asm";

		json_array_append_new(arr, json_pack("[si]", what,
			(int)LOCATION_LINE(lf_user_location(gimple_location(stmt)))));
	}
	return arr;
}
