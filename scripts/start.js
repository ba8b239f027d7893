#!/usr/bin/env node
'use strict';
/**
 * `npm start`: the parts service with its demo data (`partsheet serve`) and the add-in's dev server
 * (https://localhost:3000, proxying the service) side by side, then how to load manifest.xml into Excel.
 * Ctrl-C stops both. Arguments go to `partsheet serve`: `npm start -- --parts 20000 --port 9090`.
 * Without a development certificate the service still starts, and the reason is printed.
 */
const { spawn, spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const https = require('node:https');
const { join, relative } = require('node:path');

const root = join(__dirname, '..');
const serveArgs = process.argv.slice(2);
const children = new Map();
let stopping = false;

function say(line = '') {
  process.stdout.write(`${line}\n`);
}

/** The value of `--name N` or `--name=N` among the serve arguments. */
function flag(name, fallback) {
  for (let i = 0; i < serveArgs.length; i++) {
    if (serveArgs[i] === `--${name}`) return serveArgs[i + 1] ?? fallback;
    if (serveArgs[i].startsWith(`--${name}=`)) return serveArgs[i].slice(name.length + 3);
  }
  return fallback;
}

/** Runs a child with its output prefixed, so the two logs stay readable side by side. */
function run(label, args, env = {}) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop();
      for (const line of lines) out.write(`[${label}] ${line}\n`);
    });
    stream.on('end', () => rest && out.write(`[${label}] ${rest}\n`));
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  children.set(label, child);
  child.on('exit', () => children.delete(label));
  return child;
}

/** Resolves with the matching line of the child's output, or rejects when it exits first. */
function waitForLine(child, pattern, label) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        child.stdout.off('data', onData);
        resolve(match);
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${label} exited with code ${code}`)));
  });
}

/** Polls the dev server until it serves the task pane page. */
function waitForDevServer(url, ca, child, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    let exited = false;
    child.once('exit', (code) => {
      exited = true;
      reject(new Error(`the dev server exited with code ${code}`));
    });
    const attempt = () => {
      if (exited) return;
      const request = https.get(url, { ca, rejectUnauthorized: Boolean(ca) }, (response) => {
        response.resume();
        if (response.statusCode === 200) resolve();
        else retry();
      });
      request.on('error', retry);
      request.setTimeout(5000, () => request.destroy());
    };
    const retry = () => {
      if (exited) return;
      if (Date.now() > deadline) reject(new Error(`no answer from ${url} within ${timeoutMs / 1000} s`));
      else setTimeout(attempt, 500);
    };
    attempt();
  });
}

function stopAll(code) {
  if (stopping) {
    for (const child of children.values()) child.kill('SIGKILL');
    return;
  }
  stopping = true;
  if (children.size === 0) process.exit(code);
  say('\nStopping the parts service and the dev server …');
  for (const child of children.values()) child.kill('SIGINT');
  const done = () => children.size === 0 && process.exit(code);
  for (const child of children.values()) child.on('exit', done);
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
  }, 10_000).unref();
}

function sideloadHelp(manifest, devUrl, devPort) {
  return [
    'Load the add-in into Excel (manifest: ' + manifest + '):',
    '  Excel on the web:  open a workbook, Home > Add-ins > More Add-ins > My Add-ins > Upload My Add-in,',
    '                     and choose manifest.xml. (The browser must trust the certificate: open ' + devUrl + ' once.)',
    '  Excel on Windows or Mac, from another terminal in this folder:',
    `                     npx office-addin-debugging start manifest.xml desktop --app excel --dev-server-port ${devPort}`,
    '                     (registers the manifest and opens Excel; `npx office-addin-debugging stop manifest.xml` undoes it)',
    '  Windows, by hand:  share a folder holding manifest.xml, add its \\\\server\\share path under File > Options >',
    '                     Trust Center > Trust Center Settings > Trusted Add-in Catalogs (tick "Show in Menu"), restart',
    '                     Excel, then Home > Add-ins > Advanced > Shared Folder.',
    '  Mac, by hand:      copy manifest.xml to ~/Library/Containers/com.microsoft.Excel/Data/Documents/wef/ and restart Excel.',
    'Then type =PARTS.PRICE("BAV99-7-F", 500) in a cell, or open Home > Price BOM.',
  ];
}

async function main() {
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));

  if (!existsSync(join(root, 'dist', 'cli', 'main.js'))) {
    say('Building the service and command line …');
    const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.js')], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  const port = flag('port', '8080');
  const testPort = flag('test-port', '8081');
  const { devCertificates, trustInstructions, DEV_PORT } = require(join(root, 'webpack.config.js'));
  const certificates = await devCertificates(say);

  const service = run('service', [join(root, 'bin', 'partsheet.js'), 'serve', ...serveArgs]);
  service.on('exit', (code) => {
    if (!stopping) {
      say(`The parts service stopped (exit code ${code}).`);
      stopAll(code || 1);
    }
  });
  let urls;
  try {
    const match = await waitForLine(
      service,
      /\(production\) listening on (\S+)[\s\S]*\(test environment\) listening on (\S+)/,
      'the parts service',
    );
    urls = { production: match[1], test: match[2] };
  } catch {
    return;
  }

  if (!certificates) {
    say('');
    say('The parts service is running, but the add-in dev server was not started: no development certificate could be');
    say(
      'made for https://localhost:3000 (Excel loads add-ins over https only). Check that ~/.office-addin-dev-certs or',
    );
    say(
      `${relative(process.cwd(), join(root, '.partsheet', 'certs')) || '.'} is writable, then run \`npm run dev:addin\` or \`npm start\` again.`,
    );
    say(`Parts service: ${urls.production} (production), ${urls.test} (test environment). Ctrl-C stops it.`);
    return;
  }

  const dev = run('add-in', [require.resolve('webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'], {
    PARTSHEET_PORT: port,
    PARTSHEET_TEST_PORT: testPort,
  });
  const page = `https://localhost:${DEV_PORT}/taskpane.html`;
  try {
    await waitForDevServer(page, certificates.ca, dev);
  } catch (e) {
    if (stopping) return;
    say(
      `The add-in dev server did not start (${e.message}); is port ${DEV_PORT} in use? The parts service keeps running; Ctrl-C stops it.`,
    );
    return;
  }
  dev.on('exit', (code) => {
    if (!stopping)
      say(`The add-in dev server stopped (exit code ${code}); the parts service keeps running. Ctrl-C stops it.`);
  });

  const manifest = join(root, 'manifest.xml');
  say('');
  say('Partsheet is running.');
  say(
    `  Parts service:  ${urls.production} (production), ${urls.test} (test environment); login demo, apikey demo-key`,
  );
  say(`  Add-in:         ${page}`);
  say(`                  (proxies /itemservice and /server-webapp to port ${port}, /test-env/ to port ${testPort})`);
  say(`  Certificate:    ${certificates.dir}, valid until ${certificates.validTo}`);
  say('');
  for (const line of sideloadHelp(manifest, page, DEV_PORT)) say(line);
  say('');
  for (const line of trustInstructions(certificates.caPath)) say(line);
  say('');
  say('Ctrl-C stops both.');
}

main().catch((e) => {
  process.stderr.write(`start: ${e && e.message ? e.message : e}\n`);
  stopAll(1);
});
