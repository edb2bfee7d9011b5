<?php
/**
 * The queue's rows in a database table of their own.
 *
 * @package TroveSearch
 */

/**
 * `{prefix}trove_search_queue`: one row per post (a unique key on post_id), created on
 * activation with dbDelta and dropped by uninstall.php.
 */
final class Trove_Queue_Table implements Trove_Queue_Store {

	/** The schema version written to the option `trove_search_db_version`. */
	const VERSION = '1';

	/**
	 * The table's name.
	 *
	 * @return string
	 */
	public static function name(): string {
		global $wpdb;
		return $wpdb->prefix . 'trove_search_queue';
	}

	/**
	 * Creates or updates the table (dbDelta).
	 */
	public static function install(): void {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$table   = self::name();
		$charset = $wpdb->get_charset_collate();
		dbDelta(
			"CREATE TABLE $table (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  post_id bigint(20) unsigned NOT NULL,
  action varchar(10) NOT NULL,
  doc_ids text NOT NULL,
  attempts int(11) unsigned NOT NULL DEFAULT 0,
  next_try bigint(20) unsigned NOT NULL DEFAULT 0,
  last_error text NULL,
  updated bigint(20) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY  (id),
  UNIQUE KEY post_id (post_id),
  KEY next_try (next_try)
) $charset;"
		);
		update_option( 'trove_search_db_version', self::VERSION, false );
	}

	/**
	 * Installs the table when its version is not the current one (an update without activation).
	 */
	public static function ensure(): void {
		if ( get_option( 'trove_search_db_version' ) !== self::VERSION ) {
			self::install();
		}
	}

	/**
	 * A database row as a queue row.
	 *
	 * @param array $row The database row.
	 * @return array
	 */
	private static function row( array $row ): array {
		$ids = json_decode( (string) $row['doc_ids'], true );
		return array(
			'post_id'    => (int) $row['post_id'],
			'action'     => (string) $row['action'],
			'doc_ids'    => is_array( $ids ) ? array_values( array_map( 'intval', $ids ) ) : array(),
			'attempts'   => (int) $row['attempts'],
			'next_try'   => (int) $row['next_try'],
			'last_error' => null === $row['last_error'] ? null : (string) $row['last_error'],
		);
	}

	/** {@inheritDoc} */
	public function put( array $row ): void {
		global $wpdb;
		$table = self::name();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
		$wpdb->query(
			$wpdb->prepare(
				"INSERT INTO $table (post_id, action, doc_ids, attempts, next_try, last_error, updated) VALUES (%d, %s, %s, %d, %d, %s, %d)
				ON DUPLICATE KEY UPDATE action = VALUES(action), doc_ids = VALUES(doc_ids), attempts = VALUES(attempts), next_try = VALUES(next_try), last_error = VALUES(last_error), updated = VALUES(updated)",
				$row['post_id'],
				$row['action'],
				wp_json_encode( array_values( $row['doc_ids'] ) ),
				$row['attempts'],
				$row['next_try'],
				(string) $row['last_error'],
				time()
			)
		);
	}

	/** {@inheritDoc} */
	public function get( int $post_id ): ?array {
		global $wpdb;
		$table = self::name();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
		$row = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM $table WHERE post_id = %d", $post_id ), ARRAY_A );
		return $row ? self::row( $row ) : null;
	}

	/** {@inheritDoc} */
	public function due( int $now, int $limit ): array {
		global $wpdb;
		$table = self::name();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM $table WHERE next_try <= %d ORDER BY next_try, id LIMIT %d", $now, $limit ), ARRAY_A );
		return array_map( array( self::class, 'row' ), $rows ?: array() );
	}

	/** {@inheritDoc} */
	public function remove( int $post_id ): void {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
		$wpdb->delete( self::name(), array( 'post_id' => $post_id ), array( '%d' ) );
	}

	/** {@inheritDoc} */
	public function count(): int {
		global $wpdb;
		$table = self::name();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
		return (int) $wpdb->get_var( "SELECT COUNT(*) FROM $table" );
	}

	/** {@inheritDoc} */
	public function last_error(): ?string {
		global $wpdb;
		$table = self::name();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
		$error = $wpdb->get_var( "SELECT last_error FROM $table WHERE last_error <> '' ORDER BY updated DESC, id DESC LIMIT 1" );
		return null === $error ? null : (string) $error;
	}

	/**
	 * Drops the table (uninstall).
	 */
	public static function drop(): void {
		global $wpdb;
		$table = self::name();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery,WordPress.DB.DirectDatabaseQuery.SchemaChange -- the plugin's own table.
		$wpdb->query( "DROP TABLE IF EXISTS $table" );
	}
}
