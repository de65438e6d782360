import Facts
import Testing

@Suite("The image window")
struct ImageWindowTests {
    let policy = ImageLoadingPolicy(prefetchAhead: 3, prefetchBehind: 1, maxConcurrentLoads: 2)

    @Test("visible rows first, then rows ahead by distance, then rows behind")
    func orderScrollingDown() {
        let window = ImageWindow(visible: 10..<13, rowCount: 100, direction: .down, policy: policy)
        #expect(window.visible == 10..<13)
        #expect(window.ordered == [10, 11, 12, 13, 14, 15, 9])
    }

    @Test("scrolling up looks ahead above")
    func orderScrollingUp() {
        let window = ImageWindow(visible: 10..<13, rowCount: 100, direction: .up, policy: policy)
        #expect(window.ordered == [10, 11, 12, 9, 8, 7, 13])
    }

    @Test("the window is clamped to the list")
    func clamped() {
        #expect(ImageWindow(visible: 0..<2, rowCount: 3, direction: .down, policy: policy).ordered == [0, 1, 2])
        #expect(ImageWindow(visible: 98..<105, rowCount: 100, direction: .down, policy: policy).ordered == [98, 99, 97])
        #expect(ImageWindow(visible: -5..<1, rowCount: 100, direction: .up, policy: policy).ordered == [0, 1])
        #expect(ImageWindow(visible: 200..<210, rowCount: 100, direction: .down, policy: policy).ordered.isEmpty)
        #expect(ImageWindow(visible: 0..<4, rowCount: 0, direction: .down, policy: policy).ordered.isEmpty)
    }

    @Test("direction follows the visible range")
    func direction() {
        #expect(ImageWindow.direction(from: nil, to: 5..<9) == .down)
        #expect(ImageWindow.direction(from: 0..<4, to: 2..<6) == .down)
        #expect(ImageWindow.direction(from: 2..<6, to: 1..<5) == .up)
        #expect(ImageWindow.direction(from: 2..<6, to: 2..<6) == .down)
    }

    @Test("policy values are sanitised")
    func sanitised() {
        let odd = ImageLoadingPolicy(prefetchAhead: -3, prefetchBehind: -1, maxConcurrentLoads: 0)
        #expect(odd == ImageLoadingPolicy(prefetchAhead: 0, prefetchBehind: 0, maxConcurrentLoads: 1))
    }
}
