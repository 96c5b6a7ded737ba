// A PNG writer for Cairo image surfaces: the pixels are converted and filtered here, and libdeflate
// compresses the whole image in one call (no streaming, so no zlib window juggling).
#include "gazette_png.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// What one image at a time reuses: a compressor per level and the buffers, which would otherwise
/// be megabytes fetched from the kernel (and page-faulted in) for every chart.
struct gazette_png_workspace {
    struct libdeflate_compressor *compressors[13];
    uint8_t *raw, *rows, *png, *pixels;
    size_t raw_size, rows_size, png_size, pixels_size;
    struct gazette_png_workspace *next_idle;
};

/// The workspaces no image is using, and how many are out. At most one per processor is out at
/// once (others wait for one to come back): a workspace is megabytes, drawing is bound by the
/// processors anyway, and so the memory they take is the same for ten reports or ten thousand,
/// however many threads the pools start.
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pool_returned = PTHREAD_COND_INITIALIZER;
static struct gazette_png_workspace *idle;
static long out_count;

static long gazette_png_workspace_limit(void) {
    long processors = sysconf(_SC_NPROCESSORS_ONLN);
    return processors < 2 ? 2 : processors;
}

struct gazette_png_workspace *gazette_png_workspace_take(void) {
    static long limit;
    pthread_mutex_lock(&pool_lock);
    if (limit == 0) limit = gazette_png_workspace_limit();
    while (out_count >= limit) pthread_cond_wait(&pool_returned, &pool_lock);
    struct gazette_png_workspace *space = idle;
    if (space != NULL) {
        idle = space->next_idle;
    } else {
        space = calloc(1, sizeof *space);
    }
    if (space != NULL) {
        space->next_idle = NULL;
        out_count += 1;
    }
    pthread_mutex_unlock(&pool_lock);
    return space;
}

void gazette_png_workspace_give_back(struct gazette_png_workspace *space) {
    if (space == NULL) return;
    pthread_mutex_lock(&pool_lock);
    space->next_idle = idle;
    idle = space;
    out_count -= 1;
    pthread_cond_signal(&pool_returned);
    pthread_mutex_unlock(&pool_lock);
}

void gazette_png_workspaces_release_idle(void) {
    pthread_mutex_lock(&pool_lock);
    struct gazette_png_workspace *space = idle;
    idle = NULL;
    pthread_mutex_unlock(&pool_lock);
    while (space != NULL) {
        struct gazette_png_workspace *next = space->next_idle;
        for (int level = 0; level < 13; level++) {
            if (space->compressors[level] != NULL) libdeflate_free_compressor(space->compressors[level]);
        }
        free(space->raw);
        free(space->rows);
        free(space->png);
        free(space->pixels);
        free(space);
        space = next;
    }
}

/// Makes `*buffer` hold at least `size` bytes; returns 0 when memory runs out.
static int gazette_png_reserve(uint8_t **buffer, size_t *capacity, size_t size) {
    if (*capacity >= size) return 1;
    uint8_t *grown = realloc(*buffer, size);
    if (grown == NULL) return 0;
    *buffer = grown;
    *capacity = size;
    return 1;
}

static void gazette_png_put_u32(uint8_t *at, uint32_t value) {
    at[0] = (uint8_t)(value >> 24);
    at[1] = (uint8_t)(value >> 16);
    at[2] = (uint8_t)(value >> 8);
    at[3] = (uint8_t)value;
}

/// Writes one chunk at `at`: length, type, data, CRC of type and data. Returns the bytes written.
static size_t gazette_png_put_chunk(uint8_t *at, const char type[4], const uint8_t *data, size_t size) {
    gazette_png_put_u32(at, (uint32_t)size);
    memcpy(at + 4, type, 4);
    if (size > 0 && data != at + 8) memcpy(at + 8, data, size);
    gazette_png_put_u32(at + 8 + size, libdeflate_crc32(0, at + 4, size + 4));
    return size + 12;
}

static int gazette_png_is_opaque(const uint8_t *pixels, int width, int height, int stride) {
    // One AND over every pixel, with no branch in the loop, so the compiler can vectorize it:
    // most charts are opaque, and then every pixel is read anyway.
    uint32_t all = 0xFFFFFFFFu;
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
        for (int x = 0; x < width; x++) all &= row[x];
    }
    return (all >> 24) == 0xFF;
}

