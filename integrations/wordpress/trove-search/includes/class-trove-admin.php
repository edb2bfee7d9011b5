<?php
/**
 * The settings page (Settings → Trove Search), its actions and the admin notices.
 *
 * @package TroveSearch
 */

/**
 * Settings through the Settings API (options.php checks the nonce and `manage_options`); the
 * "Check connection" (admin-post) and "Index everything" (admin-ajax) actions each check a nonce
 * and `manage_options`. The write token is never printed: the page says whether one is set and
 * offers a field to replace it.
 */
final class Trove_Admin {

	/** The page's slug. */
	const PAGE = 'trove-search';

	/** The option set when the service, project or collection changed (offer to index everything). */
	const CHANGED = 'trove_search_service_changed';

	/** @var Trove_Sync */
	private Trove_Sync $sync;

	/**
	 * The admin over the sync.
	 *
	 * @param Trove_Sync $sync The sync.
	 */
	public function __construct( Trove_Sync $sync ) {
		$this->sync = $sync;
	}

	/**
	 * Registers the hooks.
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'menu' ) );
		add_action( 'admin_init', array( $this, 'settings' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
		add_action( 'admin_notices', array( $this, 'notices' ) );
		add_action( 'admin_post_trove_search_check', array( $this, 'check_connection' ) );
		add_action( 'admin_post_trove_search_retry', array( $this, 'retry_now' ) );
		add_action( 'admin_post_trove_search_forget_undeleted', array( $this, 'forget_undeleted' ) );
		add_action( 'wp_ajax_trove_search_index_batch', array( $this, 'ajax_index_batch' ) );
		add_action( 'update_option_' . Trove_Settings::OPTION, array( $this, 'settings_changed' ), 10, 2 );
		add_filter( 'plugin_action_links_' . plugin_basename( TROVE_SEARCH_FILE ), array( $this, 'action_links' ) );
	}

	/**
	 * The page under Settings.
	 */
	public function menu(): void {
		add_options_page( __( 'Trove Search', 'trove-search' ), __( 'Trove Search', 'trove-search' ), 'manage_options', self::PAGE, array( $this, 'page' ) );
	}

	/**
	 * A "Settings" link on the Plugins screen.
	 *
	 * @param array $links The links.
	 * @return array
	 */
	public function action_links( $links ): array {
		$links   = is_array( $links ) ? $links : array();
		$links[] = '<a href="' . esc_url( admin_url( 'options-general.php?page=' . self::PAGE ) ) . '">' . esc_html__( 'Settings', 'trove-search' ) . '</a>';
		return $links;
	}

	/**
	 * The setting (Settings API).
	 */
	public function settings(): void {
		register_setting(
			'trove_search',
			Trove_Settings::OPTION,
			array(
				'type'              => 'array',
				'sanitize_callback' => array( Trove_Settings::class, 'sanitize' ),
				'show_in_rest'      => false,
				'default'           => array(),
			)
		);
	}

	/**
	 * After a save: a changed service, project or collection offers to index everything there.
	 *
	 * @param mixed $old The old value.
	 * @param mixed $new The new value.
	 */
	public function settings_changed( $old, $new ): void {
		$old = is_array( $old ) ? $old : array();
		$new = is_array( $new ) ? $new : array();
		foreach ( array( 'base_url', 'project', 'collection' ) as $key ) {
			if ( ( $old[ $key ] ?? '' ) !== ( $new[ $key ] ?? '' ) && '' !== ( $new[ $key ] ?? '' ) ) {
				update_option( self::CHANGED, 1, false );
				return;
			}
		}
	}

	/**
	 * The page's script (progress of "Index everything"): nonces and texts, never a token.
	 *
	 * @param string $hook The screen's hook.
	 */
	public function enqueue( $hook ): void {
		if ( 'settings_page_' . self::PAGE !== $hook ) {
			return;
		}
		wp_enqueue_script( 'trove-search-admin', plugins_url( 'assets/admin.js', TROVE_SEARCH_FILE ), array(), TROVE_SEARCH_VERSION, true );
		wp_localize_script(
			'trove-search-admin',
			'troveSearchAdmin',
			array(
				'ajaxUrl' => admin_url( 'admin-ajax.php' ),
				'nonce'   => wp_create_nonce( 'trove_search_index' ),
				'text'    => array(
					/* translators: 1: posts sent, 2: posts in all. */
					'progress' => __( '%1$d of %2$d posts sent', 'trove-search' ),
					'done'     => __( 'Every published post is indexed.', 'trove-search' ),
					/* translators: %s: why it stopped (the service's error). */
					'failed'   => __( 'Stopped: %s. Press the button again to go on from here.', 'trove-search' ),
					'working'  => __( 'Indexing…', 'trove-search' ),
				),
			)
		);
	}

