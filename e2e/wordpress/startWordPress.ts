/**
 * A throwaway WordPress for the end-to-end tests, from Debian's packages (`wordpress`,
 * `mariadb-server`, `apache2`, `libapache2-mod-php`, `php-mysql`, `php-xml` (sitemaps), `php-gd` (a
 * featured image) and the two themes):
 *
 * - everything in one temporary folder, removed by `stop()`: MariaDB's data and its socket (no
 *   networking at all), Apache's config, pid and logs, `wp-content` (plugins, uploads; the themes
 *   linked from Debian's) and WordPress's own entry files;
 * - nothing written outside it: Debian's `/usr/share/wordpress/wp-config.php` would read
 *   `/etc/wordpress/config-<host>.php`, one file per host name whatever the port (two runs on
 *   127.0.0.1 would share it), so the folder holds copies of WordPress's top-level PHP files and
 *   of `wp-admin` (they find `wp-load.php`, hence `wp-config.php`, next to themselves) with a
 *   `wp-config.php` of its own, and links to Debian's `wp-includes`;
 * - Apache with mod_php on 127.0.0.1 on a free port, started with a config of its own (ServerRoot
 *   /etc/apache2 for the modules, nothing of sites-enabled), the rewrite rules of pretty
 *   permalinks in it; WordPress installed with php-cli (`wp_install`), `/%postname%/`
 *   permalinks, the chosen theme active, an editor and an author besides the admin, a few posts (one
 *   with a featured image, one with a Cyrillic title and slug).
 *
 * WP-Cron stays enabled for visits (the plugin retries its queue with it), not for the tests' own php-cli runs
 * (their load would spawn it over loopback, racing `runCron()`, which runs the due events now).
 * As root, Apache's children run as www-data (who owns `wp-content`, as uploading a plugin needs).
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { debianPackages } from '../../scripts/debianPackages.ts';
import { freePort } from '../../scripts/startPostgres.ts';

export const WORDPRESS_ROOT = '/usr/share/wordpress';
const MODULES = '/usr/lib/apache2/modules';

export type WordPressTheme = 'twentytwentythree' | 'twentytwentyone';

export interface WordPressUser {
  login: string;
  password: string;
}

export interface WordPressPost {
  id: number;
  title: string;
  url: string;
}

export interface WordPress {
  /** `http://127.0.0.1:<port>` (no trailing slash) */
  url: string;
  theme: WordPressTheme;
  admin: WordPressUser;
  editor: WordPressUser;
  author: WordPressUser;
  /** The posts written at start, oldest first. */
  posts: WordPressPost[];
  /** The temporary folder (wp-content is under it). */
  dir: string;
  /** Runs PHP with WordPress loaded (as the site at `url`); returns what it prints. Synchronous: nothing in this process answers meanwhile. */
  php(code: string): string;
  /** Runs the due WP-Cron events now, as wp-cron.php does; returns their hooks. */
  runCron(): Promise<string[]>;
  /** The end of Apache's and PHP's error log. */
  errorLog(): string;
  stop(): Promise<void>;
}

/** The packages it needs (what scripts/ensureWordPress.ts installs). */
export const WORDPRESS_PACKAGES = debianPackages.wordpress.packages;

/** Debian's language packs of WordPress (`wordpress-l10n`). */
const LANGUAGES = join(WORDPRESS_ROOT, 'wp-content/languages');

/** What is missing for `startWordPress` (in `locale` when given; empty when it can run), in words. */
export function missingForWordPress(locale?: string): string[] {
  const missing: string[] = [];
  if (locale !== undefined && !existsSync(join(LANGUAGES, `${locale}.mo`))) missing.push('wordpress-l10n');
  if (!existsSync(join(WORDPRESS_ROOT, 'wp-settings.php'))) missing.push('wordpress');
  for (const theme of ['twentytwentythree', 'twentytwentyone'])
    if (!existsSync(join(WORDPRESS_ROOT, 'wp-content/themes', theme, 'style.css'))) missing.push(`wordpress-theme-${theme}`);
  if (!hasProgram('mariadbd') || !hasProgram('mariadb-install-db')) missing.push('mariadb-server');
  if (!hasProgram('apache2')) missing.push('apache2');
  if (findPhpModule() === undefined) missing.push('libapache2-mod-php');
  if (!hasProgram('php')) missing.push('php-cli');
  else {
    const modules = execFileSync('php', ['-m']).toString().split('\n');
    if (!modules.includes('mysqli')) missing.push('php-mysql');
    if (!modules.includes('SimpleXML')) missing.push('php-xml');
    if (!modules.includes('gd')) missing.push('php-gd');
  }
  return missing;
}

