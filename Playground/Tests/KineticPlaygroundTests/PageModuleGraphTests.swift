import ExternalTools
import Foundation
import Testing

/// The page's modules (`Page/js/**/*.js`, plain ES modules) import one way: input (input.js,
/// controls.js) imports the scene connection (scene.js), which imports drawing (drawing.js,
/// hud.js), which imports the state (state.js); main.js wires them and picks the transport
/// (transport/), which scene.js does not know. kinetic.js, the module for web pages
/// (`Page/web/`), is a library below them all: the page's modules may use it (its WASI loader),
/// it uses none of theirs. Read from the files' static imports: ES modules
/// allow a circle, and one made the page's parts depend on each other before.
@Suite("Page module graph")
struct PageModuleGraphTests {
    static let scripts = ExternalTools.packageRoot.appendingPathComponent("Sources/KineticPlayground/Page")

    /// A folder's modules and what each imports statically (`import … from "…"`, `import "…"`,
    /// `export … from "…"`, each starting a line; not `import(…)`).
    struct ModuleGraph {
        /// By path below the folder (`js/main.js`, `js/transport/socket.js`): the modules it imports.
        var imports: [String: [String]] = [:]
        /// The imports that name no module of the folder: `js/main.js imports "./gone.js"`.
        var unresolved: [String] = []

        /// A line's `import … from "…"` or `export … from "…"` (what lies between holds no
        /// quote, parenthesis or semicolon), or `import "…"`.
        static let importPattern = #"^[ \t]*(?:(?:import|export)\b[^;"'()]*?\bfrom|import)[ \t]*["']([^"'\n]*)["']"#

        /// The modules in `folder` and below.
        init(folder: URL) throws {
            var texts: [String: String] = [:]
            let root = folder.standardizedFileURL.path
            let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "js" else { continue }
                let path = String(url.standardizedFileURL.path.dropFirst(root.count + 1))
                texts[path] = try String(contentsOf: url, encoding: .utf8)
            }
            self.init(texts: texts)
        }

        /// Modules given as their texts, by path.
        init(texts: [String: String]) {
            let regex = try! Regex(Self.importPattern).anchorsMatchLineEndings()
            for (path, text) in texts.sorted(by: { $0.key < $1.key }) {
                var imported: [String] = []
                for match in text.matches(of: regex) {
                    let specifier = String(match.output[1].substring ?? "")
                    if let resolved = Self.resolve(specifier, from: path), texts[resolved] != nil {
                        imported.append(resolved)
                    } else {
                        unresolved.append("\(path) imports \"\(specifier)\"")
                    }
                }
                imports[path] = imported
            }
        }

        /// `specifier` (`./x.js`, `../x.js`) imported by the module at `path`, as a path below
        /// the folder; nil if it is not relative or leads out of the folder.
        static func resolve(_ specifier: String, from path: String) -> String? {
            guard specifier.hasPrefix("./") || specifier.hasPrefix("../") else { return nil }
            var components = path.split(separator: "/").dropLast().map(String.init)
            for component in specifier.split(separator: "/", omittingEmptySubsequences: false) {
                switch component {
                case ".": continue
                case "..":
                    guard !components.isEmpty else { return nil }
                    components.removeLast()
                case "": return nil
                default: components.append(String(component))
                }
            }
            return components.joined(separator: "/")
        }

        /// A circle of imports, if there is one: its modules, the first again at the end.
        func cycle() -> [String]? {
            var done: Set<String> = []
            var path: [String] = []
            func visit(_ module: String) -> [String]? {
                if let start = path.firstIndex(of: module) { return Array(path[start...]) + [module] }
                guard !done.contains(module) else { return nil }
                path.append(module)
                for next in imports[module] ?? [] {
                    if let found = visit(next) { return found }
                }
                path.removeLast()
                done.insert(module)
                return nil
            }
            for module in imports.keys.sorted() {
                if let found = visit(module) { return found }
            }
            return nil
        }

        /// The modules `module` imports, directly or through others.
        func reachable(from module: String) -> Set<String> {
            var seen: Set<String> = []
            var next = imports[module] ?? []
            while let module = next.popLast() {
                if seen.insert(module).inserted { next += imports[module] ?? [] }
            }
            return seen
        }

