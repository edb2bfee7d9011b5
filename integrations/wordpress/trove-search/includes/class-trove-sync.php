<?php
/**
 * Keeps the index in step with the blog: one class for the editor's saves, the queue, WP-Cron,
 * the admin's "Index everything" and WP-CLI.
 *
 * @package TroveSearch
 */

/**
 * Sends each change when it happens (publish, update, unpublish, trash, delete); a change the
 * service does not acknowledge within the request's timeout is queued and retried by WP-Cron
 * with backoff, and opportunistically from the admin.
 */
final class Trove_Sync {

	/** The WP-Cron event draining the queue. */
	const CRON = 'trove_search_drain';

	/** The option listing posts the service could not remove (it has no delete). */
	const UNDELETED = 'trove_search_undeleted';

	/** The option holding the progress of "Index everything". */
	const PROGRESS = 'trove_search_index_all';

	/** @var Trove_Queue */
	private Trove_Queue $queue;

	/** @var Trove_Client|null */
	private ?Trove_Client $client = null;

	/** What this request sent already, per post (the editor's save fires several hooks). */
	private array $sent = array();

	/** The error of a request of this PHP request that got no answer: later changes go straight to the queue (a bulk trash does not wait once per post). */
	private string $down = '';

	/**
	 * The sync over a queue.
	 *
	 * @param Trove_Queue $queue The queue.
	 */
	public function __construct( Trove_Queue $queue ) {
		$this->queue = $queue;
	}

	/**
	 * The queue.
	 *
	 * @return Trove_Queue
	 */
	public function queue(): Trove_Queue {
		return $this->queue;
	}

	/**
	 * The client, with the settings as they are now.
	 *
	 * @return Trove_Client
	 */
	private function client(): Trove_Client {
		$this->client ??= new Trove_Client();
		return $this->client;
	}

	/**
	 * Registers the hooks.
	 */
	public function register(): void {
		// After the post, its terms and its meta are saved (the REST API saves terms after the post).
		add_action( 'wp_after_insert_post', array( $this, 'on_saved' ), 20, 2 );
		add_action( 'transition_post_status', array( $this, 'on_transition' ), 20, 3 );
		add_action( 'before_delete_post', array( $this, 'on_delete' ), 10, 1 );
		add_action( 'wp_trash_post', array( $this, 'on_trash' ), 10, 1 );
		add_action( 'untrashed_post', array( $this, 'on_untrashed' ), 20, 1 );
		add_action( self::CRON, array( $this, 'drain' ) );
		add_filter( 'cron_schedules', array( self::class, 'schedules' ) );
		add_action( 'admin_init', array( $this, 'drain_opportunistically' ) );
	}

	/**
	 * A one-minute WP-Cron schedule.
	 *
	 * @param array $schedules The schedules.
	 * @return array
	 */
	public static function schedules( $schedules ): array {
		$schedules = is_array( $schedules ) ? $schedules : array();
		$schedules['trove_search_minute'] = array(
			'interval' => 60,
			'display'  => __( 'Every minute (Trove Search queue)', 'trove-search' ),
		);
		return $schedules;
	}

	/**
	 * A post was saved: index it when it belongs in the index, else remove it if it was there.
	 *
	 * @param int     $post_id The post.
	 * @param WP_Post $post    The post.
	 */
	public function on_saved( $post_id, $post ): void {
		if ( ! $post instanceof WP_Post || wp_is_post_revision( $post ) || wp_is_post_autosave( $post ) ) {
			return;
		}
		$this->follow( $post );
	}

	/**
	 * A scheduled post went live by WP-Cron (`future_to_publish` fires no save of the editor) or
	 * a post left `publish` outside a save.
	 *
	 * @param string  $new_status The new status.
	 * @param string  $old_status The old status.
	 * @param WP_Post $post       The post.
	 */
	public function on_transition( $new_status, $old_status, $post ): void {
		if ( ! $post instanceof WP_Post || $new_status === $old_status ) {
			return;
		}
		if ( 'future' === $old_status && 'publish' === $new_status ) {
			$this->follow( $post );
		} elseif ( 'publish' === $old_status && 'publish' !== $new_status ) {
			$this->remove( $post->ID, Trove_Post_Source::known_ids( $post, true ) );
		}
	}

