import { ConfigError } from '../../../config/env-values.js';
import { resetMfaCommand } from './reset-mfa.command.js';

/** Entry point of `npm run admin:reset-mfa -- <username>` (see reset-mfa.command.ts). */
resetMfaCommand(process.argv.slice(2), process.env, (line) => console.log(line)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
    process.exitCode = 1;
  },
);
