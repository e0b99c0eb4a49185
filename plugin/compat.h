/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compat.h - the one place where lockfit meets GCC's plugin headers.
 *
 * Every GCC-version difference lives here; the rest of the plugin includes
 * this file and nothing else from GCC.  Built and tested against GCC 12
 * (Debian gcc-12-plugin-dev); older releases get a clear #error instead of
 * a plugin that misbehaves.
 */
#ifndef LOCKFIT_COMPAT_H
#define LOCKFIT_COMPAT_H

/* Library headers first: GCC's system.h poisons some libc names. */
#include <jansson.h>

#include "gcc-plugin.h"
/* c-common.h must precede diagnostic-core.h (format checking). */
#include "c-family/c-common.h"
#include "version.h"
#include "bversion.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "cfg.h"
#include "cfganal.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "ssa.h"
#include "tree-ssa-operands.h"
#include "stringpool.h"
#include "cgraph.h"
#include "tree-inline.h"
#include "tree-cfg.h"
#include "diagnostic-core.h"
#include "langhooks.h"
#include "toplev.h"
#include "opts.h"
#include "cpplib.h"
#include "c-family/c-pragma.h"
#include "cfgloop.h"
#include "input.h"
#include "output.h"		/* asm_out_file */

#if BUILDING_GCC_MAJOR < 11
#error "lockfit needs GCC 11 or newer (pass_data layout, sbitmap API)"
#endif

/* The pass manager's view of "our" pass registration. */
#define LF_PASS_AFTER "ssa"

/* The GCC version string a plugin was built for, for the records. */
#define LF_GCC_VERSION version_string

static inline const char *lf_decl_name(tree decl)
{
	tree name = decl ? DECL_NAME(decl) : NULL_TREE;

	return name ? IDENTIFIER_POINTER(name) : NULL;
}

/* Where the developer wrote the macro, not where its body was spelled. */
static inline location_t lf_user_location(location_t loc)
{
	return linemap_resolve_location(line_table, loc,
					LRK_MACRO_EXPANSION_POINT, NULL);
}

/*
 * The assembler file of this unit, or NULL when there is none
 * (-fsyntax-only, -E).  At PLUGIN_FINISH_UNIT every function has been
 * output and the file is still open.
 */
static inline FILE *lf_asm_file(void)
{
	return asm_out_file;
}

/* A section that GNU as marks SHF_EXCLUDE ("e"): kept in the object, left
 * out of every executable or shared link, like GCC's own LTO sections.
 * push/pop leaves GCC's idea of the current section true. */
#define LF_ASM_PUSH_SECTION(name)	"\t.pushsection " name ",\"e\",@progbits\n"
#define LF_ASM_POP_SECTION		"\t.popsection\n"

#endif /* LOCKFIT_COMPAT_H */
