import CLibXML2
import Glibc

/// Name tables kept from one document to the next, so that a reader learns each name (what
/// the filter says of it, its string) once per thread rather than once per document: IB files
/// share a few hundred names, and each document met its hundred or so again.
///
/// The table, not libxml2's dictionary, is what is kept. A dictionary shared by the documents
/// would give equal names equal addresses across them, but libxml2 2.9 hashes every name of a
/// dictionary that has grown past its first 128 buckets with its slow hash, and the few
/// hundred names of many documents make it grow: measured on the bench's IB corpus, the
/// parser's lookups cost 42 M instructions more than learning the names saved.
///
/// A free list behind a mutex, not thread-local state: a `read` takes a table, parses with it
/// on its own thread and gives it back, so a table is only ever used by one parse at a time
/// and the pool holds about as many as there are threads reading. The mutex is a pthread one,
/// not `Synchronization.Mutex`: that one locks with futex(2), which ThreadSanitizer does not
/// model, and this is the state the sanitizer should check. `@unchecked Sendable`: `idle`
/// and `counts` are read and written only with `lock` held.
final class ReaderPool: @unchecked Sendable {
    /// Past either bound a table is dropped when its document is done (the next read starts a
    /// new one), so a file with millions of distinct names keeps that memory only while it is
    /// parsed. IB files share a few hundred names, which fit many times over.
    let maxNames: Int
    let maxNameBytes: Int
    private let lock = PoolLock()
    private var idle: [NameTable] = []
    private var counts = (made: 0, retired: 0)
    /// More idle tables than this are dropped: there are never more than the readers' threads.
    private static let maxIdle = 32

    init(maxNames: Int = 4096, maxNameBytes: Int = 256 * 1024) {
        self.maxNames = maxNames
        self.maxNameBytes = maxNameBytes
    }

    /// Runs `body` with a table no other parse uses meanwhile.
    func withTable<Result>(index: NameIndex, unknown: SAXReader.NameInfo, _ body: (NameTable) -> Result) -> Result {
        let table = lock.withLock { () -> NameTable in
            if let table = idle.popLast() { return table }
            counts.made += 1
            return NameTable(index: index, unknown: unknown)
        }
        let result = body(table)
        let kept = table.count <= maxNames && table.nameBytes <= maxNameBytes
        lock.withLock {
            if !kept {
                counts.retired += 1
            } else if idle.count < Self.maxIdle {
                idle.append(table)
            }
        }
        return result
    }

    /// How many tables the pool has made and how many it dropped for growing past its
    /// bounds: what the tests read to see a table replaced.
    var statistics: (made: Int, retired: Int) { lock.withLock { counts } }

    /// The number of names in each idle table, for the tests.
    var idleTableNames: [Int] { lock.withLock { idle.map(\.count) } }
}

/// A pthread mutex in memory of its own (a `pthread_mutex_t` must not move once initialized,
/// which a Swift stored property may).
private final class PoolLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}

/// What the filter says of each name a reader has met, and the name's string.
///
/// Two tables. The names themselves, found by their bytes (FNV-1a, open addressing), live as
/// long as the table: a name is looked up by bytes once per document, where it used to be
/// learned afresh (its string made, the filter asked). The document's own table finds a name
/// by the address libxml2 gives it: libxml2 keeps one copy of each name in its dictionary for
/// the whole parse, so equal addresses are equal names within a document, and each name's
/// bytes are looked at once, not at every use (a multiplicative hash of the address, linear
/// probing; a `Dictionary` insert, hashing the address with SipHash, cost more than the rest
/// of a name's first use). What is a document's own (the address, the name's index among
/// the document's names) carries the number of the document that wrote it, so starting a
/// document clears nothing.
///
/// `@unchecked Sendable`: it moves between threads only through the pool's mutex, which hands
/// it to one parse at a time.
final class NameTable: @unchecked Sendable {
    struct Info {
        let attribute: IBAttribute?
        let element: IBElement?
        let isSkipped: Bool
        let isKept: Bool
        let keepsText: Bool
    }

