/** Makes a switch over a closed set of kinds fail to compile when a kind is added without a case. */
export function assertNever(kind: never): never {
  throw new Error(`unhandled kind ${String(kind)}`);
}
