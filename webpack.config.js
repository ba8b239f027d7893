'use strict';
/**
 * The add-in bundle: one page, taskpane.html, that is both the task pane and the custom-functions runtime
 * (manifest.xml declares it the shared runtime). The functions and the pane are two entries of that page with a
 * single webpack runtime, so modules they share (addin/runtime.ts, src/) exist once: one settings store,
 * one scheduler, one cache.
 *
 *   npx webpack --mode production            -> dist/addin (PARTSHEET_ADDIN_URL rewrites the manifest's URLs)
 *   npx webpack serve --mode development     -> https://localhost:3000, proxying the parts service
 *   npx webpack --env functionsOnly --env outputPath=DIR   -> the functions entry alone (tests load it)
 */
const { X509Certificate, createPrivateKey } = require('node:crypto');
const { existsSync, mkdirSync, readFileSync, rmSync } = require('node:fs');
const { homedir } = require('node:os');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const CustomFunctionsMetadataPlugin = require('custom-functions-metadata-plugin');
const { EsbuildPlugin } = require('esbuild-loader');
const ENGINES = require('./scripts/engines');

const DEV_URL = 'https://localhost:3000/';
/** The manifest names port 3000; another port (PARTSHEET_DEV_PORT) is for running beside a busy one, without Excel. */
const DEV_PORT = Number(process.env.PARTSHEET_DEV_PORT || 3000);
const SERVICE_PORT = Number(process.env.PARTSHEET_PORT || 8080);
const TEST_SERVICE_PORT = Number(process.env.PARTSHEET_TEST_PORT || 8081);
const FUNCTIONS_ENTRY = './functions/functions.ts';

// ---- development certificates

/** Where office-addin-dev-certs keeps its certificates, and where `npx office-addin-dev-certs install` trusts them from. */
const OFFICE_CERT_DIR = path.join(homedir(), '.office-addin-dev-certs');
/** Where certificates go when the shared folder cannot be used. */
const PROJECT_CERT_DIR = path.join(__dirname, '.partsheet', 'certs');
const CERT_DOMAINS = ['127.0.0.1', 'localhost'];
const CERT_DAYS = 30;

function certFiles(dir) {
  return { ca: path.join(dir, 'ca.crt'), cert: path.join(dir, 'localhost.crt'), key: path.join(dir, 'localhost.key') };
}

/** The certificate set in `dir` when it is complete, signed by its CA, for localhost, and valid for at least a day. */
function readValidCertificates(dir) {
  const files = certFiles(dir);
  if (!Object.values(files).every((f) => existsSync(f))) return null;
  try {
    const ca = readFileSync(files.ca);
    const cert = readFileSync(files.cert);
    const key = readFileSync(files.key);
    const x509 = new X509Certificate(cert);
    const caX509 = new X509Certificate(ca);
    const day = 24 * 60 * 60 * 1000;
    const ok =
      Date.parse(x509.validTo) - Date.now() > day &&
      Date.parse(caX509.validTo) - Date.now() > day &&
      Date.parse(x509.validFrom) <= Date.now() &&
      x509.checkHost('localhost') !== undefined &&
      x509.verify(caX509.publicKey) &&
      x509.checkPrivateKey(createPrivateKey(key));
    return ok ? { ca, cert, key, dir, caPath: files.ca, validTo: x509.validTo } : null;
  } catch {
    return null;
  }
}

/**
 * Development certificates for https://localhost:3000, made without root: the ones office-addin-dev-certs already
 * keeps in ~/.office-addin-dev-certs when they are valid; otherwise new ones generated offline through its package
 * API, in that folder when it is free, else in .partsheet/certs. Trusting the CA is a separate step that needs an
 * administrator (see `trustInstructions`). Returns null when no certificate could be made.
 */
