// The step's stages, in order: colour joints, find contacts, apply fields, integrate
// velocities, prepare joints and contact rows, solve velocities (warm start, iterations,
// restitution, impulses stored), integrate positions (with each body's rest clock), sweep fast
// bodies, correct positions, decide rest (Rest.swift). Each stage is a function; the pipeline
// is `step`.

import KineticPlatform

extension World {
    /// Advances the world by one sub-step of `h` seconds: find contacts, apply fields and
    /// integrate velocities, solve joints and contacts (8 velocity iterations, warm started,
    /// then restitution), integrate positions, correct contacts and rigid joints (up to 3
    /// position iterations), then decide rest. Allocation-free once the scratch arrays have
    /// grown.
    func step(_ h: Double) {
        guard isAwake, h > 0 else { return }
        orderJointsIfNeeded()
        if liveShapeCount > 0 {
            collide(h)
        } else if !activeContacts.isEmpty {
            // The last shapes went (and their contacts with them) since the last sub-step: the
            // manifold pass that would rebuild the list does not run without shapes.
            activeContacts.removeAll(keepingCapacity: true)
        }
        if !fields.isEmpty && fields.hasCustomFields {
            fields.applyCustomFields(to: self, h: h)
            // The evaluators are the app's code: the masses packing takes from the active
            // contacts are read again after them.
            if !activeContacts.isEmpty {
                bodies.withReadOnlyBoundedPointer { b in
                    activeContacts.withBoundedPointer { active in
                        for k in 0..<active.count { active.pointer(at: k).pointee.refreshMasses(b) }
                    }
                }
            }
        }
        let gravity = self.gravity
        let rigidJoints = joints.needPositionSolve()
        let hasShapes = liveShapeCount > 0
        bodies.withBoundedPointer { b in
            if !fields.isEmpty { fields.apply(to: b, h: h, time: time) }
            integrateVelocities(b, h: h, gravity: gravity)
            let hasContacts = !activeContacts.isEmpty
            var rowCount = 0
            if hasContacts {
                prepareJointsBesideContacts(b, h: h)
                rowCount = prepareContacts(b, h: h)
                solveVelocities(b, rowCount: rowCount)
                updateTouching()
            } else {
                joints.solveWithoutContacts(b, h: h, iterations: Settings.velocityIterations)
            }
            let minSleepTime = integratePositions(b, h: h, hasShapes: hasShapes)
            if !fastBodies.isEmpty { sweepFastBodies(b) }
            let positionSolved = solvePositions(
                b, rowCount: rowCount, hasContacts: hasContacts, rigidJoints: rigidJoints)
            restIfSettled(b, minSleepTime: minSleepTime, positionSolved: positionSolved)
        }
        time += h
    }

    /// Re-colours any joint store that changed since the last step.
    private func orderJointsIfNeeded() {
        let n = bodies.count
        let movable: (Int32) -> Bool = { [bodies] in bodies[Int($0)].kind == .dynamic }
        joints.orderIfNeeded(bodyCount: n, isMovable: movable)
    }

    /// Integrate velocities; damping is the Padé form v /= (1 + h·c), stable for any c.
    @inline(__always)
    private func integrateVelocities(_ b: BoundedPointer<Body>, h: Double, gravity: Vec2) {
        for i in 0..<b.count where b[i].isDynamic {
            var v = b[i].linearVelocity
            var w = b[i].angularVelocity
            v += h * (b[i].gravityScale * gravity + b[i].invMass * b[i].force)
            w += h * b[i].invInertia * b[i].torque
            v *= 1 / (1 + h * b[i].linearDamping)
            w *= 1 / (1 + h * b[i].angularDamping)
            b[i].linearVelocity = saturated(v, Settings.maxSpeed)
            b[i].angularVelocity = saturated(w, Settings.maxSpeed)
        }
    }

    /// The joints' prepare in a sub-step with contacts: the stars no contact touches are
    /// solved outright (`JointSet.prepareStars`), the other joints prepared for the iterations.
    @inline(__always)
    private func prepareJointsBesideContacts(_ b: BoundedPointer<Body>, h: Double) {
        guard !joints.stars.groups.isEmpty else {
            // No stars: nothing to sort out, and the passes over the contacts would cost a
            // pile a per cent or two.
            return joints.prepareStars(b, h: h, iterations: Settings.velocityIterations, inContact: nil)
        }
        // One mark per body slot, no padding.
        let n = b.count
        if inContact.count < n { inContact.append(contentsOf: repeatElement(false, count: n - inContact.count)) }
        inContact.withBoundedPointer { marks in
            for active in activeContacts {
                marks[Int(active.bodyA)] = true
                marks[Int(active.bodyB)] = true
            }
            if !solvesStarsBesideContacts { marks.base.update(repeating: true, count: marks.count) }
            joints.prepareStars(b, h: h, iterations: Settings.velocityIterations, inContact: marks)
            if !solvesStarsBesideContacts { marks.base.update(repeating: false, count: marks.count) }
            for active in activeContacts {
                marks[Int(active.bodyA)] = false
                marks[Int(active.bodyB)] = false
            }
        }
    }

