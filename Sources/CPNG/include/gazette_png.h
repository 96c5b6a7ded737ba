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

/// A compressor and buffers for one image at a time, taken from a shared pool and given back.
struct gazette_png_workspace;

/// A workspace no other image is using (a new one when all are in use), or NULL when memory runs out.
struct gazette_png_workspace *gazette_png_workspace_take(void);

/// Returns `space` to the pool; its buffers must no longer be used. NULL is ignored.
void gazette_png_workspace_give_back(struct gazette_png_workspace *space);

/// Frees the workspaces no image is using: for the end of a build's drawing, so what follows does
/// not carry megabytes of buffers it will not use. The pool makes new ones if drawing resumes.
void gazette_png_workspaces_release_idle(void);

/// Encodes Cairo's native-endian, premultiplied ARGB32 pixels as an 8-bit PNG: RGB when every pixel
/// is opaque, straight-alpha RGBA otherwise, every row with `filter`, compressed by libdeflate at
/// `level` (1–12). Only IHDR, IDAT and IEND are written, so equal pixels give equal bytes.
/// Returns the PNG, `*length` bytes in a buffer of `space`'s that stays valid until its next
/// encoding or its return (copy it out), or NULL when memory runs out.
const uint8_t *gazette_png_encode(struct gazette_png_workspace *space, const uint8_t *pixels, int width, int height,
                                  int stride, int level, enum gazette_png_filter filter, size_t *length);

/// `size` zeroed bytes of `space`'s, for the pixels of one image: valid until the next call or
/// the workspace's return. Reusing them spares the kernel a fresh zeroed mapping per chart.
uint8_t *gazette_png_workspace_pixels(struct gazette_png_workspace *space, size_t size);

/// The libdeflate version compiled against, for cache keys: another deflate may give other bytes.
const char *gazette_png_deflate_version(void);

#endif
