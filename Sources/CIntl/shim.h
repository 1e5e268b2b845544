// gettext and the locale, from glibc: nothing to link, no pkg-config.
#include <libintl.h>
#include <locale.h>
