// Every name kinetic.js exports, and every public member of its classes (static, prototype and
// instance fields), is declared in kinetic.d.ts, and nothing is declared that the module lacks.
// The declarations are read with TypeScript's own parser (Debian's node-typescript); the module's
// names from the module itself. Prints what is missing on either side and exits 1 if anything is.
//
//   node kinetic-declared.mjs
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import * as kinetic from "../../Sources/KineticPlayground/Page/web/kinetic.js";

const require = createRequire(import.meta.url);
const ts = require(process.env.KINETIC_TYPESCRIPT ?? "/usr/share/nodejs/typescript");
const path = new URL("../../Sources/KineticPlayground/Page/web/kinetic.d.ts", import.meta.url);
const source = ts.createSourceFile("kinetic.d.ts", readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);

/** What the declarations say: exported names, and each class's members (static ones as `static x`). */
const declared = new Map();
for (const statement of source.statements) {
  const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  if (!exported || !statement.name) continue;
  const members = new Set();
  if (ts.isClassDeclaration(statement)) {
    for (const member of statement.members) {
      if (!member.name || ts.isConstructorDeclaration(member)) continue;
      const isStatic = member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
      members.add((isStatic ? "static " : "") + member.name.getText(source));
    }
  }
  declared.set(statement.name.getText(source), ts.isInterfaceDeclaration(statement) ? null : members);
}

/** What the module has: its exports, and each class's public members. */
function membersOf(value) {
  const members = new Set();
  for (const name of Object.getOwnPropertyNames(value)) {
    if (!["length", "name", "prototype"].includes(name)) members.add("static " + name);
  }
  for (const name of Object.getOwnPropertyNames(value.prototype)) if (name !== "constructor") members.add(name);
  // Public instance fields show on an instance only: their names, from the class's source text
  // (declared in the class body, or assigned to `this` in its constructor or methods).
  for (const match of value.toString().matchAll(/^ {2}([A-Za-z_]\w*) = /gm)) members.add(match[1]);
  for (const match of value.toString().matchAll(/\bthis\.([A-Za-z_]\w*) = /g)) members.add(match[1]);
  return members;
}

const problems = [];
for (const [name, value] of Object.entries(kinetic)) {
  if (!declared.has(name)) { problems.push(`${name} is exported but not declared`); continue; }
  if (typeof value === "function" && /^class\b/.test(value.toString())) {
    const members = declared.get(name) ?? new Set();
    for (const member of membersOf(value)) {
      if (!members.has(member)) problems.push(`${name}.${member} is not declared`);
    }
  }
}
for (const [name, members] of declared) {
  if (members === null) continue; // an interface: types only
  if (!(name in kinetic)) { problems.push(`${name} is declared but not exported`); continue; }
  const value = kinetic[name];
  if (typeof value !== "function" || !/^class\b/.test(value.toString())) continue;
  const present = membersOf(value);
  for (const member of members) {
    if (!present.has(member)) problems.push(`${name}.${member} is declared but the module has no such member`);
  }
}
console.log(problems.length === 0 ? `every export and member declared (${declared.size} declarations)` : problems.join("\n"));
process.exit(problems.length === 0 ? 0 : 1);
