// SPDX-License-Identifier: GPL-2.0
/*
 * bitlock.c - what an open-coded bit lock does while it waits.
 *
 * The retry loop is the innermost loop around the test_and_set_bit()
 * call (events.c checked that its failure leads back there): its calls
 * say whether a waiter spins (cpu_relax()) or sleeps (wait_on_bit()).
 */
#include "compat.h"
#include "bitlock.h"
#include "emit.h"

/* A long loop is no retry loop of its own: a few calls say enough. */
#define RETRY_MAX 8

json_t *lf_bitlock_retry_json(const struct lf_event *acq)
{
	json_t *arr = json_array();
	basic_block bb = gimple_bb(acq->stmt);
	class loop *loop = bb->loop_father;
	basic_block *body;
	char buf[512];

	if (!loop || !loop_outer(loop))
		return arr;
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
			    json_array_size(arr) >= RETRY_MAX)
				continue;
			json_array_append_new(arr, json_pack("[oi]",
				lf_fn_json(lf_callee_name(callee, buf, sizeof(buf))),
				(int)LOCATION_LINE(lf_user_location(
					gimple_location(stmt)))));
		}
	}
	free(body);
	return arr;
}