    /// Packs the active contacts into wide rows (loading the compact velocities, which the
    /// solve then uses); returns the number of rows.
    @inline(__always)
    private func prepareContacts(_ b: BoundedPointer<Body>, h: Double) -> Int {
        // The compact velocities and position states have a slot per body and one more, the
        // dummy slot `n`: a padding lane gathers it (a zero velocity, no displacement) and a lane
        // that must not move its body (a static body, padding) scatters to it instead of
        // branching. Nothing reads what is scattered there.
        let n = b.count
        if contactVelocities.count < n + 1 {
            contactVelocities.append(contentsOf: repeatElement(.zero, count: n + 1 - contactVelocities.count))
            positionStates.append(contentsOf: repeatElement(.zero, count: n + 1 - positionStates.count))
        }
        return contacts.withBoundedPointer { c in
            activeContacts.withReadOnlyBoundedPointer { active in
                contactVelocities.withBoundedPointer { v in
                    WideContactSolver.loadVelocities(b, into: v)
                    return WideContactSolver.prepare(
                        c, active, b, v, inverseH: 1 / h,
                        rows: &contactRows, setups: &contactSetups, positionRows: &positionRows,
                        colourMasks: &colourMasks,
                        colours: &colourScratch)
                }
            }
        }
    }

    /// With contacts: warm start, the velocity iterations over joints and contacts,
    /// restitution, and the contacts' impulses stored for the next sub-step. (Without,
    /// `JointSet.solveWithoutContacts` does the joints' part.)
    @inline(__always)
    private func solveVelocities(_ b: BoundedPointer<Body>, rowCount: Int) {
        // Contacts solve on the compact velocity array, joints on the bodies. With both,
        // the velocities go back and forth around the joints every iteration, so each
        // sees the other's latest impulses exactly as when both worked on the bodies. (The
        // round trip is part of the arithmetic, so it runs even when stars took every joint.)
        let hasJoints = joints.count() > 0
        contactRows.withBoundedPointer { allRows in
            contactVelocities.withBoundedPointer { v in
                // The velocities were loaded for packing. The rows past `rowCount` are what
                // earlier steps grew and this one does not use.
                let rows = allRows.prefix(rowCount)
                WideContactSolver.warmStart(rows, v)
                for _ in 0..<Settings.velocityIterations {
                    if hasJoints {
                        WideContactSolver.storeVelocities(v, into: b)
                        joints.solveVelocityOfOthers(b)
                        WideContactSolver.loadVelocities(b, into: v)
                    }
                    WideContactSolver.solveVelocity(rows, v)
                }
                contactSetups.withReadOnlyBoundedPointer { setups in
                    WideContactSolver.applyRestitution(rows, setups.prefix(rowCount), v)
                }
                WideContactSolver.storeVelocities(v, into: b)
                touchChanges.removeAll(keepingCapacity: true)
                contacts.withBoundedPointer {
                    WideContactSolver.storeImpulses(rows, $0, touchChanges: &touchChanges)
                }
            }
        }
    }

