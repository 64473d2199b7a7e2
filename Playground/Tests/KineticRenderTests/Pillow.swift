import ExternalTools
import Foundation
import Testing

/// Decodes images with Pillow (PyPI), an independent decoder, so the encoders are checked
/// against someone else's reading of the formats. `Scripts/test` installs it into
/// `.build/venv`; the tests that use it carry `.needs(.pillow)`, so without it they are skipped
/// with that reason (or fail, under `KINETIC_REQUIRE_ALL_TESTS=1`).
enum Pillow {
    struct Image {
        var width: Int
        var height: Int
        /// Every frame composed as a viewer shows it, RGB bytes row by row.
        var frames: [[UInt8]]
        /// Each frame's duration in milliseconds (GIF), and the loop count (0: forever).
        var durations: [Int]
        var loop: Int?
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    static let script = """
        import base64, json, sys
        from PIL import Image
        im = Image.open(sys.argv[1])
        frames, durations = [], []
        for i in range(getattr(im, "n_frames", 1)):
            im.seek(i)
            frames.append(base64.b64encode(im.convert("RGB").tobytes()).decode())
            durations.append(im.info.get("duration", 0))
        print(json.dumps({"width": im.width, "height": im.height, "frames": frames,
                          "durations": durations, "loop": im.info.get("loop")}))
        """

    static func decode(_ data: Data) async throws -> Image {
        try ExternalTools.require(.pillow)
        let python = try #require(ExternalTools.python)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kinetic-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("image"), output = directory.appendingPathComponent("decoded.json")
        try data.write(to: input)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, input.path]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        let status = try await process.runUntilExit()
        guard status == 0,
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any],
            let width = json["width"] as? Int, let height = json["height"] as? Int,
            let frames = json["frames"] as? [String]
        else { throw Failure(description: "Pillow could not decode the image (exit \(status)); with \(python)") }
        return Image(
            width: width, height: height, frames: frames.map { [UInt8](Data(base64Encoded: $0) ?? Data()) },
            durations: (json["durations"] as? [Int]) ?? [], loop: json["loop"] as? Int)
    }
}
