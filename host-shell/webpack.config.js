// The host shell: built with `remotes: {}`; remotes are registered at start from /remotes.json.
const { createHostConfig } = require('@pharmacy/webpack-config');

module.exports = (_env, argv) => createHostConfig({ dir: __dirname, port: 3000, mode: argv.mode });
