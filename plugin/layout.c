// SPDX-License-Identifier: GPL-2.0
/*
 * layout.c - struct sizes, padding holes, and the size with a spinlock_t.
 *
 * The plugin is the one place that knows the real layout for this
 * configuration (lockdep makes spinlock_t 4 bytes or 64), so it records
 * the facts; the report decides between an embedded lock and a hashed
 * array of locks.
 */
#include "compat.h"
#include "lockid.h"
#include "layout.h"

static bool known_size(tree t, unsigned HOST_WIDE_INT *out)
{
	tree size = t ? TYPE_SIZE_UNIT(t) : NULL_TREE;

	if (!size || !tree_fits_uhwi_p(size))
		return false;
	*out = tree_to_uhwi(size);
	return true;
}

/* The spinlock_t this unit declares, if it includes <linux/spinlock.h>;
 * caught as it is declared, since file-scope names are gone by the time
 * the passes run. */
static tree spinlock_t_type, spinlock_t_name;

void lf_layout_start_unit(void *gcc_data, void *user_data)
{
	spinlock_t_name = get_identifier("spinlock_t");
	spinlock_t_type = NULL_TREE;
}

/* Called for every declaration of the unit: one pointer compare. */
void lf_layout_finish_decl(void *gcc_data, void *user_data)
{
	tree decl = (tree)gcc_data;

	if (TREE_CODE(decl) == TYPE_DECL && DECL_NAME(decl) == spinlock_t_name)
		spinlock_t_type = TREE_TYPE(decl);
}

static tree spinlock_type(void)
{
	return spinlock_t_type;
}

static unsigned HOST_WIDE_INT round_up_to(unsigned HOST_WIDE_INT v,
					  unsigned HOST_WIDE_INT align)
{
	return align ? (v + align - 1) / align * align : v;
}

bool lf_layout_of(tree record, tree field, struct lf_layout_facts *out)
{
	unsigned HOST_WIDE_INT size, spin_size = 0, spin_align, end = 0;
	unsigned HOST_WIDE_INT align = TYPE_ALIGN_UNIT(record);
	tree spin = spinlock_type();

	memset(out, 0, sizeof(*out));
	if (!known_size(record, &size) || TREE_CODE(record) != RECORD_TYPE)
		return false;
	if (!lf_type_name(record, out->st, sizeof(out->st)))
		snprintf(out->st, sizeof(out->st), "<anonymous>");
	out->size = size;
	out->align = align;
	if (field && lf_decl_name(field))
		out->field = lf_decl_name(field);
	if (!spin || !known_size(spin, &spin_size))
		return true;
	spin_align = TYPE_ALIGN_UNIT(spin);
	out->spin_known = true;
	out->spin_size = spin_size;

	/* the first gap between members (or at the tail) a spinlock_t fits */
	for (tree f = TYPE_FIELDS(record); f; f = DECL_CHAIN(f)) {
		unsigned HOST_WIDE_INT start, bits;

		/* variable-sized or -placed members (GNU C): no layout */
		if (TREE_CODE(f) != FIELD_DECL || !DECL_SIZE(f) ||
		    !tree_fits_uhwi_p(DECL_SIZE(f)) ||
		    !tree_fits_shwi_p(bit_position(f)))
			continue;
		start = int_bit_position(f) / BITS_PER_UNIT;
		bits = tree_to_uhwi(DECL_SIZE(f));
		if (!out->hole && start > end &&
		    round_up_to(end, spin_align) + spin_size <= start) {
			out->hole = true;
			out->hole_offset = round_up_to(end, spin_align);
			out->hole_size = start - end;
		}
		end = MAX(end, (int_bit_position(f) + bits + BITS_PER_UNIT - 1)
			       / BITS_PER_UNIT);
	}
	if (!out->hole && round_up_to(end, spin_align) + spin_size <= size) {
		out->hole = true;
		out->hole_offset = round_up_to(end, spin_align);
		out->hole_size = size - end;
	}
	out->size_with_spinlock = out->hole ? size :
		round_up_to(round_up_to(end, spin_align) + spin_size,
			    MAX(align, spin_align));
	return true;
}
