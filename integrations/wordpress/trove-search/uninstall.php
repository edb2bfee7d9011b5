<?php
/**
 * Uninstall: the plugin's options, post meta and queue table go.
 *
 * @package TroveSearch
 */

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

require_once __DIR__ . '/includes/class-trove-queue.php';
require_once __DIR__ . '/includes/class-trove-queue-table.php';

foreach ( array( 'trove_search_settings', 'trove_search_db_version', 'trove_search_api_version', 'trove_search_undeleted', 'trove_search_index_all', 'trove_search_service_changed' ) as $trove_search_option ) {
	delete_option( $trove_search_option );
}
delete_post_meta_by_key( '_trove_search_doc_id' );
delete_transient( 'trove_search_drained' );
wp_clear_scheduled_hook( 'trove_search_drain' );
Trove_Queue_Table::drop();
