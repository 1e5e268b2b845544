#ifndef MARBLE_CSDL2_SHIM_H
#define MARBLE_CSDL2_SHIM_H
#include <SDL.h>
#include <SDL_ttf.h>

// Macros Swift cannot import, re-exported as values.
static const int MARBLE_WINDOWPOS_CENTERED = SDL_WINDOWPOS_CENTERED;
static const Uint32 MARBLE_INIT_VIDEO = SDL_INIT_VIDEO;
static const Uint32 MARBLE_INIT_GAMECONTROLLER = SDL_INIT_GAMECONTROLLER;
static const Uint32 MARBLE_INIT_SENSOR = SDL_INIT_SENSOR;
static const Uint32 MARBLE_INIT_EVENTS = SDL_INIT_EVENTS;
static const Uint32 MARBLE_INIT_AUDIO = SDL_INIT_AUDIO;
static const SDL_AudioFormat MARBLE_AUDIO_S16SYS = AUDIO_S16SYS;

// SDL_GameControllerAddMappingsFromFile is a macro over the RWops form.
static inline int marble_add_mappings_from_file(const char *path) {
    return SDL_GameControllerAddMappingsFromRW(SDL_RWFromFile(path, "rb"), 1);
}
#endif
