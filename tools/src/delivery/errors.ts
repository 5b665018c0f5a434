/** A refusal the command line prints as is (exit code 1), never a stack trace. */
export class PublishError extends Error {
  override name = 'PublishError';
}
