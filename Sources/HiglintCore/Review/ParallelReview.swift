import Dispatch

/// Reviews files on every core. Results come back in input order, so output
/// does not depend on scheduling.
public enum ParallelReview {
    public static func review(_ files: [SpecFile], with engine: Engine) -> [FileResult] {
        parallelMap(files) { engine.review($0) }
    }

    public static func parallelMap<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        if inputs.count < 2 { return inputs.map(transform) }
        let slots = ResultSlots<Output>(count: inputs.count)
        // Chunks rather than single files: fewer dispatches, and each worker stays on one cache.
        let chunkCount = min(inputs.count, max(1, inputs.count / 16))
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let lower = inputs.count * chunk / chunkCount
            let upper = inputs.count * (chunk + 1) / chunkCount
            for index in lower..<upper { slots.store(transform(inputs[index]), at: index) }
        }
        return slots.values()
    }
}

/// One slot per input, each written by exactly one worker. Raw memory, not an
/// array: an array's mutating accessors touch the whole array, which would make
/// concurrent writes to different slots a data race.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Value?>
    private let count: Int

    init(count: Int) {
        self.count = count
        base = UnsafeMutablePointer<Value?>.allocate(capacity: count)
        base.initialize(repeating: nil, count: count)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    func store(_ value: Value, at index: Int) {
        (base + index).pointee = value
    }

    func values() -> [Value] {
        UnsafeBufferPointer(start: base, count: count).compactMap { $0 }
    }
}
