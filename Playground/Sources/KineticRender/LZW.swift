/// GIF's variant of LZW: variable-width codes packed least significant bit first, a clear code
/// whenever the 12-bit table fills, and the end-of-information code at the end (GIF89a
/// specification, appendix F).
enum LZW {
    /// The compressed codes for `indices`, whose values are below 2^`minimumCodeSize`.
    static func encode(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var out: [UInt8] = []
        out.reserveCapacity(indices.count / 2)
        var bitBuffer = 0, bitCount = 0
        var width = minimumCodeSize + 1
        func emit(_ code: Int) {
            bitBuffer |= code << bitCount
            bitCount += width
            while bitCount >= 8 {
                out.append(UInt8(bitBuffer & 0xff))
                bitBuffer >>= 8
                bitCount -= 8
            }
        }
        // Strings as (prefix code, next index) → code: the table every decoder rebuilds.
        var table: [Int: Int] = [:]
        table.reserveCapacity(4096)
        var next = end + 1
        emit(clear)
        guard var prefix = indices.first.map(Int.init) else {
            emit(end)
            if bitCount > 0 { out.append(UInt8(bitBuffer & 0xff)) }
            return out
        }
        for index in indices.dropFirst() {
            let key = prefix << 8 | Int(index)
            if let code = table[key] {
                prefix = code
                continue
            }
            emit(prefix)
            table[key] = next
            // Codes widen once the code just added no longer fits, as the decoder does.
            if next >= 1 << width { width += 1 }
            next += 1
            if next == 4096 {
                // The table is full: start afresh (at 12 bits, the width the decoder reads).
                emit(clear)
                table.removeAll(keepingCapacity: true)
                width = minimumCodeSize + 1
                next = end + 1
            }
            prefix = Int(index)
        }
        emit(prefix)
        emit(end)
        if bitCount > 0 { out.append(UInt8(bitBuffer & 0xff)) }
        return out
    }
}
