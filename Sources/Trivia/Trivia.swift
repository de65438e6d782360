// The Trivia module: a live trivia competition whose rules are testable without a network.
//
// - Protocol/: the documented wire format (Docs/Trivia/Protocol.md) and `TriviaCodec`.
// - HTTP/: the wild-card balance endpoint, its client and the host's side of it.
// - Host/: the reference host (`TriviaHostCore`, pure; `TriviaHost`, the actor around it).
// - Client/: the client state machine (`TriviaClientState.handle(_:at:)`, pure).
// - Transport/: `TriviaTransport`, the in-memory network and the URLSession WebSocket client.
// - ViewState/, ViewModel/: what the question and final screens draw, and `TriviaViewModel`.
// - Simulation/: a deterministic discrete-event run of a whole competition with bots.
