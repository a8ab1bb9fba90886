/* SPDX-License-Identifier: MIT */
/* crc_split.h - one large file's CRC computed on several threads.
 * Layer: engine. */
#ifndef SIMDSUM_CRC_SPLIT_H
#define SIMDSUM_CRC_SPLIT_H

#include <stdbool.h>

#include "job.h"

/* For a job computing only one CRC of a large regular file: reads `ways`
 * ranges of it with pread on as many threads and joins their CRCs with
 * crc_combine. Returns false, having done nothing, when the file is
 * not worth splitting (small, not regular, unreadable). */
bool crc_split_hash(struct job *job, unsigned ways);

#endif