async function devCertificates(log = () => {}) {
  const existing = readValidCertificates(OFFICE_CERT_DIR) ?? readValidCertificates(PROJECT_CERT_DIR);
  if (existing) return existing;
  const { generateCertificates } = require('office-addin-dev-certs');
  const quiet = async (fn) => {
    const original = console.log;
    console.log = () => {};
    try {
      await fn();
    } finally {
      console.log = original;
    }
  };
  // The shared folder is used only when it holds no certificate set yet: a set there belongs to the user.
  const targets = existsSync(certFiles(OFFICE_CERT_DIR).ca) ? [PROJECT_CERT_DIR] : [OFFICE_CERT_DIR, PROJECT_CERT_DIR];
  for (const dir of targets) {
    try {
      if (dir === PROJECT_CERT_DIR) rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const files = certFiles(dir);
      await quiet(() => generateCertificates(files.ca, files.cert, files.key, CERT_DAYS, CERT_DOMAINS));
      const made = readValidCertificates(dir);
      if (made) {
        log(`Generated development certificates in ${dir} (valid ${CERT_DAYS} days).`);
        return made;
      }
    } catch (e) {
      log(`Could not generate development certificates in ${dir}: ${e && e.message ? e.message.split('\n')[0] : e}`);
    }
  }
  return null;
}

/** How to make browsers and Office trust the development CA; needs an administrator, so it is never done silently. */
function trustInstructions(caPath) {
  return [
    'To trust the development CA (once; needs an administrator):',
    `  Windows / macOS:  npx office-addin-dev-certs install   (trusts ${path.join(OFFICE_CERT_DIR, 'ca.crt')})`,
    `  Linux (system):   sudo cp "${caPath}" /usr/local/share/ca-certificates/partsheet-dev-ca.crt && sudo update-ca-certificates`,
    `  Linux (Chromium): certutil -d sql:$HOME/.pki/nssdb -A -t "C,," -n "Partsheet dev CA" -i "${caPath}"`,
  ];
}

// ---- the bundle

/**
 * The metadata plugin appends `CustomFunctions.associate(...)` to functions.ts unconditionally. functions.ts does
 * the association itself, only where office.js defines CustomFunctions, so the same page also loads in a browser
 * or a test host; this removes the appended calls.
 */
class ExplicitAssociations {
  apply(compiler) {
    const generated = require.resolve('custom-functions-metadata-plugin/lib/loader.js');
    compiler.hooks.compilation.tap('ExplicitAssociations', (compilation) => {
      webpack.NormalModule.getCompilationHooks(compilation).beforeLoaders.tap(
        'ExplicitAssociations',
        (_loaders, module) => {
          module.loaders = module.loaders.filter((l) => l.loader !== generated);
        },
      );
    });
  }
}

