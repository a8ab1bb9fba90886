/* SPDX-License-Identifier: MIT */
/* object_meta.c - releasing what meta_parse (meta_parse.c) filled in. */
#include <stdlib.h>
#include <string.h>

#include "object_meta.h"

void object_meta_free(struct object_meta *m)
{
	free(m->checks);
	free(m->part_sizes);
	memset(m, 0, sizeof *m);
}
