/* SPDX-License-Identifier: MIT */
/* select.h - turning --impl / SIMDSUM_IMPL into a dispatch.
 * Layer: registry. */
#ifndef SIMDSUM_SELECT_H
#define SIMDSUM_SELECT_H

#include <stdbool.h>

#include "options.h"

/* Fills choice's dispatch, lane plan and forced row for choice->algo: auto
 * when impl_name is NULL or "auto", else the named row (a multi-buffer
 * row runs the lanes; files hashed alone then get auto's dispatch; a
 * single-stream row runs every call and no lanes). A name the family does not have, or one
 * this CPU/OS cannot run, is reported (listing the valid names or the
 * missing features) and false returned. */
bool select_impl(struct algo_choice *choice, const char *impl_name);

/* The transforms for every algorithm a checksum list may name (--check,
 * --audit, --update): opt->algos[0]'s (-a's, with --impl) for its family,
 * for the others the row --impl names where select_list_forces says so,
 * else auto. choices has ALGO_COUNT entries, in algos[] order. False,
 * reported, when a forced row cannot run here. */
bool select_for_lists(struct algo_choice *choices, const struct options *opt);

/* Whether the row --impl names serves algo in a list of any algorithm
 * (simdsum -c without -a or a sha*sum name): where algo's family has a
 * row of that name, as --verify-object's rule; under -a (or a program
 * name), for -a's family only. */
bool select_list_forces(const struct options *opt, const struct algo *algo);

/* Whether some family has a row called name ("auto" counts). */
bool select_name_known(const char *name);

#endif
