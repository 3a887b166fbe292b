// Lint configuration: TypeScript recommended rules everywhere, React hooks rules in the console, and the
// boundaries of STYLE.md §1 (core imports neither server nor console; those two never import each other).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

/** A relative import that climbs out of its folder into src/<area> (e.g. ../../server/app.ts). */
const into = (area) => ({
  regex: `^(\\.\\./)+(src/)?${area}(/|$)`,
  message: `STYLE.md §1: this part of src/ must not import src/${area}; move what both need to src/core.`,
});

const boundary = (files, ...areas) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: areas.map(into) }] },
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', '.atrium-tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a binding kept on purpose (destructuring it away, an unused callback argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Plain JavaScript here is Node tooling (configs, scripts); TypeScript files get their globals from tsc.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: Object.fromEntries(
        ['console', 'process', 'Buffer', 'URL', 'fetch', 'setTimeout', 'clearTimeout'].map((name) => [
          name,
          'readonly',
        ]),
      ),
    },
  },
  { ...reactHooks.configs.flat.recommended, files: ['src/console/**/*.{ts,tsx}'] },
  boundary(['src/core/**'], 'server', 'console'),
  boundary(['src/server/**'], 'console'),
  boundary(['src/console/**'], 'server'),
  // Layout is Prettier's (docs/adr/0096-prettier-decides-layout.md): no lint rule may argue with it.
  prettier,
);