	/**
	 * Whether the current user may manage the settings.
	 *
	 * @return bool
	 */
	private static function allowed(): bool {
		return current_user_can( 'manage_options' );
	}

	/**
	 * "Check connection" (admin-post, nonce and capability): the result is shown on the page.
	 */
	public function check_connection(): void {
		if ( ! self::allowed() ) {
			wp_die( esc_html__( 'You are not allowed to manage Trove Search.', 'trove-search' ), '', array( 'response' => 403 ) );
		}
		check_admin_referer( 'trove_search_check' );
		$result = ( new Trove_Client() )->check();
		set_transient( 'trove_search_check_' . get_current_user_id(), $result, 300 );
		wp_safe_redirect( add_query_arg( array( 'page' => self::PAGE, 'trove-checked' => 1 ), admin_url( 'options-general.php' ) ) );
		exit;
	}

	/**
	 * "Retry now" (admin-post, nonce and capability): sends every queued change at once.
	 */
	public function retry_now(): void {
		if ( ! self::allowed() ) {
			wp_die( esc_html__( 'You are not allowed to manage Trove Search.', 'trove-search' ), '', array( 'response' => 403 ) );
		}
		check_admin_referer( 'trove_search_retry' );
		$this->sync->drain( 200, true );
		wp_safe_redirect( add_query_arg( array( 'page' => self::PAGE ), admin_url( 'options-general.php' ) ) . '#trove-index-all' );
		exit;
	}

	/**
	 * "Forget this list" (admin-post, nonce and capability): the posts a service without delete kept.
	 */
	public function forget_undeleted(): void {
		if ( ! self::allowed() ) {
			wp_die( esc_html__( 'You are not allowed to manage Trove Search.', 'trove-search' ), '', array( 'response' => 403 ) );
		}
		check_admin_referer( 'trove_search_forget_undeleted' );
		delete_option( Trove_Sync::UNDELETED );
		wp_safe_redirect( add_query_arg( array( 'page' => self::PAGE ), admin_url( 'options-general.php' ) ) . '#trove-index-all' );
		exit;
	}

	/**
	 * One batch of "Index everything" (admin-ajax, nonce and capability).
	 */
	public function ajax_index_batch(): void {
		if ( ! self::allowed() ) {
			wp_send_json_error( array( 'message' => __( 'You are not allowed to manage Trove Search.', 'trove-search' ) ), 403 );
		}
		if ( ! check_ajax_referer( 'trove_search_index', 'nonce', false ) ) {
			wp_send_json_error( array( 'message' => __( 'The page has expired: reload it and try again.', 'trove-search' ) ), 403 );
		}
		if ( ! ( new Trove_Client() )->can_write() ) {
			wp_send_json_error( array( 'message' => __( 'Set the service address, project, collection and a token first.', 'trove-search' ) ), 400 );
		}
		if ( ! empty( $_POST['restart'] ) ) {
			Trove_Sync::restart();
		}
		delete_option( self::CHANGED );
		$size     = (int) apply_filters( 'trove_search_index_batch_size', 50 );
		$progress = $this->sync->index_batch( $size );
		if ( '' !== $progress['error'] ) {
			wp_send_json_error( array( 'message' => $progress['error'], 'progress' => $progress ), 502 );
		}
		wp_send_json_success( array( 'progress' => $progress ) );
	}

