/**
 * A calculated parameter's expression (docs/scoring.md): numbers, parameter codes, + - * /,
 * parentheses and the functions min, max and round. The text is parsed into a tree here and
 * evaluated by walking that tree; it is never run as code. Every problem is a named value with a
 * sentence that says where it is and what to write instead.
 */

export const EXPRESSION_MAX_LENGTH = 500;
/** Parentheses and calls may nest this deep: far more than a formula needs, and no deep recursion. */
export const EXPRESSION_MAX_DEPTH = 40;
export const FUNCTIONS = ["min", "max", "round"] as const;
export type FunctionName = (typeof FUNCTIONS)[number];
export type Operator = "+" | "-" | "*" | "/";

/** The parsed expression. `at` is the character (from 1) where the part starts, for messages. */
export type Expr =
  | { readonly kind: "number"; readonly value: number }
  | { readonly kind: "name"; readonly name: string; readonly at: number }
  | { readonly kind: "negate"; readonly operand: Expr }
  | { readonly kind: "binary"; readonly op: Operator; readonly left: Expr; readonly right: Expr }
  | { readonly kind: "call"; readonly fn: FunctionName; readonly args: readonly Expr[]; readonly at: number };

export type ExpressionProblemCode =
  | "empty"
  | "tooLong"
  | "badCharacter"
  | "badNumber"
  | "missingValue"
  | "unexpected"
  | "unclosed"
  | "tooDeep"
  | "unknownFunction"
  | "arity"
  | "unknownName"
  | "cycle"
  | "divisionByZero"
  | "notFinite";

export type ExpressionProblem = { readonly code: ExpressionProblemCode; readonly message: string };
export type Parsed = { ok: true; expr: Expr } | { ok: false; problem: ExpressionProblem };
export type Evaluated = { ok: true; value: number } | { ok: false; problem: ExpressionProblem };

// --- Messages ---

export const EXPRESSION_EMPTY = "Write an expression, such as visibility + availability.";
export const EXPRESSION_TOO_LONG = `An expression may have at most ${EXPRESSION_MAX_LENGTH} characters.`;
export const EXPRESSION_TOO_DEEP = `An expression may nest at most ${EXPRESSION_MAX_DEPTH} levels of parentheses.`;
export const DIVIDES_BY_ZERO = "divides by zero";
export const NOT_A_FINITE_NUMBER = "does not give a number";

const quoted = (text: string) => `“${text}”`;
export const badCharacter = (c: string, at: number) =>
  `${quoted(c)} at character ${at} cannot be used: write numbers, parameter codes, + - * / ( ) and min, max or round.`;
export const badNumber = (text: string, at: number) => `${quoted(text)} at character ${at} is not a number.`;
export const missingValue = (after: string) =>
  `A number, a parameter code or “(” is missing after ${quoted(after)} at the end.`;
export const unexpected = (found: string, at: number) =>
  `${quoted(found)} at character ${at} is not expected here.`;
export const unclosed = (at: number) => `The “(” at character ${at} is not closed.`;
export const unknownFunction = (name: string) =>
  `There is no function ${quoted(name)}: use min, max or round.`;
export const arityProblem = (fn: FunctionName) =>
  fn === "round"
    ? "round takes one value, such as round(a / 2)."
    : `${fn} takes two or more values, such as ${fn}(a, 5).`;
export const unknownName = (name: string) =>
  `No scoring or calculated parameter of this sub-project has the code ${quoted(name)}.`;
export const cycleProblem = (path: readonly string[]) =>
  `The expression comes back to itself: ${path.join(" → ")}.`;

const problem = (
  code: ExpressionProblemCode,
  message: string,
): { ok: false; problem: ExpressionProblem } => ({
  ok: false,
  problem: { code, message },
});

// --- Tokens ---

type Token =
  | { kind: "number"; text: string; at: number }
  | { kind: "name"; text: string; at: number }
  | { kind: "op"; text: Operator; at: number }
  | { kind: "open" | "close" | "comma"; text: string; at: number };

const NAME_START = /[a-z_]/i;
const NAME_PART = /[a-z0-9_]/i;
const DIGIT = /[0-9]/;

