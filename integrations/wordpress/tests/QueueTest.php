<?php
/**
 * The queue of unacknowledged changes: one row per post, backoff, nothing lost.
 *
 * @package TroveSearch
 */

use PHPUnit\Framework\TestCase;

require_once __DIR__ . '/ArrayQueueStore.php';

final class QueueTest extends TestCase {

	private ArrayQueueStore $store;

	private Trove_Queue $queue;

	protected function setUp(): void {
		$this->store = new ArrayQueueStore();
		$this->queue = new Trove_Queue( $this->store );
	}

	public function test_waits_one_minute_then_twice_as_long_each_time_up_to_six_hours(): void {
		$this->assertSame( 60, Trove_Queue::delay( 1 ) );
		$this->assertSame( 120, Trove_Queue::delay( 2 ) );
		$this->assertSame( 240, Trove_Queue::delay( 3 ) );
		$this->assertSame( 15360, Trove_Queue::delay( 9 ) );
		$this->assertSame( 21600, Trove_Queue::delay( 10 ) );
		$this->assertSame( 21600, Trove_Queue::delay( 500 ) );
	}

	public function test_keeps_one_change_per_post_the_latest_winning(): void {
		$this->queue->push( 7, 'index', array(), 'timed out', 1000 );
		$this->queue->push( 7, 'delete', array( 42 ), 'timed out', 1010 );
		$this->assertSame( 1, $this->queue->count() );
		$this->assertSame( 'delete', $this->queue->pending( 7 )['action'] );
		$this->assertSame( array( 42 ), $this->queue->pending( 7 )['doc_ids'] );
	}

	public function test_a_newer_delete_still_removes_what_an_older_one_was_to_remove(): void {
		$this->queue->push( 7, 'delete', array( 41 ), 'down', 1000 );
		$this->queue->push( 7, 'delete', array( 42 ), 'down', 1000 );
		$this->assertSame( array( 41, 42 ), $this->queue->pending( 7 )['doc_ids'] );
	}

	public function test_sends_only_what_is_due(): void {
		$this->queue->push( 1, 'index', array(), 'down', 1000 );
		$sent = array();
		$this->queue->drain( function ( $row ) use ( &$sent ) {
			$sent[] = $row['post_id'];
			return true;
		}, 1059 );
		$this->assertSame( array(), $sent );
		$this->queue->drain( function ( $row ) use ( &$sent ) {
			$sent[] = $row['post_id'];
			return true;
		}, 1060 );
		$this->assertSame( array( 1 ), $sent );
		$this->assertSame( 0, $this->queue->count() );
	}

	public function test_sends_every_change_at_once_when_asked_to_retry_now(): void {
		$this->queue->push( 1, 'index', array(), 'down', 1000 );
		$this->queue->push( 2, 'delete', array( 5 ), 'down', 1000 );
		$result = $this->queue->drain( fn() => true, 1001, 50, true );
		$this->assertSame( array( 'sent' => 2, 'failed' => 0 ), $result );
		$this->assertSame( 0, $this->queue->count() );
	}

	public function test_keeps_a_change_that_fails_again_and_waits_longer_with_its_error(): void {
		$this->queue->push( 1, 'index', array(), 'down', 1000 );
		$result = $this->queue->drain( fn() => 'the service answered 503', 1060 );
		$this->assertSame( array( 'sent' => 0, 'failed' => 1 ), $result );
		$row = $this->queue->pending( 1 );
		$this->assertSame( 2, $row['attempts'] );
		$this->assertSame( 1060 + 120, $row['next_try'] );
		$this->assertSame( 'the service answered 503', $this->queue->last_error() );
	}

	public function test_does_not_drop_a_newer_change_made_while_an_older_one_was_sent(): void {
		$this->queue->push( 1, 'index', array(), 'down', 1000 );
		$this->queue->drain( function ( $row ) {
			// The post is trashed while its index request is on its way.
			$this->queue->push( 1, 'delete', array( 99 ), 'down', 1061 );
			return true;
		}, 1060 );
		$this->assertSame( 'delete', $this->queue->pending( 1 )['action'] );
	}

	public function test_forgets_a_post_whose_newer_change_went_through(): void {
		$this->queue->push( 3, 'index', array(), 'down', 1000 );
		$this->queue->forget( 3 );
		$this->assertSame( 0, $this->queue->count() );
		$this->assertNull( $this->queue->last_error() );
	}
}
