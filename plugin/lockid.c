// SPDX-License-Identifier: GPL-2.0
/*
 * lockid.c - from a lock-pointer argument to a stable lock identity.
 *
 * At the pass lockfit runs after ("ssa"), the argument of a lock call is
 * an ADDR_EXPR (&global, &global.member) or an SSA name whose definition
 * chain leads to one (&p->member, a cast, spinlock_check(lock), a load of
 * a pointer field, a parameter).  We walk that chain a bounded number of
 * steps; everything else is named locally so that an acquire and its
 * release on the same pointer still pair up inside one function.
 */
#include "compat.h"
#include "rules.h"
#include "lockid.h"

#define LF_CHAIN_MAX 16	/* SSA definitions followed before giving up */

const char *lf_lockid_kind_name(enum lf_lockid_kind kind)
{
#define NAME(kind) #kind,
	static const char *const names[] = { LF_ENUM_LOCK_KIND(NAME) };
#undef NAME

	return names[kind];
}

/* "struct tag" if the type has a tag, else its typedef name. */
static const char *type_name_of(tree type, char *buf, size_t len)
{
	tree name = TYPE_NAME(type);

	if (name && TREE_CODE(name) == IDENTIFIER_NODE) {
		snprintf(buf, len, "%s %s",
			 TREE_CODE(type) == UNION_TYPE ? "union" : "struct",
			 IDENTIFIER_POINTER(name));
		return buf;
	}
	if (name && TREE_CODE(name) == TYPE_DECL && DECL_NAME(name)) {
		snprintf(buf, len, "%s", IDENTIFIER_POINTER(DECL_NAME(name)));
		return buf;
	}
	return NULL;
}

/* struct or union with a tag of its own (not only a typedef name) */
static bool has_tag(tree type)
{
	tree name = TYPE_NAME(TYPE_MAIN_VARIANT(type));

	return name && TREE_CODE(name) == IDENTIFIER_NODE;
}

/*
 * One name per type whatever the code calls it: "struct journal_s" both
 * for journal_t and struct journal_s, the typedef only for an anonymous
 * struct (rwlock_t, seqlock_t).
 */
const char *lf_type_name(tree type, char *buf, size_t len)
{
	if (!type)
		return NULL;
	return type_name_of(TYPE_MAIN_VARIANT(type), buf, len) ?:
	       type_name_of(type, buf, len);
}

/* spinlock_t is struct spinlock: rules/locktypes.tbl lists what people
 * write, so try the typedef first. */
const struct lf_locktype *lf_locktype_of(tree type)
{
	const struct lf_locktype *lt = NULL;
	char buf[256];

	if (!type)
		return NULL;
	if (type_name_of(type, buf, sizeof(buf)))
		lt = lf_locktype_lookup(buf);
	if (!lt && lf_type_name(type, buf, sizeof(buf)))
		lt = lf_locktype_lookup(buf);
	return lt;
}

const char *lf_function_id(tree fndecl, char *buf, size_t len)
{
	const char *name = lf_decl_name(fndecl);

	if (!name)
		name = "<anonymous>";
	if (TREE_PUBLIC(fndecl))
		snprintf(buf, len, "%s", name);
	else
		snprintf(buf, len, "%s:%s", lf_tu_file(), name);
	return buf;
}

const char *lf_callee_name(tree callee, char *buf, size_t len)
{
	if (!callee)
		return "<indirect>";
	return lf_function_id(callee, buf, len);
}

static void set_id(struct lf_lockid *id, enum lf_lockid_kind kind,
		   const char *name, tree type)
{
	id->kind = kind;
	id->name = xstrdup(name);
	id->type = type;
}

/* A lock that cannot be named: "?", and why (the unknown record's reason). */
static void set_unknown(struct lf_lockid *id, const char *why, tree type)
{
	set_id(id, LF_ID_unknown, "?", type);
	id->why = why;
}

/* A named object: global, file-static, function-static or automatic. */
static bool name_decl(struct function *fun, tree decl, char *buf, size_t len,
		      enum lf_lockid_kind *kind)
{
	char fnbuf[512];
	const char *name = lf_decl_name(decl);

