import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every object a realistic scene made is freed once the scene is dropped (issue 32): no
/// reference cycle among animators, behaviours, items, collection views, layouts, delegates,
/// data sources, arenas, recognisers, interactions and scroll views. The scenes are in
/// `RetainCycleScenes.swift`; the truth is a weak reference to each object.
@Suite("Retain cycles")
struct RetainCycleTests {
    /// Each scene, dropped mid-motion: every object it made is gone.
    @Test(arguments: retainCycleScenes.map(\.name))
    func everyObjectOfTheSceneIsFreed(_ scene: String) throws {
        let build = try #require(retainCycleScenes.first { $0.name == scene }?.build)
        let watch = Watchlist()
        build(watch, .full)
        #expect(watch.count >= 5, "the scene watched too little to prove anything")
        #expect(watch.survivors == [], "still alive after the \(scene) scene was dropped")
    }

    /// The truth itself: a watch sees two dropped objects that hold each other, and sees them
    /// go once the cycle is broken.
    @Test func theWatchlistSeesACycle() {
        final class Node {
            var next: Node?
        }
        let watch = Watchlist()
        weak var probe: Node?
        do {
            let first = Node(), second = Node()
            first.next = second
            second.next = first
            watch.watch(first, "first")
            watch.watch(second, "second")
            probe = first
        }
        #expect(watch.survivors == ["first", "second"])
        probe?.next?.next = nil
        #expect(watch.survivors == [])
    }

    /// The resident memory of this process, in bytes (`/proc/self/statm`'s second field, in
    /// pages), or nil where there is no such file.
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Whether AddressSanitizer's runtime is in the process: its allocator keeps freed memory in
    /// a quarantine (256 MiB by default), so the resident set says nothing about leaks there.
    static var underAddressSanitizer: Bool {
        #if canImport(Glibc)
            dlsym(nil, "__asan_init") != nil
        #else
            false
        #endif
    }

