#ifndef GAZETTE_PNG_H
#define GAZETTE_PNG_H

#include <stddef.h>
#include <stdint.h>

/// The PNG row filters (PNG specification, section 9.2).
enum gazette_png_filter {
    GAZETTE_PNG_FILTER_NONE = 0,
    GAZETTE_PNG_FILTER_SUB = 1,
    GAZETTE_PNG_FILTER_UP = 2,
    GAZETTE_PNG_FILTER_AVERAGE = 3,
    GAZETTE_PNG_FILTER_PAETH = 4,
};

/// Encodes Cairo's native-endian, premultiplied ARGB32 pixels as an 8-bit PNG: RGB when every pixel
/// is opaque, straight-alpha RGBA otherwise, every row with `filter`, compressed by libdeflate at
/// `level` (1–12). Only IHDR, IDAT and IEND are written, so equal pixels give equal bytes.
/// Returns a malloc'd buffer whose size is put in `*length`, or NULL when memory runs out.
uint8_t *gazette_png_encode(const uint8_t *pixels, int width, int height, int stride,
                            int level, enum gazette_png_filter filter, size_t *length);

#endif
