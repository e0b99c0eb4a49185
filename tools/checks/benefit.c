// SPDX-License-Identifier: GPL-2.0
/*
 * benefit.c - what a rewrite verdict buys (benefit.h).
 *
 * Per acquisition, from rules/lockcosts.tbl: an rwlock_t read section
 * is two locked read-modify-writes on the lock's cache line, a
 * spinlock_t section one (docs/DESIGN.md section 1); a
 * percpu_rw_semaphore reader none, its writer a grace period (section
 * 2).  What the rewrite gives up is said too: a spinlock_t lets one
 * reader in at a time.  With a lock_stat class, the measured
 * acquisitions turn the per-section difference into a count.
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "checks/rwlock_verdict.h"
#include "analysis/runtime.h"
#include "checks/benefit.h"

struct change {
	const struct lfr_lockcost *from, *to;
	int read_before, read_after;	/* shared atomics per read section */
	const struct lf_rt_lock *rt;	/* measured, or NULL */
	long long saved;		/* measured atomics saved */
};

/* A type's read section: its read side, else its only one. */
static int read_atomics(const struct lfr_lockcost *c)
{
	return c->read_atomics < 0 ? c->write_atomics : c->read_atomics;
}

static bool change_of(const struct lf_analysis *a, const struct lf_verdict *v,
		      struct change *c)
{
	const struct lf_lock *l = v->lock;
	enum lf_verdict_kind k = v->kind;

	if (k != LF_V_SPINLOCK && k != LF_V_PERCPU)
		return false;
	c->from = lf_rules_lockcost(&a->rules, lf_lock_type(l));
	c->to = lf_rules_lockcost(&a->rules, k == LF_V_SPINLOCK ? "spinlock_t" :
				  "percpu_rw_semaphore");
	if (!c->from || !c->to)
		return false;
	c->read_before = read_atomics(c->from);
	c->read_after = read_atomics(c->to);
	c->rt = lf_runtime_of(a, l->name);
	if (c->rt)
		c->saved = (long long)c->rt->read_acq * (c->read_before - c->read_after) +
			   (long long)c->rt->write_acq *
			   (c->from->write_atomics - c->to->write_atomics);
	return true;
}

static json_t *pair(json_t *before, json_t *after)
{
	return json_pack("{s:o, s:o}", "before", before, "after", after);
}

static json_t *ints(int before, int after)
{
	return pair(json_integer(before), json_integer(after));
}

static json_t *us(long long ns)
{
	return json_real(ns / 1000.0);
}

static json_t *measured(const struct change *c)
{
	const struct lf_rt_lock *r = c->rt;
	json_t *cls = json_array();

	for (size_t i = 0; i < r->classes.n; i++)
		json_array_append_new(cls, lf_json_str(r->classes.v[i]->name));
	return json_pack("{s:I, s:I, s:I, s:o, s:o, s:o, s:I, s:o}",
			 "read_acquisitions", (json_int_t)r->read_acq,
			 "write_acquisitions", (json_int_t)r->write_acq,
			 "contentions", (json_int_t)r->contentions,
			 "read_hold_avg", us(r->read_hold_avg),
			 "read_hold_max", us(r->read_hold_max),
			 "write_hold_avg", us(r->write_hold_avg),
			 "atomics_saved", (json_int_t)c->saved,
			 "class", cls);
}

json_t *lf_benefit_json(const struct lf_analysis *a, const struct lf_verdict *v)
{
	struct change c = { 0 };
	json_t *o;

	if (!change_of(a, v, &c))
		return json_null();
	o = json_object();
	json_object_set_new(o, "from", json_string(c.from->type));
	json_object_set_new(o, "to", json_string(c.to->type));
	json_object_set_new(o, "read_atomics", ints(c.read_before, c.read_after));
	json_object_set_new(o, "write_atomics", ints(c.from->write_atomics,
						      c.to->write_atomics));
	json_object_set_new(o, "bytes", ints(c.from->bytes, c.to->bytes));
	json_object_set_new(o, "percpu_bytes", ints(c.from->percpu_bytes,
						     c.to->percpu_bytes));
	json_object_set_new(o, "readers", pair(json_string(c.from->readers),
					       json_string(c.to->readers)));
	/* a lock never read-locked has no reader to lose */
	json_object_set_new(o, "reader_concurrency_lost", json_boolean(
		v->lock->nread && !strcmp(c.from->readers, "shared") &&
		strcmp(c.to->readers, "shared")));
	json_object_set_new(o, "writer", pair(json_string(c.from->writer),
					      json_string(c.to->writer)));
	json_object_set_new(o, "measured", c.rt ? measured(&c) : json_null());
	return o;
}

char *lf_benefit_text(const struct lf_analysis *a, const struct lf_verdict *v)
{
	const struct lf_lock *l = v->lock;
	struct change c = { 0 };
	struct strbuf sb = { 0 };

	if (!change_of(a, v, &c))
		return NULL;
	sb_printf(&sb, "%s -> %s: ", c.from->type, c.to->type);
	if (l->nread)
		sb_printf(&sb, "per read section %d -> %d shared atomics, ",
			  c.read_before, c.read_after);
	sb_printf(&sb, "per write section %d -> %d%s%s; %d -> %d bytes",
		  c.from->write_atomics, c.to->write_atomics,
		  l->nread ? "" : " shared atomics",
		  strcmp(c.to->writer, "grace-period") ? "" :
		  " and an RCU grace period", c.from->bytes, c.to->bytes);
	if (c.to->percpu_bytes != c.from->percpu_bytes)
		sb_printf(&sb, " (+%d per CPU)", c.to->percpu_bytes);
	if (!l->nread)
		sb_printf(&sb, "; never read-locked: no reader loses anything");
	else if (!strcmp(c.from->readers, "shared"))
		sb_printf(&sb, "; %s", strcmp(c.to->readers, "shared") ?
			  "readers no longer run side by side" :
			  "readers still run side by side");
	sb_printf(&sb, " (rules/lockcosts.tbl)");
	if (c.rt) {
		char *rh = lf_lockstat_us(c.rt->read_hold_avg);

		sb_printf(&sb, "; measured: %llu read, %llu write acquisitions, %llu "
			  "contentions, read hold %s us avg: %lld shared atomics %s",
			  c.rt->read_acq, c.rt->write_acq, c.rt->contentions, rh,
			  c.saved < 0 ? -c.saved : c.saved, c.saved < 0 ? "more" :
			  "fewer");
		free(rh);
	}
	return sb_take(&sb);
}
