// zlib, the system's own: in the SDK on Apple platforms, and in Debian's
// `zlib1g-dev` (which Swift's Linux installation asks for) elsewhere.
// `maplang run` reads gzip-compressed inputs through it.
#include <zlib.h>
