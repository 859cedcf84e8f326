/* global module */
// Panda CSS through PostCSS (STACK-NOTES: @pandacss/dev 1.x; the Vite plugin beta broke here).
module.exports = {
  plugins: {
    '@pandacss/dev/postcss': {},
  },
};
