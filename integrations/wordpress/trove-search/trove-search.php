<?php
/**
 * Plugin Name:       Trove Search
 * Plugin URI:        https://github.com/trove-search/trove
 * Description:       Trove's search box, search results and related posts on any theme, with the index kept in sync as posts are published, edited and trashed.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      8.2
 * Author:            Trove
 * License:           MIT
 * Text Domain:       trove-search
 * Domain Path:       /languages
 *
 * @package TroveSearch
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

define( 'TROVE_SEARCH_VERSION', '0.1.0' );
define( 'TROVE_SEARCH_FILE', __FILE__ );
define( 'TROVE_SEARCH_DIR', __DIR__ );

require_once __DIR__ . '/includes/class-trove-document-id.php';
require_once __DIR__ . '/includes/class-trove-html-text.php';
require_once __DIR__ . '/includes/class-trove-document.php';
require_once __DIR__ . '/includes/class-trove-markup.php';
require_once __DIR__ . '/includes/class-trove-queue.php';
require_once __DIR__ . '/includes/class-trove-queue-table.php';
require_once __DIR__ . '/includes/class-trove-settings.php';
require_once __DIR__ . '/includes/class-trove-client.php';
require_once __DIR__ . '/includes/class-trove-post-source.php';
require_once __DIR__ . '/includes/class-trove-sync.php';
require_once __DIR__ . '/includes/class-trove-frontend.php';
require_once __DIR__ . '/includes/class-trove-blocks.php';
require_once __DIR__ . '/includes/class-trove-admin.php';
require_once __DIR__ . '/includes/class-trove-plugin.php';

register_activation_hook( __FILE__, array( 'Trove_Plugin', 'activate' ) );
register_deactivation_hook( __FILE__, array( 'Trove_Plugin', 'deactivate' ) );

Trove_Plugin::instance()->boot();
