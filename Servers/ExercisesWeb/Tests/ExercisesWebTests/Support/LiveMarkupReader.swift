import Foundation
import ScreenPreviews

/// Reads back the markup a ``/ScreenPreviews/LiveTree`` writes (and only that: double-quoted
/// attributes, the builder's entities, void and self-closed elements), so that a test can apply
/// a patch as sent on the wire, its spliced markup included, to a tree.
enum LiveMarkupReader {
    struct Unreadable: Error {}

    static let voidElements: Set<String> = ["img", "meta", "br", "hr", "link", "input", "source"]

    /// The nodes of `html`.
    static func nodes(_ html: String) throws -> [LiveNode] {
        var scalars = Substring(html).unicodeScalars[...]
        let nodes = try children(&scalars, closing: nil)
        guard scalars.isEmpty else { throw Unreadable() }
        return nodes
    }

    private static func children(_ input: inout Substring.UnicodeScalarView.SubSequence, closing: String?) throws -> [LiveNode] {
        var nodes: [LiveNode] = []
        var text = ""
        func flush() {
            if !text.isEmpty { nodes.append(.text(unescape(text))) }
            text = ""
        }
        while let first = input.first {
            guard first == "<" else {
                text.unicodeScalars.append(first)
                input.removeFirst()
                continue
            }
            flush()
            input.removeFirst()
            if input.first == "/" {
                input.removeFirst()
                let name = take(&input) { $0 != ">" }
                input.removeFirst()
                guard name == closing else { throw Unreadable() }
                return nodes
            }
            nodes.append(try element(&input))
        }
        flush()
        guard closing == nil else { throw Unreadable() }
        return nodes
    }

    private static func element(_ input: inout Substring.UnicodeScalarView.SubSequence) throws -> LiveNode {
        let tag = take(&input) { $0 != " " && $0 != ">" && $0 != "/" }
        var attributes: [LiveAttribute] = []
        while true {
            guard let next = input.first else { throw Unreadable() }
            input.removeFirst()
            switch next {
            case ">":
                if voidElements.contains(tag) { return .element(tag, attributes) }
                return .element(tag, attributes, try children(&input, closing: tag))
            case "/":
                guard input.first == ">" else { throw Unreadable() }
                input.removeFirst()
                return .element(tag, attributes)
            case " ":
                let name = take(&input) { $0 != "=" && $0 != " " && $0 != ">" && $0 != "/" }
                guard input.first == "=" else {
                    attributes.append(LiveAttribute(name, "", isFlag: true))
                    continue
                }
                input.removeFirst(2)  // ="
                let value = take(&input) { $0 != "\"" }
                input.removeFirst()
                attributes.append(LiveAttribute(name, unescape(value)))
            default:
                throw Unreadable()
            }
        }
    }

    private static func take(_ input: inout Substring.UnicodeScalarView.SubSequence, while keep: (Unicode.Scalar) -> Bool) -> String {
        var result = ""
        while let scalar = input.first, keep(scalar) {
            result.unicodeScalars.append(scalar)
            input.removeFirst()
        }
        return result
    }

    private static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