	/**
	 * A post goes to the trash: remove it (before its slug gets `__trashed`).
	 *
	 * @param int $post_id The post.
	 */
	public function on_trash( $post_id ): void {
		$post = get_post( (int) $post_id );
		if ( $post instanceof WP_Post ) {
			$this->remove( $post->ID, Trove_Post_Source::known_ids( $post, 'publish' === $post->post_status ) );
		}
	}

	/**
	 * A post came back from the trash (as a draft since WordPress 5.6, or published by a filter).
	 *
	 * @param int $post_id The post.
	 */
	public function on_untrashed( $post_id ): void {
		$post = get_post( (int) $post_id );
		if ( $post instanceof WP_Post ) {
			$this->follow( $post );
		}
	}

	/**
	 * A post is deleted for good: remove it while its meta still says its id.
	 *
	 * @param int $post_id The post.
	 */
	public function on_delete( $post_id ): void {
		$post = get_post( (int) $post_id );
		if ( $post instanceof WP_Post && 'revision' !== $post->post_type ) {
			$this->remove( $post->ID, Trove_Post_Source::known_ids( $post, 'publish' === $post->post_status ) );
		}
	}

	/**
	 * Indexes a post that belongs in the index, removes one that does not (if it was indexed).
	 *
	 * @param WP_Post $post The post.
	 */
	public function follow( WP_Post $post ): void {
		if ( Trove_Post_Source::is_indexable( $post ) ) {
			$this->index( $post );
		} else {
			$this->remove( $post->ID, Trove_Post_Source::known_ids( $post ) );
		}
	}

	/**
	 * Sends a post now; queues it when the service does not acknowledge it.
	 *
	 * @param WP_Post $post The post.
	 * @return true|string True when indexed, else the error.
	 */
	public function index( WP_Post $post ) {
		if ( ! $this->client()->can_write() ) {
			return __( 'Trove Search is not configured.', 'trove-search' );
		}
		$document = Trove_Post_Source::document( $post );
		if ( null === $document ) {
			return $this->remove( $post->ID, Trove_Post_Source::known_ids( $post ) );
		}
		$key = 'index:' . md5( wp_json_encode( $document ) );
		if ( ( $this->sent[ $post->ID ] ?? '' ) === $key ) {
			return true;
		}
		$result = '' !== $this->down ? array( 'ok' => false, 'status' => 0, 'error' => $this->down ) : $this->client()->index( array( $document ) );
		if ( ! $result['ok'] ) {
			$this->down = 0 === $result['status'] ? $result['error'] : $this->down;
			$this->queue->push( $post->ID, 'index', array(), $result['error'], time() );
			$this->sent[ $post->ID ] = '';
			return $result['error'];
		}
		$this->sent[ $post->ID ] = $key;
		$this->queue->forget( $post->ID );
		$old = array_values( array_diff( Trove_Post_Source::known_ids( $post ), array( $document['id'] ) ) );
		update_post_meta( $post->ID, Trove_Post_Source::META_ID, (string) $document['id'] );
		$this->forget_undeleted( $post->ID );
		if ( $old ) {
			// Its address changed (a new slug): the old document goes.
			$this->remove( $post->ID, $old, false );
		}
		return true;
	}

	/**
	 * Removes a post's documents now; queues the removal when the service does not acknowledge it.
	 *
	 * @param int   $post_id The post.
	 * @param int[] $ids     Its documents' ids.
	 * @param bool  $forget  Forget the post's recorded id once removed.
	 * @return true|string True when removed (or nothing to remove), else the error.
	 */
	public function remove( int $post_id, array $ids, bool $forget = true ) {
		if ( ! $ids ) {
			$pending = $this->queue->pending( $post_id );
			if ( $pending && 'index' === $pending['action'] ) {
				// Never acknowledged, and it no longer belongs in the index: nothing to send.
				$this->queue->forget( $post_id );
			}
			return true;
		}
		$key = 'delete:' . implode( ',', $ids );
		if ( ( $this->sent[ $post_id ] ?? '' ) === $key ) {
			return true;
		}
		if ( ! $this->client()->can_write() ) {
			return __( 'Trove Search is not configured.', 'trove-search' );
		}
		$result = '' !== $this->down ? array( 'ok' => false, 'status' => 0, 'error' => $this->down, 'unsupported' => false ) : $this->client()->delete( $ids );
		if ( ! $result['ok'] && 0 === $result['status'] ) {
			$this->down = $result['error'];
		}
		if ( $result['ok'] || $result['unsupported'] ) {
			$this->sent[ $post_id ] = $key;
			if ( $forget ) {
				$this->queue->forget( $post_id );
				delete_post_meta( $post_id, Trove_Post_Source::META_ID );
			}
			if ( $result['unsupported'] ) {
				$this->record_undeleted( $post_id, $result['error'] );
			}
			return true;
		}
		$this->queue->push( $post_id, 'delete', $ids, $result['error'], time() );
		$this->sent[ $post_id ] = '';
		return $result['error'];
	}