/// A pixel's red, green and blue as the low three bytes of a little-endian word, in that order.
static inline uint32_t gazette_png_rgb_word(uint32_t p) {
    return ((p >> 16) & 0xFFu) | (p & 0xFF00u) | ((p & 0xFFu) << 16);
}

#if defined(__x86_64__)
#include <immintrin.h>

/// Four pixels at a time with one byte shuffle (SSSE3), from pixel `x` on: each 16-byte store
/// writes 12 bytes of RGB and 4 that the next store overwrites, so it runs only while at least
/// two more pixels of the row follow. Returns the pixel it stopped at; `all` gets the AND of
/// the pixels it did.
__attribute__((target("ssse3")))
static int gazette_png_convert_rgb_ssse3(const uint32_t *row, int x, int width, uint8_t *out, uint32_t *all) {
    const __m128i order = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    __m128i and_all = _mm_set1_epi32(-1);
    for (; x + 6 <= width; x += 4) {
        __m128i pixels = _mm_loadu_si128((const __m128i *)(row + x));
        and_all = _mm_and_si128(and_all, pixels);
        _mm_storeu_si128((__m128i *)(out + 3 * (size_t)x), _mm_shuffle_epi8(pixels, order));
    }
    uint32_t lanes[4];
    _mm_storeu_si128((__m128i *)lanes, and_all);
    *all &= lanes[0] & lanes[1] & lanes[2] & lanes[3];
    return x;
}

/// Eight pixels at a time (AVX2): the shuffle works within each 16-byte half, then one
/// permutation joins the halves' 12 bytes; each 32-byte store writes 24 bytes of RGB and 8 that
/// later stores overwrite, so it runs only while at least three more pixels follow.
__attribute__((target("avx2")))
static int gazette_png_convert_rgb_avx2(const uint32_t *row, int width, uint8_t *out, uint32_t *all) {
    const __m256i order = _mm256_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1,
                                           2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    const __m256i join = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7);
    __m256i and_all = _mm256_set1_epi32(-1);
    int x = 0;
    for (; x + 11 <= width; x += 8) {
        __m256i pixels = _mm256_loadu_si256((const __m256i *)(row + x));
        and_all = _mm256_and_si256(and_all, pixels);
        __m256i rgb = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(pixels, order), join);
        _mm256_storeu_si256((__m256i *)(out + 3 * (size_t)x), rgb);
    }
    uint32_t lanes[8];
    _mm256_storeu_si256((__m256i *)lanes, and_all);
    for (int i = 0; i < 8; i++) *all &= lanes[i];
    return x;
}

/// Read from the processor model the runtime fills in at start-up: no state of our own.
static int gazette_png_has_ssse3(void) { return __builtin_cpu_supports("ssse3"); }
static int gazette_png_has_avx2(void) { return __builtin_cpu_supports("avx2"); }
#endif

/// One row of opaque Cairo pixels as RGB bytes: shuffled four at a time where the processor
/// can, else four pixels as three whole words. Returns the AND of the row's pixels, whose top
/// byte is 0xFF only when every pixel is opaque.
static uint32_t gazette_png_convert_row_rgb(const uint32_t *row, int width, uint8_t *out) {
    uint32_t all = 0xFFFFFFFFu;
    int x = 0;
#if defined(__x86_64__)
    if (gazette_png_has_avx2()) x = gazette_png_convert_rgb_avx2(row, width, out, &all);
    if (gazette_png_has_ssse3()) x = gazette_png_convert_rgb_ssse3(row, x, width, out, &all);
    out += 3 * (size_t)x;
#endif
    for (; x + 4 <= width; x += 4) {
        uint32_t p0 = row[x], p1 = row[x + 1], p2 = row[x + 2], p3 = row[x + 3];
        all &= p0 & p1 & p2 & p3;
        uint32_t a = gazette_png_rgb_word(p0), b = gazette_png_rgb_word(p1);
        uint32_t c = gazette_png_rgb_word(p2), d = gazette_png_rgb_word(p3);
        uint32_t words[3] = {a | (b << 24), (b >> 8) | (c << 16), (c >> 16) | (d << 8)};
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
        for (int i = 0; i < 3; i++) words[i] = __builtin_bswap32(words[i]);
#endif
        memcpy(out, words, 12);
        out += 12;
    }
    for (; x < width; x++) {
        uint32_t p = row[x];
        all &= p;
        out[0] = (uint8_t)(p >> 16);
        out[1] = (uint8_t)(p >> 8);
        out[2] = (uint8_t)p;
        out += 3;
    }
    return all;
}