	if (!name)
		return false;
	if (TREE_CODE(decl) != VAR_DECL)
		return false;
	if (TREE_PUBLIC(decl) || DECL_EXTERNAL(decl)) {
		snprintf(buf, len, "%s", name);
		*kind = LF_ID_global;
	} else if (TREE_STATIC(decl)) {
		tree ctx = DECL_CONTEXT(decl);

		if (ctx && TREE_CODE(ctx) == FUNCTION_DECL)
			snprintf(buf, len, "%s:%s:%s", lf_tu_file(),
				 lf_decl_name(ctx), name);
		else
			snprintf(buf, len, "%s:%s", lf_tu_file(), name);
		*kind = LF_ID_static;
	} else {
		snprintf(buf, len, "local:%s:%s",
			 lf_function_id(fun->decl, fnbuf, sizeof(fnbuf)), name);
		*kind = LF_ID_local;
	}
	return true;
}

static void resolve_pointer(struct function *fun, tree ptr,
			    struct lf_lockid *id, int depth);

/*
 * REF is the lock object itself (the operand of an ADDR_EXPR).  Collect
 * the member path from the outside in, then name its base.
 */
/*
 * REF is the lock object itself (the operand of an ADDR_EXPR).  A lock
 * inside a struct is named by the innermost named struct that holds it,
 * "struct fown_struct::lock", whether the code reached it as
 * &filp->f_owner.lock, &fown->lock or a global's member: one lock, one
 * name.  (Several objects of that type share the name; verdicts are then
 * decided over all of them, which errs on the safe side.)  Only a lock
 * that is a whole variable, or an element of an array variable, is named
 * by the variable.
 */
static void resolve_object(struct function *fun, tree ref,
			   struct lf_lockid *id, int depth)
{
	char path[512] = "", buf[768], tbuf[256];
	const char *pieces[16];
	tree lock_type = TREE_TYPE(ref), member = NULL_TREE, named = NULL_TREE;
	tree untagged = NULL_TREE;
	enum lf_lockid_kind kind;
	int n = 0, cut = -1, untagged_cut = -1;
	bool members;

	if (TREE_CODE(ref) == COMPONENT_REF)
		member = TREE_OPERAND(ref, 1);
	/* Members come innermost first; anonymous members have no name and
	 * are reached as if they were not there (C11), so add no piece, but
	 * the named struct holding one names the lock (mm_struct's
	 * mmap_lock is in an anonymous struct, nfs_inode's rmdir_sem in an
	 * anonymous union's).  A struct known only by its typedef names
	 * the lock only if no tagged struct holds it: 7.2's struct slab
	 * keeps its flags in a memdesc_flags_t, &slab->flags.f is
	 * "struct slab::flags.f", not one lock of every page and slab. */
	while ((TREE_CODE(ref) == COMPONENT_REF || TREE_CODE(ref) == ARRAY_REF)
	       && n < 16) {
		if (TREE_CODE(ref) == ARRAY_REF) {
			pieces[n++] = "[]";
		} else {
			tree holder = TREE_TYPE(TREE_OPERAND(ref, 0));

			if (lf_decl_name(TREE_OPERAND(ref, 1)))
				pieces[n++] = lf_decl_name(TREE_OPERAND(ref, 1));
			if (cut < 0 && n && has_tag(holder)) {
				named = holder;
				cut = n;
			} else if (untagged_cut < 0 && n &&
				   lf_type_name(holder, tbuf, sizeof(tbuf))) {
				untagged = holder;
				untagged_cut = n;
			}
		}
		ref = TREE_OPERAND(ref, 0);
	}
	if (!named && untagged) {
		named = untagged;
		cut = untagged_cut;
	}
	if (named) {
		lf_type_name(named, tbuf, sizeof(tbuf));
		while (cut-- > 0) {
			size_t len = strlen(path);

			snprintf(path + len, sizeof(path) - len, "%s%s",
				 len && strcmp(pieces[cut], "[]") ? "." : "",
				 pieces[cut]);
		}
		snprintf(buf, sizeof(buf), "%s::%s", tbuf, path);
		set_id(id, LF_ID_member, buf, lock_type);
		id->decl = member;
		return;
	}
	members = n > 0;
	while (n-- > 0) {
		size_t len = strlen(path);

		snprintf(path + len, sizeof(path) - len, "%s", pieces[n]);
	}

