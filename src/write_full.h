/* SPDX-License-Identifier: MIT */
/* write_full.h - writing a whole buffer to a descriptor.
 * Layer: platform. */
#ifndef SIMDSUM_WRITE_FULL_H
#define SIMDSUM_WRITE_FULL_H

#include <stddef.h>

/* write(2) until all len bytes are written: a short write goes on, EINTR
 * is retried. Returns 0, or the errno of the failure (EIO for a write
 * that wrote nothing and gave no error). */
int write_full(int fd, const void *data, size_t len);

#endif
