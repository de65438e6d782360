// The system zlib: CRC-32 (SharedNetworking) and raw inflate (the HooSets ZIP reader).
#include <zlib.h>
