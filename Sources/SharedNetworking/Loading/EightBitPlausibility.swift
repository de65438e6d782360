/// Which 8-bit encoding a text that is not UTF-8 is in, told by how natural each reading is.
///
/// The same bytes mean different characters in Windows-1252, Mac OS Roman and ISO 8859-1, and a
/// wrong guess turns curly quotes into accented letters or "é" into "È". Every byte outside
/// ASCII is read in each candidate and judged by its neighbours (read the same way): a quotation
/// mark or dash next to a space, an accented letter inside a word, a degree sign by a number
/// score for that reading; a capital letter after a lowercase one, a symbol inside a word, a
/// letter stuck to a number, a C1 control character score against it. The highest total wins.
///
/// **Ties** (typically one or two bytes that read as well either way, like facts.json's 0xC9:
/// "…are" in Mac OS Roman, "Éare" in Windows-1252) are broken by the caller's preferred
/// encoding, then Windows-1252, Mac OS Roman, ISO 8859-1. Readings that give the same text
/// (Windows-1252 and ISO 8859-1 agree outside 0x80–0x9F) count as one.
///
/// One linear pass over the bytes; ASCII is skipped eight bytes at a time.
public enum EightBitPlausibility {
    /// Judges `bytes` (not valid UTF-8) and picks a reading; `preferred` breaks ties.
    public static func judge(_ bytes: UnsafeRawBufferPointer, preferring preferred: EightBitEncoding) -> EightBitVerdict {
        let order = ([preferred] + [.windows1252, .macRoman, .isoLatin1]).reduce(into: [EightBitEncoding]()) { order, encoding in
            if !order.contains(encoding) { order.append(encoding) }
        }
        let classTables = order.map(\.table.classIndices)
        let kinds = CharacterClass.allCases.count
        let evidenceKinds = Evidence.allCases.count
        // Per reading: the score, then the points per kind of evidence.
        var tallies = [Int](repeating: 0, count: order.count * (1 + evidenceKinds))
        var present = [Bool](repeating: false, count: 256)
        var nonASCII = 0
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let byte = Int(bytes[index])
            if byte >= 0x80 {
                nonASCII += 1
                present[byte] = true
                let previous = index > 0 ? Int(bytes[index - 1]) : -1
                let next = index + 1 < count ? Int(bytes[index + 1]) : -1
                for slot in 0..<order.count {
                    let classes = classTables[slot]
                    let before = previous < 0 ? boundary : classes[previous]
                    let after = next < 0 ? boundary : classes[next]
                    let judgement = judgements[(classes[byte] * kinds + before) * kinds + after]
                    let base = slot * (1 + evidenceKinds)
                    tallies[base] += Int(judgement.points)
                    if judgement.evidence >= 0 { tallies[base + 1 + Int(judgement.evidence)] += abs(Int(judgement.points)) }
                }
            }
            index += 1
        }
        let readings = order.indices.map { slot -> EightBitReading in
            let base = slot * (1 + evidenceKinds)
            var fits: [Evidence: Int] = [:]
            var misfits: [Evidence: Int] = [:]
            for (offset, evidence) in Evidence.allCases.enumerated() where tallies[base + 1 + offset] > 0 {
                if evidence.isFit { fits[evidence] = tallies[base + 1 + offset] } else { misfits[evidence] = tallies[base + 1 + offset] }
            }
            return EightBitReading(encoding: order[slot], score: tallies[base], fits: fits, misfits: misfits)
        }
        // Readings that give the same characters for every byte present are one reading.
        var distinct: [EightBitReading] = []
        for reading in readings {
            let table = reading.encoding.table
            let same = distinct.contains { other in
                (0x80..<256).allSatisfy { !present[$0] || other.encoding.table.scalars[$0] == table.scalars[$0] }
            }
            if !same { distinct.append(reading) }
        }
        // Stable: among equal scores the preference order is kept.
        let ranked = distinct.enumerated().sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }.map(\.element)
        let example = present.indices.first { $0 >= 0x80 && present[$0] }.map { UInt8($0) }
        return EightBitVerdict(readings: ranked, nonASCIICount: nonASCII, exampleByte: example)
    }

    private static let boundary = Int(CharacterClass.boundary.rawValue)

    /// ``judge(_:previous:next:)`` for every combination, computed once: the scan only indexes.
    private static let judgements: [(points: Int8, evidence: Int8)] = {
        let classes = CharacterClass.allCases
        var table: [(points: Int8, evidence: Int8)] = []
        table.reserveCapacity(classes.count * classes.count * classes.count)
        for character in classes {
            for previous in classes {
                for next in classes {
                    let (points, evidence) = judge(character, previous: previous, next: next)
                    table.append((Int8(points), Int8(evidence.flatMap { Evidence.allCases.firstIndex(of: $0) } ?? -1)))
                }
            }
        }
        return table
    }()

    /// The points one character earns in a reading, and what kind of evidence it is.
    static func judge(_ character: CharacterClass, previous: CharacterClass, next: CharacterClass) -> (Int, Evidence?) {
        let between = previous.isLetter && next.isLetter
        switch character {
        case .boundary, .digit:
            return (0, nil)
        case .control:
            return (-5, .controls)
        case .lower:
            if previous == .digit || next == .digit { return (-2, .lettersAgainstDigits) }
            if next == .upper { return (-2, .strayLetters) }
            if between { return (2, .accentedLetters) }
            if previous.isBreak && next.isBreak { return (-1, .strayLetters) }
            return (1, .accentedLetters)
        case .upper:
            if previous == .lower { return (-3, .capitalsInsideWords) }
            if previous == .digit || next == .digit { return (-2, .lettersAgainstDigits) }
            if previous == .upper && next == .lower { return (-1, .capitalsInsideWords) }
            if previous.isBreak && next.isBreak { return (-1, .strayLetters) }
            return (1, .accentedLetters)
        case .openingQuote, .closingQuote:
            if between { return (-2, .misplacedPunctuation) }
            return (2, .punctuation)
        case .apostrophe:
            if between { return (3, .punctuation) }
            if previous.isLetter || next.isLetter { return (2, .punctuation) }
            return (0, nil)
        case .dash:
            if (previous.isBreak && next.isBreak) || (previous == .digit && next == .digit) { return (2, .punctuation) }
            if between { return (1, .punctuation) }
            return (0, nil)
        case .ellipsis:
            return next.isBreak ? (2, .punctuation) : (1, .punctuation)
        case .bullet:
            return between ? (-3, .symbolsInsideWords) : (1, .punctuation)
        case .invertedMark:
            return previous.isBreak && next.isLetter ? (2, .punctuation) : (-1, .misplacedPunctuation)
        case .otherPunctuation:
            return between ? (-2, .symbolsInsideWords) : (0, nil)
        case .numericSymbol:
            if previous == .digit || next == .digit { return (2, .symbols) }
            return between ? (-3, .symbolsInsideWords) : (0, nil)
        case .mark:
            if between { return (-2, .symbolsInsideWords) }
            return previous.isLetter ? (1, .symbols) : (0, nil)
        case .rareSymbol:
            return between ? (-3, .symbolsInsideWords) : (-1, .rareSymbols)
        case .softHyphen:
            return between ? (1, .accentedLetters) : (-1, .strayLetters)
        }
    }

    /// A kind of evidence for (positive points) or against (negative) a reading, as a message
    /// names it.
    public enum Evidence: String, Sendable, CaseIterable, Comparable {
        /// Quotation marks, dashes, an ellipsis next to spaces or numbers; an apostrophe in a word.
        case punctuation = "punctuation where punctuation belongs"
        /// Accented letters inside words or at their edges (café, naïve, École).
        case accentedLetters = "accented letters in words"
        /// `°` or `€` next to a number, `™` after a name.
        case symbols = "symbols by numbers and names"
        /// C1 control characters and bytes the encoding leaves undefined.
        case controls = "control characters"
        /// A capital right after a lowercase letter (cafŽ).
        case capitalsInsideWords = "capitals inside words"
        /// A bullet, a dagger or a symbol between two letters (na•ve).
        case symbolsInsideWords = "symbols inside words"
        /// A letter directly before or after a digit (1990ñ2000).
        case lettersAgainstDigits = "letters stuck to numbers"
        /// An accented letter standing alone, or a lowercase one before a capital (ìHello).
        case strayLetters = "stray letters"
        /// A quotation mark between two letters, an inverted mark not starting a word.
        case misplacedPunctuation = "punctuation inside words"
        /// Mathematical and typesetting symbols, rare in any feed's text (√ π Ω ◊).
        case rareSymbols = "math symbols"

        /// Whether this kind counts for a reading (otherwise against it).
        public var isFit: Bool { self == .punctuation || self == .accentedLetters || self == .symbols }

        /// In declaration order: the order messages list kinds of equal weight in.
        public static func < (lhs: Evidence, rhs: Evidence) -> Bool {
            (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
        }
    }
}

