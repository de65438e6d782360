// The Facts module. See Docs/Facts.md.
