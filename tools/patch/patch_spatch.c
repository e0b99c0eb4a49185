// SPDX-License-Identifier: GPL-2.0
/*
 * patch_spatch.c - run one cocci/ script on the files the records name,
 * the way scripts/coccicheck runs it (-D patch --very-quiet, the
 * script's "// Options:" line, --patch TREE; on a view of the tree when
 * spatch could not parse the files as they are, patch_view.c), from a
 * directory of its own so that no .cocciconfig is read; and make its
 * diff git-style.
 *
 * spatch's stderr holds the script's notes for what it left to a human
 * ("FILE:LINE: lockfit: ..."): a note that a file was left unchanged
 * means a half conversion, which fails the job; other notes go into the
 * patch message.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lib/util.h"
#include "lib/files.h"
#include "lib/path.h"
#include "patch/patch.h"

static char *script_path(const char *name)
{
	char *file = xasprintf("%s.cocci", name), *path = lf_cocci_file(file);

	free(file);
	return path;
}

/*
 * MACROS for spatch: cocci/lockfit-macros.h (cleanup.h's scoped_guard(),
 * which spatch 1.1.1 does not parse), after what the view wrote there
 * (VIEW), since spatch reads only its last --macro-file.  NULL, or why not.
 */
static char *macro_file(const char *macros, bool view)
{
	char *ours = lf_cocci_file("lockfit-macros.h");
	char *text = lf_read_file(ours, NULL), *before = NULL, *all, *err = NULL;

	if (!text)
		err = xasprintf("cannot read %s: %s", ours, strerror(errno));
	else if (view && !(before = lf_read_file(macros, NULL)))
		err = xasprintf("cannot read %s: %s", macros, strerror(errno));
	if (!err) {
		all = xasprintf("%s%s", before ? before : "", text);
		if (lf_safe_write(macros, all))
			err = xasprintf("cannot write %s: %s", macros, strerror(errno));
		free(all);
	}
	free(ours);
	free(text);
	free(before);
	return err;
}

/* The words of the script's "// Options:" line. */
static void options(const char *path, struct lf_strv *argv)
{
	char *text = lf_read_file(path, NULL), *line, *p, *save = NULL;

	if (!text)
		lf_die("cannot read %s: %s", path, strerror(errno));
	for (line = text; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		if (strncmp(line, "// Options:", 11))
			continue;
		line[strcspn(line, "\n")] = 0;
		for (p = strtok_r(line + 11, " \t", &save); p;
		     p = strtok_r(NULL, " \t", &save))
			lf_strv_add(argv, p);
		break;
	}
	free(text);
}

struct file_diff {
	char *path;
	struct strbuf text;
};

/* "--- a/X" or "+++ b/X" (spatch may also print the tree's absolute
 * path): X relative to TREE. */
static char *diff_path(const char *line, const char *tree)
{
	const char *p = line + 4;
	size_t n = strcspn(p, "\t\n"), tl = strlen(tree);

	if (n > tl && !strncmp(p, tree, tl) && p[tl] == '/')
		return xasprintf("%.*s", (int)(n - tl - 1), p + tl + 1);
	if (n > 2 && (p[0] == 'a' || p[0] == 'b') && p[1] == '/')
		return xasprintf("%.*s", (int)(n - 2), p + 2);
	return xasprintf("%.*s", (int)n, p);
}

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct file_diff *)a)->path,
		      ((const struct file_diff *)b)->path);
}

/* spatch's diff as "diff --git a/X b/X" sections, each file once (with
 * --local-includes a header can come twice: as itself and included). */
static char *gitify(const char *diff, const char *tree)
{
	struct { struct file_diff *v; size_t n, cap; } files = { 0 };
	struct file_diff *cur = NULL;
	const char *p = diff;
	struct strbuf out = { 0 };

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p + 1) : strlen(p);

		if (!strncmp(p, "--- ", 4) && nl && !strncmp(nl + 1, "+++ ", 4)) {
			struct file_diff f = { diff_path(nl + 1, tree), { 0 } };

			cur = NULL;
			for (size_t i = 0; i < files.n && !cur; i++)
				if (!strcmp(files.v[i].path, f.path))
					cur = &files.v[i];
			if (!cur) {
				VEC_PUSH(&files, f);
				cur = &files.v[files.n - 1];
			} else {
				cur = NULL;	/* the second copy: skipped */
			}
			p = strchr(nl + 1, '\n');
			p = p ? p + 1 : nl + 1 + strlen(nl + 1);
			continue;
		}
		if (cur && (*p == '@' || *p == ' ' || *p == '+' || *p == '-' ||
			    *p == '\\'))
			sb_printf(&cur->text, "%.*s", (int)len, p);
		p += len;
	}
	/* in path order, whatever order spatch printed them in */
	qsort(files.v, files.n, sizeof(*files.v), by_path);
	for (size_t i = 0; i < files.n; i++) {
		if (!files.v[i].text.len)
			continue;
		sb_printf(&out, "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n%s",
			  files.v[i].path, files.v[i].path, files.v[i].path,
			  files.v[i].path, sb_str(&files.v[i].text));
	}
	return out.s ? out.s : xstrdup("");
}

