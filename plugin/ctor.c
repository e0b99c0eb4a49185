// SPDX-License-Identifier: GPL-2.0
/*
 * ctor.c - one walk over static initialisers (bindings.c, aliases.c).
 */
#include "ctor.h"

static void walk(tree ref, tree ctor, location_t loc, lf_ctor_visit visit,
		 void *data, int depth)
{
	unsigned HOST_WIDE_INT i;
	tree field, value;

	/* nested initialisers are few levels deep; a bound keeps it so */
	if (depth > 8)
		return;
	FOR_EACH_CONSTRUCTOR_ELT(CONSTRUCTOR_ELTS(ctor), i, field, value) {
		bool member_field = field && TREE_CODE(field) == FIELD_DECL;
		tree member = NULL_TREE;

		if (!value)
			continue;
		if (ref && member_field)
			member = build3(COMPONENT_REF, TREE_TYPE(field), ref,
					field, NULL_TREE);
		if (TREE_CODE(value) == CONSTRUCTOR)
			walk(member, value, loc, visit, data, depth + 1);
		else if (member_field)
			visit(member, field, value,
			      EXPR_LOCATION(value) != UNKNOWN_LOCATION ?
			      EXPR_LOCATION(value) : loc, data);
	}
}

void lf_walk_ctor(tree ref, tree ctor, location_t loc, lf_ctor_visit visit,
		  void *data)
{
	walk(ref, ctor, loc, visit, data, 0);
}
