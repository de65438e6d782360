// The ScreenPreviews module. See Docs/ScreenPreviews.md.
