import semver from 'semver';
import { ConfigError } from '../config.ts';

/**
 * The version of what the kernel offers plugins (the manifest fields, the Kernel interface, the
 * page locals). A minor version adds, a major one changes or removes; every manifest declares the
 * range it was written for (`api: '^1.0.0'`) and the loader refuses one this kernel does not meet.
 */
export const PLUGIN_API_VERSION = '1.0.0';

/** Throws the one-line start failure for a manifest whose declared range this kernel is outside of. */
export function checkApiRange(plugin: string, range: unknown): void {
  if (typeof range !== 'string' || semver.validRange(range) === null) {
    throw new ConfigError(`Plugin "${plugin}" must declare the plugin API range it supports, e.g. api: '^1.0.0'`);
  }
  if (!semver.satisfies(PLUGIN_API_VERSION, range)) {
    throw new ConfigError(
      `Plugin "${plugin}" needs plugin API ${range}, but this OneTrack offers ${PLUGIN_API_VERSION}`,
    );
  }
}
