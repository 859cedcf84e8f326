import { RE2JS } from 're2js';
import { compilePattern } from '../../lib/pattern';

/**
 * re2js's compiled program, as far as it is read here: the package exports
 * neither its `Prog` nor its `Inst` ops, so they are named below and
 * tests/unit/code-digits.test.ts holds them to the installed version.
 */
interface Inst {
  op: number;
  out: number;
  arg: number;
  matchRune(rune: number): boolean;
}
interface Prog {
  start: number;
  inst: Inst[];
}

const OP = {
  ALT: 1,
  ALT_MATCH: 2,
  CAPTURE: 3,
  EMPTY_WIDTH: 4,
  FAIL: 5,
  MATCH: 6,
  NOP: 7,
  RUNE: 8,
  RUNE1: 9,
  RUNE_ANY: 10,
  RUNE_ANY_NOT_NL: 11,
} as const;

const runesOf = (text: string) => [...text].map((char) => char.codePointAt(0)!);
const DIGITS = runesOf('0123456789');
const LETTERS = runesOf('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
/** What a number can hold when the till sends it (normalised: `certificateNumber` in the contract). */
const TILL_RUNES = [...DIGITS, ...LETTERS];

interface Step {
  to: number;
  /** The step reads a letter (it may read a digit too). */
  letter: boolean;
}

/** Where an instruction leads on the till's alphabet; null for an op this file does not know. */
function stepsOf(inst: Inst): Step[] | null {
  switch (inst.op) {
    case OP.ALT:
    case OP.ALT_MATCH:
      return [
        { to: inst.out, letter: false },
        { to: inst.arg, letter: false },
      ];
    // An assertion (^, $, \b) is taken as passable: a path it would close still counts, so the answer can only err towards letters.
    case OP.CAPTURE:
    case OP.NOP:
    case OP.EMPTY_WIDTH:
      return [{ to: inst.out, letter: false }];
    case OP.MATCH:
    case OP.FAIL:
      return [];
    case OP.RUNE:
    case OP.RUNE1: {
      // The engine's own test of each character (ranges, case folding), not a reading of the pattern's text.
      const reads = TILL_RUNES.filter((rune) => inst.matchRune(rune));
      if (reads.length === 0) return [];
      return [{ to: inst.out, letter: reads.some((rune) => LETTERS.includes(rune)) }];
    }
    case OP.RUNE_ANY:
    case OP.RUNE_ANY_NOT_NL:
      return [{ to: inst.out, letter: true }];
    default:
      return null;
  }
}

/**
 * True when every number the till can send (digits and upper-case letters)
 * that matches `source` is made of digits only: `\d{12}` yes, `[A-Z0-9]{10}`,
 * `GC\d{10}` or `.+` no. Decided on the compiled program (decision 065): a
 * letter is possible when a step that reads one lies on a path from the start
 * to a match. A pattern that does not compile restricts nothing: false.
 */
export function admitsOnlyDigits(source: string): boolean {
  // Only what the till would apply: compilePattern refuses a source that escapes its anchoring group (`a)|(b`).
  if (!compilePattern(source)) return false;
  const prog = RE2JS.compile(`^(?:${source})$`).re2().prog as Prog;
  const steps = prog.inst.map(stepsOf);
  if (steps.some((step) => step === null)) return false;

  // Forward: what the start reaches; backward: what reaches a match.
  const reached = new Set<number>();
  for (const pending = [prog.start]; pending.length > 0;) {
    const pc = pending.pop()!;
    if (reached.has(pc)) continue;
    reached.add(pc);
    for (const step of steps[pc]!) pending.push(step.to);
  }
  const into = prog.inst.map((): number[] => []);
  steps.forEach((from, pc) => from!.forEach((step) => into[step.to]!.push(pc)));
  const matching = new Set<number>();
  const pending = prog.inst.flatMap((inst, pc) => (inst.op === OP.MATCH ? [pc] : []));
  for (let pc = pending.pop(); pc !== undefined; pc = pending.pop()) {
    if (matching.has(pc)) continue;
    matching.add(pc);
    pending.push(...into[pc]!);
  }
  return ![...reached].some((pc) => steps[pc]!.some((step) => step.letter && matching.has(step.to)));
}
