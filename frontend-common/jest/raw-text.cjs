// Jest transform: a file imported as its text (tests that check the shell's index.html).
module.exports = {
  process(source) {
    return { code: `module.exports = ${JSON.stringify(source)};` };
  },
};
