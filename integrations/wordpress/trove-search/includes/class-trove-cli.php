<?php
/**
 * `wp trove index` and `wp trove status` (WP-CLI), over the same sync as the admin.
 *
 * @package TroveSearch
 */

/**
 * Indexes the blog and tells the index's state from the command line.
 */
final class Trove_CLI {

	/** @var Trove_Sync */
	private Trove_Sync $sync;

	/**
	 * The commands over the sync.
	 *
	 * @param Trove_Sync $sync The sync.
	 */
	public function __construct( Trove_Sync $sync ) {
		$this->sync = $sync;
	}

	/**
	 * Sends every published post to the index, in batches, then the queued changes.
	 *
	 * ## OPTIONS
	 *
	 * [--batch=<size>]
	 * : Posts per request.
	 * ---
	 * default: 50
	 * ---
	 *
	 * [--resume]
	 * : Go on from where the last interrupted run (here or in the admin) stopped.
	 *
	 * ## EXAMPLES
	 *
	 *     wp trove index
	 *
	 * @param array $args       Positional arguments.
	 * @param array $assoc_args Options.
	 */
	public function index( $args, $assoc_args ): void {
		if ( ! ( new Trove_Client() )->can_write() ) {
			WP_CLI::error( 'Trove Search is not configured: set the service address, project, collection and a token (Settings → Trove Search or wp-config.php).' );
		}
		$size = max( 1, (int) ( $assoc_args['batch'] ?? 50 ) );
		if ( empty( $assoc_args['resume'] ) || Trove_Sync::progress()['finished'] ) {
			Trove_Sync::restart();
		}
		do {
			$progress = $this->sync->index_batch( $size );
			if ( '' !== $progress['error'] ) {
				WP_CLI::error( sprintf( 'Stopped after %d of %d posts: %s (run `wp trove index --resume` to go on).', $progress['done'], $progress['total'], $progress['error'] ) );
			}
			WP_CLI::log( sprintf( '%d of %d posts sent', $progress['done'], $progress['total'] ) );
		} while ( ! $progress['finished'] );
		$drained = $this->sync->drain( 1000, true );
		if ( $drained['failed'] > 0 ) {
			WP_CLI::warning( sprintf( '%d queued changes still fail: %s', $drained['failed'], (string) $this->sync->queue()->last_error() ) );
		}
		WP_CLI::success( sprintf( 'Indexed %d posts.', $progress['done'] ) );
	}

	/**
	 * Tells where the index stands: the service, the queue, the last error.
	 *
	 * ## EXAMPLES
	 *
	 *     wp trove status
	 *
	 * @param array $args       Positional arguments.
	 * @param array $assoc_args Options.
	 */
	public function status( $args, $assoc_args ): void {
		$settings = Trove_Settings::public_settings();
		WP_CLI::log( sprintf( 'service:     %s', '' !== $settings['base_url'] ? $settings['base_url'] : '(not set)' ) );
		WP_CLI::log( sprintf( 'collection:  %s / %s', $settings['project'], $settings['collection'] ) );
		WP_CLI::log( sprintf( 'write token: %s', '' !== (string) Trove_Settings::get( 'write_token' ) ? 'set' : 'not set' ) );
		WP_CLI::log( sprintf( 'published:   %d posts', Trove_Sync::count_published() ) );
		WP_CLI::log( sprintf( 'waiting:     %d changes', $this->sync->queue()->count() ) );
		$error = $this->sync->queue()->last_error();
		if ( null !== $error && '' !== $error ) {
			WP_CLI::log( sprintf( 'last error:  %s', $error ) );
		}
		$progress = Trove_Sync::progress();
		if ( ! $progress['finished'] ) {
			WP_CLI::log( sprintf( 'index all:   stopped at %d of %d (wp trove index --resume)', $progress['done'], $progress['total'] ) );
		}
		$undeleted = get_option( Trove_Sync::UNDELETED, array() );
		if ( is_array( $undeleted ) && $undeleted ) {
			WP_CLI::log( sprintf( 'not removed: posts %s (the service has no delete)', implode( ', ', array_keys( $undeleted ) ) ) );
		}
	}
}
