/* SPDX-License-Identifier: MIT */
/* profile_table.c - the built-in profiles (their texts: profile_builtin.c,
 * generated), each parsed on first use. */
#include <pthread.h>
#include <string.h>

#include "profile.h"

#define MAX_BUILTIN 16

static struct cpu_profile parsed[MAX_BUILTIN];
static bool done[MAX_BUILTIN];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

unsigned profile_builtin_count(void)
{
	unsigned n = 0;

	while (n < MAX_BUILTIN && profile_builtin_texts[n])
		n++;
	return n;
}

/* Parsed on first use, one at a time: a run needs the default and at
 * most one other, and parsing all of them would cost as much as hashing
 * a small file. A text that does not parse leaves its profile empty
 * (matching no CPU, so the default's rows apply); the unit tests parse
 * every one. */
const struct cpu_profile *profile_builtin(unsigned i)
{
	const char *text = i < profile_builtin_count() ? profile_builtin_texts[i] : NULL;
	char err[160];

	if (!text)
		return NULL;
	pthread_mutex_lock(&lock);
	if (!done[i]) {
		if (!profile_parse_builtin(text, strlen(text), &parsed[i], err, sizeof err))
			memset(&parsed[i], 0, sizeof parsed[i]);
		strcpy(parsed[i].origin, "built-in");
		done[i] = true;
	}
	pthread_mutex_unlock(&lock);
	return &parsed[i];
}

bool profile_builtin_matches(unsigned i, const struct cpu_signature *sig)
{
	const char *text = i < profile_builtin_count() ? profile_builtin_texts[i] : NULL;
	struct cpu_profile head;
	char err[160];

	/* Only the lines before the first row say which CPU it is for. */
	const char *rows = text ? strstr(text, "\nrow ") : NULL;
	if (!rows || !profile_parse(text, (size_t)(rows - text), &head, err, sizeof err))
		return false;
	return profile_matches(&head, sig);
}

const struct cpu_profile *profile_default(void)
{
	return profile_builtin(profile_builtin_count() - 1);
}
