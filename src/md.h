/* md.h - the Merkle-Damgard (SHA) driver's operations. */
#ifndef SIMDSUM_MD_H
#define SIMDSUM_MD_H

#include "algo.h"

extern const struct hash_ops md_ops;

#endif