	/**
	 * Sends what waits in the queue (WP-Cron, the admin, `wp trove index`).
	 *
	 * @param int  $limit At most this many changes.
	 * @param bool $all   Every queued change, due or not ("Retry now", `wp trove index`).
	 * @return array{sent: int, failed: int}
	 */
	public function drain( $limit = 50, bool $all = false ): array {
		if ( ! $this->client()->can_write() ) {
			return array( 'sent' => 0, 'failed' => 0 );
		}
		return $this->queue->drain(
			function ( array $row ) {
				if ( '' !== $this->down ) {
					return $this->down;
				}
				if ( 'delete' === $row['action'] ) {
					$result = $this->client()->delete( $row['doc_ids'] );
					$this->down = 0 === $result['status'] && ! $result['ok'] ? $result['error'] : '';
					if ( $result['unsupported'] ) {
						$this->record_undeleted( (int) $row['post_id'], $result['error'] );
						return true;
					}
					if ( $result['ok'] ) {
						$post = get_post( (int) $row['post_id'] );
						if ( ! $post || ! Trove_Post_Source::is_indexable( $post ) ) {
							delete_post_meta( (int) $row['post_id'], Trove_Post_Source::META_ID );
						}
					}
					return $result['ok'] ? true : $result['error'];
				}
				$post = get_post( (int) $row['post_id'] );
				if ( ! $post instanceof WP_Post || ! Trove_Post_Source::is_indexable( $post ) ) {
					return true;
				}
				$document = Trove_Post_Source::document( $post );
				if ( null === $document ) {
					return true;
				}
				$result     = $this->client()->index( array( $document ) );
				$this->down = 0 === $result['status'] && ! $result['ok'] ? $result['error'] : '';
				if ( ! $result['ok'] ) {
					return $result['error'];
				}
				$old = array_values( array_diff( Trove_Post_Source::known_ids( $post ), array( $document['id'] ) ) );
				update_post_meta( $post->ID, Trove_Post_Source::META_ID, (string) $document['id'] );
				if ( $old ) {
					// Its address changed while the service was away; a failed removal queues itself in this row's place.
					$this->remove( $post->ID, $old, false );
				}
				return true;
			},
			time(),
			max( 1, (int) $limit ),
			$all
		);
	}

	/**
	 * Drains a few due changes on an admin page, at most once a minute.
	 */
	public function drain_opportunistically(): void {
		if ( wp_doing_ajax() || get_transient( 'trove_search_drained' ) || 0 === $this->queue->count() ) {
			return;
		}
		set_transient( 'trove_search_drained', 1, 60 );
		$this->drain( 10 );
	}

	/**
	 * Schedules the drain every minute (activation; again when missing).
	 */
	public static function schedule(): void {
		if ( ! wp_next_scheduled( self::CRON ) ) {
			wp_schedule_event( time() + 60, 'trove_search_minute', self::CRON );
		}
	}

	/**
	 * Records a post the service could not remove (it has no delete endpoint).
	 *
	 * @param int    $post_id The post.
	 * @param string $error   The service's answer.
	 */
	private function record_undeleted( int $post_id, string $error ): void {
		$list = get_option( self::UNDELETED, array() );
		$list = is_array( $list ) ? $list : array();
		$post = get_post( $post_id );
		$list[ $post_id ] = array(
			'title' => $post ? wp_strip_all_tags( get_the_title( $post ) ) : '',
			'error' => $error,
			'time'  => time(),
		);
		update_option( self::UNDELETED, array_slice( $list, -200, null, true ), false );
	}

