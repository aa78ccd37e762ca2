// eslint-plugin-jsx-a11y ships no type declarations; eslint.config.js is type-checked (`// @ts-check`).
declare module 'eslint-plugin-jsx-a11y';
