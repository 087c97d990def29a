// The federation runtime's own semver module, by the alias the browser builds give it (its
// package does not export the file): federation-semver.mjs asks it for every range but a lone
// caret. Declared here, not by a tsconfig path: the shell's type check against released types
// replaces the paths (tools/release/shell-typecheck.cjs).
declare module 'federation-runtime-semver' {
  export function satisfy(version: string, range: string): boolean;
}
