#ifndef MARBLE_CLIBPNG_SHIM_H
#define MARBLE_CLIBPNG_SHIM_H
#include <png.h>

// PNG_IMAGE_VERSION and PNG_FORMAT_RGBA are plain macros; re-export them typed so Swift sees them.
static const unsigned int marble_png_image_version = PNG_IMAGE_VERSION;
static const unsigned int marble_png_format_rgba = PNG_FORMAT_RGBA;
#endif