	if (DECL_P(ref)) {
		if (!name_decl(fun, ref, buf, sizeof(buf), &kind))
			goto unknown;
		strncat(buf, path, sizeof(buf) - strlen(buf) - 1);
		set_id(id, kind, buf, lock_type);
		id->decl = ref;
		return;
	}

	if (TREE_CODE(ref) == MEM_REF && !path[0] &&
	    integer_zerop(TREE_OPERAND(ref, 1))) {
		/* *p: the lock is what p points to */
		resolve_pointer(fun, TREE_OPERAND(ref, 0), id, depth + 1);
		return;
	}
unknown:
	set_unknown(id, members ? "the lock is a member of a struct that has no name, "
		    "reached from no named object" :
		    DECL_P(ref) ? "the lock is an object that is no named variable" :
		    TREE_CODE(ref) == MEM_REF ? "the lock is at an offset from a "
		    "pointer, not a member of a named struct" :
		    "the lock is an expression the plugin does not follow",
		    lock_type);
}

/* The lock pointer of a cleanup.h guard, class_NAME_t::lock: the guard's
 * own field, never a lock of its own. */
static bool guard_lock_field(tree ref)
{
	char buf[256];
	const char *type;
	size_t n;

	if (TREE_CODE(ref) != COMPONENT_REF ||
	    strcmp(lf_decl_name(TREE_OPERAND(ref, 1)) ?: "", "lock"))
		return false;
	type = lf_type_name(TREE_TYPE(TREE_OPERAND(ref, 0)), buf, sizeof(buf));
	n = type ? strlen(type) : 0;
	return n > 8 && !strncmp(type, "class_", 6) && !strcmp(type + n - 2, "_t");
}

/* A pointer loaded from memory: the lock is *(that field). */
static void resolve_loaded(struct function *fun, tree ref,
			   struct lf_lockid *id, int depth)
{
	struct lf_lockid field = {};
	char buf[800];

	if (fun && guard_lock_field(ref)) {
		/* a guard rules/primitives.tbl lacks (rq_lock): in its
		 * constructor the field holds the parameter of that type; in
		 * its destructor, what the guard parameter holds */
		tree base = TREE_OPERAND(ref, 0), g;

		for (tree p = DECL_ARGUMENTS(fun->decl); p; p = DECL_CHAIN(p))
			if (TYPE_MAIN_VARIANT(TREE_TYPE(p)) ==
			    TYPE_MAIN_VARIANT(TREE_TYPE(ref))) {
				resolve_pointer(fun, p, id, depth + 1);
				return;
			}
		g = TREE_CODE(base) == MEM_REF ? TREE_OPERAND(base, 0) : NULL_TREE;
		if (g && TREE_CODE(g) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF(g) &&
		    SSA_NAME_VAR(g) && TREE_CODE(SSA_NAME_VAR(g)) == PARM_DECL) {
			resolve_pointer(fun, g, id, depth + 1);
			snprintf(buf, sizeof(buf), "*%s", id->name);
			free(id->name);
			id->name = xstrdup(buf);
			id->guard = true;
			return;
		}
		set_unknown(id, "a cleanup.h guard's lock field that is no "
			    "parameter of its constructor or destructor", NULL);
		return;
	}
	resolve_object(fun, ref, &field, depth + 1);
	if (field.kind == LF_ID_unknown || field.kind == LF_ID_local) {
		lf_lockid_release(&field);
		set_unknown(id, "the lock pointer is loaded from memory that has "
			    "no name (a local or unnamed object)", NULL);
		return;
	}
	snprintf(buf, sizeof(buf), "*%s", field.name);
	set_id(id, field.kind, buf, NULL);
	/* *p, p a parameter: the caller passes where the lock pointer is
	 * kept, a class variable for a DEFINE_CLASS destructor whose value
	 * is the lock pointer (7.2's kernfs_node_lock): a guard */
	id->param = field.param;
	id->guard = field.kind == LF_ID_param;
	lf_lockid_release(&field);
}

static int param_index(struct function *fun, tree parm)
{
	int i = 1;

	for (tree p = DECL_ARGUMENTS(fun->decl); p; p = DECL_CHAIN(p), i++)
		if (p == parm)
			return i;
	return 0;
}

