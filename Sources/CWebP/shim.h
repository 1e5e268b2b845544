#ifndef MARBLE_CWEBP_SHIM_H
#define MARBLE_CWEBP_SHIM_H
// libwebp's decoder and encoder, its RIFF muxer (animation frames) and its animation decoder.
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
#endif