	/**
	 * Forgets a post of the undeleted list (it is indexed again).
	 *
	 * @param int $post_id The post.
	 */
	private function forget_undeleted( int $post_id ): void {
		$list = get_option( self::UNDELETED, array() );
		if ( is_array( $list ) && isset( $list[ $post_id ] ) ) {
			unset( $list[ $post_id ] );
			update_option( self::UNDELETED, $list, false );
		}
	}

	/**
	 * Published posts to index, counted.
	 *
	 * @return int
	 */
	public static function count_published(): int {
		$total = 0;
		foreach ( Trove_Post_Source::post_types() as $type ) {
			$counts = wp_count_posts( $type );
			$total += (int) ( $counts->publish ?? 0 );
		}
		return $total;
	}

	/**
	 * The progress of "Index everything": cursor (last post id sent), done, total, finished, error.
	 *
	 * @return array
	 */
	public static function progress(): array {
		$progress = get_option( self::PROGRESS, array() );
		return array_merge(
			array(
				'cursor'   => 0,
				'done'     => 0,
				'total'    => 0,
				'finished' => true,
				'error'    => '',
			),
			is_array( $progress ) ? $progress : array()
		);
	}

	/**
	 * Starts "Index everything" again from the first post.
	 *
	 * @return array The progress.
	 */
	public static function restart(): array {
		$progress = array(
			'cursor'   => 0,
			'done'     => 0,
			'total'    => self::count_published(),
			'finished' => false,
			'error'    => '',
		);
		update_option( self::PROGRESS, $progress, false );
		return $progress;
	}

	/**
	 * Indexes the next batch of published posts after the stored cursor, in post id order; the
	 * cursor moves only when the service acknowledged the batch (resumable after a closed tab).
	 *
	 * @param int $size Posts per batch.
	 * @return array The progress.
	 */
	public function index_batch( int $size = 50 ): array {
		$progress = self::progress();
		if ( $progress['finished'] ) {
			$progress = self::restart();
		}
		$types = Trove_Post_Source::post_types();
		$ids   = $types ? $this->next_ids( $types, (int) $progress['cursor'], max( 1, min( 500, $size ) ) ) : array();
		if ( ! $ids ) {
			$progress['finished'] = true;
			$progress['error']    = '';
			update_option( self::PROGRESS, $progress, false );
			return $progress;
		}
		$documents = array();
		$by_post   = array();
		foreach ( $ids as $id ) {
			$post = get_post( $id );
			if ( $post instanceof WP_Post && Trove_Post_Source::is_indexable( $post ) ) {
				$document = Trove_Post_Source::document( $post );
				if ( null !== $document ) {
					$documents[]       = $document;
					$by_post[ $id ] = $document['id'];
				}
			}
		}
		$result = $documents ? ( new Trove_Client() )->index( $documents, (float) apply_filters( 'trove_search_batch_timeout', 30 ) ) : array( 'ok' => true, 'error' => '' );
		if ( ! $result['ok'] ) {
			$progress['error'] = $result['error'];
			update_option( self::PROGRESS, $progress, false );
			return $progress;
		}
		foreach ( $by_post as $post_id => $doc_id ) {
			update_post_meta( $post_id, Trove_Post_Source::META_ID, (string) $doc_id );
			$this->queue->forget( $post_id );
		}
		$progress['cursor'] = max( $ids );
		$progress['done']   = min( (int) $progress['total'], (int) $progress['done'] + count( $ids ) );
		$progress['error']  = '';
		update_option( self::PROGRESS, $progress, false );
		return $progress;
	}

	/**
	 * The ids of published posts after a cursor.
	 *
	 * @param string[] $types  Post types.
	 * @param int      $cursor The last id sent.
	 * @param int      $size   How many.
	 * @return int[]
	 */
	private function next_ids( array $types, int $cursor, int $size ): array {
		global $wpdb;
		$placeholders = implode( ',', array_fill( 0, count( $types ), '%s' ) );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery,WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- placeholders built above.
		$ids = $wpdb->get_col( $wpdb->prepare( "SELECT ID FROM {$wpdb->posts} WHERE post_status = 'publish' AND post_password = '' AND post_type IN ($placeholders) AND ID > %d ORDER BY ID ASC LIMIT %d", array_merge( $types, array( $cursor, $size ) ) ) );
		return array_map( 'intval', $ids ?: array() );
	}
}
