import Facts
import Foundation
import ScreenKit
import SharedNetworking
import Testing

@Suite("Self-sizing rows")
struct RowLayoutTests {
    static let measurer = AverageGlyphMeasurer()
    static let engine = FactRowLayoutEngine(measurer: measurer)
    static let metrics = FactsLayoutMetrics()
    static let image = url("https://img.example/a.png")

    static let longText = String(repeating: "Moose antlers weigh roughly twenty kilograms and the plural of moose is meese. ", count: 6)
    static let rows: [(String, FactRow)] = [
        ("short title", FactRow(id: 0, title: "Eh", description: nil, imageURL: nil)),
        ("short title and text", FactRow(id: 0, title: "Geography", description: "It's really big.", imageURL: nil)),
        (
            "long title and text",
            FactRow(id: 0, title: "Hockey Night in Canada, every Saturday since 1952", description: longText, imageURL: nil)
        ),
        ("text only", FactRow(id: 0, title: nil, description: longText, imageURL: nil)),
        ("an unbreakable word", FactRow(id: 0, title: String(repeating: "W", count: 300), description: nil, imageURL: nil)),
        ("short with image", FactRow(id: 0, title: "Flag", description: nil, imageURL: image)),
        ("long with image", FactRow(id: 0, title: "Meese", description: longText, imageURL: image)),
        ("image only", FactRow(id: 0, title: nil, description: nil, imageURL: image)),
    ]
    static let imageStates: [RowImageState] = [
        .notLoaded, .loading, .failed(reason: "404"), .loaded(pixelSize: nil),
        .loaded(pixelSize: PixelSize(width: 220, height: 165)),
        .loaded(pixelSize: PixelSize(width: 100, height: 1000)),
        .loaded(pixelSize: PixelSize(width: 2000, height: 50)),
        .loaded(pixelSize: PixelSize(width: 96, height: 96)),
    ]
    static let widths = FactsLayoutMetrics.deviceWidths + [200, 260]

    @Test("at every width, for every kind of row and image state: nothing clipped, nothing taller than needed")
    func invariants() throws {
        var checked = 0
        for width in Self.widths {
            for (name, row) in Self.rows {
                for state in row.imageURL == nil ? [RowImageState.none] : Self.imageStates {
                    let layout = Self.engine.layout(row, image: state, width: width)
                    try Self.checkInvariants(layout, row: row, image: state, width: width, context: "\(name) at \(width) (\(state.label))")
                    checked += 1
                }
            }
        }
        #expect(checked == Self.widths.count * (5 + 3 * Self.imageStates.count))
    }

    @Test("the real feed at iPhone and iPad widths", arguments: FactsLayoutMetrics.deviceWidths)
    func realFeed(width: Double) throws {
        let feed = try decodeFeed(try bundledFeedBytes()).value
        for row in feed.rows {
            let state: RowImageState = row.imageURL == nil ? .none : .loaded(pixelSize: PixelSize(width: 220, height: 165))
            try Self.checkInvariants(
                Self.engine.layout(row, image: state, width: width), row: row, image: state, width: width,
                context: "\(row.title ?? "?") at \(width)")
        }
    }

    @Test("exact heights of simple rows")
    func exactHeights() {
        // 12 inset + one 17 pt title line (20.4 → 21) + 12 inset.
        let title = FactRow(id: 0, title: "Eh", description: nil, imageURL: nil)
        #expect(Self.engine.layout(title, image: .none, width: 375).size == LayoutSize(width: 375, height: 45))
        // Title 21 + spacing 4 + one 15 pt line (18) + insets 24.
        let both = FactRow(id: 0, title: "Eh", description: "Short.", imageURL: nil)
        #expect(Self.engine.layout(both, image: .none, width: 375).size.height == 67)
        // A 220×165 image at 375: column 343 × 0.28 = 96.04, slot 72.03 high; taller than the title.
        let pictured = FactRow(id: 0, title: "Flag", description: nil, imageURL: Self.image)
        let layout = Self.engine.layout(pictured, image: .loaded(pixelSize: PixelSize(width: 220, height: 165)), width: 375)
        #expect(layout.size.height == 97)  // ⌈12 + 72.03 + 12⌉
        #expect(abs((layout.imageSlot?.width ?? 0) - 96.04) < 1e-9)
        #expect(layout.title?.frame.x == 16 + 96.04 + 12)
    }