/// How one encoding reads the bytes.
public struct EightBitReading: Sendable, Equatable {
    /// The encoding the bytes were read in.
    public var encoding: EightBitEncoding
    /// Points for minus points against; higher is more natural.
    public var score: Int
    /// Points earned per kind of evidence.
    public var fits: [EightBitPlausibility.Evidence: Int]
    /// Points lost per kind of evidence.
    public var misfits: [EightBitPlausibility.Evidence: Int]

    /// The two kinds of evidence that weighed most, strongest first.
    func strongest(_ evidence: [EightBitPlausibility.Evidence: Int]) -> [EightBitPlausibility.Evidence] {
        evidence.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(2).map(\.key)
    }
}

/// The outcome of ``EightBitPlausibility/judge(_:preferring:)``: the readings best first.
public struct EightBitVerdict: Sendable, Equatable {
    /// Distinct readings, the chosen one first.
    public var readings: [EightBitReading]
    /// Bytes at or above 0x80.
    public var nonASCIICount: Int
    /// The lowest byte value at or above 0x80 that occurs, to show how the readings differ.
    public var exampleByte: UInt8?

    /// The chosen encoding.
    public var encoding: EightBitEncoding { readings.first?.encoding ?? .windows1252 }

    /// Whether the runner-up scored the same, so the preference decided.
    public var isTie: Bool { readings.count > 1 && readings[0].score == readings[1].score }

