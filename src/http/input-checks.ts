// D66: the checks every request's input passes before any route schema or handler sees it. Each is
// iterative (a hostile body cannot exhaust the stack) and names the offending field as D11 does.

/** Bodies nested deeper than this are refused; no resource of the API nests past a handful. */
export const BODY_DEPTH_MAX = 32;

/** An error in ajv's shape, so that validationToDomain gives it a D11 field path. */
export interface InputError {
  instancePath: string;
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

const NUL = '\u0000';
// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be stored as PostgreSQL text, or undefined when it can. */
export function textProblem(text: string): string | undefined {
  if (text.includes(NUL)) return 'must not contain NUL characters (U+0000)';
  if (LONE_SURROGATE.test(text))
    return 'must be valid Unicode text (a lone surrogate such as \\ud800 is not)';
  return undefined;
}

function pointer(path: string[]): string {
  return path.map((segment) => `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/** Every string (and object key) of `value` that PostgreSQL text cannot hold, with its path. */
export function textErrors(value: unknown): InputError[] {
  const errors: InputError[] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: item, path } = stack.pop()!;
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem)
        errors.push({ instancePath: pointer(path), keyword: 'text', message: problem, params: {} });
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => {
        stack.push({ value: element, path: [...path, String(index)] });
      });
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        const keyProblem = textProblem(key);
        if (keyProblem) {
          errors.push({
            instancePath: pointer(path),
            keyword: 'text',
            message: `field names ${keyProblem}`,
            params: {},
          });
          continue;
        }
        stack.push({ value: element, path: [...path, key] });
      }
    }
  }
  return errors;
}

/** True when `value` nests objects or arrays deeper than BODY_DEPTH_MAX (the top level is 1). */
export function nestsTooDeep(value: unknown): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: item, depth } = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > BODY_DEPTH_MAX) return true;
    for (const element of Object.values(item)) stack.push({ value: element, depth: depth + 1 });
  }
  return false;
}
