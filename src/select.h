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

/* The single-stream dispatch of a forced row: a multi-buffer row's lanes
 * end in auto's (and a file hashed alone runs on it); any other row runs
 * every call. */
void select_row_dispatch(const struct impl *impl, struct dispatch *out);

/* The transforms for every algorithm a checksum list may name (--check,
 * --audit, --update): opt->algos[0]'s (-a's, with --impl) for its family,
 * for the others the row --impl names where select_list_forces says so,
 * else auto. choices has ALGO_COUNT entries, in algos[] order. False,
 * reported, when a forced row cannot run here. */
bool select_for_lists(struct algo_choice *choices, const struct options *opt);

/* Whether the row --impl names serves algo in a list: in a list of any
 * algorithm (simdsum -c without -a or a sha*sum name), as
 * select_name_serves says (a name no family has is refused through -a's
 * default family, the first chosen); under -a (or a program name), for
 * -a's family only. */
bool select_list_forces(const struct options *opt, const struct algo *algo);

/* Whether some family has a row called name ("auto" counts). */
bool select_name_known(const char *name);

/* Whether the row name names serves algo where no -a chose the
 * algorithms (a list of any algorithm, --verify-object's META): where
 * algo's family has a row of that name, auto elsewhere; a name no family
 * has serves every family, so that select_impl refuses it. */
bool select_name_serves(const char *name, const struct algo *algo);

/* The transforms for the algorithms --verify-object's META names (wanted,
 * by index in algos[]; choices has ALGO_COUNT entries): impl_name where
 * select_name_serves says so, else auto. False, reported, at the first
 * (in algos[] order) that select_impl refuses. */
bool select_for_meta(struct algo_choice *choices, const bool *wanted, const char *impl_name);

#endif
