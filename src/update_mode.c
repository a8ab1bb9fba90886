/* SPDX-License-Identifier: MIT */
/* update_mode.c - placeholder until the update lands. */
#include "update_mode.h"
#include "diag.h"

bool update_mode_run(const struct options *opt, char *const *operands, int noperands)
{
	(void)opt, (void)operands, (void)noperands;
	diag_error(0, "--update is not built yet");
	return false;
}
