/**
 * The remotes' files that answered with an error status, by URL. Node's federation runtime
 * runs a chunk's body whatever its status, so a chunk that answered 404 fails as a syntax error
 * in "Not found"; the status it really got is looked up here when the failure is told.
 */
const remembered = 64;
const failedAnswers = new Map<string, string>();

/** The status a URL fetched in this worker answered with, when it was not a success. */
export function failedAnswerOf(url: string): string | undefined {
  return failedAnswers.get(url);
}

/**
 * Wraps this worker's fetch so every answer with an error status is remembered (the last
 * `remembered` of them); what the answer is, is left as it was.
 */
export function rememberFailedAnswers(scope: { fetch: typeof fetch } = globalThis): void {
  const plain = scope.fetch.bind(scope);
  scope.fetch = async (input, init) => {
    const response = await plain(input, init);
    if (!response.ok) {
      const url = input instanceof Request ? input.url : String(input);
      failedAnswers.delete(url);
      if (failedAnswers.size >= remembered)
        failedAnswers.delete(failedAnswers.keys().next().value!);
      failedAnswers.set(url, `${response.status} ${response.statusText}`.trim());
    }
    return response;
  };
}