        /// Where the imports go against the layers: state.js imports nothing, drawing.js and
        /// hud.js only state.js, scene.js reaches neither input.js, controls.js nor a transport,
        /// nothing imports main.js, and web/ (kinetic.js) imports nothing of js/.
        func layeringViolations() -> [String] {
            var violations: [String] = []
            for module in ["js/state.js", "js/drawing.js", "js/hud.js", "js/scene.js"] where imports[module] == nil {
                violations.append("\(module) is missing")
            }
            for module in ["js/state.js", "js/drawing.js", "js/hud.js"] {
                let allowed: Set<String> = module == "js/state.js" ? [] : ["js/state.js"]
                for imported in imports[module] ?? [] where !allowed.contains(imported) {
                    violations.append("\(module) imports \(imported)")
                }
            }
            for module in reachable(from: "js/scene.js").sorted()
            where ["js/input.js", "js/controls.js"].contains(module) || module.hasPrefix("js/transport/") {
                violations.append("js/scene.js reaches \(module)")
            }
            for (module, imported) in imports.sorted(by: { $0.key < $1.key }) where imported.contains("js/main.js") {
                violations.append("\(module) imports js/main.js")
            }
            for (module, imported) in imports.sorted(by: { $0.key < $1.key }) where module.hasPrefix("web/") {
                for name in imported where !name.hasPrefix("web/") { violations.append("\(module) imports \(name)") }
            }
            return violations
        }
    }

    @Test func everyImportNamesAModuleOfThePage() throws {
        let graph = try ModuleGraph(folder: Self.scripts)
        #expect(graph.imports.count >= 8, "\(graph.imports.keys.sorted())")
        #expect(graph.unresolved.isEmpty, "\(graph.unresolved)")
    }

    @Test func theImportsHaveNoCircle() throws {
        let cycle = try ModuleGraph(folder: Self.scripts).cycle()
        #expect(cycle == nil, "a circle: \((cycle ?? []).joined(separator: " → "))")
    }

    @Test func theLayersImportDownward() throws {
        let graph = try ModuleGraph(folder: Self.scripts)
        #expect(graph.layeringViolations().isEmpty, "\(graph.layeringViolations())")
    }

    /// The check itself, on the page's modules as they were (their imports only): connection.js
    /// and the modules it fed imported each other.
    @Test func theCheckFindsTheOldCircle() {
        let graph = ModuleGraph(texts: [
            "js/state.js": "export const state = {};\n",
            "js/hud.js": "import { state } from \"./state.js\";\n",
            "js/drawing.js":
                "import { state, VIEW } from \"./state.js\";\nimport { touchPoints } from \"./input.js\";\n",
            "js/input.js": """
            import { state, VIEW } from "./state.js";
            import { send } from "./connection.js";
            import { invalidate } from "./drawing.js";
            """,
            "js/controls.js": """
            import { state } from "./state.js";
            import { send } from "./connection.js";
            import { invalidate, resetMotion } from "./drawing.js";
            """,
            "js/connection.js": """
            import { state } from "./state.js";
            import { frameArrived } from "./drawing.js";
            import { countReceived } from "./hud.js";
            import { keyboardChanged, sentAt } from "./input.js";
            import { sceneChanged, showNotice, traceReceived } from "./controls.js";
            """,
            "js/main.js": """
            import { state } from "./state.js";
            import { connect } from "./connection.js";
            import { draw, invalidate, layoutCanvas } from "./drawing.js";
            import { installInput } from "./input.js";
            import { installControls, updateTimeline } from "./controls.js";
            import { countFrame } from "./hud.js";
            """,
        ])
        #expect(graph.unresolved.isEmpty)
        #expect(graph.cycle() == ["js/connection.js", "js/drawing.js", "js/input.js", "js/connection.js"])
        #expect(graph.layeringViolations() == ["js/scene.js is missing", "js/drawing.js imports js/input.js"])
    }

    /// Imports as a browser reads them: over several lines, re-exports, a module run for its
    /// effects, from a folder up; not a comment's words, a function's strings or `import(…)`.
    @Test func importsAreReadAsWritten() {
        let graph = ModuleGraph(texts: [
            "a.js": """
            // Imports nothing from "./gone.js": a comment.
            import {
              b,
              c as d,
            } from "./b.js";
            import "./c.js";
            export { e } from './sub/e.js';
            export function f() { return g("./gone.js"); }
            const module = await import("./gone.js");
            """,
            "b.js": "export const b = 1;\n",
            "c.js": "import * as b from \"./b.js\";\nimport x from \"x\";\n",
            "sub/e.js": "export * from \"../b.js\";\nimport { up } from \"../../up.js\";\n",
        ])
        #expect(graph.imports["a.js"] == ["b.js", "c.js", "sub/e.js"])
        #expect(graph.imports["c.js"] == ["b.js"])
        #expect(graph.imports["sub/e.js"] == ["b.js"])
        #expect(graph.unresolved == ["c.js imports \"x\"", "sub/e.js imports \"../../up.js\""])
        #expect(graph.cycle() == nil)
        #expect(ModuleGraph.resolve("./x.js", from: "transport/socket.js") == "transport/x.js")
    }
}
