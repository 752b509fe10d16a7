/**
 * A shopper's journey through nginx in front of two replicas of the shop, as docker-compose runs
 * it: the embedded database as a server of its own, two shop processes on it (the built API, one
 * worker each), and Debian's nginx with the repository's proxy settings (nginx/shop-proxy.conf)
 * passing each request to one of them. The shopper registers, fills the cart, pays in the sandbox
 * and finds the order, while the requests are spread over both replicas; each replica logs the
 * shopper's address (nginx's X-Forwarded-For), and believes no X-Forwarded-For sent straight to it.
 * Skipped, saying so, where nginx is not installed (`.ci/run` installs it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { addFirstProductToCart, registerInBrowser, uniqueEmail } from './support.js';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const repo = resolve(import.meta.dirname, '../..');
/** The browser connects to nginx from 127.0.0.1; nginx to the replicas from 127.0.0.2. */
const SHOPPER_ADDRESS = '127.0.0.1';
const NGINX_ADDRESS = '127.0.0.2';

test.skip(
  !NGINX,
  'nginx is not installed (apt-get install nginx): the journey through nginx is skipped',
);

const processes: ChildProcess[] = [];
let nginxPort = 0;
const replicas: Array<{ port: number; log: string }> = [];
const tmp = mkdtempSync(join(tmpdir(), 'shop-nginx-'));

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/**
 * Starts a process; resolves once `ready` accepts what it printed so far (without `ready`, once
 * it runs).
 */
function startProcess(
  args: string[],
  env: Record<string, string>,
  ready?: (output: string) => boolean,
  logFile?: string,
): Promise<ChildProcess> {
  const child = spawn(args[0]!, args.slice(1), {
    cwd: repo,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processes.push(child);
  let output = '';
  return new Promise((done, fail) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (logFile) writeFileSync(logFile, output);
      if (ready?.(output)) done(child);
    };
    if (!ready) child.once('spawn', () => done(child));
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => fail(new Error(`${args.join(' ')} exited (${code}):\n${output}`)));
  });
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const dbDir = join(tmp, 'db');
  await startProcess(
    [process.execPath, 'packages/embedded-mongo/bin/embedded-mongo.js', '--data', dbDir],
    {},
    (out) => out.includes('listening on'),
  );
  const shared = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    MONGODB_URI: `mongodb://${encodeURIComponent(join(dbDir, 'mongod.sock'))}/shop`,
    DATA_DIR: join(tmp, 'data'),
    SHARED_UPLOADS_DIR: join(tmp, 'uploads'),
    WEB_CONCURRENCY: '1',
    LOG_LEVEL: 'info',
    RATE_LIMIT_ENABLED: 'false',
    // Only nginx is believed.
    TRUST_PROXY: NGINX_ADDRESS,
  };
  // Both replicas started together on the empty database, as `docker-compose up` starts them.
  await Promise.all(
    ['a', 'b'].map(async (name) => {
      const port = await freePort();
      const log = join(tmp, `replica-${name}.log`);
      replicas.push({ port, log });
      await startProcess(
        [process.execPath, 'apps/api/dist/server.js'],
        { ...shared, PORT: String(port) },
        (out) => out.includes('the shop is open'),
        log,
      );
    }),
  );
  nginxPort = await freePort();
  const conf = join(tmp, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${join(tmp, 'nginx.pid')};
error_log ${join(tmp, 'nginx-error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${tmp}/client-body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  upstream shop {
    ${replicas.map((r) => `server 127.0.0.1:${r.port} max_fails=1 fail_timeout=5s;`).join('\n    ')}
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${nginxPort};
    proxy_bind ${NGINX_ADDRESS};
    include ${join(repo, 'nginx/shop-proxy.conf')};
  }
}
`,
  );
  const check = spawnSync(NGINX!, ['-t', '-c', conf], { encoding: 'utf8' });
  expect(check.status, check.stderr).toBe(0);
  await startProcess([NGINX!, '-c', conf], {});
  // nginx answers once it listens.
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${nginxPort}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      {
        timeout: 30_000,
      },
    )
    .toBe(200);
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  // nginx first, then the replicas (each stops gracefully), the database last.
  for (const child of processes.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
});

/** The request lines each replica logged for `url` (JSON lines of its log). */
function loggedRequests(url: RegExp) {
  return replicas.map(({ log }) =>
    readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { req?: { url?: string; remoteAddress?: string } })
      .filter((line) => line.req?.url && url.test(line.req.url)),
  );
}

test('a shopper registers, pays and finds the order through nginx, served by both replicas', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const base = `http://127.0.0.1:${nginxPort}`;
  const email = uniqueEmail('nginx');
  await registerInBrowser(
    page,
    {
      name: 'Neha Iyer',
      email,
      password: 'neha-secret-1',
      phone: '9123456780',
      address: '3 Marine Drive, Mumbai 400002',
    },
    base,
  );
  const { productName, size } = await addFirstProductToCart(page, base);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Cart/ }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/order-placed\/[a-f\d]{24}$/);
  await expect(page.getByText('Payment Completed')).toBeVisible();
  await page.goto(`${base}/dashboard/user/orders`);
  await expect(page.getByText(productName).first()).toBeVisible();
  await expect(page.getByText(`Size ${size} · Quantity: 1`).first()).toBeVisible();
  // A product's photo loads through nginx whichever replica serves it (shared photo folder).
  const photo = page.locator('img[src^="/uploads/"]').first();
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Both replicas answered the shopper, and logged the shopper's address, not nginx's.
  const api = loggedRequests(/^\/api\//);
  for (const [i, lines] of api.entries()) {
    expect(lines.length, `replica ${i} answered`).toBeGreaterThan(0);
    expect(new Set(lines.map((l) => l.req!.remoteAddress)), `replica ${i}`).toEqual(
      new Set([SHOPPER_ADDRESS]),
    );
  }
});

test("a replica's own port believes no X-Forwarded-For sent straight to it", async () => {
  const [replica] = replicas;
  const status = await new Promise<number>((done, fail) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: replica!.port,
        path: '/api/ready?straight',
        headers: { 'X-Forwarded-For': '203.0.113.9' },
      },
      (res) => {
        res.resume();
        res.once('end', () => done(res.statusCode ?? 0));
      },
    );
    req.once('error', fail);
    req.end();
  });
  expect(status).toBe(200);
  // Logged as the peer it is, not as the address it claimed.
  await expect
    .poll(() => loggedRequests(/^\/api\/ready\?straight$/)[0]!.map((l) => l.req!.remoteAddress), {
      timeout: 20_000,
    })
    .toEqual([SHOPPER_ADDRESS]);
});
