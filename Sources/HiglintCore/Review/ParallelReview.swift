import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reviews files on every core. Results come back in input order, so output
/// does not depend on scheduling.
public enum ParallelReview {
    /// Files in flight on each worker when an external plugin is asked: a file is completed
    /// (its answers waited for) only once this many started after it, so the plugin answers
    /// about one file while the rules check the next ones, and the worker seldom waits.
    static let filesInFlight = 8
    /// Files per chunk when a plugin is asked: a worker waits for every answer at the end of
    /// its chunk, so chunks are longer than the window; 32 files are still only a few ms.
    static let filesPerChunkWithReviewers = 32

    public static func review(_ files: [SpecFile], with engine: Engine) -> [FileResult] {
        guard engine.asksReviewers else { return parallelMap(files) { engine.review($0) } }
        return parallelMapChunks(files, filesPerChunk: filesPerChunkWithReviewers) { chunk in
            var results: [FileResult] = []
            results.reserveCapacity(chunk.count)
            var inFlight: [Engine.StartedReview] = []
            for file in chunk {
                inFlight.append(engine.start(file))
                if inFlight.count > filesInFlight { results.append(engine.complete(inFlight.removeFirst())) }
            }
            for started in inFlight { results.append(engine.complete(started)) }
            return results
        }
    }

    public static func parallelMap<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        // Chunks of four on a large map: fewer locks and arrays, and each worker stays on one
        // cache. Below a thousand inputs one at a time: the last chunk one worker takes decides
        // when the map ends, and four of the bench's largest storyboards are several milliseconds.
        parallelMapChunks(inputs, filesPerChunk: inputs.count < singleInputChunksBelow ? 1 : 4) { $0.map(transform) }
    }

    /// Input counts below which `parallelMap` hands out one input at a time.
    static let singleInputChunksBelow = 1_000

    /// `parallelMap` with the transform given a whole chunk, which it returns an output for each input of, in order.
    public static func parallelMapChunks<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], filesPerChunk: Int, _ transform: @Sendable (ArraySlice<Input>) -> [Output]
    ) -> [Output] {
        if inputs.count < 2 { return transform(inputs[...]) }
        let slots = ResultSlots<Output>(count: inputs.count)
        // Whatever chunk is last to finish runs on one core while the others wait, so the
        // caller keeps chunks small.
        let chunkCount = min(inputs.count, max(1, inputs.count / max(1, filesPerChunk)))
        let streams = ChunkStreams(chunkCount: chunkCount, streams: onlineCores)
        DispatchQueue.concurrentPerform(iterations: streams.count) { stream in
            while let chunk = streams.next(for: stream) {
                let lower = inputs.count * chunk / chunkCount
                let upper = inputs.count * (chunk + 1) / chunkCount
                let outputs = transform(inputs[lower..<upper])
                // Every slot must be filled exactly once before `values()` moves them out.
                precondition(outputs.count == upper - lower, "a chunk's transform returned \(outputs.count) outputs for \(upper - lower) inputs")
                for (offset, output) in outputs.enumerated() { slots.store(output, at: lower + offset) }
            }
        }
        return slots.values()
    }

    /// `first()` and `second()` at once, for two jobs that share nothing (one after the other
    /// on one core); returns once both are done. `first` runs on a worker and `second` on the
    /// calling thread, so that `second`'s own `parallelMap`s use every core: inside a
    /// `concurrentPerform` iteration, Dispatch runs a nested one on that thread alone.
    static func both<First: Sendable, Second>(
        _ first: @Sendable () -> First, _ second: () -> Second
    ) -> (First, Second) {
        let firstResult = Mutex<First?>(nil)
        let firstDone = DispatchGroup()
        let secondValue = withoutActuallyEscaping(first) { first in
            DispatchQueue.global().async(group: firstDone) {
                let value = first()
                firstResult.withLock { $0 = value }
            }
            let value = second()
            firstDone.wait()
            return value
        }
        // The group is waited for, so the worker has set it.
        guard let firstValue = firstResult.withLock({ $0.take() }) else {
            preconditionFailure("the first job returned no value")
        }
        return (firstValue, secondValue)
    }

    /// What `concurrentPerform` runs at once.
    static let onlineCores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    /// Makes outputs `0..<count` on every core and hands each to `consume`, on the calling
    /// thread and in order, as soon as it and every one before it are made, so the caller
    /// writes out the first parts of a big report while the others are still being made (and
    /// lets each go once written). `make` runs on other threads only; it returns before this does.
    public static func stream<Output: Sendable>(
        count: Int, _ make: @Sendable (Int) -> Output, into consume: (consuming Output) -> Void
    ) {
        guard count > 1 else {
            if count == 1 { consume(make(0)) }
            return
        }
        let slots = StreamSlots<Output>(count: count)
        let makers = DispatchGroup()
        withoutActuallyEscaping(make) { make in
            DispatchQueue.global().async(group: makers) {
                DispatchQueue.concurrentPerform(iterations: min(onlineCores, count)) { _ in
                    while let index = slots.claim() { slots.store(make(index), at: index) }
                }
            }
            for index in 0..<count { consume(slots.take(index)) }
            makers.wait()
        }
    }
}

