#if canImport(Glibc)
import Glibc
#endif
import HiglintFuzzing
#if FUZZING
import CLibFuzzer
#endif

// `higlint-fuzz --write-seeds DIR [SPEC...]` writes the seed corpus. Built
// by `make fuzz` with -sanitize=fuzzer,address -DFUZZING, anything else is
// libFuzzer's command line, around FuzzInput.run. In a plain build it
// replays the inputs named (a crash file, a corpus directory), so a crash
// the fuzzer found reruns under a debugger without the fuzzer.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--write-seeds", arguments.count >= 2 {
    switch FuzzSeeds.write(into: arguments[1], specFiles: Array(arguments.dropFirst(2))) {
    case .success(let count):
        print("higlint-fuzz: wrote \(count) seeds to \(arguments[1])")
        exit(0)
    case .failure(let problem):
        print("higlint-fuzz: \(problem)")
        exit(2)
    }
}

#if FUZZING
var argumentCount = CommandLine.argc
var vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argumentCount, &vector) { data, size in
    FuzzInput.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
})
#else
var failures: Int32 = 0
for path in arguments {
    switch FuzzReplay.inputs(at: path) {
    case .success(let inputs):
        for input in inputs { FuzzInput.run(input.bytes) }
        print("higlint-fuzz: replayed \(inputs.count) input\(inputs.count == 1 ? "" : "s") from \(path)")
    case .failure(let problem):
        print("higlint-fuzz: \(path): \(problem)")
        failures += 1
    }
}
exit(failures == 0 ? 0 : 2)
#endif