/** With PARTSHEET_ADDIN_URL set, the copied manifest points at that host instead of the dev server. */
function manifestTransform(addinUrl) {
  if (!addinUrl) return {};
  const base = addinUrl.endsWith('/') ? addinUrl : `${addinUrl}/`;
  if (!/^https:\/\//.test(base)) throw new Error(`PARTSHEET_ADDIN_URL must be an https:// address, not ${addinUrl}`);
  return { transform: (content) => content.toString().split(DEV_URL).join(base) };
}

module.exports = async (env = {}, argv = {}) => {
  const mode = argv.mode || env.mode || 'development';
  const production = mode === 'production';
  const functionsOnly = Boolean(env.functionsOnly);
  const serving = Boolean(env.WEBPACK_SERVE);
  const outputPath = env.outputPath ? path.resolve(env.outputPath) : path.join(__dirname, 'dist', 'addin');

  const entry = functionsOnly
    ? { functions: FUNCTIONS_ENTRY }
    : { polyfill: 'whatwg-fetch', functions: FUNCTIONS_ENTRY, taskpane: './taskpane/index.tsx' };

  const plugins = [
    new CustomFunctionsMetadataPlugin({ output: 'functions.json', input: FUNCTIONS_ENTRY }),
    new ExplicitAssociations(),
  ];
  if (!functionsOnly) {
    plugins.push(
      new HtmlWebpackPlugin({
        filename: 'taskpane.html',
        template: './taskpane/taskpane.html',
        chunks: ['polyfill', 'functions', 'taskpane'],
        chunksSortMode: 'manual',
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: 'assets/*.png', to: 'assets/[name][ext]' },
          {
            from: 'manifest.xml',
            to: 'manifest.xml',
            ...manifestTransform(production ? process.env.PARTSHEET_ADDIN_URL : ''),
          },
        ],
      }),
    );
  }

  const config = {
    mode,
    context: __dirname,
    devtool: 'source-map',
    entry,
    output: {
      path: outputPath,
      // Plain names: the manifest names functions.js and functions.json.
      filename: '[name].js',
      // Chunks loaded on demand (the share-safe copy's writer) are fetched beside the page that asks for them. Said
      // outright rather than found from the running script, which the functions' runtime page does not always have.
      publicPath: '',
      clean: true,
    },
    // Everything shipped is written down to the oldest engines supported (scripts/engines.js), webpack's own
    // runtime code included; `node scripts/check-bundle.js` (in npm test) parses the result to prove it.
    target: ENGINES.webpackTarget,
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: {
      rules: [
        {
          // Types are checked by `tsc -p tsconfig.addin.json` (npm run typecheck); the bundle only transpiles, file by
          // file, with esbuild as the jest tests compile the same sources (scripts/jest-esbuild.js), under the
          // add-in's tsconfig (the JSX runtime, class fields defined): a third less processor time than ts-loader.
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'esbuild-loader',
            options: { target: ENGINES.esbuildTarget, tsconfig: path.join(__dirname, 'tsconfig.addin.json') },
          },
        },
        {
          // Dependencies ship newer syntax than the oldest hosts parse (Fluent UI has class static blocks):
          // esbuild lowers it, fast enough to leave the build time about as it was.
          test: /\.[cm]?js$/,
          include: /node_modules/,
          use: { loader: 'esbuild-loader', options: { loader: 'js', target: ENGINES.esbuildTarget } },
        },
      ],
    },
    // Minified by esbuild, to the same oldest engines as the code: several times faster than webpack's default minifier
    // on this bundle, and the bundle check proves the syntax either way.
    optimization: { runtimeChunk: 'single', minimizer: [new EsbuildPlugin({ target: ENGINES.esbuildTarget })] },
    // Rebuilds reuse unchanged modules (node_modules/.cache/webpack); each kind of build keeps its own cache. With
    // `--env noCache` none is read or written: CI builds once on a fresh clone, where writing the cache (some 200 MB)
    // cost a quarter of the build's processor time for no later build to read.
    cache: env.noCache
      ? false
      : {
          type: 'filesystem',
          name: `${mode}${functionsOnly ? '-functions' : ''}`,
          buildDependencies: { config: [__filename] },
        },
    performance: {
      hints: production ? 'warning' : false,
      maxAssetSize: 3 * 1024 * 1024,
      maxEntrypointSize: 4 * 1024 * 1024,
    },
    stats: serving ? 'errors-warnings' : 'normal',
    infrastructureLogging: { level: 'warn' },
    plugins,
  };

  if (serving) {
    const certificates = await devCertificates((line) => process.stderr.write(`${line}\n`));
    if (!certificates) {
      process.stderr.write(
        'No development certificate could be made; the dev server uses a throw-away self-signed one that Excel will not trust.\n',
      );
    }
    config.devServer = {
      host: 'localhost',
      port: DEV_PORT,
      static: false,
      hot: false,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      server: certificates
        ? { type: 'https', options: { ca: certificates.ca, cert: certificates.cert, key: certificates.key } }
        : { type: 'https' },
      client: { overlay: { errors: true, warnings: false } },
      // The parts service answers on the add-in's own origin, so the pane and the functions need no CORS.
      proxy: [
        { context: ['/itemservice', '/server-webapp'], target: `http://127.0.0.1:${SERVICE_PORT}` },
        { context: ['/test-env'], target: `http://127.0.0.1:${TEST_SERVICE_PORT}`, pathRewrite: { '^/test-env': '' } },
      ],
    };
  }
  return config;
};

module.exports.devCertificates = devCertificates;
module.exports.trustInstructions = trustInstructions;
module.exports.DEV_URL = DEV_URL;
module.exports.DEV_PORT = DEV_PORT;
