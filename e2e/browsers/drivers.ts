/**
 * One small interface over the browsers of the check (e2e/browsers/run.ts): Firefox ESR through
 * puppeteer-core over WebDriver BiDi, WebKitGTK's MiniBrowser through WebKitWebDriver (classic
 * WebDriver over HTTP, with fetch) on a display of its own (Xvfb), and Debian's Chromium through
 * puppeteer-core (only when asked for: Playwright covers it; it gives the screenshots to compare).
 * Every input is real (WebDriver actions, trusted events); the page's state is read with
 * expressions given as strings (no function source, which the TypeScript loader may rewrite).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type KeyInput, type Page } from 'puppeteer-core';
import { chromiumPath, findMiniBrowser, firefoxPath } from './paths.ts';
import { freePort } from '../../scripts/startPostgres.ts';
import { spawnTracked, stopProcess } from './startSite.ts';

export type BrowserName = 'firefox' | 'webkit' | 'chromium';

/** The keys the checks press: named ones, or a character's (with a modifier). */
export type Key = 'Tab' | 'Enter' | 'ArrowDown' | 'ArrowLeft' | 'k';
export type Modifier = 'Shift' | 'Control';

export interface Driver {
  readonly name: BrowserName;
  /** What the browser says it is. */
  readonly version: string;
  /** The viewport's size (what the checks scroll and take pictures of). */
  readonly viewport: { width: number; height: number };
  goto(url: string): Promise<void>;
  /** The browser's Back, resolved once the page it goes to has loaded. */
  back(): Promise<void>;
  /** The value of a JavaScript expression in the page (JSON-serialisable). */
  eval<T>(expression: string): Promise<T>;
  /** Moves the pointer to (x, y) of the viewport. */
  move(x: number, y: number): Promise<void>;
  /** Moves the pointer to (x, y) and clicks there. */
  click(x: number, y: number): Promise<void>;
  /** Types the text, key after key, to whatever has the focus. */
  type(text: string): Promise<void>;
  /** Presses a key, with `modifier` held if given. */
  press(key: Key, modifier?: Modifier): Promise<void>;
  /** A PNG of the viewport. */
  screenshot(): Promise<Buffer>;
  /** Closes the browser and anything started for it (never throws). */
  close(): Promise<void>;
}

export const VIEWPORT = { width: 1280, height: 720 };

export const WEBKIT_DRIVER = 'WebKitWebDriver';

