/** An object's JSON without its closing brace: the API appends include fragments and `}`. */
export function jsonHead(value: object): string {
  return JSON.stringify(value).slice(0, -1);
}