    @Test("longer text makes a taller row; a wider screen never needs more lines")
    func textDrivesHeight() {
        for width in FactsLayoutMetrics.deviceWidths {
            let short = Self.engine.layout(FactRow(id: 0, title: "Eh", description: "Short.", imageURL: nil), image: .none, width: width)
            let long = Self.engine.layout(
                FactRow(id: 0, title: "Eh", description: Self.longText, imageURL: nil), image: .none, width: width)
            #expect(long.size.height > short.size.height)
        }
        let lineCounts = FactsLayoutMetrics.deviceWidths.map {
            Self.engine.layout(FactRow(id: 0, title: nil, description: Self.longText, imageURL: nil), image: .none, width: $0).description?
                .lines.count ?? 0
        }
        #expect(lineCounts == lineCounts.sorted(by: >))
        #expect(lineCounts.first ?? 0 > lineCounts.last ?? 0)
    }

    @Test("a tall image is scaled down into the maximum height, centred, undistorted")
    func tallImage() throws {
        let row = FactRow(id: 0, title: "Tall", description: nil, imageURL: Self.image)
        let layout = Self.engine.layout(row, image: .loaded(pixelSize: PixelSize(width: 100, height: 1000)), width: 768)
        let slot = try #require(layout.imageSlot)
        let picture = try #require(layout.image)
        #expect(slot.height == Self.metrics.imageMaxHeight)
        #expect(picture.height == Self.metrics.imageMaxHeight)
        #expect(abs(picture.width - 22) < 1e-9)
        #expect(abs(picture.x + picture.width / 2 - (slot.x + slot.width / 2)) < 1e-9)
        #expect(layout.size.height == Self.metrics.imageMaxHeight + 2 * Self.metrics.verticalInset)
    }

    @Test("a flat banner gets the minimum slot height and is letterboxed")
    func flatImage() throws {
        let row = FactRow(id: 0, title: nil, description: nil, imageURL: Self.image)
        let layout = Self.engine.layout(row, image: .loaded(pixelSize: PixelSize(width: 2000, height: 50)), width: 375)
        let slot = try #require(layout.imageSlot)
        let picture = try #require(layout.image)
        #expect(slot.height == Self.metrics.imageMinHeight)
        #expect(abs(picture.width - slot.width) < 1e-9)
        #expect(abs(picture.height - slot.width / 40) < 1e-9)
        #expect(abs(picture.midY - slot.midY) < 1e-9)
    }

    @Test("the placeholder keeps its size until the real one is known, then the row resizes")
    func placeholderThenRealSize() throws {
        let row = FactRow(id: 0, title: "Housing", description: nil, imageURL: Self.image)
        let placeholder = Self.engine.layout(row, image: .loading, width: 414)
        #expect(Self.engine.layout(row, image: .notLoaded, width: 414) == placeholder)
        #expect(Self.engine.layout(row, image: .failed(reason: "gone"), width: 414) == placeholder)
        let slot = try #require(placeholder.imageSlot)
        #expect(abs(slot.height / slot.width - Self.metrics.placeholderAspectRatio) < 1e-9)
        let square = Self.engine.layout(row, image: .loaded(pixelSize: PixelSize(width: 256, height: 256)), width: 414)
        #expect(square.size.height > placeholder.size.height)
    }

    @Test("narrow widths stack the image above the text; wide ones put it beside")
    func stacking() throws {
        let row = FactRow(id: 0, title: "Transportation", description: Self.longText, imageURL: Self.image)
        let narrow = Self.engine.layout(row, image: .loaded(pixelSize: PixelSize(width: 400, height: 300)), width: 200)
        #expect(narrow.isStacked)
        let slot = try #require(narrow.imageSlot)
        #expect(try #require(narrow.title).frame.y == slot.maxY + Self.metrics.imageSpacing)
        #expect(try #require(narrow.title).frame.width == 200 - 2 * Self.metrics.horizontalInset)
        for width in FactsLayoutMetrics.deviceWidths {
            #expect(!Self.engine.layout(row, image: .loading, width: width).isStacked, "stacked at \(width)")
        }
    }

