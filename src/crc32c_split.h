/* crc32c_split.h - one large file's CRC-32C computed on several threads. */
#ifndef SIMDSUM_CRC32C_SPLIT_H
#define SIMDSUM_CRC32C_SPLIT_H

#include <stdbool.h>

#include "job.h"

/* For a job computing only CRC-32C of a large regular file: reads `ways`
 * ranges of it with pread on as many threads and joins their CRCs with
 * crc32c_combine. Returns false, having done nothing, when the file is
 * not worth splitting (small, not regular, unreadable). */
bool crc32c_split_hash(struct job *job, unsigned ways);

#endif
