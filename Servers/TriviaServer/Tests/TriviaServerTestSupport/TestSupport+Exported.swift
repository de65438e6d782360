// The root package's test support is this package's too: one `eventually` (and `never`), one
// `Locked`, with one meaning in both packages (Docs/Architecture.md, "TestSupport"). Re-exported,
// so a test that imports TriviaServerTestSupport has them.
@_exported import TestSupport
