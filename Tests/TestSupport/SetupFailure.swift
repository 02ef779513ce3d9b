/// A test's own input that did not give what the test is about (a spec that does not load,
/// a file the importer skipped): thrown, it fails the test, where a skip would hide the fault.
public struct SetupFailure: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
