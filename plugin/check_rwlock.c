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
 *
 * A read section that updates shared state (the tracker's sec->writes:
 * rules/sharedwrites.tbl's calls, locked instructions) is still short,
 * but a spinlock_t would serialise its concurrent updaters: said so.
 */
#include "compat.h"
#include "diag.h"
#include "tracker.h"
#include "checks.h"

#define CHECK LF_CHECK_rwlock_spinlock

static bool section_short(const struct lf_section *sec)
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

static void check_function(struct function *, const struct lf_fn *fn,
			   struct lf_ctx_result *)
{
	unsigned i;
	struct lf_section *sec;

	if (!fn)
		return;
	FOR_EACH_VEC_ELT(fn->sections, i, sec) {
		const struct lf_event *acq = &fn->events[sec->acquire];
		const struct lf_lockid *id = &fn->locks[acq->lock];

		/* a spinning reader-writer lock: rwlock_t */
		if (!lf_class_judged(acq->cls, LFR_MOD_rwlock) ||
		    lf_classes[acq->cls].waits != LF_WAITS_spin ||
		    acq->prim->mode != LF_MODE_read)
			continue;
		if (sec->recursive) {
			check_recursion(fn, sec);
			continue;
		}
		if (id->kind == LF_ID_unknown || !section_short(sec) ||
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

const struct lf_plugin_check lf_plugin_rwlock = { check_function, NULL };
