import { RE2JS } from 're2js';

/** A compiled code or PIN pattern; always tested against the whole value. */
export interface CompiledPattern {
  matches(value: string): boolean;
}

/** Patterns repeat (each product has two, checked on every save and every till call), so compiled ones are kept. */
const CACHE_LIMIT = 200;
const cache = new Map<string, CompiledPattern | null>();

/**
 * Compiles a company-supplied pattern with RE2 (linear time, so a hostile pattern cannot stall the server;
 * no back-references). Null when it does not compile. The source is compiled on its own first, so that
 * something like `a)|(b` cannot escape the anchoring group.
 */
export function compilePattern(source: string): CompiledPattern | null {
  if (cache.has(source)) return cache.get(source)!;
  const compiled = compile(source);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(source, compiled);
  return compiled;
}

function compile(source: string): CompiledPattern | null {
  try {
    RE2JS.compile(source);
    const anchored = RE2JS.compile(`^(?:${source})$`);
    return { matches: (value) => anchored.matches(value) };
  } catch {
    return null;
  }
}
