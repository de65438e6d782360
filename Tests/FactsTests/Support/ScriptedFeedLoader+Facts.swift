import Facts
import TestSupport

/// The package's one scripted feed loader as this module's seam.
extension ScriptedFeedLoader: FactsFeedLoading where Feed == FactsFeed {}
