import Dispatch

/// Reviews files on every core. Results come back in input order, so output
/// does not depend on scheduling.
public enum ParallelReview {
    /// Each worker starts every file of its chunk before it completes the first, so that
    /// an external plugin answers about one file while the rules check the next.
    public static func review(_ files: [SpecFile], with engine: Engine) -> [FileResult] {
        parallelMapChunks(files) { chunk in
            let started = chunk.map { engine.start($0) }
            return started.map { engine.complete($0) }
        }
    }

    public static func parallelMap<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        parallelMapChunks(inputs) { $0.map(transform) }
    }

    /// `parallelMap` with the transform given a whole chunk, which it returns an output for each input of, in order.
    public static func parallelMapChunks<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ transform: @Sendable (ArraySlice<Input>) -> [Output]
    ) -> [Output] {
        if inputs.count < 2 { return transform(inputs[...]) }
        let slots = ResultSlots<Output>(count: inputs.count)
        // Chunks rather than single files: fewer dispatches, and each worker stays on one
        // cache. Small ones, though: whatever chunk is last to finish runs on one core
        // while the others wait, and four files are well under a millisecond.
        let chunkCount = min(inputs.count, max(1, inputs.count / 4))
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let lower = inputs.count * chunk / chunkCount
            let upper = inputs.count * (chunk + 1) / chunkCount
            let outputs = transform(inputs[lower..<upper])
            // Every slot must be filled exactly once before `values()` moves them out.
            precondition(outputs.count == upper - lower, "a chunk's transform returned \(outputs.count) outputs for \(upper - lower) inputs")
            for (offset, output) in outputs.enumerated() { slots.store(output, at: lower + offset) }
        }
        return slots.values()
    }
}

/// One slot per input, each written by exactly one worker. Raw memory, not an
/// array: an array's mutating accessors touch the whole array, which would make
/// concurrent writes to different slots a data race.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Value>
    private let count: Int
    /// Set once `values()` has moved every value out, so `deinit` leaves the memory alone.
    private var taken = false

    init(count: Int) {
        self.count = count
        base = UnsafeMutablePointer<Value>.allocate(capacity: count)
    }

    deinit {
        // Only reached with every slot filled: `parallelMap` stores one value per input before it reads any.
        if !taken { base.deinitialize(count: count) }
        base.deallocate()
    }

    /// Each slot is stored exactly once, into uninitialised memory.
    func store(_ value: Value, at index: Int) {
        (base + index).initialize(to: value)
    }

    /// Moves every value out, in input order. Moving rather than copying spares a
    /// retain and a release of everything each result holds, on the one thread
    /// that runs after the parallel part.
    func values() -> [Value] {
        Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let target = buffer.baseAddress else { return }
            target.moveInitialize(from: base, count: count)
            initialized = count
            taken = true
        }
    }
}