/// One row of Cairo pixels as straight RGB or RGBA bytes (Cairo's own rounding when unpremultiplying).
static void gazette_png_convert_row(const uint32_t *row, int width, int channels, uint8_t *out) {
    if (channels == 3) {
        (void)gazette_png_convert_row_rgb(row, width, out);
        return;
    }
    for (int x = 0; x < width; x++) {
        uint32_t p = row[x];
        uint32_t a = p >> 24;
        if (a == 0) {
            out[0] = out[1] = out[2] = out[3] = 0;
        } else {
            out[0] = (uint8_t)((((p >> 16) & 0xFF) * 255 + a / 2) / a);
            out[1] = (uint8_t)((((p >> 8) & 0xFF) * 255 + a / 2) / a);
            out[2] = (uint8_t)(((p & 0xFF) * 255 + a / 2) / a);
            out[3] = (uint8_t)a;
        }
        out += 4;
    }
}

/// Unfiltered rows straight into `raw`, each after its filter byte, as RGB when every pixel
/// is opaque (found while converting: charts paint their background, so almost always) and
/// otherwise as RGBA. Returns the channels written, or 0 when memory ran out.
static int gazette_png_unfiltered_rows(struct gazette_png_workspace *space, const uint8_t *pixels, int width, int height,
                                       int stride) {
    const size_t rgb_row = (size_t)width * 3;
    if (!gazette_png_reserve(&space->raw, &space->raw_size, (rgb_row + 1) * (size_t)height)) return 0;
    uint32_t all = 0xFFFFFFFFu;
    for (int y = 0; y < height && (all >> 24) == 0xFF; y++) {
        uint8_t *line = space->raw + (size_t)y * (rgb_row + 1);
        line[0] = (uint8_t)GAZETTE_PNG_FILTER_NONE;
        all &= gazette_png_convert_row_rgb((const uint32_t *)(pixels + (size_t)y * stride), width, line + 1);
    }
    if ((all >> 24) == 0xFF) return 3;
    const size_t rgba_row = (size_t)width * 4;
    if (!gazette_png_reserve(&space->raw, &space->raw_size, (rgba_row + 1) * (size_t)height)) return 0;
    for (int y = 0; y < height; y++) {
        uint8_t *line = space->raw + (size_t)y * (rgba_row + 1);
        line[0] = (uint8_t)GAZETTE_PNG_FILTER_NONE;
        gazette_png_convert_row((const uint32_t *)(pixels + (size_t)y * stride), width, 4, line + 1);
    }
    return 4;
}

static uint8_t gazette_png_paeth(uint8_t a, uint8_t b, uint8_t c) {
    int p = (int)a + b - c;
    int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    if (pa <= pb && pa <= pc) return a;
    return pb <= pc ? b : c;
}

/// Filters `row` against `previous` (all zeros for the first row) into `out`, after its filter byte.
static void gazette_png_filter_row(enum gazette_png_filter filter, const uint8_t *row, const uint8_t *previous,
                       size_t size, int bpp, uint8_t *out) {
    out[0] = (uint8_t)filter;
    out += 1;
    switch (filter) {
    case GAZETTE_PNG_FILTER_NONE:
        memcpy(out, row, size);
        break;
    case GAZETTE_PNG_FILTER_SUB:
        for (size_t i = 0; i < size; i++) out[i] = (uint8_t)(row[i] - (i >= (size_t)bpp ? row[i - bpp] : 0));
        break;
    case GAZETTE_PNG_FILTER_UP:
        for (size_t i = 0; i < size; i++) out[i] = (uint8_t)(row[i] - previous[i]);
        break;
    case GAZETTE_PNG_FILTER_AVERAGE:
        for (size_t i = 0; i < size; i++) {
            unsigned left = i >= (size_t)bpp ? row[i - bpp] : 0;
            out[i] = (uint8_t)(row[i] - ((left + previous[i]) >> 1));
        }
        break;
    case GAZETTE_PNG_FILTER_PAETH:
        for (size_t i = 0; i < size; i++) {
            uint8_t left = i >= (size_t)bpp ? row[i - bpp] : 0;
            uint8_t corner = i >= (size_t)bpp ? previous[i - bpp] : 0;
            out[i] = (uint8_t)(row[i] - gazette_png_paeth(left, previous[i], corner));
        }
        break;
    }
}

