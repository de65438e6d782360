import CarFit

/// CarFit's bundled sample, shared by the sessions, is a CarFit feed to its view-models.
extension SharedFeed.Loader: CarFitFeedLoading where Feed == [Visit] {}
