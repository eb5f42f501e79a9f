import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// The theme compiles only the Bootstrap modules and utilities the site uses (site/styles/theme.scss).
// This keeps that honest: a Bootstrap class a page or island names must be in the built stylesheet,
// so trimming the build can never silently unstyle a page. Needs `npm run build` first.

const root = path.resolve(import.meta.dirname, '../..');
const assets = path.join(root, 'dist/client/_astro');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(astro|tsx)$/.test(entry.name) ? [full] : [];
  });
}

function builtCss(): string {
  if (!existsSync(assets)) throw new Error('dist/client is missing: run `npm run build` first');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.css'))
    .map((f) => readFileSync(path.join(assets, f), 'utf8'))
    .join('\n');
}

const classesIn = (css: string) => new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]));

/** Class names the markup asks for: dashed class tokens, and react-bootstrap's variant/bg props. */
function namedClasses(source: string): string[] {
  const names = [...source.matchAll(/(?<![\w-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])/g)].map((m) => m[0]);
  for (const [, variant] of source.matchAll(/<Button\b[^>]*?\bvariant="([a-z-]+)"/g)) names.push(`btn-${variant}`);
  // Every literal of a bg prop, a conditional's both branches too (bg={monthly ? 'warning' : 'secondary'}).
  for (const [, bg] of source.matchAll(/<Badge\b[^>]*?\bbg=(\{[^}]*\}|"[^"]*")/g)) {
    for (const [, name] of bg.matchAll(/['"]([a-z]+)['"]/g)) names.push(`bg-${name}`);
  }
  return names;
}

describe('the compiled theme', () => {
  it('has every Bootstrap class the pages and islands use', () => {
    const built = classesIn(builtCss());
    const bootstrapCss = createRequire(import.meta.url).resolve('bootstrap/dist/css/bootstrap.css');
    const bootstrap = classesIn(readFileSync(bootstrapCss, 'utf8'));
    const missing = new Map<string, string>();
    for (const file of [...sourceFiles(path.join(root, 'site')), ...sourceFiles(path.join(root, 'plugins'))]) {
      for (const name of namedClasses(readFileSync(file, 'utf8'))) {
        if (bootstrap.has(name) && !built.has(name)) missing.set(name, path.relative(root, file));
      }
    }
    expect(Object.fromEntries(missing), 'add the module or utility to site/styles/theme.scss').to.deep.equal({});
  });

  it('styles the widgets in the theme gold, not Bootstrap blue', () => {
    const css = builtCss().replace('--bs-blue:#0d6efd', '');
    // Bootstrap's default primary (#0d6efd) and its focus ring colour would mean a widget escaped the theme.
    expect(css.toLowerCase()).not.to.match(/#0d6efd|13,\s*110,\s*253|#86b7fe/);
    expect(css).to.include('--bs-primary:#f5c542');
  });
});