/* TEXT with "TREE/" dropped: notes name files as the patch does. */
static char *relative(char *text, const char *tree)
{
	char *pre = xasprintf("%s/", tree), *p;
	struct strbuf sb = { 0 };
	const char *s = text;

	while ((p = strstr(s, pre))) {
		sb_printf(&sb, "%.*s", (int)(p - s), s);
		s = p + strlen(pre);
	}
	sb_printf(&sb, "%s", s);
	free(pre);
	free(text);
	return sb.s ? sb.s : xstrdup("");
}

/* Is FILE's old line LINE removed (rewritten) by DIFF, a git-style diff? */
static bool removes(const char *diff, const char *file, int line)
{
	int *lines;
	size_t added, n = lf_diff_removed(diff, file, &lines, &added);
	bool found = false;

	for (size_t i = 0; i < n && !found; i++)
		found = lines[i] == line;
	free(lines);
	return found;
}

/* The recorded calls the diff leaves as they were: spatch skips a
 * function it cannot parse and says nothing, which is a half
 * conversion even when it still builds (a bit lock beside its new
 * spinlock_t).  NULL if none. */
static char *unrewritten(const struct lf_pjob *j)
{
	struct plist *p = plist_new(4);
	char *msg = NULL;

	for (size_t i = 0; i < j->must.n; i++) {
		const struct lf_psite *s = &j->must.v[i];

		if (removes(j->diff, s->file, s->line))
			continue;
		if (s->function)
			plist_add(p, "%s:%d %s() in %s", s->file, s->line, s->api,
				  lf_fn_basename(s->function));
		else
			plist_add(p, "%s:%d (%s, use index)", s->file, s->line,
				  s->api);
	}
	if (p->n)
		msg = xasprintf("a half conversion: the patch leaves %zu %ssite%s "
				"as %s: %s (did spatch parse the function? "
				"spatch --parse-c FILE)", p->n,
				j->indexed ? "" : "recorded ", lf_plural(p->n),
				p->n == 1 ? "it was" : "they were", plist_text(p));
	return msg;
}

static bool exists(const char *tree, const char *file)
{
	char *p = lf_path_in(tree, file);
	bool ok = p && !access(p, R_OK);

	free(p);
	return ok;
}

/* The view of the run: one hard-linked copy of the tree, however many
 * locks need it (each adds its files), made by the first that does. */
/* The files FILE (a .c of TREE) names with #include "NAME": NAME
 * relative to FILE's directory, as --local-includes finds them. */
static void local_includes(const char *tree, const char *file,
			   struct lf_strv *out)
{
	char *path = xasprintf("%s/%s", tree, file);
	char *text = lf_read_file(path, NULL), *line, *save = NULL;
	const char *slash = strrchr(file, '/');
	int dirlen = slash ? (int)(slash - file + 1) : 0;

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *p = line + strspn(line, " \t"), *end, *name;

		if (*p++ != '#')
			continue;
		p += strspn(p, " \t");
		if (strncmp(p, "include", 7))
			continue;
		p += 7;
		p += strspn(p, " \t");
		/* <NAME>: include/NAME of the tree (a struct whose member
		 * an rcu rewrite makes __rcu, lf_spatch_run) */
		if (*p == '<' && (end = strchr(p + 1, '>'))) {
			name = xasprintf("include/%.*s", (int)(end - p - 1), p + 1);
			lf_strv_add(out, name);
			free(name);
			continue;
		}
		if (*p++ != '"' || !(end = strchr(p, '"')))
			continue;
		name = xasprintf("%.*s%.*s", dirlen, file, (int)(end - p), p);
		lf_strv_add(out, name);
		free(name);
	}
	free(text);
	free(path);
}

/* spatch's --file-groups text for FILES (of TREE) under ROOT: a group
 * per .c with the headers it includes, then a group per other file.
 * Each .c is read once. */
