// ESLint (flat config): typescript-eslint, React hooks, jsx-a11y; formatting is Prettier's.
// Import boundaries are dependency-cruiser's (.dependency-cruiser.cjs). Both run in `npm test`.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'bench/.build/', 'bench/results/', 'test-results/', 'node_modules/', '.wrangler/', 'migrations/', 'client/static/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.json', './tsconfig.node.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['client/**/*.tsx', 'worker/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['client/**/*.tsx', 'worker/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Text fields start from text() (common/schemas/fields.ts), which makes them well-formed
    // before D1 stores them (a lone surrogate would be stored as invalid UTF-8).
    files: ['common/schemas/**/*.ts', 'common/creative/**/*.ts'],
    ignores: ['common/schemas/fields.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: 'Build text fields on text() from #common/schemas/fields.ts: it makes them well-formed before they are stored.',
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.ts', 'e2e/**/*.ts', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  prettier,
);
