import { type ParseArgsConfig, parseArgs } from 'node:util';

const HELP = { help: { type: 'boolean', short: 'h', default: false } } as const;

type WithHelp<T extends ParseArgsConfig> = T & { options: typeof HELP };

/**
 * The arguments of a development script (`npm run bench`, `npm run fuzz`), with `--help`/`-h` added:
 * help prints `usage` and exits 0; an argument the script does not take, like a value it refuses
 * (`fail`), prints what is wrong and the usage and exits 2.
 */
export function parseCommandLine<const T extends ParseArgsConfig>(usage: string, config: T) {
  const fail = (message: string): never => {
    console.error(`${message}\n\n${usage}`);
    process.exit(2);
  };
  const withHelp = { ...config, options: { ...config.options, ...HELP } } as WithHelp<T>;
  let parsed: ReturnType<typeof parseArgs<WithHelp<T>>>;
  try {
    parsed = parseArgs(withHelp);
  } catch (error) {
    return fail((error as Error).message);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  /** `value` as a whole number of at least 1 (`1_000` allowed), `fallback` when absent. */
  const positiveInteger = (name: string, value: string | undefined, fallback: number): number => {
    if (value === undefined) return fallback;
    const number = Number(value.replaceAll('_', ''));
    if (!Number.isInteger(number) || number < 1) fail(`--${name} must be a positive integer`);
    return number;
  };
  return { ...parsed, fail, positiveInteger };
}
