/** Types of nu-html-checker.mjs for the backend's TypeScript tests. */
export function htmlErrors(documents: { name: string; html: string }[]): Promise<string[]>;
