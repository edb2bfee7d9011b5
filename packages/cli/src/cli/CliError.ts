/**
 * An error the command reports as one clear line and an exit code, without a stack trace:
 * wrong arguments or unusable input (exit code 2; nothing was sent).
 */
export class CliError extends Error {
  override readonly name = 'CliError';
  readonly exitCode: number;

  constructor(message: string, exitCode = 2) {
    super(message);
    this.exitCode = exitCode;
  }
}

export function isCliError(error: unknown): error is CliError {
  return error instanceof CliError || (error instanceof Error && error.name === 'CliError');
}