    private let index: NameIndex
    private let unknown: SAXReader.NameInfo
    /// Read in place (`infos[slot].isKept`), so a lookup copies nothing.
    // Read and written only by the parse that holds the table, once per element and attribute.
    @exclusivity(unchecked) private(set) var infos: [Info] = []
    /// Each name as a string, made the first time a document keeps it (an attribute the
    /// importer does not read never is).
    @exclusivity(unchecked) private var strings: [String?] = []
    /// Each name's index among the names of the document numbered `stamps[slot]`.
    @exclusivity(unchecked) private var documentNames: [Int32] = []
    @exclusivity(unchecked) private var stamps: [UInt32] = []
    private var stamp: UInt32 = 0

    // The names by bytes: each slot's bytes in `arena`, and its hash.
    private var arena: UnsafeMutablePointer<UInt8>
    private var arenaCapacity = 4096
    private(set) var nameBytes = 0
    @exclusivity(unchecked) private var nameStarts: [Int32] = []
    @exclusivity(unchecked) private var nameLengths: [Int32] = []
    @exclusivity(unchecked) private var hashes: [UInt64] = []
    private var byteCapacity = 512
    private var byteSlots: UnsafeMutablePointer<Int32>

    // The document's addresses: the key, its slot, and the document that wrote it.
    private var addressCapacity = 512
    private var addressCount = 0
    private var keys: UnsafeMutablePointer<UnsafePointer<xmlChar>?>
    private var slots: UnsafeMutablePointer<Int32>
    private var keyStamps: UnsafeMutablePointer<UInt32>

    init(index: NameIndex, unknown: SAXReader.NameInfo) {
        self.index = index
        self.unknown = unknown
        infos.reserveCapacity(256)
        arena = .allocate(capacity: arenaCapacity)
        byteSlots = .allocate(capacity: byteCapacity)
        byteSlots.initialize(repeating: -1, count: byteCapacity)
        (keys, slots, keyStamps) = Self.addressTables(capacity: addressCapacity)
    }

    /// Empty address tables of `capacity` entries: no key, slot 0, stamp 0 (no document's).
    private static func addressTables(capacity: Int) -> (
        keys: UnsafeMutablePointer<UnsafePointer<xmlChar>?>, slots: UnsafeMutablePointer<Int32>, stamps: UnsafeMutablePointer<UInt32>
    ) {
        let keys = UnsafeMutablePointer<UnsafePointer<xmlChar>?>.allocate(capacity: capacity)
        keys.initialize(repeating: nil, count: capacity)
        let slots = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        let stamps = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        stamps.initialize(repeating: 0, count: capacity)
        return (keys, slots, stamps)
    }

    deinit {
        arena.deallocate()
        byteSlots.deallocate()
        keys.deallocate()
        slots.deallocate()
        keyStamps.deallocate()
    }

    /// The names the table has learned.
    var count: Int { infos.count }

    /// Starts a document: every address and document index written before is stale from here.
    func beginDocument() {
        stamp &+= 1
        addressCount = 0
        if stamp == 0 {
            // After 2^32 documents the stamps would repeat: clear them once.
            for slot in stamps.indices { stamps[slot] = 0 }
            keyStamps.update(repeating: 0, count: addressCapacity)
            stamp = 1
        }
    }

