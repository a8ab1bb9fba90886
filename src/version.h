/* SPDX-License-Identifier: MIT */
/* version.h - the release number.
 * Layer: platform. */
#ifndef SIMDSUM_VERSION_H
#define SIMDSUM_VERSION_H

#define SIMDSUM_VERSION "0.1.0"

#endif
