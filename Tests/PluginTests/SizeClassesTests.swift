import HiglintCore
@testable import OrientationPlugin
import XCTest

/// `orientation.size-class-gap` keeps size classes as bits; it must find the classes the
/// plain sets find, in table order.
final class SizeClassesTests: XCTestCase {
    /// The plain answer: every size class the device(s) and orientations reach, in table order.
    private func reachedSizeClasses(device: Device, orientations: [Orientation]) -> [SizeClass] {
        var reached = Set<SizeClass>()
        for member in device.members {
            for orientation in orientations {
                reached.insert(DeviceFacts.sizeClass(of: member, in: orientation))
            }
        }
        return SizeClass.allCases.filter(reached.contains)
    }

    func testBitsAnswerAsThePlainSets() {
        // Every sequence of up to three orientations, repeats included, and none at all.
        var sequences: [[Orientation]] = [[]]
        var previous: [[Orientation]] = [[]]
        for _ in 0..<3 {
            previous = previous.flatMap { prefix in Orientation.allCases.map { prefix + [$0] } }
            sequences += previous
        }
        // Every set of covered classes, as a variant list would give them.
        let coverings: [[SizeClass]] = (0..<16).map { bits in
            SizeClass.allCases.enumerated().filter { bits >> $0.offset & 1 != 0 }.map(\.element)
        }
        for device in Device.allCases {
            for orientations in sequences {
                var screen = Screen(device: device, canvas: Size(width: 375, height: 667))
                screen.orientations = orientations
                let reached = reachedSizeClasses(device: device, orientations: orientations)
                XCTAssertEqual(SizeClasses.reached(by: screen).members, reached, "\(device) \(orientations)")
                for covered in coverings {
                    var bits = SizeClasses()
                    for sizeClass in covered { bits.insert(sizeClass) }
                    let missing = SizeClasses.reached(by: screen).subtracting(bits)
                    let plain = reached.filter { !Set(covered).contains($0) }
                    XCTAssertEqual(missing.members, plain, "\(device) \(orientations) \(covered)")
                    XCTAssertEqual(missing.isEmpty, plain.isEmpty)
                }
            }
        }
    }
}