    private static func position(of pointer: UnsafePointer<xmlChar>, capacity: Int) -> Int {
        let address = UInt64(UInt(bitPattern: pointer))
        return Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 32) & (capacity - 1)
    }

    /// The name's place in `infos`. Inlined into the callback, with a name's first sight in
    /// the document out of line: the call's own cost was a third of a lookup's.
    @inline(__always)
    func slot(_ pointer: UnsafePointer<xmlChar>) -> Int {
        var position = Self.position(of: pointer, capacity: addressCapacity)
        while keyStamps[position] == stamp {
            if keys[position] == pointer { return Int(slots[position]) }
            position = (position + 1) & (addressCapacity - 1)
        }
        return firstSight(pointer, at: position)
    }

    @inline(never)
    private func firstSight(_ pointer: UnsafePointer<xmlChar>, at position: Int) -> Int {
        let slot = slot(bytes: UnsafeBufferPointer(start: pointer, count: strlen(pointer)))
        keys[position] = pointer
        slots[position] = Int32(slot)
        keyStamps[position] = stamp
        addressCount += 1
        if addressCount * 2 > addressCapacity { growAddresses() }
        return slot
    }

    /// The slot of the name spelled `name`, learned now if it is new to the table.
    private func slot(bytes name: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = NameIndex.hash(name)
        var position = Int(truncatingIfNeeded: hash) & (byteCapacity - 1)
        while byteSlots[position] >= 0 {
            let slot = Int(byteSlots[position])
            if hashes[slot] == hash, spells(slot, name) { return slot }
            position = (position + 1) & (byteCapacity - 1)
        }
        let slot = infos.count
        let known = index.entry(for: name)
        let info = known?.info ?? unknown
        infos.append(Info(
            attribute: info.attribute, element: info.element, isSkipped: info.isSkipped, isKept: info.isKept,
            keepsText: info.keepsText))
        strings.append(known?.name)
        documentNames.append(-1)
        stamps.append(0)
        store(name)
        hashes.append(hash)
        byteSlots[position] = Int32(slot)
        if infos.count * 2 > byteCapacity { growNames() }
        return slot
    }

    private func spells(_ slot: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(nameLengths[slot]) == name.count else { return false }
        guard let base = name.baseAddress else { return true }
        return memcmp(arena + Int(nameStarts[slot]), base, name.count) == 0
    }

    /// The document's index of the name at `slot`; inlined like `slot(_:)`.
    @inline(__always)
    func documentName(_ slot: Int, in document: XMLDocument) -> Int32 {
        if stamps[slot] == stamp { return documentNames[slot] }
        return addDocumentName(slot, to: document)
    }

    @inline(never)
    private func addDocumentName(_ slot: Int, to document: XMLDocument) -> Int32 {
        let string: String
        if let known = strings[slot] {
            string = known
        } else {
            string = String(
                decoding: UnsafeBufferPointer(start: arena + Int(nameStarts[slot]), count: Int(nameLengths[slot])),
                as: UTF8.self)
            strings[slot] = string
        }
        let name = document.addName(string)
        documentNames[slot] = name
        stamps[slot] = stamp
        return name
    }

    private func store(_ name: UnsafeBufferPointer<UInt8>) {
        if nameBytes + name.count > arenaCapacity {
            var grown = arenaCapacity * 2
            while grown < nameBytes + name.count { grown *= 2 }
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            larger.initialize(from: arena, count: nameBytes)
            arena.deallocate()
            arena = larger
            arenaCapacity = grown
        }
        if let base = name.baseAddress { (arena + nameBytes).initialize(from: base, count: name.count) }
        nameStarts.append(Int32(nameBytes))
        nameLengths.append(Int32(name.count))
        nameBytes += name.count
    }

    private func growNames() {
        byteSlots.deallocate()
        byteCapacity *= 2
        byteSlots = .allocate(capacity: byteCapacity)
        byteSlots.initialize(repeating: -1, count: byteCapacity)
        for slot in hashes.indices {
            var position = Int(truncatingIfNeeded: hashes[slot]) & (byteCapacity - 1)
            while byteSlots[position] >= 0 { position = (position + 1) & (byteCapacity - 1) }
            byteSlots[position] = Int32(slot)
        }
    }

    private func growAddresses() {
        let oldKeys = keys
        let oldSlots = slots
        let oldStamps = keyStamps
        let oldCapacity = addressCapacity
        addressCapacity *= 2
        (keys, slots, keyStamps) = Self.addressTables(capacity: addressCapacity)
        for old in 0..<oldCapacity where oldStamps[old] == stamp {
            guard let key = oldKeys[old] else { continue }
            var position = Self.position(of: key, capacity: addressCapacity)
            while keyStamps[position] == stamp { position = (position + 1) & (addressCapacity - 1) }
            keys[position] = key
            slots[position] = oldSlots[old]
            keyStamps[position] = stamp
        }
        oldKeys.deallocate()
        oldSlots.deallocate()
        oldStamps.deallocate()
    }
}
