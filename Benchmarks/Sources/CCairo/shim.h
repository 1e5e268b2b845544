// Cairo's image-surface and path API, for the benchmark's reference strokes.
#include <cairo.h>
