// Prepends `import "<options.request>";` to a module (kept on the first line so line numbers do not move).
// Used to run a remote's setup module (the one-React proof) before each exposed module.
'use strict';

module.exports = function prependImportLoader(source, map) {
  const { request } = this.getOptions();
  this.callback(null, `import ${JSON.stringify(request)};${source}`, map);
};