function tokenize(text: string): { ok: true; tokens: Token[] } | { ok: false; problem: ExpressionProblem } {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const at = i + 1;
    if (/\s/.test(c)) {
      i++;
    } else if (DIGIT.test(c) || (c === "." && DIGIT.test(text[i + 1] ?? ""))) {
      let j = i;
      while (j < text.length && /[0-9.]/.test(text[j]!)) j++;
      // A letter glued to a number (2x) belongs to it: the number is what is wrong.
      while (j < text.length && NAME_PART.test(text[j]!)) j++;
      const word = text.slice(i, j);
      if (!/^(?:\d+(?:\.\d+)?|\.\d+)$/.test(word)) return problem("badNumber", badNumber(word, at));
      tokens.push({ kind: "number", text: word, at });
      i = j;
    } else if (NAME_START.test(c)) {
      let j = i;
      while (j < text.length && NAME_PART.test(text[j]!)) j++;
      tokens.push({ kind: "name", text: text.slice(i, j), at });
      i = j;
    } else if (c === "+" || c === "-" || c === "*" || c === "/") {
      tokens.push({ kind: "op", text: c, at });
      i++;
    } else if (c === "(" || c === ")" || c === ",") {
      tokens.push({ kind: c === "(" ? "open" : c === ")" ? "close" : "comma", text: c, at });
      i++;
    } else {
      const symbol = String.fromCodePoint(text.codePointAt(i)!);
      return problem("badCharacter", badCharacter(symbol, at));
    }
  }
  return { ok: true, tokens };
}

// --- Parser: expression = term (("+" | "-") term)*; term = factor (("*" | "/") factor)*;
// factor = "-" factor | number | name | function "(" expression ("," expression)* ")" | "(" expression ")"

class ParseFailure {
  constructor(readonly problem: ExpressionProblem) {}
}

const isFunction = (name: string): name is FunctionName => (FUNCTIONS as readonly string[]).includes(name);

/** Parses an expression's text; never throws. */
export function parseExpression(text: string): Parsed {
  if (text.trim() === "") return problem("empty", EXPRESSION_EMPTY);
  if (text.length > EXPRESSION_MAX_LENGTH) return problem("tooLong", EXPRESSION_TOO_LONG);
  const lexed = tokenize(text);
  if (!lexed.ok) return lexed;
  const tokens = lexed.tokens;
  let pos = 0;
  let depth = 0;
  const fail = (code: ExpressionProblemCode, message: string): never => {
    throw new ParseFailure({ code, message });
  };
  const peek = () => tokens[pos];
  const missing = () => fail("missingValue", missingValue(tokens[pos - 1]?.text ?? ""));

  function deeper<T>(work: () => T): T {
    if (++depth > EXPRESSION_MAX_DEPTH) fail("tooDeep", EXPRESSION_TOO_DEEP);
    try {
      return work();
    } finally {
      depth--;
    }
  }

  function expression(): Expr {
    let left = term();
    for (let t = peek(); t?.kind === "op" && (t.text === "+" || t.text === "-"); t = peek()) {
      pos++;
      left = { kind: "binary", op: t.text, left, right: term() };
    }
    return left;
  }

  function term(): Expr {
    let left = factor();
    for (let t = peek(); t?.kind === "op" && (t.text === "*" || t.text === "/"); t = peek()) {
      pos++;
      left = { kind: "binary", op: t.text, left, right: factor() };
    }
    return left;
  }

  function closing(open: Token) {
    const t = peek();
    if (t === undefined) fail("unclosed", unclosed(open.at));
    if (t!.kind !== "close") fail("unexpected", unexpected(t!.text, t!.at));
    pos++;
  }

  function factor(): Expr {
    const t = peek();
    if (t === undefined) return missing();
    if (t.kind === "op" && t.text === "-") {
      pos++;
      return deeper(() => ({ kind: "negate", operand: factor() }));
    }
    if (t.kind === "number") {
      pos++;
      return { kind: "number", value: Number(t.text) };
    }
    if (t.kind === "open") {
      pos++;
      return deeper(() => {
        const inner = expression();
        closing(t);
        return inner;
      });
    }
    if (t.kind === "name") {
      pos++;
      if (peek()?.kind !== "open") return { kind: "name", name: t.text, at: t.at };
      if (!isFunction(t.text)) return fail("unknownFunction", unknownFunction(t.text));
      const fn = t.text;
      const open = peek()!;
      pos++;
      return deeper(() => {
        const args = [expression()];
        while (peek()?.kind === "comma") {
          pos++;
          args.push(expression());
        }
        closing(open);
        if (fn === "round" ? args.length !== 1 : args.length < 2) fail("arity", arityProblem(fn));
        return { kind: "call", fn, args, at: t.at };
      });
    }
    return fail("unexpected", unexpected(t.text, t.at));
  }

  try {
    const expr = expression();
    const rest = peek();
    if (rest !== undefined) return problem("unexpected", unexpected(rest.text, rest.at));
    return { ok: true, expr };
  } catch (error) {
    if (error instanceof ParseFailure) return { ok: false, problem: error.problem };
    throw error;
  }
}

