import { parse } from '@babel/parser';

/*
 * Finds user-visible text written straight into components instead of coming from the message catalogue:
 * JSX text, and string literals given to props people read or hear (aria-label, title, placeholder, alt,
 * label, ...Label, ...Text, ...), including those inside `{cond ? 'a' : 'b'}` and template literals.
 * Text without a letter (punctuation, symbols, numbers) is allowed.
 */

export interface Literal {
  line: number;
  text: string;
  where: string;
}

const VISIBLE_PROP =
  /^(aria-label|aria-description|aria-valuetext|aria-roledescription|aria-placeholder|title|placeholder|alt|label|description|hint|heading|message|caption|summary|children|[a-z]+(Label|Text|Title|Message|Description|Hint|Heading|Placeholder|Caption))$/;

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

export function findLiterals(source: string, filename = 'component.tsx'): Literal[] {
  const ast = parse(source, {
    sourceType: 'module',
    plugins: ['typescript', 'jsx'],
    sourceFilename: filename,
  });
  const found: Literal[] = [];
  const add = (line: number, text: string, where: string) => {
    if (hasWord(text)) found.push({ line, text: text.trim().replace(/\s+/g, ' '), where });
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
      const strings: { line: number; text: string }[] = [];
      shownStrings(node.expression, strings);
      for (const s of strings) add(s.line, s.text, 'text');
    } else if (node.type === 'JSXAttribute') {
      const name = isNode(node.name) ? String(node.name.name) : '';
      if (VISIBLE_PROP.test(name)) {
        const strings: { line: number; text: string }[] = [];
        const value = node.value;
        if (isNode(value) && value.type === 'JSXExpressionContainer') shownStrings(value.expression, strings);
        else shownStrings(value, strings);
        for (const s of strings) add(s.line, s.text, name);
      }
      // Attribute values are not JSX children: do not visit them again as such.
      if (isNode(node.value) && node.value.type === 'JSXExpressionContainer') visit(node.value.expression);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'start' || key === 'end' || key === 'extra') continue;
      if (typeof value === 'object' && value !== null) visit(value);
    }
  };
  visit(ast.program);
  return found;
}
