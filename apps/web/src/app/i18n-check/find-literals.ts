import { parse } from '@babel/parser';

/*
 * Finds user-visible text written straight into components instead of coming from the message catalogue:
 * JSX text, and string literals given to props people read or hear (aria-label, title, placeholder, alt,
 * label, ...Label, ...Text, ...), including those inside `{cond ? 'a' : 'b'}` and template literals;
 * a string default of such a prop (`{ label = 'Cancel' }`), which shows whenever a caller leaves it out;
 * and a stored enum value shown as it is (`{reminder.repeat_interval}`), which is a code, not a word of
 * the reader's language. Text without a letter (punctuation, symbols, numbers) is allowed.
 */

export interface Literal {
  line: number;
  text: string;
  where: string;
}

const VISIBLE_PROP =
  /^(aria-label|legend|aria-description|aria-valuetext|aria-roledescription|aria-placeholder|title|placeholder|alt|label|description|hint|heading|message|caption|summary|children|[a-z]+(Label|Text|Title|Message|Description|Hint|Heading|Placeholder|Caption))$/;

const hasWord = (text: string) => /\p{L}/u.test(text);

type Node = { type: string; loc?: { start: { line: number } } | null; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** String-ish leaves of an expression that would reach the screen as they are. */
function shownStrings(expr: unknown, out: { line: number; text: string }[]): void {
  if (!isNode(expr)) return;
  const line = expr.loc?.start.line ?? 0;
  switch (expr.type) {
    case 'StringLiteral':
      out.push({ line, text: String(expr.value) });
      return;
    case 'TemplateLiteral':
      for (const q of expr.quasis as Node[]) {
        const cooked = (q.value as { cooked?: string }).cooked ?? '';
        out.push({ line, text: cooked });
      }
      for (const e of expr.expressions as Node[]) shownStrings(e, out);
      return;
    case 'ConditionalExpression':
      shownStrings(expr.consequent, out);
      shownStrings(expr.alternate, out);
      return;
    case 'LogicalExpression':
      shownStrings(expr.left, out);
      shownStrings(expr.right, out);
      return;
    case 'BinaryExpression':
      if (expr.operator === '+') {
        shownStrings(expr.left, out);
        shownStrings(expr.right, out);
      }
      return;
    case 'TSAsExpression':
    case 'ParenthesizedExpression':
      shownStrings(expr.expression, out);
      return;
    default:
      return;
  }
}

/**
 * The names of values an expression shows as they are: `a.b` (as 'b'), or `b` where `const { b } = a`
 * took it out of a record (a component's own props, such as an `action` slot, are not records), inside
 * template literals, conditionals and `a ?? b`; not the left of `a && <X />`, which only decides.
 */
function shownNames(expr: unknown, out: { line: number; name: string }[], unpacked: Set<string>): void {
  if (!isNode(expr)) return;
  const line = expr.loc?.start.line ?? 0;
  const inner = (e: unknown) => shownNames(e, out, unpacked);
  switch (expr.type) {
    case 'Identifier':
      if (unpacked.has(String(expr.name))) out.push({ line, name: String(expr.name) });
      return;
    case 'MemberExpression':
    case 'OptionalMemberExpression':
      if (!expr.computed && isNode(expr.property) && expr.property.type === 'Identifier')
        out.push({ line, name: String(expr.property.name) });
      return;
    case 'TemplateLiteral':
      for (const e of expr.expressions as Node[]) inner(e);
      return;
    case 'ConditionalExpression':
      inner(expr.consequent);
      inner(expr.alternate);
      return;
    case 'LogicalExpression':
      if (expr.operator !== '&&') inner(expr.left);
      inner(expr.right);
      return;
    case 'BinaryExpression':
      if (expr.operator === '+') {
        inner(expr.left);
        inner(expr.right);
      }
      return;
    case 'TSAsExpression':
    case 'TSNonNullExpression':
    case 'ParenthesizedExpression':
      inner(expr.expression);
      return;
    default:
      return;
  }
}

const nameOf = (node: unknown): string =>
  isNode(node) && node.type === 'Identifier' ? String(node.name) : '';

export interface LiteralOptions {
  /** Fields stored as fixed words (see stored-enums.ts): shown as they are, they are reported. */
  enumFields?: ReadonlySet<string>;
}

export function findLiterals(
  source: string,
  filename = 'component.tsx',
  { enumFields = new Set() }: LiteralOptions = {},
): Literal[] {
  const ast = parse(source, {
    sourceType: 'module',
    plugins: ['typescript', 'jsx'],
    sourceFilename: filename,
  });
  const found: Literal[] = [];
  const add = (line: number, text: string, where: string) => {
    if (hasWord(text)) found.push({ line, text: text.trim().replace(/\s+/g, ' '), where });
  };
  // Names a `const { ... } = record` unpacks, wherever it is in the file.
  const unpacked = new Set<string>();
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) for (const n of node) collect(n);
    if (!isNode(node)) return;
    if (node.type === 'VariableDeclarator' && isNode(node.id) && node.id.type === 'ObjectPattern') {
      for (const p of node.id.properties as Node[]) {
        const value = p.type === 'ObjectProperty' ? (p.value as Node) : null;
        const bound = value?.type === 'AssignmentPattern' ? value.left : value;
        if (nameOf(bound)) unpacked.add(nameOf(bound));
      }
    }
    for (const [key, value] of Object.entries(node))
      if (key !== 'loc' && typeof value === 'object' && value !== null) collect(value);
  };
  if (enumFields.size > 0) collect(ast.program);
  const shown = (expr: unknown, where: string) => {
    const strings: { line: number; text: string }[] = [];
    shownStrings(expr, strings);
    for (const s of strings) add(s.line, s.text, where);
    const names: { line: number; name: string }[] = [];
    shownNames(expr, names, unpacked);
    for (const n of names)
      if (enumFields.has(n.name))
        found.push({ line: n.line, text: n.name, where: `${where} (stored value)` });
  };
  // A prop's string default: `{ label = 'Cancel' }` or `{ cancelLabel: text = 'Cancel' }`.
  const defaulted = (pattern: Node, key: string) => {
    const name = nameOf(pattern.left);
    if (!VISIBLE_PROP.test(key) && !VISIBLE_PROP.test(name)) return;
    const strings: { line: number; text: string }[] = [];
    shownStrings(pattern.right, strings);
    for (const s of strings) add(s.line, s.text, `${key || name} default`);
  };

  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n);
      return;
    }
    if (!isNode(node)) return;
    const line = node.loc?.start.line ?? 0;
    if (node.type === 'JSXText') {
      add(line, String(node.value), 'text');
    } else if (node.type === 'JSXExpressionContainer' && isNode(node.expression)) {
      // A child expression: {'text'} or {cond ? 'a' : 'b'}; attributes are checked by name below.
      shown(node.expression, 'text');
    } else if (node.type === 'JSXAttribute') {
      const name = isNode(node.name) ? String(node.name.name) : '';
      if (VISIBLE_PROP.test(name)) {
        const value = node.value;
        shown(isNode(value) && value.type === 'JSXExpressionContainer' ? value.expression : value, name);
      }
      // Attribute values are not JSX children: do not visit them again as such.
      if (isNode(node.value) && node.value.type === 'JSXExpressionContainer') visit(node.value.expression);
      return;
    } else if (
      node.type === 'ObjectProperty' &&
      isNode(node.value) &&
      node.value.type === 'AssignmentPattern'
    ) {
      defaulted(node.value, nameOf(node.key));
      visit(node.value.right);
      return;
    } else if (node.type === 'AssignmentPattern') {
      defaulted(node, '');
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'start' || key === 'end' || key === 'extra') continue;
      if (typeof value === 'object' && value !== null) visit(value);
    }
  };
  visit(ast.program);
  return found;
}

