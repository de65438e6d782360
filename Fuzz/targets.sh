# The fuzz targets: NAME → the modules whose objects it links (in dependency order) and any
# extra libraries. Sourced by build.sh and run.sh; one line per target, read by `fuzz_target`.
#
#   name            modules                       extra flags (link, include paths)
FUZZ_TARGETS="
LenientDate       SharedNetworking
TextNormalizer    SharedNetworking
FeedJSON          SharedNetworking
ZipMemory         SharedNetworking,ScreenKit,HooSets
ZipExtract        SharedNetworking,ScreenKit,HooSets
HooJSON           SharedNetworking,ScreenKit,HooSets
ImageHeader       SharedNetworking
CarFitFeed        SharedNetworking,ScreenKit,CarFit
TriviaProtocol    SharedNetworking,ScreenKit,Trivia
TriviaWire        SharedNetworking,ScreenKit,Trivia       -IFuzz/Modules/CJansson -ljansson
ScheduleFeed      SharedNetworking,ScreenKit,Schedule
FactsFeed         SharedNetworking,ScreenKit,Facts
SocketHTTPResponse SharedNetworking
"

# All target names, in order.
fuzz_target_names() {
  echo "$FUZZ_TARGETS" | awk 'NF { print $1 }'
}

# Prints "modules flags..." for one target, or fails.
fuzz_target() {
  echo "$FUZZ_TARGETS" | awk -v name="$1" '$1 == name { line = $2; for (i = 3; i <= NF; i++) line = line " " $i; print line; found = 1 } END { exit !found }'
}