static void name_local(struct function *fun, tree ssa, struct lf_lockid *id)
{
	char buf[768], fnbuf[512];
	tree var = SSA_NAME_VAR(ssa);
	const char *vname = var ? lf_decl_name(var) : NULL;

	if (vname)
		snprintf(buf, sizeof(buf), "local:%s:%s",
			 lf_function_id(fun->decl, fnbuf, sizeof(fnbuf)), vname);
	else
		snprintf(buf, sizeof(buf), "local:%s:_%u",
			 lf_function_id(fun->decl, fnbuf, sizeof(fnbuf)),
			 SSA_NAME_VERSION(ssa));
	set_id(id, LF_ID_local, buf, NULL);
}

static void resolve_pointer(struct function *fun, tree ptr,
			    struct lf_lockid *id, int depth)
{
	gimple *def;

	STRIP_NOPS(ptr);
	if (depth > LF_CHAIN_MAX) {
		set_unknown(id, "the lock pointer's definitions are more than "
			    "16 steps long", NULL);
		return;
	}
	if (TREE_CODE(ptr) == ADDR_EXPR) {
		resolve_object(fun, TREE_OPERAND(ptr, 0), id, depth);
		return;
	}
	if (TREE_CODE(ptr) == PARM_DECL) {
		char buf[768], fnbuf[512];
		int n = param_index(fun, ptr);

		snprintf(buf, sizeof(buf), "param:%s:%d",
			 lf_function_id(fun->decl, fnbuf, sizeof(fnbuf)), n);
		set_id(id, LF_ID_param, buf, NULL);
		id->param = n;
		return;
	}
	if (TREE_CODE(ptr) == VAR_DECL && (TREE_STATIC(ptr) || DECL_EXTERNAL(ptr))) {
		/* a global pointer variable: the lock is *ptr */
		resolve_loaded(fun, ptr, id, depth);
		return;
	}
	if (TREE_CODE(ptr) != SSA_NAME) {
		set_unknown(id, "the lock pointer is an expression the plugin "
			    "does not follow", NULL);
		return;
	}

	if (SSA_NAME_IS_DEFAULT_DEF(ptr)) {
		tree var = SSA_NAME_VAR(ptr);

		if (var && TREE_CODE(var) == PARM_DECL) {
			resolve_pointer(fun, var, id, depth + 1);
			return;
		}
		name_local(fun, ptr, id);
		return;
	}

	def = SSA_NAME_DEF_STMT(ptr);
	if (is_gimple_assign(def)) {
		enum tree_code code = gimple_assign_rhs_code(def);
		tree rhs = gimple_assign_rhs1(def);

		if (gimple_assign_single_p(def) &&
		    (TREE_CODE(rhs) == COMPONENT_REF || TREE_CODE(rhs) == MEM_REF ||
		     TREE_CODE(rhs) == ARRAY_REF ||
		     (TREE_CODE(rhs) == VAR_DECL && is_global_var(rhs)))) {
			resolve_loaded(fun, rhs, id, depth);
			return;
		}
		if (gimple_assign_single_p(def) || CONVERT_EXPR_CODE_P(code)) {
			resolve_pointer(fun, rhs, id, depth + 1);
			return;
		}
		/* &p->locks[i] with p->locks a pointer: base + i * size.  A
		 * constant offset (container_of) is another object: local. */
		if (code == POINTER_PLUS_EXPR &&
		    TREE_CODE(gimple_assign_rhs2(def)) != INTEGER_CST) {
			resolve_pointer(fun, rhs, id, depth + 1);
			if (id->kind == LF_ID_global || id->kind == LF_ID_static ||
			    id->kind == LF_ID_member) {
				char *name = concat(id->name, "[]", NULL);

				free(id->name);
				id->name = name;
				return;
			}
			lf_lockid_release(id);
		}
	} else if (is_gimple_call(def)) {
		const struct lf_primitive *prim;
		tree callee = gimple_call_fndecl(def);

		prim = callee ? lf_primitive_lookup(lf_decl_name(callee) ?: "")
			      : NULL;
		if (prim && prim->action == LF_ACT_pass &&
		    gimple_call_num_args(def) > (unsigned)prim->lock_arg) {
			resolve_pointer(fun, gimple_call_arg(def, prim->lock_arg),
					id, depth + 1);
			return;
		}
	}
	name_local(fun, ptr, id);
}