    /// The bytes of heap the program holds (allocated and not freed), or nil where this cannot
    /// be read: the sanitizer allocator's own count when one is in the process, else glibc's
    /// `malloc_stats` "in use bytes" over every arena and mmapped block (its report goes to the
    /// standard error, sent to a file for the call).
    static func heapBytesInUse() -> Int? {
        #if canImport(Glibc)
            if let symbol = dlsym(nil, "__sanitizer_get_current_allocated_bytes") {
                return unsafeBitCast(symbol, to: (@convention(c) () -> Int).self)()
            }
            guard let symbol = dlsym(nil, "malloc_stats") else { return nil }
            let stats = unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-malloc-\(getpid())").path
            let file = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
            guard file >= 0 else { return nil }
            defer { unlink(path) }
            fflush(nil)
            let saved = dup(2)
            dup2(file, 2)
            stats()
            fflush(nil)
            dup2(saved, 2)
            close(saved)
            close(file)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8),
                let total = text.range(of: "Total (incl. mmap):"),
                let line = text[total.upperBound...].split(separator: "\n").first(where: { $0.contains("in use bytes") }
                ),
                let value = line.split(separator: "=").last
            else { return nil }
            return Int(value.trimmingCharacters(in: .whitespaces))
        #else
            return nil
        #endif
    }

    /// The soak's numbers: scenes built, the resident set and the heap in use after the warm-up
    /// and at the end, and where the time went.
    struct SoakResult: Codable {
        var scenes: Int
        var warmUpScenes: Int
        var residentAfterWarmUp: Int?
        var residentAtEnd: Int?
        var heapAfterWarmUp: Int?
        var heapAtEnd: Int?
        var underAddressSanitizer: Bool
        var seconds: Double
        /// Seconds spent in each kind of scene, by name.
        var secondsByKind: [String: Double]
    }

    /// Builds `scenes` scenes, cycling through every kind, after `warmUp` more, and measures.
    static func soak(scenes: Int, warmUp: Int) -> SoakResult {
        let kinds = retainCycleScenes
        var byKind = [Duration](repeating: .zero, count: kinds.count)
        func run(_ count: Int) {
            for i in 0..<count {
                let kind = i % kinds.count
                let start = ContinuousClock.now
                kinds[kind].build(Watchlist(), .soak)
                byKind[kind] += ContinuousClock.now - start
            }
        }
        func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        run(warmUp)
        byKind = byKind.map { _ in .zero }
        // The measurement warms up too: its first call loads Foundation's file and string
        // machinery, which stays allocated (16–18 KiB, seen once the libraries stopped using
        // Foundation's `String(describing:)`, which used to load it during the warm-up).
        _ = (residentBytes(), heapBytesInUse())
        let before = residentBytes(), heapBefore = heapBytesInUse()
        let start = ContinuousClock.now
        run(scenes)
        let elapsed = ContinuousClock.now - start
        let after = residentBytes(), heapAfter = heapBytesInUse()
        return SoakResult(
            scenes: scenes, warmUpScenes: warmUp, residentAfterWarmUp: before, residentAtEnd: after,
            heapAfterWarmUp: heapBefore, heapAtEnd: heapAfter, underAddressSanitizer: underAddressSanitizer,
            seconds: seconds(elapsed),
            secondsByKind: Dictionary(uniqueKeysWithValues: zip(kinds.map(\.name), byKind.map(seconds))))
    }

    // Exit tests came with Swift Testing 6.2; the package builds with Swift 6.1 too.
    #if compiler(>=6.2)
        /// 10 000 scenes built and dropped keep the process's memory flat.
        ///
        /// The run has a process of its own (an exit test), so no other test's allocations move the
        /// numbers. It starts after a warm-up of 450 scenes (50 of each kind), by which the runtime's
        /// metadata and conformance caches, the loggers and the allocator's arenas have their working
        /// size, and measures two things from there to the end:
        /// - The heap in use (allocated and not freed) may grow by at most 16 KiB. The smallest heap
        ///   block is 32 bytes, so one kind of scene in nine keeping a single block each (1 111 ×
        ///   32 B = 35 552 B) already fails: planted as a test of the test (the scroll scene keeping a
        ///   `ManualClock`, when there were eight kinds: 1 250 of them), the heap grew by 56 976 B and
        ///   the test failed. Measured without it: −752 to +1 296 B over 2 000 and 10 000 scenes.
        /// - The resident set (`/proc/self/statm`) may grow by at most 4 MiB, 420 bytes a scene. It
        ///   moves with what the allocator keeps of freed pages, not only with what is in use:
        ///   measured, it grew by 68 KiB to 1.05 MiB over runs whose heap in use did not grow at all
        ///   (and by 1.09 MiB with the planted leak, which it alone would not have caught); 4 MiB is
        ///   about four times the largest of those, and catches a leak of a whole scene's worth of
        ///   memory every few scenes.
        /// Under AddressSanitizer (whose quarantine holds freed memory) the run is 1 000 scenes and
        /// only the heap is checked: the sanitizer's allocator counts it exactly. The child prints
        /// its numbers as JSON; the test prints them for the record. `KINETIC_SOAK_SCENES=N` runs N
        /// scenes instead.
        @Test func tenThousandScenesKeepMemoryFlat() async throws {
            let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
                let fallback = RetainCycleTests.underAddressSanitizer ? 1_000 : 10_000
                let count = ProcessInfo.processInfo.environment["KINETIC_SOAK_SCENES"].flatMap(Int.init) ?? fallback
                let json = try! JSONEncoder().encode(RetainCycleTests.soak(scenes: count, warmUp: 450))
                print("SOAK " + String(decoding: json, as: UTF8.self))
            }
            let output = String(decoding: try #require(result).standardOutputContent, as: UTF8.self)
            let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("SOAK ") })
            let soak = try JSONDecoder().decode(SoakResult.self, from: Data(line.dropFirst(5).utf8))
            let resident = soak.residentAtEnd.flatMap { end in soak.residentAfterWarmUp.map { end - $0 } }
            let heap = soak.heapAtEnd.flatMap { end in soak.heapAfterWarmUp.map { end - $0 } }
            func bytes(_ value: Int?) -> String { value.map { "\($0) B" } ?? "unknown" }
            let kinds = soak.secondsByKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            print(
                "soak: \(soak.scenes) scenes in \(soak.seconds) s after \(soak.warmUpScenes) warm-up scenes; "
                    + "resident \(bytes(soak.residentAfterWarmUp)) → \(bytes(soak.residentAtEnd)) "
                    + "(\(bytes(resident))); "
                    + "heap in use \(bytes(soak.heapAfterWarmUp)) → \(bytes(soak.heapAtEnd)) (\(bytes(heap))); "
                    + "seconds by kind: " + kinds.joined(separator: ", "))
            #expect(soak.scenes >= 1)
            #if os(Linux)
                // Both numbers are there to read on Linux (glibc or a sanitizer's allocator, /proc).
                #expect(heap != nil && resident != nil, "the soak could not measure memory")
            #endif
            if let heap {
                #expect(heap <= 16 << 10, "the heap in use grew by \(heap) bytes over \(soak.scenes) scenes")
            }
            if let resident, !soak.underAddressSanitizer {
                #expect(resident <= 4 << 20, "the resident set grew by \(resident) bytes over \(soak.scenes) scenes")
            }
        }
    #endif
}
