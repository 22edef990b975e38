// negotiator 1.x ships no types: the one method the page cache uses.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encoding(available?: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
}