static char *file_groups(const char *tree, const char *root,
			 const struct lf_strv *files)
{
	struct strbuf g = { 0 };
	bool *placed = xcalloc(files->n ? files->n : 1, sizeof(*placed));
	size_t ngroups = 0;

	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < files->n; i++) {
			bool c = lf_has_suffix(files->v[i], ".c");
			struct lf_strv inc = { 0 };

			if (placed[i] || c != !pass)
				continue;
			sb_printf(&g, "%s%s/%s\n", ngroups++ ? "\n" : "", root,
				  files->v[i]);
			placed[i] = true;
			if (c)
				local_includes(tree, files->v[i], &inc);
			for (size_t k = 0; inc.n && k < files->n; k++)
				if (!placed[k] && lf_has_suffix(files->v[k], ".h") &&
				    lf_strv_has(&inc, files->v[k])) {
					sb_printf(&g, "%s/%s\n", root, files->v[k]);
					placed[k] = true;
				}
			for (size_t k = 0; k < inc.n; k++)
				free(inc.v[k]);
			free(inc.v);
		}
	free(placed);
	return g.s ? g.s : xstrdup("");
}

static struct {
	char *tree, *dir, *view;
} shared;

void lf_spatch_done(void)
{
	if (shared.dir)
		lf_private_remove(shared.dir, false);
	free(shared.tree);
	free(shared.dir);
	free(shared.view);
	memset(&shared, 0, sizeof(shared));
}

static void spatch_once(struct lf_pjob *j, const char *tree)
{
	struct lf_strv argv = { 0 };
	char *script = script_path(j->script), *err = NULL, *macros, *dir;
	const char *view = NULL;
	const char *root = tree;	/* where spatch reads the files */
	struct lf_exec r;

	for (size_t i = 0; i < j->files.n; i++)
		if (!exists(tree, j->files.v[i])) {
			j->failed = xasprintf("%s, named by the records, is not in %s: "
					      "records of another tree?",
					      j->files.v[i], tree);
			return;
		}
	dir = lf_private_dir(tree, "spatch");
	macros = xasprintf("%s/macros.h", dir);
	if (lf_view_needed(tree, &j->files)) {
		bool fresh = !shared.tree || strcmp(shared.tree, tree);

		if (fresh) {
			lf_spatch_done();
			shared.tree = xstrdup(tree);
			shared.dir = lf_private_dir(tree, "view");
			shared.view = xasprintf("%s/tree", shared.dir);
		}
		j->failed = lf_view_make(tree, &j->files, shared.view, macros,
					 fresh);
		if (j->failed) {
			lf_spatch_done();
			goto out;
		}
		root = view = shared.view;
	}
	lf_strv_add(&argv, "spatch");
	lf_strv_add(&argv, "-D");
	lf_strv_add(&argv, "patch");
	lf_strv_add(&argv, "--very-quiet");
	options(script, &argv);
	/* spatch reads one macro file: ours (scoped_guard), and the view's */
	j->failed = macro_file(macros, view != NULL);
	if (j->failed)
		goto out;
	lf_strv_add(&argv, "--macro-file");
	lf_strv_add(&argv, macros);
	lf_strv_add(&argv, "--cocci-file");
	lf_strv_add(&argv, script);
	for (size_t i = 0; i < j->dopts.n; i++)
		lf_strv_add(&argv, j->dopts.v[i]);
	lf_strv_add(&argv, "--patch");
	lf_strv_add(&argv, root);
	/* Each .c file a group of its own, as coccicheck's --dir gives them:
	 * files named on the command line are one group, and spatch 1.1.1
	 * then leaves some unrewritten (in 6.12, sound/core/init.c's
	 * rwlock_init() after sound/core/control.c).  A header goes with
	 * the first .c that includes it: alone, its struct would be a
	 * struct with no allocation (zram_drv.h without zram_drv.c's). */
	{
		char *groups = xasprintf("%s/groups", dir), *text;

		text = file_groups(tree, root, &j->files);
		if (lf_safe_write(groups, text)) {
			j->failed = xasprintf("cannot write %s: %s", groups, strerror(errno));
			free(groups);
			free(text);
			goto out;
		}
		lf_strv_add(&argv, "--file-groups");
		lf_strv_add(&argv, groups);
		free(groups);
		free(text);
	}
	VEC_PUSH(&argv, NULL);
	/* From a directory of its own: no .cocciconfig is read. */
	lf_exec_split(&r, &err, dir, (const char *const *)argv.v, NULL);
	j->spatch_secs = r.secs;
	j->notes = relative(err, root);
	if (view)
		j->notes = lf_view_unspell(j->notes);
	if (r.status) {
		char *head = lf_head(j->notes, 5);

		j->failed = xasprintf("spatch exited with status %d: %s", r.status,
				      head);
		free(head);
		free(r.out);
		goto out;
	}
	j->diff = gitify(r.out, root);
	free(r.out);
	if (view)
		j->diff = lf_view_unspell(j->diff);
	if (strstr(j->notes, "left unchanged")) {
		char *head = lf_head(j->notes, 5);

		j->failed = xasprintf("the script refused part of the rewrite, a "
				      "half conversion: %s", head);
		free(head);
	} else if (!*j->diff) {
		char *head = lf_head(j->notes, 5);

		j->failed = xasprintf("the script changed nothing%s%s",
				      *head ? ": " : "", head);
		free(head);
	} else {
		j->failed = unrewritten(j);
		for (size_t i = 0; i < j->maybe.n; i++) {
			const struct lf_psite *s = &j->maybe.v[i];
			char *t;

			if (removes(j->diff, s->file, s->line))
				continue;
			t = xasprintf("%s:%d (%s)", s->file, s->line, s->api);
			lf_strv_add(&j->untyped, t);
			free(t);
		}
	}
out:
	lf_private_remove(dir, false);
	free(dir);
	free(macros);
	free(script);
}

