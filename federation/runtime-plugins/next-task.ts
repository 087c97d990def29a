/** Lets the browser handle input and paint between start-up steps (each a task of its own). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
