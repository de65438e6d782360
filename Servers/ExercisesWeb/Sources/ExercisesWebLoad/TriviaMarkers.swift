import Foundation
import SharedNetworking
import TriviaHost

/// How a Trivia run sees that a session shows question k: the question's text is on the screen
/// (the prompt, a level-2 heading) from the moment it opens, and not before; the result screen
/// that follows still shows it, so its first appearance is the one timed.
///
/// The marker is the longest run of ASCII letters, digits and spaces in the text: it reads the
/// same in the markup (no HTML escape) and in the JSON message (no JSON escape), whatever the
/// question's punctuation. The in-process competitions ask the bundled set's first questions.
enum TriviaMarkers {
    /// The markers of `texts`, in order; fails when two are the same or one is too short to be
    /// told from other words on the screen.
    static func markers(for texts: [String]) throws(LoadError) -> [[UInt8]] {
        let markers = texts.map(marker)
        for (index, marker) in markers.enumerated() {
            guard marker.count >= 8 else {
                throw LoadError("question \(index + 1) (\(texts[index])) has no run of 8 plain characters to recognise it by")
            }
            guard markers.firstIndex(of: marker) == index else {
                throw LoadError("questions \(markers.firstIndex(of: marker).map { $0 + 1 } ?? 0) and \(index + 1) look alike")
            }
        }
        return markers
    }

    /// The longest run of `[A-Za-z0-9 ]` in `text`, without spaces at its ends.
    static func marker(_ text: String) -> [UInt8] {
        var best: [UInt8] = []
        var run: [UInt8] = []
        func close() {
            let trimmed = Array(String(decoding: run, as: UTF8.self).trimmingCharacters(in: .whitespaces).utf8)
            if trimmed.count > best.count { best = trimmed }
            run = []
        }
        for byte in text.utf8 {
            let plain =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: " ")
            if plain { run.append(byte) } else { close() }
        }
        close()
        return best
    }

    /// The texts of the first `count` bundled questions: what the in-process competitions ask.
    static func bundledTexts(count: Int) async throws -> [String] {
        let set = try await TriviaQuestionSet.load(from: TriviaSource.bundled(), loader: FeedLoader(client: OfflineHTTPClient())).value
        return set.prefix(count).questions.map(\.text)
    }
}