	/**
	 * Notices: changes waiting in the queue (with the last error), a changed service to index.
	 */
	public function notices(): void {
		if ( ! self::allowed() ) {
			return;
		}
		$waiting = $this->sync->queue()->count();
		if ( $waiting > 0 ) {
			$error = (string) $this->sync->queue()->last_error();
			echo '<div class="notice notice-warning trove-search-queue-notice"><p>';
			/* translators: %d: number of changes. */
			echo esc_html( sprintf( _n( 'Trove Search: %d change waits to be sent to the search service; it is retried every minute.', 'Trove Search: %d changes wait to be sent to the search service; they are retried every minute.', $waiting, 'trove-search' ), $waiting ) );
			if ( '' !== $error ) {
				/* translators: %s: the error. */
				echo ' ' . esc_html( sprintf( __( 'Last error: %s', 'trove-search' ), $error ) );
			}
			echo '</p></div>';
		}
		if ( get_option( self::CHANGED ) ) {
			echo '<div class="notice notice-info trove-search-changed-notice"><p>';
			echo esc_html__( 'Trove Search: the service, project or collection changed. Index every published post there?', 'trove-search' ) . ' ';
			echo '<a class="button" href="' . esc_url( admin_url( 'options-general.php?page=' . self::PAGE . '#trove-index-all' ) ) . '">' . esc_html__( 'Go to “Index everything”', 'trove-search' ) . '</a>';
			echo '</p></div>';
		}
	}

	/**
	 * One text setting's row.
	 *
	 * @param string $key   The setting.
	 * @param string $label The label.
	 * @param string $type  The input type.
	 * @param string $help  A description.
	 */
	private static function text_row( string $key, string $label, string $type, string $help ): void {
		$id    = 'trove-search-' . str_replace( '_', '-', $key );
		$name  = Trove_Settings::OPTION . '[' . $key . ']';
		$fixed = Trove_Settings::is_fixed( $key );
		echo '<tr><th scope="row"><label for="' . esc_attr( $id ) . '">' . esc_html( $label ) . '</label></th><td>';
		if ( $fixed ) {
			echo '<input type="' . esc_attr( $type ) . '" id="' . esc_attr( $id ) . '" class="regular-text" value="' . esc_attr( (string) Trove_Settings::get( $key ) ) . '" readonly>';
			/* translators: %s: constant name. */
			echo '<p class="description trove-search-fixed">' . esc_html( sprintf( __( 'Fixed in wp-config.php by %s.', 'trove-search' ), Trove_Settings::CONSTANTS[ $key ] ) ) . '</p>';
		} else {
			$stored = Trove_Settings::stored();
			echo '<input type="' . esc_attr( $type ) . '" id="' . esc_attr( $id ) . '" name="' . esc_attr( $name ) . '" class="regular-text" value="' . esc_attr( (string) $stored[ $key ] ) . '">';
			echo '<p class="description">' . esc_html( $help ) . '</p>';
		}
		echo '</td></tr>';
	}

	/**
	 * The settings page.
	 */
	public function page(): void {
		if ( ! self::allowed() ) {
			wp_die( esc_html__( 'You are not allowed to manage Trove Search.', 'trove-search' ), '', array( 'response' => 403 ) );
		}
		echo '<div class="wrap trove-search-settings"><h1>' . esc_html__( 'Trove Search', 'trove-search' ) . '</h1>';
		$this->check_result();
		echo '<form method="post" action="' . esc_url( admin_url( 'options.php' ) ) . '">';
		settings_fields( 'trove_search' );
		echo '<h2>' . esc_html__( 'Search service', 'trove-search' ) . '</h2><table class="form-table" role="presentation">';
		self::text_row( 'base_url', __( 'Service address', 'trove-search' ), 'url', __( 'For example https://search.example.com, or http://127.0.0.1:8787 for `trove serve` on this machine.', 'trove-search' ) );
		self::text_row( 'project', __( 'Project', 'trove-search' ), 'text', __( 'The project’s name on the service.', 'trove-search' ) );
		self::text_row( 'collection', __( 'Collection', 'trove-search' ), 'text', __( 'The collection the posts are indexed into.', 'trove-search' ) );
		self::text_row( 'token', __( 'Public token', 'trove-search' ), 'text', __( 'The read token: it is published in every page, as the widgets need it.', 'trove-search' ) );
		$this->write_token_row();
		echo '</table><h2>' . esc_html__( 'On the site', 'trove-search' ) . '</h2><table class="form-table" role="presentation">';
		echo '<input type="hidden" name="' . esc_attr( Trove_Settings::OPTION ) . '[switches_present]" value="1">';
		$switches = array(
			'replace_search' => __( 'Replace the theme’s search: its search forms become Trove’s box, its search page shows Trove’s results', 'trove-search' ),
			'header_box'     => __( 'Add a search box to the header when the theme has none there', 'trove-search' ),
			'related_posts'  => __( 'Show related posts after each post’s content', 'trove-search' ),
		);
		echo '<tr><th scope="row">' . esc_html__( 'Places', 'trove-search' ) . '</th><td><fieldset>';
		foreach ( $switches as $key => $label ) {
			echo '<label><input type="checkbox" name="' . esc_attr( Trove_Settings::OPTION . '[' . $key . ']' ) . '" value="1"' . checked( Trove_Settings::enabled( $key ), true, false ) . '> ' . esc_html( $label ) . '</label><br>';
		}
		echo '</fieldset></td></tr></table>';
		submit_button();
		echo '</form>';

		echo '<h2>' . esc_html__( 'Connection', 'trove-search' ) . '</h2>';
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '"><input type="hidden" name="action" value="trove_search_check">';
		wp_nonce_field( 'trove_search_check' );
		submit_button( __( 'Check connection', 'trove-search' ), 'secondary', 'trove-search-check', false );
		echo '</form>';

		$this->status();
		echo '</div>';
	}

