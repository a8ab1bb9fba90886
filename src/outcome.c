/* SPDX-License-Identifier: MIT */
/* outcome.c - the message for a file that could not be hashed. */
#include <string.h>

#include "outcome.h"

const char *file_outcome_message(const struct file_outcome *o)
{
	if (o->status == FILE_CHANGED)
		return "file changed while reading";
	if (o->status == FILE_DISAGREE)
		return "cross-check failed: the implementation and generic disagree";
	if (o->status == FILE_BAD_LISTED_NAME)
		return o->err == LISTED_NAME_EMPTY ? "invalid zero-length file name"
		       : o->err == LISTED_NAME_NUL ? "file name contains a NUL byte"
						   : "invalid escape in file name";
	if (o->status == FILE_REPLACED)
		return "replaced while the tree was walked";
	if (o->status == FILE_STDIN_IS_LIST)
		return "the names are read from standard input: no file name of '-' allowed";
	return error_text(o->err);
}

const char *error_text(int err)
{
	return err == ERR_FS_LOOP ? "File system loop detected" : strerror(err);
}
