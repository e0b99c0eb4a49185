// SPDX-License-Identifier: GPL-2.0
/*
 * diag.c - GCC-style warnings, one switch per check.
 */
#include "compat.h"
#include "diag.h"

const char *const lf_plugin_checks[] = {
	"rwlock-spinlock",
	"arch-spin-preempt",
	NULL,
};

/* Old names still accepted in warn=: rwlock-spinlock was rwlock-read. */
static const struct {
	const char *old, *now;
} aliases[] = {
	{ "rwlock-read", "rwlock-spinlock" },
};

static unsigned int enabled;	/* bit N: lf_plugin_checks[N] */
static bool last_warned;

static int check_index(const char *name, size_t len)
{
	for (size_t a = 0; a < ARRAY_SIZE(aliases); a++)
		if (strlen(aliases[a].old) == len &&
		    !strncmp(aliases[a].old, name, len))
			return check_index(aliases[a].now, strlen(aliases[a].now));
	for (int i = 0; lf_plugin_checks[i]; i++)
		if (strlen(lf_plugin_checks[i]) == len &&
		    !strncmp(lf_plugin_checks[i], name, len))
			return i;
	return -1;
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

bool lf_check_enabled(const char *check)
{
	int i = check_index(check, strlen(check));

	return i >= 0 && (enabled & (1u << i));
}

void lf_warn(location_t loc, const char *check, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	last_warned = false;
	if (!lf_check_enabled(check))
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	last_warned = warning_at(loc, 0, "%s [-Wlockfit-%s]", msg, check);
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