/*
 * Text built outside JSX (helpers, constants, messages handed to setError or a toast, option labels) that
 * reaches the screen all the same. The JSX walk above cannot tell where such a string ends up, so this looks
 * at every string in a file and reports the ones that read like English words for people: starting with a
 * capital letter or ending like a sentence, with at least one ordinary lowercase word among two or more.
 * Class names, ids, routes, media queries and code tables do not match; catalogue keys, imports, console
 * output and type positions are skipped. The rare string that looks like a sentence but is never shown is
 * listed in SENTENCE_ALLOWED with the reason.
 */

/** Sentence-like strings that are never shown to people. */
export const SENTENCE_ALLOWED: ReadonlyMap<string, string> = new Map([
  // The HTTP reason phrase a network failure is given as its status text (read by code, not shown).
  ['Network Error', 'status text of a failed fetch; the message shown comes from the catalogue'],
  // PushSetupError's own message; the page shows the sentence for its `problem` from the catalogue.
  ['Push setup failed: x', 'developer message of a push setup error, never shown'],
]);

const LOWER_WORD = /^[a-z][a-z’']+[.,;:!?…]?$/;

/** Whether a string reads like words for people (see above). */
export function looksLikeSentence(text: string): boolean {
  const trimmed = text.trim();
  const words = trimmed.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length < 2 || !words.some((w) => LOWER_WORD.test(w))) return false;
  if (words.some((w) => /^[\w-]+:[\w-]+$|^[a-z]+-[\w-]+$|^\w+\(/.test(w))) return false; // classes, tables
  return /^[\p{Lu}“"(]/u.test(trimmed) || /[.!?…:]$/.test(trimmed) || /^[\p{Lu}]/u.test(words[0] ?? '');
}

/** Calls whose string arguments never reach the screen as they are. */
const SKIPPED_CALLS = new Set([
  't',
  'labels',
  'require',
  'import',
  'matchMedia',
  'querySelector',
  'getItem',
  'setItem',
  // Writes to the console only.
  'useLogError',
]);

/** Object properties whose string values people read: `{ label: 'Weeks' }`, `{ message: '...' }`. */
const SHOWN_PROPERTY = /^(label|message|error|title|description|heading|legend|hint)$/;

function calleeName(node: Node): string {
  const callee = node.callee as Node;
  if (callee.type === 'Identifier') return String(callee.name);
  if (callee.type === 'MemberExpression' && isNode(callee.property)) {
    if (isNode(callee.object) && callee.object.type === 'Identifier' && callee.object.name === 'console')
      return 'console';
    return String(callee.property.name);
  }
  return '';
}

export function findSentences(source: string, filename = 'module.ts'): Literal[] {
  const ast = parse(source, {
    sourceType: 'module',
    plugins: filename.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'],
    sourceFilename: filename,
  });
  const found: Literal[] = [];
  const add = (line: number, text: string) => {
    const shown = text.trim().replace(/\s+/g, ' ');
    if (looksLikeSentence(shown) && !SENTENCE_ALLOWED.has(shown))
      found.push({ line, text: shown, where: 'string' });
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n);
      return;
    }
    if (!isNode(node)) return;
    switch (node.type) {
      case 'ImportDeclaration':
      case 'ExportAllDeclaration':
      case 'TSLiteralType':
      case 'TSTypeAnnotation':
      case 'TSTypeAliasDeclaration':
      case 'TSInterfaceDeclaration':
        return;
      case 'ExportNamedDeclaration':
        if (node.source) return;
        break;
      case 'CallExpression': {
        const name = calleeName(node);
        if (name === 'console' || SKIPPED_CALLS.has(name)) return;
        break;
      }
      case 'ObjectProperty': {
        const key = node.key as Node;
        const name =
          key.type === 'Identifier'
            ? String(key.name)
            : key.type === 'StringLiteral'
              ? String(key.value)
              : '';
        const value = node.value as Node;
        const text = value.type === 'StringLiteral' ? String(value.value).trim() : '';
        // A capitalised word ('Weeks') or a sentence; keys ('tasks:filter.mine'), ids and classes are not.
        if (SHOWN_PROPERTY.test(name) && (/^\p{Lu}\p{Ll}/u.test(text) || looksLikeSentence(text))) {
          found.push({ line: value.loc?.start.line ?? 0, text, where: name });
          return;
        }
        break;
      }
      case 'StringLiteral':
        add(node.loc?.start.line ?? 0, String(node.value));
        return;
      case 'TemplateLiteral':
        // The fixed parts joined, so `Delete list ${name}?` is judged as one text.
        add(
          node.loc?.start.line ?? 0,
          (node.quasis as Node[]).map((q) => (q.value as { cooked?: string }).cooked ?? '').join(' x '),
        );
        visit(node.expressions);
        return;
      default:
        break;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'start' || key === 'end' || key === 'extra' || key.endsWith('Comments'))
        continue;
      if (typeof value === 'object' && value !== null) visit(value);
    }
  };
  visit(ast.program);
  return found;
}