/// The outputs of `ParallelReview.stream`: claimed in order by the makers, each stored once,
/// and taken in order by the one consumer, who waits for the next when it is not made yet.
/// A pthread mutex and condition, which ThreadSanitizer understands.
private final class StreamSlots<Value: Sendable>: @unchecked Sendable {
    private let count: Int
    private let values: UnsafeMutablePointer<Value?>
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let made = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Guarded by `lock`: the next index to hand a maker, and the one the consumer waits for.
    private var claimed = 0
    private var awaited = -1

    init(count: Int) {
        self.count = count
        values = UnsafeMutablePointer<Value?>.allocate(capacity: count)
        values.initialize(repeating: nil, count: count)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(made, nil)
    }

    deinit {
        values.deinitialize(count: count)
        values.deallocate()
        pthread_cond_destroy(made)
        pthread_mutex_destroy(lock)
        made.deallocate()
        lock.deallocate()
    }

    /// The next index to make; nil once all are handed out.
    func claim() -> Int? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard claimed < count else { return nil }
        claimed += 1
        return claimed - 1
    }

    func store(_ value: Value, at index: Int) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        (values + index).pointee = value
        if index == awaited { pthread_cond_signal(made) }
    }

    /// The output at `index`, moved out, once it is made.
    func take(_ index: Int) -> Value {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while true {
            if let value = (values + index).pointee.take() {
                awaited = -1
                return value
            }
            awaited = index
            pthread_cond_wait(made, lock)
        }
    }
}

/// The chunks of a parallel map cut into one stream per worker, each worker taking its own
/// stream's chunks in input order and, once that is done, the last chunk of the stream with
/// the most left. Workers in neighbouring chunks would ask for the same lazily read facts
/// (an app's project file, a directory's config) at once, one waiting while the other
/// reads; a worker keeps to its own part of the input, and one that steals starts at the
/// far end of another's. Handing all the chunks out from one shared order let a worker that
/// was quick through its chunk take the next one of the other stream too, and then wait
/// there for the project the other worker was still reading.
final class ChunkStreams: Sendable {
    /// The workers, one stream each (fewer when there are fewer chunks).
    let count: Int
    /// The chunks each stream still has: taken from the front by its owner, from the back by others.
    private let remaining: Mutex<[Range<Int>]>

    init(chunkCount: Int, streams requested: Int) {
        let streams = max(1, min(requested, chunkCount))
        count = streams
        remaining = Mutex((0..<streams).map { chunkCount * $0 / streams..<chunkCount * ($0 + 1) / streams })
    }

    /// The next chunk for the worker of `stream`; nil once every chunk is handed out.
    func next(for stream: Int) -> Int? {
        remaining.withLock { remaining in
            if let chunk = remaining[stream].first {
                remaining[stream] = chunk + 1..<remaining[stream].upperBound
                return chunk
            }
            guard let fullest = remaining.indices.max(by: { remaining[$0].count < remaining[$1].count }),
                  let chunk = remaining[fullest].last
            else { return nil }
            remaining[fullest] = remaining[fullest].lowerBound..<chunk
            return chunk
        }
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
