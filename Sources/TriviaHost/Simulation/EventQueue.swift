import Foundation
import Trivia

/// A min-heap of timed events; ties keep insertion order, so a run is reproducible.
struct EventQueue<Payload> {
    private struct Entry {
        let time: Date
        let order: Int
        let payload: Payload

        func precedes(_ other: Entry) -> Bool {
            (time, order) < (other.time, other.order)
        }
    }

    private var heap: [Entry] = []
    private var counter = 0

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }

    mutating func schedule(_ payload: Payload, at time: Date) {
        counter += 1
        heap.append(Entry(time: time, order: counter, payload: payload))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func next() -> (time: Date, payload: Payload)? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let entry = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
            if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return (entry.time, entry.payload)
    }
}