	/**
	 * The write token's row: whether one is set, a field to replace it, never its value.
	 */
	private function write_token_row(): void {
		$set = '' !== (string) Trove_Settings::get( 'write_token' );
		echo '<tr><th scope="row"><label for="trove-search-write-token">' . esc_html__( 'Write token', 'trove-search' ) . '</label></th><td>';
		echo '<p class="trove-search-write-token-state"><strong>' . ( $set ? esc_html__( 'set', 'trove-search' ) : esc_html__( 'not set', 'trove-search' ) ) . '</strong></p>';
		if ( Trove_Settings::is_fixed( 'write_token' ) ) {
			echo '<p class="description trove-search-fixed">' . esc_html__( 'Fixed in wp-config.php by TROVE_WRITE_TOKEN.', 'trove-search' ) . '</p>';
		} else {
			echo '<input type="password" id="trove-search-write-token" name="' . esc_attr( Trove_Settings::OPTION ) . '[write_token]" class="regular-text" value="" autocomplete="new-password" placeholder="' . esc_attr( $set ? __( 'Leave empty to keep the current one', 'trove-search' ) : '' ) . '">';
			if ( $set ) {
				echo '<br><label><input type="checkbox" name="' . esc_attr( Trove_Settings::OPTION ) . '[write_token_clear]" value="1"> ' . esc_html__( 'Remove the write token', 'trove-search' ) . '</label>';
			}
			echo '<p class="description">' . esc_html__( 'Used by this server only, to send posts to the index; it never appears in a page. Without one, `trove serve` takes the public token from this machine only.', 'trove-search' ) . '</p>';
		}
		echo '</td></tr>';
	}

	/**
	 * The result of the last "Check connection" of this user.
	 */
	private function check_result(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only chooses to show a stored result.
		if ( empty( $_GET['trove-checked'] ) ) {
			return;
		}
		$result = get_transient( 'trove_search_check_' . get_current_user_id() );
		if ( ! is_array( $result ) ) {
			return;
		}
		$ok    = $result['answers'] && false !== $result['write'];
		$lines = array();
		if ( $result['answers'] ) {
			/* translators: %s: API version (v2 or v1). */
			$lines[] = sprintf( __( 'The service answers, API %s.', 'trove-search' ), $result['version'] );
			if ( ! $result['collection'] ) {
				$lines[] = __( 'The collection has no documents yet (index everything below).', 'trove-search' );
			}
			if ( true === $result['write'] ) {
				$lines[] = __( 'The write token is accepted.', 'trove-search' );
			} elseif ( false === $result['write'] ) {
				/* translators: %s: the service's answer. */
				$lines[] = sprintf( __( 'The write token is refused (%s).', 'trove-search' ), $result['message'] );
			} else {
				$lines[] = __( 'No token to write with.', 'trove-search' );
			}
		} else {
			/* translators: %s: the error. */
			$lines[] = sprintf( __( 'The service does not answer (%s).', 'trove-search' ), '' !== $result['message'] ? $result['message'] : __( 'no address', 'trove-search' ) );
		}
		echo '<div class="notice ' . ( $ok ? 'notice-success' : 'notice-error' ) . ' trove-search-check-result"><p>' . esc_html( implode( ' ', $lines ) ) . '</p></div>';
	}

