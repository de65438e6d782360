import Foundation
import SharedNetworking

/// Reads one set directory (`hoo_set.json`, `header*.png`, `NN/hoo.json`, `NN/hoo.png`) into a
/// ``HooSet``, keeping going past anything missing and reporting it.
struct HooSetReader {
    var json = LocalJSON()

    /// The set in `directory`, or `nil` (with the reason in the diagnostics) when there is
    /// nothing to show.
    func read(_ directory: URL, number: Int, origin: HooSetOrigin) -> (set: HooSet?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        func report(_ kind: Diagnostic.Kind, _ file: String, _ message: String) {
            diagnostics.append(Diagnostic(kind, path: file.isEmpty ? origin.name : "\(origin.name)/\(file)", message: message))
        }

        var colorName = ""
        var declaredCount: Int?
        let setFile = directory.appendingPathComponent("hoo_set.json")
        if FileManager.default.fileExists(atPath: setFile.path) {
            do {
                let loaded = try json.decode(HooSetFile.self, at: setFile, name: "hoo_set.json")
                for diagnostic in loaded.diagnostics { report(diagnostic.kind, "hoo_set.json", Self.located(diagnostic)) }
                colorName = loaded.value.color ?? ""
                declaredCount = loaded.value.count
            } catch {
                report(.repaired, "hoo_set.json", "\(error.description); using a neutral colour")
            }
        } else {
            report(.repaired, "hoo_set.json", "missing; using a neutral colour")
        }
        var color = HooColorTable.neutral
        if !colorName.isEmpty {
            if let known = HooColorTable.color(named: colorName) {
                color = known
            } else {
                report(.repaired, "hoo_set.json", "unknown colour '\(colorName)'; using neutral grey \(HooColorTable.neutral.hex)")
            }
        }

        let header = ImageVariants.scan(directory, baseName: "header")
        if header.isEmpty { report(.note, "header.png", "missing at every scale; the title is drawn as text") }

        var hoos: [Hoo] = []
        for child in SetDirectoryScanner.numberedDirectories(in: directory) {
            let id = HooID(set: number, hoo: child.number)
            let file = "\(child.name)/hoo.json"
            let hooFile = child.url.appendingPathComponent("hoo.json")
            guard FileManager.default.fileExists(atPath: hooFile.path) else {
                report(.dropped, file, "missing; Hoo \(id) skipped")
                continue
            }
            let loaded: Loaded<HooFile>
            do {
                loaded = try json.decode(HooFile.self, at: hooFile, name: "hoo.json")
            } catch {
                report(.dropped, file, "\(error.description); Hoo \(id) skipped")
                continue
            }
            for diagnostic in loaded.diagnostics { report(diagnostic.kind, file, Self.located(diagnostic)) }
            let title = loaded.value.title ?? "Hoo \(child.number)"
            if loaded.value.title == nil { report(.repaired, file, "no Title; showing \"\(title)\"") }
            if loaded.value.poemLine == nil { report(.repaired, file, "no PoemLine; the disc shows the title only") }
            let image = child.url.appendingPathComponent("hoo.png")
            let hasImage = FileManager.default.fileExists(atPath: image.path)
            if !hasImage { report(.repaired, "\(child.name)/hoo.png", "missing; showing a placeholder") }
            hoos.append(Hoo(id: id, title: title, poemLine: loaded.value.poemLine ?? "", imageURL: hasImage ? image : nil))
        }

        if hoos.isEmpty {
            report(.dropped, "", "no Hoos in set \(number); set skipped")
            return (nil, diagnostics)
        }
        if let declaredCount, declaredCount != hoos.count {
            report(
                .note, "hoo_set.json",
                "Count says \(declaredCount) but the set has \(hoos.count == 1 ? "1 Hoo" : "\(hoos.count) Hoos"); showing what is there")
        }
        let set = HooSet(
            id: number, colorName: colorName, color: color, declaredCount: declaredCount, header: header, hoos: hoos, origin: origin)
        return (set, diagnostics)
    }

    /// A decoder diagnostic's message, prefixed with its key path when it has one.
    static func located(_ diagnostic: Diagnostic) -> String {
        diagnostic.path.isEmpty ? diagnostic.message : "\(diagnostic.path): \(diagnostic.message)"
    }
}
