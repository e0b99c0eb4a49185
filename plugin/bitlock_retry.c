// SPDX-License-Identifier: GPL-2.0
/*
 * bitlock_retry.c - what an open-coded bit lock does while it waits.
 *
 * The retry loop is the innermost loop around the test_and_set_bit()
 * call (events.c checked that its failure leads back there): its calls
 * say whether a waiter spins (cpu_relax()) or sleeps (wait_on_bit()).
 */
#include "compat.h"
#include "bitlock_retry.h"

/* A long loop is no retry loop of its own: a few calls say enough. */
#define RETRY_MAX 8

void lf_bitlock_retry_calls(const struct lf_event *acq, auto_vec<gimple *> *out)
{
	basic_block bb = gimple_bb(acq->stmt);
	class loop *loop = bb->loop_father;
	basic_block *body;

	if (!loop || !loop_outer(loop))
		return;
	body = get_loop_body(loop);
	for (unsigned i = 0; i < loop->num_nodes; i++) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(body[i]); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			tree callee;

			if (stmt == acq->stmt || !is_gimple_call(stmt) ||
			    gimple_call_internal_p(stmt))
				continue;
			callee = gimple_call_fndecl(stmt);
			if ((callee && fndecl_built_in_p(callee)) ||
			    out->length() >= RETRY_MAX)
				continue;
			out->safe_push(stmt);
		}
	}
	free(body);
}
