import { configure } from '@testing-library/react';

// Role queries walk Fluent's whole accessibility tree in jsdom; on a busy machine one pass can take over a
// second, so async queries get more than the default 1 s before they give up. (Loaded after the test
// framework, so that the library also registers its cleanup after each test.)
configure({ asyncUtilTimeout: 5000 });

/**
 * React's "not wrapped in act(...)" warning means a test let the pane change after it looked (a run still going when
 * it ended, a controller called outside act): the test fails, naming the components, rather than print the warning.
 * (Printed, each warning also cost jest a code frame of the 7 MB React bundle.)
 */
const actWarnings: string[] = [];
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('not wrapped in act(')) actWarnings.push(String(args[1]));
  else consoleError(...args);
};
function failOnActWarnings(): void {
  if (actWarnings.length === 0) return;
  const names = [...new Set(actWarnings.splice(0))].join(', ');
  throw new Error(`${names} changed outside act(): wait for what the test started (a run, a count) before it ends`);
}
afterEach(failOnActWarnings);
// A warning after the file's last test (its work still going after the test ended) fails the file.
afterAll(failOnActWarnings);
