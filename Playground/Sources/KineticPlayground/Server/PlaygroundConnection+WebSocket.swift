import Foundation
import HummingbirdWebSocket
import Logging
import NIOWebSocket

extension PlaygroundConnection {
    /// Runs the session over one WebSocket until the client leaves or is dropped: a reader that
    /// checks every message (a bad client is closed with the code and reason of its
    /// ``PlaygroundError``) and wakes the frame loop, and a frame loop that ticks at 120 Hz while
    /// something moves and sleeps while the scene is at rest (``PlaygroundSession/nextWake``).
    nonisolated func run(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, limits: PlaygroundServer.Limits,
        statistics: PlaygroundServer.Statistics, logger: Logger
    ) async throws {
        for text in await greet() { try await outbound.write(.text(text)) }
        let (wakes, waker) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await self.tickFrames(to: outbound, wakes: wakes, waker: waker, statistics: statistics)
            }
            group.addTask {
                // The reader's end (the client left or was dropped) also ends the frame loop.
                defer { waker.finish() }
                try await self.readMessages(
                    from: inbound, answeringTo: outbound, waker: waker, limits: limits, logger: logger)
            }
            // Whichever ends first ends the connection.
            try await group.next()
            group.cancelAll()
        }
    }

    /// Frames: a tick per 1/120 s while something moves, each sending a frame only when
    /// something changed; ticks keep to the period from each tick's start (sleeping a whole
    /// period after each tick's work would run slow). A message is answered at once: it wakes
    /// the loop for a tick right away (but never sooner than half a period after the last one),
    /// so a touch's frame does not wait for the next tick of the grid. At rest
    /// (``PlaygroundSession/nextWake``) the loop sleeps until a message or the gestures' next
    /// timer.
    private nonisolated func tickFrames(
        to outbound: WebSocketOutboundWriter, wakes: AsyncStream<Void>, waker: AsyncStream<Void>.Continuation,
        statistics: PlaygroundServer.Statistics
    ) async throws {
        let clock = ContinuousClock()
        let period = Duration.nanoseconds(1_000_000_000 / 120)
        var pending = wakes.makeAsyncIterator()
        var lastTick = clock.now - period
        var deadline: ContinuousClock.Instant? = clock.now
        while !Task.isCancelled {
            if let deadline, deadline <= clock.now {
                // Due already (or late): no wait.
            } else {
                let woken = await withTaskGroup(of: Void.self) { alarms in
                    if let deadline {
                        alarms.addTask {
                            // The alarm rings through the same stream a message does.
                            do {
                                try await clock.sleep(until: deadline, tolerance: nil)
                                waker.yield()
                            } catch {}
                        }
                    }
                    let woken = await pending.next() != nil
                    alarms.cancelAll()
                    return woken
                }
                guard woken else { return }
                try await clock.sleep(until: lastTick + period / 8, tolerance: nil)
            }
            lastTick = clock.now
            statistics.countStep()
            for text in await tick() { try await outbound.write(.text(text)) }
            switch await nextWake() {
            case .nextFrame: deadline = lastTick + period
            case .nextMessage: deadline = nil
            case .at(let time): deadline = await instant(at: time)
            }
        }
    }

    /// Input: frames put together into messages within the limits, each one checked.
    private nonisolated func readMessages(
        from inbound: WebSocketInboundStream, answeringTo outbound: WebSocketOutboundWriter,
        waker: AsyncStream<Void>.Continuation, limits: PlaygroundServer.Limits, logger: Logger
    ) async throws {
        var assembler = MessageAssembler(
            maximumBytes: PlaygroundSession.maximumMessageBytes, maximumFrames: limits.maximumFramesPerMessage)
        do {
            for try await frame in inbound {
                let opcode: MessageAssembler.Opcode =
                    switch frame.opcode {
                    case .text: .text
                    case .binary: .binary
                    case .continuation: .continuation
                    }
                guard let text = try assembler.append(opcode, payload: frame.data, fin: frame.fin) else { continue }
                for answer in try await receive(text) { try await outbound.write(.text(answer)) }
                waker.yield()
            }
        } catch let error as PlaygroundError {
            // Client text in the reason is escaped and bounded already: no forged lines.
            logger.info("dropping client: \(error.closeReason)")
            try await outbound.close(WebSocketErrorCode(codeNumber: Int(error.closeCode)), reason: error.closeReason)
        }
    }
}
