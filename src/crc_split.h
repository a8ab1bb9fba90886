/* SPDX-License-Identifier: MIT */
/* crc_split.h - one large file's CRC computed on several threads.
 * Layer: engine. */
#ifndef SIMDSUM_CRC_SPLIT_H
#define SIMDSUM_CRC_SPLIT_H

#include <stdbool.h>
#include <stdint.h>

#include "job.h"
#include "read_buffer.h"
#include "reader.h"

/* Whether the file reader_open opened in rd is worth splitting: a
 * regular file, large enough. */
bool crc_split_worth(const struct file_reader *rd);

/* Whether a regular file of size bytes is large enough to be split. */
bool crc_split_size_worth(uint64_t size);

/* Whether every algorithm the job computes is a CRC (-a crc32c, or
 * -a crc32c,crc64nvme): what the split can compute. */
bool crc_split_job(const struct job *job);

/* For such a job, of such a file (rd, closed here): reads `ways` ranges
 * of it with pread on as many threads, each range's bytes going into
 * every CRC while in cache, and joins each CRC's ranges with
 * crc_combine. This thread reads into buf. */
void crc_split_hash(struct job *job, struct file_reader *rd, unsigned ways,
		    struct read_buffer *buf);

#endif
