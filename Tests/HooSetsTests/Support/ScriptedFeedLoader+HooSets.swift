import HooSets
import TestSupport

/// The package's one scripted feed loader as this module's seam.
extension ScriptedFeedLoader: HooSetsFeedLoading where Feed == HooSetsFeed {}