/** `promise`, or a failure naming `what` once `ms` have passed (a hung browser or driver must not hold the run). */
export async function withTimeout<T>(what: string, ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not done within ${ms / 1000} s`)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

// ---- Firefox and Chromium: puppeteer-core ---------------------------------------------------

class PuppeteerDriver implements Driver {
  readonly viewport = VIEWPORT;
  constructor(
    readonly name: BrowserName,
    readonly version: string,
    private readonly browser: Browser,
    private readonly page: Page,
  ) {}

  async goto(url: string) {
    await this.page.goto(url, { waitUntil: 'load', timeout: 20_000 });
  }
  async back() {
    await this.page.goBack({ waitUntil: 'load', timeout: 30_000 });
  }
  eval<T>(expression: string): Promise<T> {
    return this.page.evaluate(expression) as Promise<T>;
  }
  async move(x: number, y: number) {
    await this.page.mouse.move(x, y);
  }
  async click(x: number, y: number) {
    await this.page.mouse.click(x, y);
  }
  async type(text: string) {
    await this.page.keyboard.type(text, { delay: 20 });
  }
  async press(key: Key, modifier?: Modifier) {
    if (modifier) await this.page.keyboard.down(modifier);
    await this.page.keyboard.press(key as KeyInput);
    if (modifier) await this.page.keyboard.up(modifier);
  }
  async screenshot() {
    return Buffer.from(await this.page.screenshot({ type: 'png' }));
  }
  async close() {
    const process = this.browser.process();
    await withTimeout('closing the browser', 10_000, this.browser.close()).catch(() => process?.kill('SIGKILL'));
  }
}

async function launchPuppeteer(name: 'firefox' | 'chromium'): Promise<Driver> {
  const executablePath = name === 'firefox' ? firefoxPath() : chromiumPath();
  if (!existsSync(executablePath)) throw new Error(`${executablePath} is missing (npm run test:browsers installs it with apt)`);
  const browser = await puppeteer.launch({
    browser: name === 'firefox' ? 'firefox' : 'chrome',
    executablePath,
    headless: true,
    timeout: 60_000,
    protocolTimeout: 30_000,
    args: name === 'chromium' ? ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] : [],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport(VIEWPORT);
    return new PuppeteerDriver(name, await browser.version(), browser, page);
  } catch (error) {
    await browser.close().catch(() => browser.process()?.kill('SIGKILL'));
    throw error;
  }
}

// ---- WebKitGTK: WebKitWebDriver + MiniBrowser on Xvfb --------------------------------------

/** WebDriver's code points for the keys. */
const WEBDRIVER_KEYS: Record<Key | Modifier, string> = {
  k: 'k',
  Tab: '\uE004',
  Enter: '\uE007',
  Shift: '\uE008',
  Control: '\uE009',
  ArrowLeft: '\uE012',
  ArrowDown: '\uE015',
};

/** Starts Xvfb on a free display (`-displayfd`: the server picks it and says which). */
async function startXvfb(): Promise<{ display: string; child: ChildProcess }> {
  const child = spawnTracked('Xvfb', ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (data) => (errors += data));
  try {
    const display = await withTimeout(
      'Xvfb',
      20_000,
      new Promise<string>((resolve, reject) => {
        let out = '';
        child.once('error', reject);
        child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${errors}`)));
        child.stdio[3]?.on('data', (data) => {
          out += data;
          if (out.includes('\n')) resolve(`:${out.trim()}`);
        });
      }),
    );
    return { display, child };
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
}

class WebKitDriver implements Driver {
  readonly name = 'webkit';
  constructor(
    readonly version: string,
    readonly viewport: { width: number; height: number },
    private readonly session: string,
    private readonly call: <T>(method: string, path: string, body?: unknown) => Promise<T>,
    private readonly stop: () => Promise<void>,
  ) {}