    /// Why this reading, in one clause: `Windows-1252 scores 5 (punctuation where punctuation
    /// belongs), Mac OS Roman -1 (capitals inside words)`, or for a tie, that the preference
    /// decided and what the example byte reads as in each.
    public var explanation: String {
        guard let best = readings.first else { return "" }
        guard readings.count > 1 else {
            return "every candidate reads these bytes the same"
        }
        if isTie {
            let tied = readings.filter { $0.score == best.score }
            let names = tied.map(\.encoding.displayName)
            let list = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
            var text = "too little evidence to choose (\(list) score \(best.score)"
            if let byte = exampleByte {
                let forms = tied.map { "\"\(String($0.encoding.scalar(for: byte)))\"" }
                text += "; byte 0x\(String(byte, radix: 16, uppercase: true)) reads " + forms.joined(separator: " or ")
            }
            return text + "), so the preferred encoding decides"
        }
        let parts = readings.map { reading -> String in
            let reasons = reading.encoding == best.encoding ? reading.strongest(reading.fits) : reading.strongest(reading.misfits)
            let label = "\(reading.encoding.displayName) scores \(reading.score)"
            return reasons.isEmpty ? label : "\(label) (\(reasons.map(\.rawValue).joined(separator: ", ")))"
        }
        return "the most natural reading: " + parts.joined(separator: ", ")
    }
}
