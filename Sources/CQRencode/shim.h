// libqrencode (Debian's libqrencode-dev): QR codes for the phone page's address.
#include <qrencode.h>
