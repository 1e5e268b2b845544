#ifndef MARBLE_CTURBOJPEG_SHIM_H
#define MARBLE_CTURBOJPEG_SHIM_H
// libjpeg-turbo's TurboJPEG API (2.x, as Debian 12 ships it). It reports errors by return
// value and tjGetErrorStr2, never by longjmp into the caller, so no C of our own is needed.
#include <stddef.h>
#include <turbojpeg.h>
#endif