void lf_lockid_resolve(struct function *fun, tree arg, struct lf_lockid *id)
{
	memset(id, 0, sizeof(*id));
	resolve_pointer(fun, arg, id, 0);
}

void lf_lockid_of_slot(struct function *fun, tree ref, struct lf_lockid *id)
{
	memset(id, 0, sizeof(*id));
	resolve_loaded(fun, ref, id, 0);
}

void lf_lockid_release(struct lf_lockid *id)
{
	free(id->name);
	id->name = NULL;
}

const char *lf_lockid_bit(const char *name)
{
	return strstr(name, " bit ");
}

void lf_lockid_add_bit(struct lf_lockid *id, const char *bit)
{
	char *name = concat(id->name, bit, NULL);

	free(id->name);
	id->name = name;
}

/* Follow copies and casts back to where a pointer came from, keeping the
 * most informative pointer type seen (the one before "(unsigned long *)"). */
static tree pointer_origin(tree ptr, tree *typed, tree *slot)
{
	for (int i = 0; i < LF_CHAIN_MAX; i++) {
		tree pointee = POINTER_TYPE_P(TREE_TYPE(ptr)) ?
			       TREE_TYPE(TREE_TYPE(ptr)) : NULL_TREE;

		if (pointee && TREE_CODE(pointee) == RECORD_TYPE)
			*typed = ptr;
		if (pointee && POINTER_TYPE_P(pointee) &&
		    TREE_CODE(TREE_TYPE(pointee)) == RECORD_TYPE)
			*slot = pointee;
		if (TREE_CODE(ptr) == NOP_EXPR || TREE_CODE(ptr) == CONVERT_EXPR) {
			ptr = TREE_OPERAND(ptr, 0);
			continue;
		}
		if (TREE_CODE(ptr) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF(ptr))
			break;
		gimple *def = SSA_NAME_DEF_STMT(ptr);

		if (!is_gimple_assign(def) ||
		    !(gimple_assign_single_p(def) ||
		      CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(def))) ||
		    TREE_CODE(gimple_assign_rhs1(def)) == COMPONENT_REF ||
		    TREE_CODE(gimple_assign_rhs1(def)) == MEM_REF)
			break;
		ptr = gimple_assign_rhs1(def);
	}
	return ptr;
}

/* The bit argument, argument ARGNO, as the developer spelled it (an
 * enumerator such as ZRAM_LOCK is folded to a number by the time GIMPLE
 * has it). */
static void bit_spelling(tree bit, int argno, location_t loc, char *buf,
			 size_t len)
{
	expanded_location x = expand_location(loc);
	const char *line;
	size_t i = x.column > 0 ? x.column - 1 : 0, start, depth = 0, n;
	int commas = 0;

	if (tree_fits_shwi_p(bit))
		snprintf(buf, len, HOST_WIDE_INT_PRINT_DEC, tree_to_shwi(bit));
	else
		snprintf(buf, len, "?");
	if (!lf_source_line(x.file, x.line, &line, &n))
		return;
	while (i < n && line[i] != '(')
		i++;
	start = ++i;
	for (; i < n; i++) {
		if (line[i] == '(')
			depth++;
		else if (line[i] == ')' && depth-- == 0)
			break;
		else if (line[i] == ',' && depth == 0 && commas++ == argno)
			break;
		else if (line[i] == ',' && depth == 0)
			start = i + 1;
	}
	/* the call goes on on the next line, or has fewer arguments */
	if (i >= n || commas < argno)
		return;
	while (start < i && ISSPACE(line[start]))
		start++;
	while (i > start && ISSPACE(line[i - 1]))
		i--;
	if (i > start && i - start < len)
		snprintf(buf, len, "%.*s", (int)(i - start), line + start);
}

/*
 * REF is the lock word, a member: its struct and the member of that
 * struct which holds it, and the path from there ("flags.f").  A struct
 * known only by its typedef is left for the tagged struct holding it
 * (7.2's struct slab keeps its flags word in a memdesc_flags_t): the
 * layout is that struct's, the one a spinlock_t would grow.
 */