    /// Integrate positions, clamping motion per step like Box2D. Each body's rest clock runs
    /// here too: nothing after this changes a velocity (the position passes move bodies only),
    /// so this pass sees the velocities the rest test is about. Returns the shortest time any
    /// dynamic body has been slow, and collects the fast bodies for the sweep.
    @inline(__always)
    private func integratePositions(_ b: BoundedPointer<Body>, h: Double, hasShapes: Bool) -> Double {
        var minSleepTime = Double.greatestFiniteMagnitude
        // The turned bodies wait here to have their (cos, sin) computed four at a time.
        var turned = SIMD4<Int>.zero
        var turnedCount = 0
        let linTol2 = Settings.linearSleepTolerance * Settings.linearSleepTolerance
        let angTol2 = Settings.angularSleepTolerance * Settings.angularSleepTolerance
        for i in 0..<b.count where b[i].isDynamic {
            // The solver's impulses may have pushed a velocity past the saturation again.
            var v = saturated(b[i].linearVelocity, Settings.maxSpeed)
            var w = saturated(b[i].angularVelocity, Settings.maxSpeed)
            let translation = h * v
            let t2 = lengthSquared(translation)
            if t2 > Settings.maxTranslation * Settings.maxTranslation {
                v *= Settings.maxTranslation / t2.squareRoot()
            }
            let rot = h * w
            if rot * rot > Settings.maxRotation * Settings.maxRotation {
                w *= Settings.maxRotation / abs(rot)
            }
            b[i].linearVelocity = v
            b[i].angularVelocity = w
            // Rest: the slowest-to-settle body decides for the world.
            if w * w > angTol2 || lengthSquared(v) > linTol2 {
                b[i].sleepTime = 0
                minSleepTime = 0
            } else {
                b[i].sleepTime += h
                minSleepTime = min(minSleepTime, b[i].sleepTime)
            }
            if hasShapes && Self.isFast(b.pointer(at: i), translation: h * v) {
                fastBodies.append((Int32(i), b[i].position))
            }
            b[i].position += h * v
            if w != 0 {
                // Keep (cos, sin) current for the position pass, which reads it directly. Nothing
                // in this loop reads a rotation, so they are computed four at a time, lane for
                // lane the bits of the scalar `rotation` (Elementary+CosSinLanes.swift): 16 ns a
                // body one at a time, a few per cent of a settled pile's frame.
                b[i].angle += h * w
                turned[turnedCount] = i
                turnedCount += 1
                if turnedCount == 4 {
                    Self.updateRotations(b, turned)
                    turnedCount = 0
                }
            }
        }
        for k in 0..<turnedCount { b[turned[k]].rotation = rotation(b[turned[k]].angle) }
        return minSleepTime
    }

    /// Sets the (cos, sin) of the four bodies `slots` from their angles.
    @inline(__always)
    private static func updateRotations(_ b: BoundedPointer<Body>, _ slots: SIMD4<Int>) {
        let (c, s) = Elementary.cosSin(
            SIMD4<Double>(b[slots[0]].angle, b[slots[1]].angle, b[slots[2]].angle, b[slots[3]].angle))
        b[slots[0]].rotation = Vec2(c[0], s[0])
        b[slots[1]].rotation = Vec2(c[1], s[1])
        b[slots[2]].rotation = Vec2(c[2], s[2])
        b[slots[3]].rotation = Vec2(c[3], s[3])
    }

    /// Position correction of contacts and rigid joints, up to `Settings.positionIterations`;
    /// returns whether it converged (true when there was nothing to correct).
    @inline(__always)
    private func solvePositions(
        _ b: BoundedPointer<Body>, rowCount: Int, hasContacts: Bool, rigidJoints: Bool
    ) -> Bool {
        guard rigidJoints || hasContacts else { return true }
        var positionSolved = false
        func solveJointPositions() -> Bool {
            let ok = joints.solvePosition(b)
            // Joints correct angles without touching (cos, sin); the contact pass reads
            // (cos, sin), so refresh it after them.
            for i in 0..<b.count where b[i].isDynamic {
                let a = b[i].angle
                if a != 0 || b[i].rotation.y != 0 { b[i].rotation = rotation(a) }
            }
            return ok
        }
        if hasContacts {
            // Contacts correct the compact states, joints the bodies: with both, the
            // states go back to the bodies around the joints every iteration.
            positionRows.withBoundedPointer { allRows in
                positionStates.withBoundedPointer { state in
                    let rows = allRows.prefix(rowCount)
                    WidePositionSolver.begin(rows, b, state)
                    for _ in 0..<Settings.positionIterations {
                        // Box2D's test: every overlap within 3 slops.
                        var ok =
                            WidePositionSolver.solve(rows, state)
                            >= LaneScalar(-3 * Settings.linearSlop)
                        if rigidJoints {
                            WidePositionSolver.end(state, b)
                            ok = solveJointPositions() && ok
                            WidePositionSolver.begin(rows, b, state)
                        }
                        if ok {
                            positionSolved = true
                            break
                        }
                    }
                    WidePositionSolver.end(state, b)
                }
            }
        } else {
            for _ in 0..<Settings.positionIterations where solveJointPositions() {
                positionSolved = true
                break
            }
        }
        // A nearly singular constraint (a weld or a pin whose anchor is 10¹⁰ m away, its
        // effective mass found by cancelling huge terms) can correct a body far beyond the world;
        // keep it inside, so the next sub-step's differences stay finite.
        for i in 0..<b.count where b[i].isDynamic {
            let p = b[i].position
            if abs(p.x) > worldCoordinateLimit || abs(p.y) > worldCoordinateLimit { b[i].position = clampedToWorld(p) }
            if abs(b[i].angle) > 1e6 {
                b[i].setAngle(b[i].angle.remainder(dividingBy: 2 * .pi))
            }
        }
        return positionSolved
    }
}
