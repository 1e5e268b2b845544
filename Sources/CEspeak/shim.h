#ifndef MARBLE_CESPEAK_SHIM_H
#define MARBLE_CESPEAK_SHIM_H
// espeak-ng's classic API (synthesis, voices) and its own (initialising without printing or exiting).
#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
#endif
