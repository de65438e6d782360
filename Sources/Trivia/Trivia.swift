// The Trivia module. See Docs/Trivia.md.