function hasProgram(name: string): boolean {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/sbin'])) if (dir && existsSync(join(dir, name))) return true;
  return false;
}

function program(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/sbin']))
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  return name;
}

/** Debian's mod_php (`libphp8.2.so`, or whichever version is installed). */
function findPhpModule(): string | undefined {
  if (!existsSync(MODULES)) return undefined;
  const found = readdirSync(MODULES).find((name) => /^libphp[\d.]*\.so$/.test(name));
  return found === undefined ? undefined : join(MODULES, found);
}

const PASSWORD = 'local-test-only-password';

/** `locale`: the site's language (WPLANG, from Debian's language packs), else US English. */
export async function startWordPress(options: { theme: WordPressTheme; title?: string; locale?: string }): Promise<WordPress> {
  const missing = missingForWordPress(options.locale);
  if (missing.length > 0) throw new Error(`WordPress cannot start: missing ${missing.join(', ')} (run scripts/ensureWordPress.ts as root)`);
  const dir = mkdtempSync(join(tmpdir(), 'trove-wordpress-'));
  chmodSync(dir, 0o755);
  const children: ChildProcess[] = [];
  const asRoot = process.getuid?.() === 0;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.all(children.map((child) => endProcess(child)));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // MariaDB on a socket only.
    const db = join(dir, 'db');
    const socket = join(dir, 'mysql.sock');
    const user = asRoot ? ['--user=root'] : [];
    execFileSync(
      program('mariadb-install-db'),
      [`--datadir=${db}`, ...user, '--auth-root-authentication-method=normal', '--skip-test-db', '--skip-name-resolve'],
      { stdio: 'ignore' },
    );
    const mariadb = spawn(
      program('mariadbd'),
      [
        '--no-defaults',
        `--datadir=${db}`,
        `--socket=${socket}`,
        `--pid-file=${join(dir, 'mysql.pid')}`,
        '--skip-networking',
        `--log-error=${join(dir, 'mysql.log')}`,
        '--innodb-buffer-pool-size=32M',
        '--innodb-flush-log-at-trx-commit=0',
        '--skip-log-bin',
        ...user,
      ],
      { stdio: 'ignore' },
    );
    children.push(mariadb);
    await until(
      () => existsSync(socket),
      30_000,
      () => `MariaDB did not start: ${tail(join(dir, 'mysql.log'))}`,
      mariadb,
    );
    execFileSync(program('mariadb'), [
      `--socket=${socket}`,
      '-uroot',
      '-e',
      `CREATE DATABASE wordpress; CREATE USER 'wordpress'@'localhost' IDENTIFIED BY '${PASSWORD}'; GRANT ALL ON wordpress.* TO 'wordpress'@'localhost';`,
    ]);

    // WordPress: its entry files and wp-admin copied (they find wp-config.php next to wp-load.php), wp-includes linked.
    const site = join(dir, 'wordpress');
    mkdirSync(site);
    for (const name of readdirSync(WORDPRESS_ROOT)) {
      const from = join(WORDPRESS_ROOT, name);
      if (name === 'wp-config.php' || name === 'wp-content') continue;
      if (name === 'wp-includes') symlinkSync(from, join(site, name));
      else cpSync(from, join(site, name), { recursive: true, verbatimSymlinks: true });
    }
    const content = join(dir, 'wp-content');
    for (const sub of ['plugins', 'themes', 'uploads', 'upgrade', 'languages']) mkdirSync(join(content, sub), { recursive: true });
    for (const theme of readdirSync(join(WORDPRESS_ROOT, 'wp-content/themes')))
      symlinkSync(join(WORDPRESS_ROOT, 'wp-content/themes', theme), join(content, 'themes', theme));
    if (options.locale !== undefined)
      for (const name of readdirSync(LANGUAGES)) symlinkSync(join(LANGUAGES, name), join(content, 'languages', name));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const salts = [
      'AUTH_KEY',
      'SECURE_AUTH_KEY',
      'LOGGED_IN_KEY',
      'NONCE_KEY',
      'AUTH_SALT',
      'SECURE_AUTH_SALT',
      'LOGGED_IN_SALT',
      'NONCE_SALT',
    ]
      .map((name) => `define('${name}', '${name.toLowerCase()}-${port}-${Math.random().toString(36).slice(2)}');`)
      .join('\n');
    writeFileSync(
      join(site, 'wp-config.php'),
      `<?php
// A throwaway WordPress of the end-to-end tests (e2e/wordpress/startWordPress.ts).
define('DB_NAME', 'wordpress');
define('DB_USER', 'wordpress');
define('DB_PASSWORD', '${PASSWORD}');
define('DB_HOST', 'localhost:${socket}');
define('DB_CHARSET', 'utf8mb4');
define('WP_HOME', '${url}');
define('WP_SITEURL', '${url}');
define('WP_CONTENT_DIR', '${content}');
define('WP_CONTENT_URL', '${url}/wp-content');
define('FS_METHOD', 'direct');
define('DISABLE_WP_CRON', PHP_SAPI === 'cli');
define('WP_AUTO_UPDATE_CORE', false);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('WP_ACCESSIBLE_HOSTS', '127.0.0.1');
define('WP_DEBUG', true);
define('WP_DEBUG_DISPLAY', false);
define('WP_DEBUG_LOG', '${join(dir, 'php-debug.log')}');
${salts}
$table_prefix = 'wp_';
if (file_exists(__DIR__ . '/wp-config-extra.php')) require __DIR__ . '/wp-config-extra.php';
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`,
    );
    if (asRoot) execFileSync('chown', ['-R', 'www-data:www-data', content]);
    writeFileSync(join(dir, 'php-debug.log'), '');
    if (asRoot) execFileSync('chown', ['www-data:www-data', join(dir, 'php-debug.log')]);

    // Apache with mod_php, its own config.
    const apacheConf = join(dir, 'apache.conf');
    writeFileSync(
      apacheConf,
      `ServerRoot /etc/apache2
ServerName 127.0.0.1
Listen 127.0.0.1:${port}
PidFile ${join(dir, 'apache.pid')}
Mutex file:${dir} default
DefaultRuntimeDir ${dir}
ErrorLog ${join(dir, 'apache-error.log')}
LogLevel warn
${asRoot ? 'User www-data\nGroup www-data' : ''}
LoadModule mpm_prefork_module ${MODULES}/mod_mpm_prefork.so
LoadModule authz_core_module ${MODULES}/mod_authz_core.so
LoadModule dir_module ${MODULES}/mod_dir.so
LoadModule mime_module ${MODULES}/mod_mime.so
LoadModule rewrite_module ${MODULES}/mod_rewrite.so
LoadModule alias_module ${MODULES}/mod_alias.so
LoadModule env_module ${MODULES}/mod_env.so
LoadModule php_module ${findPhpModule()}
StartServers 2
MinSpareServers 2
MaxSpareServers 6
MaxRequestWorkers 12
TypesConfig /etc/mime.types
DirectoryIndex index.php
<FilesMatch "\\.php$">
  SetHandler application/x-httpd-php
</FilesMatch>
php_admin_value error_log ${join(dir, 'php-debug.log')}
php_admin_value upload_max_filesize 32M
php_admin_value post_max_size 32M
DocumentRoot ${site}
Alias /wp-content ${content}
<Directory />
  AllowOverride None
  Require all denied
</Directory>
<Directory ${site}>
  Options FollowSymLinks
  Require all granted
  RewriteEngine On
  RewriteBase /
  RewriteRule ^index\\.php$ - [L]
  RewriteCond %{REQUEST_FILENAME} !-f
  RewriteCond %{REQUEST_FILENAME} !-d
  RewriteRule . /index.php [L]
</Directory>
<Directory ${WORDPRESS_ROOT}>
  Options FollowSymLinks
  Require all granted
</Directory>
<Directory ${content}>
  Options FollowSymLinks
  Require all granted
</Directory>
`,
    );
    // In a process group of its own: stopping, Apache signals its whole group (it would end us too).
    const apache = spawn(program('apache2'), ['-f', apacheConf, '-DFOREGROUND'], {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, APACHE_RUN_DIR: dir, APACHE_LOCK_DIR: dir, APACHE_LOG_DIR: dir },
    });
    let apacheOut = '';
    apache.stderr!.on('data', (chunk: Buffer) => {
      apacheOut = (apacheOut + chunk.toString()).slice(-2000);
    });
    children.push(apache);

    const runPhp = (code: string): string =>
      execFileSync('php', ['-d', 'display_errors=stderr', '-r', code], {
        cwd: site,
        env: { ...process.env, TROVE_WP_URL: url },
        stdio: ['ignore', 'pipe', 'pipe'],
      }).toString();
    const load = `$_SERVER['HTTP_HOST'] = '127.0.0.1:${port}'; $_SERVER['REQUEST_URI'] = '/'; $_SERVER['SERVER_NAME'] = '127.0.0.1'; $_SERVER['SERVER_PORT'] = '${port}';`;
    const installed = runPhp(`${load}
define('WP_INSTALLING', true);
require '${site}/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
wp_install(${phpString(options.title ?? 'Field Notes')}, 'admin', 'admin@blog.test', true, '', '${PASSWORD}');
update_option('permalink_structure', '/%postname%/');
update_option('WPLANG', ${phpString(options.locale ?? '')});
update_option('timezone_string', 'UTC');
update_option('blogdescription', 'A blog on a few things');
switch_theme('${options.theme}');
wp_insert_user(['user_login' => 'edna', 'user_pass' => '${PASSWORD}', 'display_name' => 'Edna Editor', 'user_email' => 'edna@blog.test', 'role' => 'editor']);
wp_insert_user(['user_login' => 'mara', 'user_pass' => '${PASSWORD}', 'display_name' => 'Mara Lind', 'user_email' => 'mara@blog.test', 'role' => 'author']);
wp_delete_post(1, true); wp_delete_post(2, true); wp_delete_post(3, true);
$baking = wp_insert_term('Baking', 'category')['term_id'];
$sky = wp_insert_term('Astronomy', 'category')['term_id'];
$posts = [
  ['Sourdough starter from scratch', $baking, ['bread', 'fermentation'], 'A starter needs flour, water and a warm kitchen. Feed the levain twice a day and watch the crumb open up.'],
  ['Crumb and crust of a rye loaf', $baking, ['bread'], 'Rye behaves unlike wheat: the dough stays sticky, the crumb dense, the crust dark and the flavour deep.'],
  ['Proofing dough in a cold kitchen', $baking, ['fermentation'], 'In winter the dough rises slowly; a proofing box or the oven with its light on keeps the levain active.'],
  ['Watching the Perseid meteor shower', $sky, ['night-sky'], 'Lie down far from city lights after midnight in August and count the meteors of the Perseids.'],
  ['Choosing a first telescope', $sky, ['telescopes'], 'Aperture matters more than magnification: a small dobsonian telescope shows galaxies and nebulae.'],
  ['Хлеб на закваске', $baking, ['bread'], 'A rye sourdough the way my grandmother baked it, with caraway and a dark crust.'],
];
$ids = [];
foreach ($posts as $i => [$title, $category, $tags, $text]) {
  $date = gmdate('Y-m-d H:i:s', strtotime('2024-03-01 09:00:00 UTC') + $i * 86400 * 7);
  $id = wp_insert_post(['post_title' => $title, 'post_status' => 'publish', 'post_date' => $date, 'post_date_gmt' => $date,
    'post_author' => $i % 2 ? 3 : 1, 'post_category' => [$category], 'tags_input' => $tags,
    'post_content' => '<!-- wp:paragraph --><p>' . $text . '</p><!-- /wp:paragraph -->' . "\\n\\n" . '<!-- wp:paragraph --><p>More notes follow next week.</p><!-- /wp:paragraph -->'], true);
  if (is_wp_error($id)) { fwrite(STDERR, $id->get_error_message()); exit(1); }
  if ($i === 0) {
    // A featured image (made with GD), as most posts have one.
    require_once ABSPATH . 'wp-admin/includes/image.php';
    $image = imagecreatetruecolor(320, 180);
    imagefill($image, 0, 0, imagecolorallocate($image, 200, 140, 60));
    $file = wp_upload_dir()['path'] . '/starter.jpg';
    imagejpeg($image, $file, 70);
    $attachment = wp_insert_attachment(['post_mime_type' => 'image/jpeg', 'post_title' => 'Starter', 'post_status' => 'inherit'], $file, $id);
    wp_update_attachment_metadata($attachment, wp_generate_attachment_metadata($attachment, $file));
    set_post_thumbnail($id, $attachment);
  }
  $ids[] = ['id' => $id, 'title' => $title, 'url' => get_permalink($id)];
}
wp_insert_post(['post_type' => 'page', 'post_title' => 'About', 'post_status' => 'publish', 'post_content' => '<!-- wp:paragraph --><p>I write about bread and the night sky.</p><!-- /wp:paragraph -->']);
flush_rewrite_rules(false);
echo json_encode($ids);
`);
    const posts = JSON.parse(installed.slice(installed.indexOf('['))) as WordPressPost[];
    await until(
      async () => (await fetch(`${url}/`).catch(() => undefined))?.ok === true,
      30_000,
      () => `Apache did not answer on ${url}: ${apacheOut} ${tail(join(dir, 'apache-error.log'))}`,
      apache,
    );
    return {
      url,
      theme: options.theme,
      admin: { login: 'admin', password: PASSWORD },
      editor: { login: 'edna', password: PASSWORD },
      author: { login: 'mara', password: PASSWORD },
      posts,
      dir,
      php: (code) => runPhp(`${load} require '${site}/wp-load.php'; ${code}`),
      // wp-cron.php's loop in php-cli: each due event rescheduled or unscheduled, then its hook run
      // with the plugins' own code; no lock and no loopback request, so no wait on a visit's spawn.
      // Asynchronous: `trove serve` answers the hooks' requests from this very process.
      runCron: async () => {
        const { stdout } = await promisify(execFile)(
          'php',
          [
            '-d',
            'display_errors=stderr',
            '-r',
            `${load} define('DOING_CRON', true); require '${site}/wp-load.php';
$ran = [];
foreach (wp_get_ready_cron_jobs() as $timestamp => $hooks) {
  foreach ($hooks as $hook => $events) {
    foreach ($events as $event) {
      if ($event['schedule']) wp_reschedule_event($timestamp, $event['schedule'], $hook, $event['args']);
      wp_unschedule_event($timestamp, $hook, $event['args']);
      do_action_ref_array($hook, $event['args']);
      $ran[] = $hook;
    }
  }
}
echo "\\n" . json_encode($ran);`,
          ],
          { cwd: site, env: { ...process.env, TROVE_WP_URL: url } },
        );
        return JSON.parse(stdout.trim().split('\n').pop()!) as string[];
      },
      errorLog: () => `${tail(join(dir, 'apache-error.log'))}\n${tail(join(dir, 'php-debug.log'))}`,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function phpString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').slice(-3000);
  } catch {
    return '';
  }
}

async function until(ready: () => boolean | Promise<boolean>, ms: number, why: () => string, child: ChildProcess): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ready())) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(why());
    if (Date.now() > end) throw new Error(why());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM, then SIGKILL after 5 s; resolves once it has exited. */
async function endProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
