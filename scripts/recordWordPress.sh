#!/bin/bash
# Records the responses of a real WordPress (Debian's wordpress package, MariaDB, Apache with
# mod_php, the default theme, pretty permalinks) into test/fixtures/wordpress/, for the tests that
# index WordPress by its address (test/cli/wordpressSite.test.ts). Not run by the tests: run it by
# hand (as root, on a machine with those packages) when the fixtures must be recorded again.
# Everything listens on 127.0.0.1 only and lives in a temporary folder; /etc/wordpress gets one
# config file for the host 127.0.0.1, removed at the end.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
OUT="$HERE/../test/fixtures/wordpress"
PORT="${WP_PORT:-8089}"
SITE="http://127.0.0.1:$PORT"
WORK="$(mktemp -d /tmp/trove-wordpress.XXXXXX)"
chmod 755 "$WORK"
CONFIG=/etc/wordpress/config-127.0.0.1.php
# WordPress writes its sitemaps with SimpleXML (php-xml), which the wordpress package does not pull in.
php -m | grep -qx SimpleXML || apt-get install -y php-xml >/dev/null

cleanup() {
  [ -f "$WORK/apache.pid" ] && kill "$(cat "$WORK/apache.pid")" 2>/dev/null || true
  [ -f "$WORK/mysql.pid" ] && kill "$(cat "$WORK/mysql.pid")" 2>/dev/null || true
  sleep 1
  rm -f "$CONFIG"
  rm -rf "$WORK"
}
trap cleanup EXIT

# MariaDB on a socket only (no network at all).
mariadb-install-db --datadir="$WORK/db" --user=root --auth-root-authentication-method=normal >/dev/null
mariadbd --datadir="$WORK/db" --socket="$WORK/mysql.sock" --pid-file="$WORK/mysql.pid" --skip-networking --user=root \
  --log-error="$WORK/mysql.log" &
for _ in $(seq 50); do [ -S "$WORK/mysql.sock" ] && break; sleep 0.2; done
mariadb --socket="$WORK/mysql.sock" -uroot -e "CREATE DATABASE wordpress; CREATE USER 'wordpress'@'localhost' IDENTIFIED BY 'local-test-only'; GRANT ALL ON wordpress.* TO 'wordpress'@'localhost';"

mkdir -p "$WORK/wp-content/uploads"
cp -r /usr/share/wordpress/wp-content/themes "$WORK/wp-content/"
cat > "$CONFIG" <<PHP
<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'wordpress');
define('DB_PASSWORD', 'local-test-only');
define('DB_HOST', 'localhost:$WORK/mysql.sock');
define('WP_CONTENT_DIR', '$WORK/wp-content');
define('WP_CONTENT_URL', '$SITE/wp-content');
define('FS_METHOD', 'direct');
define('DISABLE_WP_CRON', true);
PHP

# Apache with mod_php on 127.0.0.1, the rewrite rules of pretty permalinks in its own config.
cat > "$WORK/apache.conf" <<CONF
ServerRoot /etc/apache2
ServerName 127.0.0.1
Listen 127.0.0.1:$PORT
PidFile $WORK/apache.pid
ErrorLog $WORK/apache-error.log
User www-data
Group www-data
LoadModule mpm_prefork_module /usr/lib/apache2/modules/mod_mpm_prefork.so
LoadModule authz_core_module /usr/lib/apache2/modules/mod_authz_core.so
LoadModule dir_module /usr/lib/apache2/modules/mod_dir.so
LoadModule mime_module /usr/lib/apache2/modules/mod_mime.so
LoadModule rewrite_module /usr/lib/apache2/modules/mod_rewrite.so
LoadModule alias_module /usr/lib/apache2/modules/mod_alias.so
LoadModule php_module /usr/lib/apache2/modules/libphp8.2.so
TypesConfig /etc/mime.types
DirectoryIndex index.php
AddType application/x-httpd-php .php
DocumentRoot /usr/share/wordpress
Alias /wp-content $WORK/wp-content
<Directory /usr/share/wordpress>
  Require all granted
  RewriteEngine On
  RewriteBase /
  RewriteRule ^index\.php$ - [L]
  RewriteCond %{REQUEST_FILENAME} !-f
  RewriteCond %{REQUEST_FILENAME} !-d
  RewriteRule . /index.php [L]
</Directory>
<Directory $WORK/wp-content>
  Require all granted
</Directory>
CONF
apache2 -f "$WORK/apache.conf" -k start -DFOREGROUND &
for _ in $(seq 50); do curl -s -o /dev/null "$SITE/" && break; sleep 0.2; done
curl -s -o /dev/null "$SITE/" || { cat "$WORK/apache-error.log"; exit 1; }

php "$HERE/wordpress/createPosts.php" "$SITE"

# The responses, each as its headers and its body; bodies gzipped (the repo stays small).
rm -rf "$OUT" && mkdir -p "$OUT"
record() { # record <name> <path>
  curl -s -D "$OUT/$1.headers" -o "$OUT/$1.body" "$SITE$2"
  echo "$2" > "$OUT/$1.path"
  gzip -9n "$OUT/$1.body"
}
record home /
record robots /robots.txt
record feed /feed/
record wp-sitemap /wp-sitemap.xml
record wp-sitemap-posts-1 /wp-sitemap-posts-post-1.xml
record wp-sitemap-pages-1 /wp-sitemap-posts-page-1.xml
record wp-sitemap-categories-1 /wp-sitemap-taxonomies-category-1.xml
record wp-json /wp-json/
EMBED='_embed=author,wp:term,wp:featuredmedia'
for page in 1 2; do
  record "posts-$page" "/wp-json/wp/v2/posts?per_page=100&page=$page&$EMBED"
  record "posts-ids-$page" "/wp-json/wp/v2/posts?per_page=100&page=$page&_fields=id,link,modified_gmt"
done
# What a second run asks: the posts modified after the latest modification it has seen (none).
LATEST="$(zcat "$OUT/posts-ids-1.body.gz" "$OUT/posts-ids-2.body.gz" | grep -o '"modified_gmt":"[^"]*"' | cut -d'"' -f4 | sort | tail -1)"
record posts-modified "/wp-json/wp/v2/posts?per_page=100&page=1&$EMBED&modified_after=${LATEST}Z"
i=0
for url in $(zcat "$OUT/wp-sitemap-posts-1.body.gz" | grep -o '<loc>[^<]*</loc>' | sed 's/<[^>]*>//g' | head -12); do
  i=$((i + 1))
  record "post-$i" "${url#"$SITE"}"
done
record about /about/
record category-baking /category/baking/
record category-baking-2 /category/baking/page/2/
record date-archive /2021/
echo "recorded $(ls "$OUT" | grep -c '\.path$') responses into $OUT ($(du -sh "$OUT" | cut -f1))"