uint8_t *gazette_png_workspace_pixels(struct gazette_png_workspace *space, size_t size) {
    if (space == NULL || !gazette_png_reserve(&space->pixels, &space->pixels_size, size)) return NULL;
    memset(space->pixels, 0, size);
    return space->pixels;
}

const uint8_t *gazette_png_encode(struct gazette_png_workspace *space, const uint8_t *pixels, int width, int height,
                                  int stride, int level, enum gazette_png_filter filter, size_t *length) {
    if (space == NULL || width <= 0 || height <= 0 || stride < width * 4 || level < 1 || level > 12) return NULL;
    if (space->compressors[level] == NULL) space->compressors[level] = libdeflate_alloc_compressor(level);
    struct libdeflate_compressor *compressor = space->compressors[level];

    int channels;
    if (filter == GAZETTE_PNG_FILTER_NONE) {
        // Unfiltered rows need no copy of their own: converted straight into place, in one pass.
        if (compressor == NULL || (channels = gazette_png_unfiltered_rows(space, pixels, width, height, stride)) == 0) return NULL;
    } else {
        channels = gazette_png_is_opaque(pixels, width, height, stride) ? 3 : 4;
        const size_t row_size = (size_t)width * channels;
        if (compressor == NULL || !gazette_png_reserve(&space->raw, &space->raw_size, (row_size + 1) * (size_t)height)
            || !gazette_png_reserve(&space->rows, &space->rows_size, 2 * row_size)) return NULL;
        // The current and the previous row, unfiltered; the first row's "previous" is all zeros.
        uint8_t *current = space->rows, *previous = space->rows + row_size;
        memset(previous, 0, row_size);
        for (int y = 0; y < height; y++) {
            gazette_png_convert_row((const uint32_t *)(pixels + (size_t)y * stride), width, channels, current);
            gazette_png_filter_row(filter, current, previous, row_size, channels, space->raw + (size_t)y * (row_size + 1));
            uint8_t *swap = previous;
            previous = current;
            current = swap;
        }
    }
    const size_t raw_size = ((size_t)width * channels + 1) * (size_t)height;
    uint8_t *raw = space->raw;

    // A chart deflates to a few percent of its rows, so the output buffer is first sized for an
    // eighth of them, not for the worst case (as big as the rows: megabytes more per workspace);
    // only an image that does not fit is compressed again into the worst case's room. libdeflate
    // writes the same bytes either way.
    const size_t bound = libdeflate_zlib_compress_bound(compressor, raw_size);
    const size_t guess = raw_size / 8 + 4096 < bound ? raw_size / 8 + 4096 : bound;
    const size_t frame = 8 + 25 + 12 + 12;
    if (!gazette_png_reserve(&space->png, &space->png_size, frame + guess)) return NULL;
    size_t compressed = libdeflate_zlib_compress(compressor, raw, raw_size, space->png + 8 + 25 + 8, guess);
    if (compressed == 0 && guess < bound) {
        if (!gazette_png_reserve(&space->png, &space->png_size, frame + bound)) return NULL;
        compressed = libdeflate_zlib_compress(compressor, raw, raw_size, space->png + 8 + 25 + 8, bound);
    }
    if (compressed == 0) return NULL;
    uint8_t *png = space->png;
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    memcpy(png, signature, 8);
    size_t at = 8;

    uint8_t header[13];
    gazette_png_put_u32(header, (uint32_t)width);
    gazette_png_put_u32(header + 4, (uint32_t)height);
    header[8] = 8;                            // bits per channel
    header[9] = channels == 3 ? 2 : 6;        // truecolour, or truecolour with alpha
    header[10] = header[11] = header[12] = 0; // deflate, adaptive filtering, no interlace
    at += gazette_png_put_chunk(png + at, "IHDR", header, sizeof header);
    at += gazette_png_put_chunk(png + at, "IDAT", png + at + 8, compressed);
    at += gazette_png_put_chunk(png + at, "IEND", NULL, 0);
    *length = at;
    return png;
}

const char *gazette_png_deflate_version(void) { return LIBDEFLATE_VERSION_STRING; }
