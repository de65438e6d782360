// The system zlib (raw inflate and CRC-32 for the HooSets ZIP reader).
#include <zlib.h>
