// Usage: npm run plugin:new <name> [-- --root <plugins folder>]   (docs/plugins.md)
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from '../config.ts';
import { scaffoldPlugin } from '../plugins/kit.ts';
import { pluginsRoot, projectRoot } from '../plugins/loader.ts';

const usage = 'Usage: npm run plugin:new <name> [-- --root <plugins folder>]\n';
let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({ allowPositionals: true, options: { root: { type: 'string' } } });
}
try {
  args = parse();
} catch {
  process.stderr.write(usage);
  process.exit(2);
}
const [name] = args.positionals;
if (!name || args.positionals.length > 1) {
  process.stderr.write(usage);
  process.exit(2);
}
try {
  const made = scaffoldPlugin(name, args.values.root ? path.resolve(args.values.root) : pluginsRoot);
  for (const file of made) process.stdout.write(`created ${path.relative(projectRoot, file)}\n`);
  process.stdout.write(
    `Next: add "${name}" to plugins/enabled.json, run its test with npx mocha ${path.relative(
      projectRoot,
      made.find((f) => f.endsWith('.test.ts'))!,
    )}\n`,
  );
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