	/**
	 * The index's status: changes waiting, posts not removed, "Index everything".
	 */
	private function status(): void {
		$queue   = $this->sync->queue();
		$waiting = $queue->count();
		echo '<h2>' . esc_html__( 'Index', 'trove-search' ) . '</h2>';
		echo '<p class="trove-search-queue-state">';
		if ( 0 === $waiting ) {
			echo esc_html__( 'Every change has reached the service.', 'trove-search' );
		} else {
			/* translators: %d: number of changes. */
			echo esc_html( sprintf( _n( '%d change waits to be sent.', '%d changes wait to be sent.', $waiting, 'trove-search' ), $waiting ) );
			$error = (string) $queue->last_error();
			if ( '' !== $error ) {
				/* translators: %s: the error. */
				echo ' ' . esc_html( sprintf( __( 'Last error: %s', 'trove-search' ), $error ) );
			}
		}
		echo '</p>';
		if ( $waiting > 0 ) {
			echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '"><input type="hidden" name="action" value="trove_search_retry">';
			wp_nonce_field( 'trove_search_retry' );
			submit_button( __( 'Retry now', 'trove-search' ), 'secondary', 'trove-search-retry', false );
			echo '</form>';
		}
		$undeleted = get_option( Trove_Sync::UNDELETED, array() );
		if ( is_array( $undeleted ) && $undeleted ) {
			echo '<div class="notice notice-warning inline trove-search-undeleted"><p>' . esc_html__( 'The service has no delete: these posts are no longer published but stay in its index until it is rebuilt:', 'trove-search' ) . '</p><ul>';
			foreach ( $undeleted as $post_id => $entry ) {
				/* translators: %d: post ID. */
				$title = '' !== ( $entry['title'] ?? '' ) ? $entry['title'] : sprintf( __( 'Post %d', 'trove-search' ), (int) $post_id );
				echo '<li>' . esc_html( $title ) . ' <code>#' . esc_html( (string) (int) $post_id ) . '</code></li>';
			}
			echo '</ul><form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '"><input type="hidden" name="action" value="trove_search_forget_undeleted">';
			wp_nonce_field( 'trove_search_forget_undeleted' );
			submit_button( __( 'Forget this list', 'trove-search' ), 'small', 'trove-search-forget-undeleted', false );
			echo '</form></div>';
		}
		$progress = Trove_Sync::progress();
		$total    = max( (int) $progress['total'], 0 );
		echo '<div id="trove-index-all" class="trove-search-index-all">';
		echo '<p>' . esc_html__( 'Send every published post to the index, in batches (you may close the page: the next press goes on where it stopped).', 'trove-search' ) . '</p>';
		echo '<p><button type="button" class="button button-primary" id="trove-search-index-all" data-resume="' . esc_attr( $progress['finished'] ? '0' : '1' ) . '">' . ( $progress['finished'] ? esc_html__( 'Index everything', 'trove-search' ) : esc_html__( 'Resume indexing', 'trove-search' ) ) . '</button></p>';
		echo '<progress id="trove-search-progress" max="' . esc_attr( (string) max( 1, $total ) ) . '" value="' . esc_attr( (string) (int) $progress['done'] ) . '"' . ( $progress['finished'] && 0 === (int) $progress['done'] ? ' hidden' : '' ) . '></progress>';
		echo '<p id="trove-search-progress-text" role="status" aria-live="polite">';
		if ( ! $progress['finished'] ) {
			/* translators: 1: posts sent, 2: posts in all. */
			echo esc_html( sprintf( __( '%1$d of %2$d posts sent', 'trove-search' ), (int) $progress['done'], $total ) );
		}
		echo '</p></div>';
	}
}
