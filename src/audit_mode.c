/* SPDX-License-Identifier: MIT */
/* audit_mode.c - placeholder until the audit lands. */
#include "audit_mode.h"
#include "diag.h"

bool audit_mode_run(const struct options *opt, char *const *lists, int nlists)
{
	(void)opt, (void)lists, (void)nlists;
	diag_error(0, "--audit is not built yet");
	return false;
}
