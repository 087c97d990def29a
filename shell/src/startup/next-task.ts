/**
 * Resolves in a task of its own: awaiting it lets the browser handle input and paint between
 * start-up steps, so no step joins the one before it in one long task.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
