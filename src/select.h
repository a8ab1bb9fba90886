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
 * --audit, --update): given's (-a's, with --impl) for its family, auto
 * for the others. choices has ALGO_COUNT entries, in algos[] order. */
void select_for_lists(struct algo_choice *choices, const struct algo_choice *given);

#endif
