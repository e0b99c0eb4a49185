// SPDX-License-Identifier: GPL-2.0
/*
 * diag.c - GCC-style warnings, one switch per check.
 */
#include "compat.h"
#include "diag.h"

/* -Wlockfit-ID of schema/checks.def's WARN rows, by enum lf_check_id */
#define WARN_WARN(id) id
#define WARN_NOWARN(id) NULL
static const char *const warnings[LF_NCHECKS] = {
#define LF_CHECK(module, name, id, warn, summary, help) WARN_##warn(id),
#include "schema/checks.def"
};
#undef WARN_WARN
#undef WARN_NOWARN

/* Old names still accepted in warn=: rwlock-spinlock was rwlock-read. */
static const struct {
	const char *old;
	enum lf_check_id now;
} aliases[] = {
	{ "rwlock-read", LF_CHECK_rwlock_spinlock },
};

static unsigned int enabled;	/* bit N: check N */
static_assert(LF_NCHECKS <= 32, "enabled has a bit per check");
static bool last_warned;

static int check_index(const char *name, size_t len)
{
	for (size_t a = 0; a < ARRAY_SIZE(aliases); a++)
		if (strlen(aliases[a].old) == len &&
		    !strncmp(aliases[a].old, name, len))
			return aliases[a].now;
	for (int i = 0; i < LF_NCHECKS; i++)
		if (warnings[i] && strlen(warnings[i]) == len &&
		    !strncmp(warnings[i], name, len))
			return i;
	return -1;
}

const char *lf_warning_name(int check)
{
	return check >= 0 && check < LF_NCHECKS ? warnings[check] : NULL;
}

int lf_enable_checks(const char *list)
{
	const char *p = list;

	while (*p) {
		size_t len = strcspn(p, ",");
		int i = check_index(p, len);

		if (len == 3 && !strncmp(p, "all", 3))
			enabled = ~0u;
		else if (i < 0) {
			error("lockfit: unknown check %<%.*s%> in "
			      "%<-fplugin-arg-lockfit-warn%>", (int)len, p);
			return 1;
		} else {
			enabled |= 1u << i;
		}
		p += len;
		if (*p == ',')
			p++;
	}
	return 0;
}

void lf_warn(location_t loc, enum lf_check_id check, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	last_warned = false;
	if (!(enabled & (1u << check)))
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	last_warned = warning_at(loc, 0, "%s [-Wlockfit-%s]", msg,
				 warnings[check]);
}

void lf_note(location_t loc, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	if (!last_warned)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	inform(loc, "%s", msg);
}
