// The exercises command. See Docs/Exercises.md.