  async goto(url: string) {
    await this.call('POST', `/session/${this.session}/url`, { url });
  }
  async back() {
    await this.call('POST', `/session/${this.session}/back`, {});
  }
  async eval<T>(expression: string): Promise<T> {
    return this.call<T>('POST', `/session/${this.session}/execute/sync`, { script: `return (${expression});`, args: [] });
  }
  private async actions(actions: unknown[]) {
    await this.call('POST', `/session/${this.session}/actions`, { actions });
  }
  private pointer(steps: unknown[]) {
    return this.actions([{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: steps }]);
  }
  async move(x: number, y: number) {
    await this.pointer([{ type: 'pointerMove', origin: 'viewport', x: Math.round(x), y: Math.round(y), duration: 0 }]);
  }
  async click(x: number, y: number) {
    await this.pointer([
      { type: 'pointerMove', origin: 'viewport', x: Math.round(x), y: Math.round(y), duration: 0 },
      { type: 'pointerDown', button: 0 },
      { type: 'pointerUp', button: 0 },
    ]);
  }
  private keys(steps: unknown[]) {
    return this.actions([{ type: 'key', id: 'keyboard', actions: steps }]);
  }
  async type(text: string) {
    for (const char of text) {
      await this.keys([
        { type: 'keyDown', value: char },
        { type: 'keyUp', value: char },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  async press(key: Key, modifier?: Modifier) {
    const value = WEBDRIVER_KEYS[key];
    const steps = [
      { type: 'keyDown', value },
      { type: 'keyUp', value },
    ];
    if (modifier) steps.unshift({ type: 'keyDown', value: WEBDRIVER_KEYS[modifier] });
    if (modifier) steps.push({ type: 'keyUp', value: WEBDRIVER_KEYS[modifier] });
    await this.keys(steps);
  }
  async screenshot() {
    // What was drawn last, not before the last change (WebKitGTK's snapshot can lag a frame).
    await new Promise((resolve) => setTimeout(resolve, 300));
    return Buffer.from(await this.call<string>('GET', `/session/${this.session}/screenshot`), 'base64');
  }
  async close() {
    await withTimeout('ending the WebDriver session', 10_000, this.call('DELETE', `/session/${this.session}`)).catch(() => {});
    await this.stop();
  }
}

async function launchWebKit(): Promise<Driver> {
  const miniBrowser = findMiniBrowser();
  if (!miniBrowser) throw new Error('WebKitGTK’s MiniBrowser is missing (npm run test:browsers installs webkit2gtk-driver with apt)');
  const started: ChildProcess[] = [];
  const stop = async () => {
    for (const child of started.reverse()) await stopProcess(child);
  };
  try {
    const xvfb = await startXvfb();
    started.push(xvfb.child);
    const port = await freePort();
    const driver = spawnTracked(WEBKIT_DRIVER, [`--port=${port}`], {
      env: { ...process.env, DISPLAY: xvfb.display },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    started.push(driver);
    let driverErrors = '';
    driver.stderr?.on('data', (data) => (driverErrors += data));
    const spawned = new Promise<never>((_, reject) => {
      driver.once('error', reject);
      driver.once('exit', (code) => reject(new Error(`WebKitWebDriver exited (${code}): ${driverErrors}`)));
    });
    spawned.catch(() => {});
    const base = `http://127.0.0.1:${port}`;
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const answer = await fetch(base + path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const json = (await answer.json()) as { value: T & { error?: string; message?: string } };
      if (!answer.ok)
        throw new Error(`WebDriver ${method} ${path.replace(/^\/session\/[^/]+/, '')}: ${json.value.error}: ${json.value.message}`);
      return json.value;
    };
    // The driver is ready once it answers /status.
    await withTimeout(
      'WebKitWebDriver',
      20_000,
      Promise.race([
        spawned,
        (async () => {
          for (;;) {
            try {
              if ((await call<{ ready: boolean }>('GET', '/status')).ready) return;
            } catch {}
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        })(),
      ]),
    );
    const session = await withTimeout(
      'starting MiniBrowser',
      30_000,
      call<{ sessionId: string; capabilities: { browserVersion: string } }>('POST', '/session', {
        // No back/forward cache (which keeps even a `no-store` page over HTTP): Back loads the page
        // again, as in a Safari whose cache did not keep it (HTTPS and `no-store`, memory).
        capabilities: {
          alwaysMatch: { 'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation', '--enable-page-cache=false'] } },
        },
      }),
    );
    const id = session.sessionId;
    try {
      // The window so that the viewport is VIEWPORT: resized by what the frame takes, until it is
      // (GTK resizes a moment later, so measured again after each step).
      const inner = () =>
        call<{ width: number; height: number }>('POST', `/session/${id}/execute/sync`, {
          script: 'return { width: innerWidth, height: innerHeight }',
          args: [],
        });
      let viewport = await inner();
      for (let step = 0; step < 20 && (viewport.width !== VIEWPORT.width || viewport.height !== VIEWPORT.height); step++) {
        const outer = await call<{ width: number; height: number }>('GET', `/session/${id}/window/rect`);
        if (step % 4 === 0)
          await call('POST', `/session/${id}/window/rect`, {
            x: 0,
            y: 0,
            width: outer.width + VIEWPORT.width - viewport.width,
            height: outer.height + VIEWPORT.height - viewport.height,
          });
        await new Promise((resolve) => setTimeout(resolve, 100));
        viewport = await inner();
      }
      return new WebKitDriver(`WebKitGTK ${session.capabilities.browserVersion}`, viewport, id, call, stop);
    } catch (error) {
      await call('DELETE', `/session/${id}`).catch(() => {});
      throw error;
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

export function launch(name: BrowserName): Promise<Driver> {
  return name === 'webkit' ? launchWebKit() : launchPuppeteer(name);
}
