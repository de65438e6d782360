// The Schedule module. See Docs/Schedule.md.
