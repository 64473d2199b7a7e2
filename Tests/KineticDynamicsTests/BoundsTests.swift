import Foundation
import Testing

@testable import KineticDynamics

/// The solver's memory stays its own: every gather and scatter of the wide rows addresses a slot
/// of the buffer it names, padding lanes included (issue 32: ASan found the position pass reading
/// the dummy slot's body 16 bytes past the end of the bodies). The buffers here are allocated to
/// exactly their counts, so under `--sanitize=address` a read one slot past the end is reported
/// at once, and in a debug build `BoundedPointer` traps on it before any memory is touched.
@Suite("Bounds: the solver's gathers and scatters stay in their buffers")
struct BoundsTests {
    /// `count` elements in a buffer of exactly that size (an array may have spare capacity,
    /// which hides an overflow from the sanitizer).
    static func exact<T>(_ elements: [T]) -> BoundedPointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: elements.count)
        p.initialize(from: elements, count: elements.count)
        return BoundedPointer(p, count: elements.count)
    }

    static func free<T>(_ p: BoundedPointer<T>) {
        p.base.deinitialize(count: p.count)
        p.base.deallocate()
    }

    /// Packs `active` from a random scene and runs the whole contact pipeline (warm start,
    /// iterations, restitution, impulses stored, the position pass) on exactly sized buffers:
    /// bodies, contacts and active contacts without a spare slot, velocities and position states
    /// with one (the dummy), rows with none past `rowCount`. Truth: every lane's gather and
    /// scatter names a body or the dummy slot, a padding lane names only the dummy, and its
    /// position base is its absent separation, unmoved by any body.
    @Test(arguments: [11, 12, 13] as [UInt64])
    func theContactPipelineAddressesOnlyItsOwnSlots(seed: UInt64) {
        let (bodyArray, contactArray) = WideContactSolverTests.scene(
            seed: seed, bodyCount: 17, contactCount: 45, allDynamic: false)
        let n = bodyArray.count
        let bodies = Self.exact(bodyArray), contacts = Self.exact(contactArray)
        let active = Self.exact(contactArray.indices.map { ActiveContact(Int32($0), contactArray[$0], bodies) })
        let velocities = Self.exact([WideContactSolver.Velocity](repeating: .zero, count: n + 1))
        let states = Self.exact([WidePositionSolver.State](repeating: .zero, count: n + 1))
        defer {
            Self.free(bodies)
            Self.free(contacts)
            Self.free(active)
            Self.free(velocities)
            Self.free(states)
        }
        var rowArray: [WideContactRow] = [], positionArray: [WidePositionRow] = []
        var setupArray: [WideContactSetup] = []
        var masks: [UInt64] = [], colours: [UInt8] = []
        WideContactSolver.loadVelocities(bodies, into: velocities)
        let rowCount = WideContactSolver.prepare(
            contacts, active, bodies, velocities, inverseH: 120, rows: &rowArray, setups: &setupArray,
            positionRows: &positionArray, colourMasks: &masks, colours: &colours)
        let rows = Self.exact(Array(rowArray.prefix(rowCount)))
        let setups = Self.exact(Array(setupArray.prefix(rowCount)))
        let positionRows = Self.exact(Array(positionArray.prefix(rowCount)))
        defer {
            Self.free(rows)
            Self.free(setups)
            Self.free(positionRows)
        }

        var paddingLanes = 0
        for r in 0..<rowCount {
            for l in 0..<WideContactSolver.width {
                let isPadding = rows[r].contact[l] < 0
                for index in [rows[r].gatherA[l], rows[r].gatherB[l], rows[r].scatterA[l], rows[r].scatterB[l]] {
                    #expect(index >= 0 && Int(index) <= n, "row \(r) lane \(l) names slot \(index) of 0...\(n)")
                    if isPadding { #expect(Int(index) == n, "a padding lane names the dummy slot only") }
                }
                for index in [positionRows[r].gatherA[l], positionRows[r].gatherB[l]] {
                    #expect(index >= 0 && Int(index) <= n)
                }
                if isPadding { paddingLanes += 1 }
            }
        }
        #expect(paddingLanes > 0, "the scene has padding lanes, so the check is not vacuous")

        WideContactSolver.warmStart(rows, velocities)
        for _ in 0..<Settings.velocityIterations { WideContactSolver.solveVelocity(rows, velocities) }
        WideContactSolver.applyRestitution(rows, setups, velocities)
        WideContactSolver.storeVelocities(velocities, into: bodies)
        var touchChanges: [Int32] = []
        WideContactSolver.storeImpulses(rows, contacts, touchChanges: &touchChanges)

        WidePositionSolver.begin(positionRows, bodies, states)
        for r in 0..<rowCount {
            for l in 0..<WideContactSolver.width where rows[r].contact[l] < 0 {
                #expect(positionRows[r].p0.base[l] == WidePositionSolver.absentSeparation)
                #expect(positionRows[r].p1.base[l] == WidePositionSolver.absentSeparation)
            }
        }
        for _ in 0..<Settings.positionIterations { _ = WidePositionSolver.solve(positionRows, states) }
        WidePositionSolver.end(states, bodies)
        for i in 0..<n {
            #expect(bodies[i].position.isFinite && bodies[i].linearVelocity.isFinite)
        }
    }

    /// The checks are on in the builds the tests run (debug: SwiftPM defines `DEBUG`): an index
    /// one past the end, or negative, traps with the index and the bounds instead of reading
    /// the next allocation.
    @Test func anIndexOutsideTheBufferTraps() async {
        await #expect(processExitsWith: .failure) {
            let p = UnsafeMutablePointer<Double>.allocate(capacity: 3)
            p.initialize(repeating: 1, count: 3)
            let bounded = BoundedPointer(p, count: 3)
            _ = bounded[3]
        }
        await #expect(processExitsWith: .failure) {
            let p = UnsafeMutablePointer<Int32>.allocate(capacity: 3)
            p.initialize(repeating: 1, count: 3)
            _ = BoundedPointer(p, count: 3).pointer(at: Int32(-1))
        }
        await #expect(processExitsWith: .failure) {
            let p = UnsafeMutablePointer<Int32>.allocate(capacity: 3)
            p.initialize(repeating: 1, count: 3)
            _ = BoundedPointer(p, count: 3).suffix(from: 1).prefix(3)
        }
    }

    /// Within bounds, the pointer reads and writes in place, and its slices address the right
    /// elements: the last valid index of each works.
    @Test func slicesAddressTheirElements() {
        let p = Self.exact([10, 11, 12, 13, 14])
        defer { Self.free(p) }
        let middle = p.suffix(from: 1).prefix(3)
        #expect(middle.count == 3)
        #expect(middle[0] == 11 && middle[2] == 13)
        middle[Int32(2)] += 100
        #expect(p[3] == 113)
        #expect(p.suffix(from: 5).count == 0)
        #expect(p.pointer(at: 4).pointee == 14)
    }
}
