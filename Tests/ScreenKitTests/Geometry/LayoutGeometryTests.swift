import Foundation
import ScreenKit
import SharedNetworking
import Testing

/// The one set of geometry types the Facts rows and the HooSets grid share.
@Suite("Layout geometry")
struct LayoutGeometryTests {
    @Test("a rect's edges, centre and flat accessors agree with its origin and size")
    func edges() {
        let rect = LayoutRect(x: 16, y: 49, width: 79, height: 40)
        #expect(rect.origin == LayoutPoint(x: 16, y: 49))
        #expect(rect.size == LayoutSize(width: 79, height: 40))
        #expect((rect.x, rect.y, rect.width, rect.height) == (16, 49, 79, 40))
        #expect((rect.minX, rect.maxX, rect.minY, rect.maxY) == (16, 95, 49, 89))
        #expect(rect.center == LayoutPoint(x: 55.5, y: 69))
        #expect(rect.centered(LayoutSize(width: 9, height: 10)) == LayoutRect(x: 51, y: 64, width: 9, height: 10))
    }

    @Test("hit testing is half-open: a point on a shared edge belongs to one cell only")
    func hitTesting() {
        let left = LayoutRect(x: 0, y: 0, width: 10, height: 10)
        let right = LayoutRect(x: 10, y: 0, width: 10, height: 10)
        let edge = LayoutPoint(x: 10, y: 5)
        #expect(!left.contains(edge))
        #expect(right.contains(edge))
        #expect(!left.overlaps(right), "touching rectangles share no area")
        #expect(left.contains(LayoutRect(x: 0, y: 0, width: 10, height: 10)), "a rect contains itself (edges may touch)")
        #expect(!left.contains(LayoutRect(x: 5, y: 5, width: 6, height: 1)))
        #expect(LayoutPoint(x: 0, y: 0).distance(to: LayoutPoint(x: 3, y: 4)) == 5)
    }

    @Test("JSON: a rect is {origin, size} in every screen; descriptions are short")
    func coding() throws {
        let rect = LayoutRect(x: 16, y: 12.25, width: 96.04, height: 72)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(rect), as: UTF8.self)
        #expect(json == #"{"origin":{"x":16,"y":12.25},"size":{"height":72,"width":96.04}}"#)
        #expect(try JSONDecoder().decode(LayoutRect.self, from: Data(json.utf8)) == rect)
        #expect(rect.description == "(16, 12.3) 96×72")
    }
}

@Suite("Font specs")
struct FontSpecTests {
    @Test("a bundled face is carried with its system fallback; a system font encodes as before")
    func faces() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let system = FontSpec(size: 17, weight: .semibold)
        #expect(String(decoding: try encoder.encode(system), as: UTF8.self) == #"{"size":17,"weight":"semibold"}"#)
        #expect(system.description == "17 pt semibold")
        let face = FontSpec(size: 28, weight: .medium, postScriptName: "AGBookPro-MediumCnd")
        #expect(
            String(decoding: try encoder.encode(face), as: UTF8.self)
                == #"{"postScriptName":"AGBookPro-MediumCnd","size":28,"weight":"medium"}"#)
        #expect(face.description == "28 pt AGBookPro-MediumCnd (else system medium)")
        #expect(try JSONDecoder().decode(FontSpec.self, from: try encoder.encode(face)) == face)
    }
}
