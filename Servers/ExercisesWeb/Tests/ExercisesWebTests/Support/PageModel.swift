import Foundation
import ScreenPreviews

@testable import ExercisesWeb

/// What a page holds of its screen, kept as live.js keeps it from the server's messages: a whole
/// `render` replaces it, a `patch` is applied to it (its version checked against `base`), its
/// spliced markup read back with ``LiveMarkupReader``.
struct PageModel {
    struct WrongBase: Error {
        var base: Int?
        var version: Int
    }

    var tree = LiveTree(nodes: [])
    var version = 0
    var patches = 0
    var wholes = 0
    var acked = 0

    /// Applies one decoded server message.
    mutating func apply(_ message: [String: Any]) throws {
        if let ack = message["ack"] as? Int { acked = max(acked, ack) }
        switch message["type"] as? String {
        case "render":
            guard let html = message["html"] as? String else { return }
            tree = LiveTree(nodes: try LiveMarkupReader.nodes(html))
            version = message["version"] as? Int ?? version
            wholes += 1
        case "patch":
            guard message["base"] as? Int == version else { throw WrongBase(base: message["base"] as? Int, version: version) }
            tree = try Self.patch(message["ops"] as? [[Any]] ?? []).applied(to: tree)
            version = message["version"] as? Int ?? version
            patches += 1
        default:
            return
        }
    }

    /// A patch's operations as sent (Docs/Web.md, "Messages").
    static func patch(_ ops: [[Any]]) throws -> LivePatch {
        LivePatch(
            operations: try ops.map { op in
                let path = op.count > 1 ? op[1] as? [Int] ?? [] : []
                switch op.first as? String {
                case "t":
                    return .text(path: path, text: op[2] as? String ?? "")
                case "a":
                    let pairs = op[3] as? [[String]] ?? []
                    let removed = op.count > 4 ? op[4] as? [String] ?? [] : []
                    return .attributes(
                        path: path, tag: op[2] as? String ?? "",
                        changes: LivePatch.AttributeChanges(set: pairs.map { LiveAttribute($0[0], $0[1], isFlag: false) }, removed: removed)
                    )
                case "s":
                    return .splice(
                        path: path, tag: op[2] as? String ?? "", at: op[3] as? Int ?? 0, remove: op[4] as? Int ?? 0,
                        nodes: try LiveMarkupReader.nodes(op[5] as? String ?? ""))
                default:
                    throw LiveMarkupReader.Unreadable()
                }
            })
    }
}

extension LiveTree {
    /// The tree as a DOM has it: an attribute without a value and one whose value is empty are
    /// the same attribute (a patch sends both as `[name, ""]`).
    var asDOM: [LiveNode] { Self.dom(nodes) }

    private static func dom(_ nodes: [LiveNode]) -> [LiveNode] {
        nodes.map { node in
            guard case .element(let tag, let attributes, let children) = node.kind else { return node }
            // A DOM's attributes have no order that matters (a patch adds new ones at the end).
            let named = attributes.map { LiveAttribute($0.name, $0.value, isFlag: $0.value.isEmpty) }.sorted { $0.name < $1.name }
            return .element(tag, named, dom(children))
        }
    }
}
