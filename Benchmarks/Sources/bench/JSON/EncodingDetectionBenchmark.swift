import Foundation
import SharedNetworking

/// A 1 MB feed that is not UTF-8 and declares no charset: our normalizer judges which 8-bit
/// encoding reads most naturally (Windows-1252, Mac OS Roman, ISO 8859-1) and re-encodes the
/// text as UTF-8, against `String(data:encoding:)` told the right encoding in advance.
struct EncodingDetectionBenchmark: Benchmark {
    let name = "text-8bit-1mb"
    let title = "a 1 MB Windows-1252 feed, no charset: detect the encoding and re-encode vs String(data:encoding:) told it"
    let runs = 15

    /// JSON rows of text with quotes, dashes and accented names, in Windows-1252.
    static func document(bytes count: Int) -> Data {
        let row = #"{"title":"“Zoë’s café” – José Müller","description":"A 10–15 minute walk… déjà vu, naïve, Crème brûlée."},"#
        let encoded = Data(
            row.unicodeScalars.map { scalar in
                UInt8((0...255).first { EightBitEncoding.windows1252.scalar(for: UInt8($0)) == scalar } ?? 0x3F)
            })
        var data = Data(#"{"rows":["#.utf8)
        while data.count < count { data.append(encoded) }
        data.append(Data(#"{"title":"end"}]}"#.utf8))
        return data
    }

    func prepare(in directory: URL, scale: Scale) async throws -> String {
        let data = Self.document(bytes: scale == .full ? 1 << 20 : 4 << 10)
        try data.write(to: directory.appendingPathComponent("feed.json"))
        let output = TextNormalizer().normalize(data)
        guard output.diagnostics.first?.message.contains("decoded as Windows-1252") == true,
            String(data: data, encoding: .windowsCP1252).map({ Data($0.utf8) }) == output.utf8
        else { throw BenchmarkError("the normalizer did not read the feed as Windows-1252: \(output.diagnostics)") }
        let nonASCII = data.filter { $0 >= 0x80 }.count
        return "\(formatBytes(data.count)), \(nonASCII) bytes outside ASCII, Windows-1252"
    }

    func contenders(in directory: URL, scale: Scale) throws -> [Contender] {
        let data = try Data(contentsOf: directory.appendingPathComponent("feed.json"))
        return [
            .ours("ours: TextNormalizer (judge three readings, re-encode as UTF-8)") {
                guard TextNormalizer().normalize(data).utf8.count > data.count else { throw BenchmarkError("nothing re-encoded") }
            },
            .ours("ours, the judging alone (EightBitPlausibility)") {
                let verdict = data.withUnsafeBytes { EightBitPlausibility.judge($0, preferring: .windows1252) }
                guard verdict.encoding == .windows1252 else { throw BenchmarkError("misjudged") }
            },
            .peer("String(data:encoding: .windowsCP1252), told the encoding") {
                guard let text = String(data: data, encoding: .windowsCP1252), !text.isEmpty else { throw BenchmarkError("not decoded") }
            },
        ]
    }
}
