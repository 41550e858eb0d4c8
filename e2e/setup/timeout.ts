// A browser journey takes seconds, not milliseconds (jest ignores testTimeout inside a project config).
jest.setTimeout(90_000);
