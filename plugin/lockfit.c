// SPDX-License-Identifier: GPL-2.0
/*
 * lockfit.c - plugin entry: options, the GIMPLE pass, end-of-unit output.
 *
 * Options (-fplugin-arg-lockfit-KEY[=VALUE]):
 *   out=DIR        write this unit's records to DIR (docs/RECORDS.md);
 *                  without it, into the object's .discard.lockfit.records section
 *   warn=LIST      warn for these checks (comma list, or "all")
 *   srcroot=DIR    the kernel tree paths in records are relative to
 *                  (default: found from the compile, plugin/srcroot.c)
 *   calls=no       no "calls" records (the call graph: about half the output)
 *   objtree=DIR, cwd=DIR, config=HASH|none, modroot=DIR
 *                  a distributed compile: the client's objtree, working
 *                  directory (when not the objtree), configuration hash
 *                  and module directory (lockfit-cc)
 *   help           list the options and checks
 *
 * The pass runs after "ssa": lock macros are expanded but static inline
 * wrappers (spin_lock, bit_spin_lock) are still calls, so primitives are
 * seen by name (docs/DESIGN.md section 7), and SSA def chains lead from a lock
 * argument back to its object.
 */
#include "compat.h"
#include "plugin-version.h"
#include "schema/records.h"
#include "diag.h"
#include "recfile.h"
#include "tracker.h"
#include "ctx.h"
#include "bindings.h"
#include "aliases.h"
#include "checks.h"
#include "emit.h"
#include "calls.h"
#include "layout.h"

/*
 * The plugin is built with -fvisibility=hidden (Makefile): gcc looks up
 * only these two, and dlopen (RTLD_NOW) then resolves no symbol of ours.
 */
#define LF_EXPORT __attribute__((visibility("default")))

LF_EXPORT int plugin_is_GPL_compatible;

/*
 * The plugin's own new and delete (hidden, so gcc's are untouched), on
 * gcc's allocator: the plugin then needs no libstdc++.so, whose loading
 * was the larger part of the plugin's cost on a small unit.
 */
void *operator new(size_t size)
{
	return xmalloc(size);
}

void operator delete(void *p) noexcept
{
	free(p);
}

void operator delete(void *p, size_t) noexcept
{
	free(p);
}

static struct plugin_info lockfit_info = {
	.version = LF_VERSION,
	.help = "out=DIR\twrite records to DIR (default: into the object, section " LF_RECORDS_SECTION ")\n"
		"warn=CHECK[,CHECK]|all\tenable diagnostics (the checks listed below)\n"
		"srcroot=DIR\tthe kernel tree file names are relative to (default: from -include .../kconfig.h)\n"
		"calls=yes|no\tcall graph records (default yes)\n"
		"objtree=DIR\tthe client's kernel objtree (a distributed compile, lockfit-cc)\n"
		"cwd=DIR\tthe client's working directory, when not objtree= (a 6.13+ M= module)\n"
		"config=HASH|none\tthe client's configuration hash (with objtree=)\n"
		"modroot=DIR\tthe client's module directory, instead of KBUILD_EXTMOD\n"
		"verbose=yes|no\tnote function pointers bound to slots rules/entrypoints.tbl does not list\n",
};

static const pass_data lockfit_pass_data = {
	.type = GIMPLE_PASS,
	.name = "lockfit",
	.optinfo_flags = OPTGROUP_NONE,
	.tv_id = TV_PLUGIN_RUN,
	.properties_required = PROP_cfg | PROP_ssa,
	.properties_provided = 0,
	.properties_destroyed = 0,
	.todo_flags_start = 0,
	.todo_flags_finish = 0,
};

class lockfit_pass : public gimple_opt_pass {
public:
	lockfit_pass(gcc::context *ctxt)
		: gimple_opt_pass(lockfit_pass_data, ctxt) {}

	unsigned int execute(function *fun) final override
	{
		const char *name = lf_decl_name(fun->decl);
		struct lf_ctx_result *ctx;
		struct lf_fn *fn;

		lf_stats.functions++;
		/* The body of spin_lock() is the lock, not a use of it. */
		if (!fun->cfg || (name && lf_primitive_lookup(name)))
			return 0;
		/* the trackers' facts, the checks that read them, then
		 * the records of what was found */
		fn = lf_track(fun);
		ctx = fn ? lf_ctx_analyse(fn) : NULL;
		lf_checks_function(fun, fn, ctx);
		lf_calls_note(fun, ctx);
		lf_bindings_scan(fun);
		lf_aliases_scan(fun);
		if (fn) {
			lf_stats.locking++;
			lf_emit_function(fn, ctx);
			lf_fn_release(fn);
		}
		if (ctx)
			lf_ctx_release(ctx);
		return 0;
	}
};

/* kbuild's probe compiles read stdin or /dev/null: nothing to record. */
static bool is_probe_unit(void)
{
	const char *in = main_input_filename;

	return !in || !strcmp(in, "-") || !strcmp(in, "/dev/null") ||
	       !strcmp(in, "<stdin>");
}