    @Test("the image column grows with the width within its bounds")
    func imageColumnBounds() throws {
        let row = FactRow(id: 0, title: "x", description: nil, imageURL: Self.image)
        let widths = try FactsLayoutMetrics.deviceWidths.map { width in
            try #require(Self.engine.layout(row, image: .loading, width: width).imageSlot).width
        }
        #expect(widths == widths.sorted())
        #expect(widths.allSatisfy { $0 >= Self.metrics.imageMinWidth && $0 <= Self.metrics.imageMaxWidth })
        #expect(widths.last == Self.metrics.imageMaxWidth)
    }

    // MARK: Invariants

    /// Checks a layout against rules stated independently of the engine.
    static func checkInvariants(_ layout: FactRowLayout, row: FactRow, image: RowImageState, width: Double, context: String) throws {
        let m = metrics
        let bounds = LayoutRect(x: 0, y: 0, width: width, height: layout.size.height)
        let content = LayoutRect(
            x: m.horizontalInset, y: m.verticalInset, width: width - 2 * m.horizontalInset, height: layout.size.height - 2 * m.verticalInset
        )
        #expect(layout.size.width == width, "\(context)")
        #expect(layout.size.height == layout.size.height.rounded(), "\(context): whole points")

        var frames: [LayoutRect] = []
        for (text, block) in [(row.title, layout.title), (row.description, layout.description)] {
            guard let text else {
                #expect(block == nil, "\(context): a block for absent text")
                continue
            }
            let block = try #require(block, "\(context): text '\(text.prefix(20))' has no block")
            #expect(content.contains(block.frame), "\(context): text block \(block.frame) outside content \(content)")
            #expect(
                block.frame.height == Double(block.lines.count) * measurer.lineHeight(block.font), "\(context): block height is its lines")
            for line in block.lines {
                #expect(measurer.width(of: line, font: block.font) <= block.frame.width + 1e-9, "\(context): line '\(line)' clipped")
            }
            #expect(
                block.lines.joined().filter { !$0.isWhitespace } == text.filter { !$0.isWhitespace },
                "\(context): text lost or reordered in wrapping")
            frames.append(block.frame)
        }

        if row.imageURL == nil {
            #expect(layout.imageSlot == nil && layout.image == nil, "\(context): image slot without a URL")
        } else {
            let slot = try #require(layout.imageSlot, "\(context): no image slot")
            let picture = try #require(layout.image)
            #expect(content.contains(slot), "\(context): slot outside content")
            #expect(slot.contains(picture), "\(context): image outside its slot")
            #expect(
                slot.height >= m.imageMinHeight - 1e-9 && slot.height <= m.imageMaxHeight + 1e-9, "\(context): slot height \(slot.height)")
            #expect(
                slot.width >= min(m.imageMinWidth, content.width) - 1e-9 && slot.width <= m.imageMaxWidth + 1e-9,
                "\(context): slot width \(slot.width)")
            let aspect: Double
            if case .loaded(let size?, _) = image { aspect = size.aspectRatio } else { aspect = m.placeholderAspectRatio }
            #expect(abs(picture.height / picture.width - aspect) < 1e-9, "\(context): image distorted")
            #expect(
                abs(picture.width - slot.width) < 1e-9 || abs(picture.height - slot.height) < 1e-9,
                "\(context): image not fitted to its slot")
            for frame in frames {
                #expect(!slot.overlaps(frame), "\(context): image overlaps text")
            }
            frames.append(slot)
        }
        if frames.count >= 2, let title = layout.title, let description = layout.description {
            #expect(!title.frame.overlaps(description.frame), "\(context): title overlaps description")
        }
        #expect(frames.allSatisfy { bounds.contains($0) }, "\(context): clipped by the row")
        let bottom = frames.map(\.maxY).max() ?? m.verticalInset
        #expect(
            layout.size.height == (bottom + m.verticalInset - 1e-9).rounded(.up),
            "\(context): height \(layout.size.height) for content ending at \(bottom)")
    }
}

extension LayoutRect {
    var midY: Double { y + height / 2 }
}
