// Usage: npm run promote -- <username> <user|admin|superadmin>
import { createKernel } from '../app.ts';
import { AppError } from '../errors.ts';
import { loadConfig, ConfigError } from '../config.ts';

const [username, role] = process.argv.slice(2);
if (!username || !role) {
  process.stderr.write('Usage: npm run promote -- <username> <user|admin|superadmin>\n');
  process.exit(2);
}
try {
  const { kernel } = await createKernel({ config: { ...loadConfig(), seedDemo: false } });
  try {
    const user = await kernel.services.accounts.setRole(username, role);
    process.stdout.write(`${user.username} is now ${user.role}\n`);
  } finally {
    await kernel.close();
  }
} catch (error) {
  if (error instanceof AppError || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
