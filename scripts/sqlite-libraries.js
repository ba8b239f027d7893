'use strict';
const { join } = require('node:path');

/**
 * SQLite's own library as better-sqlite3's build leaves it, in the places its makefiles keep it (under the package's
 * `build/`): plain C, the same for every Node. The install's prepare step keeps it with the compiled binding
 * (scripts/keep-sqlite-build.js), and each other Node's binding is linked against it (scripts/other-nodes.js).
 */
const SQLITE_LIBRARIES = [join('Release', 'obj.target', 'deps', 'sqlite3.a'), join('Release', 'sqlite3.a')];

module.exports = { SQLITE_LIBRARIES };
