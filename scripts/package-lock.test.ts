import { existsSync, readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` installs exactly what package-lock.json lists. npm leaves out a platform's native package when the
 * registry it resolved against had no build of that version, and the lockfile then works on Linux x64 only:
 * `npm ci` refuses it, and on macOS, Windows, Linux arm64 or Alpine the tool has no binary (decision 020).
 */
interface LockedPackage {
  version?: string;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  engines?: { node?: string };
  optionalDependencies?: Record<string, string>;
}

const lockfile = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
};
const locked = Object.entries(lockfile.packages).filter(([path]) => path !== '');

/** Where npm would find `name` from the package at `from`: its own node_modules, then each parent's. */
function resolve(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lockfile.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent < 0 ? '' : dir.slice(0, parent);
  }
}

const PLATFORMS = [
  { name: 'macOS arm64', os: 'darwin', cpu: 'arm64' },
  { name: 'macOS x64', os: 'darwin', cpu: 'x64' },
  { name: 'Windows x64', os: 'win32', cpu: 'x64' },
  { name: 'Windows arm64', os: 'win32', cpu: 'arm64' },
  { name: 'Linux x64 (glibc)', os: 'linux', cpu: 'x64', libc: 'glibc' },
  { name: 'Linux arm64 (glibc)', os: 'linux', cpu: 'arm64', libc: 'glibc' },
  { name: 'Linux x64 (musl, Alpine)', os: 'linux', cpu: 'x64', libc: 'musl' },
  { name: 'Linux arm64 (musl, Alpine)', os: 'linux', cpu: 'arm64', libc: 'musl' },
] as const;

/** A native tool: a package whose optional dependencies are builds for particular systems. */
const nativeTools = locked
  .map(([path, entry]) => {
    const builds = Object.keys(entry.optionalDependencies ?? {})
      .map((name) => resolve(path, name))
      .flatMap((buildPath) => (buildPath ? [lockfile.packages[buildPath]!] : []))
      .filter((build) => build.os !== undefined);
    return { path, builds };
  })
  .filter(({ builds }) => builds.length > 1);

describe('package-lock.json', () => {
  it('locks every optional dependency of every package, so `npm ci` accepts it on any system', () => {
    const missing = locked.flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => resolve(path, name) === undefined)
        .map((name) => `${path} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("locks each native tool's build for macOS, Windows and Linux on x64 and arm64, glibc and musl", () => {
    const tools = nativeTools.map(({ path }) => path.replace(/^.*node_modules\//, ''));
    // The detection itself must keep finding the tools the project depends on.
    expect(tools).toEqual(
      expect.arrayContaining([
        '@biomejs/biome',
        '@tailwindcss/oxide',
        'lightningcss',
        'rolldown',
        'esbuild',
        '@node-rs/argon2',
      ]),
    );
    const uncovered = nativeTools.flatMap(({ path, builds }) =>
      PLATFORMS.filter(
        (platform) =>
          !builds.some(
            (build) =>
              build.os?.includes(platform.os) &&
              build.cpu?.includes(platform.cpu) &&
              (!('libc' in platform) || build.libc === undefined || build.libc.includes(platform.libc)),
          ),
      ).map((platform) => `${path}: ${platform.name}`),
    );
    expect(uncovered).toEqual([]);
  });

  it('installs without an engine warning on the oldest release of every supported Node.js line', () => {
    const supported = manifest.engines.node.split('||').map((range) => semver.minVersion(range)!.version);
    expect(supported).toEqual(['22.13.0', '24.0.0']);
    // npm checks engines only of what it installs: a build for a system none of PLATFORMS is (sharp's for
    // 32-bit Windows, which Node.js 22 and later no longer target, asks for Node 20) is never installed.
    const installable = locked.filter(([, entry]) =>
      PLATFORMS.some(
        (platform) =>
          (!entry.os || entry.os.includes(platform.os)) && (!entry.cpu || entry.cpu.includes(platform.cpu)),
      ),
    );
    const warnings = supported.flatMap((nodeVersion) =>
      installable
        .filter(([, entry]) => entry.engines?.node && !semver.satisfies(nodeVersion, entry.engines.node))
        .map(([path, entry]) => `Node ${nodeVersion}: ${path}@${entry.version} wants ${entry.engines?.node}`),
    );
    expect(warnings).toEqual([]);
  });
});

describe('install scripts', () => {
  it('are each reviewed in allowScripts, so npm ci warns of none (npm 11.16 and later)', () => {
    const { allowScripts = {} } = JSON.parse(
      readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
    ) as {
      allowScripts?: Record<string, boolean>;
    };
    const root = new URL('../', import.meta.url);
    const unreviewed = locked.flatMap(([path]) => {
      const manifestUrl = new URL(`${path}/package.json`, root);
      if (!existsSync(manifestUrl)) return [];
      const installed = JSON.parse(readFileSync(manifestUrl, 'utf8')) as {
        name?: string;
        scripts?: Record<string, string>;
      };
      const scripts = installed.scripts ?? {};
      // As npm does: a package with a binding.gyp and no install script of its own runs `node-gyp rebuild`.
      const runsScript =
        ['preinstall', 'install', 'postinstall'].some((name) => scripts[name]) ||
        existsSync(new URL(`${path}/binding.gyp`, root));
      const name = installed.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
      return runsScript && !(name in allowScripts) ? [name] : [];
    });
    expect(unreviewed).toEqual([]);
  });
});