/** The parameter codes an expression reads, each once, in the order they first appear. */
export function namesIn(expr: Expr): string[] {
  const names: string[] = [];
  const walk = (e: Expr): void => {
    if (e.kind === "name" && !names.includes(e.name)) names.push(e.name);
    else if (e.kind === "negate") walk(e.operand);
    else if (e.kind === "binary") {
      walk(e.left);
      walk(e.right);
    } else if (e.kind === "call") for (const a of e.args) walk(a);
  };
  walk(expr);
  return names;
}

/**
 * The expression's value with each code's value from `pointsOf`. A code without a value, a division
 * by zero or a result that is not a finite number is a problem, never a NaN passed on.
 */
export function evaluate(expr: Expr, pointsOf: (name: string) => number | undefined): Evaluated {
  const stop = (code: ExpressionProblemCode, message: string) => {
    throw new ParseFailure({ code, message });
  };
  const walk = (e: Expr): number => {
    switch (e.kind) {
      case "number":
        return e.value;
      case "name": {
        const value = pointsOf(e.name);
        return value === undefined ? stop("unknownName", unknownName(e.name)) : value;
      }
      case "negate":
        return -walk(e.operand);
      case "binary": {
        const left = walk(e.left);
        const right = walk(e.right);
        if (e.op === "+") return left + right;
        if (e.op === "-") return left - right;
        if (e.op === "*") return left * right;
        return right === 0 ? stop("divisionByZero", DIVIDES_BY_ZERO) : left / right;
      }
      case "call": {
        const values = e.args.map(walk);
        if (e.fn === "min") return Math.min(...values);
        if (e.fn === "max") return Math.max(...values);
        return Math.round(values[0]!);
      }
    }
  };
  try {
    const value = walk(expr);
    if (!Number.isFinite(value)) return problem("notFinite", NOT_A_FINITE_NUMBER);
    // -0 reads as 0.
    return { ok: true, value: value === 0 ? 0 : value };
  } catch (error) {
    if (error instanceof ParseFailure) return { ok: false, problem: error.problem };
    throw error;
  }
}

/** A number as an expression writes it: digits and a point, never an exponent (1e21) the parser would refuse. */
const numberText = (value: number): string =>
  /e/i.test(String(value))
    ? value.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 })
    : String(value);

const PRECEDENCE: Readonly<Record<Operator, number>> = { "+": 1, "-": 1, "*": 2, "/": 2 };

/**
 * The expression written back in its shortest parenthesised form: parsing the text gives the same
 * tree again, so a saved expression reads as the manager wrote it, spacing aside.
 */
export function formatExpression(expr: Expr): string {
  const show = (e: Expr, parent: number, rightSide: boolean): string => {
    switch (e.kind) {
      case "number":
        return numberText(e.value);
      case "name":
        return e.name;
      case "negate":
        return `-${show(e.operand, 3, false)}`;
      case "call":
        return `${e.fn}(${e.args.map((a) => show(a, 0, false)).join(", ")})`;
      case "binary": {
        const own = PRECEDENCE[e.op];
        const text = `${show(e.left, own, false)} ${e.op} ${show(e.right, own, true)}`;
        // a - (b + c) and a / (b * c) keep their parentheses; (a + b) + c needs none.
        return own < parent || (rightSide && own === parent) ? `(${text})` : text;
      }
    }
  };
  return show(expr, 0, false);
}