static void finish_unit(void *gcc_data, void *user_data)
{
	lf_checks_finish();
	lf_track_finish();
	if (!is_probe_unit())
		lf_emit_finish();
	lf_cost_finish();
}

static void print_help(void)
{
	inform(UNKNOWN_LOCATION, "lockfit options: %s", lockfit_info.help);
	for (int i = 0; i < LF_NCHECKS; i++)
		if (lf_warning_name(i))
			inform(UNKNOWN_LOCATION, "lockfit check: %s",
			       lf_warning_name(i));
}

static int parse_args(struct plugin_name_args *info)
{
	for (int i = 0; i < info->argc; i++) {
		const char *key = info->argv[i].key;
		const char *value = info->argv[i].value;

		if (!strcmp(key, "help")) {
			print_help();
			continue;
		}
		if (!value || !*value) {
			error("lockfit: %<-fplugin-arg-lockfit-%s%> needs a value",
			      key);
			return 1;
		}
		if (!strcmp(key, "out"))
			lf_output_set_dir(value);
		else if (!strcmp(key, "warn")) {
			if (lf_enable_checks(value))
				return 1;
		} else if (!strcmp(key, "srcroot"))
			lf_set_srcroot(value);
		else if (!strcmp(key, "objtree") || !strcmp(key, "modroot") ||
			 !strcmp(key, "cwd")) {
			if (value[0] != '/') {
				error("lockfit: %<-fplugin-arg-lockfit-%s%> needs "
				      "an absolute directory, not %qs", key, value);
				return 1;
			}
			lf_set_client(key[0] == 'o' ? value : NULL,
				      key[0] == 'c' ? value : NULL, NULL,
				      key[0] == 'm' ? value : NULL);
		} else if (!strcmp(key, "config")) {
			if (strcmp(value, "none") && (strlen(value) != 16 ||
			    strspn(value, "0123456789abcdef") != 16)) {
				error("lockfit: %<-fplugin-arg-lockfit-config%> takes "
				      "16 hexadecimal digits or none, not %qs", value);
				return 1;
			}
			lf_set_client(NULL, NULL, value, NULL);
		}
		else if (!strcmp(key, "calls")) {
			if (strcmp(value, "yes") && strcmp(value, "no")) {
				error("lockfit: %<-fplugin-arg-lockfit-calls%> "
				      "takes yes or no, not %qs", value);
				return 1;
			}
			lf_calls_wanted = !strcmp(value, "yes");
		} else if (!strcmp(key, "verbose"))
			lf_bindings_verbose = !strcmp(value, "yes");
		else {
			error("lockfit: unknown option %<-fplugin-arg-lockfit-%s%>"
			      " (try %<-fplugin-arg-lockfit-help%>)", key);
			return 1;
		}
	}
	return 0;
}

/*
 * In the order of the kernel's scripts/gcc-plugins: the version check
 * before anything else (a plugin built for another GCC must not touch its
 * data structures), then the arguments, then every callback, all here.
 */
LF_EXPORT int plugin_init(struct plugin_name_args *info,
			  struct plugin_gcc_version *version)
{
	const char *name = info->base_name;
	struct register_pass_info pass_info;

	if (!plugin_default_version_check(version, &gcc_version)) {
		/* One line; with the same version number, the part that
		 * differs (a distribution's rebuild changes the configure
		 * arguments only). */
		const char *what =
			strcmp(version->basever, gcc_version.basever) ? NULL :
			strcmp(version->datestamp, gcc_version.datestamp) ? "date stamp" :
			strcmp(version->devphase, gcc_version.devphase) ? "development phase" :
			strcmp(version->revision, gcc_version.revision) ? "revision" :
			"configure arguments";

		if (what)
			error("lockfit: built for another build of GCC %s (its %s "
			      "differ%s): rebuild the plugin against this compiler",
			      gcc_version.basever, what,
			      strcmp(what, "configure arguments") ? "s" : "");
		else
			error("lockfit: built for GCC %s, but this is GCC %s: rebuild "
			      "the plugin against this compiler", gcc_version.basever,
			      version->basever);
		return 1;
	}
	if (parse_args(info))
		return 1;

	pass_info.pass = new lockfit_pass(g);
	pass_info.reference_pass_name = LF_PASS_AFTER;
	pass_info.ref_pass_instance_number = 1;
	pass_info.pos_op = PASS_POS_INSERT_AFTER;

	register_callback(name, PLUGIN_INFO, NULL, &lockfit_info);
	register_callback(name, PLUGIN_START_UNIT, lf_ctx_start_unit, NULL);
	register_callback(name, PLUGIN_START_UNIT, lf_layout_start_unit, NULL);
	register_callback(name, PLUGIN_FINISH_DECL, lf_layout_finish_decl, NULL);
	register_callback(name, PLUGIN_FINISH_DECL, lf_bindings_finish_decl, NULL);
	register_callback(name, PLUGIN_FINISH_DECL, lf_aliases_finish_decl, NULL);
	register_callback(name, PLUGIN_PASS_MANAGER_SETUP, NULL, &pass_info);
	register_callback(name, PLUGIN_FINISH_UNIT, finish_unit, NULL);
	return 0;
}
