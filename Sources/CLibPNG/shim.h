#ifndef MARBLE_CLIBPNG_SHIM_H
#define MARBLE_CLIBPNG_SHIM_H
#include <png.h>

// Plain and composite macros do not import into Swift: re-export them typed.
static const unsigned int marble_png_image_version = PNG_IMAGE_VERSION;
static const unsigned int marble_png_format_rgba = PNG_FORMAT_RGBA;
static const unsigned int marble_png_image_flag_fast = PNG_IMAGE_FLAG_FAST;
#endif
