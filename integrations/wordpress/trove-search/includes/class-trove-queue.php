<?php
/**
 * The queue of changes the service has not acknowledged yet (no WordPress call: the rows live in
 * a Trove_Queue_Store, the database table in WordPress, an array in the tests).
 *
 * @package TroveSearch
 */

/**
 * Where queued changes are kept: one row per post, the latest action wins.
 */
interface Trove_Queue_Store {

	/**
	 * Writes the row of a post (replacing any), with its attempts, next try and last error.
	 *
	 * @param array $row post_id, action, doc_ids (int[]), attempts, next_try, last_error.
	 */
	public function put( array $row ): void;

	/**
	 * The row of a post, or null.
	 *
	 * @param int $post_id The post.
	 * @return array|null
	 */
	public function get( int $post_id ): ?array;

	/**
	 * Rows due at a time, oldest try first.
	 *
	 * @param int $now   Unix time.
	 * @param int $limit At most this many.
	 * @return array[]
	 */
	public function due( int $now, int $limit ): array;

	/**
	 * Removes the row of a post.
	 *
	 * @param int $post_id The post.
	 */
	public function remove( int $post_id ): void;

	/**
	 * How many rows wait.
	 *
	 * @return int
	 */
	public function count(): int;

	/**
	 * The error of the most recently failed row, or null.
	 *
	 * @return string|null
	 */
	public function last_error(): ?string;
}

/**
 * The rules of the queue: a change that could not be sent is kept (one row per post: a newer
 * change replaces an older one, so an index followed by a trash sends only the delete); it is
 * tried again after 1, 2, 4… minutes, at most every 6 hours, never dropped; a row is removed only
 * once the service acknowledged the very change it holds.
 */
final class Trove_Queue {

	/** The first retry's delay, in seconds. */
	const BASE_DELAY = 60;

	/** The longest delay between two tries, in seconds. */
	const MAX_DELAY = 21600;

	/** The store. */
	private Trove_Queue_Store $store;

	/**
	 * A queue over a store.
	 *
	 * @param Trove_Queue_Store $store Where rows are kept.
	 */
	public function __construct( Trove_Queue_Store $store ) {
		$this->store = $store;
	}

	/**
	 * Seconds to wait after a number of failed tries: 60 × 2^(attempts − 1), at most 6 hours.
	 *
	 * @param int $attempts Failed tries so far (≥ 1).
	 * @return int
	 */
	public static function delay( int $attempts ): int {
		$attempts = max( 1, $attempts );
		return $attempts > 20 ? self::MAX_DELAY : min( self::MAX_DELAY, self::BASE_DELAY * ( 2 ** ( $attempts - 1 ) ) );
	}

	/**
	 * Keeps a change that failed once: `index` a post, or `delete` its ids.
	 *
	 * @param int    $post_id The post.
	 * @param string $action  index or delete.
	 * @param int[]  $doc_ids The ids to delete (for delete).
	 * @param string $error   Why it failed.
	 * @param int    $now     Unix time.
	 */
	public function push( int $post_id, string $action, array $doc_ids, string $error, int $now ): void {
		$previous = $this->store->get( $post_id );
		// A delete that replaces an index still removes what an older delete was to remove.
		if ( $previous && 'delete' === $action && 'delete' === $previous['action'] ) {
			$doc_ids = array_values( array_unique( array_merge( $previous['doc_ids'], $doc_ids ) ) );
		}
		$this->store->put(
			array(
				'post_id'    => $post_id,
				'action'     => 'delete' === $action ? 'delete' : 'index',
				'doc_ids'    => array_values( array_map( 'intval', $doc_ids ) ),
				'attempts'   => 1,
				'next_try'   => $now + self::delay( 1 ),
				'last_error' => $error,
			)
		);
	}

	/**
	 * Forgets the queued change of a post (a newer change went through).
	 *
	 * @param int $post_id The post.
	 */
	public function forget( int $post_id ): void {
		$this->store->remove( $post_id );
	}

	/**
	 * Sends the due changes: `$send( $row )` returns true when the service acknowledged the
	 * change, else the error. A row that failed again waits longer; one that succeeded is removed,
	 * unless a newer change replaced it meanwhile.
	 *
	 * @param callable $send  fn( array $row ): true|string.
	 * @param int      $now   Unix time.
	 * @param int      $limit At most this many rows.
	 * @param bool     $all   Every row, due or not ("Retry now").
	 * @return array{sent: int, failed: int}
	 */
	public function drain( callable $send, int $now, int $limit = 50, bool $all = false ): array {
		$sent   = 0;
		$failed = 0;
		foreach ( $this->store->due( $all ? PHP_INT_MAX : $now, $limit ) as $row ) {
			$result  = $send( $row );
			$current = $this->store->get( (int) $row['post_id'] );
			$same    = $current && $current['action'] === $row['action'] && $current['doc_ids'] === $row['doc_ids'] && (int) $current['attempts'] === (int) $row['attempts'];
			if ( true === $result ) {
				++$sent;
				if ( $same ) {
					$this->store->remove( (int) $row['post_id'] );
				}
				continue;
			}
			++$failed;
			if ( $same ) {
				$attempts = (int) $row['attempts'] + 1;
				$this->store->put( array_merge( $row, array( 'attempts' => $attempts, 'next_try' => $now + self::delay( $attempts ), 'last_error' => (string) $result ) ) );
			}
		}
		return array( 'sent' => $sent, 'failed' => $failed );
	}

	/**
	 * The change waiting for a post, or null.
	 *
	 * @param int $post_id The post.
	 * @return array|null
	 */
	public function pending( int $post_id ): ?array {
		return $this->store->get( $post_id );
	}

	/**
	 * How many changes wait.
	 *
	 * @return int
	 */
	public function count(): int {
		return $this->store->count();
	}

	/**
	 * The last error, or null.
	 *
	 * @return string|null
	 */
	public function last_error(): ?string {
		return $this->store->last_error();
	}
}
