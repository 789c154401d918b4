import { type ParseArgsConfig, parseArgs } from 'node:util';
import { OperatorError } from './client.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * node:util's parseArgs, with the CLI's own words for what it refuses: Node's messages speak of
 * "ambiguous" arguments and `--points=-XYZ`, which an operator typing `--points -10` cannot act on.
 */
export function args<const O extends Options, const P extends boolean = false>(
  argv: string[],
  options: O,
  allowPositionals?: P,
) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: allowPositionals ?? false, strict: true });
  } catch (error) {
    throw new OperatorError(wordsFor(error, options, argv));
  }
}

function wordsFor(error: unknown, options: Options, argv: string[]): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const name = /--([\w-]+)/.exec(message)?.[1] ?? '';
  const value = options[name]?.type === 'boolean' ? '' : ` ${name.toUpperCase()}`;
  switch (code) {
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/starting with a dash|ambiguous/.test(message)) {
        const given = argv[argv.indexOf(`--${name}`) + 1] ?? '-1';
        return `Write --${name}=${given} (with =): a value that starts with a dash is read as an option.`;
      }
      return options[name]?.type === 'boolean'
        ? `--${name} takes no value.`
        : `--${name} needs a value: --${name}${value}.`;
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const given = /'([^']+)'/.exec(message)?.[1] ?? message;
      const known = Object.keys(options).map((option) => `--${option}`);
      const takes = known.length ? `this command takes ${known.join(', ')}` : 'this command takes no options';
      return `Unknown option ${given}; ${takes}.`;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
      const given = /'([^']+)'/.exec(message)?.[1] ?? '';
      return `Unexpected argument ${given}: options are written --name value.`;
    }
    default:
      return message;
  }
}
