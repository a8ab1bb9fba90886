/* crc32c_driver.h - CRC-32C's hash operations. */
#ifndef SIMDSUM_CRC32C_DRIVER_H
#define SIMDSUM_CRC32C_DRIVER_H

#include "algo.h"

extern const struct hash_ops crc32c_ops;

#endif