static void word_holder(tree ref, tree *record, tree *field, char *path,
			size_t len)
{
	char tail[256];

	*field = TREE_OPERAND(ref, 1);
	*record = DECL_CONTEXT(*field);
	snprintf(path, len, "%s", lf_decl_name(*field) ?: "");
	for (int i = 0; i < LF_CHAIN_MAX && !has_tag(*record) &&
	     TREE_CODE(TREE_OPERAND(ref, 0)) == COMPONENT_REF; i++) {
		ref = TREE_OPERAND(ref, 0);
		snprintf(tail, sizeof(tail), "%s", path);
		if (lf_decl_name(TREE_OPERAND(ref, 1)) &&
		    snprintf(path, len, "%s%s%s",
			     lf_decl_name(TREE_OPERAND(ref, 1)),
			     tail[0] ? "." : "", tail) >= (int)len)
			break;
		*field = TREE_OPERAND(ref, 1);
		*record = DECL_CONTEXT(*field);
	}
}

void lf_bitlock_resolve(struct function *fun, tree addr, tree bit,
			int bit_arg, location_t call_loc, struct lf_lockid *id,
			tree *record, tree *field)
{
	char word[520], tbuf[256], bitbuf[128], name[800], path[256] = "";
	tree typed = NULL_TREE, slot = NULL_TREE;
	tree origin = pointer_origin(addr, &typed, &slot);

	memset(id, 0, sizeof(*id));
	*record = *field = NULL_TREE;
	bit_spelling(bit, bit_arg, call_loc, bitbuf, sizeof(bitbuf));

	if (TREE_CODE(origin) == ADDR_EXPR &&
	    TREE_CODE(TREE_OPERAND(origin, 0)) == COMPONENT_REF) {
		/* &obj->flags: the struct that has the word as a member */
		word_holder(TREE_OPERAND(origin, 0), record, field, path,
			    sizeof(path));
	} else if (typed) {
		/* (unsigned long *)head: the struct's first word */
		*record = TREE_TYPE(TREE_TYPE(typed));
		*field = TYPE_FIELDS(*record);
		while (*field && TREE_CODE(*field) != FIELD_DECL)
			*field = DECL_CHAIN(*field);
	}
	if (!path[0] && *field && lf_decl_name(*field))
		snprintf(path, sizeof(path), "%s", lf_decl_name(*field));
	if (*record && *field && lf_type_name(*record, tbuf, sizeof(tbuf)) &&
	    path[0]) {
		snprintf(word, sizeof(word), "%s::%s", tbuf, path);
		snprintf(name, sizeof(name), "%s bit %s", word, bitbuf);
		set_id(id, LF_ID_member, name, NULL);
		id->decl = *field;
		return;
	}
	*record = *field = NULL_TREE;
	if (slot && lf_type_name(TREE_TYPE(slot), tbuf, sizeof(tbuf))) {
		/* a bucket pointer whose low bit is the lock (rhashtable) */
		snprintf(name, sizeof(name), "%s * bit %s", tbuf, bitbuf);
		set_id(id, LF_ID_member, name, NULL);
		return;
	}
	/* A bare word: name it as any other lock object. */
	lf_lockid_resolve(fun, addr, id);
	snprintf(name, sizeof(name), "%s bit %s", id->name, bitbuf);
	free(id->name);
	id->name = xstrdup(name);
}

void lf_call_lock(struct function *fun, gimple *stmt,
		  const struct lf_primitive *prim, struct lf_lockid *id,
		  tree *record, tree *field)
{
	tree arg = gimple_call_arg(stmt, prim->lock_arg);
	/* bit_spin_lock(bit, addr) and friends: the bit is argument 0;
	 * wait_on_bit_lock(word, bit, mode): the word is, the bit is 1 */
	int bit_arg = prim->lock_arg == 0 ? 1 : 0;

	*record = *field = NULL_TREE;
	if (prim->cls == LF_CLASS_bitlock)
		lf_bitlock_resolve(fun, arg, gimple_call_arg(stmt, bit_arg),
				   bit_arg, gimple_location(stmt), id, record,
				   field);
	else
		lf_lockid_resolve(fun, arg, id);
}
