#ifndef MARBLE_CSDL2_SHIM_H
#define MARBLE_CSDL2_SHIM_H
#include <SDL.h>
#endif
