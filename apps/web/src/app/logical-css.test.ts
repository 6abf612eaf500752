import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Arabic and Hebrew pages are mirrored by `dir="rtl"` alone because every stylesheet places things
// with logical properties (inline/block start and end). A physical left or right stays put when the
// page turns: the admin strip's sign-out and pager text sat on the wrong side in Arabic.
// A rule that must not mirror names its selector here, with the reason beside the rule.

const SRC = fileURLToPath(new URL('../', import.meta.url));
const PHYSICAL_PROPERTY = /^(?:(?:margin|padding|border)-(?:left|right)(?:-[a-z]+)?|left|right|float)$/;

function isPhysical(declaration: string): boolean {
  const [property = '', value = ''] = declaration.split(':').map((part) => part.trim());
  if (property === 'text-align') return /^(?:left|right)\b/.test(value);
  return PHYSICAL_PROPERTY.test(property);
}
const MAY_STAY_PHYSICAL = new Set(['.caret']);

function stylesheets(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.css'));
}

/** Each declaration with a physical side, as `file: selector { declaration }`. */
function physicalDeclarations(file: string): string[] {
  const css = readFileSync(join(SRC, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].flatMap(([, selector, body]) => {
    const name = selector!.trim();
    if (MAY_STAY_PHYSICAL.has(name)) return [];
    return body!
      .split(';')
      .map((d) => d.trim())
      .filter(isPhysical)
      .map((d) => `${file}: ${name} { ${d} }`);
  });
}

describe('right-to-left layout', () => {
  it('finds the stylesheets', () => {
    expect(stylesheets()).toContain('styles.css');
  });

  it('places nothing by a physical left or right', () => {
    expect(stylesheets().flatMap(physicalDeclarations)).toEqual([]);
  });
});
