/* SPDX-License-Identifier: MIT */
/* walk.h - listing the files under a directory (-r).
 * Layer: platform. */
#ifndef SIMDSUM_WALK_H
#define SIMDSUM_WALK_H

#include <stdbool.h>
#include <sys/stat.h>

/* Called for each regular file found (err == 0, st its stat: lstat's, or
 * stat's with dereference), and for each entry that could not be read or
 * followed (err = errno, st NULL; ERR_FS_LOOP, outcome.h, for a directory
 * met again inside itself). path is "root/sub/file", valid only during
 * the call. */
typedef void (*walk_fn)(void *ctx, const char *path, const struct stat *st, int err);

/* Walks root depth first, each directory's entries sorted by name (byte
 * order, so the result does not depend on the locale). Symbolic links
 * below root are skipped unless dereference is set (then followed, with
 * loops detected); root itself is followed (a root neither a directory
 * nor a regular file is ENOTDIR). Only regular files are
 * reported: FIFOs, sockets and devices inside a tree are skipped (opening
 * a FIFO would wait for a writer forever). */
void walk_tree(const char *root, bool dereference, walk_fn fn, void *ctx);

/* The most descriptors a walk holds open at once, however deep the tree
 * (one a level for the first levels, then one). */
#define WALK_MAX_DESCRIPTORS 16

#endif