/*
 * The header of TREE defining struct TAG among those J's .c files include
 * as <NAME> (include/NAME), or NULL.
 */
static char *struct_header(const struct lf_pjob *j, const char *tree, const char *tag)
{
	char *def = xasprintf("struct %s {", tag), *found = NULL;

	for (size_t i = 0; i < j->files.n && !found; i++) {
		struct lf_strv inc = { 0 };

		if (!lf_has_suffix(j->files.v[i], ".c"))
			continue;
		local_includes(tree, j->files.v[i], &inc);
		for (size_t k = 0; k < inc.n; k++) {
			char *path = xasprintf("%s/%s", tree, inc.v[k]);
			char *text = found ? NULL : lf_read_file(path, NULL);

			if (text && strstr(text, def) && lf_path_ok(inc.v[k]))
				found = xstrdup(inc.v[k]);
			free(text);
			free(path);
			free(inc.v[k]);
		}
		free(inc.v);
	}
	free(def);
	return found;
}

/* An rcu rewrite of an open-coded chain whose entries' struct is defined
 * in a header the files include ("struct TAG is not defined in these
 * files", cocci/templates/rcu_chain_rewrite.inc): spatch once more with
 * that header, whose member becomes __rcu with the rest. */
void lf_spatch_run(struct lf_pjob *j, const char *tree)
{
	static const char marker[] = " is not defined in these files: ";
	const char *m, *s;
	char *tag, *hdr;

	spatch_once(j, tree);
	m = j->notes ? strstr(j->notes, marker) : NULL;
	if (!m)
		return;
	for (s = m; s > j->notes && s[-1] != ' '; s--)
		;
	if (s - j->notes < 7 || strncmp(s - 7, "struct ", 7))
		return;
	tag = xasprintf("%.*s", (int)(m - s), s);
	hdr = struct_header(j, tree, tag);
	free(tag);
	if (!hdr || lf_strv_has(&j->files, hdr)) {
		free(hdr);
		return;
	}
	lf_strv_add(&j->files, hdr);
	lf_strv_sort(&j->files);
	free(hdr);
	free(j->failed);
	free(j->diff);
	free(j->notes);
	j->failed = j->diff = j->notes = NULL;
	for (size_t i = 0; i < j->untyped.n; i++)
		free(j->untyped.v[i]);
	j->untyped.n = 0;
	{
		double secs = j->spatch_secs;

		spatch_once(j, tree);
		j->spatch_secs += secs;
	}
}

char *lf_spatch_check(const char *name, const char *dir, const char *file,
		      char **err)
{
	struct lf_strv argv = { 0 };
	char *script = script_path(name), *macros = lf_cocci_file("lockfit-macros.h");
	char *notes = NULL, *out = NULL;
	struct lf_exec r;

	lf_strv_add(&argv, "spatch");
	lf_strv_add(&argv, "-D");
	lf_strv_add(&argv, "report");
	lf_strv_add(&argv, "--no-show-diff");
	lf_strv_add(&argv, "--very-quiet");
	options(script, &argv);
	lf_strv_add(&argv, "--macro-file");
	lf_strv_add(&argv, macros);
	lf_strv_add(&argv, "--cocci-file");
	lf_strv_add(&argv, script);
	lf_strv_add(&argv, file);
	VEC_PUSH(&argv, NULL);
	lf_exec_split(&r, &notes, dir, (const char *const *)argv.v, NULL);
	if (r.status) {
		char *head = lf_head(notes, 5);

		*err = xasprintf("spatch exited with status %d: %s", r.status, head);
		free(head);
		free(r.out);
	} else {
		out = r.out;
	}
	free(notes);
	free(script);
	free(macros);
	for (size_t i = 0; i < argv.n; i++)
		free(argv.v[i]);
	free(argv.v);
	return out;
}
