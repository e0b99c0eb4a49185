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

/* Does a call of NAME update shared state (rules/sharedwrites.tbl)? */
static bool shared_write_name(const char *name)
{
	bool update = false;

	for (size_t i = 0; i < lf_shared_writes_count; i++) {
		const struct lf_shared_write *w = &lf_shared_writes[i];

		if (strncmp(name, w->prefix, strlen(w->prefix)))
			continue;
		if (!w->update)
			return false;
		update = true;
	}
	return update;
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

		if (name && shared_write_name(name))
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
